import FolioCore
import Foundation
import Testing
import YAML

/// Building and changing records without a disk: the id, the time and the parent lookup are given.
@Suite("Record rules are pure")
struct RecordRulesTests {
    static let taipei = TimeZone(identifier: "Asia/Taipei") ?? .gmt

    static func kinds() throws -> [String: Kind] {
        var kinds: [String: Kind] = [:]
        let texts =
            BuiltinTemplates.kinds.map { ($0.key, $0.value) }
            + (BuiltinTemplates.examples["baby-tracker"] ?? [:]).map { ($0.key, $0.value) }
        for (name, text) in texts {
            let kind = try Kind(template: text, source: "\(name).md", fallbackName: name)
            kinds[kind.name] = kind
        }
        return kinds
    }

    static func rules(now: String = "2026-11-24T08:15:00.000+08:00", language: Language = .zhHant) throws -> RecordRules {
        guard let stamp = Timestamp(now) else { throw CocoaError(.coderInvalidValue) }
        return RecordRules(kinds: try kinds(), now: stamp, zone: taipei, language: language, maxTitleLength: 200)
    }

    static func noParent(_ reference: String, _ kind: Kind) throws(FolioError) -> String {
        throw FolioError(.recordNotFound(reference))
    }

    static func text(_ draft: RecordDraft) throws -> String {
        try FrontMatterDocument.make(fields: draft.fields, body: draft.body).text
    }

    static func value(_ draft: RecordDraft, _ key: String) -> String? {
        draft.fields.first { $0.0 == key }?.1.scalarText
    }

    @Test("a new idea takes the id and the time it is given, its declared default and normalised tags")
    func newIdea() throws {
        let rules = try Self.rules()
        let idea = try #require(rules.kinds["idea"])
        let draft = try rules.draft(
            RecordRequest(kind: "idea", title: "Write the letter", tags: ["#home", "Home", "work，late"]), kind: idea,
            id: "00000000-0000-4000-8000-000000000001", parent: nil, findParent: Self.noParent)
        #expect(draft.fields.prefix(6).map(\.0) == ["id", "kind", "title", "created", "modified", "tags"])
        #expect(Self.value(draft, "id") == "00000000-0000-4000-8000-000000000001")
        #expect(Self.value(draft, "created") == "2026-11-24T08:15:00.000+08:00")
        #expect(Self.value(draft, "modified") == "2026-11-24T08:15:00.000+08:00")
        #expect(draft.fields.first { $0.0 == "tags" }?.1.items?.compactMap(\.scalarText) == ["home", "work", "late"])
        #expect(Self.value(draft, "done") == "false")
        #expect(Self.value(draft, "done_at") == nil)
        #expect(try Self.text(draft).contains("title: Write the letter\n"))
    }

    @Test("done=true stamps done_at with the given time; done again keeps the first stamp; false removes it")
    func doneStamps() throws {
        let rules = try Self.rules()
        let idea = try #require(rules.kinds["idea"])
        let draft = try rules.draft(
            RecordRequest(kind: "idea", title: "Call", fields: [("done", "true")]), kind: idea, id: "a1", parent: nil,
            findParent: Self.noParent)
        #expect(Self.value(draft, "done_at") == "2026-11-24T08:15:00.000+08:00")
        let record = Record(path: "ideas/2026/11/call.md", document: try FrontMatterDocument(parsing: try Self.text(draft)))
        let later = try Self.rules(now: "2026-11-25T09:00:00.000+08:00")
        let again = try later.changes(to: record, set: [("done", "true")], unset: [], allowExtraKeys: false, findParent: Self.noParent)
        #expect(again.map(\.0) == ["done"])
        let undone = try later.changes(to: record, set: [("done", "false")], unset: [], allowExtraKeys: false, findParent: Self.noParent)
        #expect(undone.map(\.0) == ["done", "done_at"])
        #expect(undone.last?.1 == nil)
    }

