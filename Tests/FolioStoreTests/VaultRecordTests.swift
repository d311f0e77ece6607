import FolioCore
import Foundation
import Testing

@testable import FolioStore

@Suite("Records: create, change, find")
struct VaultRecordTests {
    @Test("a new idea is a Markdown file with its keys in order")
    func newIdea() throws {
        let t = try TemporaryVault()
        let record = try t.vault.create(NewRecord(kind: "idea", title: "測試想法", tags: ["work", "#Work", " "], body: "測試描述"))
        #expect(record.path == "ideas/2026/11/2026-11-22-測試想法.md")
        let text = try #require(t.read(record.path))
        let keys = text.split(separator: "\n").dropFirst().filter { !$0.hasPrefix(" ") }.prefix(7).map {
            $0.split(separator: ":").first.map(String.init) ?? ""
        }
        #expect(keys == ["id", "kind", "title", "created", "modified", "tags", "done"])
        #expect(text.contains("tags:\n  - work\n"))
        #expect(text.hasSuffix("---\n測試描述\n"))
        #expect(record.id?.count == 36)
    }

    @Test("file names clash into -2, -3")
    func clash() throws {
        let t = try TemporaryVault()
        let paths = try (0..<3).map { _ in try t.vault.create(NewRecord(kind: "idea", title: "same / title")).path }
        #expect(
            paths == [
                "ideas/2026/11/2026-11-22-same-title.md", "ideas/2026/11/2026-11-22-same-title-2.md",
                "ideas/2026/11/2026-11-22-same-title-3.md",
            ])
    }

    @Test(
        "a field of the wrong type is refused and nothing is written",
        arguments: [
            ("quality", "good", "int"), ("start", "2026-02-30T10:00", "datetime"), ("start", "tomorrow", "datetime"),
        ])
    func wrongType(key: String, value: String, type: String) throws {
        let t = try TemporaryVault()
        _ = try t.vault.installExample("baby-tracker")
        let vault = Vault(root: t.root, clock: t.vault.clock)
        let baby = try vault.create(NewRecord(kind: "baby", title: "小寶", fields: [("name", "小寶")]))
        let before = t.snapshot()
        let error = #expect(throws: FolioError.self) {
            try vault.create(
                NewRecord(
                    kind: "sleep", fields: [("start", "2026-11-22T20:00"), (key, value)], parent: baby.id))
        }
        guard case .badFieldValue(let badKey, let typeName, let badValue) = error?.message else {
            Issue.record("expected badFieldValue, got \(String(describing: error))")
            return
        }
        #expect(badKey == key && badValue == value && typeName == type)
        #expect(t.snapshot() == before)
    }

    @Test("a missing required key, an unknown kind and a value outside the list are refused")
    func refusals() throws {
        let t = try TemporaryVault()
        #expect(throws: FolioError(.missingRequired(key: "question", kind: "qa"))) {
            try t.vault.create(NewRecord(kind: "qa", title: "x"))
        }
        #expect(throws: FolioError(.unknownKind("recipe", ["diary", "idea", "note", "profile", "qa"]))) {
            try t.vault.create(NewRecord(kind: "recipe"))
        }
        let refused = #expect(throws: FolioError.self) {
            try t.vault.create(NewRecord(kind: "qa", fields: [("question", "q?"), ("answer_type", "maybe")]))
        }
        #expect(refused?.message.text(.zhHant) == "「answer_type」不能是「maybe」，可用的值：affirmative（正面）、neutral（中立）、negative（負面）。")
        #expect(refused?.message.text(.en) == "'answer_type' cannot be 'maybe'; allowed values: affirmative, neutral, negative.")
    }

    @Test("a value's label in either language stands for the value, and the file keeps the value")
    func labelsStandForValues() throws {
        let t = try TemporaryVault()
        let chinese = try t.vault.create(NewRecord(kind: "qa", fields: [("question", "會下雨嗎？"), ("answer_type", "正面")]))
        #expect(chinese.document.string("answer_type") == "affirmative")
        let english = try t.vault.create(NewRecord(kind: "qa", fields: [("question", "Rain?"), ("source", "Magic 8 Ball")]))
        #expect(english.document.string("source") == "magic8")
        let changed = try t.vault.update(chinese, set: [("answer_type", "負面")])
        #expect(changed.document.string("answer_type") == "negative")
        #expect(changed.document.text.contains("answer_type: negative\n"))
    }

    @Test("set changes one line and modified; done and undone toggle done_at")
    func setAndDone() throws {
        let t = try TemporaryVault()
        let idea = try t.vault.create(NewRecord(kind: "idea", title: "測試想法", body: "測試描述"))
        let later = Vault(
            root: t.root, clock: Clock(now: { Date(timeIntervalSince1970: 1_800_000_000) }, zone: TimeZone(secondsFromGMT: 8 * 3600)!))
        let before = try #require(t.read(idea.path))
        let renamed = try later.update(idea, set: [("title", "新標題")])
        let after = try #require(t.read(idea.path))
        let changed = zip(before.split(separator: "\n"), after.split(separator: "\n")).filter { $0 != $1 }.map { String($1) }
        #expect(changed == ["title: 新標題", "modified: 2027-01-15T16:00:00+08:00"])
        let done = try later.markDone(renamed, done: true)
        #expect(done.document.value("done") == .bool(true))
        #expect(done.document.string("done_at") == "2027-01-15T16:00:00+08:00")
        // Done again a day later: the day it was done stays, and the file is not written again.
        let nextDay = Vault(
            root: t.root, clock: Clock(now: { Date(timeIntervalSince1970: 1_800_086_400) }, zone: TimeZone(secondsFromGMT: 8 * 3600)!))
        let doneText = try #require(t.read(idea.path))
        let again = try nextDay.markDone(done, done: true)
        #expect(again.document.string("done_at") == "2027-01-15T16:00:00+08:00")
        #expect(t.read(idea.path) == doneText)
        let open = try later.markDone(done, done: false)
        #expect(open.document["done_at"] == nil)
        #expect(throws: FolioError(.fixedKey("id"))) { try later.update(open, set: [("id", "x")]) }
    }

    @Test("references: id, prefix, path, slug; ambiguous prefixes list candidates")
    func references() throws {
        let t = try TemporaryVault()
        let a = try t.vault.create(NewRecord(kind: "idea", title: "Alpha"))
        _ = try t.vault.create(NewRecord(kind: "idea", title: "Beta"))
        let set = t.vault.loadRecords()
        #expect(try t.vault.resolve(try #require(a.id), in: set).path == a.path)
        #expect(try t.vault.resolve(String(try #require(a.id).prefix(6)), in: set).path == a.path)
        #expect(try t.vault.resolve(a.path, in: set).path == a.path)
        #expect(try t.vault.resolve("alpha", in: set).path == a.path)
        #expect(throws: FolioError(.recordNotFound("gamma"))) { try t.vault.resolve("gamma", in: set) }
        #expect(throws: FolioError(.pathOutsideVault("../../etc/passwd"))) {
            try t.vault.resolve("../../etc/passwd", in: set, workingDirectory: t.root.appendingPathComponent("ideas"))
        }
        try t.write("ideas/x1.md", "---\nid: abcd1111-0000-0000-0000-000000000000\nkind: idea\ntitle: one\n---\n")
        try t.write("ideas/x2.md", "---\nid: abcd2222-0000-0000-0000-000000000000\nkind: idea\ntitle: two\n---\n")
        let error = #expect(throws: FolioError.self) { try t.vault.resolve("abcd", in: t.vault.loadRecords()) }
        guard case .ambiguousReference(_, let candidates) = error?.message else {
            Issue.record("expected an ambiguous reference")
            return
        }
        #expect(candidates.count == 2 && candidates.allSatisfy { $0.hasPrefix("abcd") })
    }
}

