import FolioCrypt
import Foundation

extension FuzzTarget {
    /// git-crypt's key file reader (a key file a user hands to `crypt unlock` or `clone --key`,
    /// or its text form) and the decryption of stored files, on any bytes.
    ///
    /// Promises: a key that reads writes back to a file that reads as the same key, and so does its
    /// text form; bytes that decrypt under a fixed key are either not encrypted (and come back
    /// unchanged) or encrypt back to exactly themselves — a file is never accepted with a nonce
    /// that does not match what it decrypts to. The streaming cipher that media through LFS use
    /// has the whole-file one as its oracle: the bytes encrypt to the same file piece by piece, and
    /// encrypted bytes decrypt piece by piece to the same file, or are refused by both.
    static let gitCrypt = FuzzTarget(
        name: "git-crypt",
        summary:
            "GitCryptKey(reading:) round trips through the file and its text; GitCryptCipher.decrypt accepts only its own output; the streaming cipher agrees with it",
        generatedSeeds: {
            guard let key = GitCryptFuzz.key else { return [] }
            let stored = (try? GitCryptCipher.encrypt(Array("---\ntitle: 下雨\n---\n".utf8), key: key, path: "x.md")) ?? []
            return [key.fileBytes, Array(key.text.utf8), stored, Array(stored.prefix(22))]
        }
    ) { bytes throws(InvariantFailure) in
        if let key = try? GitCryptKey(reading: bytes) {
            let again = try? GitCryptKey(file: key.fileBytes)
            try expect(again == key, "a key read from \(bytes.count) bytes does not read back from the file it writes")
            try expect((try? GitCryptKey(reading: Array(key.text.utf8))) == key, "a key does not read back from its text form")
        }
        guard let key = GitCryptFuzz.key else { return }
        try GitCryptFuzz.compareStreaming(bytes, key: key)
        guard let plain = try? GitCryptCipher.decrypt(bytes, key: key, path: "x") else { return }
        if GitCryptCipher.isEncrypted(bytes) {
            let stored = try? GitCryptCipher.encrypt(plain, key: key, path: "x")
            try expect(stored == bytes, "\(bytes.count) encrypted bytes decrypted, but do not encrypt back to themselves")
        } else {
            try expect(plain == bytes, "bytes without git-crypt's header came back changed")
        }
    }
}

/// The fixed key the harness decrypts with: AES key 0x01…, HMAC key 0x02….
enum GitCryptFuzz {
    /// The streaming cipher against the whole-file one, in pieces of 16 bytes and of 48 (whole
    /// blocks, as the streams take them) whatever the input's length.
    static func compareStreaming(_ bytes: [UInt8], key: GitCryptKey) throws(InvariantFailure) {
        // try?: each side's refusal is compared with the other's, never taken for an answer.
        let whole = try? GitCryptCipher.encrypt(bytes, key: key, path: "x")
        for piece in [16, 48] {
            let streamed = try? encryptStreaming(bytes, key: key, piece: piece)
            try expect(streamed == whole, "\(bytes.count) bytes encrypt differently in pieces of \(piece)")
        }
        guard GitCryptCipher.isEncrypted(bytes) else { return }
        // try?: as above.
        let decrypted = try? GitCryptCipher.decrypt(bytes, key: key, path: "x")
        for piece in [16, 48] {
            // try?: as above.
            let streamed = try? decryptStreaming(bytes, key: key, piece: piece)
            try expect(streamed == decrypted, "\(bytes.count) encrypted bytes decrypt differently in pieces of \(piece)")
        }
    }

    static func encryptStreaming(_ plain: [UInt8], key: GitCryptKey, piece: Int) throws -> [UInt8] {
        var encryption = try GitCryptStreamingEncryption(key: key, path: "x")
        plain.withUnsafeBytes { encryption.update($0) }
        var stored = try encryption.header()
        for start in stride(from: 0, to: plain.count, by: piece) {
            stored += try plain[start..<min(plain.count, start + piece)].withUnsafeBytes { [UInt8](try encryption.encrypt($0)) }
        }
        return stored
    }

    static func decryptStreaming(_ stored: [UInt8], key: GitCryptKey, piece: Int) throws -> [UInt8] {
        let prefix = GitCryptStreamingDecryption.prefixLength
        var decryption = try GitCryptStreamingDecryption(key: key, headerAndNonce: stored.prefix(prefix), path: "x")
        var plain: [UInt8] = []
        for start in stride(from: prefix, to: stored.count, by: piece) {
            plain += try stored[start..<min(stored.count, start + piece)].withUnsafeBytes { [UInt8](try decryption.decrypt($0)) }
        }
        try decryption.finish()
        return plain
    }

    static let key: GitCryptKey? = {
        func word(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        let file =
            Array("\0GITCRYPTKEY".utf8) + word(2) + word(0) + word(1) + word(4) + word(0) + word(3) + word(32)
            + [UInt8](repeating: 1, count: 32) + word(5) + word(64) + [UInt8](repeating: 2, count: 64) + word(0)
        return try? GitCryptKey(file: file)
    }()
}
