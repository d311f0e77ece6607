import Crypto
import FolioCore
import FolioStore
import FolioSync
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOEmbedded
import TestSupport
import Testing

@testable import FolioSite
@testable import FolioWeb

/// Nothing from the vault, or from the site's folder, is ever served as active content: a file of
/// `media/` is answered only when a record lists it, as what its bytes are (a picture, video or
/// recording inline; anything else only as a download), with no sniffing and a policy under which
/// nothing runs; and the pages' own policy takes scripts from the app's paths alone.
@Suite("What the app serves of the vault and the site's folder")
struct VaultFilesTests {
    @Test("a record's photo: its type from its bytes, inline under a safe name, no sniffing, nothing runs; ranges for a video's seeking")
    func recordPhoto() async throws {
        let served = try ServedVault()
        let jpeg = MediaFixtures.jpeg(width: 64, height: 48)
        let photo = try served.media(jpeg, ext: "jpg")
        try served.record("photo", media: [("photo", photo)])

        let whole = try await served.get("/vault/" + photo)
        #expect(whole.status == .ok)
        #expect(whole.body == jpeg)
        #expect(whole.headers[.contentType] == "image/jpeg")
        #expect(whole.headers[.xContentTypeOptions] == "nosniff")
        #expect(whole.headers[.contentDisposition] == "inline; filename=\"\((photo as NSString).lastPathComponent)\"")
        #expect(whole.headers[.contentSecurityPolicy] == FileAnswer.policy)
        #expect(FileAnswer.policy.contains("sandbox") && FileAnswer.policy.hasPrefix("default-src 'none'"))
        #expect(!FileAnswer.policy.contains("script"))

        let part = try await served.get("/vault/" + photo, headers: [.range: "bytes=2-11"])
        #expect(part.status == .partialContent)
        #expect(part.body == Array(jpeg[2...11]))
        #expect(part.headers[.contentRange] == "bytes 2-11/\(jpeg.count)")
        let tail = try await served.get("/vault/" + photo, headers: [.range: "bytes=-5"])
        #expect(tail.body == Array(jpeg.suffix(5)))
        let beyond = try await served.get("/vault/" + photo, headers: [.range: "bytes=\(jpeg.count)-"])
        #expect(beyond.status == .rangeNotSatisfiable)
        #expect(beyond.headers[.contentRange] == "bytes */\(jpeg.count)")
        let head = try await served.get("/vault/" + photo, method: .head)
        #expect(head.status == .ok && head.body.isEmpty && head.headers[.contentLength] == String(jpeg.count))
    }

    @Test("an SVG, a script and an HTML page a record lists are only downloaded: never their own type, never inline")
    func activeFilesARecordLists() async throws {
        let served = try ServedVault()
        let svg = try served.media(Array(Self.svg.utf8), ext: "svg")
        let script = try served.media(Array(Self.script.utf8), ext: "js")
        let page = try served.media(Array(Self.html.utf8), ext: "html")
        // A file named like a photo, holding a page with a script: its bytes decide, not its name.
        let disguised = try served.media(Array(Self.html.utf8) + [0x0A], ext: "jpg")
        try served.record("hostile", media: [("photo", svg), ("other", script), ("other", page), ("photo", disguised)])

        for file in [svg, script, page, disguised] {
            let answer = try await served.get("/vault/" + file)
            #expect(answer.status == .ok, "\(file)")
            #expect(answer.headers[.contentType] == "application/octet-stream", "\(file)")
            #expect(answer.headers[.contentDisposition]?.hasPrefix("attachment; filename=\"") == true, "\(file)")
            #expect(answer.headers[.xContentTypeOptions] == "nosniff", "\(file)")
            #expect(answer.headers[.contentSecurityPolicy] == FileAnswer.policy, "\(file)")
        }
        let named = try await served.get("/vault/" + disguised)
        #expect(named.headers[.contentDisposition] == "attachment; filename=\"\((disguised as NSString).lastPathComponent)\"")
    }

