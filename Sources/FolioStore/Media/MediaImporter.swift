import Crypto
import FolioCore
import FolioMedia
import Foundation
import LFSStore
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// A media file as it now lies in the vault.
public struct ImportedMedia: Sendable, Equatable {
    /// Vault-relative: `media/ab/ab12…ef.jpg`.
    public var path: String
    public var sha256: String
    public var bytes: UInt64
    /// The file's name where it came from: `IMG_2041.jpg`.
    public var originalName: String
    public var facts: MediaFacts
    /// False when the vault already held these bytes.
    public var isNew: Bool
    /// The vault held a file by this name whose bytes did not match it (damaged): these bytes took
    /// its place, and the damaged ones were kept aside.
    public var replacedDamaged = false

    /// Whether the file goes into the commit of the change that imported it.
    public var needsCommit: Bool { isNew || replacedDamaged }
    /// Whether the file goes to git as an LFS pointer (its object is in the LFS store).
    public var inLFS = false
}

/// Which media go to Git LFS (the `media.lfs` settings) and where the objects are kept.
public struct LFSMediaPolicy: Sendable {
    public var store: LFSObjectStore
    /// Files of at least this many bytes go to LFS; 0 for every file.
    public var minimumBytes: UInt64
    /// The largest file LFS takes (`media.lfs_max_bytes`).
    public var maximumBytes: UInt64
    /// The largest file plain git takes (`media.max_bytes`): anything larger goes to LFS whatever the threshold.
    public var plainMaximumBytes: UInt64

    /// The vault is encrypted: its media go to LFS as git-crypt's ciphertext, which the commit's
    /// filter writes into the store; an import never puts a plain photo there.
    public var encrypted: Bool

    public init(store: LFSObjectStore, minimumBytes: UInt64, maximumBytes: UInt64, plainMaximumBytes: UInt64, encrypted: Bool = false) {
        (self.store, self.minimumBytes, self.maximumBytes, self.plainMaximumBytes) = (store, minimumBytes, maximumBytes, plainMaximumBytes)
        self.encrypted = encrypted
    }

    /// Whether a file of `size` bytes goes to LFS.
    public func takes(size: UInt64) -> Bool {
        size >= minimumBytes || size > plainMaximumBytes
    }
}

/// Copies a file into the vault's content-addressed `media/` folders, reading it once.
///
/// The bytes are hashed while they are copied to a temporary file in `media/`, which is then
/// renamed to `media/<2 hex>/<sha256>.<ext>`: a reader sees a whole file or none, and an
/// interrupted import leaves only a temporary file named after its process, which the next
/// import (or `folio check --fix`) removes.
public enum MediaImporter {
    static let temporaryPrefix = ".import-"
    static let chunkSize = 1 << 20

