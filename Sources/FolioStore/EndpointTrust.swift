import FolioCore
import FolioSecrets
import Foundation

/// The endpoints this device has confirmed for settings that say where a key (and the diary) is
/// sent: `.folio/local/trusted-endpoints`, which never syncs.
///
/// `.folio/config.yaml` syncs, so anyone who can push to the remote could point `ai.base_url` at
/// a server of theirs; the key and every page sent to the AI would follow on every device. An
/// endpoint is used only once it is confirmed on this device: set here (`folio config set`),
/// confirmed here (`folio config trust ai.base_url`, or the question folio asks on a terminal),
/// or folio's own default. Endpoints are compared by origin (scheme, host, port): a new path on
/// the same server needs no confirmation.
///
/// The same holds for every destination a synced file can name: the settings marked
/// ``SettingKey/isEndpoint`` (`sync.remote`, `ai.base_url`, `embeddings.base_url`, `weather.url`)
/// and the LFS server a committed `.lfsconfig` names (``lfsURL``). A value that is no URL with a
/// host (a folder, `git@host:path`) is compared as written.
///
/// The file holds one `setting origin` pair a line, e.g. `ai.base_url https://api.example.com`.
public enum EndpointTrust {
    /// The settings whose value is an endpoint that must be confirmed per device.
    public static let keys: Set<String> = Set(SettingKey.all.filter(\.isEndpoint).map(\.name))

    /// The name `.lfsconfig`'s LFS server is confirmed under (`folio config trust lfs.url`): git's
    /// own key for it, though it is no setting of `.folio/config.yaml`.
    public static let lfsURL = "lfs.url"

    /// What is compared of `endpoint`: its origin when it is a URL with a host, else the text as
    /// written; nil for a value that cannot be kept on one line.
    static func place(_ endpoint: String) -> String? {
        if let origin = Origin(url: endpoint) { return origin.description }
        let text = endpoint.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, !text.contains(where: \.isNewline) else { return nil }
        return text
    }

    /// `.folio/local/trusted-endpoints` under `localDirectory`.
    public static func url(localDirectory: URL) -> URL {
        localDirectory.appendingPathComponent("trusted-endpoints")
    }

    /// Whether `endpoint` (a URL) is confirmed on this device for setting `key`.
    public static func isTrusted(_ endpoint: String, for key: String, localDirectory: URL) -> Bool {
        guard let place = place(endpoint) else { return false }
        return entries(localDirectory).contains(Entry(key: key, origin: place))
    }

    /// Records `endpoint` as confirmed on this device for setting `key`.
    public static func trust(_ endpoint: String, for key: String, localDirectory: URL) throws(FolioError) {
        guard let place = place(endpoint) else { return }
        var entries = entries(localDirectory)
        guard entries.insert(Entry(key: key, origin: place)).inserted else { return }
        let text = entries.sorted { ($0.key, $0.origin) < ($1.key, $1.origin) }.map { "\($0.key) \($0.origin)" }.joined(separator: "\n")
        let file = url(localDirectory: localDirectory)
        LocalFile.clearWay(to: file)
        try AtomicFile.makeDirectory(localDirectory)
        try AtomicFile.write(text + "\n", to: file)
    }

    private struct Entry: Hashable {
        var key: String
        var origin: String
    }

    private static func entries(_ localDirectory: URL) -> Set<Entry> {
        let text = LocalFile.text(url(localDirectory: localDirectory), maxBytes: 65_536) ?? ""
        var entries = Set<Entry>()
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2 else { continue }
            entries.insert(Entry(key: String(parts[0]), origin: String(parts[1])))
        }
        return entries
    }
}

extension Vault {
    /// Takes the vault's value of `key` as confirmed on this device: an endpoint a key may go to
    /// (``EndpointTrust``), or a limit allowed above this device's ceiling (``DeviceLimits``).
    /// - Throws: ``FolioError`` for a key that needs no confirmation, or one not set.
    public func trustSetting(_ key: String) throws(FolioError) {
        guard let setting = SettingKey.named(key) else { throw FolioError(.unknownSettingKey(key, SettingKey.all.map(\.name))) }
        guard EndpointTrust.keys.contains(key) || setting.ceiling != nil else { throw FolioError(.settingNeedsNoTrust(key)) }
        guard let value = settings.string(key) else { throw FolioError(.settingNotSet(key)) }
        try confirmOnThisDevice(key, value: value)
    }

    /// What `config set` on this device confirms for this device along with the value.
    func confirmOnThisDevice(_ key: String, value: String) throws(FolioError) {
        if EndpointTrust.keys.contains(key) { try EndpointTrust.trust(value, for: key, localDirectory: localDirectory) }
        if SettingKey.named(key)?.ceiling != nil, let number = Int(value) {
            try DeviceLimits.set(key, to: number, localDirectory: localDirectory)
        }
    }
}
