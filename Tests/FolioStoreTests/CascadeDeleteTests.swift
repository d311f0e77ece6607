import FolioCore
import Foundation
import Testing

@testable import FolioStore

@Suite("Deleting a parent follows each child kind's rule and leaves no orphans")
struct CascadeDeleteTests {
    /// A baby with two sleeps (each with interruptions and environment factors) and activities,
    /// plus a second baby whose records must all survive.
    func babyVault() throws -> (TemporaryVault, Vault, Record) {
        let t = try TemporaryVault()
        _ = try t.vault.installExample("baby-tracker")
        let vault = Vault(root: t.root, clock: t.vault.clock)
        func make(_ kind: String, _ fields: [(String, String)], parent: String?) throws -> Record {
            try vault.create(NewRecord(kind: kind, fields: fields, parent: parent))
        }
        var doomedBaby: Record?
        for name in ["小寶", "二寶"] {
            let baby = try make("baby", [("name", name)], parent: nil)
            if doomedBaby == nil { doomedBaby = baby }
            for hour in [20, 21] {
                let sleep = try make("sleep", [("start", "2026-11-22T\(hour):00")], parent: baby.id)
                _ = try make("interruption", [("time", "2026-11-22T\(hour):30"), ("reason", "hunger")], parent: sleep.id)
                _ = try make("environment", [("factor", "noise"), ("value", "loud")], parent: sleep.id)
            }
            _ = try make("activity", [("activity", "bath"), ("start", "2026-11-22T18:00")], parent: baby.id)
        }
        return (t, vault, try #require(doomedBaby))
    }

    @Test("removing a baby removes its sleeps, interruptions, environment factors and activities, and nothing else")
    func cascade() throws {
        let (t, vault, baby) = try babyVault()
        let set = vault.loadRecords()
        let plan = vault.planDelete([baby], in: set)
        var counts: [String: Int] = [:]
        for index in plan.removals { counts[set.records[index].kind ?? "", default: 0] += 1 }
        #expect(counts == ["baby": 1, "sleep": 2, "interruption": 2, "environment": 2, "activity": 1])
        let untouched = t.snapshot().filter { path, _ in !plan.removals.contains { set.records[$0].path == path } }
        try vault.execute(plan, in: set)
        #expect(t.snapshot() == untouched)
        let after = vault.loadRecords()
        let ids = Set(after.records.compactMap(\.id))
        #expect(after.records.allSatisfy { $0.parent.map(ids.contains) ?? true }, "no orphans")
        #expect(after.records.filter { $0.kind == "baby" }.map { $0.document.string("name") } == ["二寶"])
        #expect(vault.check(after).isEmpty)
    }

    @Test(
        "keep clears the child's parent; refuse blocks the delete before anything changes; planned among parsed records or the catalog's summaries",
        arguments: ["records", "catalog"])
    func keepAndRefuse(among: String) throws {
        let t = try TemporaryVault()
        try t.write(".folio/templates/project.md", "---\nkind: project\n---\n")
        try t.write(".folio/templates/note.md", "---\nkind: note\nparent: project\non_parent_delete: keep\n---\n")
        try t.write(".folio/templates/invoice.md", "---\nkind: invoice\nparent: project\non_parent_delete: refuse\n---\n")
        let vault = Vault(root: t.root, clock: t.vault.clock)
        let project = try vault.create(NewRecord(kind: "project", title: "P"))
        let note = try vault.create(NewRecord(kind: "note", title: "N", parent: project.id))
        var set = vault.loadRecords()
        if among == "catalog" {
            let summaries = vault.catalog().summaries
            try vault.execute(vault.planDelete(rootPaths: [project.path], among: summaries), among: summaries)
        } else {
            try vault.execute(vault.planDelete([project], in: set), in: set)
        }
        #expect(!t.exists(project.path))
        #expect(t.exists(note.path) && vault.loadRecords().records.first { $0.path == note.path }?.parent == nil)

        let second = try vault.create(NewRecord(kind: "project", title: "Q"))
        _ = try vault.create(NewRecord(kind: "invoice", title: "I", parent: second.id))
        set = vault.loadRecords()
        let summaries = vault.catalog().summaries
        let before = t.snapshot()
        if among == "catalog" {
            #expect(throws: FolioError.self) {
                try vault.execute(vault.planDelete(rootPaths: [second.path], among: summaries), among: summaries)
            }
        } else {
            #expect(throws: FolioError.self) { try vault.execute(vault.planDelete([second], in: set), in: set) }
        }
        #expect(t.snapshot().filter { !$0.key.hasPrefix(".folio/local") } == before.filter { !$0.key.hasPrefix(".folio/local") })
    }

    @Test("check finds orphans, duplicate ids and unknown kinds left by hand edits")
    func check() throws {
        let (t, vault, baby) = try babyVault()
        try FileManager.default.removeItem(at: t.root.appendingPathComponent(baby.path))
        let copy = try #require(t.read(vault.loadRecords().records.first { $0.kind == "activity" }?.path ?? ""))
        try t.write("baby/copy.md", copy)
        try t.write("misc/odd.md", "---\nid: 11111111-2222-3333-4444-555555555555\nkind: recipe\ntitle: odd\n---\n")
        let findings = vault.check(vault.loadRecords())
        let orphans = findings.filter { if case .orphan = $0 { true } else { false } }
        #expect(orphans.count == 3, "two sleeps and one activity lost their baby")
        #expect(findings.contains { if case .duplicateID = $0 { true } else { false } })
        #expect(findings.contains(.unknownKind(path: "misc/odd.md", kind: "recipe")))
    }

    @Test("profile replace removes every record and writes the new owner")
    func profileReplace() throws {
        let (scratch, vault, _) = try babyVault()
        defer { withExtendedLifetime(scratch) {} }  // the vault's folder lives as long as its scratch
        let set = vault.loadRecords()
        let result = try vault.replaceProfile(Owner(name: "王大明"), removing: vault.profileReplacement())
        #expect(result.removed == set.records.count - 1)
        let after = vault.loadRecords()
        #expect(after.records.map(\.path) == ["profile.md"])
        #expect(after.records.first?.document.string("name") == "王大明")
    }
}
