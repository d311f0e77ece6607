import FolioCore
import Foundation
import Testing

@testable import FolioStore

@Suite("rm: what goes, chosen by name or by filters")
struct RemovalTests {
    @Test("records named and a conflict copy named by its path go together; filters choose the rest; nothing chosen is empty")
    func planAndRemove() throws {
        let t = try TemporaryVault()
        let rain = try t.vault.create(NewRecord(kind: "idea", title: "雨天散步", tags: ["rain"]))
        let coffee = try t.vault.create(NewRecord(kind: "idea", title: "coffee"))
        let copy = (coffee.path as NSString).deletingPathExtension + ".conflict-my-laptop-20261122-020000.md"
        try t.write(copy, "---\nkind: idea\ntitle: coffee\n---\nthe other side\n")

        let named = try t.vault.planRemoval(
            names: ["雨天散步", copy], filter: RecordFilter(), search: nil, in: t.vault.catalog(), workingDirectory: t.root)
        #expect(named.roots == [rain.path] && named.copies.map(\.path) == [copy] && named.count == 2)

        let filtered = try t.vault.planRemoval(
            names: [], filter: RecordFilter(tags: ["rain"]), search: nil, in: t.vault.catalog(), workingDirectory: t.root)
        #expect(filtered.roots == [rain.path] && filtered.copies.isEmpty)
        let none = try t.vault.planRemoval(
            names: [], filter: RecordFilter(tags: ["snow"]), search: nil, in: t.vault.catalog(), workingDirectory: t.root)
        #expect(none.isEmpty)

        try t.vault.checkRefusals(named)
        try t.vault.remove(named)
        #expect(!t.exists(rain.path) && !t.exists(copy) && t.exists(coffee.path))
    }
}