    @Test("a file no record lists is not served: stray scripts and pages, and a real photo no record shows")
    func strays() async throws {
        let served = try ServedVault()
        try served.write("media/evil.svg", Self.svg)
        try served.write("media/ab/evil.js", Self.script)
        try served.write("media/ab/evil.html", Self.html)
        let stray = try served.media(MediaFixtures.jpeg(width: 8, height: 8), ext: "jpg")
        // Listed by a record in a file that is not a record (no front matter): not a record's media.
        try served.write("notes.txt", "media:\n  - file: \(stray)\n")
        try served.record("plain")

        for path in ["media/evil.svg", "media/ab/evil.js", "media/ab/evil.html", stray, "notes.txt"] {
            let answer = try await served.get("/vault/" + path)
            #expect(answer.status == .notFound, "\(path)")
            #expect(answer.headers[.contentType]?.hasPrefix("text/html") == true, "the app's own page saying so: \(path)")
            #expect(answer.headers[.contentSecurityPolicy] == FileAnswer.policy, "\(path)")
        }
        // A hidden file is turned away at the door, before any file is looked at.
        #expect(try await served.get("/vault/.folio/config.yaml").status == .notFound)
        // `check` calls the files not named by their content stray; serve agrees.
        let findings = served.vault.checkMedia(served.vault.loadRecords(), quick: true)
        for path in ["media/evil.svg", "media/ab/evil.js", "media/ab/evil.html"] {
            #expect(findings.contains(.strayMediaFile(path)), "\(path)")
        }
    }

