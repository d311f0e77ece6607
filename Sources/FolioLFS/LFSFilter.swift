import Crypto
import Foundation
import Git
import LFSStore
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// Git LFS's clean and smudge inside the process, for files whose attributes say `filter=lfs`.
///
/// Clean: a working file's bytes go into the repository's ``LFSObjectStore`` and git stores its
/// pointer; a working file that already is a pointer (media not downloaded yet) is stored as it is.
/// The file is read piece by piece, hashed and stored in the same pass, so a video of any size
/// costs one read and flat memory. A file named `…/<sha256>.<ext>` whose object the store already
/// holds with the same size (media folio imported straight into the store) is not hashed again:
/// its pointer is the object's.
///
/// Smudge: a pointer whose object is in the store is checked out as the object's bytes, streamed;
/// any other pointer is checked out as the pointer itself. The smudge never opens the network:
/// missing media are fetched afterwards, in one batch, by whoever checked out.
public struct LFSFilter: ContentFilter {
    /// The attribute value, `filter=lfs`, and the name libgit2 knows the filter by.
    public static let name = "lfs"

    public let store: LFSObjectStore

    public init(store: LFSObjectStore) {
        self.store = store
    }

    /// Whether `path` may go to LFS at all: only a file of the media folder. A `.gitattributes`
    /// line is a synced file another device (or program) wrote; one handing records to
    /// `filter=lfs` (`*.md`, `diary/**`) must not send their text to the LFS server as objects,
    /// so any other path is stored as it is, whatever the attributes say.
    public static func mayStore(_ path: String) -> Bool {
        path.hasPrefix("media/") && !path.split(separator: "/").contains("..")
    }

    public func clean(_ bytes: [UInt8], path: String) throws -> [UInt8]? {
        guard Self.mayStore(path) else { return nil }
        if bytes.isEmpty || LFSPointer(parsing: bytes) != nil { return nil }
        let writer = try store.writer()
        bytes.withUnsafeBytes { writer.write($0) }
        return try writer.commit(hash: writer.finishHash(), flush: false).bytes
    }

    public func smudge(_ bytes: [UInt8], path: String) throws -> [UInt8]? {
        // Only reached for what streamingSmudge left alone: a pointer whose object is not here.
        nil
    }

    public func reveal(_ bytes: [UInt8], path: String) throws -> [UInt8]? {
        // The stored form is the pointer: readers of old versions get it, never a whole video.
        nil
    }

    public func streamingClean(path: String, storing: Bool) throws -> (any StreamingClean)? {
        // Another path is gathered and stored as it is (``clean(_:path:)``): never an LFS object.
        guard Self.mayStore(path) else { return nil }
        return LFSClean(store: store, trusted: trustedObject(for: path), storing: storing)
    }

    public func streamingSmudge(_ bytes: [UInt8], path: String, emit: (UnsafeRawBufferPointer) throws -> Void) throws -> Bool {
        guard let pointer = LFSPointer(parsing: bytes), store.contains(pointer) else { return false }
        let descriptor = open(store.url(of: pointer.oid).path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var offset: off_t = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { Descriptor.read(descriptor, into: $0, at: offset) }
            guard count >= 0 else { throw LFSStoreProblem.unreadable(store.url(of: pointer.oid).path, String(cString: strerror(errno))) }
            if count == 0 { break }
            try buffer.withUnsafeBytes { try emit(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            offset += off_t(count)
        }
        return true
    }

    public func storedFormWithoutReading(path: String, size: UInt64) -> [UInt8]? {
        guard let trusted = trustedObject(for: path), trusted.size == size else { return nil }
        return trusted.bytes
    }

    /// The object a media path names by its hash (`media/ab/<sha256>.jpg`), when the store has it
    /// with the working file's size.
    func trustedObject(for path: String) -> LFSPointer? {
        guard Self.mayStore(path) else { return nil }
        let name = (path as NSString).lastPathComponent
        let stem = String(name.split(separator: ".", maxSplits: 1).first ?? "")
        guard LFSPointer.isObjectID(stem), let size = store.size(of: stem) else { return nil }
        var info = stat()
        let file = store.gitDirectory.deletingLastPathComponent().appendingPathComponent(path).path
        guard lstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size >= 0, UInt64(info.st_size) == size else {
            return nil
        }
        return LFSPointer(oid: stem, size: size)
    }

    /// Registers the filter with libgit2 for every repository of the process. Safe to call any number of times.
    public static func register() throws {
        try registration.get()
    }

    private static let registration: Result<Void, any Error> = Result {
        try ContentFilters.register(name) { gitDirectory in
            LFSFilter(store: LFSObjectStore(gitDirectory: gitDirectory))
        }
    }
}

/// One working file through LFS's clean: the first bytes kept to tell a pointer, every byte
/// hashed and (when storing) written into the store as it comes.
final class LFSClean: StreamingClean {
    private let store: LFSObjectStore
    /// The object the file's name promises and the store holds: its bytes need only be counted.
    private let trusted: LFSPointer?
    private let storing: Bool
    private var head: [UInt8] = []
    private var hasher = SHA256()
    private var writer: ObjectWriter?
    private var count: UInt64 = 0

    init(store: LFSObjectStore, trusted: LFSPointer?, storing: Bool) {
        self.store = store
        self.trusted = trusted
        self.storing = storing
    }

    func write(_ piece: UnsafeRawBufferPointer) throws {
        if head.count <= LFSPointer.maxBytes { head.append(contentsOf: piece.prefix(LFSPointer.maxBytes + 1 - head.count)) }
        count += UInt64(piece.count)
        if trusted != nil { return }
        if storing {
            if writer == nil { writer = try store.writer() }
            writer?.write(piece)
        } else {
            hasher.update(bufferPointer: piece)
        }
    }

    func finish() throws -> [UInt8] {
        if count == 0 { return [] }
        if count <= UInt64(LFSPointer.maxBytes), LFSPointer(parsing: head) != nil { return head }
        if let trusted {
            // The file grew or shrank while it was read: nothing is stored, the commit fails.
            guard trusted.size == count else { throw LFSStoreProblem.wrongSize(expected: trusted.size, actual: count) }
            return trusted.bytes
        }
        if let writer {
            return try writer.commit(hash: writer.finishHash(), flush: false).bytes
        }
        guard let pointer = LFSPointer(oid: LFSObjectStore.hex(hasher.finalize()), size: count) else { return [] }
        return pointer.bytes
    }
}
