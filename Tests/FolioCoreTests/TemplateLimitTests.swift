import Foundation
import Testing

@testable import FolioCore

/// A template arrives from every device that syncs with this one: whatever it holds, reading it
/// ends with a kind or an error naming the file and the place, never a crash.
@Suite("Templates past folio's limits")
struct TemplateLimitTests {
    static let head = "---\nkind: trip\nfields:\n  place: text\n---\n"

    /// The problem `body` (after ``head``) is refused with, and where.
    func refusal(_ body: String) -> FolioError? {
        do {
            _ = try Kind(template: Self.head + body, source: ".folio/templates/trip.md", fallbackName: "trip")
            return nil
        } catch {
            return error
        }
    }

    static func nested(_ depth: Int, open: (Int) -> String, close: (Int) -> String) -> String {
        (0..<depth).map(open).joined() + "x" + (0..<depth).reversed().map(close).joined()
    }

    @Test(
        "sections nested past 32, however they are opened, are refused at the first one too deep, before the template library reads them",
        arguments: [
            ("sections", nested(3_000, open: { _ in "{{#a}}" }, close: { _ in "{{/a}}" })),
            ("inverted sections", nested(3_000, open: { _ in "{{^a}}" }, close: { _ in "{{/a}}" })),
            ("blocks", nested(3_000, open: { _ in "{{$a}}" }, close: { _ in "{{/a}}" })),
            (
                "mixed, with spaces",
                nested(200, open: { $0 % 2 == 0 ? "{{# a }}" : "{{^ b}}" }, close: { $0 % 2 == 0 ? "{{/ a }}" : "{{/b}}" })
            ),
            ("changed delimiters", "{{=<% %>=}}" + nested(3_000, open: { _ in "<%#a%>" }, close: { _ in "<%/a%>" })),
            ("never closed", String(repeating: "{{#a}}", count: 10_000)),
        ])
    func deepSections(name: String, body: String) throws {
        let error = try #require(refusal(body), "\(name) was read")
        #expect(error.message == .templateInvalid(.sectionsTooDeep(limit: Kind.maxSectionDepth)), "\(name)")
        #expect(error.file == ".folio/templates/trip.md")
        // The first section too deep is the 33rd, on the body's first line (the file's sixth).
        #expect(error.line == 6, "\(name)")
    }

    @Test(
        "the template library's error is placed where an editor shows it, whatever breaks the lines before it",
        arguments: [
            // (body, the same body with LF line breaks only and every other character one of its
            // own): with LF only, the library's line and column are the editor's, so they are the
            // oracle; a CR before an LF, a form feed, a vertical tab, U+0085 or U+2028 moves nothing.
            ("a\u{0C}b\n{{#a}} {{/b}}", "axb\n{{#a}} {{/b}}"),
            ("a\r\nb\r\nc {{/b}}", "a\nb\nc {{/b}}"),
            ("a\u{2028}b\u{0B}c\rd\u{85}e\nf {{/b}}", "axbxcxdxe\nf {{/b}}"),
            ("雨\u{0C}天 {{#a}}{{/b}}", "雨x天 {{#a}}{{/b}}"),
            ("\u{0}\u{0}{{#a}}{{#a}}\u{0C}\u{0}", "\u{0}\u{0}{{#a}}{{#a}}x\u{0}"),
            ("\r\n\r\n\u{0C}\u{0C}{{#a}}", "\n\nxx{{#a}}"),
        ])
    func parserErrorPlace(body: String, plain: String) throws {
        let error = try #require(refusal(body), "read: \(body.debugDescription)")
        let oracle = try #require(refusal(plain), "read: \(plain.debugDescription)")
        guard case .templateInvalid(.mustache) = error.message, case .templateInvalid(.mustache) = oracle.message else {
            Issue.record("\(error.message), \(oracle.message)")
            return
        }
        #expect(error.line == oracle.line, "\(body.debugDescription)")
        #expect(error.column == oracle.column, "\(body.debugDescription)")
        // Split as bytes: a CRLF is one Character to Swift, never equal to "\n".
        let lines = (Self.head + body).utf8.split(separator: 0x0A, omittingEmptySubsequences: false)
        let line = try #require(error.line)
        #expect(lines.indices.contains(line - 1), "line \(line) of \(lines.count)")
        #expect(error.sourceLine != nil)
    }

