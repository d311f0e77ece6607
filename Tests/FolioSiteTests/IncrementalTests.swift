import FolioCore
import Foundation
import TestSupport
import Testing

@testable import FolioSite
@testable import FolioStore

@Suite("Exporting again writes only what changed")
struct IncrementalTests {
    static let ids = (1...5).map { String(format: "%08d-0000-4000-8000-000000000000", $0) }

    func fiveRecords() throws -> SiteVault {
        try SiteVault.monthly(Self.ids, slug: "r", title: "Record", tags: { ["t\($0 % 2)"] }, body: { "Page \($0) about rain.\n" })
    }

    @Test("nothing changed: nothing is written")
    func noChange() throws {
        let vault = try fiveRecords()
        let first = try SiteExporter.export(vault.vault, options: SiteOptions())
        #expect(first.records == 5 && first.written > 10 && first.removed == 0)
        let second = try SiteExporter.export(vault.vault, options: SiteOptions())
        #expect(second.written == 0)
        #expect(second.removed == 0)
    }

    @Test("settled files, nothing changed: the manifest decides it, and no file is touched")
    func noChangeFromManifest() throws {
        let vault = try fiveRecords()
        let first = try vault.settledExport()
        #expect(first.written > 10)
        let manifest = try #require(vault.siteText(SiteFolder.manifestName).flatMap(SiteManifest.decode))
        #expect(!manifest.key.isEmpty)
        let indexInode = vault.inode("index.html")
        let manifestInode = vault.inode(SiteFolder.manifestName)
        let second = try vault.settledExport()
        #expect(second.written == 0 && second.removed == 0 && second.records == 5)
        #expect(second.unchanged == first.written - 1, "search.js and its terms count as one, as a full export counts them")
        #expect(vault.inode("index.html") == indexInode && vault.inode(SiteFolder.manifestName) == manifestInode)
    }

    @Test("settled files: a page removed by hand is written again, a changed record is read again")
    func settledChanges() throws {
        let vault = try fiveRecords()
        _ = try vault.settledExport()
        let page = "records/\(Self.ids[1]).html"
        try FileManager.default.removeItem(at: vault.site.appendingPathComponent(page))
        let restored = try vault.settledExport()
        #expect(restored.written == 1)
        #expect(vault.siteText(page)?.contains("Record 1") == true)
        try vault.record("r1", id: Self.ids[1], title: "Record 1, again", day: "2026-02-10", tags: ["t1"], body: "Page 1 about snow.\n")
        let changed = try vault.settledExport()
        #expect(changed.written >= 3)
        #expect(vault.siteText(page)?.contains("Record 1, again") == true)
        #expect(vault.siteText("search.js")?.contains("snow") == true)
    }

