import FolioCore
import Testing

/// Conflict markers another git client committed: found as git finds them, sides rebuilt.
@Suite("ConflictMarkers: what another git client left in a file")
struct ConflictMarkersTests {
    static let merged = """
        ---
        id: 1
        <<<<<<< HEAD
        title: ours
        =======
        title: theirs
        >>>>>>> origin/main
        ---
        first
        <<<<<<< HEAD
        our line
        ||||||| base
        base line
        =======
        their line
        >>>>>>> 3f2a1b0 (phone)
        last

        """

    @Test("every hunk is found with its line, sides and labels; each side rebuilds")
    func findsHunks() throws {
        let markers = try #require(ConflictMarkers.find(in: Self.merged))
        #expect(markers.hunks.count == 2)
        #expect(markers.firstLine == 3)
        #expect(markers.hunks[1].line == 10)
        #expect(markers.hunks[0].base == nil && markers.hunks[1].base == ["base line"])
        #expect(markers.hunks[1].oursLabel == "HEAD" && markers.hunks[1].theirsLabel == "3f2a1b0 (phone)")
        #expect(markers.text(.ours) == "---\nid: 1\ntitle: ours\n---\nfirst\nour line\nlast\n")
        #expect(markers.text(.theirs) == "---\nid: 1\ntitle: theirs\n---\nfirst\ntheir line\nlast\n")
        // Not every hunk carries its base: there is no base version, only the lines both share.
        #expect(markers.text(.base) == nil)
        #expect(markers.text(.shared) == "---\nid: 1\n---\nfirst\nlast\n")
    }

    @Test(
        "only a complete set in order counts, as git's marker rule reads a line",
        arguments: [
            "<<<<<<< a\nx\n=======\ny\n",  // no end
            "x\n=======\ny\n>>>>>>> b\n",  // no start
            "<<<<<<<< a\nx\n=======\ny\n>>>>>>> b\n",  // eight `<`
            "<<<<<<<a\nx\n=======\ny\n>>>>>>> b\n",  // no space after the start
            "<<<<<<< a\nx\n>>>>>>> b\n",  // no separator
            "plain text\n",
        ])
    func incompleteIsText(_ text: String) {
        #expect(ConflictMarkers.find(in: text) == nil)
    }

    @Test("a bare start line, CRLF lines and a start at the end of a line all count")
    func lineEnds() throws {
        let crlf = "a\r\n<<<<<<<\r\nx\r\n=======\r\ny\r\n>>>>>>> b\r\n"
        let markers = try #require(ConflictMarkers.find(in: crlf))
        #expect(markers.text(.ours) == "a\r\nx\r\n")
        #expect(markers.text(.theirs) == "a\r\ny\r\n")
    }

    @Test("a complete set inside a fenced code block is content: a journal documenting git keeps it")
    func fencedIsContent() throws {
        let fenced = "how git shows a conflict:\n```\n<<<<<<< HEAD\nmine\n=======\nyours\n>>>>>>> main\n```\n"
        #expect(ConflictMarkers.find(in: fenced) == nil)
        let tilde = "~~~~ text\n<<<<<<< HEAD\nmine\n=======\nyours\n>>>>>>> main\n~~~~\n"
        #expect(ConflictMarkers.find(in: tilde) == nil)
        // After the block closes, markers are markers again.
        #expect(ConflictMarkers.find(in: fenced + "<<<<<<< HEAD\na\n=======\nb\n>>>>>>> x\n")?.hunks.count == 1)
    }
}
