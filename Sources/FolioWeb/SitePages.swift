import CompressNIO
import FolioCore
import FolioSite
import FolioStore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// The site's pages, brought up to date before each is answered, with the browser's session's
/// form token where the page holds ``LiveSite/tokenMarker``.
struct SitePages: RouterMiddleware {
    typealias Context = WebRequestContext
    let journal: WebJournal
    let cache = PageCache()

    init(journal: WebJournal) {
        self.journal = journal
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .get || request.method == .head else { return try await next(request, context) }
        var path = request.uri.path.removingPercentEncoding ?? request.uri.path
        if path == "/" { path = "/index.html" }
        guard Self.isPage(path) else { return try await next(request, context) }
        // The first pages are still being written (a first start on a large vault): say so at
        // once, and the page asks again by itself, instead of a request waiting a minute.
        guard journal.freshness.hasPages else { return WebResponse.preparing(journal.freshness.progress, journal.language) }
        do throws(FolioError) {
            try await journal.ensureFresh()
        } catch {
            return WebResponse.failure(.internalServerError, error, journal.language)
        }
        let file = journal.siteFolder.appendingPathComponent(String(path.dropFirst()))
        let type = path.hasSuffix(".js") ? "text/javascript; charset=utf-8" : "text/html; charset=utf-8"
        // Each paired browser's pages carry its own session's form token.
        let token = type.hasPrefix("text/html") ? Array((context.session?.formToken ?? "").utf8) : nil
        let gzip = request.headers[.acceptEncoding].map(Self.acceptsGzip) ?? false
        if path.hasPrefix("/records/"), let page = await withCompanionStatus(file.path, token: token, gzip: gzip, session: context.session)
        {
            return page
        }
        guard let page = await cache.page(at: file.path, token: token, gzip: gzip) else {
            return WebResponse.page(.notFound, .notFound, journal.language)
        }
        var headers: HTTPFields = [.contentType: type, .vary: "Accept-Encoding"]
        if page.gzipped { headers[.contentEncoding] = "gzip" }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: page.bytes))
    }
}

extension SitePages {
    /// A record's page with its companion box saying what it says at this load
    /// (``CompanionStatus``); nil when the page has no box or the box has nothing to say, and the
    /// page goes from the cache as it is.
    func withCompanionStatus(_ path: String, token: [UInt8]?, gzip: Bool, session: WebSession?) async -> Response? {
        guard let page = await cache.page(at: path, token: token, gzip: false)?.bytes,
            let (marker, reference) = Self.companionMarker(in: page),
            let status = await journal.companionStatus(reference)
        else { return nil }
        let block = status.block(reference: reference, token: session?.formToken ?? "", language: journal.language)
        var bytes = page
        var out = ByteBuffer()
        out.reserveCapacity(page.readableBytes + 1024)
        if let before = bytes.readSlice(length: marker.lowerBound) { out.writeImmutableBuffer(before) }
        out.writeString(block.text)
        bytes.moveReaderIndex(forwardBy: marker.count)
        out.writeImmutableBuffer(bytes)
        var headers: HTTPFields = [.contentType: "text/html; charset=utf-8", .vary: "Accept-Encoding"]
        if gzip, out.readableBytes >= 1024, let packed = try? out.compress(with: .gzip()) {  // try?: sent as it is, larger, never wrong
            out = packed
            headers[.contentEncoding] = "gzip"
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: out))
    }

    /// Where the companion marker stands in `page` (byte offsets) and the reference it names.
    static func companionMarker(in page: ByteBuffer) -> (Range<Int>, String)? {
        page.withUnsafeReadableBytes { bytes -> (Range<Int>, String)? in
            guard let start = find(companionStart, in: bytes, from: 0),
                let end = find(companionEnd, in: bytes, from: start + companionStart.count)
            else { return nil }
            let encoded = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(start + companionStart.count)..<end]), as: UTF8.self)
            guard let reference = encoded.removingPercentEncoding, !reference.isEmpty else { return nil }
            return (start..<(end + companionEnd.count), reference)
        }
    }

    static let companionStart = Array(LiveSite.companionMarkerStart.utf8)
    static let companionEnd = Array(LiveSite.companionMarkerEnd.utf8)
}

/// The pages as last sent, with the token in place, by file and token: a page is read and prepared again
/// only when its file was replaced (the export writes a new file and renames it over the old).
/// Fifty browsers loading a home page of megabytes at once then cost one read, not fifty.
final class PageCache: Sendable {
    private struct Entry {
        var identity: FileIdentity
        var bytes: ByteBuffer
        /// The same, gzipped, made the first time a browser asks for it.
        var gzipped: ByteBuffer?
    }

    /// Above this, the cache starts again empty (a site's pages are far fewer bytes than this).
    private static let limit = 64 << 20
    private let entries = Mutex<(pages: [String: Entry], bytes: Int)>(([:], 0))

