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
            ("never closed", String(repeating: "{{#a}}", count: 100_000)),
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

    @Test("32 nested sections, and any number side by side, are a template like any other")
    func withinTheLimit() throws {
        let deepest = Self.nested(32, open: { _ in "{{#place}}" }, close: { _ in "{{/place}}" })
        let wide = String(repeating: "{{#place}}{{place}}{{/place}}\n", count: 20_000)
        for body in [deepest, wide] {
            #expect(refusal(body) == nil)
        }
        let kind = try Kind(template: Self.head + deepest, source: "trip.md", fallbackName: "trip")
        #expect(kind.fields.map(\.name) == ["place"])
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