    /// Imports `source` into `mediaDirectory` (the vault's `media/`).
    /// - Parameter displayName: how the user named the file, for messages.
    /// - Throws: ``FolioError`` `.media(.unreadable)` naming the file and why; nothing is left behind then.
    /// - Parameter flush: false when the caller flushes the new file itself (``AtomicFile/flush(_:)``) with others.
    /// - Parameter keepAside: moves a damaged stored file (vault-relative) out of the way, keeping
    ///   its bytes, before these take its place.
    /// - Parameter lfs: where large files go, with LFS on: their object is written in the same pass.
    static func importFile(
        _ source: URL, displayName: String, into mediaDirectory: URL, maxBytes: UInt64,
        flush: Bool = true, lfs: LFSMediaPolicy? = nil, keepAside: (String) throws(FolioError) -> Void
    ) throws(FolioError) -> ImportedMedia {
        let name = source.lastPathComponent
        let hintedExtension = source.pathExtension.lowercased()
        func failure(_ problem: MediaReadProblem) -> FolioError {
            FolioError(.media(.unreadable(file: displayName, noun: MediaNaming.noun(forExtension: hintedExtension), problem: problem)))
        }
        let inspected = try inspect(source, displayName: displayName, maxBytes: maxBytes, lfs: lfs)
        let (input, size, toLFS, head, facts) = (inspected.input, inspected.size, inspected.toLFS, inspected.head, inspected.facts)
        defer { close(input) }
        var object: ObjectWriter?
        if toLFS, let lfs, !lfs.encrypted {
            do {
                object = try lfs.store.writer(hashing: false)
            } catch {
                throw FolioError(.writeFailed(.other(error.description)), file: ".git/lfs")
            }
        }

        try AtomicFile.makeDirectory(mediaDirectory)
        removeAbandonedTemporaries(in: mediaDirectory)
        let temporary = mediaDirectory.appendingPathComponent(
            temporaryPrefix + TemporaryName.unique() + ".tmp")
        let output = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw FolioError(.writeFailed(SystemReason(errno: errno)), file: "media/") }
        var keepTemporary = false
        defer {
            if !keepTemporary { unlink(temporary.path) }
        }
        var hasher = SHA256()
        var total: UInt64 = 0
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        let copied: Result<Void, FolioError> = buffer.withUnsafeMutableBytes { chunk in
            // The head already read is the first chunk; then the rest, one buffer at a time.
            var pending = head.withUnsafeBytes { headBytes -> Int in
                headBytes.copyBytes(to: chunk, count: headBytes.count)
                return headBytes.count
            }
            while pending > 0 {
                let piece = UnsafeRawBufferPointer(rebasing: chunk[0..<pending])
                hasher.update(bufferPointer: piece)
                object?.write(piece)
                guard AtomicFile.writeAll(output, piece) else {
                    return .failure(FolioError(.writeFailed(SystemReason(errno: errno)), file: "media/"))
                }
                total += UInt64(pending)
                guard total <= size else { return .failure(failure(.changedWhileReading)) }
                let count = readFully(input, into: chunk, at: off_t(total))
                guard count >= 0 else { return .failure(failure(.readFailed(String(cString: strerror(errno))))) }
                pending = count
            }
            return .success(())
        }
        let sha = MediaNaming.hex(hasher.finalize())
        let folder = mediaDirectory.appendingPathComponent(String(sha.prefix(2)))
        // try?: the copy's failure is thrown below; here it only decides whether a finished copy can be kept.
        if let object, (try? copied.get()) != nil, total == size {
            // The LFS object of the same bytes, hashed once for both copies.
            do {
                try object.commit(hash: sha, flush: flush)
            } catch {
                throw FolioError(.writeFailed(.other(error.description)), file: ".git/lfs/objects")
            }
        }
        // Bytes the vault already holds: the copy is dropped unflushed, unless the file holding them
        // is damaged (its bytes no longer hash to its name), which this copy then replaces.
        // try?: the copy's failure is thrown below; here it only decides whether a finished copy can be kept.
        let existing = (try? copied.get()) != nil && total == size ? existingFile(sha: sha, in: folder) : nil
        let damaged = existing.map { Vault.sha256(ofFile: folder.appendingPathComponent($0).path) != sha } ?? false
        let synced = (existing == nil || damaged) && (!flush || fsync(output) == 0)
        let closed = close(output) == 0
        try copied.get()
        guard total == size else { throw failure(.changedWhileReading) }
        if let existing, !damaged {
            return ImportedMedia(
                path: "media/\(sha.prefix(2))/\(existing)", sha256: sha, bytes: size, originalName: name, facts: facts, isNew: false,
                inLFS: toLFS)
        }
        guard synced, closed else { throw FolioError(.writeFailed(SystemReason(errno: errno)), file: "media/") }
        let fileName = existing ?? "\(sha).\(MediaNaming.storedExtension(original: hintedExtension, format: facts.format))"
        let path = "media/\(sha.prefix(2))/\(fileName)"
        if existing != nil { try keepAside(path) }
        try AtomicFile.makeDirectory(folder)
        guard rename(temporary.path, folder.appendingPathComponent(fileName).path) == 0 else {
            throw FolioError(.writeFailed(SystemReason(errno: errno)), file: path)
        }
        keepTemporary = true
        if flush { AtomicFile.syncDirectory(folder) }
        var imported = ImportedMedia(
            path: path, sha256: sha, bytes: size, originalName: name, facts: facts, isNew: existing == nil, inLFS: toLFS)
        imported.replacedDamaged = existing != nil
        return imported
    }

    /// A media file opened and checked as the import will take it: regular, within the size
    /// limits (LFS's for a file going to LFS), and a photo, video or sound by its first bytes.
    struct Inspected {
        /// Open for reading; the caller closes it.
        var input: Int32
        var size: UInt64
        var toLFS: Bool
        var head: [UInt8]
        var facts: MediaFacts
    }

    /// Opens and checks `source` without writing anything: every refusal ``importFile`` would make
    /// before it copies, so a dry run refuses what the import refuses.
    static func inspect(_ source: URL, displayName: String, maxBytes: UInt64, lfs: LFSMediaPolicy?) throws(FolioError) -> Inspected {
        let hintedExtension = source.pathExtension.lowercased()
        func failure(_ problem: MediaReadProblem) -> FolioError {
            FolioError(.media(.unreadable(file: displayName, noun: MediaNaming.noun(forExtension: hintedExtension), problem: problem)))
        }
        let (input, size) = try openRegularFile(source, maxBytes: lfs.map { max($0.maximumBytes, maxBytes) } ?? maxBytes, failure: failure)
        var handedOver = false
        defer { if !handedOver { close(input) } }
        let toLFS = lfs.map { $0.takes(size: size) } ?? false
        // A file plain git keeps is held to media.max_bytes even with LFS on; LFS has its own limit.
        if let lfs, toLFS, size > lfs.maximumBytes {
            throw failure(.tooLarge(bytes: size, limit: lfs.maximumBytes))
        }
        if lfs != nil, !toLFS, size > maxBytes { throw failure(.tooLarge(bytes: size, limit: maxBytes)) }
        // The head decides what the file is before anything is written.
        var head = [UInt8](repeating: 0, count: Int(min(UInt64(MediaProbe.headLength), size)))
        let headCount = head.withUnsafeMutableBytes { readFully(input, into: $0, at: 0) }
        guard headCount >= 0 else { throw failure(.readFailed(String(cString: strerror(errno)))) }
        head.removeSubrange(headCount...)
        guard
            let facts = MediaProbe.facts(
                head: head, fileSize: size, fileExtension: hintedExtension,
                read: { offset, count in
                    guard count > 0, count <= 1 << 20, offset < size else { return nil }
                    var bytes = [UInt8](repeating: 0, count: count)
                    let got = bytes.withUnsafeMutableBytes { readFully(input, into: $0, at: off_t(offset)) }
                    guard got >= 0 else { return nil }
                    bytes.removeSubrange(got...)
                    return bytes
                })
        else { throw failure(.notMedia) }
        handedOver = true
        return Inspected(input: input, size: size, toLFS: toLFS, head: head, facts: facts)
    }

    /// Opens a file the user named for reading, refusing what is not a regular, non-empty file of
    /// at most `maxBytes`. The caller closes the descriptor.
    static func openRegularFile(_ source: URL, maxBytes: UInt64, failure: (MediaReadProblem) -> FolioError) throws(FolioError) -> (
        Int32, UInt64
    ) {
        // O_NONBLOCK so that opening a FIFO does not wait for a writer; the type is checked next.
        let input = open(source.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard input >= 0 else {
            switch errno {
            case ENOENT, ENOTDIR: throw failure(.notFound)
            case EACCES, EPERM: throw failure(.permissionDenied)
            default: throw failure(.readFailed(String(cString: strerror(errno))))
            }
        }
        var status = stat()
        var problem: MediaReadProblem?
        if fstat(input, &status) != 0 {
            problem = .readFailed(String(cString: strerror(errno)))
        } else if status.st_mode & S_IFMT == S_IFDIR {
            problem = .isDirectory
        } else if status.st_mode & S_IFMT != S_IFREG {
            problem = .notRegularFile
        } else if status.st_size <= 0 {
            problem = .empty
        } else if UInt64(status.st_size) > maxBytes {
            problem = .tooLarge(bytes: UInt64(status.st_size), limit: maxBytes)
        }
        if let problem {
            close(input)
            throw failure(problem)
        }
        _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) & ~O_NONBLOCK)
        return (input, UInt64(status.st_size))
    }

    /// The whole of a media file the user named that is not to be imported (a recording to transcribe).
    /// - Throws: ``FolioError`` `.media(.unreadable)` naming the file and why.
    public static func readWhole(_ source: URL, displayName: String, maxBytes: UInt64) throws(FolioError) -> Data {
        func failure(_ problem: MediaReadProblem) -> FolioError {
            FolioError(
                .media(
                    .unreadable(
                        file: displayName, noun: MediaNaming.noun(forExtension: source.pathExtension.lowercased()), problem: problem)))
        }
        return try readRegularFile(source, maxBytes: maxBytes, failure: failure)
    }

    /// The whole of a regular, non-empty file of at most `maxBytes`, read through the one descriptor
    /// its type was checked on (a pipe swapped in after the check is never opened).
    static func readRegularFile(_ source: URL, maxBytes: UInt64, failure: (MediaReadProblem) -> FolioError) throws(FolioError) -> Data {
        let (input, size) = try openRegularFile(source, maxBytes: maxBytes, failure: failure)
        defer { close(input) }
        var data = Data(count: Int(clamping: size))
        let count = data.withUnsafeMutableBytes { readFully(input, into: $0, at: 0) }
        guard count >= 0 else { throw failure(.readFailed(String(cString: strerror(errno)))) }
        guard count == Int(size) else { throw failure(.changedWhileReading) }
        return data
    }

    /// The name of a file in `folder` holding the bytes that hash to `sha`, whatever its extension.
    /// A pointer left by a clone that has not downloaded the file yet does not count: the import
    /// writes the bytes over it.
    static func existingFile(sha: String, in folder: URL) -> String? {
        // try?: a folder that cannot be listed finds no earlier copy: the file is imported again, never lost.
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
        return names.sorted().first { name in
            (name.hasPrefix(sha + ".") || name == sha) && !LFSPointerFile.isPointer(folder.appendingPathComponent(name))
        }
    }

    /// Removes temporary files of imports whose process is gone (killed mid-copy).
    static func removeAbandonedTemporaries(in mediaDirectory: URL) {
        for name in abandonedTemporaries(in: mediaDirectory) {
            unlink(mediaDirectory.appendingPathComponent(name).path)
        }
    }

    /// Temporary import files in `media/` whose process no longer runs.
    static func abandonedTemporaries(in mediaDirectory: URL) -> [String] {
        // try?: clean-up of temporary files only.
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: mediaDirectory.path) else { return [] }
        return names.filter { name in
            guard name.hasPrefix(temporaryPrefix) else { return false }
            guard let pid = TemporaryName.process(in: name.dropFirst(temporaryPrefix.count)) else { return true }
            return TemporaryName.isGone(pid)
        }.sorted()
    }

    /// Reads until `buffer` is full or the file ends; the count read, or -1 on an error.
    static func readFully(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: off_t) -> Int {
        Descriptor.read(fd, into: buffer, at: offset)
    }
}

