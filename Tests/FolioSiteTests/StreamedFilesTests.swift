import FolioCore
import Foundation
import Testing
import YAML

@testable import FolioSite
@testable import FolioStore

/// The index, `search.js`, its terms and the manifest are written as they are made, and the
/// terms wait on disk, not in memory (at 100,000 records each file is tens of megabytes).
@Suite("The site's large files are written as they are made")
struct StreamedFilesTests {
    static let ids = (1...4).map { String(format: "%08d-0000-4000-8000-00000000000a", $0) }
    static let words = ["lighthouse", "harbour", "螢火蟲", "meadow"]

    func fourRecords() throws -> SiteVault {
        try SiteVault.monthly(
            Self.ids, slug: "w", title: "Walk", tags: { _ in ["walk"] }, body: { "Walked to the \(Self.words[$0]) today.\n" })
    }

    func termsFile(_ vault: SiteVault) -> URL { vault.site.appendingPathComponent(SiteFolder.termsName) }

    @Test("terms kept from the last export are used again; a damaged line makes its record be read again")
    func damagedTermsLines() throws {
        let vault = try fourRecords()
        _ = try vault.settledExport()
        let original = try Data(contentsOf: termsFile(vault))
        var lines = original.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Array($0) }
        // Record 0's line loses its tab, record 2's is no longer UTF-8, and record 3's holds a word
        // its record never had: a line that is well formed is trusted, as it was written by folio.
        for (i, line) in lines.enumerated() {
            let text = String(decoding: line, as: UTF8.self)
            if text.hasPrefix("records/\(Self.ids[0])") { lines[i] = Array(text.replacingOccurrences(of: "\t", with: " ").utf8) }
            if text.hasPrefix("records/\(Self.ids[2])") { lines[i] = line.prefix(20) + [0xFF, 0xFE] + line.dropFirst(20) }
            if text.hasPrefix("records/\(Self.ids[3])") { lines[i] = Array((text + " kept-from-before").utf8) }
        }
        try Data(lines.joined(separator: [UInt8(ascii: "\n")])).write(to: termsFile(vault))
        // A changed record makes search.js be written again from the terms.
        try vault.record(
            "w1", id: Self.ids[1], title: "Walk 1", day: "2026-02-10", tags: ["walk"], body: "Walked to the quay today.\n")
        _ = try vault.settledExport()
        let script = try #require(vault.siteText("search.js"))
        #expect(script.contains("lighthouse"), "the line without a tab was passed over and its record read again")
        #expect(script.contains("quay") && !script.contains("harbour"), "the changed record's new terms, not its old")
        #expect(script.contains("kept-from-before"), "a well-formed line of the last export is used as it is")
        let terms = try String(contentsOf: termsFile(vault), encoding: .utf8).split(separator: "\n")
        #expect(terms.count == 4 && terms.allSatisfy { $0.contains("\t") })
        let before = String(decoding: original, as: UTF8.self).split(separator: "\n")
        let lineOf2 = { (lines: [Substring]) in lines.first { $0.hasPrefix("records/\(Self.ids[2])") } }
        #expect(lineOf2(terms) != nil && lineOf2(terms) == lineOf2(before), "the line that was not UTF-8: its record read again")
    }

    @Test("a line of the terms longer than the limit is passed over, and its record read again")
    func overlongTermsLine() throws {
        let vault = try fourRecords()
        _ = try vault.settledExport()
        var text = try String(contentsOf: termsFile(vault), encoding: .utf8)
        text += "records/elsewhere.html\t" + String(repeating: "x", count: SiteTerms.longestLine) + "\n"
        let kept = text.split(separator: "\n").filter { !$0.hasPrefix("records/\(Self.ids[3])") }.joined(separator: "\n")
        try (String(repeating: "y", count: SiteTerms.longestLine + 10) + "\n" + kept + "\n").write(
            to: termsFile(vault), atomically: true, encoding: .utf8)
        try vault.record(
            "w1", id: Self.ids[1], title: "Walk 1", day: "2026-02-10", tags: ["walk"], body: "Walked to the quay today.\n")
        _ = try vault.settledExport()
        let script = try #require(vault.siteText("search.js"))
        #expect(script.contains("meadow"), "the record whose line was gone is read again")
        #expect(script.contains("lighthouse") && script.contains("quay"))
        let size = try #require(try FileManager.default.attributesOfItem(atPath: termsFile(vault).path)[.size] as? Int)
        #expect(size < 4_096, "neither long line is carried into the new terms file")
    }

    @Test("a pipe where the last terms were is not waited on: every record is read again")
    func termsFileIsAPipe() throws {
        let vault = try fourRecords()
        _ = try vault.settledExport()
        try FileManager.default.removeItem(at: termsFile(vault))
        #expect(mkfifo(termsFile(vault).path, 0o600) == 0)
        try vault.record(
            "w1", id: Self.ids[1], title: "Walk 1", day: "2026-02-10", tags: ["walk"], body: "Walked to the quay today.\n")
        _ = try vault.settledExport()
        let script = try #require(vault.siteText("search.js"))
        #expect(script.contains("lighthouse") && script.contains("quay") && script.contains("meadow"))
        var info = stat()
        #expect(lstat(termsFile(vault).path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG, "the pipe is replaced by the new terms file")
    }

    @Test("a streamed file whose bytes are the same is left as it was; the scratch terms leave nothing behind")
    func unchangedStreamedFile() throws {
        let vault = try fourRecords()
        _ = try vault.settledExport()
        let indexInode = vault.inode("index.html")
        let scriptInode = vault.inode("search.js")
        // A line below the first: the index shows the first line only, the search terms hold it.
        try vault.record(
            "w2", id: Self.ids[2], title: "Walk 2", day: "2026-03-10", tags: ["walk"],
            body: "Walked to the 螢火蟲 today.\n\nThe ferry was late.\n")
        _ = try vault.settledExport()
        #expect(vault.inode("index.html") == indexInode, "the index's bytes did not change: the old file stays")
        #expect(vault.inode("search.js") != scriptInode)
        #expect(vault.siteText("search.js")?.contains("ferry") == true)
        let marker = vault.site.appendingPathComponent(SiteFolder.markerDirectory)
        let left = try FileManager.default.contentsOfDirectory(atPath: marker.path).filter { $0.hasPrefix(".tmp-") }
        #expect(left.isEmpty, "\(left)")
        let manifest = try #require(vault.siteText(SiteFolder.manifestName).flatMap(SiteManifest.decode))
        #expect(manifest.rows.count == 4 && manifest.rows.values.contains { $0.firstLine.contains("螢火蟲") })
        #expect(manifest.files["index.html"] != nil && manifest.files["search.js"] != nil)
    }

    @Test("the manifest written a line at a time is the one encoded whole")
    func manifestStreamedAsEncoded() throws {
        var manifest = SiteManifest()
        manifest.key = "k\t1"
        manifest.thumbnailTool = "ffmpeg 7"
        manifest.files = ["index.html": "aa", "records/b.html": "bb"]
        manifest.rows = [
            "z.md": SiteManifest.Row(page: "records/z.html", path: "z.md", stamp: "1-2-3-4", inputKey: "ik", firstLine: "下雨\\了", media: []),
            "a.md": SiteManifest.Row(
                page: "records/a.html", path: "a.md", stamp: "", inputKey: "", firstLine: "tab\there", media: ["photo:media/ab/c.jpg"]),
        ]
        manifest.failedThumbnails = ["ff"]
        var streamed = ""
        manifest.encode(into: &streamed, rows: ["a.md", "z.md"].compactMap { manifest.rows[$0] })
        #expect(streamed == manifest.encoded())
        #expect(SiteManifest.decode(streamed) == manifest)
    }

    @Test("charts from each record's keys the charts use are the charts from its whole front matter")
    func chartsFromTheirKeys() throws {
        let vault = try SiteVault(language: "en")
        for example in ["baby-tracker", "billiard-trainer"] {
            for (name, text) in BuiltinTemplates.examples[example] ?? [:] { try vault.write(".folio/templates/\(name).md", text) }
        }
        let kinds = vault.vault.kinds
        let charted = kinds.values.filter { !$0.charts.isEmpty }
        #expect(charted.count >= 2, "the examples draw charts")
        for kind in charted {
            // Every key the kind declares, and some it does not, with values of each shape.
            var rows: [(time: Timestamp?, root: Value)] = []
            for n in 0..<12 {
                var text = "title: r\(n)\nnote: unrelated \(n)\ncontext: {weather: rain, n: \(n)}\n"
                for field in kind.fields {
                    let value =
                        switch field.name {
                        case "start": String(format: "2026-11-%02dT20:00:00+08:00", n + 1)
                        case "end": String(format: "2026-11-%02dT06:%02d:00+08:00", n + 2, n)
                        default: n % 3 == 0 ? "\(n)" : n % 3 == 1 ? "made" : "[{result: made}, {result: missed}]"
                        }
                    text += "\(field.name): \(value)\n"
                }
                if kind.field("start") == nil { text += "start: 2026-11-\(String(format: "%02d", n + 1))T20:00:00+08:00\n" }
                if kind.field("end") == nil {
                    text += "end: 2026-11-\(String(format: "%02d", n + 2))T06:\(String(format: "%02d", n)):00+08:00\n"
                }
                let document = try FrontMatterDocument(parsing: "---\n" + text + "---\n", limits: .standard)
                rows.append((Timestamp(String(format: "2026-11-%02dT20:00:00+08:00", n + 1)), document.root.resolved))
            }
            let keys = kind.chartSourceKeys
            let projected = rows.map { (time: $0.time, root: $0.root.keeping(keys: keys)) }
            for spec in kind.charts {
                #expect(
                    ChartData(spec, kind: kind, records: projected, language: .en)
                        == ChartData(spec, kind: kind, records: rows, language: .en), "\(kind.name): \(spec)")
            }
        }
    }
}
