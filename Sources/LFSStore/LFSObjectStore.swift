import Crypto
import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// The objects of one repository where `git-lfs` keeps them: `.git/lfs/objects/aa/bb/<oid>`, each
/// file holding exactly the bytes that hash to its name. Either tool finds the other's objects.
///
/// An object appears whole or not at all: it is written to `.git/lfs/tmp/`, hashed as it is
/// written, and renamed into place only when its bytes hash to the expected id. A process killed
/// while writing leaves a temporary file named after its process, which the next writer removes.
public struct LFSObjectStore: Sendable {
    public let gitDirectory: URL

    public init(gitDirectory: URL) {
        self.gitDirectory = gitDirectory
    }

    public var objectsDirectory: URL { gitDirectory.appendingPathComponent("lfs/objects", isDirectory: true) }
    public var temporaryDirectory: URL { gitDirectory.appendingPathComponent("lfs/tmp", isDirectory: true) }

    /// Where the object `oid` lives, whether or not it is there.
    public func url(of oid: String) -> URL {
        let utf8 = Array(oid.utf8)
        let first = String(decoding: utf8.prefix(2), as: UTF8.self)
        let second = String(decoding: utf8.dropFirst(2).prefix(2), as: UTF8.self)
        return objectsDirectory.appendingPathComponent("\(first)/\(second)/\(oid)")
    }

