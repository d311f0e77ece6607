import Foundation
import Testing

/// One search and exactly the corpus records it must return (or their order, when it matters).
///
/// Expected numbers were worked out by reading `searchCorpus`, not by running folio. The rules:
/// the last bare Latin word matches as a prefix (`rain` finds `rainbow`), other words exactly; a CJK run
/// needs its characters adjacent (`下雨` does not find `下著小雨`); folding ignores case, width and accents;
/// filters look at the front matter (`created`'s day, `kind`, tags with inline `#tags`, `done`).
struct SearchCase: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let expected: [Int]
    let ordered: Bool

    init(_ arguments: String..., expect expected: [Int], ordered: Bool = false) {
        self.arguments = arguments
        self.expected = expected
        self.ordered = ordered
    }

    var testDescription: String { "folio search " + arguments.joined(separator: " ") }
}

let rainCJK = [1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 27, 36, 42, 61]
let rainLatinPrefix = [2, 3, 10, 20, 21, 22, 23, 28, 56, 58, 63]
let coffeeRecords = [13, 14, 15, 16, 17, 18, 19]

let searchCases: [SearchCase] = [
    // CJK: characters must be adjacent; 今天傍晚下著小雨 (1) has 雨 but not 下雨.
    SearchCase("下雨", expect: [2, 3, 5, 6, 7, 16, 27]),
    SearchCase("雨", expect: rainCJK),
    SearchCase("下雨的傍晚", expect: [2, 3], ordered: true),  // the title match first
    SearchCase("傍晚", expect: [1, 2, 3]),
    SearchCase("小雨", expect: [1, 36, 42]),
    SearchCase("小雨 OR 大雨", expect: [1, 36, 42, 61]),
    SearchCase("傍晚 -下雨", expect: [1]),
    SearchCase("下班回家", expect: [1]),  // only in the diary's `text:`
    SearchCase("指望", expect: [37]),  // only in a question's `answer:`
    SearchCase("hazy", expect: [23]),  // only in `answer_en:`
    // 11 has the words apart, 10 as typed: both, 10 first (typed words need not stand together).
    SearchCase("iPhone拍的照片", expect: [10, 11], ordered: true),
    SearchCase("照片", expect: [10, 11]),
    SearchCase("iphone 照片", expect: [10, 11]),
    SearchCase("Taipei 下雨", expect: [27]),
    // Folding.
    SearchCase("cafe", expect: [12, 13], ordered: true),  // title and body before body alone
    SearchCase("CAFÉ", expect: [12, 13]),
    SearchCase("ｃａｆｅ", expect: [12, 13]),
    SearchCase("zoe", expect: [13]),
    SearchCase("resume", expect: [47, 48]),
    // Prefix on the last word only; quotes turn it off.
    SearchCase("phot", expect: [10, 11, 29, 30]),
    SearchCase("\"phot\"", expect: []),
    SearchCase("phot walk", expect: []),
    SearchCase("walk phot", expect: [29]),
    SearchCase("rain", expect: rainLatinPrefix),
    SearchCase("\"rain\"", expect: [2, 3, 23, 56, 58, 63]),
    SearchCase("cat", expect: [32, 33, 35]),
    SearchCase("\"cat\"", expect: [32, 35]),
    SearchCase("walk", expect: [2, 14, 29, 55, 56, 57]),
    // Phrases: rainy-day keeps the order, day rainy does not.
    SearchCase("rainy day", expect: [20, 21, 28]),
    SearchCase("\"rainy day\"", expect: [20, 28]),
    SearchCase("「下雨的傍晚」", expect: [2, 3]),
    SearchCase("\"the novel\"", expect: [51, 52]),
    // Exclusions and OR.
    SearchCase("coffee", expect: coffeeRecords),
    SearchCase("coffee -decaf", expect: [13, 14, 16, 17, 18, 19]),
    SearchCase("coffee", "-decaf", "-tea", expect: [13, 14, 16, 17, 19]),
    SearchCase("coffee OR 咖啡", expect: coffeeRecords + [27]),
    SearchCase("\"cat\" OR 貓", expect: [31, 32, 34, 35]),
    // Filters, alone and with text.
    SearchCase("kind:qa", expect: [52, 45, 37, 31, 23, 17, 60, 6], ordered: true),  // no text: newest first
    SearchCase("kind:idea is:done", expect: [15, 38, 55]),
    SearchCase("is:open", expect: [5, 12, 19, 28, 34, 41, 49, 64]),
    SearchCase("is:done coffee", expect: [15]),
    SearchCase("kind:idea -is:done", expect: [5, 12, 19, 28, 34, 41, 49, 64]),
    SearchCase("tag:coffee", expect: [13, 15, 16, 19]),
    SearchCase("tag:work", expect: [37, 38, 40, 47]),  // 40 only by its inline #work
    SearchCase("tag:WORK", expect: [37, 38, 40, 47]),
    SearchCase("tag:工作", expect: [39]),  // inline #工作 after a full-width comma
    SearchCase("tag:health", expect: [15, 41, 43, 44]),
    SearchCase("tag:散步", expect: [2]),
    SearchCase("tag:\"walk\"", expect: [2, 29, 56, 57]),
    SearchCase("tag:rain tag:walk", expect: [2]),
    SearchCase("雨 -tag:weather", expect: [1, 2, 3, 4, 6, 16, 27, 36, 42, 61]),
    SearchCase("雨 kind:diary", expect: [1, 2, 3, 4, 7, 8, 9, 16, 27, 36, 42, 61]),
    SearchCase("rain -kind:diary", expect: [23, 28]),
    // Excluded words in arguments of their own, even ones holding an n (never read as -n).
    SearchCase("rain", "-kind:diary", expect: [23, 28]),
    SearchCase("-kind:diary", "rain", expect: [23, 28]),
    SearchCase("雨", "-rain", expect: [1, 4, 5, 6, 7, 8, 9, 16, 27, 36, 42, 61]),
    SearchCase("on:2026-02-14", expect: [4]),
    SearchCase("after:2026-12-15", expect: [54, 53, 52, 51], ordered: true),
    SearchCase("before:2026-01-13", expect: [2, 1], ordered: true),
    SearchCase("after:2026-03-01 before:2026-03-22", expect: [7, 8]),
    SearchCase("雨 after:2026-06-30", expect: [27, 36, 42]),
    // --tag and --kind are the same as the filters; several --tag must all hold.
    SearchCase("雨", "--tag", "family", expect: [4, 36]),
    SearchCase("--tag", "rain", "--tag", "walk", expect: [2]),
    SearchCase("--tag", "rain", expect: [3, 2], ordered: true),
    SearchCase("咖啡", "--tag", "coffee", expect: [16]),
    SearchCase("coffee", "--kind", "idea", expect: [15, 19]),
    SearchCase("--kind", "qa", "--tag", "work", expect: [37]),
    // The profile (titled 林小雨) is left out unless asked for by kind.
    SearchCase("林小雨", expect: [36]),
    SearchCase("nothing-like-this", expect: []),
]

