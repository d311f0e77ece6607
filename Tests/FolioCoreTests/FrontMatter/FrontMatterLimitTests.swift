import Testing
import YAML

@testable import FolioCore

/// Front matter that asks too much, and anchors an edit must not splice away.
@Suite("Front matter limits and anchors")
struct FrontMatterLimitTests {
    @Test("front matter over front_matter.max_bytes is refused at its first line, before it is parsed")
    func tooLarge() {
        let big = "---\ntitle: big\nlog: |\n" + String(repeating: "  a line of a pasted log\n", count: 90_000) + "---\nbody\n"
        #expect {
            _ = try FrontMatterDocument(parsing: big)
        } throws: { error in
            guard let error = error as? FrontMatterError, case .tooLarge(let bytes, 262_144) = error.kind else { return false }
            return bytes > 2_000_000 && error.line == 2
        }
        // The same file under a larger limit reads.
        let limits = FrontMatterLimits(maxBytes: 4_000_000, maxDepth: 64, maxNodes: 100_000)
        #expect((try? FrontMatterDocument(parsing: big, limits: limits)) != nil)
    }

    @Test("a deep or exploding front matter is an error with the file's line, not the YAML's")
    func deepAndBomb() {
        let deep = "---\nid: x\nkind: idea\nlist: " + String(repeating: "[", count: 100_000) + "\n---\n"
        #expect {
            _ = try FrontMatterDocument(parsing: deep)
        } throws: { error in
            guard let error = error as? FrontMatterError, case .tooDeep(64) = error.kind else { return false }
            return error.line == 4
        }
        let undefined = "---\ntitle: x\nother: *t\n---\n"
        #expect {
            _ = try FrontMatterDocument(parsing: undefined)
        } throws: { error in
            guard let error = error as? FrontMatterError, case .undefinedAlias("t") = error.kind else { return false }
            return error.line == 3 && error.column == 8
        }
    }

    @Test("setting or removing a key whose anchor an alias repeats is refused and the text kept; other keys still change")
    func anchorsAreKept() throws {
        let text = "---\ntitle: x\ntags: &t [x, y]\nother: *t\n---\nbody\n"
        var document = try FrontMatterDocument(parsing: text)
        #expect {
            try document.set("tags", .sequence([.string("z")], style: .flow))
        } throws: { error in
            guard let error = error as? FrontMatterError, case .anchorUsedElsewhere("tags", "t") = error.kind else { return false }
            return error.line == 3
        }
        #expect(throws: FrontMatterError.self) { try document.remove("tags") }
        #expect(document.text == text)
        try document.set("title", .string("new"))
        #expect(document.text == "---\ntitle: new\ntags: &t [x, y]\nother: *t\n---\nbody\n")
        // The alias itself may change: nothing else depends on it.
        try document.set("other", .string("plain"))
        #expect(document.text.contains("other: plain\n") && document.text.contains("tags: &t [x, y]\n"))
        // Once nothing repeats it, the anchored key may change too.
        try document.set("tags", .sequence([.string("z")], style: .flow))
        #expect(document.value("tags") == .list([.string("z")]))
    }

    @Test("mixed line endings: untouched lines keep their own, a new line takes the opening line's")
    func mixedLineEndings() throws {
        let text = "---\r\ntitle: x\nkind: idea\r\ndone: false\n---\nbody line\r\nsecond\n"
        var document = try FrontMatterDocument(parsing: text)
        try document.set("done", .raw("true"))
        try document.set("done_at", .raw("2026-11-22T18:04:11+08:00"))
        #expect(
            document.text == "---\r\ntitle: x\nkind: idea\r\ndone: true\ndone_at: 2026-11-22T18:04:11+08:00\r\n---\nbody line\r\nsecond\n")
    }

    // Found by `make fuzz` (harness `front-matter`): removing `s` took the line up to its LF and
    // left the lone CR before it glued to the closing `---`.
    @Test(
        "front matter with a line break libyaml sees and folio does not (lone CR, NEL, LS, PS) is read but never edited",
        arguments: [
            "---\n\rs:\n---", "---\na: 1\rb: 2\n---\n", "---\na: 1\u{2028}b: 2\n---\n", "---\na: 1\u{85}b: 2\n---\nbody\n",
        ])
    func foreignLineBreaks(text: String) throws {
        let document = try FrontMatterDocument(parsing: text)
        let key = try #require(document.keys.first)
        var removed = document
        #expect(throws: FrontMatterError.self) { try removed.remove(key) }
        var set = document
        #expect(throws: FrontMatterError.self) { try set.set(key, .string("x")) }
        #expect(removed.text == text && set.text == text)
    }
}
