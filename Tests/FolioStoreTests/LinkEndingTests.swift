import FolioCore
import Foundation
import Testing

@testable import FolioStore

/// A wikilink written with folders finds its record by the end of its path, as Obsidian does,
/// through the same table both directions use.
@Suite("Wikilinks with folders")
struct LinkEndingTests {
    static func note(_ title: String, body: String = "") -> String {
        "---\nkind: note\ntitle: \(title)\ncreated: 2026-11-01T10:00:00+08:00\ntags: []\n---\n\(body)\n"
    }

    @Test("the end of a path, in any case, with or without .md; an ending two paths share leads to neither, both ways")
    func endings() throws {
        let t = try TemporaryVault()
        try t.write("journal/2026/people/Bob.md", Self.note("Robert B."))
        try t.write("journal/2025/places/river.md", Self.note("The river"))
        try t.write("old/places/river.md", Self.note("Another river"))
        try t.write(
            "notes/index.md",
            Self.note(
                "Index",
                body:
                    "[[people/bob]], [[places/river]] and [[2025/places/river]]; [[ople/bob]] and [[nobody/bob]].\nAgain: [[2026/People/Bob.md]]."
            ))
        let index = try t.vault.findRecord("notes/index.md", workingDirectory: nil)
        let links = t.vault.links(of: index)
        #expect(
            links.outgoing.map(\.path) == ["journal/2026/people/Bob.md", "journal/2025/places/river.md", "journal/2026/people/Bob.md"],
            "\(links.outgoing)")
        // Shared by two paths; a part of a folder's name is not an ending; no such path.
        #expect(links.unresolved.map(\.written) == ["[[places/river]]", "[[ople/bob]]", "[[nobody/bob]]"], "\(links.unresolved)")

        let bob = try t.vault.findRecord("journal/2026/people/Bob.md", workingDirectory: nil)
        #expect(t.vault.links(of: bob).backlinks.map(\.written) == ["[[people/bob]]", "[[2026/People/Bob.md]]"])
        let oldRiver = try t.vault.findRecord("old/places/river.md", workingDirectory: nil)
        #expect(t.vault.links(of: oldRiver).backlinks.isEmpty, "a shared ending is no one's backlink")
    }
}
