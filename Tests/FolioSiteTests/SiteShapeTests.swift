import Crypto
import FolioCore
import Foundation
import Testing

@testable import FolioSite

/// An export reuses every page whose inputs did not change (``SiteInputs``); a page is written
/// again after folio changes how pages look only when ``SiteExporter/version`` changes with it, or
/// a phone is served last month's markup (its policy, its tiles, its forms) until each record
/// changes. This test makes forgetting impossible: the bytes of a fixed site, exported and served,
/// are recorded beside the version they were made by. A change to any page's shape fails here until
/// the version is bumped and the fingerprint recorded again (both lines below).
@Suite("The site's shape is versioned: changed pages are written again after an upgrade")
struct SiteShapeTests {
    static let recorded = (version: "8", fingerprint: "fb3821f85145bf778a66d2567228b397a881805bac99f086cbd1041ae25cdc1f")

    @Test("a fixed site's pages, exported and as the app serves them, are the shape of the version that made them")
    func fingerprint() throws {
        let vault = try SiteVault(language: "zh-Hant")
        try vault.record("walk", id: "dddddddd-0000-4000-8000-000000000001", title: "河邊散步", tags: ["散步", "河邊"], body: "看到白鷺鷥。\n")
        try vault.record("idea", id: "dddddddd-0000-4000-8000-000000000002", title: "買新雨傘", kind: "idea", day: "2026-10-03")
        try vault.record(
            "older", id: "dddddddd-0000-4000-8000-000000000003", title: "去年", day: "2025-11-22", tags: ["散步"],
            extra: "analysis: A quiet river.\n", body: "Old page.\n\n## 對話\n\n**我** 18:05\n好冷\n")
        var hash = SHA256()
        for live in [false, true] {
            let output = vault.outside(live ? "served" : "exported")
            _ = try SiteExporter.export(vault.vault, options: SiteOptions(output: output, live: live ? LiveSite() : nil))
            let walker = FileManager.default.enumerator(atPath: output.path)
            var files: [String] = []
            while let path = walker?.nextObject() as? String {
                guard !path.hasPrefix(".folio-site") else { continue }
                if path.hasSuffix(".html") || path.hasSuffix(".css") || path.hasSuffix(".js") { files.append(path) }
            }
            for path in files.sorted() {
                hash.update(data: Data(path.utf8))
                hash.update(data: try Data(contentsOf: output.appendingPathComponent(path)))
            }
        }
        let fingerprint = hash.finalize().map { String(format: "%02x", $0) }.joined()
        #expect(
            Self.recorded.version == SiteExporter.version && Self.recorded.fingerprint == fingerprint,
            "the pages changed shape: bump SiteExporter.version and record (\"\(SiteExporter.version)\", \"\(fingerprint)\") here")
    }
}
