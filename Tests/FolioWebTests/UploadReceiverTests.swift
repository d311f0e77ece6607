import Crypto
import Foundation
import NIOCore
import TestSupport
import Testing

@testable import FolioWeb

/// The form of `POST /pages` read as it streams: the file on disk with its hash, the token
/// required before the file, the limit checked on every chunk, and nothing kept from a body
/// that was cut off or refused.
@Suite("Uploads: a phone's form streamed to disk")
struct UploadReceiverTests {
    static let boundary = "----folio-test-boundary"
    static let token = "good-token"

    static func body(token: String? = Self.token, fileName: String = "IMG_0001.JPG", file: [UInt8], text: String = "公園") -> [UInt8] {
        var out = ""
        if let token { out += "--\(boundary)\r\nContent-Disposition: form-data; name=\"token\"\r\n\r\n\(token)\r\n" }
        out += "--\(boundary)\r\nContent-Disposition: form-data; name=\"text\"\r\n\r\n\(text)\r\n"
        out +=
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"media\"; filename=\"\(fileName)\"\r\nContent-Type: image/jpeg\r\n\r\n"
        return Array(out.utf8) + file + Array("\r\n--\(boundary)--\r\n".utf8)
    }

    /// `bytes` in chunks of `size`, as a connection delivers them.
    static func chunks(_ bytes: [UInt8], size: Int) -> AsyncStream<ByteBuffer> {
        AsyncStream { continuation in
            var start = 0
            while start < bytes.count {
                continuation.yield(ByteBuffer(bytes: bytes[start..<min(bytes.count, start + size)]))
                start += size
            }
            continuation.finish()
        }
    }

    static func receiver(_ folder: URL, limit: UInt64 = 1 << 20) -> UploadReceiver {
        UploadReceiver(folder: folder, maxFileBytes: limit) { fields in fields["token"] == token }
    }

