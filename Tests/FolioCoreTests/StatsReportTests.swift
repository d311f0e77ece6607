import FolioCore
import Testing
import YAML

@Suite("stats: key paths and figures, from front matter alone")
struct StatsReportTests {
    /// A record of `kind` made on `day`.
    func record(_ kind: String, _ day: String, tags: [String] = []) -> RecordSummary {
        RecordSummary(
            path: "\(kind)/\(day).md", id: nil, kind: kind, title: day, parent: nil, tags: tags, allTags: tags,
            sortTime: Timestamp(day + "T20:00:00+08:00"), completion: .none)
    }

    /// A billiard training: its length, and shots each with a power and a result.
    func training(minutes: Value, shots: [(Int, String)]) -> Value {
        .map([
            ("kind", .string("training")), ("duration_minutes", minutes),
            ("shots", .list(shots.map { .map([("power", .int($0.0)), ("result", .string($0.1))]) })),
        ])
    }

    @Test("key paths: a key, a list's length, a key of every map in a list, a bare key that only lists hold")
    func keyPaths() {
        let roots = [
            training(minutes: .int(45), shots: [(3, "made"), (5, "missed")]), training(minutes: .double(30.5), shots: [(4, "made")]),
        ]
        #expect(FieldPath("duration_minutes", roots: roots).numbers(in: roots[1]).map(\.value) == [30.5])
        #expect(FieldPath("shots.count", roots: roots).numbers(in: roots[0]).map(\.value) == [2])
        #expect(FieldPath("shots", roots: roots).numbers(in: roots[0]).map(\.value) == [2])
        #expect(FieldPath("shots.power", roots: roots).numbers(in: roots[0]).map(\.value) == [3, 5])
        #expect(FieldPath("power", roots: roots).numbers(in: roots[0]).map(\.value) == [3, 5])
        #expect(!FieldPath("nothing", roots: roots).hasNumbers(in: roots))
        #expect(FieldPath.discover(in: roots) == ["duration_minutes", "shots.count", "shots.power"])
        #expect(FieldPath.isValid("a.b") && !FieldPath.isValid("a..b") && !FieldPath.isValid("") && !FieldPath.isValid(".a"))
    }

    @Test("sums, averages, minimum and maximum; rates and counts; a quoted number is text")
    func figures() {
        let records = [record("training", "2026-11-02"), record("training", "2026-11-20"), record("training", "2026-12-01")]
        let roots = [
            training(minutes: .int(45), shots: [(3, "made"), (5, "missed")]),
            training(minutes: .string("30"), shots: [(4, "MADE")]),
            training(minutes: .int(15), shots: []),
        ]
        let request = StatsRequest(
            kind: "training", sums: ["duration_minutes"], rates: [(key: "shots.result", value: "made")], counts: ["shots.result"],
            by: .period(.month))
        let report = StatsReport(request, records: records, roots: roots, tagCounts: [], kind: nil)
        #expect(report.total == 3)
        #expect(report.byMonth.map(\.0) == ["2026-11", "2026-12"] && report.byMonth.map(\.1) == [2, 1])
        let minutes = report.overall.fields[0]
        #expect(report.fields.map(\.name) == ["duration_minutes"])
        #expect(minutes.count == 2 && minutes.sum == 60 && minutes.average == 30 && minutes.min == 15 && minutes.max == 45)
        #expect(minutes.allIntegers)
        #expect(report.overall.rates[0].matched == 2 && report.overall.rates[0].total == 3)
        #expect(report.counts[0].ordered(report.overall.counts[0]).map(\.0) == ["MADE", "made", "missed"])
        #expect(report.periods.map(\.0) == ["2026-11", "2026-12"])
        #expect(report.periods[0].1.records == 2 && report.periods[0].1.fields[0].sum == 45)
        #expect(report.countsByMonth.map(\.0) == ["2026-11", "2026-12"])
        #expect(report.unvalued.isEmpty)
    }

