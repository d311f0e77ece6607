import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The commands that read every record (exports, `list --json`, `conflicts`, `stats`, `check`) read them a
/// batch at a time: what they hold does not grow with the vault. Each is run on a vault of 4,096
/// records and must peak at less above `list -n 1` (the process, the catalog) than the vault's own
/// text. Measured there: a batch at a time, 0.03 to 0.45 of the text; every record held at once
/// (`recordsPerBatch` made larger than the vault), 1.4 to 1.7 of it.
@Suite("commands that read every record hold a batch of them, not the vault")
struct WholeVaultMemoryTests {
    /// 4,096 records (8 of `Vault.recordsPerBatch`), 8 KB of body each: 34 MB of text.
    static let recordCount = 4_096
    /// For the first search, which builds the index a part of 6,250 records at a time
    /// (`indexPartSize`): 4,096 records are one part, held whole by design (111 MB above `list -n 1`
    /// there). 16,384 records, 137 MB of text, are three parts.
    static let searchRecordCount = 16_384
    static let bodyBytes = 8 * 1_024

    /// Writes `count` records as another device would have synced them, then lets folio catalog them.
    static func largeVault(records count: Int = recordCount) throws -> (FolioProcess, textBytes: Int) {
        let folio = try FolioProcess.vault()
        var textBytes = 0
        let paragraph = "走過河堤，螢火蟲在草叢裡一閃一閃。We walked home along the river and counted the lights. "
        let body = String(repeating: paragraph, count: bodyBytes / paragraph.utf8.count + 1)
        for month in 1...12 {
            try FileManager.default.createDirectory(
                at: folio.directory.appendingPathComponent(String(format: "ideas/2025/%02d", month)), withIntermediateDirectories: true)
        }
        for index in 0..<count {
            let month = index % 12 + 1
            let day = index % 28 + 1
            let text = idea(
                title: "river walk \(index)",
                created: "2025-\(String(format: "%02d-%02d", month, day))T21:\(String(format: "%02d", index % 60)):00.000+08:00",
                tags: ["walk", "night\(index % 7)"], body: body)
            textBytes += text.utf8.count
            try Data(text.utf8).write(
                to: folio.directory.appendingPathComponent(String(format: "ideas/2025/%02d/walk-%05d.md", month, index)))
        }
        return (folio, textBytes)
    }

    /// An idea record as another device would have written it: a new id, `title`, `created`, any
    /// `tags`, and `body`.
    static func idea(title: String, created: String, tags: [String] = [], body: String) -> String {
        let tagLines = tags.isEmpty ? "" : "tags:\n" + tags.map { "  - \($0)\n" }.joined()
        return
            "---\nid: \(UUID().uuidString.lowercased())\nkind: idea\ntitle: \(title)\ncreated: \(created)\n\(tagLines)done: false\n---\n\n\(body)\n"
    }

    /// Runs folio to its end with its output thrown away, and returns its peak resident memory in bytes.
    static func peakBytes(_ folio: FolioProcess, _ arguments: [String]) throws -> Int {
        let report = try #require(folio.scratch?.path("peak-\(UUID().uuidString)"))
        let (status, peak) = try PeakMemory.run(
            FolioProcess.binary.path, ["-C", folio.directory.path] + arguments, environment: folio.environment, report: report)
        #expect(status == 0, "folio \(arguments.joined(separator: " ")) ended with \(status.map(String.init) ?? "no status")")
        #expect(peak > 0, "GNU time measured nothing for folio \(arguments.joined(separator: " "))")
        return peak
    }