    static func leftovers(_ folder: URL) -> [String] {
        (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String]) ?? []
    }

    @Test("the file lands on disk whole, named as the phone named it, with its SHA-256; chunk sizes do not matter")
    func streamsToDisk() async throws {
        let scratch = try Scratch("folio-upload")
        let file = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        for size in [1, 7, 4096, 1 << 20] {
            let folder = scratch.path("uploads-\(size)")
            let form = try await Self.receiver(folder).receive(
                Self.chunks(Self.body(fileName: "../../etc/IMG_0001.JPG", file: file), size: size),
                contentType: "multipart/form-data; boundary=\(Self.boundary)")
            let upload = try #require(form.files["media"])
            #expect(upload.displayName == "IMG_0001.JPG")
            #expect(upload.file.lastPathComponent == "IMG_0001.JPG")
            #expect(upload.file.path.hasPrefix(folder.path + "/upload-"))
            #expect(try Data(contentsOf: upload.file) == Data(file))
            #expect(upload.size == UInt64(file.count))
            #expect(upload.sha256 == Self.sha256(file))
            #expect(form.fields["text"] == "公園")
            upload.discard()
            #expect(Self.leftovers(folder).isEmpty)
        }
    }

    @Test("a photo and a voice note, each with its own hash; a field sent twice as a file is refused")
    func twoFiles() async throws {
        let scratch = try Scratch("folio-upload")
        let photo = Array(repeating: UInt8(0xAB), count: 3000)
        let voice = Array(repeating: UInt8(0x01), count: 7000)
        func part(_ name: String, _ file: String, _ bytes: [UInt8]) -> [UInt8] {
            Array("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\(file)\"\r\n\r\n".utf8) + bytes
                + Array("\r\n".utf8)
        }
        let token = Array("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"token\"\r\n\r\n\(Self.token)\r\n".utf8)
        let end = Array("--\(Self.boundary)--\r\n".utf8)
        let folder = scratch.path("uploads")
        let form = try await Self.receiver(folder).receive(
            Self.chunks(token + part("media", "a.jpg", photo) + part("voice", "v.m4a", voice) + end, size: 1000),
            contentType: "multipart/form-data; boundary=\(Self.boundary)")
        #expect(form.files["media"]?.sha256 == Self.sha256(photo) && form.files["media"]?.size == 3000)
        #expect(form.files["voice"]?.sha256 == Self.sha256(voice) && form.files["voice"]?.displayName == "v.m4a")
        form.discard()
        #expect(Self.leftovers(folder).isEmpty)
        let twice = scratch.path("twice")
        await #expect(throws: FormRefusal.notAForm) {
            try await Self.receiver(twice).receive(
                Self.chunks(token + part("media", "a.jpg", photo) + part("media", "b.jpg", photo) + end, size: 1000),
                contentType: "multipart/form-data; boundary=\(Self.boundary)")
        }
        #expect(Self.leftovers(twice).isEmpty)
    }

    @Test("a file before the token, or with a wrong one, is refused before a byte of it is stored")
    func tokenFirst() async throws {
        let scratch = try Scratch("folio-upload")
        for token in [nil, "forged"] as [String?] {
            let folder = scratch.path("uploads-\(token ?? "none")")
            await #expect(throws: FormRefusal.forged) {
                try await Self.receiver(folder).receive(
                    Self.chunks(Self.body(token: token, file: Array(repeating: 0xFF, count: 5000)), size: 512),
                    contentType: "multipart/form-data; boundary=\(Self.boundary)")
            }
            #expect(Self.leftovers(folder).isEmpty)
        }
    }

    @Test("over the limit: refused on the chunk that passes it, the partial file removed")
    func limit() async throws {
        let scratch = try Scratch("folio-upload")
        let folder = scratch.path("uploads")
        await #expect(throws: FormRefusal.tooLarge(limit: 10_000)) {
            try await Self.receiver(folder, limit: 10_000).receive(
                Self.chunks(Self.body(file: Array(repeating: 1, count: 10_001)), size: 1000),
                contentType: "multipart/form-data; boundary=\(Self.boundary)")
        }
        #expect(Self.leftovers(folder).isEmpty)
    }

    @Test("a body cut off mid-file, mid-field or before the first part keeps nothing")
    func cutOff() async throws {
        let scratch = try Scratch("folio-upload")
        let whole = Self.body(file: Array(repeating: 7, count: 30_000))
        for cut in [0, 10, 60, 200, 15_000, whole.count - 3] {
            let folder = scratch.path("uploads-\(cut)")
            await #expect(throws: FormRefusal.notAForm) {
                try await Self.receiver(folder).receive(
                    Self.chunks(Array(whole.prefix(cut)), size: 977), contentType: "multipart/form-data; boundary=\(Self.boundary)")
            }
            #expect(Self.leftovers(folder).isEmpty, "cut at \(cut)")
        }
    }

    @Test("not a multipart form, or a boundary that is not one, is refused before reading")
    func notAForm() async throws {
        let scratch = try Scratch("folio-upload")
        for type in [
            "application/x-www-form-urlencoded", "multipart/form-data", "multipart/form-data; boundary=", "text/plain; boundary=x",
        ] {
            await #expect(throws: FormRefusal.notAForm) {
                try await Self.receiver(scratch.path("u")).receive(Self.chunks(Array("x".utf8), size: 1), contentType: type)
            }
        }
    }

    @Test("a body that runs on without a first part (5 MB of preamble) is refused after 64 KiB, not read to its end")
    func endlessPreamble() async throws {
        let scratch = try Scratch("folio-upload")
        // Pulled one chunk at a time, so the count says how much the receiver read.
        let pulled = Locked(0)
        let preamble = AsyncStream<ByteBuffer> {
            pulled.withValue { count in
                guard count < 80 else { return nil }
                count += 1
                return ByteBuffer(bytes: [UInt8](repeating: UInt8(ascii: "a"), count: 65_536))
            }
        }
        await #expect(throws: FormRefusal.notAForm) {
            try await Self.receiver(scratch.path("u")).receive(preamble, contentType: "multipart/form-data; boundary=\(Self.boundary)")
        }
        #expect(pulled.current <= 3, "read \(pulled.current) chunks of 64 KiB")
        #expect(Self.leftovers(scratch.path("u")).isEmpty)
    }

    @Test("the plain name of what a browser sends: no folders, no controls, never empty or a dot name")
    func plainNames() {
        #expect(PartState.plainName("C:\\Users\\me\\IMG_1.HEIC") == "IMG_1.HEIC")
        #expect(PartState.plainName("../../.ssh/id_rsa") == "id_rsa")
        #expect(PartState.plainName("a\u{0}b\u{7}c.jpg") == "abc.jpg")
        #expect(PartState.plainName("..") == "upload")
        #expect(PartState.plainName("/") == "upload")
        #expect(PartState.plainName("") == "upload")
    }

    static func sha256(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }
}