    /// The page at `path`, with `token` put in place of each marker when given, gzipped when
    /// `gzip` and it is worth it; nil when there is no regular file there.
    func page(at path: String, token: [UInt8]?, gzip: Bool) async -> (bytes: ByteBuffer, gzipped: Bool)? {
        guard let (plain, gzipped) = await entry(at: path, token: token) else { return nil }
        guard gzip, plain.readableBytes >= 1024 else { return (plain, false) }
        if let gzipped { return (gzipped, true) }
        var source = plain
        let packed: ByteBuffer
        do {
            packed = try source.compress(with: .gzip())
        } catch {
            return (plain, false)  // sent as it is: larger, never wrong
        }
        entries.withLock { state in
            let key = Self.key(path, token)
            guard var entry = state.pages[key], entry.bytes == plain else { return }
            entry.gzipped = packed
            state.bytes += packed.readableBytes
            state.pages[key] = entry
        }
        return (packed, true)
    }

    /// A page is kept once for each browser's token (a few paired devices, each its own copy).
    private static func key(_ path: String, _ token: [UInt8]?) -> String {
        token.map { path + "\u{0}" + String(decoding: $0, as: UTF8.self) } ?? path
    }

    private func entry(at path: String, token: [UInt8]?) async -> (ByteBuffer, ByteBuffer?)? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let key = Self.key(path, token)
        let known = entries.withLock { $0.pages[key] }
        let identity = FileIdentity(status)
        if let known, known.identity == identity { return (known.bytes, known.gzipped) }
        // A page not cached yet is read off the concurrency pool: a home page is megabytes, and a
        // handler that waits on a whole read holds one of the server's few threads meanwhile.
        guard let data = await OffThePool.run("folio-page", { LocalFile.read(URL(fileURLWithPath: path), maxBytes: 256 << 20) }) else {
            return nil
        }
        let bytes = token.map { SitePages.withToken(data, marker: SitePages.marker, token: $0) } ?? ByteBuffer(bytes: data)
        let entry = Entry(identity: identity, bytes: bytes, gzipped: nil)
        entries.withLock { state in
            if state.bytes + bytes.readableBytes > Self.limit { state = ([:], 0) }
            let old = state.pages[key].map { $0.bytes.readableBytes + ($0.gzipped?.readableBytes ?? 0) } ?? 0
            state.bytes += bytes.readableBytes - old
            state.pages[key] = entry
        }
        return (bytes, nil)
    }
}

extension SitePages {
    /// Whether `path` is one the export writes a page at (or its search terms): the home page,
    /// the charts, a record's page, a calendar page. No other file of the site's folder is ever
    /// answered as a page, whatever its name.
    static func isPage(_ path: String) -> Bool {
        if ["/index.html", "/stats.html", "/tags.html", "/search.js"].contains(path) { return true }
        for folder in ["/records/", "/calendar/"] where path.hasPrefix(folder) {
            let name = path.dropFirst(folder.count)
            return name.utf8.count > ".html".utf8.count && name.hasSuffix(".html") && !name.contains("/")
        }
        return false
    }

    /// Whether an `Accept-Encoding` value takes gzip (and does not refuse it with `q=0`).
    static func acceptsGzip(_ value: String) -> Bool {
        value.split(separator: ",").contains { part in
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard pieces.first == "gzip" || pieces.first == "x-gzip" else { return false }
            return !pieces.dropFirst().contains { $0 == "q=0" || $0 == "q=0.0" || $0 == "q=0.00" || $0 == "q=0.000" }
        }
    }

    static let marker = Array(LiveSite.tokenMarker.utf8)

    /// `page` with each `marker` replaced by `token` (a home page of 10,000 records is megabytes,
    /// and the marker stands only in its few forms: `memchr` finds each candidate `<`).
    static func withToken(_ page: Data, marker: [UInt8], token: [UInt8]) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(page.count + 4 * token.count)
        page.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var start = 0
            while start < bytes.count {
                guard let at = Self.find(marker, in: bytes, from: start) else {
                    buffer.writeBytes(UnsafeRawBufferPointer(rebasing: bytes[start...]))
                    break
                }
                buffer.writeBytes(UnsafeRawBufferPointer(rebasing: bytes[start..<at]))
                buffer.writeBytes(token)
                start = at + marker.count
            }
        }
        return buffer
    }

    /// Where `marker` starts in `bytes` at or after `start`; nil when it does not.
    static func find(_ marker: [UInt8], in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard let first = marker.first, let base = bytes.baseAddress else { return nil }
        var at = start
        while at + marker.count <= bytes.count {
            guard let hit = memchr(base + at, Int32(first), bytes.count - at) else { return nil }
            let index = base.distance(to: UnsafeRawPointer(hit))
            guard index + marker.count <= bytes.count else { return nil }
            if memcmp(base + index, marker, marker.count) == 0 { return index }
            at = index + 1
        }
        return nil
    }
}