/// Runs `folio search ARGS -n 0 --json` and returns the corpus numbers of the hits, in order.
func searchNumbers(_ folio: FolioProcess, _ arguments: [String]) throws -> [Int] {
    let result = try folio.run(["search"] + arguments + ["-n", "0", "--json"])
    #expect(result.status == 0, "\(arguments): \(result.stderr)")
    let hits = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    return hits.map { hit in Int(((hit["id"] as? String) ?? "").prefix(8)) ?? -1 }
}

/// Runs `folio search ARGS -n 0 --json` and returns the paths of the hits.
func searchPaths(_ folio: FolioProcess, _ arguments: [String]) throws -> Set<String> {
    let result = try folio.run(["search"] + arguments + ["-n", "0", "--json"])
    #expect(result.status == 0, "\(arguments): \(result.stderr)")
    let hits = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    return Set(hits.compactMap { $0["path"] as? String })
}

/// Where ripgrep is, if it is installed (the Makefile installs it).
let ripgrep: String? = ["/usr/bin/rg", "/usr/local/bin/rg", "/opt/homebrew/bin/rg"].first {
    FileManager.default.isExecutableFile(atPath: $0)
}

@Suite("folio search")
struct SearchTests {
    @Test func corpusIsLargeMixedAndWellFormed() throws {
        #expect(searchCorpus.count >= 60)
        #expect(Set(searchCorpus.map(\.number)).count == searchCorpus.count)
        #expect(Set(searchCorpus.map(\.kind)) == ["diary", "idea", "qa"])
        #expect(Set(searchCorpus.map { $0.date.prefix(7) }).count == 12)
        #expect(searchCases.count >= 50)
        let folio = try SearchVault.shared()
        let listed = try #require(try folio.json("list", "--json", "-n", "1000") as? [[String: Any]])
        #expect(listed.count == searchCorpus.count)
    }

