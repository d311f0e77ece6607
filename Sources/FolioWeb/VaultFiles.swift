import FolioCore
import FolioMedia
import FolioSite
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// The vault's files under `/vault/…`. A file is answered only when it is some record's media
/// (``RecordMedia``: a file `check` calls stray, or any file no record lists, is never one), in
/// `media/`, reached through plain names and no symbolic link, and regular; then as what its bytes
/// are, never what its name says. A picture, video or recording of a kind ``PassiveMedia`` lists
/// is shown inline; anything else a record lists (an SVG, HTML, a script, a PDF) is only
/// downloaded. Every answer under `/vault/` carries ``FileAnswer/policy``, so even a file a
/// browser is sent to straight runs nothing.
struct MediaGate: RouterMiddleware {
    typealias Context = WebRequestContext
    let journal: WebJournal

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path.removingPercentEncoding ?? ""
        guard path.hasPrefix("/vault/") else { return try await next(request, context) }
        return FileAnswer.sealed(await answer(String(path.dropFirst("/vault/".count)), request))
    }

    private func answer(_ relative: String, _ request: Request) async -> Response {
        let notFound = WebResponse.page(.notFound, .notFound, journal.language)
        guard request.method == .get || request.method == .head, relative.hasPrefix("media/") else { return notFound }
        // The records' media are the last refresh's: a page just written lists its photo only
        // once the pages have caught up with it. Before the first pages no media is listed yet.
        guard journal.freshness.hasPages else { return WebResponse.preparing(journal.freshness.progress, journal.language) }
        do throws(FolioError) {
            try await journal.ensureFresh()
        } catch {
            return WebResponse.failure(.internalServerError, error, journal.language)
        }
        guard journal.recordMedia.contains(relative), let file = OpenedFile(relative, under: journal.vaultRoot.path) else {
            return notFound
        }
        let name = (relative as NSString).lastPathComponent
        guard let facts = file.facts(), let passive = PassiveMedia.type(of: facts) else {
            file.closeFile()
            return FileAnswer.response(
                request, file: file, contentType: "application/octet-stream",
                disposition: "attachment; filename=\"\(FileAnswer.safeName(name, fileExtension: nil))\"")
        }
        file.closeFile()
        return FileAnswer.response(
            request, file: file, contentType: passive.contentType,
            disposition: "inline; filename=\"\(FileAnswer.safeName(name, fileExtension: passive.fileExtension))\"")
    }
}

/// The site folder's files that are not pages: the thumbnails the export made, each answered only
/// when its bytes are a JPEG. Nothing else of the folder is answered here: the pages and the search
/// terms go through ``SitePages``, and the site's stylesheet and script are folio's own text,
/// answered at the door (``AppAsset``), never from the folder.
struct SiteFiles: RouterMiddleware {
    typealias Context = WebRequestContext
    let siteFolder: URL
    let language: Language

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .get || request.method == .head else { return try await next(request, context) }
        let path = request.uri.path.removingPercentEncoding ?? ""
        guard path.hasPrefix("/thumbs/") else { return try await next(request, context) }
        let relative = String(path.dropFirst())
        // A thumbnail is ffmpeg's JPEG, named by the hash of the media it shows.
        guard (relative as NSString).pathExtension == "jpg", let file = OpenedFile(relative, under: siteFolder.path) else {
            return FileAnswer.sealed(WebResponse.page(.notFound, .notFound, language))
        }
        let facts = file.facts()
        file.closeFile()
        guard let facts, facts.type == .photo, facts.format == "jpeg" else {
            return FileAnswer.sealed(WebResponse.page(.notFound, .notFound, language))
        }
        let name = FileAnswer.safeName((relative as NSString).lastPathComponent, fileExtension: "jpg")
        return FileAnswer.sealed(
            FileAnswer.response(request, file: file, contentType: "image/jpeg", disposition: "inline; filename=\"\(name)\""))
    }
}

/// The records' media files (vault-relative) as the last refresh of the pages found them: the
/// files of the vault the app may answer with.
final class RecordMedia: Sendable {
    private let files = Mutex<Set<String>>([])

    func replace(with files: Set<String>) { self.files.withLock { $0 = files } }

    func contains(_ file: String) -> Bool { files.withLock { $0.contains(file) } }
}

/// The kinds of file the app shows inline: raster pictures, video and audio, told by their bytes
/// (``MediaProbe``, the probes `attach` uses), each with the type it is sent as. None of them is a
/// document or a script a browser runs. SVG, HTML, JavaScript, PDF and whatever the probes do not
/// know are not among them.
enum PassiveMedia {
    static func type(of facts: MediaFacts) -> (contentType: String, fileExtension: String)? {
        kinds[facts.type.rawValue + "/" + facts.format]
    }

