import Testing
import YAML

@testable import FolioCore

/// A hand-written record with comments, odd spacing, flow and block lists, multi-line strings and CJK.
private let handWritten = """
    ---
    # written by hand in vim
    id: 5b0c1c8e-8c1f-4f57-9d55-0c3d8a9f6a21
    kind:   idea     # spaces on purpose
    title: "下雨的傍晚"
    created: 2026-11-22T18:04:11+08:00
    modified: 2026-11-22T18:30:02+08:00

    tags: [rain,  walk]
    mood: 安靜   # an unknown key folio must keep
    people:
        - 小雨
        - Ann   # indented four
    note: |
      第一行
      second line

    done: false
    done_at: 2026-11-23
    extra:
      nested: {a: 1}
    ---
    今天傍晚下著小雨。

    Body stays *exactly* the same.\n
    """

private func lines(_ text: String) -> [Substring] { text.split(separator: "\n", omittingEmptySubsequences: false) }

/// The lines that differ between two texts of the same line count.
private func changedLines(_ before: String, _ after: String) -> [String] {
    let a = lines(before)
    let b = lines(after)
    guard a.count == b.count else { return ["line count \(a.count) → \(b.count)"] }
    return zip(a, b).filter { $0 != $1 }.map { String($1) }
}

@Suite("Front matter edits touch only their own lines")
struct FrontMatterEditTests {
    @Test("changing title rewrites only the title line, written as Obsidian writes it")
    func changeTitle() throws {
        var document = try FrontMatterDocument(parsing: handWritten)
        try document.set("title", .string("新標題"))
        #expect(changedLines(handWritten, document.text) == ["title: 新標題"])
        #expect(document.body == FrontMatterDocument.bodyOf(handWritten))
    }

    /// Setting what a key already holds, however it is written (quoted, flow, a block scalar, a
    /// nested key), is no change: the text stays byte for byte.
    @Test("setting the value a key already has leaves the text as it was")
    func settingTheSameValue() throws {
        var document = try FrontMatterDocument(parsing: handWritten)
        try document.set("title", .string("下雨的傍晚"))  // written quoted
        try document.set("kind", .string("idea"))  // odd spacing and a comment
        try document.set("tags", .sequence([.string("rain"), .string("walk")], style: .flow))  // a flow list with two spaces
        try document.set("people", .sequence([.string("小雨"), .string("Ann")]))  // a block list with a comment
        try document.set("note", .string("第一行\nsecond line\n"))  // a literal block
        try document.set("done", .raw("false"))
        try document.set(path: ["extra", "nested", "a"], .raw("1"))  // inside a flow map
        #expect(document.text == handWritten)
        // Not the same value: a string "1" is not the number 1, `False` is the same boolean.
        try document.set(path: ["extra", "nested", "a"], .string("1"))
        #expect(document.text != handWritten)
        var other = try FrontMatterDocument(parsing: handWritten)
        try other.set("done", .raw("False"))
        #expect(other.text == handWritten)
    }

    @Test("changing modified keeps the date exactly as folio wrote it")
    func changeModified() throws {
        var document = try FrontMatterDocument(parsing: handWritten)
        try document.set("modified", .raw("2026-11-24T09:00:00+08:00"))
        #expect(changedLines(handWritten, document.text) == ["modified: 2026-11-24T09:00:00+08:00"])
        #expect(document.string("modified") == "2026-11-24T09:00:00+08:00")
    }

    @Test("a trailing comment on the changed line survives")
    func trailingComment() throws {
        var document = try FrontMatterDocument(parsing: handWritten)
        try document.set("kind", .string("diary"))
        #expect(changedLines(handWritten, document.text) == ["kind:   diary     # spaces on purpose"])
    }

    @Test("a changed flow list is written as Obsidian writes lists, and no other line changes")
    func flowList() throws {
        var document = try FrontMatterDocument(parsing: handWritten)
        try document.set("tags", .sequence([.string("rain"), .string("walk"), .string("夜晚")]))
        #expect(document.text == handWritten.replacingOccurrences(of: "tags: [rain,  walk]\n", with: "tags:\n  - rain\n  - walk\n  - 夜晚\n"))
    }

    @Test("a comment after a flow list stays on its key's line when the list becomes a block")
    func flowListComment() throws {
        let text = "---\ntitle: x\ntags: [a]   # read by Obsidian\nmood: calm\n---\nbody\n"
        var document = try FrontMatterDocument(parsing: text)
        try document.set("tags", .sequence([.string("a"), .string("b")]))
        #expect(document.text == "---\ntitle: x\ntags:   # read by Obsidian\n  - a\n  - b\nmood: calm\n---\nbody\n")
    }