    @Test(arguments: searchCases)
    func queryReturnsExactlyTheExpectedRecords(_ testCase: SearchCase) throws {
        let found = try searchNumbers(try SearchVault.shared(), testCase.arguments)
        if testCase.ordered {
            #expect(found == testCase.expected)
        } else {
            let got = Set(found)
            let want = Set(testCase.expected)
            #expect(got == want, "extra: \(got.subtracting(want).sorted()), missing: \(want.subtracting(got).sorted())")
            #expect(found.count == got.count, "a record was returned twice: \(found)")
        }
    }

    @Test("hits are ranked by score, best first, and -n keeps the best N")
    func rankingAndLimit() throws {
        let folio = try SearchVault.shared()
        let result = try folio.run("search", "雨", "-n", "0", "--json")
        let hits = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let scores = hits.compactMap { $0["score"] as? Double }
        #expect(scores.count == rainCJK.count)
        #expect(zip(scores, scores.dropFirst()).allSatisfy { $0 >= $1 })
        #expect(scores.allSatisfy { $0 > 0 })
        let all = try searchNumbers(folio, ["雨"])
        let three = try folio.run("search", "雨", "-n", "3", "--json")
        let top = try #require(try JSONSerialization.jsonObject(with: Data(three.stdout.utf8)) as? [[String: Any]])
        #expect(top.compactMap { Int((($0["id"] as? String) ?? "").prefix(8)) } == Array(all.prefix(3)))
        // The default is 20.
        let plenty = try folio.run("search", "kind:diary", "--json")
        #expect((try JSONSerialization.jsonObject(with: Data(plenty.stdout.utf8)) as? [Any])?.count == 20)
        #expect(try folio.run("search", "雨", "-n", "-1").status == 2)
    }

    @Test("options may come before or after the query; after -- every word is the query")
    func optionsAroundTheQuery() throws {
        let folio = try SearchVault.shared()
        let before = try folio.run("search", "--json", "-n", "1", "cafe")
        let after = try folio.run("search", "cafe", "--json", "-n", "1")
        let mixed = try folio.run("search", "-n", "1", "cafe", "--json")
        #expect(before.status == 0 && before.stdout.hasPrefix("[{\"id\":\"00000012-"))
        #expect(after.stdout == before.stdout && mixed.stdout == before.stdout)
        #expect(try searchNumbers(folio, ["咖啡", "--tag=coffee"]) == [16])
        #expect(try searchNumbers(folio, ["咖啡", "--kind", "diary", "--tag", "travel"]) == [27])
        let lang = try folio.run("search", "zzzz", "--lang", "zh-Hant")
        #expect(lang.stderr == "找不到符合的紀錄。\n")
        // After --, --json is part of the query (an excluded word json), not the option.
        let literal = try folio.run("search", "cafe", "--", "--json")
        #expect(literal.status == 0 && !literal.stdout.hasPrefix("["))
        let missing = try folio.run("search", "cafe", "--tag")
        #expect(missing.status == 2 && missing.stderr.contains("--tag"))
        let negative = try folio.run("search", "cafe", "-n", "-3")
        #expect(negative.status == 2 && negative.stderr.contains("-n must be 0 or more"))
        let help = try folio.run("search", "cafe", "--help")
        #expect(help.status == 0 && help.stdout.contains("Query syntax"))
    }

