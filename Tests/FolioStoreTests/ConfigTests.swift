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

    @Test("a vault that stays open follows its settings file: another writer's change is read, once; an unchanged file is not")
    func followsSettings() throws {
        let t = try TemporaryVault()
        let running = t.vault
        #expect(running.followSettings() == false, "nothing changed")
        // `folio config set` in a terminal: another vault on the same folder writes the file.
        try Vault(root: t.root, clock: running.clock).setSetting("ai.model", to: "gpt-4o-mini")
        #expect(running.followSettings() == true)
        #expect(try running.setting("ai.model") == "gpt-4o-mini")
        #expect(running.followSettings() == false, "read once")
        // The same size, written again at once: a stamp within the clock's tick is not trusted.
        try Vault(root: t.root, clock: running.clock).setSetting("ai.model", to: "gpt-4o-maxi")
        #expect(running.followSettings() == true)
        #expect(try running.setting("ai.model") == "gpt-4o-maxi")
        // A file damaged on another device: the settings fall back and the warning is said, once.
        try "ai: [unclosed\n".write(to: t.root.appendingPathComponent(".folio/config.yaml"), atomically: true, encoding: .utf8)
        #expect(running.followSettings() == true)
        #expect(try running.setting("ai.model") == nil)
        #expect(running.warnings.filter { if case .configDamaged = $0.message { true } else { false } }.count == 1)
    }
}
