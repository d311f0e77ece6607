import Crypto
import FolioStore
import Foundation
import MultipartKit
import NIOCore
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// A photo or video a browser sent, on disk in `.folio/local/uploads` until it is imported.
struct ReceivedUpload: Sendable {
    var file: URL
    /// The file's name as the browser gave it, reduced to a plain name (no folders, no controls).
    var displayName: String
    var sha256: String
    var size: UInt64

    /// Removes the file and the folder it was received into.
    func discard() { Self.remove(file.path) }

    /// Removes a received file and the folder of its own it was written into.
    static func remove(_ path: String) {
        unlink(path)
        rmdir((path as NSString).deletingLastPathComponent)
    }
}

/// A `multipart/form-data` form: its text fields and its files, by field name (each at most once).
struct ReceivedForm: Sendable {
    var fields: [String: String] = [:]
    var files: [String: ReceivedUpload] = [:]

    /// Removes every file received.
    func discard() { for file in files.values { file.discard() } }
}

/// Why a form was not taken.
enum FormRefusal: Error, Sendable, Equatable {
    case notAForm
    case tooLarge(limit: UInt64)
    /// The anti-forgery token did not come before the file (or was wrong): nothing was stored.
    case forged
    case storage(String)
}

/// Reads a `multipart/form-data` body as it streams in, through multipart-kit's parser: text
/// fields into memory (each at most 64 KiB), the file straight to disk with its SHA-256 computed
/// on the way, so a video never sits whole in memory. The limit is checked on every chunk: a
/// body over it is refused as soon as it passes it, whatever its `Content-Length` said.
struct UploadReceiver {
    static let maxFieldBytes = 64 << 10
    static let maxFields = 32
    /// A photo or video and a voice note.
    static let maxFiles = 2

    let folder: URL
    let maxFileBytes: UInt64
    /// Whether the fields read so far carry a valid token: asked before the first byte of a file is stored.
    let tokenIsValid: @Sendable ([String: String]) -> Bool

    static func boundary(of contentType: String) -> String? {
        let parts = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.first?.lowercased() == "multipart/form-data" else { return nil }
        for part in parts.dropFirst() where part.lowercased().hasPrefix("boundary=") {
            var value = String(part.dropFirst("boundary=".count))
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            return value.isEmpty || value.utf8.count > 70 ? nil : value
        }
        return nil
    }

    func receive<Body: AsyncSequence>(_ body: Body, contentType: String) async throws(FormRefusal) -> ReceivedForm
    where Body.Element == ByteBuffer {
        guard let boundary = Self.boundary(of: contentType) else { throw .notAForm }
        let state = PartState(folder: folder, maxFileBytes: maxFileBytes, tokenIsValid: tokenIsValid)
        let parser = MultipartParser(boundary: boundary)
        parser.onHeader = { name, value in state.header(name, value) }
        parser.onBody = { buffer in state.body(&buffer) }
        parser.onPartComplete = { state.complete() }
        // The body ends with its closing delimiter (and perhaps a line break or a short epilogue);
        // one that ends before it was cut off. Only its last bytes are kept to look for it.
        let closing = Array("\r\n--\(boundary)--".utf8)
        let window = closing.count + 64
        var tail: [UInt8] = []
        var received = 0
        do {
            for try await chunk in body {
                try parser.execute(chunk)
                if let failure = state.failure { throw failure }
                // A form's first part starts at once: a body that runs on without one (a preamble of
                // megabytes, which the parser would read to its end) is no form, said now.
                received += chunk.readableBytes
                if state.completedParts == 0, !state.partOpen, received > Self.maxFieldBytes { throw FormRefusal.notAForm }
                tail += chunk.readableBytesView.suffix(window)
                if tail.count > window { tail.removeFirst(tail.count - window) }
            }
        } catch let refusal as FormRefusal {
            state.abandon()
            throw refusal
        } catch {
            state.abandon()
            throw .notAForm
        }
        if let failure = state.failure {
            state.abandon()
            throw failure
        }
        // A body that ends inside a part was cut off (a dropped connection): nothing is kept.
        guard tail.firstRange(of: closing) != nil, state.completedParts > 0, !state.partOpen else {
            state.abandon()
            throw .notAForm
        }
        return state.form
    }
}

/// The parser's state between its callbacks (one request, one task: never shared).
final class PartState {
    let folder: URL
    let maxFileBytes: UInt64
    let tokenIsValid: @Sendable ([String: String]) -> Bool
    var form = ReceivedForm()
    var failure: FormRefusal?
    var completedParts = 0
    var partOpen = false

