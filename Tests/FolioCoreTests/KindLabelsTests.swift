import Testing
import YAML

@testable import FolioCore

/// Issue 39: a kind's values, keys and name carry labels in both languages, and a kind computes
/// values from a record's keys that are shown and never written.
@Suite("Labels and computed values of a kind")
struct KindLabelsTests {
    static let sleep = """
        ---
        kind: sleep
        label: {zh-Hant: 睡眠, en: sleep}
        fields:
          start: {type: datetime}
          end: {type: datetime}
          location:
            type: string
            label: {zh-Hant: 地點, en: place}
            values:
              crib: {zh-Hant: 嬰兒床, en: crib}
              sofa: {zh-Hant: 沙發, en: sofa}
              arms: 抱著
              other:
        computed:
          duration_minutes: {label: {zh-Hant: 睡了多久, en: slept}, minutes: [start, end]}
        ---
        """

    func kind(_ text: String = Self.sleep) throws -> Kind {
        try Kind(template: text, source: "sleep.md", fallbackName: "sleep")
    }

    @Test("a value is typed as itself or by its label in either language, without case; the file keeps the value")
    func typedValues() throws {
        let location = try #require(try kind().field("location"))
        #expect(location.allowedValues == ["crib", "sofa", "arms", "other"])
        #expect(location.value(typed: "沙發") == "sofa")
        #expect(location.value(typed: "Sofa") == "sofa")
        #expect(location.value(typed: "crib") == "crib")
        #expect(location.value(typed: "抱著") == "arms")
        #expect(location.value(typed: "bench") == nil)
        #expect(location.shownValue("crib", .zhHant) == "嬰兒床")
        #expect(location.shownValue("other", .zhHant) == "other", "a value without a label shows as itself")
        #expect(location.shownName(.zhHant) == "地點" && location.shownName(.en) == "place")
        #expect(try kind().shownName(.zhHant) == "睡眠")
        #expect(location.allowedWithLabels.map { $0.text(.zhHant) } == ["crib（嬰兒床）", "sofa（沙發）", "arms（抱著）", "other"])
        #expect(location.allowedWithLabels.map { $0.text(.en) } == ["crib", "sofa", "arms (抱著)", "other"])
    }

    @Test("a label that names two values, or a label of the wrong shape, is refused at its template line")
    func badLabels() {
        let clash = Self.sleep.replacingOccurrences(of: "arms: 抱著", with: "arms: 沙發")
        #expect(throws: FolioError.self) { try kind(clash) }
        let valueName = Self.sleep.replacingOccurrences(of: "arms: 抱著", with: "arms: crib")
        #expect(throws: FolioError.self) { try kind(valueName) }
        let shape = Self.sleep.replacingOccurrences(of: "label: {zh-Hant: 睡眠, en: sleep}", with: "label: [睡眠]")
        do {
            _ = try kind(shape)
            Issue.record("a list as a label was taken")
        } catch {
            #expect((error as? FolioError)?.line == 3)
        }
    }

    @Test("minutes between two date-times; nothing when one is missing or the end comes first")
    func minutes() throws {
        let kind = try kind()
        func root(_ yaml: String) throws -> Value { try Parser.parse(yaml).resolved }
        let night = try root("start: 2026-11-22T20:30:00+08:00\nend: 2026-11-23T06:45:00+08:00\n")
        let values = kind.computedValues(of: night)
        #expect(values.map(\.0.name) == ["duration_minutes"] && values.map(\.1) == [.int(615)])
        #expect(values[0].0.shownValue(values[0].1, .zhHant) == "10 小時 15 分")
        #expect(values[0].0.shownValue(values[0].1, .en) == "10 h 15 min")
        #expect(kind.computedValues(of: try root("start: 2026-11-22T20:30:00+08:00\n")).isEmpty)
        #expect(kind.computedValues(of: try root("start: 2026-11-22T20:30:00+08:00\nend: 2026-11-22T19:00:00+08:00\n")).isEmpty)
        // Offsets count: 12:00 UTC is 20:00 in Taipei.
        #expect(kind.computedValues(of: try root("start: 2026-11-22T20:00:00+08:00\nend: 2026-11-22T12:30:00Z\n")).map(\.1) == [.int(30)])
    }

    @Test("a level from thresholds over a sum, a share, a ratio and a sum; never in the file")
    func formulas() throws {
        let text = """
            ---
            kind: player
            fields:
              experience: {type: int}
              bonus: {type: int}
              done: {type: int}
              all: {type: int}
              shots: {type: list}
            computed:
              level: {level: {of: [experience, bonus], thresholds: [500, 1500, 4000, 10000]}}
              rate: {share: {of: shots.result, equals: made}}
              progress: {ratio: [done, all]}
              total: {sum: [experience, bonus]}
            ---
            """
        let kind = try Kind(template: text, source: "player.md", fallbackName: "player")
        func level(_ experience: Int, _ bonus: Int = 0) throws -> Value? {
            kind.computedValues(of: try Parser.parse("experience: \(experience)\nbonus: \(bonus)\n").resolved).first {
                $0.0.name == "level"
            }?.1
        }
        #expect(try level(0) == .int(1))
        #expect(try level(499) == .int(1))
        #expect(try level(500) == .int(2))
        #expect(try level(1_400, 200) == .int(3), "the level is over the sum of its keys")
        #expect(try level(9_999) == .int(4))
        #expect(try level(25_000) == .int(5))
        let root = try Parser.parse("done: 3\nall: 4\nshots: [{result: made}, {result: missed}, {result: MADE}]\nexperience: 1\n").resolved
        let values = Dictionary(uniqueKeysWithValues: kind.computedValues(of: root).map { ($0.0.name, $0.1) })
        #expect(values["rate"] == .double(2.0 / 3.0))
        #expect(values["progress"] == .double(0.75))
        #expect(values["total"] == .int(1))
        #expect(kind.computed.first { $0.name == "level" }?.sources == ["experience", "bonus"])
        let merged = kind.withComputed(root)
        #expect(merged.key("level") == .int(1) && merged.key("progress") == .double(0.75))
    }

    @Test("a computed value named like a key, or one folio cannot read, is refused")
    func badComputed() {
        for bad in [
            "computed:\n  start: {minutes: [start, end]}\n", "computed:\n  x: {minutes: [start]}\n", "computed:\n  x: {median: start}\n",
            "computed:\n  x: {level: {of: start, thresholds: [3, 1]}}\n",
        ] {
            let text = "---\nkind: k\nfields:\n  start: {type: datetime}\n  end: {type: datetime}\n\(bad)---\n"
            #expect(throws: FolioError.self, "\(bad)") { try Kind(template: text, source: "k.md", fallbackName: "k") }
        }
    }
}
