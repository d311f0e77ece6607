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
/// A value that is not a whole number in the key's range is ignored (the key's ceiling applies); a
/// file that is not such a mapping is a ``problem``: named, and never written over.
public struct DeviceLimits: Sendable, Equatable {
    /// The ceilings set on this device, by setting name.
    public private(set) var ceilings: [String: Int]
    /// Why the file, which is there, could not be read: its ceilings are then the keys' own until
    /// it is fixed, said on every command, and folio never writes over it.
    public private(set) var problem: FolioError?

    public init(ceilings: [String: Int] = [:], problem: FolioError? = nil) {
        self.ceilings = ceilings
        self.problem = problem
    }

    /// The file as messages name it.
    static let shownPath = ".folio/local/limits.yaml"

    /// `.folio/local/limits.yaml` under `localDirectory`.
    public static func url(localDirectory: URL) -> URL {
        localDirectory.appendingPathComponent("limits.yaml")
    }

    /// The ceilings kept in `localDirectory`; none when the file is missing, and none with a
    /// ``problem`` when it is there and cannot be read.
    public init(localDirectory: URL) {
        var ceilings: [String: Int] = [:]
        let url = Self.url(localDirectory: localDirectory)
        var info = stat()
        guard lstat(url.path, &info) == 0 else {
            self.init()
            return
        }
        func damaged(_ problem: DeviceLimitsProblem, line: Int? = nil, column: Int? = nil) -> DeviceLimits {
            DeviceLimits(problem: FolioError(.deviceLimitsDamaged(problem), file: Self.shownPath, line: line, column: column))
        }
        guard let text = LocalFile.text(url, maxBytes: 65_536) else {
            self = damaged(.unreadable)
            return
        }
        let root: Node
        do {
            root = try Parser.parse(text)
        } catch {
            self = damaged(.notYAML(error.problem), line: error.mark.line, column: error.mark.column)
            return
        }
        if case .scalar = root.content, root.resolved == .null {
            self.init()
            return
        }
        guard let pairs = root.pairs else {
            self = damaged(.notMapping)
            return
        }
        for pair in pairs {
            guard let name = pair.key.scalarText, let key = SettingKey.named(name), key.ceiling != nil,
                let text = pair.value.scalarText, let value = Int(text), case .int(let range) = key.type, range.contains(value)
            else { continue }
            ceilings[name] = value
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
        // Never written over: the ceilings in it would be lost.
        if let problem = limits.problem { throw problem }
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
