import FolioStore
import Foundation
import TestSupport
import Testing

/// A conflict copy is named by `.conflict-` in its file name (not in its folders): the byte search
/// `status` runs over every path of the index against the plain reading of the name.
@Suite("Conflict copies by name")
struct ConflictCopyNameTests {
    static func plainReading(_ path: String) -> Bool {
        (path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path).contains(".conflict-")
    }

    @Test("the byte search agrees with reading the name: at its start, middle and end, in folders only, cut short, among other dots")
    func byteSearchAgrees() {
        var paths = [
            "a.conflict-pad-20261122T100000Z.md", ".conflict-", ".conflict", "x.conflict", "a/b.conflict-x.md", "a.conflict-/b.md",
            "a.conflict-x/b.md", "..conflict-", "a..conflict-b", "a.conflicT-b", "", "/", "a/", ".folio/config.conflict-p-1.yaml",
            "下雨.conflict-手機-20261122T100000Z.md", "a.b.c.d.conflict-",
        ]
        let pieces = [".", "conflict", "-", ".conflict-", "/", "a", "下", ".c"]
        var generator = SeededGenerator(state: 0xC0F1)
        for _ in 0..<3_000 {
            paths.append((0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined())
        }
        for path in paths {
            #expect(Vault.isConflictCopy(name: Array(path.utf8)[...]) == Self.plainReading(path), "\(path)")
        }
    }
}
