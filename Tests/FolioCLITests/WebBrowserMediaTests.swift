import Crypto
import Foundation
import TestSupport
import Testing

/// Files that arrive in `media/` by sync never run in the app, in a real browser: one case of
/// ``WebBrowserTests`` (its suite runs one browser at a time).
extension WebBrowserTests {
    @Test("a synced SVG and script a record lists: tapped, opened straight or asked for by a page, neither runs nor commits")
    func syncedScriptNeverRuns() throws {
        let folio = try FolioProcess.vault(language: "en")
        let scratch = try #require(folio.scratch)
        // What another device's sync could bring: a drawing and a script that read the page's form
        // token and post an idea with it, and a record showing the drawing as its photo.
        let svg = try Self.store(Array(Self.hostileSVG.utf8), ext: "svg", in: folio.directory)
        let script = try Self.store(Array(Self.hostileScript.utf8), ext: "js", in: folio.directory)
        let photo = try Self.store(MediaFixtures.jpeg(width: 64, height: 48), ext: "jpg", in: folio.directory)
        try Self.record(
            "synced-drawing", title: "Synced drawing", media: [("photo", svg), ("other", script)], in: folio.directory)
        try Self.record("a-photo", title: "A photo", media: [("photo", photo)], in: folio.directory)
        let before = try folio.commitSubjects()

        let downloads = scratch.path("downloads")
        try FileManager.default.createDirectory(at: downloads, withIntermediateDirectories: true)
        let session = try BrowserSession(folio, script: "synced_media", timeout: 180) { pair, _ in
            [pair, svg, script, photo, downloads.path]
        }
        session.passed([
            "the record shows its synced SVG as no image", "tapping the SVG photo runs nothing",
            "the synced SVG opened straight runs nothing",
            "the synced script opened straight runs nothing", "the synced script never loads into a page",
            "a record's photo opened straight shows",
        ])
        // No script wrote anything: the history is as it was, and no idea was made.
        #expect(try folio.commitSubjects() == before)
        #expect(!(try folio.run("list").stdout.contains("pwned")))
    }

    /// The attack: the app's home page read for its form token, an idea posted with it.
    static let hostileScript = """
        document.title = 'pwned'; window.folioPwned = true;
        fetch('/').then(function (r) { return r.text(); }).then(function (page) {
          var token = page.match(/name="token" value="([^"]+)"/)[1];
          return fetch('/ideas', {method: 'POST', headers: {'Content-Type': 'application/x-www-form-urlencoded'},
            body: 'token=' + encodeURIComponent(token) + '&title=pwned'});
        });
        """
    static var hostileSVG: String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"64\" height=\"48\"><rect width=\"64\" height=\"48\" fill=\"red\"/>"
            + "<script><![CDATA[\n" + hostileScript + "\n]]></script></svg>\n"
    }

    /// Stores `bytes` in `media/` under the name of their hash, as folio and sync keep media.
    static func store(_ bytes: [UInt8], ext: String, in vault: URL) throws -> String {
        let hash = SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
        let path = "media/\(hash.prefix(2))/\(hash).\(ext)"
        let file = vault.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
        return path
    }

    /// A diary record listing `media` (type, vault path).
    static func record(_ slug: String, title: String, media: [(String, String)], in vault: URL) throws {
        var text = "---\nid: \(UUID().uuidString.lowercased())\nkind: diary\ntitle: \(title)\ncreated: 2026-11-20T18:04:11+08:00\nmedia:\n"
        for (type, file) in media { text += "  - file: \(file)\n    type: \(type)\n" }
        let file = vault.appendingPathComponent("diary/2026/11/2026-11-20-\(slug).md")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data((text + "---\nFrom another device.\n").utf8).write(to: file)
    }
}