/// How media files are named and spoken of.
public enum MediaNaming {
    /// photo, video or audio by a file's extension alone, for messages about a file folio could not read.
    public static func noun(forExtension ext: String) -> String? {
        MediaExtension.noun(for: ext)
    }

    /// The original extension lower-cased, or one from the format when the name has none usable.
    static func storedExtension(original: String, format: String) -> String {
        let usable =
            !original.isEmpty && original.count <= 8
            && original.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
        if usable { return original }
        return format == "jpeg" ? "jpg" : format
    }

    /// A digest in lower-case hex, as media files are named (and LFS names its objects).
    public static func hex(_ digest: some Sequence<UInt8>) -> String {
        LFSObjectStore.hex(digest)
    }

    /// The sha256 a vault-relative path promises its bytes hash to: `media/ab/ab12…ef.jpg` (the
    /// folder the hash's first two digits); nil for any other path.
    public static func promisedSHA(ofPath path: String) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "media", parts[1].utf8.count == 2, let sha = sha(ofStoredName: String(parts[2])),
            sha.hasPrefix(parts[1])
        else { return nil }
        return sha
    }

    /// Whether `name` (a file in a `media/xx/` folder) is named by a content hash: 64 lower-case hex digits, then an extension.
    public static func sha(ofStoredName name: String) -> String? {
        let stem = name.split(separator: ".", maxSplits: 1).first.map(String.init) ?? name
        guard stem.utf8.count == 64, stem.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else { return nil }
        return stem
    }
}