    private static let kinds: [String: (contentType: String, fileExtension: String)] = [
        "photo/jpeg": ("image/jpeg", "jpg"), "photo/png": ("image/png", "png"), "photo/gif": ("image/gif", "gif"),
        "photo/webp": ("image/webp", "webp"), "photo/avif": ("image/avif", "avif"), "photo/heic": ("image/heic", "heic"),
        "photo/tiff": ("image/tiff", "tiff"), "photo/bmp": ("image/bmp", "bmp"),
        "video/mp4": ("video/mp4", "mp4"), "video/mov": ("video/quicktime", "mov"), "video/webm": ("video/webm", "webm"),
        "video/mkv": ("video/x-matroska", "mkv"), "video/avi": ("video/x-msvideo", "avi"), "video/ogg": ("video/ogg", "ogv"),
        "audio/m4a": ("audio/mp4", "m4a"), "audio/mp3": ("audio/mpeg", "mp3"), "audio/wav": ("audio/wav", "wav"),
        "audio/flac": ("audio/flac", "flac"), "audio/ogg": ("audio/ogg", "ogg"), "audio/aac": ("audio/aac", "aac"),
        "audio/amr": ("audio/amr", "amr"), "audio/caf": ("audio/x-caf", "caf"), "audio/webm": ("audio/webm", "webm"),
    ]
}

/// A regular file opened under a folder through plain names, every folder on the way opened
/// without following a link (a link synced from another device could point anywhere), and what
/// it was when opened, so the bytes sent later are known to be the same file's.
struct OpenedFile: Sendable {
    let root: String
    let relative: String
    private let descriptor: Int32
    let identity: FileIdentity
    /// The file's size when it was opened.
    var size: Int64 { Int64(clamping: identity.stamp.size) }

    /// Nil when a part of `relative` is empty, `.`, `..` or hidden, a folder on the way is not
    /// one (or is a link), or the file is not a regular file.
    init?(_ relative: String, under root: String) {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard let name = parts.last, parts.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") }) else { return nil }
        var folder = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return nil }
        for part in parts.dropLast() {
            let inner = openat(folder, String(part), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            close(folder)
            guard inner >= 0 else { return nil }
            folder = inner
        }
        let parent = folder
        defer { close(parent) }
        guard let (fd, info) = Descriptor.openRegular({ openat(parent, String(name), Descriptor.readingFlags) }) else { return nil }
        self.root = root
        self.relative = relative
        descriptor = fd
        identity = FileIdentity(info)
    }

    func closeFile() { close(descriptor) }

    /// What the file's bytes are, read from them alone (its name is not asked); nil when they are
    /// no photo, video or recording the probes know.
    func facts() -> MediaFacts? {
        let size = identity.stamp.size
        guard size > 0 else { return nil }
        let fd = descriptor
        var head = [UInt8](repeating: 0, count: Int(min(UInt64(MediaProbe.headLength), size)))
        let count = head.withUnsafeMutableBytes { Descriptor.read(fd, into: $0, at: 0) }
        guard count > 0 else { return nil }
        head.removeSubrange(count...)
        return MediaProbe.facts(
            head: head, fileSize: size, fileExtension: "",
            read: { offset, wanted in
                guard wanted > 0, wanted <= 1 << 20, offset < size, let start = off_t(exactly: offset) else { return nil }
                var bytes = [UInt8](repeating: 0, count: wanted)
                let got = bytes.withUnsafeMutableBytes { Descriptor.read(fd, into: $0, at: start) }
                guard got >= 0 else { return nil }
                bytes.removeSubrange(got...)
                return bytes
            })
    }

    /// The same file opened again, when it is still the one this was (same device, inode, size and times).
    func reopened() -> OpenedFile? {
        guard let again = OpenedFile(relative, under: root) else { return nil }
        guard again.identity == identity else {
            again.closeFile()
            return nil
        }
        return again
    }

    /// Reads up to `count` bytes at `offset` into a new buffer; nil on an error.
    func read(_ count: Int, at offset: Int64) -> ByteBuffer? {
        var buffer = ByteBuffer()
        var failed = false
        let fd = descriptor
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { space in
            let got = Descriptor.read(fd, into: UnsafeMutableRawBufferPointer(rebasing: space[0..<count]), at: off_t(offset))
            failed = got < 0
            return max(0, got)
        }
        return failed ? nil : buffer
    }
}

/// How the app answers with a file's bytes: the type its caller decided from those bytes, a
/// `Content-Disposition` with a name made of safe characters, no sniffing, and a policy under
/// which nothing loads or runs; one range of bytes when the browser asks for it (a video seeks).
enum FileAnswer {
    /// The policy of an answer made of a file's bytes: nothing runs, nothing else loads, and a
    /// browser sent to it straight gives it a sandbox of its own (no script, no form, no origin).
    static let policy = "default-src 'none'; img-src 'self'; media-src 'self'; sandbox; frame-ancestors 'none'"

