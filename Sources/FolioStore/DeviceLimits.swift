import FolioCore
import Foundation
import YAML

/// This device's ceilings for the limits a synced setting must not loosen (the network's timeouts
/// and deadlines, the sizes of front matter, media, replies, titles and questions, the wait for
/// git's locks): `.folio/local/limits.yaml`, which never syncs.
///
/// A setting with a ``SettingKey/ceiling`` is used as `.folio/config.yaml` says, but never above
/// this device's ceiling for it: the value in this file, else the key's own ceiling (its default).
/// So a change arriving from another device (or from anyone who can push to the remote) can make
/// a limit stricter, never let a server hold this device longer. `folio config set` on this
/// device writes the value here too: what the user sets here is trusted here.
///
/// The file is a flat YAML mapping of setting names to whole numbers:
///
/// ```yaml
/// sync.deadline: 3600
/// ai.timeout: 300
/// ```
///
/// A value that is not a whole number in the key's range is ignored (the key's ceiling applies).
public struct DeviceLimits: Sendable, Equatable {
    /// The ceilings set on this device, by setting name.
    public private(set) var ceilings: [String: Int]

    public init(ceilings: [String: Int] = [:]) {
        self.ceilings = ceilings
    }

    /// `.folio/local/limits.yaml` under `localDirectory`.
    public static func url(localDirectory: URL) -> URL {
        localDirectory.appendingPathComponent("limits.yaml")
    }

    /// The ceilings kept in `localDirectory`; none when the file is missing or cannot be read.
    public init(localDirectory: URL) {
        var ceilings: [String: Int] = [:]
        if let text = LocalFile.text(Self.url(localDirectory: localDirectory), maxBytes: 65_536),
            let pairs = (try? Parser.parse(text))?.pairs
        {
            for pair in pairs {
                guard let name = pair.key.scalarText, let key = SettingKey.named(name), key.ceiling != nil,
                    let text = pair.value.scalarText, let value = Int(text), case .int(let range) = key.type, range.contains(value)
                else { continue }
                ceilings[name] = value
            }
        }
        self.init(ceilings: ceilings)
    }

    /// This device's ceiling for `key`: its own, else the key's; nil for a key without one.
    public func ceiling(for key: SettingKey) -> Int? {
        guard let compiled = key.ceiling else { return nil }
        return ceilings[key.name] ?? compiled
    }

    /// The value of whole-number setting `name` in `settings`, no higher than this device's ceiling.
    public func bounded(_ name: String, in settings: Settings) -> Int? {
        guard let value = settings.int(name) else { return nil }
        guard let key = SettingKey.named(name), let ceiling = ceiling(for: key) else { return value }
        return min(value, ceiling)
    }

    /// Raises (or lowers) this device's ceiling for `name` to `value` and writes the file; a key
    /// without a ceiling is left alone.
    public static func set(_ name: String, to value: Int, localDirectory: URL) throws(FolioError) {
        guard let key = SettingKey.named(name), key.ceiling != nil else { return }
        var limits = DeviceLimits(localDirectory: localDirectory)
        limits.ceilings[key.name] = value
        let lines = limits.ceilings.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        let text =
            "# This device's ceilings for limits (folio writes this file; it never syncs).\n"
            + lines.joined(separator: "\n") + "\n"
        let url = Self.url(localDirectory: localDirectory)
        LocalFile.clearWay(to: url)
        try AtomicFile.makeDirectory(localDirectory)
        try AtomicFile.write(text, to: url)
    }
}

extension Vault {
    /// This device's ceilings for limits (``DeviceLimits``), read when asked.
    public var deviceLimits: DeviceLimits { DeviceLimits(localDirectory: localDirectory) }

    /// Whole-number setting `name` as this device uses it: the vault's value (or the default),
    /// never above this device's ceiling for it.
    public func limit(_ name: String) -> Int? {
        deviceLimits.bounded(name, in: settings)
    }
}