    /// The size of the object `oid` when this store holds it as a regular file; nil otherwise.
    public func size(of oid: String) -> UInt64? {
        guard LFSPointer.isObjectID(oid) else { return nil }
        var info = stat()
        guard lstat(url(of: oid).path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size >= 0 else { return nil }
        return UInt64(info.st_size)
    }

    /// Whether the store holds the object a pointer names, with the pointer's size.
    public func contains(_ pointer: LFSPointer) -> Bool {
        size(of: pointer.oid) == pointer.size
    }

    /// A new object, written piece by piece; see ``ObjectWriter``. Without `hashing` the caller
    /// hashes the bytes itself (reading them once for both) and names the object at the end.
    public func writer(hashing: Bool = true) throws(LFSStoreProblem) -> ObjectWriter {
        try ObjectWriter(store: self, hashing: hashing)
    }

    /// Reads the object `oid` again and tells whether its bytes still hash to its name.
    /// - Throws: when the object cannot be read: not known to be damaged, nor known to be sound.
    public func verify(_ oid: String) throws(LFSStoreProblem) -> Bool {
        try Self.sha256(ofFile: url(of: oid)) == oid
    }

    /// The SHA-256 of a file's bytes in lower-case hex, read once in 1 MiB pieces.
    public static func sha256(ofFile url: URL) throws(LFSStoreProblem) -> String {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(url.path, String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var hasher = SHA256()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var offset: off_t = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { Descriptor.read(descriptor, into: $0, at: offset) }
            guard count >= 0 else { throw .unreadable(url.path, String(cString: strerror(errno))) }
            if count == 0 { break }
            buffer.withUnsafeBytes { hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            offset += off_t(count)
            if count < buffer.count { break }
        }
        return hex(hasher.finalize())
    }

    /// A digest in lower-case hex.
    public static func hex(_ digest: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Every object id the store holds, with its size (files not named by an id are skipped).
    /// - Throws: when a folder of the store is there and cannot be listed.
    public func objects() throws(LFSStoreProblem) -> [(oid: String, size: UInt64)] {
        var found: [(String, UInt64)] = []
        for first in try Self.names(in: objectsDirectory).sorted() {
            let firstPath = objectsDirectory.appendingPathComponent(first)
            for second in try Self.names(in: firstPath).sorted() {
                let secondPath = firstPath.appendingPathComponent(second)
                for name in try Self.names(in: secondPath).sorted() {
                    guard LFSPointer.isObjectID(name), name.hasPrefix(first + second), let size = size(of: name) else { continue }
                    found.append((name, size))
                }
            }
        }
        return found
    }

    /// The names in `folder`; none when there is none, or a file is there (not one of the store's folders).
    static func names(in folder: URL) throws(LFSStoreProblem) -> [String] {
        var info = stat()
        guard lstat(folder.path, &info) == 0 else {
            if errno == ENOENT { return [] }
            throw .unreadable(folder.path, String(cString: strerror(errno)))
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { return [] }
        guard let directory = opendir(folder.path) else { throw .unreadable(folder.path, String(cString: strerror(errno))) }
        defer { closedir(directory) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 { throw .unreadable(folder.path, String(cString: strerror(errno))) }
                return names
            }
            let name = DirectoryEntry.name(entry)
            if name != ".", name != ".." { names.append(name) }
        }
    }

    /// Removes the object `oid` (a local copy the remote also holds).
    public func remove(_ oid: String) {
        guard LFSPointer.isObjectID(oid) else { return }
        unlink(url(of: oid).path)
    }

    static let temporaryPrefix = "folio-"

    /// Makes `directory` and its missing parents; the system's reason when one cannot be made.
    public static func makeDirectory(_ directory: URL) throws(LFSStoreProblem) {
        var missing: [String] = []
        var current = directory.standardizedFileURL.path
        var info = stat()
        while !current.isEmpty, current != "/", stat(current, &info) != 0 {
            missing.append(current)
            current = (current as NSString).deletingLastPathComponent
        }
        for path in missing.reversed() where mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw .unwritable(path, String(cString: strerror(errno)))
        }
        guard stat(directory.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw .unwritable(directory.path, String(cString: strerror(ENOTDIR)))
        }
    }

    /// A new temporary file of this process in `lfs/tmp`, open for reading and writing: named as an
    /// object being written is, so the next writer removes it once this process is gone.
    public func temporaryFile() throws(LFSStoreProblem) -> (url: URL, descriptor: Int32) {
        try Self.makeDirectory(temporaryDirectory)
        removeAbandonedTemporaries()
        let url = temporaryDirectory.appendingPathComponent(Self.temporaryPrefix + TemporaryName.unique())
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .unwritable(url.path, String(cString: strerror(errno))) }
        return (url, descriptor)
    }

    /// Downloads and writes that no process will finish, with their sizes: folio's temporary
    /// objects whose process is gone, and what `git-lfs` leaves in `lfs/tmp` and `lfs/incomplete`
    /// (partial downloads it may resume) untouched for an hour, the age after which `git-lfs`
    /// itself clears its temporary files. `now` is the system's time, as the files' times are.
    public func stalePartials(now: time_t = time(nil)) -> [(url: URL, bytes: UInt64)] {
        var found: [(URL, UInt64)] = []
        for folder in [temporaryDirectory, gitDirectory.appendingPathComponent("lfs/incomplete", isDirectory: true)] {
            // try?: a folder that is not there, or cannot be listed, holds nothing to give back.
            for name in (try? Self.names(in: folder)) ?? [] {
                let url = folder.appendingPathComponent(name)
                var info = stat()
                guard lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
                let stale: Bool
                if name.hasPrefix(Self.temporaryPrefix), let pid = TemporaryName.process(in: name.dropFirst(Self.temporaryPrefix.count)) {
                    stale = TemporaryName.isGone(pid)
                } else {
                    stale = Int64(now) - FileStamp(info).modified.seconds >= 3_600
                }
                if stale { found.append((url, UInt64(max(0, info.st_size)))) }
            }
        }
        return found
    }

    /// Removes temporary objects whose writing process is gone.
    func removeAbandonedTemporaries() {
        // try?: clean-up of temporary files only.
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: temporaryDirectory.path) else { return }
        for name in names where name.hasPrefix(Self.temporaryPrefix) {
            guard let pid = TemporaryName.process(in: name.dropFirst(Self.temporaryPrefix.count)), TemporaryName.isGone(pid) else {
                continue
            }
            unlink(temporaryDirectory.appendingPathComponent(name).path)
        }
    }
}

