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

    /// AES-256-CTR with the counter block `nonce ‖ firstBlock` (the block number big-endian, 32
    /// bits), counting up per block: a file is encrypted piece by piece when every piece but the
    /// last is a whole number of 16-byte blocks and starts at the block its offset gives.
    static func counterMode(
        _ input: some Collection<UInt8>, aesKey: [UInt8], nonce: [UInt8], firstBlock: UInt32 = 0
    ) throws(CryptProblem) -> Data {
        guard !input.isEmpty else { return Data() }
        do {
            // swift-crypto counts the 16-byte counter block as one 128-bit big-endian number: the
            // same as git-crypt's 32-bit count below 2^32 blocks, which ``largestFile`` keeps to.
            let block = withUnsafeBytes(of: firstBlock.bigEndian) { Array($0) }
            let counter = try AES._CTR.Nonce(nonceBytes: nonce + block)
            return try AES._CTR.encrypt(Array(input), using: SymmetricKey(data: aesKey), nonce: counter)
        } catch {
            throw .malformedKey(reason: "AES-CTR refused the key or nonce: \(error)")
        }
    }

    /// The nonce of `plain` under `entry`: the first 12 bytes of its HMAC-SHA1.
    static func nonce(of hmac: HMAC<Insecure.SHA1>) -> [UInt8] {
        Array(hmac.finalize().prefix(nonceLength))
    }
}

/// git-crypt's encryption of one file too large to hold, piece by piece: the HMAC of the whole
/// plain file comes first (it is the nonce, written before the ciphertext), so the plain bytes are
/// read twice, once for ``GitCryptStreamingEncryption/update(_:)`` and once for
/// ``GitCryptStreamingEncryption/encrypt(_:)``. The result is byte for byte
/// ``GitCryptCipher/encrypt(_:key:path:)``'s.
public struct GitCryptStreamingEncryption {
    private let entry: GitCryptKey.Entry
    private var hmac: HMAC<Insecure.SHA1>
    private var counted: UInt64 = 0
    private var nonce: [UInt8]?
    private var encrypted: UInt64 = 0
    private let path: String

    /// - Throws: ``CryptProblem`` `.keyVersionMissing` for a key without entries.
    public init(key: GitCryptKey, path: String) throws(CryptProblem) {
        guard let entry = key.newest else { throw .keyVersionMissing }
        self.entry = entry
        self.path = path
        hmac = HMAC<Insecure.SHA1>(key: SymmetricKey(data: entry.hmacKey))
    }

    /// The first pass: every plain byte, in order.
    public mutating func update(_ piece: UnsafeRawBufferPointer) {
        hmac.update(data: piece)
        counted += UInt64(piece.count)
    }

    /// Ends the first pass: the header and nonce that begin the stored file.
    /// - Throws: ``CryptProblem`` `.tooLarge` for a file of 64 GiB or more.
    public mutating func header() throws(CryptProblem) -> [UInt8] {
        guard counted <= UInt64(GitCryptCipher.largestFile) else { throw .tooLarge(path: path) }
        let nonce = GitCryptCipher.nonce(of: hmac)
        self.nonce = nonce
        return GitCryptCipher.header + nonce
    }

    /// The second pass: the same plain bytes, in order, in pieces of whole 16-byte blocks but the
    /// last; gives their ciphertext.
    public mutating func encrypt(_ piece: UnsafeRawBufferPointer) throws(CryptProblem) -> Data {
        guard let nonce else { throw .keyVersionMissing }
        guard encrypted % 16 == 0, encrypted / 16 <= UInt64(UInt32.max) else { throw .tooLarge(path: path) }
        let block = UInt32(truncatingIfNeeded: encrypted / 16)
        encrypted += UInt64(piece.count)
        return try GitCryptCipher.counterMode(piece, aesKey: entry.aesKey, nonce: nonce, firstBlock: block)
    }
}

/// git-crypt's decryption of one stored file too large to hold, piece by piece: the ciphertext
/// after the header and nonce, in pieces of whole 16-byte blocks but the last, then
/// ``finish()``, which compares the plain file's HMAC with the nonce. What ``decrypt(_:)`` gave is
/// only the file's when ``finish()`` does not throw.
public struct GitCryptStreamingDecryption {
    private let entry: GitCryptKey.Entry
    private let nonce: [UInt8]
    private var hmac: HMAC<Insecure.SHA1>
    private var decrypted: UInt64 = 0
    private let path: String

    /// `headerAndNonce` are the first ``GitCryptStreamingDecryption/prefixLength`` bytes of the stored file.
    /// - Throws: ``CryptProblem`` `.keyVersionMissing` for a key without entry 0; `.wrongKey` for
    ///   bytes that are not git-crypt's.
    public init(key: GitCryptKey, headerAndNonce: some Collection<UInt8>, path: String) throws(CryptProblem) {
        guard let entry = key.entry(0) else { throw .keyVersionMissing }
        let bytes = Array(headerAndNonce)
        guard bytes.count == Self.prefixLength, GitCryptCipher.isEncrypted(bytes) else { throw .wrongKey(path: path) }
        self.entry = entry
        self.path = path
        nonce = Array(bytes[GitCryptCipher.header.count...])
        hmac = HMAC<Insecure.SHA1>(key: SymmetricKey(data: entry.hmacKey))
    }

    /// How many bytes begin every encrypted file before its ciphertext.
    public static let prefixLength = GitCryptCipher.header.count + GitCryptCipher.nonceLength

    public mutating func decrypt(_ piece: UnsafeRawBufferPointer) throws(CryptProblem) -> Data {
        guard decrypted % 16 == 0, decrypted / 16 <= UInt64(UInt32.max) else { throw .tooLarge(path: path) }
        let block = UInt32(truncatingIfNeeded: decrypted / 16)
        decrypted += UInt64(piece.count)
        let plain = try GitCryptCipher.counterMode(piece, aesKey: entry.aesKey, nonce: nonce, firstBlock: block)
        hmac.update(data: plain)
        return plain
    }

    /// - Throws: ``CryptProblem`` `.wrongKey` when the plain file does not match its nonce
    ///   (another key, or damaged bytes).
    public func finish() throws(CryptProblem) {
        let check = GitCryptCipher.nonce(of: hmac)
        var difference: UInt8 = 0
        for (one, two) in zip(check, nonce) { difference |= one ^ two }
        guard difference == 0 else { throw .wrongKey(path: path) }
    }
}
