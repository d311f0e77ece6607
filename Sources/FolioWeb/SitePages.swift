import FolioCore
import FolioSite
import FolioStore
import Foundation
import Hummingbird
import NIOCore

#if canImport(Glibc)
    import Glibc
#endif

/// The site's pages, brought up to date before each is answered, with the session's form token
/// where the page holds ``LiveSite/tokenMarker``.
struct SitePages: RouterMiddleware {
    typealias Context = WebRequestContext
    let journal: WebJournal
    let guardian: WebGuard

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .get || request.method == .head else { return try await next(request, context) }
        var path = request.uri.path.removingPercentEncoding ?? request.uri.path
        if path == "/" { path = "/index.html" }
        guard path.hasSuffix(".html") || path == "/search.js" else { return try await next(request, context) }
        do throws(FolioError) {
            try await journal.refresh()
        } catch {
            return WebResponse.failure(.internalServerError, error, journal.language)
        }
        let file = journal.siteFolder.appendingPathComponent(String(path.dropFirst()))
        guard let data = LocalFile.read(file, maxBytes: 256 << 20) else {
            return WebResponse.page(.notFound, .notFound, journal.language)
        }
        let type = path.hasSuffix(".js") ? "text/javascript; charset=utf-8" : "text/html; charset=utf-8"
        let buffer =
            type.hasPrefix("text/html")
            ? Self.withToken(data, marker: Self.marker, token: Array(guardian.formToken.utf8)) : ByteBuffer(bytes: data)
        return Response(status: .ok, headers: [.contentType: type], body: ResponseBody(byteBuffer: buffer))
    }
}

extension SitePages {
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

/// The vault's media under `/vault/media/…`: only regular files inside `media/`, reached
/// through no symbolic link (a link synced from another device could point anywhere).
struct MediaGate: RouterMiddleware {
    typealias Context = WebRequestContext
    let vaultRoot: URL

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path.removingPercentEncoding ?? ""
        guard path.hasPrefix("/vault/") else { return try await next(request, context) }
        guard path.hasPrefix("/vault/media/"), Self.isPlainFile(path.dropFirst("/vault/".count), under: vaultRoot.path) else {
            return Response(status: .notFound)
        }
        return try await next(request, context)
    }

    static func isPlainFile(_ relative: Substring, under root: String) -> Bool {
        var current = root
        let components = relative.split(separator: "/", omittingEmptySubsequences: false)
        for (index, component) in components.enumerated() {
            guard !component.isEmpty, component != ".", component != ".." else { return false }
            current += "/" + component
            var status = stat()
            guard lstat(current, &status) == 0 else { return false }
            let type = status.st_mode & S_IFMT
            if index == components.count - 1 { return type == S_IFREG }
            guard type == S_IFDIR else { return false }
        }
        return false
    }
}
