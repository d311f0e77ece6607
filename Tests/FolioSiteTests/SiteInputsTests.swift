import FolioCore
import Foundation
import TestSupport
import Testing

@testable import FolioSite
@testable import FolioStore

/// An export with nothing to do is decided from the manifest's outline and the site's key, made
/// from bytes; each byte-level piece is held to the slow form it replaced.
@Suite("The site's key and paths, by their bytes")
struct SiteInputsTests {
    /// The check the byte-level one replaced: the path split at `/`, every part a plain name.
    static func isSafeBySplitting(_ relative: String) -> Bool {
        guard !relative.isEmpty, !relative.hasPrefix("/") else { return false }
        return relative.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { part in
            !part.isEmpty && part != "." && part != ".." && !part.contains("\0")
        }
    }

    @Test("a page path is safe by its bytes exactly when it is by its parts, on 20,000 paths of slashes, dots and names")
    func safePathsAgainstSplitting() {
        let pieces = ["/", ".", "..", "a", "日", "\0", "é", "records", ".html", "e\u{301}"]
        var random = SplitMix64(seed: 5)
        for _ in 0..<20_000 {
            let path = (0..<Int(random.next() % 7)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            #expect(SiteFolder.isSafe(path) == Self.isSafeBySplitting(path), "\(path.debugDescription)")
        }
    }

    @Test("each record's path as bytes is its path, in folders and at the root, in Chinese and with spaces")
    func pathBytes() throws {
        let vault = try SiteVault()
        try vault.record("晴天", id: "dddddddd-0000-4000-8000-000000000001", title: "晴天")
        try vault.record("with space", id: "dddddddd-0000-4000-8000-000000000002", title: "space", kind: "idea")
        try vault.write("note at root.md", "---\nid: dddddddd-0000-4000-8000-000000000003\ntitle: root\n---\nbody\n")
        let catalog = vault.vault.catalog()
        #expect(catalog.count == 3)
        for position in 0..<catalog.count {
            var bytes: [UInt8] = [0x2A]
            catalog.appendPath(position, to: &bytes)
            #expect(bytes == [0x2A] + Array(catalog.path(position).utf8))
        }
    }

    @Test("a record skipped by the last export keeps the next from taking the site as unchanged: it is named again")
    func skippedRecordNamedAgain() throws {
        let vault = try SiteVault(language: "en")
        try vault.record("ok", id: "dddddddd-0000-4000-8000-000000000001", title: "Fine")
        // Its front matter and the part of its body that is searched read; past them (2 MiB on)
        // it is not UTF-8, which only the export's reading of the whole file finds.
        let broken = try vault.record(
            "broken", id: "dddddddd-0000-4000-8000-000000000002", title: "Broken", body: String(repeating: "rain ", count: 400_000))
        let url = vault.root.appendingPathComponent(broken)
        try Data(try Data(contentsOf: url) + [0xFF, 0xFE, 0x0A]).write(to: url)
        let first = try vault.settledExport()
        #expect(first.records == 1 && first.skipped.map(\.file) == [broken], "\(first.records) \(first.skipped)")
        let manifest = try #require(vault.siteText(SiteFolder.manifestName).flatMap(SiteManifest.decode))
        #expect(!manifest.key.isEmpty && manifest.rows.count == 1)
        let again = try vault.settledExport()
        #expect(again.skipped.map(\.file) == [broken], "the site is not taken as unchanged while a record is missing from it")
        #expect(again.written == 0, "\(again.written) \(again.unchanged) \(again.readNotices)")
    }
}
