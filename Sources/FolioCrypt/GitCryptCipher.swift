import Crypto
import Foundation
import _CryptoExtras

/// git-crypt's encryption of one file, as git stores it: `\0GITCRYPT\0`, a 12-byte nonce, then the
/// file encrypted with AES-256 in CTR mode.
///
/// The nonce is the first 12 bytes of the HMAC-SHA1 of the plain file under the key's HMAC key, and
/// the counter block is the nonce followed by the block number as a big-endian 32-bit integer from
/// 0. The same file under the same key always gives the same bytes (git must see an unchanged file
/// as unchanged), and a decryption is checked by computing the HMAC of what it gave: a wrong key or
/// a damaged file is refused before anything is written. The primitives are swift-crypto's.
public enum GitCryptCipher {
    /// The header every encrypted file begins with.
    public static let header: [UInt8] = Array("\0GITCRYPT\0".utf8)
    static let nonceLength = 12
    /// CTR's 32-bit block counter covers 2^32 blocks of 16 bytes; git-crypt refuses files that long.
    public static let largestFile = (1 << 32) * 16 - 1

    /// Whether `bytes` are a file git-crypt encrypted (its header and a whole nonce).
    public static func isEncrypted(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.count >= header.count + nonceLength && bytes.starts(with: header)
    }

    /// `plain` encrypted with the key's newest entry, as `git-crypt clean` writes it.
    /// - Throws: ``CryptProblem`` `.tooLarge` for a file of 64 GiB or more.
    public static func encrypt(_ plain: [UInt8], key: GitCryptKey, path: String) throws(CryptProblem) -> [UInt8] {
        guard let entry = key.newest else { throw .keyVersionMissing }
        guard plain.count <= largestFile else { throw .tooLarge(path: path) }
        let nonce = Array(HMAC<Insecure.SHA1>.authenticationCode(for: plain, using: SymmetricKey(data: entry.hmacKey)).prefix(nonceLength))
        let body = try counterMode(plain[...], aesKey: entry.aesKey, nonce: nonce)
        // One copy of the body into the result: a video is held as few times as can be.
        var stored = header + nonce
        stored.reserveCapacity(stored.count + body.count)
        stored.append(contentsOf: body)
        return stored
    }

    /// The plain file of `stored` (which must be encrypted: see ``isEncrypted(_:)``), decrypted
    /// with the key's entry 0 as `git-crypt smudge` does, and checked against its nonce.
    /// - Throws: ``CryptProblem`` `.wrongKey` when the result does not match the nonce (another
    ///   key, or damaged bytes); `.keyVersionMissing` for a key without entry 0.
    public static func decrypt(_ stored: [UInt8], key: GitCryptKey, path: String) throws(CryptProblem) -> [UInt8] {
        guard isEncrypted(stored) else { return stored }
        guard let entry = key.entry(0) else { throw .keyVersionMissing }
        let start = header.count + nonceLength
        let nonce = Array(stored[header.count..<start])
        let plain = [UInt8](try counterMode(stored[start...], aesKey: entry.aesKey, nonce: nonce))
        let check = HMAC<Insecure.SHA1>.authenticationCode(for: plain, using: SymmetricKey(data: entry.hmacKey))
        // Compared without an early exit, as git-crypt does.
        var difference: UInt8 = 0
        for (one, two) in zip(check.prefix(nonceLength), nonce) { difference |= one ^ two }
        guard difference == 0 else { throw .wrongKey(path: path) }
        return plain
    }

    /// AES-256-CTR with the counter block `nonce ‖ 0u32` (big-endian), counting up per block.
    private static func counterMode(_ input: ArraySlice<UInt8>, aesKey: [UInt8], nonce: [UInt8]) throws(CryptProblem) -> Data {
        guard !input.isEmpty else { return Data() }
        do {
            // swift-crypto takes a 12-byte nonce as the first 12 bytes of a counter block whose last
            // 4 bytes start at 0, and counts the block as one 128-bit big-endian number: the same
            // as git-crypt's 32-bit count below 2^32 blocks, which ``largestFile`` keeps to.
            let counter = try AES._CTR.Nonce(nonceBytes: nonce)
            return try AES._CTR.encrypt(input, using: SymmetricKey(data: aesKey), nonce: counter)
        } catch {
            throw .malformedKey(reason: "AES-CTR refused the key or nonce: \(error)")
        }
    }
}
