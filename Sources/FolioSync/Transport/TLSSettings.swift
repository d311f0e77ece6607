import FolioCore
import Foundation
import Git

/// How HTTPS certificates are checked for one remote, as git's own settings say: the CA file and
/// folder to trust (`http.sslCAInfo`, `http.sslCAPath`, also scoped as `http.<url>.…`), whether to
/// check at all (`http.sslVerify`), each overridden by git's environment variables
/// (`GIT_SSL_CAINFO`, `GIT_SSL_CAPATH`, `GIT_SSL_NO_VERIFY`), then OpenSSL's (`SSL_CERT_FILE`,
/// `SSL_CERT_DIR`) where git names none, then the system's CAs.
///
/// These come only from git's configuration files and the environment of this device, never from
/// the vault's settings: a synced file can neither turn the checks off nor add a CA.
public struct TLSSettings: Sendable, Equatable {
    /// The CAs certificates are checked against.
    public var trust: CertificateTrust
    /// What named the CA file (`http.sslCAInfo`, `GIT_SSL_CAINFO`, `SSL_CERT_FILE`), nil for the system's.
    public var fileSetting: String?
    /// What named the CA folder, when one did.
    public var folderSetting: String?
    /// False when the checks are off; `verifySetting` says what turned them off.
    public var verify: Bool
    public var verifySetting: String?

    public init(
        trust: CertificateTrust = .system, fileSetting: String? = nil, folderSetting: String? = nil, verify: Bool = true,
        verifySetting: String? = nil
    ) {
        self.trust = trust
        self.fileSetting = fileSetting
        self.folderSetting = folderSetting
        self.verify = verify
        self.verifySetting = verifySetting
    }

    /// The system's CAs, checks on.
    public static var system: TLSSettings { TLSSettings() }

    /// The git configuration names read (as `git config --get-regexp` matches them).
    public static let configPattern = "^http\\..*ssl(cainfo|capath|verify)$"

    /// The settings `entries` (git's configuration, in git's order) and `environment` give `url`.
    /// As in git, an entry scoped to a URL that matches the remote wins over an unscoped one, the
    /// longer match over the shorter, and the last of equal ones; a path may start with `~/`.
    public static func configured(
        _ entries: [(name: String, value: String)], for url: String, environment: [String: String], home: URL
    ) -> TLSSettings {
        var best: [String: (value: String, specificity: Int, name: String)] = [:]
        for (name, value) in entries {
            guard name.hasPrefix("http."), let key = name.split(separator: ".").last.map({ String($0).lowercased() }) else { continue }
            let scope = String(name.dropFirst("http.".count).dropLast(key.count + 1))
            if !scope.isEmpty && !CredentialHelpers.matches(pattern: scope, url: url) { continue }
            let specificity = scope.count
            if let known = best[key], known.specificity > specificity { continue }
            let shown = scope.isEmpty ? "http.\(Self.spelled(key))" : "http.\(scope).\(Self.spelled(key))"
            best[key] = (value, specificity, shown)
        }
        var settings = TLSSettings()
        func path(_ text: String) -> String? {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { return nil }
            if trimmed == "~" { return home.path }
            if trimmed.hasPrefix("~/") { return home.appendingPathComponent(String(trimmed.dropFirst(2))).path }
            return trimmed
        }
        if let file = environment["GIT_SSL_CAINFO"].flatMap(path) {
            (settings.trust.file, settings.fileSetting) = (file, "GIT_SSL_CAINFO")
        } else if let entry = best["sslcainfo"], let file = path(entry.value) {
            (settings.trust.file, settings.fileSetting) = (file, entry.name)
        } else if let file = environment["SSL_CERT_FILE"].flatMap(path) {
            (settings.trust.file, settings.fileSetting) = (file, "SSL_CERT_FILE")
        }
        if let folder = environment["GIT_SSL_CAPATH"].flatMap(path) {
            (settings.trust.folder, settings.folderSetting) = (folder, "GIT_SSL_CAPATH")
        } else if let entry = best["sslcapath"], let folder = path(entry.value) {
            (settings.trust.folder, settings.folderSetting) = (folder, entry.name)
        } else if let folder = environment["SSL_CERT_DIR"].flatMap(path) {
            (settings.trust.folder, settings.folderSetting) = (folder, "SSL_CERT_DIR")
        }
        // A folder alone keeps the system's file beside it (as curl does for git); a file alone is the whole trust.
        if settings.fileSetting == nil && settings.folderSetting != nil { settings.trust.file = CertificateTrust.system.file }
        if let value = environment["GIT_SSL_NO_VERIFY"], !value.isEmpty {
            (settings.verify, settings.verifySetting) = (false, "GIT_SSL_NO_VERIFY")
        } else if let entry = best["sslverify"], Self.isFalse(entry.value) {
            (settings.verify, settings.verifySetting) = (false, entry.name)
        }
        return settings
    }

    /// git's spelling of a key in messages.
    private static func spelled(_ key: String) -> String {
        ["sslcainfo": "sslCAInfo", "sslcapath": "sslCAPath", "sslverify": "sslVerify"][key] ?? key
    }

    /// git's false: `false`, `no`, `off`, `0` (any case).
    static func isFalse(_ value: String) -> Bool {
        ["false", "no", "off", "0"].contains(value.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// What named the CA that should have signed, for a message: the file's setting and path, or nil for the system's.
    var configuredTrust: String? {
        if let fileSetting, let file = trust.file { return "\(file) (\(fileSetting))" }
        if let folderSetting, let folder = trust.folder { return "\(folder) (\(folderSetting))" }
        return nil
    }

    /// A configured CA folder that is not there, with the setting that named it. A CA file that
    /// cannot be read needs no look of its own: libgit2 refuses to load it (``RemoteAccess``
    /// names it then), while a missing folder would load as an empty one.
    var missingTrustFolder: (path: String, setting: String)? {
        var isFolder: ObjCBool = false
        if let folderSetting, let folder = trust.folder,
            !(FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder.boolValue)
        {
            return (folder, folderSetting)
        }
        return nil
    }
}
