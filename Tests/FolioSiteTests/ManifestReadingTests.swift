import FolioCore
import Foundation
import TestSupport
import Testing

@testable import FolioSite

#if canImport(Glibc)
    import Glibc
#endif

/// The manifest is read a chunk at a time (``FileLines``), whole for an export with something to
/// do and as an outline for one with nothing to do; the text decoded at once is their oracle.
@Suite("The site's manifest, read a chunk at a time")
struct ManifestReadingTests {
    let scratch: Scratch

    init() throws {
        scratch = try Scratch("manifest-reading")
    }

    func scratchFile(_ bytes: [UInt8]) throws -> String {
        let path = scratch.path("lines-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("lines are the file's lines at every chunk size: offsets, a last line without LF, a line over the limit")
    func linesAtEveryChunkSize() throws {
        var random = SplitMix64(seed: 7)
        for round in 0..<60 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0..<12, using: &random) {
                let alphabet: [UInt8] = [UInt8(ascii: "a"), 0xE7, 0x87, 0x88, 0x09]
                bytes += (0..<Int.random(in: 0..<14, using: &random)).map { _ in alphabet[Int.random(in: 0..<5, using: &random)] }
                bytes.append(0x0A)
            }
            if Bool.random(using: &random) { bytes += Array("tail".utf8) }
            let path = try scratchFile(bytes)
            defer { unlink(path) }
            // What splitting the whole file gives: each line, where it starts, and whether an LF ends it.
            var expected: [(bytes: [UInt8], offset: Int, ended: Bool)] = []
            var start = 0
            for (i, byte) in bytes.enumerated() where byte == 0x0A {
                expected.append((Array(bytes[start..<i]), start, true))
                start = i + 1
            }
            if start < bytes.count { expected.append((Array(bytes[start...]), start, false)) }
            for chunkSize in [1, 2, 3, 5, 8, 64, 1 << 16] {
                var got: [FileLines.Line] = []
                let read = FileLines.read(path, longestLine: 9, chunkSize: chunkSize) { lines in
                    got += lines
                    return true
                }
                #expect(read)
                #expect(got.count == expected.count, "round \(round), chunk \(chunkSize)")
                for (line, want) in zip(got, expected) {
                    #expect(line.offset == want.offset && line.ended == want.ended, "round \(round), chunk \(chunkSize)")
                    #expect(line.bytes == (want.bytes.count > 9 ? nil : want.bytes), "round \(round), chunk \(chunkSize)")
                }
            }
        }
    }

    @Test("a pipe, a folder or a missing file is no file of lines, and nothing waits for a writer")
    func notARegularFile() throws {
        let folder = scratch.path("pipe")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let pipe = folder.appendingPathComponent("manifest").path
        #expect(mkfifo(pipe, 0o600) == 0)
        #expect(!FileLines.read(pipe, longestLine: 100) { _ in true })
        #expect(SiteManifest.read(from: pipe) == nil)
        #expect(SiteManifest.read(outlineFrom: pipe, keepingPages: true) == nil)
        #expect(SiteManifest.read(from: folder.path) == nil)
        #expect(SiteManifest.read(from: folder.appendingPathComponent("none").path) == nil)
    }

    /// A manifest of `count` records, some with media, one with text that must be escaped.
    func manifest(records count: Int) -> SiteManifest {
        var manifest = SiteManifest()
        manifest.key = "key\twith a tab"
        manifest.thumbnailTool = "ffmpeg 7"
        manifest.failedThumbnails = ["ab", "cd"]
        for n in 0..<count {
            let path = String(format: "diary/2026/%02d/day-%05d.md", n % 12 + 1, n)
            let page = "records/day-\(n).html"
            manifest.files[page] = String(repeating: "f", count: 64)
            manifest.rows[path] = SiteManifest.Row(
                page: page, path: path, stamp: "\(n)-2-3-4", inputKey: String(repeating: "e", count: 64),
                firstLine: n == 3 ? "下雨了\t100%\r\nrain" : String(repeating: "第 \(n) 天的路上", count: 64),
                media: n % 3 == 0 ? ["photo:media/aa/\(n).jpg", "video:media/bb/\(n).mov"] : [])
        }
        manifest.files["index.html"] = "ii"
        manifest.files[SiteFolder.termsName] = "tt"
        return manifest
    }

