import Crypto
import FolioCrypt
import FolioLFS
import Foundation
import Git
import LFSStore
import TestSupport
import Testing

/// git-crypt's clean chained before LFS's, in process: what the LFS store and git receive for a
/// media file of an encrypted vault, and what comes back out.
@Suite("Media of an encrypted vault through LFS: git-crypt's ciphertext in the LFS store")
struct EncryptedLFSFilterTests {
    static let key = GitCryptKey.generate()

    /// Bytes that are no pattern AES could hide by accident.
    static func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        return (0..<count).map { _ in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(truncatingIfNeeded: state)
        }
    }

    static func hex(_ digest: some Sequence<UInt8>) -> String { digest.map { String(format: "%02x", $0) }.joined() }

    /// Feeds `plain` to a streaming clean in pieces of `piece` bytes, as libgit2 does.
    static func streamClean(_ filter: EncryptedLFSFilter, _ plain: [UInt8], piece: Int, storing: Bool = true) throws -> [UInt8] {
        guard let clean = try filter.streamingClean(path: "media/ab/x.mp4", storing: storing) else { return [] }
        var start = 0
        while start < plain.count {
            let end = min(plain.count, start + piece)
            try plain[start..<end].withUnsafeBytes { try clean.write($0) }
            start = end
        }
        return try clean.finish()
    }

    @Test(
        "the streaming cipher gives git-crypt's bytes at every edge: empty, one block ± 1, a piece ± 1, past the memory limit",
        arguments: [0, 1, 15, 16, 17, (1 << 20) - 1, 1 << 20, (1 << 20) + 1, (8 << 20) + 3]
    )
    func streamingMatchesWhole(size: Int) throws {
        let plain = Self.bytes(size, seed: UInt64(size) + 1)
        let whole = try GitCryptCipher.encrypt(plain, key: Self.key, path: "x")
        var encryption = try GitCryptStreamingEncryption(key: Self.key, path: "x")
        plain.withUnsafeBytes { encryption.update($0) }
        var streamed = try encryption.header()
        var start = 0
        while start < plain.count {
            let end = min(plain.count, start + (1 << 20))
            streamed += try plain[start..<end].withUnsafeBytes { [UInt8](try encryption.encrypt($0)) }
            start = end
        }
        #expect(streamed == whole)

        // And back, piece by piece, checked against the nonce.
        var decryption = try GitCryptStreamingDecryption(
            key: Self.key, headerAndNonce: whole.prefix(GitCryptStreamingDecryption.prefixLength), path: "x")
        var back: [UInt8] = []
        let body = Array(whole.dropFirst(GitCryptStreamingDecryption.prefixLength))
        start = 0
        while start < body.count {
            let end = min(body.count, start + (1 << 20))
            back += try body[start..<end].withUnsafeBytes { [UInt8](try decryption.decrypt($0)) }
            start = end
        }
        try decryption.finish()
        #expect(back == plain)
    }

    @Test("clean stores git-crypt's ciphertext in the LFS store and gives its pointer, never the plain bytes; smudge gives them back")
    func cleanAndSmudge() throws {
        let scratch = try Scratch()
        let store = LFSObjectStore(gitDirectory: scratch.path(".git"))
        let filter = EncryptedLFSFilter(key: Self.key, store: store)
        // In memory, and through the temporary file (past 8 MiB), in odd pieces as libgit2 gives them.
        for (size, piece) in [(300_000, 65_536), ((9 << 20) + 5, 1_000_003)] {
            let plain = Self.bytes(size, seed: UInt64(size))
            let ciphertext = try GitCryptCipher.encrypt(plain, key: Self.key, path: "x")
            let stored = try Self.streamClean(filter, plain, piece: piece)
            let pointer = try #require(LFSPointer(parsing: stored))
            #expect(pointer.oid == Self.hex(SHA256.hash(data: ciphertext)))
            #expect(pointer.size == UInt64(ciphertext.count))
            #expect(try Data(contentsOf: store.url(of: pointer.oid)) == Data(ciphertext))
            #expect(store.size(of: Self.hex(SHA256.hash(data: plain))) == nil, "the plain bytes never enter the store")
            // Hashing only (a status): the same pointer, nothing new stored.
            #expect(try Self.streamClean(filter, plain, piece: piece, storing: false) == stored)
            // The one-shot clean agrees with the streaming one.
            #expect(try filter.clean(plain, path: "media/ab/x.mp4") == stored)

            var out: [UInt8] = []
            #expect(try filter.streamingSmudge(stored, path: "media/ab/x.mp4") { out += $0 })
            #expect(out == plain)
        }
        // No temporary file is left behind.
        let left = (try? FileManager.default.contentsOfDirectory(atPath: store.temporaryDirectory.path)) ?? []
        #expect(left.isEmpty, "\(left)")
    }

    @Test("a pointer (media not downloaded) and ciphertext (a locked checkout) are stored as they are; anything else needs the key")
    func withoutTheKey() throws {
        let scratch = try Scratch()
        let store = LFSObjectStore(gitDirectory: scratch.path(".git"))
        let locked = EncryptedLFSFilter(key: nil, store: store)
        let pointer = try #require(LFSPointer(oid: String(repeating: "ab", count: 32), size: 1234))
        #expect(try Self.streamClean(locked, pointer.bytes, piece: 7) == pointer.bytes)
        #expect(try locked.clean(pointer.bytes, path: "media/ab/x.mp4") == nil)
        let plain = Self.bytes(5000, seed: 9)
        #expect(throws: CryptProblem.locked(path: "media/ab/x.mp4")) { try Self.streamClean(locked, plain, piece: 4096) }
        let ciphertext = try GitCryptCipher.encrypt(plain, key: Self.key, path: "x")
        let stored = try #require(LFSPointer(parsing: try Self.streamClean(locked, ciphertext, piece: 4096)))
        #expect(try Data(contentsOf: store.url(of: stored.oid)) == Data(ciphertext), "not encrypted twice")
        // Without the key a pointer is checked out as the pointer.
        #expect(try locked.streamingSmudge(stored.bytes, path: "media/ab/x.mp4") { _ in } == false)
    }

    @Test("another key: the smudge refuses before it writes a byte, and a damaged object is refused the same way")
    func wrongKeyWritesNothing() throws {
        let scratch = try Scratch()
        let store = LFSObjectStore(gitDirectory: scratch.path(".git"))
        let plain = Self.bytes(70_000, seed: 4)
        let stored = try Self.streamClean(EncryptedLFSFilter(key: Self.key, store: store), plain, piece: 10_000)
        let other = EncryptedLFSFilter(key: GitCryptKey.generate(), store: store)
        var emitted = 0
        #expect(throws: CryptProblem.wrongKey(path: "media/ab/x.mp4")) {
            try other.streamingSmudge(stored, path: "media/ab/x.mp4") { emitted += $0.count }
        }
        #expect(emitted == 0)

        // A byte flipped in the object (it still has its name): refused too, nothing written.
        let pointer = try #require(LFSPointer(parsing: stored))
        var damaged = try Data(contentsOf: store.url(of: pointer.oid))
        damaged[damaged.count - 1] ^= 0x01
        try damaged.write(to: store.url(of: pointer.oid))
        #expect(throws: CryptProblem.wrongKey(path: "media/ab/x.mp4")) {
            try EncryptedLFSFilter(key: Self.key, store: store).streamingSmudge(stored, path: "media/ab/x.mp4") { emitted += $0.count }
        }
        #expect(emitted == 0)
    }
}