    @Test("--json gives each record's keys, its path, a numeric score and a plain-text snippet")
    func jsonShape() throws {
        let folio = try SearchVault.shared()
        let result = try folio.run("search", "cafe", "--json")
        #expect(result.status == 0 && result.stderr.isEmpty)
        let hits = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(hits.count == 2)
        let first = try #require(hits.first)
        #expect(first["id"] as? String == "00000012-0000-4000-8000-000000000012")
        #expect(first["kind"] as? String == "idea")
        #expect(first["title"] as? String == "Café idea")
        #expect(first["created"] as? String == "2026-04-10T20:15:00+08:00")
        #expect(first["tags"] as? [String] == ["business"])
        #expect(first["done"] as? Bool == false)
        #expect(first["path"] as? String == "ideas/2026/04/2026-04-10-r12.md")
        #expect(first["body"] == nil)
        let score = try #require(first["score"] as? Double)
        #expect(score > 0)
        #expect(first["snippet"] as? String == "Open a small café with second-hand books.")
        // The keys keep the file's order, then path, score, snippet.
        let keyOrder = result.stdout.components(separatedBy: "},{")[0]
        let positions = ["\"id\"", "\"kind\"", "\"title\"", "\"done\"", "\"path\"", "\"score\"", "\"snippet\""].map {
            keyOrder.range(of: $0)?.lowerBound
        }
        #expect(
            positions.allSatisfy { $0 != nil } && positions == positions.sorted { ($0 ?? keyOrder.endIndex) < ($1 ?? keyOrder.endIndex) })

