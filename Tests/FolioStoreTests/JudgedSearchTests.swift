import FolioCore
import FolioSearch
import Foundation
import TestSupport
import Testing

@testable import FolioStore

/// How well `folio search` finds what a user means (issue 35): the judged query set
/// (`Resources/judged-queries.tsv`) run over the generated journal (``JudgedJournal``) through the
/// search `folio search` and `folio mcp` call, scored per category by recall@5 (the share of a
/// query's answers among its first five hits) and MRR@10 (one over the rank of its first answer in
/// the first ten, 0 when none is there), and for the negative queries by the share that found
/// nothing. `make search-quality` writes the table (FOLIO_SEARCH_QUALITY names the file, `-` standard output).
@Suite("Search quality: the judged query set")
struct JudgedSearchTests {
    /// What each category must keep, a little below what it measured when the floor was set
    /// (docs/development.md, "Search quality", has the table). `meaning` is measured but not
    /// served by word search: questions that share no word with their answer are for the search by
    /// meaning, which has its own floor where an embeddings server runs.
    static let floors: [String: Floor] = [
        "spaced": Floor(recall: 0.96, mrr: 0.96),
        "typed": Floor(recall: 0.97, mrr: 0.97),
        "simplified": Floor(recall: 0.97, mrr: 0.97),
        "english": Floor(recall: 0.94, mrr: 0.92),
        "phrase": Floor(recall: 0.97, mrr: 0.97),
        "filters": Floor(recall: 0.97, mrr: 0.97),
        "meaning": Floor(recall: 0.0, mrr: 0.0),
        "negative": Floor(foundNothing: 0.95),
    ]

    static let categories = ["spaced", "typed", "simplified", "english", "phrase", "filters", "meaning", "negative"]

    struct Floor {
        var recall = 0.0
        var mrr = 0.0
        var foundNothing = 0.0
    }

    struct JudgedQuery {
        let category: String
        let text: String
        let relevant: [String]
        let note: String
    }

    /// One query run: the keys of its first ten hits, best first.
    struct Run {
        let query: JudgedQuery
        let ranked: [String]
        let error: String?

        var recallAt5: Double {
            guard !query.relevant.isEmpty else { return ranked.isEmpty ? 1 : 0 }
            let top = Set(ranked.prefix(5))
            return Double(query.relevant.filter(top.contains).count) / Double(query.relevant.count)
        }

        var reciprocalRankAt10: Double {
            guard let rank = ranked.prefix(10).firstIndex(where: query.relevant.contains) else { return 0 }
            return 1 / Double(rank + 1)
        }
    }

    struct Score {
        let category: String
        let count: Int
        let recall: Double
        let mrr: Double
    }