    @Test("settled files: a folder of the site that became a symbolic link is still refused")
    func settledSymlinkedFolder() throws {
        let vault = try fiveRecords()
        _ = try vault.settledExport()
        let elsewhere = vault.outside("elsewhere")
        let records = vault.site.appendingPathComponent("records")
        try FileManager.default.moveItem(at: records, to: elsewhere)
        try FileManager.default.createSymbolicLink(at: records, withDestinationURL: elsewhere)
        #expect(throws: FolioError.self) {
            try vault.settledExport()
        }
    }

    @Test("a changed record rewrites its page, its neighbours' and the index; the others stay")
    func oneChange() throws {
        let vault = try fiveRecords()
        _ = try SiteExporter.export(vault.vault, options: SiteOptions())
        let far = "records/\(Self.ids[0]).html"
        let farInode = vault.inode(far)
        let changedPage = "records/\(Self.ids[3]).html"
        try vault.record("r3", id: Self.ids[3], title: "Record 3, renamed", day: "2026-04-10", tags: ["t1"], body: "Now about snow.\n")
        let report = try SiteExporter.export(vault.vault, options: SiteOptions())
        #expect(vault.siteText(changedPage)?.contains("Record 3, renamed") == true)
        #expect(vault.siteText("records/\(Self.ids[2]).html")?.contains("Record 3, renamed") == true, "the neighbour's next link")
        #expect(vault.siteText("index.html")?.contains("Record 3, renamed") == true)
        #expect(vault.siteText("search.js")?.contains("snow") == true)
        #expect(vault.inode(far) == farInode, "a page that shows nothing of the change is not written")
        #expect(report.written >= 4 && report.written <= 9, "\(report)")
    }

    @Test("a deleted record's page is removed, and no other file")
    func deletion() throws {
        let vault = try fiveRecords()
        _ = try SiteExporter.export(vault.vault, options: SiteOptions())
        let stray = vault.site.appendingPathComponent("records/notes-by-hand.txt")
        try "mine".write(to: stray, atomically: true, encoding: .utf8)
        let path = try #require(
            FileManager.default.enumerator(atPath: vault.root.path)?.allObjects.compactMap { $0 as? String }
                .first { $0.hasSuffix("-r4.md") })
        try FileManager.default.removeItem(at: vault.root.appendingPathComponent(path))
        let report = try SiteExporter.export(vault.vault, options: SiteOptions())
        #expect(report.records == 4)
        #expect(report.removed >= 1)
        #expect(vault.siteText("records/\(Self.ids[4]).html") == nil)
        #expect(vault.siteText("calendar/2026-05.html") == nil, "its month had no other record")
        #expect(vault.siteText("index.html")?.contains("Record 4") == false)
        #expect(FileManager.default.fileExists(atPath: stray.path), "a file folio did not write stays")
    }

    @Test("the manifest reads back what it wrote, and a damaged one is no manifest")
    func manifestCodec() {
        var manifest = SiteManifest()
        manifest.files["index.html"] = "abc"
        manifest.files["records/a\tb.html"] = "def"
        manifest.rows["diary/x.md"] = .init(
            page: "records/x.html", path: "diary/x.md", stamp: "1-2-3-4", inputKey: "k",
            firstLine: "line with\ttab and 100% and\nnewline", media: ["photo:media/ab/ab.jpg"])
        manifest.failedThumbnails = ["abcd"]
        manifest.thumbnailTool = "/usr/bin/ffmpeg"
        #expect(SiteManifest.decode(manifest.encoded()) == manifest)
        #expect(SiteManifest.decode("folio-site 2\nrecords\t0\nrec\tonly-two\n") == nil)
        #expect(SiteManifest.decode("folio-site 2\nrecords\t0\n") == SiteManifest(), "the smallest manifest")
        #expect(SiteManifest.decode("not a manifest") == nil)
        #expect(SiteManifest.decode("") == nil)
    }

    @Test("a manifest of many lines, decoded on all cores, reads back what it wrote; one bad line anywhere is no manifest")
    func largeManifestCodec() {
        var manifest = SiteManifest()
        manifest.key = "site-key"
        for index in 0..<20_000 {
            let name = index % 3 == 0 ? "日記-\(index)" : "entry\t\(index)%"
            manifest.files["records/\(name).html"] = String(index, radix: 16)
            manifest.rows["diary/\(name).md"] = .init(
                page: "records/\(name).html", path: "diary/\(name).md", stamp: "\(index)-2-3-4", inputKey: "k\(index)",
                firstLine: index % 2 == 0 ? "螢火蟲\n第二行" : "plain", media: index % 5 == 0 ? ["photo:media/ab/\(index).jpg"] : [])
        }
        let text = manifest.encoded()
        #expect(SiteManifest.decode(text) == manifest)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        lines[lines.count / 2 + 7] = "rec\tonly-two"
        #expect(SiteManifest.decode(lines.joined(separator: "\n")) == nil)
    }

    @Test(
        "paths from a manifest that leave the folder are never removed",
        arguments: ["../x", "/etc/passwd", "a/../../b", "", "a//b", ".", "..", "a/.", "a/..", "./a", "a/", "/", "a\0b", "a/\0"])
    func unsafePaths(path: String) {
        #expect(!SiteFolder.isSafe(path))
    }

    @Test(
        "the paths folio writes are safe",
        arguments: ["index.html", "records/日記.html", "...", "a/.../b", ".hidden", "a/..b", "b../c", "a.b/c"])
    func safePaths(path: String) {
        #expect(SiteFolder.isSafe(path))
    }

    @Test("a site's folders are each named once, in path order, from its files")
    func directoriesOfFiles() {
        let files = [
            "assets/site.css", "assets/site.js", "calendar/2026.html", "index.html", "media/ab/x.jpg", "media/ab/y.jpg",
            "media/ab/z/w.jpg", "media/ab/z.jpg", "records/a.html", "records/日記.html", "search.js",
        ]
        #expect(
            SiteFolder.directories(of: files) == ["assets", "calendar", "media/ab", "media/ab/z", "records"])
        // Whatever the order, the same folders: what the last export wrote, with every folder of it once.
        var random = SplitMix64(seed: 3)
        for _ in 0..<50 {
            let shuffled = files.shuffled(using: &random)
            let expected = Set(shuffled.compactMap { path in path.lastIndex(of: "/").map { String(path[..<$0]) } }).sorted()
            #expect(SiteFolder.directories(of: shuffled) == expected)
        }
    }
}