    /// `response` with the file policy and no sniffing: ``WebDoor`` keeps this policy instead of
    /// the pages' own.
    static func sealed(_ response: Response) -> Response {
        var response = response
        response.headers[.contentSecurityPolicy] = policy
        response.headers[.xContentTypeOptions] = "nosniff"
        return response
    }

    /// The answer to `request` with `file`'s bytes (or the range asked for), read from the file
    /// again as they are sent and only while it is the same file.
    static func response(_ request: Request, file: OpenedFile, contentType: String, disposition: String) -> Response {
        var headers: HTTPFields = [.contentType: contentType, .contentDisposition: disposition, .acceptRanges: "bytes"]
        let size = file.size
        let first: Int64
        let count: Int64
        let status: HTTPResponse.Status
        switch ByteRange(header: request.headers[.range], size: size) {
        case .unsatisfiable:
            headers[.contentRange] = "bytes */\(size)"
            return sealed(Response(status: .rangeNotSatisfiable, headers: headers))
        case .whole:
            (status, first, count) = (.ok, 0, size)
        case .part(let from, let to):
            headers[.contentRange] = "bytes \(from)-\(to)/\(size)"
            (status, first, count) = (.partialContent, from, to - from + 1)
        }
        headers[.contentLength] = String(count)
        guard request.method == .get else { return sealed(Response(status: status, headers: headers, body: ResponseBody())) }
        let body = ResponseBody(contentLength: Int(count)) { writer in
            // Opened again here, not held from the look at its bytes: a browser that never reads
            // the body leaves no descriptor open.
            guard let again = file.reopened() else { throw FileAnswer.unreadable(file, ESTALE) }
            defer { again.closeFile() }
            var offset = first
            let end = first + count
            while offset < end {
                let wanted = Int(min(Int64(chunkSize), end - offset))
                // A file cut shorter since it was looked at ends the answer short (the connection closes).
                guard let chunk = again.read(wanted, at: offset) else { throw FileAnswer.unreadable(file, errno) }
                guard chunk.readableBytes > 0 else { throw FileAnswer.unreadable(file, ESTALE) }
                offset += Int64(chunk.readableBytes)
                try await writer.write(chunk)
            }
            try await writer.finish(nil)
        }
        return sealed(Response(status: status, headers: headers, body: body))
    }

    static let chunkSize = 256 << 10

    /// Why a file's bytes stopped while being sent: never shown (the browser sees the connection
    /// close before the length it was promised).
    private static func unreadable(_ file: OpenedFile, _ code: Int32) -> FolioError {
        FolioError(.fileUnreadable(String(cString: strerror(code))), file: file.relative)
    }

    /// A file name for `Content-Disposition`: the stem's letters, digits, `-` and `_` (at most 80,
    /// else `media`), then `fileExtension`, or the name's own when it is 1–8 letters and digits
    /// (else `bin`). Nothing a header or a file system could read as more than a name.
    static func safeName(_ name: String, fileExtension: String?) -> String {
        func isPlain(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        let stem = String(
            decoding: (name as NSString).deletingPathExtension.utf8.filter { isPlain($0) || $0 == 0x2D || $0 == 0x5F }.prefix(80),
            as: UTF8.self)
        let own = (name as NSString).pathExtension.lowercased()
        let ownIsPlain = !own.isEmpty && own.utf8.count <= 8 && own.utf8.allSatisfy(isPlain)
        return (stem.isEmpty ? "media" : stem) + "." + (fileExtension ?? (ownIsPlain ? own : "bin"))
    }
}

/// The part of a file a `Range` header asks for (RFC 9110, 14.2): one range of bytes. Several
/// ranges, or a header that is not understood, get the whole file, which a server may send instead.
enum ByteRange: Equatable {
    case whole
    case part(first: Int64, last: Int64)
    case unsatisfiable

    init(header: String?, size: Int64) {
        guard let header, size > 0 else {
            self = .whole
            return
        }
        let value = header.trimmingCharacters(in: .whitespaces)
        guard value.lowercased().hasPrefix("bytes="), !value.contains(",") else {
            self = .whole
            return
        }
        let spec = value.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        guard let dash = spec.firstIndex(of: "-") else {
            self = .whole
            return
        }
        let start = spec[..<dash]
        let end = spec[spec.index(after: dash)...]
        func number(_ digits: Substring) -> Int64? {
            guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            return Int64(digits)
        }
        if start.isEmpty {
            // `bytes=-500`: the last 500 bytes.
            guard let suffix = number(end) else {
                self = .whole
                return
            }
            self = suffix == 0 ? .unsatisfiable : .part(first: max(0, size - suffix), last: size - 1)
            return
        }
        guard let first = number(start) else {
            self = .whole
            return
        }
        var last = size - 1
        if !end.isEmpty {
            guard let asked = number(end), asked >= first else {
                self = .whole
                return
            }
            last = min(asked, size - 1)
        }
        self = first >= size ? .unsatisfiable : .part(first: first, last: last)
    }
}