    @Test("with a kind and no key named, every numeric key is reported, and the kind's listed values are counted, in their order")
    func discoveredAndListed() throws {
        let qa = try Kind(template: try #require(BuiltinTemplates.kinds["qa"]), source: "qa.md", fallbackName: "qa")
        let records = [record("qa", "2026-11-01"), record("qa", "2026-11-02")]
        let roots: [Value] = [
            .map([("answer_type", .string("negative")), ("confidence", .int(2))]),
            .map([("answer_type", .string("negative")), ("confidence", .int(4))]),
        ]
        let report = StatsReport(StatsRequest(kind: "qa"), records: records, roots: roots, tagCounts: [("rain", 2)], kind: qa)
        #expect(report.fields.map(\.name) == ["confidence"])
        #expect(report.counts.map(\.name) == ["answer_type", "source"])
        #expect(report.counts[0].ordered(report.overall.counts[0]).map(\.1) == [0, 0, 2])
        #expect(report.byTag.map(\.0) == ["rain"])
    }

    @Test("a key asked for by name that no record holds a number at is named, not silently zero")
    func unvalued() {
        let request = StatsRequest(kind: nil, sums: ["distance"], averages: ["distance", "duration_minutes"])
        let roots = [training(minutes: .int(10), shots: [])]
        let report = StatsReport(request, records: [record("training", "2026-11-02")], roots: roots, tagCounts: [], kind: nil)
        #expect(report.fields.map(\.name) == ["distance", "duration_minutes"])
        #expect(report.unvalued == ["distance"])
    }

    @Test("ISO weeks and years as periods")
    func periods() throws {
        let time = try #require(Timestamp("2021-01-01T09:00:00+08:00"))
        #expect(StatsPeriod.week.key(for: time) == "2020-W53")
        #expect(StatsPeriod.year.key(for: time) == "2021")
        #expect(StatsPeriod.month.key(for: time) == "2021-01")
    }

    @Test("--by day, and --by a key: the figures per course, a record in each of its values")
    func byDayAndKey() {
        let records = [record("training", "2026-11-02"), record("training", "2026-11-02"), record("training", "2026-11-05")]
        var roots = [
            training(minutes: .int(45), shots: [(3, "made"), (5, "missed")]),
            training(minutes: .int(30), shots: [(4, "made")]),
            training(minutes: .int(15), shots: []),
        ]
        let byDay = StatsReport(
            StatsRequest(kind: "training", sums: ["duration_minutes"], by: .period(.day)), records: records, roots: roots, tagCounts: [],
            kind: nil)
        #expect(byDay.periods.map(\.0) == ["2026-11-02", "2026-11-05"])
        #expect(byDay.periods.map { $0.1.fields[0].sum } == [75, 15])
        func course(_ name: String, _ root: Value) -> Value {
            guard case .map(let pairs) = root else { return root }
            return .map(pairs + [("course", .string(name))])
        }
        roots = [course("cut", roots[0]), course("bank", roots[1]), roots[2]]
        let byCourse = StatsReport(
            StatsRequest(kind: "training", rates: [(key: "shots.result", value: "made")], by: .key("course")), records: records,
            roots: roots,
            tagCounts: [], kind: nil)
        #expect(byCourse.periods.map(\.0) == ["bank", "cut"], "a record without the key is in no group")
        #expect(byCourse.periods.map { $0.1.rates[0].rate } == [1, 0.5])
        #expect(StatsGrouping("day") == .period(.day) && StatsGrouping("course") == .key("course") && StatsGrouping("a..b") == nil)
    }

    @Test("a chart's numbers: sleep per day across the week, a rate per course over time, answer types")
    func charts() throws {
        let sleep = try Kind(
            template: """
                ---
                kind: sleep
                fields:
                  start: {type: datetime}
                  end: {type: datetime}
                computed:
                  slept: {label: {zh-Hant: 睡了多久}, minutes: [start, end]}
                ---
                """, source: "sleep.md", fallbackName: "sleep")
        func night(_ start: String, _ end: String) throws -> (time: Timestamp?, root: Value) {
            (Timestamp(start), try Parser.parse("start: \(start)\nend: \(end)\n").resolved)
        }
        let nights = [
            try night("2026-11-20T20:00:00+08:00", "2026-11-21T06:00:00+08:00"),
            try night("2026-11-22T13:00:00+08:00", "2026-11-22T14:30:00+08:00"),
            try night("2026-11-22T20:00:00+08:00", "2026-11-23T05:00:00+08:00"),
        ]
        let week = ChartData(ChartSpec(shape: .bars(key: "slept", by: .day, last: 7)), kind: sleep, records: nights, language: .zhHant)
        #expect(week.title == "睡了多久")
        guard case .bars(let bars) = week.body else {
            Issue.record("not bars")
            return
        }
        #expect(bars.map(\.label) == ["11/16 一", "11/17 二", "11/18 三", "11/19 四", "11/20 五", "11/21 六", "11/22 日"])
        #expect(bars.map(\.value) == [0, 0, 0, 0, 600, 0, 630])
        #expect(bars.last?.shown == "10 小時 30 分" && bars.first?.shown == "")

        let qa = try Kind(template: BuiltinTemplates.kinds["qa"] ?? "", source: "qa.md", fallbackName: "qa")
        let answers = try ["affirmative", "negative", "negative"].map {
            (Timestamp("2026-11-22T10:00:00+08:00"), try Parser.parse("answer_type: \($0)\n").resolved)
        }
        let types = ChartData(try #require(qa.charts.first), kind: qa, records: answers, language: .zhHant)
        #expect(
            types.body
                == .counts([
                    .init(label: "正面", value: 1, shown: "1"), .init(label: "中立", value: 0, shown: "0"),
                    .init(label: "負面", value: 2, shown: "2"),
                ]))
    }

    @Test("charts from front matter cut to the keys they name, computed values made first, are the charts of the whole")
    func chartsFromCutRecords() throws {
        // Every example kind and built-in kind that draws charts, with generated records: some
        // without the keys, some with shots made and missed, values of every type.
        var kinds: [Kind] = []
        for (set, templates) in BuiltinTemplates.examples {
            for (name, text) in templates { kinds.append(try Kind(template: text, source: "\(set)/\(name).md", fallbackName: name)) }
        }
        for (name, text) in BuiltinTemplates.kinds { kinds.append(try Kind(template: text, source: "\(name).md", fallbackName: name)) }
        var generator = SystemRandomNumberGenerator()
        var drawn = 0
        for kind in kinds where !kind.charts.isEmpty {
            var records: [(time: Timestamp?, root: Value)] = []
            for n in 0..<200 {
                let day = 1 + n % 28
                var yaml = "date: 2026-11-\(String(format: "%02d", day))T10:00:00+08:00\n"
                yaml +=
                    "start: 2026-11-\(String(format: "%02d", day))T20:00:00+08:00\nend: 2026-11-\(String(format: "%02d", min(28, day + 1)))T0\(n % 9):00:00+08:00\n"
                if n % 5 != 0 { yaml += "course: \(["bank", "cut", "break"][n % 3])\n" }
                yaml += "amount_ml: \(Int.random(in: 0...240, using: &generator))\nduration_minutes: \(n % 90)\n"
                yaml +=
                    "reason: \(["hungry", "noise", "diaper", "unknown"][n % 4])\nanswer_type: \(["affirmative", "negative", "neutral"][n % 3])\n"
                if n % 7 != 0 {
                    yaml += "shots:\n"
                    for shot in 0..<(n % 11) {
                        yaml += "  - {position: \(shot), power: 0.\(shot), result: \(shot % 3 == 0 ? "missed" : "made")}\n"
                    }
                }
                let time = n % 13 == 0 ? nil : Timestamp("2026-11-\(String(format: "%02d", day))T10:00:00+08:00")
                records.append((time, try Parser.parse(yaml).resolved))
            }
            let cut = records.map { ($0.time, kind.chartRoot($0.root)) }
            for spec in kind.charts {
                for language in [Language.zhHant, .en] {
                    #expect(
                        ChartData(spec, kind: kind, computedRecords: cut, language: language)
                            == ChartData(spec, kind: kind, records: records, language: language), "\(kind.name): \(spec)")
                    drawn += 1
                }
            }
        }
        #expect(drawn >= 8, "the example kinds' charts were drawn: \(drawn)")
    }
}