    @Test("a record's media reached through a symbolic link, of the file or of its folder, is not served")
    func links() async throws {
        let served = try ServedVault()
        let jpeg = MediaFixtures.jpeg(width: 16, height: 16)
        let outside = served.scratch.path("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data(jpeg).write(to: outside.appendingPathComponent("photo.jpg"))
        try FileManager.default.createDirectory(at: served.root.appendingPathComponent("media/cd"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: served.root.appendingPathComponent("media/cd/linked.jpg"), withDestinationURL: outside.appendingPathComponent("photo.jpg"))
        try FileManager.default.createSymbolicLink(at: served.root.appendingPathComponent("media/ef"), withDestinationURL: outside)
        try served.record("linked", media: [("photo", "media/cd/linked.jpg"), ("photo", "media/ef/photo.jpg")])

        for path in ["media/cd/linked.jpg", "media/ef/photo.jpg"] {
            let answer = try await served.get("/vault/" + path)
            #expect(answer.status == .notFound, "\(path)")
            #expect(answer.body != jpeg, "\(path)")
        }
    }

    @Test("the site's folder: its stylesheet and script are folio's own, a thumbnail is served only as a JPEG, nothing else")
    func siteFolder() async throws {
        let served = try ServedVault()
        try served.record("plain")
        try await served.journal.refresh()
        let site = served.root.appendingPathComponent(".folio/local/serve")
        // What a synced or planted file in the site's folder could be: none is ever answered as itself.
        let planted = [
            "media/ab/evil.svg": Self.svg, "media/ab/evil.js": Self.script, "media/ab/evil.html": Self.html, "evil.html": Self.html,
            "thumbs/ab/evil.svg": Self.svg, "thumbs/ab/abcdef.jpg": Self.html, "records/sub/page.html": Self.html, "evil.js": Self.script,
        ]
        for (path, text) in planted {
            let file = site.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        try Data(Self.script.utf8).write(to: site.appendingPathComponent("assets/site.js"))
        for path in planted.keys.sorted() {
            let answer = try await served.get("/" + path)
            #expect(answer.status == .notFound, "\(path)")
            #expect(!String(decoding: answer.body, as: UTF8.self).contains("folioPwned"), "\(path)")
        }
        // Pages are answered only at the paths the export writes them at, whatever else the folder holds.
        for path in ["/index.html", "/stats.html", "/search.js", "/records/a.html", "/calendar/2026-11.html"] {
            #expect(SitePages.isPage(path), "\(path)")
        }
        for path in ["/evil.html", "/media/ab/evil.html", "/records/sub/page.html", "/thumbs/ab/x.html", "/evil.js", "/records/.html"] {
            #expect(!SitePages.isPage(path), "\(path)")
        }
        // The site's script is folio's own, answered at the door (AppAsset), never the folder's file.
        #expect(try await served.get("/assets/site.js").status == .notFound, "the folder's file is not answered")
        let script = try #require(AppAsset(path: "/assets/site.js")).response(language: .en)
        #expect(script.headers[.contentType] == "text/javascript; charset=utf-8")
        if case .site(_, let bytes) = try #require(AppAsset(path: "/assets/site.js")) {
            #expect(String(buffer: bytes) == SiteAssets.js, "folio's own script")
        } else {
            Issue.record("not the site's script")
        }

        let jpeg = MediaFixtures.jpeg(width: 24, height: 24)
        let thumb = "thumbs/12/" + String(repeating: "12", count: 32) + ".jpg"
        try FileManager.default.createDirectory(at: site.appendingPathComponent("thumbs/12"), withIntermediateDirectories: true)
        try Data(jpeg).write(to: site.appendingPathComponent(thumb))
        let shown = try await served.get("/" + thumb)
        #expect(shown.status == .ok && shown.body == jpeg)
        #expect(shown.headers[.contentType] == "image/jpeg" && shown.headers[.contentSecurityPolicy] == FileAnswer.policy)
        try FileManager.default.createSymbolicLink(
            at: site.appendingPathComponent("thumbs/12/linked.jpg"), withDestinationURL: site.appendingPathComponent(thumb))
        #expect(try await served.get("/thumbs/12/linked.jpg").status == .notFound)
    }

    @Test("a page's policy takes scripts only from the app's own paths on this server, and every script a page loads is one")
    func pagePolicy() async throws {
        let served = try ServedVault()
        let photo = try served.media(MediaFixtures.jpeg(width: 8, height: 8), ext: "jpg")
        try served.record("photo", media: [("photo", photo)])
        try await served.journal.refresh()
        let policy = LiveSite.contentSecurityPolicy(origin: "http://127.0.0.1:8400")
        let scripts = try #require(policy.split(separator: ";").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("script-src") })
        #expect(
            scripts.trimmingCharacters(in: .whitespaces)
                == "script-src http://127.0.0.1:8400/assets/app.js http://127.0.0.1:8400/assets/site.js http://127.0.0.1:8400/search.js http://127.0.0.1:8400/sw.js"
        )
        #expect(!policy.contains("/vault") && !policy.contains("script-src 'self'"))
        #expect(LiveSite.contentSecurityPolicy(origin: nil).contains("script-src 'none'"))
        let site = served.root.appendingPathComponent(".folio/local/serve")
        let pages =
            ["index.html"]
            + (try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("records").path)).map { "records/" + $0 }
        for page in pages {
            let html = try String(contentsOf: site.appendingPathComponent(page), encoding: .utf8)
            let sources = html.components(separatedBy: "<script src=\"").dropFirst().compactMap { $0.split(separator: "\"").first }
            #expect(!sources.isEmpty, "\(page)")
            for source in sources {
                // As the browser resolves it from the page's place in the site.
                let resolved = URL(string: String(source), relativeTo: URL(string: "http://127.0.0.1:8400/" + page))?.path ?? ""
                #expect(LiveSite.scriptPaths.contains(resolved), "\(page): \(source)")
            }
        }
    }

    @Test("one range of bytes, as RFC 9110 reads it; anything else is the whole file")
    func ranges() {
        #expect(ByteRange(header: "bytes=0-0", size: 10) == .part(first: 0, last: 0))
        #expect(ByteRange(header: "bytes=5-", size: 10) == .part(first: 5, last: 9))
        #expect(ByteRange(header: "bytes=5-500", size: 10) == .part(first: 5, last: 9))
        #expect(ByteRange(header: "bytes=-3", size: 10) == .part(first: 7, last: 9))
        #expect(ByteRange(header: "bytes=-30", size: 10) == .part(first: 0, last: 9))
        #expect(ByteRange(header: "bytes=10-", size: 10) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=-0", size: 10) == .unsatisfiable)
        for header in [
            nil, "", "bytes=", "bytes=a-b", "bytes=5-2", "bytes=0-1,3-4", "items=0-1", "bytes=+1-2", "bytes=99999999999999999999-",
        ] {
            #expect(ByteRange(header: header, size: 10) == .whole, "\(header ?? "nil")")
        }
        #expect(FileAnswer.safeName("a\"b;c\r\n.jpg", fileExtension: "jpg") == "abc.jpg")
        #expect(FileAnswer.safeName("照片.PDF", fileExtension: nil) == "media.pdf")
        #expect(FileAnswer.safeName("x.ht\"ml", fileExtension: nil) == "x.bin")
    }