    @Test("a changed block list is written at Obsidian's indentation, in place")
    func blockList() throws {
        var document = try FrontMatterDocument(parsing: handWritten)
        try document.set("people", .sequence([.string("小雨"), .string("Bob")]))
        let expected = handWritten.replacingOccurrences(of: "    - 小雨\n    - Ann   # indented four\n", with: "  - 小雨\n  - Bob\n")
        #expect(document.text == expected)
    }

    @Test("a new record is written as js-yaml dumps it: block lists and maps, quotes only where needed")
    func newRecordStyle() throws {
        let document = try FrontMatterDocument.make(
            fields: [
                ("id", .raw("5b0c1c8e-8c1f-4f57-9d55-0c3d8a9f6a21")), ("kind", .string("diary")), ("title", .string("2026")),
                ("created", .raw("2026-11-22T18:04:11+08:00")), ("tags", .sequence([.string("rain"), .string("夜晚")])),
                ("media", .sequence([.mapping([("file", .string("media/ab/ab.jpg")), ("type", .string("photo"))])])),
                ("text", .string("第一行\n第二行")), ("context", .mapping([("location", .string("Taipei")), ("weather", .string("a: b"))])),
                ("links", .sequence([])), ("done", .raw("false")),
            ], body: "body\n")
        #expect(
            document.text == """
                ---
                id: 5b0c1c8e-8c1f-4f57-9d55-0c3d8a9f6a21
                kind: diary
                title: '2026'
                created: 2026-11-22T18:04:11+08:00
                tags:
                  - rain
                  - 夜晚
                media:
                  - file: media/ab/ab.jpg
                    type: photo
                text: |-
                  第一行
                  第二行
                context:
                  location: Taipei
                  weather: 'a: b'
                links: []
                done: false
                ---
                body

                """)
    }

    @Test("a literal block can be replaced and the blank line after it stays")
    func literalBlock() throws {
        var document = try FrontMatterDocument(parsing: handWritten)
        try document.set("note", .string("一行\n兩行"))
        let expected = handWritten.replacingOccurrences(of: "note: |\n  第一行\n  second line\n", with: "note: |-\n  一行\n  兩行\n")
        #expect(document.text == expected)
        #expect(document.value("note") == .string("一行\n兩行"))
    }

    @Test("unsetting a key removes exactly its line")
    func unset() throws {
        var document = try FrontMatterDocument(parsing: handWritten)
        try document.remove("done_at")
        #expect(document.text == handWritten.replacingOccurrences(of: "done_at: 2026-11-23\n", with: ""))
        try document.remove("no_such_key")
        #expect(document.text == handWritten.replacingOccurrences(of: "done_at: 2026-11-23\n", with: ""))
    }

    @Test("a new key lands after the keys that precede it, nothing else moves")
    func insert() throws {
        var document = try FrontMatterDocument(parsing: handWritten.replacingOccurrences(of: "done_at: 2026-11-23\n", with: ""))
        try document.set("done_at", .raw("2026-11-25T10:00:00+08:00"), preceding: ["done"])
        #expect(
            document.text == handWritten.replacingOccurrences(of: "done_at: 2026-11-23\n", with: "done_at: 2026-11-25T10:00:00+08:00\n"))
    }

    @Test("strings that would read back as another type are quoted")
    func ambiguousStrings() throws {
        var document = try FrontMatterDocument(parsing: handWritten)
        for text in ["true", "yes", "12", "null", "3.5", "- dash", "a: b", "#hash", ""] {
            try document.set("mood", .string(text))
            #expect(document.value("mood") == .string(text), "\(text) did not round-trip")
        }
    }

    @Test("a nested key changes inside its mapping and the comment above it stays")
    func nestedKey() throws {
        let config = "---\n# settings\nlanguage: en\nai:\n  # the model to use\n  model: gpt-4o-mini\n  tone: warm\n---\n"
        var document = try FrontMatterDocument(parsing: config)
        try document.set(path: ["ai", "model"], .string("llama3"))
        #expect(document.text == config.replacingOccurrences(of: "model: gpt-4o-mini", with: "model: llama3"))
        try document.set(path: ["ai", "base_url"], .string("http://127.0.0.1:8080/v1"))
        #expect(document.text.contains("  tone: warm\n  base_url: http://127.0.0.1:8080/v1\n---"))
        try document.set(path: ["sync", "remote"], .string("/srv/journal.git"))
        #expect(document.value("sync") == .map([("remote", .string("/srv/journal.git"))]))
        try document.remove(path: ["ai", "tone"])
        #expect(!document.text.contains("tone"))
        #expect(document.text.contains("# the model to use"))
    }

    @Test("replacing the body leaves the front matter byte for byte")
    func replaceBody() throws {
        var document = try FrontMatterDocument(parsing: handWritten)
        try document.replaceBody("新的內容\n")
        #expect(document.text.hasPrefix(String(handWritten.prefix(upTo: handWritten.range(of: "今天傍晚")!.lowerBound))))
        #expect(document.body == "新的內容\n")
    }

    @Test("a CRLF file keeps its line endings on unchanged lines")
    func crlf() throws {
        let text = "---\r\nid: x\r\ntitle: a\r\nmood: b\r\n---\r\nbody\r\n"
        var document = try FrontMatterDocument(parsing: text)
        try document.set("title", .string("c"))
        #expect(document.text == "---\r\nid: x\r\ntitle: c\r\nmood: b\r\n---\r\nbody\r\n")
    }
    // Found by `make fuzz` (harness `front-matter`): a literal block written before an indented
    // comment took the comment in as its last line.
    @Test("a multi-line value set on a key with an indented comment under it keeps the comment a comment")
    func commentUnderEmptyKey() throws {
        var document = try FrontMatterDocument(parsing: "---\nnotes:\n   # TODO\ntitle: x\n---\nbody\n")
        try document.set("notes", .string("two\nlines\n"))
        #expect(document.value("notes") == .string("two\nlines\n"))
        #expect(document.text == "---\nnotes: \"two\\nlines\\n\"\n   # TODO\ntitle: x\n---\nbody\n")
        var added = try FrontMatterDocument(parsing: "---\nnotes:\n   # TODO\n---\n")
        try added.set("summary", .string("a\nb"))
        #expect(added.value("summary") == .string("a\nb"))
        #expect(added.value("notes") == .null)
    }

    // Found by `make fuzz` (harness `yaml`): the emitter took a value's trailing "..." for
    // libyaml's end-of-document line and cut it.
    @Test("a title ending in an ellipsis keeps it when set", arguments: ["Wait...", "下雨……", "..."])
    func ellipsis(title: String) throws {
        var document = try FrontMatterDocument(parsing: "---\ntitle: x\n---\n")
        try document.set("title", .string(title))
        #expect(document.value("title") == .string(title), "\(document.text.debugDescription)")
        let made = try FrontMatterDocument.make(fields: [("id", .raw("1")), ("title", .string(title))], body: "")
        #expect(made.value("title") == .string(title), "\(made.text.debugDescription)")
    }

    // Found by `make fuzz` (harness `front-matter`): the splice ended a block list at its first
    // empty item and left the second as a stray `-`. Any edit whose result would not read back
    // exactly as asked is refused and the document kept.
    @Test("removing a list whose last item is empty is exact or refused, never leaves a stray dash")
    func emptyListItems() throws {
        let text = "---\ni:\n-\n-\ntitle: x\n---\n"
        var document = try FrontMatterDocument(parsing: text)
        do {
            try document.remove("i")
            #expect(document["i"] == nil && document.value("title") == .string("x"))
        } catch {
            #expect(document.text == text)
            guard case .unsupportedLayout("i") = error.kind else {
                Issue.record("\(error)")
                return
            }
        }
    }
}