@Suite("Bad files never stop the rest of the vault")
struct BadFileTests {
    @Test("an unparsable file is reported with line and column, every other record still lists")
    func unparsable() throws {
        let t = try TemporaryVault()
        _ = try t.vault.create(NewRecord(kind: "idea", title: "good"))
        try t.write("ideas/broken.md", "---\nid: x\ntitle: 'unclosed\n---\nbody\n")
        try t.write("ideas/latin1.md", "---\ntitle: caf\u{E9}\n---\n".replacingOccurrences(of: "é", with: "e"))
        let bytes: [UInt8] = Array("---\ntitle: caf".utf8) + [0xE9] + Array("\n---\n".utf8)
        try Data(bytes).write(to: t.root.appendingPathComponent("ideas/latin1.md"))
        try t.write("notes/readme.md", "# just a note\n")
        let set = t.vault.loadRecords()
        #expect(set.records.map(\.title).sorted() == ["good", "林小雨"])
        let broken = try #require(set.problems.first { $0.file == "ideas/broken.md" })
        #expect(broken.line == 3 && broken.column == 8)
        let latin = try #require(set.problems.first { $0.file == "ideas/latin1.md" })
        #expect(latin.message == .notUTF8 && latin.line == 2 && latin.column == 11)
        #expect(set.plainFiles == ["notes/readme.md"])
    }