    @Test("32 nested sections, and sections side by side up to 1,024 braces, are a template like any other")
    func withinTheLimit() throws {
        let deepest = Self.nested(32, open: { _ in "{{#place}}" }, close: { _ in "{{/place}}" })
        // Six braces a line: 170 lines hold 1,020 of them.
        let wide = String(repeating: "{{#place}}{{place}}{{/place}}\n", count: 170)
        // The most work the template library may be given: every brace first, then the rest of 64 KiB.
        let braces = String(repeating: "{{place}}", count: 512)
        let heaviest = braces + String(repeating: "x", count: Kind.maxBodyBytes - braces.utf8.count)
        for body in [deepest, wide, heaviest] {
            #expect(refusal(body) == nil)
        }
        let kind = try Kind(template: Self.head + deepest, source: "trip.md", fallbackName: "trip")
        #expect(kind.fields.map(\.name) == ["place"])
    }

    /// The template library measures what is left of the body at every brace (a tag's or a stray
    /// one): 20,000 sections side by side in 600 KB took it a minute, on every command of every
    /// device the template synced to. Both the body's length and its braces are bounded first.
    @Test("a body over 64 KiB, or with more than 1,024 braces (of tags, stray, or of delimiters it set), is refused before it is parsed")
    func braceBound() throws {
        let long = String(repeating: "x", count: Kind.maxBodyBytes + 1)
        #expect(refusal(long)?.message == .templateInvalid(.bodyTooLarge(bytes: Kind.maxBodyBytes + 1, limit: Kind.maxBodyBytes)))
        let sections = String(repeating: "{{#place}}{{place}}{{/place}}\n", count: 20_000)
        #expect(
            refusal(String(sections.prefix(60_000)))?.message
                == .templateInvalid(.tooManyDelimiterStarts(character: "{", count: 12_000, limit: 1_024)))
        // Braces that open no tag cost the library the same.
        let stray = String(repeating: "{x ", count: 1_025)
        #expect(refusal(stray)?.message == .templateInvalid(.tooManyDelimiterStarts(character: "{", count: 1_025, limit: 1_024)))
        // After `{{=<% %>=}}` a `<` starts a delimiter and a `{` no longer does: the two braces of
        // the tag that set it, then 1,030 `<`.
        let changed = "{{=<% %>=}}" + String(repeating: "<%place%> {", count: 1_030)
        #expect(refusal(changed)?.message == .templateInvalid(.tooManyDelimiterStarts(character: "<", count: 1_032, limit: 1_024)))
        #expect(refusal("{{=<% %>=}}" + String(repeating: "<%place%> {", count: 1_000)) == nil)
        let error = try #require(refusal(stray))
        #expect(error.file == ".folio/templates/trip.md")
        let said = (error.message.text(.zhHant), error.message.text(.en))
        #expect(said.0.contains("1025 個「{」") && said.1.contains("'{' 1025 times"), "\(said)")
    }

    @Test("a template over 1 MiB is refused by its size before anything of it is parsed")
    func tooLarge() throws {
        let error = try #require(refusal(String(repeating: "{{#a}}", count: 200_000)))
        #expect(error.message == .templateInvalid(.tooLarge(bytes: Self.head.utf8.count + 1_200_000, limit: Kind.maxTemplateBytes)))
    }

    @Test("a delimiter longer than 16 bytes ends the scan in one pass; the template library then says what is wrong")
    func longDelimiter() throws {
        let long = String(repeating: "%", count: 1_000)
        let error = try #require(refusal("{{=<\(long) \(long)>=}}" + String(repeating: "<\(long)#a", count: 4)))
        guard case .templateInvalid(.mustache) = error.message else {
            Issue.record("\(error.message)")
            return
        }
    }

    @Test("an alias bomb or 10,000 nested lists in a template's front matter are named, not expanded")
    func hostileFrontMatter() throws {
        var bomb = "---\nkind: trip\na: &a [x, x, x, x, x, x, x, x, x]\n"
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h", "i"] {
            bomb += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
            previous = name
        }
        let deep = "---\nkind: trip\nx: " + String(repeating: "[", count: 10_000) + "\n---\n"
        for text in [bomb + "---\n", deep] {
            #expect(throws: FolioError.self) { try Kind(template: text, source: "trip.md", fallbackName: "trip") }
        }
    }
}
