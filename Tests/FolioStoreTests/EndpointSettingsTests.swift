import FolioCore
import Foundation
import Testing

@testable import FolioStore

/// A setting whose value says where data goes is confirmed on each device, since the settings
/// sync: the property belongs to the setting, so one added later without it fails here.
@Suite("Every endpoint setting is confirmed per device")
struct EndpointSettingsTests {
    /// Words a setting's name has when its value is a place folio connects to.
    static let placeWords = ["url", "uri", "remote", "endpoint", "host", "server", "address", "proxy", "webhook"]

    /// Whether a setting reads as a URL or a remote: by its name, or by a default that is one.
    static func looksLikeEndpoint(_ setting: SettingKey) -> Bool {
        let words = setting.name.lowercased().split { $0 == "." || $0 == "_" }.map(String.init)
        return words.contains { placeWords.contains($0) } || setting.defaultText?.contains("://") == true
    }

    @Test("a setting whose value is a URL or a remote is an endpoint, and EndpointTrust keeps each one")
    func urlSettingsAreEndpoints() {
        let endpoints = SettingKey.all.filter(Self.looksLikeEndpoint)
        #expect(
            Set(endpoints.map(\.name)).isSuperset(of: ["sync.remote", "ai.base_url", "embeddings.base_url", "weather.url"]),
            "\(endpoints.map(\.name))")
        for setting in endpoints {
            #expect(setting.isEndpoint, "\(setting.name) names where data goes but is not confirmed per device")
        }
        #expect(EndpointTrust.keys == Set(SettingKey.all.filter(\.isEndpoint).map(\.name)))
    }

    @Test("each endpoint setting arriving by sync is untrusted until config trust; a new origin is untrusted again")
    func eachEndpointIsConfirmedHere() throws {
        let temporary = try TemporaryVault()
        let vault = temporary.vault
        let local = vault.localDirectory
        for setting in SettingKey.all where setting.isEndpoint {
            let value = "https://synced.example/\(setting.name)"
            var settings = vault.settings
            try settings.set(setting.name, to: value)
            try temporary.write(".folio/config.yaml", settings.fileText ?? "")
            let reread = Vault(root: vault.root, clock: vault.clock)
            #expect(!EndpointTrust.isTrusted(value, for: setting.name, localDirectory: local), "\(setting.name)")
            try reread.trustSetting(setting.name)
            #expect(EndpointTrust.isTrusted(value, for: setting.name, localDirectory: local), "\(setting.name)")
            #expect(!EndpointTrust.isTrusted("https://other.example/", for: setting.name, localDirectory: local))
            #expect(!EndpointTrust.isTrusted(value, for: "lfs.url", localDirectory: local), "trust is per setting")
        }
        // A value that is no URL (a folder, git@host:path) is compared as written.
        try EndpointTrust.trust("git@host.example:me/journal.git", for: "sync.remote", localDirectory: local)
        #expect(EndpointTrust.isTrusted("git@host.example:me/journal.git", for: "sync.remote", localDirectory: local))
        #expect(!EndpointTrust.isTrusted("git@evil.example:me/journal.git", for: "sync.remote", localDirectory: local))
    }
}
