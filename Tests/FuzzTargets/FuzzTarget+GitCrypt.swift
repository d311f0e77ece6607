import FolioCrypt
import Foundation

extension FuzzTarget {
    /// git-crypt's key file reader (a key file a user hands to `crypt unlock` or `clone --key`,
    /// or its text form) and the decryption of stored files, on any bytes.
    ///
    /// Promises: a key that reads writes back to a file that reads as the same key, and so does its
    /// text form; bytes that decrypt under a fixed key are either not encrypted (and come back
    /// unchanged) or encrypt back to exactly themselves — a file is never accepted with a nonce
    /// that does not match what it decrypts to.
    static let gitCrypt = FuzzTarget(
        name: "git-crypt",
        summary: "GitCryptKey(reading:) round trips through the file and its text; GitCryptCipher.decrypt accepts only its own output",
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
        guard let key = GitCryptFuzz.key, let plain = try? GitCryptCipher.decrypt(bytes, key: key, path: "x") else { return }
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
    static let key: GitCryptKey? = {
        func word(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        let file =
            Array("\0GITCRYPTKEY".utf8) + word(2) + word(0) + word(1) + word(4) + word(0) + word(3) + word(32)
            + [UInt8](repeating: 1, count: 32) + word(5) + word(64) + [UInt8](repeating: 2, count: 64) + word(0)
        return try? GitCryptKey(file: file)
    }()
}
