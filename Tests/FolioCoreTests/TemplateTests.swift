import Foundation
import Testing

@testable import FolioCore

@Suite("Kinds and their templates")
struct TemplateTests {
    /// The repository's Templates/ folder, found from this source file.
    static let templatesFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Templates")

    @Test("the templates built into folio are exactly the files in Templates/ (run `make templates`)")
    func embeddedMatchesFiles() throws {
        for (name, text) in BuiltinTemplates.kinds {
            #expect(try String(contentsOf: Self.templatesFolder.appendingPathComponent("\(name).md"), encoding: .utf8) == text, "\(name)")
        }
        for (example, kinds) in BuiltinTemplates.examples {
            for (name, text) in kinds {
                let file = Self.templatesFolder.appendingPathComponent("examples/\(example)/\(name).md")
                #expect(try String(contentsOf: file, encoding: .utf8) == text, "\(example)/\(name)")
            }
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.templatesFolder.path).filter { $0.hasSuffix(".md") }
        #expect(files.count == BuiltinTemplates.kinds.count)
    }

    @Test("every shipped template is a valid kind")
    func allValid() throws {
        let all =
            BuiltinTemplates.kinds.map { ($0.key, $0.value) } + BuiltinTemplates.examples.values.flatMap { $0.map { ($0.key, $0.value) } }
        for (name, text) in all {
            let kind = try Kind(template: text, source: name, fallbackName: name)
            #expect(kind.name == name)
        }
    }

    @Test("the baby tracker's tree and the billiard trainer's shots are declared")
    func examples() throws {
        let baby = try #require(BuiltinTemplates.examples["baby-tracker"])
        func kind(_ name: String) throws -> Kind { try Kind(template: try #require(baby[name]), source: name, fallbackName: name) }
        #expect(try kind("sleep").parentKind == "baby")
        #expect(try kind("activity").parentKind == "baby")
        #expect(try kind("interruption").parentKind == "sleep")
        #expect(try kind("environment").parentKind == "sleep")
        let training = try Kind(
            template: try #require(BuiltinTemplates.examples["billiard-trainer"]?["training"]), source: "training", fallbackName: "training"
        )
        #expect(training.field("shots")?.type == .list)
    }

    @Test("a bad delete rule or type is named with its template line")
    func badTemplate() {
        let error = #expect(throws: FolioError.self) {
            try Kind(template: "---\nkind: x\nparent: y\non_parent_delete: explode\n---\n", source: "x.md", fallbackName: "x")
        }
        #expect(error?.file == "x.md" && error?.line == 4)
        #expect(throws: FolioError.self) {
            try Kind(template: "---\nkind: x\nfields:\n  n: integer\n---\n", source: "x.md", fallbackName: "x")
        }
    }

    @Test("a template that would include another file is refused at the tag's line and column, whatever its delimiters")
    func includesAreRefused() {
        let cases: [(body: String, line: Int, column: Int)] = [
            ("{{{body}}}\n\n{{> ../../../etc/passwd}}\n", 9, 1),
            ("note: {{<parent}}{{/parent}}\n", 7, 7),
            ("{{=<% %>=}}\n<%body%> <%> ../secret.md%>\n", 8, 10),
        ]
        for item in cases {
            let error = #expect(throws: FolioError.self) {
                try Kind(template: "---\nkind: note\nfields:\n  mood: string\n---\n\n" + item.body, source: "note.md", fallbackName: "note")
            }
            #expect(
                error?.file == "note.md" && error?.line == item.line && error?.column == item.column,
                "\(item.body): \(String(describing: error))")
        }
        // Braces that are not an include stay allowed: a triple mustache, a comment, changed delimiters.
        for body in ["{{{body}}} {{! > not an include}}\n", "{{=<% %>=}}<%body%> {{> x}}\n"] {
            #expect(throws: Never.self) { try Kind(template: "---\nkind: note\n---\n" + body, source: "note.md", fallbackName: "note") }
        }
    }

    @Test(
        "typed values from the command line",
        arguments: [
            (FieldType.int, "12", "12" as String?), (.int, "1.5", nil), (.number, "1.5", "1.5"), (.number, "abc", nil),
            (.bool, "yes", "true"), (.bool, "maybe", nil), (.date, "2026-02-28", "2026-02-28"), (.date, "2026-02-30", nil),
            (.datetime, "2026-11-22T20:30", "2026-11-22T20:30:00+08:00"), (.datetime, "2026-11-22T20:30:00Z", "2026-11-22T20:30:00Z"),
            (.datetime, "20:30", nil),
        ])
    func typedValues(type: FieldType, text: String, expected: String?) {
        let zone = TimeZone(secondsFromGMT: 8 * 3600) ?? .current
        #expect(type.node(from: text, zone: zone)?.scalarText == expected)
    }

    @Test("slugs keep CJK, drop unsafe characters and cap the length")
    func slugs() {
        #expect(Slug.make("測試想法") == "測試想法")
        #expect(Slug.make("Rainy Evening / ../etc: *?") == "rainy-evening-etc")
        #expect(Slug.make("iPhone拍的照片!") == "iphone拍的照片")
        #expect(Slug.make("???") == "untitled")
        #expect(Slug.make(String(repeating: "長", count: 100)).utf8.count <= Slug.maxBytes)
    }

    @Test("timestamps sort by instant whatever their offset")
    func timestamps() throws {
        let taipei = try #require(Timestamp("2026-11-22T18:04:11+08:00"))
        let utc = try #require(Timestamp("2026-11-22T10:04:12Z"))
        #expect(taipei < utc)
        #expect(Timestamp("2026-13-01") == nil && Timestamp("2026-11-22T25:00") == nil)
        let written = Timestamp(date: taipei.date, zone: TimeZone(secondsFromGMT: 8 * 3600) ?? .current)
        #expect(written.text == "2026-11-22T18:04:11+08:00")
    }
}
