import FolioCore
import FolioStore
import Foundation
import TestSupport
import Testing

@testable import FolioSync

@Suite("check --fix: one commit, asking before a record goes")
struct VaultCheckTests {
    @Test("a stray temporary file is removed; an orphan goes with its parent only when agreed; what is left is reported")
    func repair() throws {
        let scratch = try Scratch()
        let directory = scratch.path("vault")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try History.initialise(at: directory)
        let first = try Vault.initialise(at: directory, owner: Owner(name: "林小雨"), language: .en, clock: Clock.from(environment: [:]))
        _ = try first.installExample("baby-tracker")
        // Opened again, as the next command would, to know the example's kinds.
        let vault = Vault(root: directory, clock: Clock.from(environment: [:]))
        let history = try #require(try History.open(vault, environment: ["FOLIO_DEVICE": "laptop"]))
        _ = try history.commitHandChanges(in: vault, message: "init: new vault")
        vault.recorder = history
        try scratch.write(
            "vault/baby/activity/2026-11-22-bath.md",
            "---\nid: 00000000-0000-4000-8000-000000000002\nkind: activity\ntitle: bath\nparent: 00000000-0000-4000-8000-000000000009\nactivity: bath\nstart: 2026-11-22T19:00\n---\n"
        )
        try scratch.write("vault/ideas/.x.md.tmp-123", "half")
        _ = try history.commitHandChanges(in: vault, message: "by hand")
        let check = VaultCheck(vault: vault, history: history)
        let findings = check.findings(quick: true).findings
        #expect(findings.contains(.strayTemporaryFile("ideas/.x.md.tmp-123")))
        #expect(findings.contains { if case .orphan(path: "baby/activity/2026-11-22-bath.md", _, .cascade) = $0 { true } else { false } })

        var asked: [String] = []
        var said: [Message] = []
        let before = try history.log().count
        try check.repair(
            findings,
            confirm: { question in
                if case .cascade(let plan, _) = question { asked.append("cascade \(plan.removals.count)") }
                return false
            }, said: { said.append($0) })
        #expect(asked == ["cascade 1"])
        #expect(!FileManager.default.fileExists(atPath: scratch.path("vault/ideas/.x.md.tmp-123").path))
        #expect(FileManager.default.fileExists(atPath: scratch.path("vault/baby/activity/2026-11-22-bath.md").path))
        #expect(said.isEmpty)
        let remaining = check.remaining(after: findings)
        #expect(remaining.count == 1)

        try check.repair(remaining, confirm: { _ in true }, said: { said.append($0) })
        #expect(said == [.deleted(1)])
        #expect(check.remaining(after: remaining).isEmpty)
        #expect(try history.log().count == before + 1)
    }
}
