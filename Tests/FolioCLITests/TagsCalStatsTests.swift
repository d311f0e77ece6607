import Foundation
import Testing

/// Writes a record file by hand, as an editor or another device would.
private func writeRecord(
    _ folio: FolioProcess, _ path: String, id: Int, kind: String, title: String, created: String,
    tags: [String] = [], fields: String = "", body: String = ""
) throws {
    let text = """
        ---
        id: \(String(format: "00000000-0000-4000-8000-%012d", id))
        kind: \(kind)
        title: \(title)
        created: \(created)
        modified: \(created)
        tags: [\(tags.joined(separator: ", "))]
        \(fields)---
        \(body)
        """
    try folio.write(path, text)
}

/// Splits a line of a table into its cells (cells hold no spaces in these tests).
private func cells(_ line: Substring) -> [String] {
    line.split(separator: " ").map(String.init)
}

@Suite("folio tags")
struct TagsCommandTests {
    /// Four records over two years; inline tags, front matter tags, and the same tag in two cases.
    static func vault(language: String = "en") throws -> FolioProcess {
        let folio = try FolioProcess.vault(language: language)
        #expect(try folio.run("new", "diary", "--title", "開始", "--body", "#Work 開始 `#code` ## 不是標題", "--date", "2025-06-01").status == 0)
        #expect(try folio.run("new", "diary", "--title", "散步", "--body", "走路 #walk #rain", "--date", "2026-11-03").status == 0)
        #expect(try folio.run("idea", "計畫", "--desc", "今天#工作#很累 #work", "--tag", "rain").status == 0)
        #expect(
            try folio.run("new", "idea", "--title", "買菜", "--body", "plain", "--tag", "walk", "--tag", "Rain", "--date", "2026-11-20")
                .status == 0)
        return folio
    }

    @Test("every tag, inline ones too, with its count and last use; \"All\" first; newest use first")
    func textOutput() throws {
        let folio = try Self.vault()
        let result = try folio.run("tags")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                All    4
                #rain  3  2026-11-22
                #Work  2  2026-11-22
                #工作  1  2026-11-22
                #walk  2  2026-11-20

                """)
    }

    @Test("--json is [{tag, count, last_used}] without the All entry; tags merge ignoring case, spelled as the oldest record")
    func json() throws {
        let folio = try Self.vault()
        let result = try folio.run("tags", "--json")
        #expect(
            result.stdout == """
                [{"tag":"rain","count":3,"last_used":"2026-11-22"},{"tag":"Work","count":2,"last_used":"2026-11-22"},\
                {"tag":"工作","count":1,"last_used":"2026-11-22"},{"tag":"walk","count":2,"last_used":"2026-11-20"}]

                """)
    }

    @Test("--sort count and --sort name")
    func sorting() throws {
        let folio = try Self.vault()
        let byCount = try #require(try folio.json("tags", "--sort", "count", "--json") as? [[String: Any]])
        #expect(byCount.compactMap { $0["tag"] as? String } == ["rain", "walk", "Work", "工作"])
        let byName = try #require(try folio.json("tags", "--sort", "name", "--json") as? [[String: Any]])
        #expect(byName.compactMap { $0["tag"] as? String } == ["rain", "walk", "Work", "工作"])
        let bad = try folio.run("tags", "--sort", "size")
        #expect(bad.status == 2 && bad.stderr.contains("size"))
    }

    @Test("--kind counts only that kind's records; the profile is never a record here")
    func kindFilter() throws {
        let folio = try Self.vault()
        let result = try folio.run("tags", "--kind", "diary")
        #expect(
            result.stdout == """
                All    2
                #rain  1  2026-11-03
                #walk  1  2026-11-03
                #Work  1  2025-06-01

                """)
        #expect(try folio.run("tags", "--kind", "recipe").stderr.contains("unknown kind 'recipe'"))
    }

    @Test("in a zh-Hant vault the first line is 全部, and a vault without tags shows only it")
    func chinese() throws {
        let folio = try Self.vault(language: "zh-Hant")
        #expect(try folio.run("tags").stdout.hasPrefix("全部   4\n#rain  3  2026-11-22\n"))
        let empty = try FolioProcess.vault(language: "zh-Hant")
        #expect(try empty.run("tags").stdout == "全部  0\n")
        #expect(try empty.run("tags", "--json").stdout == "[]\n")
    }
}

@Suite("folio cal")
struct CalCommandTests {
    /// November 2026: one record on the 3rd, two on the 22nd (today), and records in other months and years.
    static func vault(language: String = "en") throws -> FolioProcess {
        var folio = try FolioProcess.vault(language: language)
        folio.environment["LC_ALL"] = ""
        folio.environment["LC_TIME"] = ""
        folio.environment["LANG"] = "C.UTF-8"
        #expect(try folio.run("new", "diary", "--title", "三號", "--date", "2026-11-03").status == 0)
        #expect(try folio.run("idea", "今天一").status == 0)
        #expect(try folio.run("idea", "今天二").status == 0)
        #expect(try folio.run("new", "diary", "--title", "十月", "--date", "2026-10-05").status == 0)
        #expect(try folio.run("new", "diary", "--title", "去年", "--date", "2025-11-22").status == 0)
        return folio
    }

    @Test("cal 2026-11 --json lists the days with records and their counts; the profile is left out")
    func monthJSON() throws {
        let folio = try Self.vault()
        let result = try folio.run("cal", "2026-11", "--json")
        #expect(
            result.stdout == """
                {"month":"2026-11","days":[{"date":"2026-11-03","count":1},{"date":"2026-11-22","count":2}]}

                """)
        #expect(try folio.run("cal", "--json").stdout == result.stdout, "the default is the current month")
        #expect(try folio.run("cal", "2026-09", "--json").stdout == "{\"month\":\"2026-09\",\"days\":[]}\n")
        #expect(
            try folio.run("cal", "2026-11", "--kind", "idea", "--json").stdout
                == "{\"month\":\"2026-11\",\"days\":[{\"date\":\"2026-11-22\",\"count\":2}]}\n")
    }

    @Test("the month grid: weekday names, the first row for a Monday and a Sunday start, today in brackets, counts under it")
    func monthGrid() throws {
        let folio = try Self.vault()
        let monday = try folio.run("cal", "2026-11", "--week-start", "monday").stdout.split(
            separator: "\n", omittingEmptySubsequences: false)
        #expect(monday[0] == "           November 2026")
        #expect(monday[1] == " Mo   Tu   We   Th   Fr   Sa   Su")
        #expect(monday[2] == String(repeating: " ", count: 32) + "1", "1 November 2026 is a Sunday")
        #expect(monday[3] == "  2    3*   4    5    6    7    8")
        #expect(monday[5] == " 16   17   18   19   20   21  [22]*")
        #expect(monday.suffix(3) == ["3 records on 2 days:", "3 (1)  22 (2)", ""])

        let sunday = try folio.run("cal", "2026-11", "--week-start", "sunday").stdout.split(separator: "\n")
        #expect(sunday[1] == " Su   Mo   Tu   We   Th   Fr   Sa")
        #expect(sunday[2] == "  1    2    3*   4    5    6    7")
        #expect(sunday[5] == "[22]* 23   24   25   26   27   28")
        #expect(sunday[6] == " 29   30")
    }

    @Test("the week starts as the locale's region does: en_US and zh_TW on Sunday, de_DE and no region on Monday")
    func weekStartFromLocale() throws {
        var folio = try Self.vault()
        func firstWeekday() throws -> Substring {
            let lines = try folio.run("cal", "2026-11").stdout.split(separator: "\n")
            return lines[1].split(separator: " ").first ?? ""
        }
        #expect(try firstWeekday() == "Mo", "C.UTF-8 has no region")
        folio.environment["LANG"] = "en_US.UTF-8"
        #expect(try firstWeekday() == "Su")
        folio.environment["LANG"] = "de_DE.UTF-8"
        #expect(try firstWeekday() == "Mo")
        folio.environment["LC_ALL"] = "zh_TW.UTF-8"
        #expect(try firstWeekday() == "Su", "LC_ALL comes before LANG")
        folio.environment["LC_TIME"] = "en_GB.UTF-8"
        #expect(try firstWeekday() == "Su", "LC_ALL comes before LC_TIME")
        folio.environment["LC_ALL"] = ""
        #expect(try firstWeekday() == "Mo", "LC_TIME comes before LANG")
        let forced = try folio.run("cal", "2026-11", "--week-start", "sunday").stdout.split(separator: "\n")
        #expect(forced[1].hasPrefix(" Su"))
    }

    @Test("in a zh-Hant vault: 2026年11月, 日一二三四五六, and counts in Chinese")
    func chinese() throws {
        let folio = try Self.vault(language: "zh-Hant")
        let lines = try folio.run("cal", "2026-11", "--week-start", "sunday").stdout.split(separator: "\n")
        #expect(lines[0] == "            2026年11月")
        #expect(lines[1] == " 日   一   二   三   四   五   六")
        #expect(lines[2] == "  1    2    3*   4    5    6    7")
        #expect(lines.suffix(2) == ["2 天有紀錄，共 3 筆：", "3日 1 筆  22日 2 筆"])
        let english = try folio.run("cal", "2026-11", "--lang", "en", "--week-start", "monday").stdout
        #expect(english.hasPrefix("           November 2026\n Mo   Tu"))
    }

    @Test("cal 2026 shows twelve months with their counts and the days that have records")
    func year() throws {
        let folio = try Self.vault()
        let text = try folio.run("cal", "2026", "--week-start", "monday").stdout
        let lines = text.split(separator: "\n")
        #expect(lines[0].trimmingCharacters(in: .whitespaces) == "2026")
        for month in ["January", "February", "March", "April", "May", "June", "July", "August", "September", "December"] {
            #expect(text.contains(month) && !text.contains(month + " ("), "\(month)")
        }
        #expect(text.contains("October (1)") && text.contains("November (3)"))
        // October and November side by side: the week of 5 October, and the week of 2 November.
        #expect(lines.contains { $0.hasPrefix("  5*  6   7   8   9  10  11      2   3*  4   5   6   7   8") })
        #expect(lines.contains { $0.contains(" 16  17  18  19  20  21 [22]") })
        #expect(lines.last == "4 records on 3 days (marked *).")

        let json = try #require(try folio.json("cal", "2026", "--json") as? [String: Any])
        #expect(json["year"] as? String == "2026")
        let months = try #require(json["months"] as? [[String: Any]])
        #expect(months.compactMap { $0["month"] as? String } == (1...12).map { String(format: "2026-%02d", $0) })
        let counts = months.map { ($0["days"] as? [[String: Any]] ?? []).reduce(0) { $0 + ($1["count"] as? Int ?? 0) } }
        #expect(counts == [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 3, 0])
        #expect(try folio.run("cal", "2025", "--json").stdout.contains("{\"date\":\"2025-11-22\",\"count\":1}"))
    }

    @Test("a bad month or year is a clear error in the vault's language")
    func badArguments() throws {
        let folio = try Self.vault()
        for bad in ["2026-13", "abc", "2026-1", "26", "2026-00", "2026-11-22"] {
            let result = try folio.run("cal", bad)
            #expect(result.status == 1 && result.stdout.isEmpty, "\(bad)")
            #expect(result.stderr == "error: '\(bad)' is not a month or a year: write YYYY-MM (such as 2026-11) or YYYY (such as 2026).\n")
        }
        #expect(try folio.run("cal", "abc", "--lang", "zh-Hant").stderr.hasPrefix("錯誤: 「abc」不是月份或年份"))
        let usage = try folio.run("cal", "--week-start", "tuesday")
        #expect(usage.status == 2 && usage.stderr.contains("tuesday"))
    }
}

@Suite("folio list --on-this-day")
struct OnThisDayTests {
    @Test("records made on today's month and day in earlier years, newest first, with the other filters")
    func onThisDay() throws {
        let folio = try FolioProcess.vault()
        #expect(try folio.run("new", "diary", "--title", "去年今天", "--date", "2025-11-22", "--tag", "rain").status == 0)
        #expect(try folio.run("new", "diary", "--title", "前年今天", "--date", "2024-11-22").status == 0)
        #expect(try folio.run("new", "idea", "--title", "前年的想法", "--date", "2024-11-22").status == 0)
        #expect(try folio.run("new", "diary", "--title", "去年昨天", "--date", "2025-11-21").status == 0)
        #expect(try folio.run("new", "diary", "--title", "今天").status == 0)

        let all = try #require(try folio.json("list", "--on-this-day", "--json") as? [[String: Any]])
        // Two on the same day come in the order of their paths, as `list` sorts.
        #expect(all.compactMap { $0["title"] as? String } == ["去年今天", "前年今天", "前年的想法"])
        let diaries = try #require(try folio.json("list", "diary", "--on-this-day", "--json") as? [[String: Any]])
        #expect(diaries.compactMap { $0["title"] as? String } == ["去年今天", "前年今天"])
        let tagged = try #require(try folio.json("list", "--on-this-day", "--tag", "rain", "--json") as? [[String: Any]])
        #expect(tagged.compactMap { $0["title"] as? String } == ["去年今天"])
        let text = try folio.run("list", "--on-this-day", "-n", "1")
        #expect(text.stdout.hasPrefix("2025-11-22  diary") && text.stdout.contains("去年今天"))
    }

    @Test("on 28 February of a common year, 29 February of a leap year shows too")
    func leapDay() throws {
        var folio = try FolioProcess.vault()
        #expect(try folio.run("new", "diary", "--title", "閏日", "--date", "2024-02-29").status == 0)
        #expect(try folio.run("new", "diary", "--title", "二月底", "--date", "2025-02-28").status == 0)
        folio.environment["FOLIO_NOW"] = "2027-02-28T09:00:00+08:00"
        let titles = try #require(try folio.json("list", "--on-this-day", "--json") as? [[String: Any]]).compactMap {
            $0["title"] as? String
        }
        #expect(titles == ["二月底", "閏日"])
        folio.environment["FOLIO_NOW"] = "2028-02-28T09:00:00+08:00"
        let leapYear = try #require(try folio.json("list", "--on-this-day", "--json") as? [[String: Any]]).compactMap {
            $0["title"] as? String
        }
        #expect(leapYear == ["二月底"])
    }
}

@Suite("folio stats")
struct StatsCommandTests {
    @Test("counts by kind, month and tag; the profile only when asked for")
    func counts() throws {
        let folio = try FolioProcess.vault()
        #expect(try folio.run("idea", "一", "--desc", "#work 事情", "--tag", "home").status == 0)
        #expect(try folio.run("new", "idea", "--title", "二", "--tag", "Work", "--date", "2026-10-02").status == 0)
        #expect(try folio.run("new", "diary", "--title", "三", "--body", "下雨 #rain #work", "--date", "2026-10-12").status == 0)
        let json = try #require(try folio.json("stats", "--json") as? [String: Any])
        #expect(json["total"] as? Int == 3)
        #expect(json["by_kind"] as? [String: Int] == ["idea": 2, "diary": 1])
        #expect(json["by_month"] as? [String: Int] == ["2026-10": 2, "2026-11": 1])
        #expect(json["by_tag"] as? [String: Int] == ["Work": 3, "home": 1, "rain": 1])
        #expect((json["fields"] as? [String: Any])?.isEmpty == true)
        let raw = try folio.run("stats", "--json").stdout
        #expect(
            raw.hasPrefix(
                "{\"total\":3,\"by_kind\":{\"idea\":2,\"diary\":1},\"by_month\":{\"2026-10\":2,\"2026-11\":1},\"by_tag\":{\"Work\":3,"))

        let text = try folio.run("stats").stdout.split(separator: "\n")
        #expect(
            text == ["records   3", "by kind   idea 2  diary 1", "by month  2026-10 2  2026-11 1", "top tags  #Work 3  #home 1  #rain 1"])
        let profile = try #require(try folio.json("stats", "profile", "--json") as? [String: Any])
        #expect(profile["total"] as? Int == 1 && profile["by_kind"] as? [String: Int] == ["profile": 1])
        #expect(try folio.run("stats", "recipe").stderr.contains("unknown kind 'recipe'"))
    }

    /// Four billiard sessions: three written by hand (block and flow shots), one through `folio new`.
    static func billiardVault(language: String = "en") throws -> FolioProcess {
        let folio = try FolioProcess.vault(language: language)
        #expect(try folio.run("kinds", "add", "billiard-trainer").status == 0)
        try writeRecord(
            folio, "billiard/training/2026/10/2026-10-05-straight.md", id: 1, kind: "training", title: "直線球",
            created: "2026-10-05T19:00:00+08:00", tags: ["drill"],
            fields: """
                course: straight
                duration_minutes: 30
                shots:
                  - time: "19:00"
                    position: center
                    spin: top
                    power: 0.5
                    result: made
                  - {time: "19:02", position: rail, spin: back, power: 0.7, result: missed}
                  - {time: "19:05", position: center, spin: none, power: 0.6, result: made}

                """)
        try writeRecord(
            folio, "billiard/training/2026/10/2026-10-20-cut.md", id: 2, kind: "training", title: "切球",
            created: "2026-10-20T20:00:00+08:00", tags: ["drill", "cut"],
            fields: """
                course: cut
                duration_minutes: 45
                shots: [{power: 0.8, result: made}, {power: 0.4, result: made}]

                """)
        try writeRecord(
            folio, "billiard/training/2026/11/2026-11-02-bank.md", id: 3, kind: "training", title: "翻袋",
            created: "2026-11-02T21:00:00+08:00",
            fields: """
                course: bank
                duration_minutes: 60
                shots:
                  - {power: 0.9, result: missed}
                  - {power: 0.5, result: missed}
                  - {power: 0.7, result: made}
                  - {power: 0.6, result: made}

                """)
        let added = try folio.run(
            "new", "training", "--date", "2026-11-15", "--field", "course=straight", "--field", "duration_minutes=20",
            "--field", "shots=[{time: \"18:00\", position: center, spin: top, power: 0.5, result: made}]")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try folio.run("idea", "不是訓練").status == 0)
        return folio
    }

    @Test("the billiard example: sessions, shots and success rate per month, with exact sums, averages, minimums and maximums")
    func billiardPerMonth() throws {
        let folio = try Self.billiardVault()
        let json = try #require(
            try folio.json("stats", "training", "--sum", "shots.count", "--rate", "shots.result=made", "--by", "month", "--json")
                as? [String: Any])
        #expect(json["total"] as? Int == 4)
        #expect(json["by_kind"] as? [String: Int] == ["training": 4])
        #expect(json["by_month"] as? [String: Int] == ["2026-10": 2, "2026-11": 2])
        #expect(json["by_tag"] as? [String: Int] == ["drill": 2, "cut": 1])
        let fields = try #require(json["fields"] as? [String: [String: Double]])
        #expect(fields == ["shots.count": ["sum": 10, "avg": 2.5, "min": 1, "max": 4, "count": 4]])
        let rates = try #require(json["rates"] as? [String: [String: Double]])
        #expect(rates == ["shots.result=made": ["matched": 7, "total": 10, "rate": 0.7]])
        #expect(json["by"] as? String == "month")
        let periods = try #require(json["by_period"] as? [String: [String: Any]])
        #expect(periods.keys.sorted() == ["2026-10", "2026-11"])
        #expect(periods["2026-10"]?["total"] as? Int == 2)
        #expect(
            periods["2026-10"]?["fields"] as? [String: [String: Double]] == [
                "shots.count": ["sum": 5, "avg": 2.5, "min": 2, "max": 3, "count": 2]
            ])
        #expect(
            periods["2026-10"]?["rates"] as? [String: [String: Double]] == ["shots.result=made": ["matched": 4, "total": 5, "rate": 0.8]])
        #expect(
            periods["2026-11"]?["fields"] as? [String: [String: Double]] == [
                "shots.count": ["sum": 5, "avg": 2.5, "min": 1, "max": 4, "count": 2]
            ])
        #expect(
            periods["2026-11"]?["rates"] as? [String: [String: Double]] == ["shots.result=made": ["matched": 3, "total": 5, "rate": 0.6]])

        let text = try folio.run("stats", "training", "--sum", "shots.count", "--rate", "shots.result=made", "--by", "month")
        #expect(text.status == 0 && text.stderr.isEmpty, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.map(cells).contains(["shots.count", "4", "10", "2.5", "1", "4"]))
        #expect(lines.map(cells).contains(["shots.result=made", "7/10", "70.0%"]))
        #expect(lines.map(cells).contains(["month", "records", "shots.count", "sum", "shots.result=made"]))
        #expect(lines.map(cells).contains(["2026-10", "2", "5", "4/5", "80.0%"]))
        #expect(lines.map(cells).contains(["2026-11", "2", "5", "3/5", "60.0%"]))
    }

    @Test("a kind alone reports every numeric key and list length; items' keys aggregate over all shots")
    func automaticFields() throws {
        let folio = try Self.billiardVault()
        let json = try #require(try folio.json("stats", "training", "--json") as? [String: Any])
        let fields = try #require(json["fields"] as? [String: [String: Double]])
        #expect(fields.keys.sorted() == ["duration_minutes", "shots.count", "shots.power"])
        #expect(fields["duration_minutes"] == ["sum": 155, "avg": 38.75, "min": 20, "max": 60, "count": 4])
        #expect(fields["shots.power"] == ["sum": 6.2, "avg": 0.62, "min": 0.4, "max": 0.9, "count": 10])
        let raw = try folio.run("stats", "training", "--json").stdout
        #expect(
            raw.contains("\"fields\":{\"duration_minutes\":{\"sum\":155,\"avg\":38.75,\"min\":20,\"max\":60,\"count\":4},\"shots.count\":"))

        // A bare key that no session has at the top names the shots' key; --avg and --sum pick keys.
        let bare = try #require(
            try folio.json("stats", "training", "--avg", "power", "--sum", "duration_minutes", "--json") as? [String: Any])
        let bareFields = try #require(bare["fields"] as? [String: [String: Double]])
        #expect(bareFields["power"] == fields["shots.power"])
        #expect(bareFields["duration_minutes"] == fields["duration_minutes"])
        #expect(bare["rates"] as? [String: Any] != nil)

        let text = try folio.run("stats", "training", "--avg", "shots.power", "--by", "month").stdout.split(separator: "\n")
        #expect(text.map(cells).contains(["2026-10", "2", "0.6"]))
        #expect(text.map(cells).contains(["2026-11", "2", "0.64"]))
    }

    @Test("--by week and year, a rate over records, a key nothing has, and a broken file skipped with a warning")
    func periodsAndEdges() throws {
        let folio = try Self.billiardVault()
        let weeks = try #require(try folio.json("stats", "training", "--by", "week", "--json") as? [String: Any])
        #expect((weeks["by_period"] as? [String: Any])?.keys.sorted() == ["2026-W41", "2026-W43", "2026-W45", "2026-W46"])
        let years = try #require(try folio.json("stats", "--by", "year", "--rate", "course=straight", "--json") as? [String: Any])
        #expect((years["by_period"] as? [String: [String: Any]])?["2026"]?["total"] as? Int == 5)
        #expect(years["rates"] as? [String: [String: Double]] == ["course=straight": ["matched": 2, "total": 4, "rate": 0.5]])

        let missing = try folio.run("stats", "training", "--sum", "distance")
        #expect(missing.status == 0 && missing.stderr.contains("warning: no record has a number at 'distance'"))
        #expect(missing.stdout.split(separator: "\n").map(cells).contains(["distance", "0", "-", "-", "-", "-"]))

        try folio.write("billiard/training/2026/11/2026-11-30-broken.md", "---\nkind: training\ntitle: [unclosed\n---\n")
        let withBroken = try folio.run("stats", "training", "--json")
        #expect(withBroken.status == 0)
        #expect(withBroken.stderr.contains("2026-11-30-broken.md:"))
        #expect(withBroken.stdout.hasPrefix("{\"total\":4,"))
        #expect(try folio.run("stats", "--rate", "result").status == 1)
        #expect(try folio.run("stats", "--sum", "shots..count").status == 2)
    }

    @Test("in a zh-Hant vault the labels and headings are Chinese")
    func chinese() throws {
        let folio = try Self.billiardVault(language: "zh-Hant")
        let lines = try folio.run("stats", "training", "--sum", "shots.count", "--rate", "shots.result=made", "--by", "month").stdout.split(
            separator: "\n")
        #expect(lines.first.map(cells) == ["紀錄", "4"])
        #expect(lines.map(cells).contains(["欄位", "筆數", "總和", "平均", "最小", "最大"]))
        #expect(lines.map(cells).contains(["月份", "紀錄", "shots.count", "總和", "shots.result=made"]))
        #expect(lines.map(cells).contains(["2026-11", "2", "5", "3/5", "60.0%"]))
    }
}

/// `--kind`, `--tag`, `--since`, `--until`, `--on`, `--on-this-day`, `--open` and `--done` are one
/// option group: every command that takes many records takes the same ones by them.
@Suite("the shared filters")
struct SharedFilterTests {
    /// Six records over two years: ideas open and done, diaries, tags in front matter and inline.
    static func vault() throws -> FolioProcess {
        let folio = try FolioProcess.vault()
        #expect(try folio.run("new", "diary", "--title", "去年今天", "--body", "#walk", "--date", "2025-11-22").status == 0)
        #expect(try folio.run("new", "diary", "--title", "散步", "--body", "走路 #walk #rain", "--date", "2026-11-03").status == 0)
        #expect(try folio.run("new", "idea", "--title", "舊想法", "--tag", "walk", "--date", "2026-08-01").status == 0)
        #expect(try folio.run("new", "idea", "--title", "買菜", "--tag", "walk", "--tag", "Rain", "--date", "2026-11-20").status == 0)
        #expect(try folio.run("new", "idea", "--title", "寫信", "--tag", "walk", "--date", "2026-11-21").status == 0)
        #expect(try folio.run("done", "寫信").status == 0)
        #expect(try folio.run("new", "idea", "--title", "無標籤", "--date", "2026-11-21").status == 0)
        return folio
    }

    /// The titles each command takes with `filters`, as its JSON tells.
    private func taken(_ folio: FolioProcess, _ filters: [String]) throws -> [String: [String]] {
        let list = try folio.json(["list", "--json"] + filters) as? [[String: Any]] ?? []
        let plan = try folio.json(["rm", "--dry-run", "--json"] + filters) as? [String: Any] ?? [:]
        let removed = plan["remove"] as? [[String: Any]] ?? []
        return [
            "list": list.compactMap { $0["title"] as? String }.sorted(),
            "rm": removed.compactMap { $0["title"] as? String }.sorted(),
        ]
    }

    private func counts(_ folio: FolioProcess, _ filters: [String]) throws -> [String: Int] {
        let stats = try folio.json(["stats", "--json"] + filters) as? [String: Any] ?? [:]
        let cal = try folio.json(["cal", "2026", "--json"] + filters) as? [String: Any] ?? [:]
        let days = (cal["months"] as? [[String: Any]] ?? []).flatMap { $0["days"] as? [[String: Any]] ?? [] }
        let tags = try folio.json(["tags", "--json"] + filters) as? [[String: Any]] ?? []
        return [
            "stats": stats["total"] as? Int ?? -1,
            "cal 2026": days.reduce(0) { $0 + ($1["count"] as? Int ?? 0) },
            "tags #walk": tags.first { ($0["tag"] as? String)?.lowercased() == "walk" }?["count"] as? Int ?? 0,
        ]
    }

    @Test(
        "list, rm, stats, cal and tags take the same records for the same filters",
        arguments: [
            (["--kind", "idea", "--tag", "walk", "--open"], ["舊想法", "買菜"]),
            (["--tag", "walk", "--tag", "rain"], ["散步", "買菜"]),
            (["--since", "2026-11-01", "--until", "2026-11-20"], ["散步", "買菜"]),
            (["--done"], ["寫信"]),
            (["--on", "2026-11-21"], ["寫信", "無標籤"]),
            (["--on-this-day"], ["去年今天"]),
            (["--tag", "walk", "--since", "30d"], ["散步", "買菜", "寫信"]),
        ])
    func sameRecords(filters: [String], titles: [String]) throws {
        let folio = try Self.vault()
        let lists = try taken(folio, filters)
        #expect(lists["list"] == titles.sorted(), "\(filters)")
        #expect(lists["rm"] == titles.sorted(), "\(filters)")
        let figures = try counts(folio, filters)
        #expect(figures["stats"] == titles.count, "\(filters): \(figures)")
        let in2026 = filters.contains("--on-this-day") ? 0 : titles.count
        #expect(figures["cal 2026"] == in2026, "\(filters): \(figures)")
        if filters.contains("walk") { #expect(figures["tags #walk"] == titles.count, "\(filters): \(figures)") }
    }

    @Test("the kind given twice and differently, and filters that exclude each other, are refused before anything runs")
    func refused() throws {
        let folio = try Self.vault()
        let twice = try folio.run("list", "idea", "--kind", "diary")
        #expect(twice.status == 2, "a usage error: \(twice.stderr)")
        #expect(twice.stderr.contains("the kind is given twice"), "\(twice.stderr)")
        for command in [["tags"], ["cal"], ["stats"], ["list"], ["rm", "--dry-run"]] {
            let both = try folio.run(command + ["--open", "--done"])
            #expect(both.status == 2 && both.stderr.contains("--open and --done exclude each other"), "\(command): \(both.stderr)")
            let age = try folio.run(command + ["--since", "yesterday"])
            #expect(age.status == 2 && age.stderr.contains("yesterday"), "\(command): \(age.stderr)")
        }
    }
}
