import Foundation
import Testing

@Suite("folio ask: the magic 8 ball, its history, stats and clean-up")
struct AskTests {
    /// The number of commits in the vault's history.
    func commitCount(_ folio: FolioProcess) throws -> Int {
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "-C", folio.directory.path, "rev-list", "--count", "HEAD"]
        let out = Pipe()
        git.standardOutput = out
        try git.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        git.waitUntilExit()
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// Every record file under the vault's record folders, with its bytes.
    func recordFiles(_ folio: FolioProcess) -> [String: Data] {
        var files: [String: Data] = [:]
        let root = folio.directory
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return files }
        for case let path as String in walker where path.hasSuffix(".md") && !path.hasPrefix(".") {
            files[path] = FileManager.default.contents(atPath: root.appendingPathComponent(path).path)
        }
        return files
    }

    @Test("a seeded ask records the question and the known answer, in both languages, as one commit")
    func seededAsk() throws {
        var folio = try FolioProcess.vault(language: "zh-Hant")
        folio.environment["FOLIO_ASK_SEED"] = "0"
        let before = try commitCount(folio)
        let asked = try folio.run("ask", "明天會下雨嗎？")
        #expect(asked.status == 0, "\(asked.stderr)")
        // Seed 0 draws 0xE220A8397B1DCDAF from SplitMix64: 15 mod 20, "Don't count on it."
        #expect(asked.stdout == "🎱 別指望了（Don't count on it.）\n")
        let path = "qa/2026/11/2026-11-22-明天會下雨嗎.md"
        let text = try #require(folio.read(path), "the record's file name is the date and a slug of the question")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "---")
        #expect(lines.filter { $0 == "---" }.count == 2)
        let keys = lines.dropFirst().prefix { $0 != "---" }.compactMap { $0.split(separator: ":").first.map(String.init) }
        #expect(keys == ["id", "kind", "title", "created", "modified", "tags", "question", "answer", "answer_en", "answer_type", "source"])
        #expect(lines.contains("kind: qa"))
        #expect(lines.contains("title: 明天會下雨嗎？"))
        #expect(lines.contains("created: 2026-11-22T18:04:11+08:00"))
        #expect(lines.contains("question: 明天會下雨嗎？"))
        #expect(lines.contains("answer: 別指望了"))
        #expect(lines.contains("answer_en: Don't count on it."))
        #expect(lines.contains("answer_type: negative"))
        #expect(lines.contains("source: magic8"))
        #expect(try commitCount(folio) == before + 1)
        let again = try folio.run("ask", "明天會下雨嗎？", "--json")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
        #expect(record["answer"] as? String == "別指望了", "the same seed gives the same answer")
        #expect(record["path"] as? String == "qa/2026/11/2026-11-22-明天會下雨嗎-2.md")
    }

    @Test("in an English vault the answer is English with the Chinese beside it")
    func englishVault() throws {
        var folio = try FolioProcess.vault(language: "en")
        folio.environment["FOLIO_ASK_SEED"] = "42"
        let asked = try folio.run("ask", "Should", "I", "take", "the", "job?", "--tag", "work")
        #expect(asked.stdout == "🎱 Cannot predict now. (現在無法預測)\n")
        let record = try #require((try folio.json("list", "qa", "--json") as? [[String: Any]])?.first)
        #expect(record["question"] as? String == "Should I take the job?")
        #expect(record["answer"] as? String == "Cannot predict now.")
        #expect(record["answer_en"] as? String == "Cannot predict now.")
        #expect(record["answer_type"] as? String == "neutral")
        #expect(record["tags"] as? [String] == ["work"])
        #expect(record["path"] as? String == "qa/2026/11/2026-11-22-should-i-take-the-job.md")
    }

    @Test("without an owner, ask says how to create one and records nothing")
    func needsOwner() throws {
        let folio = FolioProcess(
            directory: URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("folio-ask-\(UUID().uuidString)"))
        try FileManager.default.createDirectory(at: folio.directory, withIntermediateDirectories: true)
        #expect(try folio.run("init", ".", "--language", "en").status == 0)
        let before = try commitCount(folio)
        let asked = try folio.run("ask", "Will it rain?")
        #expect(asked.status == 1)
        #expect(asked.stderr.contains("no owner") && asked.stderr.contains("folio profile set"))
        #expect(asked.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folio.directory.appendingPathComponent("qa").path))
        #expect(try commitCount(folio) == before)
        #expect(try folio.run("profile", "set", "--name", "Rain", "--birthday", "1995-04-02", "--gender", "female").status == 0)
        #expect(try folio.run("ask", "Will it rain?").status == 0)
    }

    @Test("empty, blank and over-long questions are refused with a clear message and nothing recorded")
    func questionLimits() throws {
        let folio = try FolioProcess.vault(language: "zh-Hant")
        let before = try commitCount(folio)
        let empty = try folio.run("ask", "")
        #expect(empty.status == 1 && empty.stderr.contains("請輸入問題"))
        let blank = try folio.run("ask", "  \t ", "　")
        #expect(blank.status == 1 && blank.stderr.contains("請輸入問題"))
        let tooLong = try folio.run("ask", String(repeating: "雨", count: 501))
        #expect(tooLong.status == 1)
        #expect(tooLong.stderr.contains("文字太長，請簡短一點") && tooLong.stderr.contains("501") && tooLong.stderr.contains("500"))
        #expect(try commitCount(folio) == before)
        #expect(!FileManager.default.fileExists(atPath: folio.directory.appendingPathComponent("qa").path))
        // 500 characters is allowed, counted as characters, not bytes (each 雨 is three bytes).
        #expect(try folio.run("ask", String(repeating: "雨", count: 500)).status == 0)
        #expect(try folio.run("config", "set", "qa.max_question_length", "10").status == 0)
        let overSetting = try folio.run("ask", "這個問題有十一個字嗎？")
        #expect(overSetting.status == 1 && overSetting.stderr.contains("上限 10 字"))
        #expect(try folio.run("ask", "十個字的問題可以嗎？").status == 0)
        #expect((try folio.json("list", "qa", "--json") as? [Any])?.count == 2)
    }

    @Test("--ai with the builtin provider says AI is not configured and records nothing")
    func aiNotConfigured() throws {
        let folio = try FolioProcess.vault(language: "en")
        let before = try commitCount(folio)
        let asked = try folio.run("ask", "Should I take the job?", "--ai")
        #expect(asked.status == 1)
        #expect(asked.stderr.contains("AI is not configured") && asked.stderr.contains("ai.provider"))
        #expect(try commitCount(folio) == before)
        #expect((try folio.json("list", "qa", "--json") as? [Any])?.isEmpty == true)
    }

    @Test("the history lists newest first and stats count answers by type overall and per month")
    func historyAndStats() throws {
        var folio = try FolioProcess.vault(language: "en")
        var expected: [String: [String: Int]] = [:]
        var all: [String: Int] = [:]
        for (index, month) in ["2026-09", "2026-09", "2026-10", "2026-11", "2026-11", "2026-11"].enumerated() {
            folio.environment["FOLIO_NOW"] = "\(month)-1\(index)T09:00:00+08:00"
            folio.environment["FOLIO_ASK_SEED"] = String(index * 7)
            let record = try #require(try folio.json("ask", "question \(index)", "--json") as? [String: Any])
            let type = try #require(record["answer_type"] as? String)
            expected[month, default: [:]][type, default: 0] += 1
            all[type, default: 0] += 1
        }
        let history = try #require(try folio.json("list", "qa", "-n", "10", "--json") as? [[String: Any]])
        #expect(history.compactMap { $0["question"] as? String } == (0..<6).reversed().map { "question \($0)" })
        #expect((try folio.json("list", "qa", "-n", "2", "--json") as? [Any])?.count == 2)

        let stats = try #require(try folio.json("stats", "qa", "--json") as? [String: Any])
        #expect(stats["total"] as? Int == 6)
        let counts = try #require((stats["counts"] as? [String: Any])?["answer_type"] as? [String: Int])
        #expect(counts == ["affirmative": all["affirmative"] ?? 0, "neutral": all["neutral"] ?? 0, "negative": all["negative"] ?? 0])
        let byMonth = try #require(stats["counts_by_month"] as? [String: [String: [String: Int]]])
        #expect(Set(byMonth.keys) == ["2026-09", "2026-10", "2026-11"])
        for (month, types) in expected {
            for type in ["affirmative", "neutral", "negative"] {
                #expect(byMonth[month]?["answer_type"]?[type] == types[type] ?? 0, "\(month) \(type)")
            }
        }
        let text = try folio.run("stats", "qa")
        #expect(text.stdout.contains("answer_type"))
        let affirmativeLine = text.stdout.split(separator: "\n").first { $0.hasPrefix("affirmative") }
        #expect(affirmativeLine?.split(separator: " ").last.map(String.init) == String(all["affirmative"] ?? 0))
    }

    @Test("rm --until 90d removes old records and their children in one commit; undo brings every file back")
    func bulkDeleteByAge() throws {
        var folio = try FolioProcess.vault(language: "en")
        #expect(try folio.run("kinds", "add", "baby-tracker").status == 0)
        // Made 120 days ago: a question, and a baby whose sleep was logged only last week.
        folio.environment["FOLIO_NOW"] = "2026-07-25T10:00:00+08:00"
        #expect(try folio.run("ask", "old question").status == 0)
        #expect(try folio.run("new", "baby", "--field", "name=Bao").status == 0)
        #expect(try folio.run("idea", "old idea", "--tag", "keep").status == 0)
        folio.environment["FOLIO_NOW"] = "2026-08-24T18:04:12+08:00"
        #expect(try folio.run("ask", "one second too young").status == 0)
        folio.environment["FOLIO_NOW"] = "2026-11-15T21:00:00+08:00"
        #expect(try folio.run("new", "sleep", "--parent", "Bao", "--field", "start=2026-11-15T20:30").status == 0)
        #expect(try folio.run("ask", "new question").status == 0)
        folio.environment["FOLIO_NOW"] = "2026-11-22T18:04:11+08:00"
        let files = recordFiles(folio)
        let commits = try commitCount(folio)

        let dryRun = try folio.run("rm", "--until", "90d", "--kind", "baby", "--dry-run")
        #expect(dryRun.status == 0)
        #expect(dryRun.stdout.contains("2 records will be removed") && dryRun.stdout.contains("baby: 1, sleep: 1"))
        let commitsAfterDryRun = try commitCount(folio)
        #expect(recordFiles(folio) == files && commitsAfterDryRun == commits, "--dry-run changes nothing")
        let plan = try #require(try folio.json("rm", "--until", "90d", "--dry-run", "--json") as? [String: Any])
        let planned = Set(((plan["remove"] as? [[String: Any]]) ?? []).compactMap { $0["title"] as? String })
        // The sleep is recent, but goes with its baby by the cascade rule; the profile never goes by filter.
        #expect(planned == ["old question", "Bao", "old idea", "sleep 2026-11-15 20:30"])

        let noTerminal = try folio.run("rm", "--until", "90d")
        #expect(noTerminal.status == 1 && noTerminal.stderr.contains("--yes"))
        let removed = try folio.run("rm", "--until", "90d", "--yes")
        #expect(removed.status == 0 && removed.stdout.contains("removed 4 records"))
        #expect(try commitCount(folio) == commits + 1, "one commit for the whole clean-up")
        let left = Set(((try folio.json("list", "--json") as? [[String: Any]]) ?? []).compactMap { $0["title"] as? String })
        #expect(left == ["one second too young", "new question"])
        #expect(folio.read("profile.md") != nil)

        #expect(try folio.run("undo").status == 0)
        #expect(recordFiles(folio) == files, "undo brings every removed file back byte for byte")
        #expect(try folio.run("check").status == 0)
    }

    @Test("rm by tag, by date and by search query; no match is not an error; names and filters do not mix")
    func bulkDeleteFilters() throws {
        var folio = try FolioProcess.vault(language: "en")
        folio.environment["FOLIO_NOW"] = "2026-10-01T09:00:00+08:00"
        #expect(try folio.run("idea", "rainy walk", "--tag", "draft").status == 0)
        #expect(try folio.run("idea", "sunny walk", "--tag", "draft").status == 0)
        #expect(try folio.run("ask", "will it rain").status == 0)
        folio.environment["FOLIO_NOW"] = "2026-11-20T09:00:00+08:00"
        #expect(try folio.run("idea", "rain poem", "--tag", "draft").status == 0)
        folio.environment["FOLIO_NOW"] = "2026-11-22T18:04:11+08:00"

        func planned(_ arguments: String...) throws -> Set<String> {
            let result = try folio.run(["rm"] + arguments + ["--dry-run", "--json"])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            let plan = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            return Set(((plan["remove"] as? [[String: Any]]) ?? []).compactMap { $0["title"] as? String })
        }
        #expect(try planned("--tag", "draft") == ["rainy walk", "sunny walk", "rain poem"])
        #expect(try planned("--tag", "draft", "--since", "2026-11-01") == ["rain poem"])
        #expect(try planned("--since", "7d") == ["rain poem"])
        #expect(try planned("--search", "rain") == ["rainy walk", "will it rain", "rain poem"])
        #expect(try planned("--search", "rain", "--kind", "idea", "--until", "2026-10-31") == ["rainy walk"])

        let none = try folio.run("rm", "--tag", "nothing-has-this", "--yes")
        #expect(none.status == 0 && none.stderr.contains("no records match"))
        let both = try folio.run("rm", "rain", "--tag", "draft")
        #expect(both.status == 2 && both.stderr.contains("not both"))
        let neither = try folio.run("rm")
        #expect(neither.status == 2)
        let badAge = try folio.run("rm", "--until", "3 months")
        #expect(badAge.status == 2 && badAge.stderr.contains("90d"))
        #expect(try folio.run("rm", "--search", "rain", "--kind", "idea", "--yes").status == 0)
        let left = Set(((try folio.json("list", "--json") as? [[String: Any]]) ?? []).compactMap { $0["title"] as? String })
        #expect(left == ["sunny walk", "will it rain"])
    }
}