/// What went wrong in the object store, in English for logs; the catalog words it for users.
public enum LFSStoreProblem: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(String, String)
    case unwritable(String, String)
    /// The bytes hash to `actual`, not the id they were stored for.
    case wrongHash(expected: String, actual: String)
    /// The bytes are `actual` long, not the size the pointer promises.
    case wrongSize(expected: UInt64, actual: UInt64)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "\(path): cannot be read: \(reason)"
        case .unwritable(let path, let reason): "\(path): cannot be written: \(reason)"
        case .wrongHash(let expected, let actual): "the bytes hash to \(actual), not \(expected)"
        case .wrongSize(let expected, let actual): "\(actual) bytes, not \(expected)"
        }
    }
}

/// One object being written into the store: its bytes in order through ``write(_:)``, hashed as they
/// come; ``commit(expecting:)`` renames it into place when the hash and size are right, and nothing
/// is left behind otherwise (``discard()``, or the next writer after a crash).
public final class ObjectWriter {
    public let store: LFSObjectStore
    private let temporary: URL
    private var descriptor: Int32
    private var hasher = SHA256()
    private let hashing: Bool
    public private(set) var count: UInt64 = 0
    private var failure: LFSStoreProblem?

    init(store: LFSObjectStore, hashing: Bool) throws(LFSStoreProblem) {
        self.store = store
        self.hashing = hashing
        let directory = store.temporaryDirectory
        try LFSObjectStore.makeDirectory(directory)
        store.removeAbandonedTemporaries()
        temporary = directory.appendingPathComponent(
            LFSObjectStore.temporaryPrefix + TemporaryName.unique())
        descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .unwritable(temporary.path, String(cString: strerror(errno))) }
    }

    deinit {
        discard()
    }

    /// Appends `piece`; a failure is kept and thrown by ``commit(expecting:)``.
    public func write(_ piece: UnsafeRawBufferPointer) {
        guard failure == nil, descriptor >= 0, !piece.isEmpty else { return }
        if hashing { hasher.update(bufferPointer: piece) }
        guard Descriptor.writeAll(descriptor, piece) else {
            failure = .unwritable(temporary.path, String(cString: strerror(errno)))
            return
        }
        count += UInt64(piece.count)
    }

    /// The id of the bytes written so far ends the writing: call once, then ``commit(expecting:)``.
    public func finishHash() -> String {
        LFSObjectStore.hex(hasher.finalize())
    }

    /// Moves the object into place as `oid` (the hash the caller computed with ``finishHash()``, or
    /// expects); when `expected` is given the hash must be it. Flushes the file first when `flush`.
    /// - Throws: `.wrongHash`, `.wrongSize`, or a write failure; the temporary file is removed then.
    @discardableResult
    public func commit(hash: String, expected: LFSPointer? = nil, flush: Bool = true) throws(LFSStoreProblem) -> LFSPointer {
        defer { discard() }
        if let failure { throw failure }
        if let expected {
            guard expected.size == count else { throw .wrongSize(expected: expected.size, actual: count) }
            guard expected.oid == hash else { throw .wrongHash(expected: expected.oid, actual: hash) }
        }
        guard let pointer = LFSPointer(oid: hash, size: count) else { throw .wrongHash(expected: expected?.oid ?? "", actual: hash) }
        let target = store.url(of: hash)
        // Already there (another clean stored it): the copy is not needed.
        if store.size(of: hash) == count { return pointer }
        if flush, fsync(descriptor) != 0 { throw .unwritable(temporary.path, String(cString: strerror(errno))) }
        guard close(descriptor) == 0 else {
            descriptor = -1
            throw .unwritable(temporary.path, String(cString: strerror(errno)))
        }
        descriptor = -1
        try LFSObjectStore.makeDirectory(target.deletingLastPathComponent())
        guard rename(temporary.path, target.path) == 0 else { throw .unwritable(target.path, String(cString: strerror(errno))) }
        return pointer
    }

    /// Drops what was written; nothing stays in the store.
    public func discard() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        unlink(temporary.path)
    }
}
