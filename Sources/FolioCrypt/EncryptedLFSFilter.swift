import Crypto
import FolioLFS
import Foundation
import Git
import LFSStore
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// git-crypt's clean, then Git LFS's, for media of an encrypted vault kept through LFS
/// (`filter=folio-crypt-lfs`): the LFS server holds each photo encrypted, as git-crypt stores a
/// file, and git holds the pointer to that ciphertext.
///
/// Clean: the working file is encrypted exactly as `git-crypt clean` encrypts it, the ciphertext
/// goes into the repository's ``LFSObjectStore`` and git stores its pointer, byte for byte what
/// `git-crypt clean | git-lfs clean` gives. The nonce is the HMAC of the whole plain file, so a
/// file is read twice: once hashing it (held in memory up to ``memoryLimit``, else in a temporary
/// file in `.git/lfs/tmp`), once encrypting it into the store; memory stays flat for a video of any
/// size. A working file that is a pointer (media not downloaded yet) is stored as it is; one that
/// is already git-crypt's ciphertext is not encrypted twice. Without the key anything else is
/// refused, never stored in the clear.
///
/// Smudge: a pointer whose object is in the store and encrypted is checked out decrypted, after a
/// first pass has checked it against its nonce (a wrong key writes nothing); any other pointer is
/// checked out as the pointer. Like LFS's own filter it never opens the network.
public struct EncryptedLFSFilter: ContentFilter {
    /// The attribute value, `filter=folio-crypt-lfs`, and the name libgit2 knows the filter by.
    public static let name = "folio-crypt-lfs"

    /// The repository's key, nil on a device without it.
    public let key: GitCryptKey?
    /// Why the installed key file could not be read, when it could not.
    public let damage: CryptProblem?
    public let store: LFSObjectStore

    /// The plain bytes of one file held in memory while its HMAC is computed; past it they go to a
    /// temporary file.
    static let memoryLimit = 8 << 20
    /// The size of one piece read or encrypted: a whole number of AES blocks.
    static let pieceSize = 1 << 20

    public init(key: GitCryptKey?, damage: CryptProblem? = nil, store: LFSObjectStore) {
        self.key = key
        self.damage = damage
        self.store = store
    }

    /// git-crypt alone, for a path outside the media folder that a `.gitattributes` line (synced
    /// from another device) hands to this filter: a record is encrypted into git, never an LFS
    /// object (``LFSFilter/mayStore(_:)``).
    var plainCrypt: GitCryptFilter { GitCryptFilter(key: key, damage: damage) }

    public func clean(_ bytes: [UInt8], path: String) throws -> [UInt8]? {
        guard LFSFilter.mayStore(path) else { return try plainCrypt.clean(bytes, path: path) }
        let clean = EncryptedLFSClean(filter: self, path: path, storing: true)
        try bytes.withUnsafeBytes { try clean.write($0) }
        let stored = try clean.finish()
        return stored == bytes ? nil : stored
    }

    public func smudge(_ bytes: [UInt8], path: String) throws -> [UInt8]? {
        guard LFSFilter.mayStore(path) else { return try plainCrypt.smudge(bytes, path: path) }
        // Reached only for what streamingSmudge left alone: a pointer whose object is not here,
        // or any file on a device without the key; written as stored.
        return nil
    }

    public func reveal(_ bytes: [UInt8], path: String) throws -> [UInt8]? {
        guard LFSFilter.mayStore(path) else { return try plainCrypt.reveal(bytes, path: path) }
        // The stored form is the pointer: readers of old versions get it, never a whole video.
        return nil
    }

    public func streamingClean(path: String, storing: Bool) throws -> (any StreamingClean)? {
        guard LFSFilter.mayStore(path) else { return nil }
        return EncryptedLFSClean(filter: self, path: path, storing: storing)
    }

    public func streamingSmudge(_ bytes: [UInt8], path: String, emit: (UnsafeRawBufferPointer) throws -> Void) throws -> Bool {
        guard LFSFilter.mayStore(path), key != nil || damage != nil, let pointer = LFSPointer(parsing: bytes), store.contains(pointer)
        else { return false }
        guard try isEncryptedObject(pointer) else { return false }
        // A first pass checks the object against its nonce, so a wrong key or a damaged object
        // never leaves a half-written photo behind.
        try decrypt(pointer, path: path) { _ in }
        try decrypt(pointer, path: path, emit: emit)
        return true
    }