    @Test(
        "exports, list --json, conflicts, stats and check stay below the size of the vault's text",
        .enabled(if: PeakMemory.isAvailable, "GNU time (/usr/bin/time) is not installed: run make deps"))
    func batchesNotTheVault() throws {
        let (folio, textBytes) = try Self.largeVault()
        let out = folio.scratch?.path("out").path ?? "/nonexistent"
        // The catalog is made first, so every command below starts from the same place.
        let baseline = try Self.peakBytes(folio, ["list", "-n", "1"])
        let commands: [[String]] = [
            ["export", "json"], ["export", "jrnl"], ["export", "markdown", "--out", out], ["list", "--json"], ["list"],
            ["conflicts"], ["stats", "--kind", "idea", "--by", "month"], ["check"],
        ]
        for command in commands {
            let peak = try Self.peakBytes(folio, command)
            // Holding every record parsed takes more than its text (each record's text, its body and
            // its front matter's nodes); a batch at a time, well under it.
            #expect(
                peak - baseline < textBytes,
                "folio \(command.joined(separator: " ")) peaked at \(peak >> 20) MB, \((peak - baseline) >> 20) MB over list -n 1; the records' text is \(textBytes >> 20) MB"
            )
        }
    }

    /// The first search builds the index a part at a time, each part written as soon as it is built:
    /// it holds one part's texts and postings, never the vault's. Built whole, the postings alone
    /// (eight bytes an occurrence) outgrow the records' text.
    @Test(
        "the first search, which builds the index, stays below the size of the vault's text",
        .enabled(if: PeakMemory.isAvailable, "GNU time (/usr/bin/time) is not installed: run make deps"))
    func firstSearchBuildsByParts() throws {
        let (folio, textBytes) = try Self.largeVault(records: Self.searchRecordCount)
        let baseline = try Self.peakBytes(folio, ["list", "-n", "1"])
        let peak = try Self.peakBytes(folio, ["search", "螢火蟲"])
        #expect(
            peak - baseline < textBytes,
            "the first search peaked at \(peak >> 20) MB, \((peak - baseline) >> 20) MB over list -n 1; the records' text is \(textBytes >> 20) MB"
        )
    }

    /// 4,096 records of 1,500 words each that no other record has: their search terms are as large
    /// as their text, as a journal's are over the years.
    static func wordyVault() throws -> FolioProcess {
        let folio = try FolioProcess.vault()
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        func word(_ number: Int) -> String {
            var n = number
            var out = ""
            for _ in 0..<7 {
                out.append(letters[n % 26])
                n /= 26
            }
            return "q" + out
        }
        try FileManager.default.createDirectory(
            at: folio.directory.appendingPathComponent("ideas/2025/03"), withIntermediateDirectories: true)
        for index in 0..<4_096 {
            let words = (0..<1_500).map { word(index * 1_500 + $0) }.joined(separator: " ")
            let text = idea(
                title: "notes \(index)", created: "2025-03-\(String(format: "%02d", index % 28 + 1))T21:00:00.000+08:00", body: words)
            try Data(text.utf8).write(to: folio.directory.appendingPathComponent(String(format: "ideas/2025/03/notes-%05d.md", index)))
        }
        return folio
    }

    @Test(
        "export html holds neither its search terms nor its index whole",
        .enabled(if: PeakMemory.isAvailable, "GNU time (/usr/bin/time) is not installed: run make deps"))
    func siteStreamsItsLargeFiles() throws {
        let folio = try Self.wordyVault()
        let site = try #require(folio.scratch?.path("site"))
        let baseline = try Self.peakBytes(folio, ["list", "-n", "1"])
        let peak = try Self.peakBytes(folio, ["export", "html", "--out", site.path])
        let script = try #require(
            try FileManager.default.attributesOfItem(atPath: site.appendingPathComponent("search.js").path)[.size] as? Int)
        // Held as strings, the terms, `search.js` and the terms file were each the size of
        // `search.js`: 301 MB over `list -n 1` here, six times the file. Written as they are
        // made, with the terms waiting on disk, the export holds a batch of pages: 35 MB.
        #expect(script > 40 << 20, "the records' terms fill search.js (\(script >> 20) MB)")
        #expect(
            peak - baseline < script,
            "folio export html peaked at \(peak >> 20) MB, \((peak - baseline) >> 20) MB over list -n 1; search.js is \(script >> 20) MB"
        )
    }

    @Test(
        "export html with nothing to do reads what it needs of the manifest, not the manifest whole",
        .enabled(if: PeakMemory.isAvailable, "GNU time (/usr/bin/time) is not installed: run make deps"))
    func unchangedSiteReadsTheManifestsOutline() throws {
        var folio = try FolioProcess.vault()
        // Files just written count as settled, so the first export's key is whole.
        folio.environment["FOLIO_RACY_WINDOW_MS"] = "0"
        try FileManager.default.createDirectory(
            at: folio.directory.appendingPathComponent("ideas/2025/04"), withIntermediateDirectories: true)
        for index in 0..<1_024 {
            let text = Self.idea(
                title: "lantern \(index)", created: "2025-04-\(String(format: "%02d", index % 28 + 1))T21:00:00.000+08:00",
                body: "Lanterns along the river, number \(index).")
            try Data(text.utf8).write(to: folio.directory.appendingPathComponent(String(format: "ideas/2025/04/lantern-%05d.md", index)))
        }
        let site = try #require(folio.scratch?.path("site"))
        #expect(try folio.run("export", "html", "--out", site.path).status == 0)
        // Each record's first line in the manifest made 96 KB long: 100 MB that only a full
        // export reads (a page's list entry), as a journal's long first lines add up.
        let manifestURL = site.appendingPathComponent(".folio-site/manifest")
        let long = String(repeating: "燈", count: 32 * 1_024)
        let lines = try String(contentsOf: manifestURL, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let padded = lines.map { line -> String in
            var fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if fields.first == "rec", fields.count >= 6 { fields[5] = long }
            return fields.joined(separator: "\t")
        }
        .joined(separator: "\n")
        try Data(padded.utf8).write(to: manifestURL)
        let manifestBytes = padded.utf8.count
        #expect(manifestBytes > 96 << 20)

        let baseline = try Self.peakBytes(folio, ["list", "-n", "1"])
        let peak = try Self.peakBytes(folio, ["export", "html", "--out", site.path])
        // Nothing was done: a full export would have written the manifest again, with the real first lines.
        #expect(try Data(contentsOf: manifestURL).count == manifestBytes, "the export found nothing changed")
        // Read whole and decoded, the manifest was held twice: 200 MB over list -n 1 here. Read
        // a chunk at a time up to its first record (its outline and files), a few MB.
        #expect(
            peak - baseline < manifestBytes / 4,
            "folio export html peaked at \(peak >> 20) MB, \((peak - baseline) >> 20) MB over list -n 1; the manifest is \(manifestBytes >> 20) MB"
        )
    }
}