    @Test("read a chunk at a time, the manifest is the one decoded whole; its outline is what the whole holds")
    func wholeAndOutline() throws {
        let manifest = manifest(records: 3_000)
        let text = manifest.encoded()
        #expect(text.utf8.count > 4 << 20, "more than one chunk")
        let path = try scratchFile(Array(text.utf8))
        defer { unlink(path) }
        #expect(SiteManifest.decode(text) == manifest)
        #expect(SiteManifest.read(from: path) == manifest)

        let outline = try #require(SiteManifest.read(outlineFrom: path, keepingPages: true))
        let rows = manifest.rows.keys.sorted().compactMap { manifest.rows[$0] }
        #expect(outline.key == manifest.key)
        #expect(outline.recordCount == 3_000)
        #expect(outline.media == rows.flatMap(\.media), "every record's media, in the records' order")
        #expect(outline.pages == manifest.rows.mapValues(\.page))
        #expect(outline.files == manifest.files.keys.sorted())
        let short = try #require(SiteManifest.read(outlineFrom: path, keepingPages: false))
        #expect(short.pages.isEmpty)
        #expect(short.key == outline.key && short.recordCount == 3_000 && short.media == outline.media && short.files == outline.files)
    }

    @Test("without the pages the outline is read up to the first record: what comes after is not read")
    func outlineStopsAtTheRecords() throws {
        let manifest = manifest(records: 3_000)
        var lines = manifest.encoded().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let firstRecord = try #require(lines.firstIndex { $0.hasPrefix("rec\t") })
        // A record line several chunks on made into no entry: the whole manifest is none, and so
        // is the outline read to the end, but the outline up to the first record is what it was.
        lines[firstRecord + 2_000] = "rec\tonly-two"
        let path = try scratchFile(Array(lines.joined(separator: "\n").utf8))
        defer { unlink(path) }
        #expect(SiteManifest.read(from: path) == nil)
        #expect(SiteManifest.read(outlineFrom: path, keepingPages: true) == nil)
        let short = try #require(SiteManifest.read(outlineFrom: path, keepingPages: false, chunkSize: 1 << 16))
        #expect(short.recordCount == 3_000 && short.files.count == manifest.files.count)
        // And a damaged line before the first record is found.
        lines[firstRecord - 1] = "file\tonly-two"
        let damaged = try scratchFile(Array(lines.joined(separator: "\n").utf8))
        defer { unlink(damaged) }
        #expect(SiteManifest.read(outlineFrom: damaged, keepingPages: false) == nil)
    }

