import FolioCore
import Foundation
import Testing

@testable import FolioStore

/// Listings, calendars and tag tallies are answered from the catalog's rows without decoding every
/// summary; they must say exactly what the same work over every decoded summary says, whether the
/// rows were read this run or come from the cache, and after folders change under a cached run.
@Suite("Catalog selections")
struct CatalogSelectionTests {
    /// Records with times that tie, tags that differ only in case, undated records and a profile.
    private func vault() throws -> TemporaryVault {
        let t = try TemporaryVault()
        let tags = ["Rain", "rain", "walk", "咖啡", "RAIN", "Walk"]
        for i in 0..<60 {
            let folder = ["ideas/2026/10", "ideas/2026/11", "diary/2025/01", "notes"][i % 4]
            let kind = ["idea", "idea", "diary", "note"][i % 4]
            // Every third record shares a time with others; every seventh has none.
            let time =
                i % 7 == 0
                ? "" : "created: 2026-\(String(format: "%02d", 1 + i % 12))-\(String(format: "%02d", 1 + (i / 3) % 28))T08:00:00+08:00\n"
            let done = kind == "idea" ? "done: \(i % 2 == 0)\n" : ""
            let inline = i % 5 == 0 ? " #\(tags[(i + 2) % tags.count])" : ""
            try t.write(
                "\(folder)/r-\(String(format: "%02d", 59 - i)).md",
                """
                ---
                id: 00000000-0000-4000-8000-\(String(format: "%012d", i))
                kind: \(kind)
                title: record \(i)
                \(time)tags: [\(tags[i % tags.count]), \(tags[(i * 5) % tags.count])]
                \(done)---
                body \(i)\(inline)

                """)
        }
        // A record of no kind: judged as kind "" by every filter.
        try t.write("notes/no-kind.md", "---\nid: 20000000-0000-4000-8000-000000000000\ntitle: no kind\n---\nbody\n")
        return t
    }

