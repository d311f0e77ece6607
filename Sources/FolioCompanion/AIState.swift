import FolioCore
import FolioSecrets
import FolioStore
import Foundation

/// The last AI failure per record on this device, in `.folio/local/ai-state.json`: an error is
/// about this device's network and settings, so it is never synced. A later success clears it.
public struct AIState: Sendable {
    public struct Failure: Sendable, Equatable {
        public var step: String
        public var message: String
        public var at: String

        public init(step: String, message: String, at: String) {
            self.step = step
            self.message = message
            self.at = at
        }
    }

    public private(set) var failures: [String: Failure]
    let file: URL

    public init(localDirectory: URL) {
        file = localDirectory.appendingPathComponent("ai-state.json")
        var failures: [String: Failure] = [:]
        // try?: device-local AI state (counters, last greeting): damaged, it starts again empty.
        if let data = LocalFile.read(file), let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
            for (id, value) in object {
                guard let entry = value as? [String: Any], let step = entry["step"] as? String,
                    let message = entry["error"] as? String, let at = entry["at"] as? String
                else { continue }
                failures[id] = Failure(step: step, message: message, at: at)
            }
        }
        self.failures = failures
    }

    /// Records or clears (`failure == nil`) the failure of a record's AI step, and saves the file.
    ///
    /// The message is masked first (configured keys, anything that looks like one): the file lives in
    /// the vault's folder and no credential may land there.
    public mutating func set(_ failure: Failure?, for id: String) {
        failures[id] = failure.map { Failure(step: $0.step, message: ConfiguredSecrets.redact($0.message), at: $0.at) }
        let object = failures.mapValues { ["step": $0.step, "error": $0.message, "at": $0.at] }
        // try?: device-local AI state, remembered when it can be.
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted]) else { return }
        // try?: device-local AI state, remembered when it can be.
        try? AtomicFile.write([UInt8](data), to: file)
    }
}