@Suite("Where the site may be written")
struct OutputFolderTests {
    @Test("a folder that is not empty and was not written by folio is refused, and left as it was")
    func foreignFolder() throws {
        let vault = try SiteVault()
        try vault.record("a", id: "44444444-4444-4444-8444-444444444444", title: "A")
        let out = vault.outside("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try "my thesis".write(to: out.appendingPathComponent("thesis.txt"), atomically: true, encoding: .utf8)
        #expect(throws: FolioError(.site(.foreignFolder(out.path)))) {
            try SiteExporter.export(vault.vault, options: SiteOptions(output: out))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["thesis.txt"])
    }

    @Test("an empty folder, a new one, and one folio wrote are accepted")
    func acceptedFolders() throws {
        let vault = try SiteVault()
        try vault.record("a", id: "55555555-5555-4555-8555-555555555555", title: "A")
        let base = vault.outside("out")
        try FileManager.default.createDirectory(at: base.appendingPathComponent("empty"), withIntermediateDirectories: true)
        for folder in ["empty", "new/deeper"] {
            let report = try SiteExporter.export(vault.vault, options: SiteOptions(output: base.appendingPathComponent(folder)))
            #expect(FileManager.default.fileExists(atPath: report.indexURL.path))
            let again = try SiteExporter.export(vault.vault, options: SiteOptions(output: base.appendingPathComponent(folder)))
            #expect(again.written == 0)
        }
    }

    @Test(
        "the vault itself, a folder holding it, and its folders are refused",
        arguments: ["", "diary", "media", ".git", "site", ".folio", ".."])
    func insideVault(relative: String) throws {
        let vault = try SiteVault()
        try vault.record("a", id: "66666666-6666-4666-8666-666666666666", title: "A")
        let out = relative.isEmpty ? vault.root : vault.root.appendingPathComponent(relative)
        #expect(throws: FolioError.self) {
            try SiteExporter.export(vault.vault, options: SiteOptions(output: out))
        }
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("index.html").path))
    }

    @Test("a folder of the site that became a symbolic link is not written through")
    func symlinkedFolder() throws {
        let vault = try SiteVault()
        try vault.record("a", id: "77777777-7777-4777-8777-777777777777", title: "A")
        _ = try SiteExporter.export(vault.vault, options: SiteOptions())
        let elsewhere = vault.outside("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let records = vault.site.appendingPathComponent("records")
        try FileManager.default.removeItem(at: records)
        try FileManager.default.createSymbolicLink(at: records, withDestinationURL: elsewhere)
        #expect(throws: FolioError.self) {
            try SiteExporter.export(vault.vault, options: SiteOptions())
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }
}