    static func queries() throws -> [JudgedQuery] {
        let url = try #require(Bundle.module.url(forResource: "judged-queries", withExtension: "tsv", subdirectory: "Resources"))
        let text = try String(contentsOf: url, encoding: .utf8)
        var queries: [JudgedQuery] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            try #require(columns.count >= 3, "a judged query needs category, query and answers: \(line)")
            let relevant = columns[2].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            queries.append(
                JudgedQuery(category: columns[0], text: columns[1], relevant: relevant, note: columns.count > 3 ? columns[3] : ""))
        }
        return queries
    }

    /// The journal written into a fresh vault with the example kinds it uses, read as `folio` reads it.
    static func journal() throws -> (TemporaryVault, Vault) {
        let t = try TemporaryVault()
        for example in JudgedJournal.examples { _ = try t.vault.installExample(example) }
        for page in JudgedJournal.pages { try t.write(page.path, page.text) }
        return (t, Vault(root: t.root, clock: t.vault.clock))
    }

    @Test("the judged set is large enough to mean something, names only answer pages, and asks for each of them")
    func theSetItself() throws {
        let queries = try Self.queries()
        #expect(queries.count >= 150)
        let answers = Set(JudgedJournal.answers.map(\.key))
        #expect(answers.count == JudgedJournal.answers.count, "two answer pages share a key")
        #expect(Set(JudgedJournal.pages.map(\.path)).count == JudgedJournal.pages.count, "two pages share a path")
        for category in Self.categories {
            #expect(queries.filter { $0.category == category }.count >= 15, "too few \(category) queries")
        }
        for query in queries {
            #expect(Self.categories.contains(query.category), "unknown category: \(query.category)")
            #expect(query.relevant.isEmpty == (query.category == "negative"), "\(query.text): answers only a negative query goes without")
            for key in query.relevant { #expect(answers.contains(key), "\(query.text): no answer page \(key)") }
        }
        let judged = Set(queries.flatMap(\.relevant))
        for page in JudgedJournal.answers { #expect(judged.contains(page.key), "no query asks for \(page.key)") }
        // Generated the same on every run.
        #expect(JudgedJournal.distractors(count: 130, seed: 35).map(\.text) == JudgedJournal.distractors(count: 130, seed: 35).map(\.text))
    }

    @Test("recall@5 and MRR@10 of every category hold their floors")
    func qualityHoldsItsFloors() throws {
        let queries = try Self.queries()
        let (t, vault) = try Self.journal()
        defer { withExtendedLifetime(t) {} }
        let catalog = vault.catalog()
        #expect(catalog.problems.isEmpty, "\(catalog.problems)")
        #expect(catalog.count == JudgedJournal.pages.count + 1, "every page is a record, and the profile")
        let keys = Dictionary(uniqueKeysWithValues: JudgedJournal.pages.map { ($0.path, $0.key) })
        var runs: [Run] = []
        for query in queries {
            do throws(FolioError) {
                let found = try vault.search(query.text, limit: 10, catalog: { catalog })
                runs.append(Run(query: query, ranked: found.shown.map { keys[$0.record.path] ?? $0.record.path }, error: nil))
            } catch {
                runs.append(Run(query: query, ranked: [], error: error.message.text(.en)))
            }
        }
        // A query folio refuses (an error) counts as one that found nothing; the report names the error.

        let scores = Self.scores(runs)
        let report = Self.table(scores) + "\n" + Self.misses(runs)
        print(Self.table(scores))
        if let target = ProcessInfo.processInfo.environment["FOLIO_SEARCH_QUALITY"], !target.isEmpty {
            if target == "-" { print(report) } else { try report.write(toFile: target, atomically: true, encoding: .utf8) }
        }
        for score in scores {
            guard let floor = Self.floors[score.category] else { continue }
            let missed = Self.misses(runs.filter { $0.query.category == score.category })
            if score.category == "negative" {
                #expect(
                    score.recall >= floor.foundNothing, "negative: \(score.recall) found nothing, floor \(floor.foundNothing)\n\(missed)")
            } else {
                #expect(score.recall >= floor.recall, "\(score.category): recall@5 \(score.recall) below \(floor.recall)\n\(missed)")
                #expect(score.mrr >= floor.mrr, "\(score.category): MRR@10 \(score.mrr) below \(floor.mrr)\n\(missed)")
            }
        }
    }

    /// Each category's mean recall@5 and MRR@10 (for `negative`, the share that found nothing), then
    /// every query but the negative ones as `overall`.
    static func scores(_ runs: [Run]) -> [Score] {
        func score(_ name: String, _ runs: [Run]) -> Score {
            let count = Double(max(runs.count, 1))
            return Score(
                category: name, count: runs.count, recall: runs.map(\.recallAt5).reduce(0, +) / count,
                mrr: runs.map(\.reciprocalRankAt10).reduce(0, +) / count)
        }
        var scores = categories.map { category in score(category, runs.filter { $0.query.category == category }) }
        scores.append(score("overall", runs.filter { $0.query.category != "negative" }))
        return scores
    }

    /// The figures as a Markdown table.
    static func table(_ scores: [Score]) -> String {
        func figure(_ value: Double) -> String { String(format: "%.2f", value) }
        var lines = ["| category | queries | recall@5 | MRR@10 | floor (recall@5 / MRR@10) |", "|---|---:|---:|---:|---|"]
        for score in scores {
            let floor = floors[score.category]
            switch score.category {
            case "negative":
                lines.append(
                    "| negative (found nothing) | \(score.count) | \(figure(score.recall)) | — | \(floor.map { figure($0.foundNothing) } ?? "—") |"
                )
            case "overall":
                lines.append("| **overall** (all but negative) | \(score.count) | \(figure(score.recall)) | \(figure(score.mrr)) | — |")
            default:
                let held = floor.map { "\(figure($0.recall)) / \(figure($0.mrr))" } ?? "—"
                lines.append("| \(score.category) | \(score.count) | \(figure(score.recall)) | \(figure(score.mrr)) | \(held) |")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The queries that missed an answer in their first five hits, or found something when they
    /// should not have, with what they found.
    static func misses(_ runs: [Run]) -> String {
        var lines: [String] = []
        let ordered = runs.enumerated().sorted { a, b in
            let (x, y) = (
                categories.firstIndex(of: a.element.query.category) ?? 0, categories.firstIndex(of: b.element.query.category) ?? 0
            )
            return x != y ? x < y : a.offset < b.offset
        }.map(\.element)
        for run in ordered where run.recallAt5 < 1 {
            let found = run.ranked.prefix(5).joined(separator: ", ")
            let wanted = run.query.relevant.joined(separator: ", ")
            lines.append(
                "- \(run.query.category) `\(run.query.text)`: wanted [\(wanted)], first five [\(found)]\(run.error.map { " (\($0))" } ?? "")"
            )
        }
        return lines.isEmpty ? "" : "Missed:\n" + lines.joined(separator: "\n") + "\n"
    }
}