    @Test("a child kind needs its parent; the lookup's id is written, its refusal passes through")
    func parents() throws {
        let rules = try Self.rules()
        let sleep = try #require(rules.kinds["sleep"])
        let request = RecordRequest(kind: "sleep", fields: [("start", "2026-11-23T20:30")])
        #expect(throws: FolioError(.parentRequired(kind: "sleep", parentKind: "baby"))) {
            try rules.draft(request, kind: sleep, id: "s1", parent: nil, findParent: Self.noParent)
        }
        #expect(throws: FolioError(.recordNotFound("小芽"))) {
            try rules.draft(request, kind: sleep, id: "s1", parent: "小芽", findParent: Self.noParent)
        }
        let draft = try rules.draft(request, kind: sleep, id: "s1", parent: "小芽") { reference, kind throws(FolioError) in
            #expect(reference == "小芽" && kind.name == "sleep")
            return "b-0001"
        }
        #expect(Self.value(draft, "parent") == "b-0001")
        // Dated by its start, titled by its kind's name and that time in the vault's language.
        #expect(draft.created.text.hasPrefix("2026-11-23T20:30"))
        #expect(draft.title == "睡眠 2026-11-23 20:30")
        let english = try Self.rules(language: .en).draft(request, kind: sleep, id: "s1", parent: "x") { _, _ throws(FolioError) in "b" }
        #expect(english.title == "sleep 2026-11-23 20:30")
    }

    @Test("keys the kind does not take, fixed keys, wrong types and labels in either language")
    func keys() throws {
        let rules = try Self.rules()
        let idea = try #require(rules.kinds["idea"])
        #expect(throws: FolioError.self) {
            try rules.draft(
                RecordRequest(kind: "idea", title: "x", fields: [("colour", "red")]), kind: idea, id: "i", parent: nil,
                findParent: Self.noParent)
        }
        let extra = try rules.draft(
            RecordRequest(kind: "idea", title: "x", fields: [("colour", "red"), ("count", "3")], allowsExtraKeys: true), kind: idea,
            id: "i", parent: nil, findParent: Self.noParent)
        #expect(extra.fields.suffix(2).map(\.0) == ["colour", "count"])
        #expect(try Self.text(extra).contains("count: 3\n"))
        for fixed in ["id", "kind", "created", "modified"] {
            #expect(throws: FolioError(.fixedKey(fixed))) {
                try rules.draft(
                    RecordRequest(kind: "idea", title: "x", fields: [(fixed, "v")]), kind: idea, id: "i", parent: nil,
                    findParent: Self.noParent)
            }
        }
        #expect(throws: FolioError(.badFieldValue(key: "done", type: "bool", value: "maybe"))) {
            try rules.draft(
                RecordRequest(kind: "idea", title: "x", fields: [("done", "maybe")]), kind: idea, id: "i", parent: nil,
                findParent: Self.noParent)
        }
        let activity = try #require(rules.kinds["activity"])
        let fed = try rules.draft(
            RecordRequest(kind: "activity", fields: [("activity", "餵奶"), ("start", "2026-11-24T06:00")]), kind: activity, id: "a",
            parent: "b"
        ) { _, _ throws(FolioError) in "b" }
        #expect(Self.value(fed, "activity") == "feeding")
        #expect(fed.title == "餵奶")
    }

    @Test("a title is one line within the limit, made or given; a date replaces created")
    func titlesAndDates() throws {
        let rules = try Self.rules()
        let idea = try #require(rules.kinds["idea"])
        #expect(throws: FolioError(.recordInput(.emptyTitle))) {
            try rules.draft(RecordRequest(kind: "idea", title: "  "), kind: idea, id: "i", parent: nil, findParent: Self.noParent)
        }
        #expect(throws: FolioError.self) {
            try rules.draft(
                RecordRequest(kind: "idea", fields: [("title", "two\nlines")]), kind: idea, id: "i", parent: nil, findParent: Self.noParent)
        }
        let dated = try rules.draft(
            RecordRequest(kind: "idea", title: "old", date: "2025-01-02"), kind: idea, id: "i", parent: nil, findParent: Self.noParent)
        #expect(dated.created.text == "2025-01-02")
        #expect(Self.value(dated, "modified") == "2026-11-24T08:15:00.000+08:00")
        #expect(RecordRules.oneLineTitle("a\n\tb  c", limit: 200) == "a b c")
        #expect(RecordRules.oneLineTitle("下雨的傍晚散步", limit: 4) == "下雨的…")
    }

    @Test("media goes where the kind declares it, else first among the extra keys")
    func mediaPlace() throws {
        let rules = try Self.rules()
        let idea = try #require(rules.kinds["idea"])
        let item = Node.mapping([("file", .string("media/ab/ab12.jpg")), ("type", .string("image"))])
        let draft = try rules.draft(
            RecordRequest(kind: "idea", title: "photo", fields: [("mood", "ok")], media: [item], allowsExtraKeys: true), kind: idea,
            id: "i",
            parent: nil, findParent: Self.noParent)
        let names = draft.fields.map(\.0)
        #expect(names.firstIndex(of: "media").map { $0 + 1 } == names.firstIndex(of: "mood"))
    }
}