    private var name: String?
    private var fileName: String?
    private var field: [UInt8] = []
    private var descriptor: Int32 = -1
    private var path: String?
    private var hasher = SHA256()
    private var size: UInt64 = 0

    init(folder: URL, maxFileBytes: UInt64, tokenIsValid: @escaping @Sendable ([String: String]) -> Bool) {
        self.folder = folder
        self.maxFileBytes = maxFileBytes
        self.tokenIsValid = tokenIsValid
    }

    func header(_ header: String, _ value: String) {
        partOpen = true
        guard header.lowercased() == "content-disposition" else { return }
        name = Self.parameter("name", in: value)
        fileName = Self.parameter("filename", in: value)
    }

    func body(_ buffer: inout ByteBuffer) {
        guard failure == nil else { return }
        // Read in place: a video's bytes go from the connection's buffer to the file, never copied.
        buffer.withUnsafeReadableBytes { bytes in
            if fileName != nil {
                store(bytes)
            } else {
                field += bytes
                if field.count > UploadReceiver.maxFieldBytes { failure = .tooLarge(limit: UInt64(UploadReceiver.maxFieldBytes)) }
            }
        }
        buffer.moveReaderIndex(to: buffer.writerIndex)
    }

    func complete() {
        partOpen = false
        completedParts += 1
        defer {
            name = nil
            fileName = nil
            field = []
        }
        guard failure == nil else { return }
        if let fileName {
            // An empty file input (no file chosen) sends a part with an empty name and no bytes.
            guard descriptor >= 0, let path else { return }
            close(descriptor)
            descriptor = -1
            guard let name, form.files[name] == nil, form.files.count < UploadReceiver.maxFiles else {
                ReceivedUpload.remove(path)
                failure = .notAForm
                return
            }
            let digest = MediaNaming.hex(hasher.finalize())
            form.files[name] = ReceivedUpload(
                file: URL(fileURLWithPath: path), displayName: Self.plainName(fileName), sha256: digest, size: size)
            self.path = nil
            hasher = SHA256()
            size = 0
        } else if let name {
            guard form.fields.count < UploadReceiver.maxFields else {
                failure = .notAForm
                return
            }
            form.fields[name] = String(decoding: field, as: UTF8.self)
        }
    }

    private func store(_ bytes: UnsafeRawBufferPointer) {
        if descriptor < 0 {
            guard !bytes.isEmpty else { return }
            guard tokenIsValid(form.fields) else {
                failure = .forged
                return
            }
            // A folder of its own per upload, so the file keeps the name the phone gave it (the
            // record lists it as the media's name); the import checks its type against its bytes.
            let own = folder.appendingPathComponent("upload-" + UUID().uuidString.lowercased())
            do {
                try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
            } catch {
                failure = .storage("\(error)")
                return
            }
            let target = own.appendingPathComponent(Self.plainName(fileName ?? "")).path
            descriptor = open(target, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else {
                failure = .storage(String(cString: strerror(errno)))
                rmdir(own.path)
                return
            }
            path = target
        }
        size += UInt64(bytes.count)
        guard size <= maxFileBytes else {
            failure = .tooLarge(limit: maxFileBytes)
            return
        }
        hasher.update(bufferPointer: bytes)
        if !Descriptor.writeAll(descriptor, bytes) { failure = .storage(String(cString: strerror(errno))) }
    }

    /// Removes a file begun for a form that was not taken.
    func abandon() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        if let path { ReceivedUpload.remove(path) }
        path = nil
        form.discard()
        form.files = [:]
    }

    /// `name="value"` from a `Content-Disposition` value (quoted or not).
    static func parameter(_ key: String, in value: String) -> String? {
        for part in value.split(separator: ";") {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            guard let equals = trimmed.firstIndex(of: "="), trimmed[..<equals].lowercased() == key else { continue }
            var raw = String(trimmed[trimmed.index(after: equals)...])
            if raw.hasPrefix("\""), raw.hasSuffix("\""), raw.count >= 2 { raw = String(raw.dropFirst().dropLast()) }
            return raw
        }
        return nil
    }

    /// The last part of a name a browser sent (`C:\\x\\IMG.jpg`, `../../IMG.jpg` → `IMG.jpg`), no
    /// control characters, at most 120 characters; `upload` when nothing is left.
    static func plainName(_ name: String) -> String {
        let last = name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let clean = String(String.UnicodeScalarView(last.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }).prefix(120))
        return clean.isEmpty || clean == "." || clean == ".." ? "upload" : clean
    }
}
