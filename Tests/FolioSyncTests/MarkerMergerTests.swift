import FolioCore
import FolioStore
import Foundation
import Testing

@testable import FolioSync

/// Both sides rebuilt from conflict markers, merged as sync merges records, no line lost.
@Suite("MarkerMerger: conflict markers merged key by key and line by line")
struct MarkerMergerTests {
    static let time = Date(timeIntervalSince1970: 1_795_000_000)

    func merge(_ text: String, path: String = "ideas/x.md") throws -> MarkerMerge? {
        let markers = try #require(ConflictMarkers.find(in: text))
        return MarkerMerger.merge(markers, path: path, time: Self.time)
    }

    @Test("the newer modified wins a key both sides changed; the other side is kept as a copy named after its label")
    func newerWins() throws {
        let text = """
            ---
            id: 1
            <<<<<<< HEAD
            title: mine
            modified: 2026-11-22T10:00:00+08:00
            =======
            title: theirs
            modified: 2026-11-22T11:00:00+08:00
            >>>>>>> 0e4e9eba038d658f8a8af0840d6e8794d5312e45
            ---
            body

            """
        let merged = try #require(try merge(text))
        #expect(merged.text == "---\nid: 1\ntitle: theirs\nmodified: 2026-11-22T11:00:00+08:00\n---\nbody\n")
        #expect(merged.conflictingKeys == ["title"])
        #expect(merged.copy?.path == "ideas/x.conflict-head-20261122-020000.md")
        #expect(merged.copy?.text.contains("title: mine") == true)
    }

    @Test("a note without front matter is joined line by line; a side that is no record is refused")
    func plainAndBroken() throws {
        let note = "shopping\n<<<<<<< HEAD\nmilk\n=======\nbread\n>>>>>>> other\n"
        #expect(try merge(note)?.text == "shopping\nmilk\nbread\n")
        let broken = "---\nid: 1\n<<<<<<< HEAD\ntitle: [open\n=======\ntitle: fine\n>>>>>>> other\n---\n"
        #expect(try merge(broken) == nil)
    }

    @Test("a marker label names the copy: its first word, a commit id cut to 8 characters")
    func labels() {
        #expect(MarkerMerger.side("origin/main", else: "theirs") == "origin/main")
        #expect(MarkerMerger.side("0e4e9eba038d658f8a8af0840d6e8794d5312e45", else: "theirs") == "0e4e9eba")
        #expect(MarkerMerger.side("3f2a1b0 (phone edit)", else: "theirs") == "3f2a1b0")
        #expect(MarkerMerger.side("", else: "theirs") == "theirs")
    }
}