/// A key the template writes into the body (the diary's `text`) is written there once, never kept
/// beside it in the front matter as well (issue 72: one copy of every text).
@Suite("A page's words are written once")
struct BodyFallbackKeysTests {
    static func kind(_ body: String, fields: String = "  notes: text\n  name: string\n  mood: string\n") throws -> Kind {
        try Kind(template: "---\nkind: log\nfields:\n\(fields)---\n\(body)", source: "log.md", fallbackName: "log")
    }

    @Test("the keys a template writes only when no body is given, in each way Mustache says it")
    func fallbackKeys() throws {
        #expect(try Self.kind("{{{body}}}{{^body}}{{{notes}}}{{/body}}").bodyFallbackKeys == ["notes"])
        #expect(try Self.kind("{{#body}}{{{body}}}{{/body}}{{^body}}{{notes}} ({{mood}}){{/body}}").bodyFallbackKeys == ["notes", "mood"])
        // A heading that always names the record is the record's data, shown; not the body's words.
        #expect(try Self.kind("# {{{name}}}\n\n{{{body}}}{{^body}}{{{notes}}}{{/body}}").bodyFallbackKeys == ["notes"])
        #expect(try Self.kind("{{{body}}}").bodyFallbackKeys.isEmpty)
        let rules = try RecordRulesTests.rules()
        #expect(try #require(rules.kinds["diary"]).bodyFallbackKeys == ["text"])
        for name in ["idea", "qa", "note", "profile"] { #expect(try #require(rules.kinds[name]).bodyFallbackKeys.isEmpty) }
    }

    @Test("a diary's text goes into the body alone; given with a body as well, it is refused")
    func diaryTextOnce() throws {
        let rules = try RecordRulesTests.rules()
        let diary = try #require(rules.kinds["diary"])
        func draft(_ request: RecordRequest) throws -> RecordDraft {
            try rules.draft(
                request, kind: diary, id: "00000000-0000-4000-8000-000000000002", parent: nil, findParent: RecordRulesTests.noParent)
        }
        let typed = try draft(RecordRequest(kind: "diary", fields: [("text", "下班路上下著小雨")]))
        #expect(RecordRulesTests.value(typed, "text") == nil)
        #expect(typed.body == "下班路上下著小雨\n")
        // Both at once would keep the words twice: refused, nothing half-made.
        #expect(throws: FolioError.self) { try draft(RecordRequest(kind: "diary", fields: [("text", "下班路上")], body: "一整頁的字")) }
        let bodyOnly = try draft(RecordRequest(kind: "diary", body: "一整頁的字"))
        #expect(RecordRulesTests.value(bodyOnly, "text") == nil && bodyOnly.body.hasPrefix("一整頁的字"))
    }

    @Test("a kind of the user's own: its fallback key lives in the body, a heading's key stays a key")
    func ownKind() throws {
        let log = try Self.kind("# {{{name}}}\n\n{{{body}}}{{^body}}{{{notes}}}{{/body}}")
        let rules = try RecordRulesTests.rules()
        let draft = try rules.draft(
            RecordRequest(kind: "log", fields: [("name", "週六球敘"), ("notes", "三顆進袋")]), kind: log,
            id: "00000000-0000-4000-8000-000000000003", parent: nil, findParent: RecordRulesTests.noParent)
        #expect(RecordRulesTests.value(draft, "notes") == nil)
        #expect(RecordRulesTests.value(draft, "name") == "週六球敘")
        #expect(draft.body == "# 週六球敘\n\n三顆進袋\n")
    }
}