    /// What the read commands answer, by the catalog's rows.
    private func answers(_ catalog: Catalog, _ filter: RecordFilter, _ t: TemporaryVault) -> [String] {
        let now = t.vault.clock.timestamp
        let zone = t.vault.clock.zone
        let selection = catalog.select(filter, now: now, zone: zone)
        return [
            "count \(selection.count)",
            "newest " + selection.newestFirst(limit: 7).map(\.path).joined(separator: ","),
            "all " + selection.newestFirst().map(\.path).joined(separator: ","),
            "days " + selection.countsByDay().sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ","),
            "tags "
                + selection.tagUses().sorted { $0.tag < $1.tag }.map { "\($0.tag)=\($0.count)@\($0.lastUsed?.text ?? "-")" }.joined(
                    separator: ","),
        ]
    }

    /// The same answers from every decoded summary, the way they were computed before rows.
    private func expected(_ catalog: Catalog, _ filter: RecordFilter, _ t: TemporaryVault) -> [String] {
        let now = t.vault.clock.timestamp
        let zone = t.vault.clock.zone
        let records = catalog.summaries.filter { filter.matches($0, now: now, zone: zone) }
        // Newest first, undated last, then by path; days of `created`, else `modified`.
        let newest = records.sorted { a, b in
            let ea = a.sortTime?.epochMilliseconds ?? Int64.min
            let eb = b.sortTime?.epochMilliseconds ?? Int64.min
            return ea != eb ? ea > eb : a.path < b.path
        }
        let days = Dictionary(grouping: records.compactMap { $0.sortTime?.day10 }, by: { $0 }).mapValues(\.count)
        return [
            "count \(records.count)",
            "newest " + newest.prefix(7).map(\.path).joined(separator: ","),
            "all " + newest.map(\.path).joined(separator: ","),
            "days " + days.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ","),
            "tags "
                + referenceTagUses(records).sorted { $0.tag < $1.tag }.map { "\($0.tag)=\($0.count)@\($0.lastUsed?.text ?? "-")" }.joined(
                    separator: ","),
        ]
    }

    /// Tag tallies by the plain rule: walk records oldest first (undated last, ties by path); the
    /// first spelling met names the tag, the last dated record met is its last use.
    private func referenceTagUses(_ records: [RecordSummary]) -> [TagUse] {
        let ordered = records.sorted { a, b in
            let ea = a.sortTime?.epochMilliseconds ?? Int64.max
            let eb = b.sortTime?.epochMilliseconds ?? Int64.max
            return ea != eb ? ea < eb : a.path < b.path
        }
        var index: [String: Int] = [:]
        var uses: [TagUse] = []
        for record in ordered {
            for tag in record.allTags {
                if let at = index[tag.lowercased()] {
                    uses[at].count += 1
                    if let time = record.sortTime { uses[at].lastUsed = time }
                } else {
                    index[tag.lowercased()] = uses.count
                    uses.append(TagUse(tag: tag, count: 1, lastUsed: record.sortTime))
                }
            }
        }
        return uses
    }

    private let filters: [RecordFilter] = [
        RecordFilter(),
        RecordFilter(kind: "idea"),
        RecordFilter(tags: ["rain"]),
        RecordFilter(tags: ["WALK", "咖啡"]),
        RecordFilter(kind: "idea", done: false),
        RecordFilter(on: "2026-03-02"),
        RecordFilter(kind: "profile"),
        RecordFilter(kind: ""),
        RecordFilter(kind: "Idea"),
        RecordFilter(kind: "no-such-kind"),
    ]

    @Test("a listing of a kind, or of everything, read from the rows' kind numbers, takes what the filter takes of each decoded summary")
    func kindNumbersAsSummaries() throws {
        let t = try vault()
        let catalog = t.vault.catalog()
        let now = t.vault.clock.timestamp
        let zone = t.vault.clock.zone
        for filter in filters {
            let taken = catalog.select(filter, now: now, zone: zone).summaries.map(\.path).sorted()
            #expect(taken == catalog.summaries.filter { filter.matches($0, now: now, zone: zone) }.map(\.path).sorted(), "\(filter)")
        }
        #expect(catalog.select(RecordFilter(kind: ""), now: now, zone: zone).count == 1, "the record of no kind")
        #expect(catalog.select(RecordFilter(), now: now, zone: zone).count == 61, "every record but the profile")
    }

    @Test("rows answer as decoded summaries do: read this run, from the cache, and after a folder changed")
    func rowsAnswerAsSummaries() throws {
        let t = try vault()
        let later = Vault.nowNanoseconds() + 60_000_000_000
        let fresh = t.vault.catalog(scanStart: later)
        #expect(fresh.report.filesRead > 60)
        let cached = Vault(root: t.root, clock: t.vault.clock).catalog(scanStart: later)
        #expect(cached.report.usedCache && cached.report.filesRead == 0 && cached.report.foldersListed == 0)
        for filter in filters {
            #expect(answers(fresh, filter, t) == expected(fresh, filter, t), "\(filter)")
            #expect(answers(cached, filter, t) == answers(fresh, filter, t), "\(filter)")
        }

        // A new file and a removed one: only their folders are listed again; rows old and new mix.
        try t.write(
            "ideas/2026/11/r-new.md",
            "---\nid: 10000000-0000-4000-8000-000000000000\nkind: idea\ntitle: new\ncreated: 2026-03-02T09:00:00+08:00\ntags: [rAIN]\n---\n"
        )
        try FileManager.default.removeItem(at: t.root.appendingPathComponent("diary/2025/01/r-57.md"))
        let mixed = Vault(root: t.root, clock: t.vault.clock).catalog(scanStart: later + 60_000_000_000)
        #expect(mixed.report.filesRead == 1)
        #expect(mixed.report.foldersListed == 2)
        #expect(!mixed.summaries.contains { $0.path == "diary/2025/01/r-57.md" })
        for filter in filters { #expect(answers(mixed, filter, t) == expected(mixed, filter, t), "\(filter)") }
    }

    @Test("more folders than are kept open: every record is found, stamped by its path, and edits in the last folders are seen")
    func manyFolders() throws {
        let t = try TemporaryVault()
        let count = CatalogWalk.maxOpenFolders + 40
        for i in 0..<count {
            try t.write("notes/\(i / 20)/\(i)/r.md", "---\nkind: note\ntitle: folder \(i)\n---\n")
        }
        let later = Vault.nowNanoseconds() + 60_000_000_000
        let first = t.vault.catalog(scanStart: later)
        #expect(first.count == count + 1)  // and the profile
        let cached = Vault(root: t.root, clock: t.vault.clock).catalog(scanStart: later)
        #expect(cached.report.usedCache && cached.report.filesRead == 0 && cached.count == count + 1)
        try t.write("notes/0/0/r.md", "---\nkind: note\ntitle: edited first\n---\n")
        try t.write("notes/\((count - 1) / 20)/\(count - 1)/r.md", "---\nkind: note\ntitle: edited last\n---\n")
        let edited = Vault(root: t.root, clock: t.vault.clock).catalog(scanStart: later + 60_000_000_000)
        #expect(edited.report.filesRead == 2)
        #expect(Set(edited.summaries.map(\.title)).isSuperset(of: ["edited first", "edited last"]))
        var paths: [String] = []
        var escaping: [String] = []
        t.vault.collect(into: &paths, escaping: &escaping)
        #expect(paths.count == count + 1)
    }

    @Test("a folder whose listing was reused still notices a file edited in place, and a new subfolder")
    func reusedFolderStillSeesEdits() throws {
        let t = try vault()
        let later = Vault.nowNanoseconds() + 60_000_000_000
        _ = t.vault.catalog(scanStart: later)
        let path = "notes/r-56.md"
        let text = try #require(t.read(path))
        try t.write(path, text.replacingOccurrences(of: "title: record 3", with: "title: renamed"))
        try t.write("notes/deeper/inner.md", "---\nkind: note\ntitle: inner\n---\n")
        let next = Vault(root: t.root, clock: t.vault.clock).catalog(scanStart: later + 60_000_000_000)
        #expect(next.summaries.contains { $0.path == path && $0.title == "renamed" })
        #expect(next.summaries.contains { $0.path == "notes/deeper/inner.md" })
        try? FileManager.default.removeItem(at: t.vault.catalogCacheURL)
        let uncached = Vault(root: t.root, clock: t.vault.clock).catalog(scanStart: later + 60_000_000_000)
        #expect(Set(next.summaries) == Set(uncached.summaries))
    }
}