        let second = try #require(hits.last)
        #expect(second["path"] as? String == "diary/2026/04/2026-04-18-r13.md")
        #expect(second["snippet"] as? String == "Met Zoë at the cafe on Dihua Street; we shared a pour-over.")
        // A qa's snippet comes from its question and answers when the body is empty.
        let qaHit = try folio.run("search", "hazy", "--json")
        let qa = try #require((try JSONSerialization.jsonObject(with: Data(qaHit.stdout.utf8)) as? [[String: Any]])?.first)
        #expect(qa["snippet"] as? String == "Will it rain tomorrow? 回答模糊，再試一次。 Reply hazy, try again.")
    }

    @Test("a long body gives a snippet cut around the match, with ellipses")
    func longSnippet() throws {
        let folio = try SearchVault.fresh()
        let filler = String(repeating: "今天的天氣還不錯，去了公園散步。", count: 10)
        let record = CorpusRecord(
            number: 99, kind: "diary", date: "2026-11-20", title: "長的一天", tags: [],
            body: filler + "傍晚突然看到一隻白鷺鷥站在河邊。" + filler)
        try folio.write(record.path, record.text)
        let result = try folio.run("search", "白鷺鷥", "--json")
        let hit = try #require((try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])?.first)
        let snippet = try #require(hit["snippet"] as? String)
        #expect(snippet.contains("白鷺鷥") && snippet.hasPrefix("…") && snippet.hasSuffix("…"))
        #expect(snippet.count <= 80)
        // On a terminal 100 columns wide (not a tty: folio assumes 100), the line fits, CJK counting double.
        let plain = try folio.run("search", "白鷺鷥")
        let line = try #require(plain.stdout.split(separator: "\n").last)
        #expect(line.contains("«白鷺鷥»"))
        #expect(line.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x2E80 ? 2 : 1) } <= 100)
    }

    @Test("each hit is a block: date, kind, short id, title and tags, then the snippet with «matches»")
    func terminalBlocks() throws {
        let folio = try SearchVault.shared()
        let result = try folio.run("search", "下雨的傍晚")
        #expect(result.status == 0 && result.stderr.isEmpty)
        #expect(
            result.stdout == """
                2026-01-12  diary  00000002  «下雨的傍晚»  #rain #walk #散步
                    一個人慢慢走回家，路燈很亮。#散步
                2026-02-03  diary  00000003  Rainy evening  #rain
                    «下雨的傍晚»最適合讀書。I stayed home with a novel.

                """)
        let mixed = try folio.run("search", "coffee", "--kind", "idea")
        #expect(
            mixed.stdout == """
                2026-05-28  idea  00000019  «Coffee» subscription  #coffee #business
                    Monthly beans delivered; light roast, notes of jasmine.
                2026-05-01  idea  00000015  Decaf experiment  #coffee #health
                    Switch to decaf «coffee» after 3 pm.

                """)
    }

    @Test(
        "with colour, matches are bold red instead of «marked»",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs util-linux `script` for a terminal"))
    func colourHighlights() throws {
        var folio = try SearchVault.shared()
        // Colour needs a terminal; `script` gives folio one.
        folio.environment.removeValue(forKey: "NO_COLOR")
        folio.environment["TERM"] = "xterm"
        folio.environment["PAGER"] = "cat"
        let command = "\(FolioProcess.binary.path) search 咖啡店 --tag travel"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        process.currentDirectoryURL = folio.directory
        process.environment = folio.environment
        let text = try process.runToEnd().output
        #expect(text.contains("\u{1B}[1;31m咖啡店\u{1B}[0m"))
        #expect(!text.contains("«"))
    }

    /// Words found in record files by `rg -l -i --fixed-strings` exactly where folio finds them.
    ///
    /// Chosen so that the two tools must agree: each appears only in indexed text (titles, tags, bodies,
    /// text keys), never in key names, ids (digits only here), kinds or enum values; none sits inside a
    /// longer word except as its start (folio matches the last word as a prefix, rg anywhere); none needs
    /// accent folding (rg does not fold `café`). rg gets `-i` because folio ignores case. Single CJK
    /// characters and CJK words compare directly: folio needs CJK characters adjacent, like a substring.
    static let ripgrepWords = [
        "coffee", "walk", "rain", "novel", "umbrella", "typhoon", "jasmine", "library",
        "雨", "下雨", "傍晚", "咖啡", "照片", "颱風", "家人", "小雨",
    ]

    @Test(.enabled(if: ripgrep != nil, "needs ripgrep (make deps installs it)"), arguments: ripgrepWords)
    func sameFilesAsRipgrep(_ word: String) throws {
        let folio = try SearchVault.shared()
        let rg = Process()
        rg.executableURL = URL(fileURLWithPath: ripgrep ?? "rg")
        // The record folders only: profile.md and .folio/ are not records to compare.
        rg.arguments = ["-l", "-i", "--fixed-strings", word, "diary", "ideas", "qa"]
        rg.currentDirectoryURL = folio.directory
        let expected = Set(try rg.runToEnd().output.split(separator: "\n").map(String.init))
        #expect(!expected.isEmpty)
        #expect(try searchPaths(folio, [word]) == expected)
    }

    @Test("a file edited after a search is found by the next search, though the cache took it as settled")
    func editAfterSearchIsFound() throws {
        var folio = try SearchVault.fresh()
        // No racy window: the cache believes every file's stamp at once, so the edit is found by
        // its new size and times, not because the file was too new to trust (no sleep to age it).
        folio.environment["FOLIO_RACY_WINDOW_MS"] = "0"
        #expect(try searchNumbers(folio, ["monstera"]) == [59])
        #expect(try searchNumbers(folio, ["白鷺鷥"]).isEmpty)
        let plant = try #require(searchCorpus.first { $0.number == 59 })
        let edited = CorpusRecord(
            number: 59, kind: plant.kind, date: plant.date, title: plant.title, tags: ["birds"],
            body: "河邊有一隻白鷺鷥。")
        try folio.write(plant.path, edited.text)
        #expect(try searchNumbers(folio, ["白鷺鷥"]) == [59])
        #expect(try searchNumbers(folio, ["monstera"]).isEmpty)
        #expect(try searchNumbers(folio, ["--tag", "birds"]) == [59])
        // A new file and a removed one are seen at once too.
        let added = CorpusRecord(number: 98, kind: "diary", date: "2026-11-21", title: "鷺鷥又來了", tags: [], body: "")
        try folio.write(added.path, added.text)
        #expect(try searchNumbers(folio, ["鷺鷥"]) == [98, 59])
        try FileManager.default.removeItem(at: folio.directory.appendingPathComponent(plant.path))
        #expect(try searchNumbers(folio, ["鷺鷥"]) == [98])
    }

    @Test("a file that does not parse is named on stderr and the others are still searched")
    func brokenFileIsSkipped() throws {
        let folio = try SearchVault.fresh()
        try folio.write("diary/2026/11/broken.md", "---\nid: 1\ntitle: \"雨\nkind: diary\n---\n")
        let result = try folio.run("search", "雨", "-n", "0")
        #expect(result.status == 0)
        #expect(result.stderr.contains("diary/2026/11/broken.md:3:8: warning:"))
        #expect(result.stdout.split(separator: "\n").count == rainCJK.count * 2)
    }
}