    /// Whether the object of `pointer` (which the store holds) begins as git-crypt's files do.
    public func isEncryptedObject(_ pointer: LFSPointer) throws -> Bool {
        try withObject(pointer) { _, prefix in GitCryptCipher.isEncrypted(prefix) }
    }

    /// The plain bytes of the encrypted object of `pointer`, piece by piece through `emit`; then
    /// the check against the nonce, which throws ``CryptProblem/wrongKey(path:)`` when it fails (what
    /// was emitted is then not the file: write to a temporary file and keep it only on success).
    /// - Throws: ``CryptProblem`` `.locked` without the key; ``LFSStoreProblem`` when the object
    ///   cannot be read.
    public func decrypt(_ pointer: LFSPointer, path: String, emit: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard let key else { throw damage ?? CryptProblem.locked(path: path) }
        try withObject(pointer) { descriptor, prefix in
            var decryption = try GitCryptStreamingDecryption(key: key, headerAndNonce: prefix, path: path)
            var buffer = [UInt8](repeating: 0, count: Self.pieceSize)
            var offset = off_t(prefix.count)
            while true {
                let count = buffer.withUnsafeMutableBytes { Descriptor.read(descriptor, into: $0, at: offset) }
                guard count >= 0 else {
                    throw LFSStoreProblem.unreadable(store.url(of: pointer.oid).path, String(cString: strerror(errno)))
                }
                if count == 0 { break }
                let plain = try buffer.withUnsafeBytes { try decryption.decrypt(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
                try plain.withUnsafeBytes { try emit($0) }
                offset += off_t(count)
                if count < buffer.count { break }
            }
            try decryption.finish()
        }
    }

    /// Opens the object of `pointer` and reads its first bytes (as many as git-crypt's header and
    /// nonce, fewer for a shorter object) for `body`, with the open descriptor.
    private func withObject<Result>(_ pointer: LFSPointer, _ body: (Int32, [UInt8]) throws -> Result) throws -> Result {
        let file = store.url(of: pointer.oid)
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw LFSStoreProblem.unreadable(file.path, String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var prefix = [UInt8](repeating: 0, count: GitCryptStreamingDecryption.prefixLength)
        let count = prefix.withUnsafeMutableBytes { Descriptor.read(descriptor, into: $0, at: 0) }
        guard count >= 0 else { throw LFSStoreProblem.unreadable(file.path, String(cString: strerror(errno))) }
        return try body(descriptor, Array(prefix.prefix(count)))
    }

    /// Registers the filter with libgit2 for every repository of the process, each with the key it
    /// has installed and its LFS store. Safe to call any number of times.
    public static func register() throws {
        try registration.get()
    }

    private static let registration: Result<Void, any Error> = Result {
        try ContentFilters.register(name) { gitDirectory in
            let store = LFSObjectStore(gitDirectory: gitDirectory)
            do throws(CryptProblem) {
                return EncryptedLFSFilter(key: try GitCryptKeyStore.installed(gitDirectory: gitDirectory), store: store)
            } catch {
                return EncryptedLFSFilter(key: nil, damage: error, store: store)
            }
        }
    }
}

/// One working file through ``EncryptedLFSFilter``'s clean: its plain bytes hashed (and kept, in
/// memory or a temporary file) as they come, then encrypted into the store at the end.
final class EncryptedLFSClean: StreamingClean {
    private let filter: EncryptedLFSFilter
    private let path: String
    private let storing: Bool
    /// The first bytes, to tell a pointer or ciphertext apart from a plain file.
    private var head: [UInt8] = []
    private var memory: [UInt8] = []
    private var spool: (url: URL, descriptor: Int32)?
    private var count: UInt64 = 0
    private var encryption: GitCryptStreamingEncryption?
    private var failure: (any Error)?

    init(filter: EncryptedLFSFilter, path: String, storing: Bool) {
        self.filter = filter
        self.path = path
        self.storing = storing
        if let key = filter.key {
            do {
                encryption = try GitCryptStreamingEncryption(key: key, path: path)
            } catch {
                failure = error
            }
        }
    }

    deinit {
        if let spool {
            close(spool.descriptor)
            unlink(spool.url.path)
        }
    }

    func write(_ piece: UnsafeRawBufferPointer) throws {
        if let failure { throw failure }
        let headLength = max(LFSPointer.maxBytes + 1, GitCryptStreamingDecryption.prefixLength)
        if head.count < headLength { head.append(contentsOf: piece.prefix(headLength - head.count)) }
        count += UInt64(piece.count)
        encryption?.update(piece)
        if spool == nil, memory.count + piece.count > EncryptedLFSFilter.memoryLimit {
            let opened = try filter.store.temporaryFile()
            spool = opened
            let ok = memory.withUnsafeBytes { Descriptor.writeAll(opened.descriptor, $0) }
            guard ok else { throw LFSStoreProblem.unwritable(opened.url.path, String(cString: strerror(errno))) }
            memory = []
        }
        if let spool {
            guard Descriptor.writeAll(spool.descriptor, piece) else {
                throw LFSStoreProblem.unwritable(spool.url.path, String(cString: strerror(errno)))
            }
        } else {
            memory.append(contentsOf: piece)
        }
    }

    func finish() throws -> [UInt8] {
        if let failure { throw failure }
        if count == 0 { return [] }
        if count <= UInt64(LFSPointer.maxBytes), LFSPointer(parsing: head) != nil { return head }
        let sink = try ObjectSink(store: filter.store, storing: storing)
        if GitCryptCipher.isEncrypted(head) {
            // Already git-crypt's ciphertext (a file of a locked checkout): stored as it is.
            try replay { try sink.write($0) }
        } else {
            guard var encryption else { throw filter.damage ?? CryptProblem.locked(path: path) }
            try encryption.header().withUnsafeBytes { try sink.write($0) }
            try replay { plain in try encryption.encrypt(plain).withUnsafeBytes { try sink.write($0) } }
        }
        return try sink.finish().bytes
    }

    /// The plain bytes again, in pieces of ``EncryptedLFSFilter/pieceSize``.
    private func replay(_ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard let spool else {
            try memory.withUnsafeBytes { bytes in
                var start = 0
                while start < bytes.count {
                    let end = min(bytes.count, start + EncryptedLFSFilter.pieceSize)
                    try body(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
                    start = end
                }
            }
            return
        }
        var buffer = [UInt8](repeating: 0, count: EncryptedLFSFilter.pieceSize)
        var offset: off_t = 0
        var replayed: UInt64 = 0
        while true {
            let read = buffer.withUnsafeMutableBytes { Descriptor.read(spool.descriptor, into: $0, at: offset) }
            guard read >= 0 else { throw LFSStoreProblem.unreadable(spool.url.path, String(cString: strerror(errno))) }
            if read == 0 { break }
            try buffer.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[0..<read])) }
            offset += off_t(read)
            replayed += UInt64(read)
        }
        // The temporary file is folio's own: anything but the bytes written is a failing disk.
        guard replayed == count else { throw LFSStoreProblem.wrongSize(expected: count, actual: replayed) }
    }
}

/// Where a clean's stored bytes go: into the store (hashed as written), or only hashed (a status
/// that compares a file with the index).
private final class ObjectSink {
    private let writer: ObjectWriter?
    private var hasher = SHA256()
    private var count: UInt64 = 0

    init(store: LFSObjectStore, storing: Bool) throws {
        writer = storing ? try store.writer() : nil
    }

    func write(_ piece: UnsafeRawBufferPointer) throws {
        count += UInt64(piece.count)
        if let writer { writer.write(piece) } else { hasher.update(bufferPointer: piece) }
    }

    func finish() throws -> LFSPointer {
        if let writer { return try writer.commit(hash: writer.finishHash(), flush: false) }
        guard let pointer = LFSPointer(oid: LFSObjectStore.hex(hasher.finalize()), size: count) else {
            throw LFSStoreProblem.wrongSize(expected: count, actual: count)
        }
        return pointer
    }
}