    @Test("a damaged manifest is none, read whole or as an outline")
    func damaged() throws {
        let text = manifest(records: 40).encoded()
        let lines = text.split(separator: "\n").map(String.init)
        func index(_ prefix: String) -> Int { lines.firstIndex { $0.hasPrefix(prefix) } ?? 0 }
        func replacing(_ at: Int, with line: String) -> [String] {
            var changed = lines
            changed[at] = line
            return changed
        }
        func moving(_ from: Int, to: Int) -> [String] {
            var changed = lines
            changed.insert(changed.remove(at: from), at: to)
            return changed
        }
        var inserted = lines
        inserted.insert(lines[index("rec\t")].replacingOccurrences(of: "records/", with: "records/again-"), at: index("rec\t") + 1)
        var twoCounts = lines
        twoCounts.insert(lines[index("records\t")], at: 1)
        var fileAgain = lines
        fileAgain.insert(lines[index("file\t")], at: index("file\t") + 1)
        let damages: [(String, [String], whole: Bool)] = [
            ("no header", Array(lines.dropFirst()), true),
            ("the first version's header", replacing(0, with: "folio-site 1"), true),
            ("a line that is no entry", lines + ["rec\tonly-two"], false),
            // The outline, which the export with nothing to do trusts, against the records.
            ("one record more than the outline says", inserted, false),
            ("one record fewer", lines.filter { !$0.hasPrefix("rec\t") || $0 != lines[index("rec\t")] }, false),
            ("a count that is no number", replacing(index("records\t"), with: "records\t+40"), true),
            ("two counts", twoCounts, true),
            ("no count", lines.filter { !$0.hasPrefix("records\t") }, true),
            ("a medium missing", lines.filter { $0 != lines[index("media\t")] }, false),
            ("a medium changed", replacing(index("media\t"), with: "media\tphoto:media/zz/other.jpg"), false),
            ("records out of path order", moving(index("rec\t"), to: lines.count - 3), false),
            ("a file named twice", fileAgain, false),
            ("a file after the records", moving(index("file\t"), to: lines.count - 1), false),
            ("the outline after the files", moving(index("media\t"), to: index("rec\t")), true),
        ]
        for (what, changed, outlineToo) in damages {
            let path = try scratchFile(Array(changed.joined(separator: "\n").utf8))
            defer { unlink(path) }
            #expect(SiteManifest.read(from: path) == nil, "\(what)")
            #expect(SiteManifest.decode(changed.joined(separator: "\n")) == nil, "\(what)")
            #expect(SiteManifest.read(outlineFrom: path, keepingPages: true) == nil, "\(what)")
            if outlineToo { #expect(SiteManifest.read(outlineFrom: path, keepingPages: false) == nil, "\(what)") }
        }
        for bytes in [Array(lines.joined(separator: "\n").utf8) + [0x0A, 0x72, 0x65, 0x63, 0x09, 0xFF, 0xFE], []] {
            let path = try scratchFile(bytes)
            defer { unlink(path) }
            #expect(SiteManifest.read(from: path) == nil)
            #expect(SiteManifest.read(outlineFrom: path, keepingPages: true) == nil)
        }
    }

    @Test("record pages' hashes kept apart are written among the manifest's files, in path order, one line a path")
    func pagesWrittenAmongFiles() throws {
        var random = SplitMix64(seed: 11)
        for _ in 0..<200 {
            var manifest = SiteManifest()
            var pages: [String: String] = [:]
            for n in 0..<Int(random.next() % 12) {
                let path = ["assets/site.css", "index.html", "records/\(n).html", "search.js", "zz.html", "calendar/2026.html"][
                    Int(random.next() % 6)]
                manifest.files[path] = sha256Hex("file \(n)")
            }
            for n in 0..<Int(random.next() % 12) { pages["records/\(random.next() % 9).html"] = sha256Hex("page \(n)") }
            var text = ""
            manifest.encode(
                into: &text, rows: [SiteManifest.Row](), recordCount: 0, media: [String](),
                pages: pages.keys.sorted().map { (path: $0, hash: pages[$0] ?? "") })
            // What the manifest says is what one table holding both would say, the manifest's own hash winning.
            var whole = manifest
            for (path, hash) in pages where whole.files[path] == nil { whole.files[path] = hash }
            #expect(text == whole.encoded(), "\(text)")
            #expect(SiteManifest.decode(text)?.files == whole.files)
        }
    }

    @Test("a page's hash kept as 32 bytes gives back its 64 hex digits; other text is not a hash")
    func pageHashes() {
        for n in 0..<500 {
            let hex = sha256Hex("page \(n)")
            #expect(PageHash(hex: hex)?.hex == hex)
        }
        let zeros = String(repeating: "0", count: 64)
        #expect(PageHash(hex: zeros)?.hex == zeros)
        for bad in [
            "", String(repeating: "a", count: 63), String(repeating: "A", count: 64), String(repeating: "g", count: 64),
            "é" + String(repeating: "a", count: 62),
        ] {
            #expect(PageHash(hex: bad) == nil, "\(bad)")
        }
    }
}