@Suite("Front matter that cannot be read is reported, never rewritten")
struct FrontMatterErrorTests {
    @Test("no front matter")
    func missing() {
        #expect(throws: FrontMatterError(kind: .missing, line: 1, column: 1)) {
            try FrontMatterDocument(parsing: "# just markdown\n")
        }
    }

    @Test("unclosed front matter")
    func unclosed() {
        #expect(throws: FrontMatterError(kind: .unclosed, line: 1, column: 1)) {
            try FrontMatterDocument(parsing: "---\ntitle: x\n")
        }
    }

    @Test("a syntax error names the file line and column")
    func syntax() throws {
        let error = #expect(throws: FrontMatterError.self) {
            try FrontMatterDocument(parsing: "---\nid: x\ntitle: 'unclosed\nmood: ok\n---\n")
        }
        #expect(error?.line == 3)
        #expect(error?.column == 8)
    }

    @Test("a duplicate key is an error at the second key")
    func duplicate() {
        #expect(throws: FrontMatterError(kind: .duplicateKey("title"), line: 3, column: 1)) {
            try FrontMatterDocument(parsing: "---\ntitle: a\ntitle: b\n---\n")
        }
    }

    @Test("a list instead of keys is refused")
    func notMapping() {
        #expect(throws: FrontMatterError(kind: .notMapping, line: 2, column: 1)) {
            try FrontMatterDocument(parsing: "---\n- a\n- b\n---\n")
        }
    }

    @Test("a block scalar at the end keeps its final newline")
    func finalNewline() throws {
        let document = try FrontMatterDocument(parsing: "---\nnote: |\n  a\n---\n")
        #expect(document.value("note") == .string("a\n"))
    }
}

extension FrontMatterDocument {
    static func bodyOf(_ text: String) -> String {
        (try? FrontMatterDocument(parsing: text).body) ?? ""
    }

}
