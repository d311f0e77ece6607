import FolioCore
import Foundation
import Testing

@testable import FolioStore

@Suite("config: one setting read, set and unset; shell completion's record names")
struct ConfigTests {
    @Test("a known key is read, set and unset in the file; an unknown key names the known ones")
    func settings() throws {
        let t = try TemporaryVault()
        #expect(try t.vault.setting("ai.model") == nil)
        try t.vault.setSetting("ai.model", to: "gpt-4o-mini")
        #expect(try Vault(root: t.root, clock: t.vault.clock).setting("ai.model") == "gpt-4o-mini")
        #expect(t.read(".folio/config.yaml")?.contains("gpt-4o-mini") == true)
        #expect(t.vault.allSettings.contains { $0.key == "ai.model" })
        try t.vault.unsetSetting("ai.model")
        #expect(try Vault(root: t.root, clock: t.vault.clock).setting("ai.model") == nil)
        let unknown = try #require(throws: FolioError.self) { try t.vault.setting("no.such") }
        guard case .unknownSettingKey("no.such", let known) = unknown.message else {
            Issue.record("\(unknown)")
            return
        }
        #expect(known.contains("ai.model"))
    }

    @Test("records are offered by slug, and by short id where two share a slug")
    func recordNames() throws {
        let t = try TemporaryVault()
        let first = try t.vault.create(NewRecord(kind: "idea", title: "walk", date: "2026-11-01"))
        let second = try t.vault.create(NewRecord(kind: "idea", title: "walk", date: "2026-11-02"))
        _ = try t.vault.create(NewRecord(kind: "idea", title: "coffee"))
        let names = Set(t.vault.recordNames())
        #expect(names.contains("coffee"))
        #expect(names.contains(first.shortID) && names.contains(second.shortID) && !names.contains("walk"))
    }
}