    static let script = "document.title = 'pwned'; window.folioPwned = true;\n"
    static let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>window.folioPwned = true;</script><rect width="10" height="10"/></svg>
        """
    static let html = "<!DOCTYPE html><title>x</title><script>window.folioPwned = true;</script>"
}

/// A vault as `folio serve` serves its files, answered in-process by the file gates the server's
/// router runs, to the requests of a paired browser.
struct ServedVault {
    let scratch: Scratch
    let root: URL
    let journal: WebJournal
    let responder: RouterResponder<WebRequestContext>

    init() throws {
        scratch = try Scratch("served")
        root = scratch.path("vault")
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".folio/local"), withIntermediateDirectories: true)
        try Data("language: en\n".utf8).write(to: root.appendingPathComponent(".folio/config.yaml"))
        try History.initialise(at: root)
        journal = WebJournal(WebSetup(root: root, environment: [:]), warn: { _ in })
        // The server's file gates as it adds them, behind its door (whose pairing, host and
        // policy rules WebGuardTests and the browser tests hold).
        let router = Router(context: WebRequestContext.self)
        router.add(middleware: MediaGate(journal: journal))
        router.add(middleware: SiteFiles(siteFolder: journal.siteFolder, language: journal.language))
        responder = router.buildResponder()
    }

    var vault: Vault { Vault(root: root, clock: Clock.from(environment: [:])) }

    struct Answer {
        var status: HTTPResponse.Status
        var headers: HTTPFields
        var body: [UInt8]
    }

    /// The answer to a browser's request for `path` on 127.0.0.1:8400, past the door.
    func get(_ path: String, method: HTTPRequest.Method = .get, headers: HTTPFields = [:]) async throws -> Answer {
        // A server that has been up a moment: its first pages are written (FirstPagesTests holds
        // what it answers before).
        if !journal.freshness.hasPages { _ = try await journal.prepareFirstPages() }
        let request = Request(
            head: HTTPRequest(method: method, scheme: "http", authority: "127.0.0.1:8400", path: path, headerFields: headers),
            body: RequestBody(buffer: ByteBuffer()))
        let context = WebRequestContext(
            source: ApplicationRequestContextSource(channel: NIOAsyncTestingChannel(), logger: Logger(label: "test")))
        let response: Response
        do {
            response = try await responder.respond(to: request, context: context)
        } catch let error as any HTTPResponseError {
            // What the server makes of a route that is not there.
            return Answer(status: error.status, headers: [:], body: [])
        }
        let collected = Locked(ByteBuffer())
        try await response.body.write(CollectingWriter(collected: collected))
        return Answer(status: response.status, headers: response.headers, body: Array(buffer: collected.current))
    }

    private struct CollectingWriter: ResponseBodyWriter {
        let collected: Locked<ByteBuffer>
        mutating func write(_ buffer: ByteBuffer) async throws {
            var buffer = buffer
            collected.withValue { $0.writeBuffer(&buffer) }
        }
        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }

    func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Stores `bytes` as a media file named by their hash, as sync brings one; returns its vault path.
    func media(_ bytes: [UInt8], ext: String) throws -> String {
        let hash = SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
        let path = "media/\(hash.prefix(2))/\(hash).\(ext)"
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        return path
    }

    /// A diary record listing `media` (type, vault path) under `media`.
    func record(_ slug: String, media: [(String, String)] = []) throws {
        var text = "---\nid: \(UUID().uuidString.lowercased())\nkind: diary\ntitle: \(slug)\ncreated: 2026-11-22T18:04:11+08:00\n"
        if !media.isEmpty {
            text += "media:\n"
            for (type, file) in media { text += "  - file: \(file)\n    type: \(type)\n" }
        }
        try write("diary/2026/11/2026-11-22-\(slug).md", text + "---\nA page.\n")
    }
}