    @Test("a file that does not parse is never rewritten")
    func neverRewritten() throws {
        let t = try TemporaryVault()
        let idea = try t.vault.create(NewRecord(kind: "idea", title: "good"))
        let broken = "---\nid: \(idea.id ?? "")\ntitle: [unclosed\n---\n"
        try t.write(idea.path, broken)
        #expect(throws: FolioError.self) { try t.vault.update(idea, set: [("title", "x")]) }
        #expect(t.read(idea.path) == broken)
    }

    @Test("a symlink leading outside the vault is not followed")
    func escapingLink() throws {
        let t = try TemporaryVault()
        let outside = t.outside("outside.md")
        try "---\nid: secret\nkind: idea\ntitle: secret\n---\n".write(to: outside, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: t.root.appendingPathComponent("ideas-link.md").path, withDestinationPath: outside.path)
        let set = t.vault.loadRecords()
        #expect(!set.records.contains { $0.title == "secret" })
        #expect(set.escapingLinks == ["ideas-link.md"])
        #expect(throws: FolioError(.pathOutsideVault("ideas-link.md"))) {
            try t.vault.resolve("ideas-link.md", in: set, workingDirectory: t.root)
        }
    }

    @Test("a damaged config warns, uses defaults, and is never rewritten")
    func damagedConfig() throws {
        let t = try TemporaryVault()
        try t.write(".folio/config.yaml", "language: en\nai: [unclosed\n")
        let vault = Vault(root: t.root, clock: t.vault.clock)
        #expect(vault.warnings.contains { if case .configDamaged = $0.message { true } else { false } })
        #expect(vault.settings.language == .zhHant)
        var settings = vault.settings
        #expect(throws: FolioError.self) { try settings.set("ai.model", to: "x") }
        #expect(t.read(".folio/config.yaml") == "language: en\nai: [unclosed\n")
        #expect(vault.loadRecords().records.count == 1)
    }

    @Test("a template with a Mustache error is named with its line; the other kinds still work")
    func badTemplate() throws {
        let t = try TemporaryVault()
        try t.write(
            ".folio/templates/recipe.md", "---\nkind: recipe\nfields:\n  serves: int\n---\n# {{title}}\n\n{{#steps}}\n- {{.}}\n{{/stepz}}\n"
        )
        let vault = Vault(root: t.root, clock: t.vault.clock)
        let warning = try #require(vault.warnings.first { $0.file == ".folio/templates/recipe.md" })
        #expect(warning.line == 10)
        #expect(vault.kinds["recipe"] == nil && vault.kinds["idea"] != nil)
    }
}

@Suite("Settings round-trip")
struct SettingsTests {
    @Test("config set keeps comments and unknown keys, refuses unknown keys and bad values")
    func roundTrip() throws {
        let t = try TemporaryVault()
        try t.write(".folio/config.yaml", "# mine\nlanguage: en   # English please\ncustom: {keep: me}\nai:\n  tone: warm # cosy\n")
        let vault = Vault(root: t.root, clock: t.vault.clock)
        try vault.changeSettings { (settings: inout Settings) throws(FolioError) in
            try settings.set("ai.model", to: "gpt-4o-mini")
            try settings.set("ai.tone", to: "minimal")
        }
        var settings = vault.settings
        #expect(
            t.read(".folio/config.yaml")
                == "# mine\nlanguage: en   # English please\ncustom: {keep: me}\nai:\n  tone: minimal # cosy\n  model: gpt-4o-mini\n")
        #expect(throws: FolioError.self) { try settings.set("ai.modle", to: "x") }
        #expect(throws: FolioError(.badSettingValue(key: "sync.interval", expected: .wholeNumber(from: 1, to: 86400), value: "soon"))) {
            try settings.set("sync.interval", to: "soon")
        }
        #expect(Vault(root: t.root, clock: t.vault.clock).settings.string("ai.model") == "gpt-4o-mini")
    }
}
