import FolioCore
import Testing

/// Keeping both versions of a record a sync conflict split: mine stays, theirs is appended.
@Suite("ConflictMerge: both sides of a conflict in one record")
struct ConflictMergeTests {
    static let mine = """
        ---
        id: 5b0c
        kind: idea
        title: B's title  # kept as written
        created: 2026-11-22T09:00:00+08:00
        modified: 2026-11-22T11:00:00+08:00
        tags: [rain]
        ---

        Mine, line one.
        """
    static let theirs = """
        ---
        id: 5b0c
        kind: idea
        title: A's title
        created: 2026-11-22T09:00:00+08:00
        modified: 2026-11-22T10:00:00+08:00
        tags: [rain, walk]
        extra: 1
        ---

        Theirs, line one.
        Theirs, line two.
        """

    @Test("the keys that differ, theirs' order first, `modified` left out")
    func differingKeys() throws {
        let mine = try FrontMatterDocument(parsing: Self.mine)
        let theirs = try FrontMatterDocument(parsing: Self.theirs)
        #expect(ConflictMerge.differingKeys(mine: mine, theirs: theirs) == ["title", "tags", "extra"])
        #expect(ConflictMerge.differingKeys(mine: mine, theirs: mine).isEmpty)
    }

    @Test("mine's front matter stays byte for byte; theirs' keys and body follow a heading")
    func keepBoth() throws {
        let mine = try FrontMatterDocument(parsing: Self.mine)
        let theirs = try FrontMatterDocument(parsing: Self.theirs)
        let merged = try ConflictMerge.keepBoth(mine: mine, theirs: theirs, heading: "## Other", keysLine: "Keys:")
        #expect(merged.keys == ["title", "tags", "extra"])
        let bodyStart = try #require(Self.mine.range(of: "Mine, line one.")).lowerBound
        let front = String(Self.mine[..<bodyStart])
        #expect(
            merged.text == front + """
                Mine, line one.

                ## Other

                Keys:

                - title: A's title
                - tags: [rain, walk]
                - extra: 1

                Theirs, line one.
                Theirs, line two.

                """)
    }

    @Test("the same body is not appended twice; versions that differ only in `modified` append nothing")
    func sameBody() throws {
        let mine = try FrontMatterDocument(parsing: Self.mine)
        var theirs = mine
        try theirs.set("modified", .raw("2026-11-22T10:00:00+08:00"))
        let unchanged = try ConflictMerge.keepBoth(mine: mine, theirs: theirs, heading: "## Other", keysLine: "Keys:")
        #expect(unchanged.text == mine.text && unchanged.keys.isEmpty)
        try theirs.set("title", .string("A's title"))
        let keysOnly = try ConflictMerge.keepBoth(mine: mine, theirs: theirs, heading: "## Other", keysLine: "Keys:")
        #expect(keysOnly.text.hasSuffix("Mine, line one.\n\n## Other\n\nKeys:\n\n- title: A's title\n"))
    }

    @Test("a value's place in the file: line and column of the whole file, and its text as written")
    func location() throws {
        let document = try FrontMatterDocument(parsing: "---\ntitle: x\ncreated: yesterday\ntags: {a: 1}\n---\nbody\n")
        #expect(document.location(of: "created") == ValueLocation(line: 3, column: 10, text: "yesterday", sourceLine: "created: yesterday"))
        #expect(document.location(of: "tags")?.text == "{a: 1}")
        #expect(document.location(of: "tags")?.line == 4)
        #expect(document.location(of: "missing") == nil)
    }
}