@Suite("search reads its options as every command does")
struct SearchOptionTests {
    @Test(
        "an option search does not know is a usage error (exit 2) before or after the query, in the user's language; -C and -n work after it",
        arguments: [["rain", "--jsn"], ["--jsn", "rain"], ["rain", "--json", "--limit", "3"], ["rain", "--tag"], ["rain", "-n", "-1"]])
    func unknownOptions(_ arguments: [String]) throws {
        let folio = try FolioProcess.vault(language: "zh-Hant")
        #expect(try folio.run("idea", "rain walk").status == 0)
        let refused = try folio.run(["search"] + arguments + ["--lang", "en"])
        #expect(refused.status == 2, "\(arguments): \(refused.stdout)\(refused.stderr)")
        #expect(refused.stdout.isEmpty, "\(arguments): nothing searched")
        let zh = try folio.run(["search"] + arguments)
        #expect(zh.status == 2 && zh.stderr.contains("錯誤"), "\(arguments): \(zh.stderr)")
    }

    @Test("options after the query: -C as git's, joined or not, -n, --tag=; after -- every word is the query; -word leaves a word out")
    func optionsAfterTheQuery() throws {
        let folio = try FolioProcess.vault(language: "en")
        #expect(try folio.run("idea", "rain walk", "--tag", "outside").status == 0)
        #expect(try folio.run("idea", "rain cold").status == 0)
        let elsewhere = FolioProcess(directory: folio.directory.deletingLastPathComponent(), scratch: folio.scratch)
        for arguments in [
            ["rain", "-C", folio.directory.path], ["rain", "-C" + folio.directory.path], ["-C", folio.directory.path, "rain"],
        ] {
            let found = try elsewhere.run(["search"] + arguments + ["-n", "1", "--json"])
            #expect(found.status == 0, "\(arguments): \(found.stderr)")
            #expect(found.stdout.components(separatedBy: "\"id\"").count == 2, "\(arguments): one hit: \(found.stdout)")
        }
        let tagged = try folio.run("search", "rain", "--tag=outside", "--json")
        #expect(tagged.stdout.contains("rain walk") && !tagged.stdout.contains("rain cold"))
        let leftOut = try folio.run("search", "rain", "-cold", "--json")
        #expect(leftOut.stdout.contains("rain walk") && !leftOut.stdout.contains("rain cold"))
        let literal = try folio.run("search", "--", "--jsn")
        #expect(literal.status == 0, "\(literal.stderr)")
    }

    @Test("Chinese typed without spaces finds what the same words with spaces find; quoted, only the run as written")
    func chineseTypedWithoutSpaces() throws {
        let folio = try FolioProcess.vault(language: "zh-Hant")
        for (title, text) in [("淡水", "傍晚在淡水看夕陽，風很大"), ("河邊", "淡水夕陽真的很美"), ("宜蘭", "今天去宜蘭泡溫泉"), ("台北", "台北的夕陽")] {
            #expect(try folio.run("new", "diary", "--title", title, "--text", text).status == 0)
        }
        let typed = try folio.run("search", "淡水夕陽")
        #expect(typed.status == 0, "\(typed.stderr)")
        let spaced = try folio.run("search", "淡水", "夕陽")
        let titles = { (output: String) in output.split(separator: "\n").filter { $0.hasPrefix("20") } }
        #expect(titles(typed.stdout).count == 2, "\(typed.stdout)")
        #expect(titles(typed.stdout) == titles(spaced.stdout) || Set(titles(typed.stdout)) == Set(titles(spaced.stdout)))
        // The page with the words together, as typed, first; 台北 (夕陽 without 淡水) not at all.
        #expect(titles(typed.stdout).first?.contains("河邊") == true, "\(typed.stdout)")
        #expect(!typed.stdout.contains("台北"))
        let quoted = try folio.run("search", "「淡水夕陽」")
        #expect(titles(quoted.stdout).count == 1 && quoted.stdout.contains("河邊"), "\(quoted.stdout)")
        #expect(titles(try folio.run("search", "宜蘭溫泉").stdout).count == 1)
    }
}
