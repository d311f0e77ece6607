import Foundation
import FolioCore
import FolioSearch
#if canImport(Glibc)
import Glibc
#endif

/// The catalog's cache file: every file's stamp and summary, then the text index of the records.
///
/// Layout: magic, version, byte-order mark, fingerprint (what the index was built with), the entries,
/// a checksum of everything before it (checked on every open: a damaged entry is never believed),
/// the index (its own checksums) (``TextIndex/encode(into:)``), and a closing magic that a torn write would lack. Written to
/// a temporary file and renamed over the old one, so a reader sees a whole cache or none.
final class CatalogCache: @unchecked Sendable {
    static let magic: UInt64 = 0x5441_4334_4F49_4C4F     // "OLIO4CAT" little-endian
    static let endMagic: UInt64 = 0x444E_4534_4F49_4C4F  // "OLIO4END"
    static let version: UInt32 = 2

    struct Entry: Sendable {
        var path: String
        var stamp: FileStamp
        /// Written too close to the cache to trust its stamp: always read again.
        var racy: Bool
        /// Nil for a Markdown file without front matter.
        var summary: RecordSummary?
    }

    let entries: [Entry]
    private let fd: Int32
    private let size: Int
    private let indexOffset: Int
    private let verifyingChecksums: Bool

    private init(entries: [Entry], fd: Int32, size: Int, indexOffset: Int, verifyingChecksums: Bool) {
        self.entries = entries
        self.fd = fd
        self.size = size
        self.indexOffset = indexOffset
        self.verifyingChecksums = verifyingChecksums
    }

    deinit { close(fd) }

    /// What the cached index depends on besides the files: the index format and which keys are text.
    /// A record read under other front matter limits may read differently: they are part of it too.
    static func fingerprint(textKeys: [String: [String]], limits: FrontMatterLimits, bodyLimit: Int) -> String {
        var parts = ["catalog \(version)", "index \(TextIndex.formatVersion)",
                     "limits \(limits.maxBytes),\(limits.maxDepth),\(limits.maxNodes),\(bodyLimit)"]
        parts += RecordSearch.fields.map { "\($0.name)=\($0.weight)" }
        for name in textKeys.keys.sorted() { parts.append(name + ":" + (textKeys[name] ?? []).joined(separator: ",")) }
        return parts.joined(separator: ";")
    }

    /// The cache at `url` if it is whole and was built with `fingerprint`; nil otherwise.
    ///
    /// `verifyingChecksums: false` is for the fuzz harness only (see ``CatalogCacheFuzzing``).
    static func open(_ url: URL, fingerprint: String, verifyingChecksums: Bool = true) -> CatalogCache? {
        // Derived and never trusted: not through a link, never blocked on a pipe, a regular file only.
        let fd = Glibc.open(url.path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size >= 32 else {
            close(fd)
            return nil
        }
        let size = Int(info.st_size)
        do {
            var end = BinaryReader(fd: fd, size: size)
            try end.skip(to: size - 8)
            guard try end.read(UInt64.self) == endMagic else { throw CacheFormatError("torn") }
            var reader = BinaryReader(fd: fd, size: size - 8)
            guard try reader.read(UInt64.self) == magic, try reader.read(UInt32.self) == version,
                  try reader.read(UInt32.self) == 0x0102_0304, try reader.readString() == fingerprint
            else { throw CacheFormatError("foreign") }
            let count = try reader.read(UInt64.self)
            guard count <= UInt64(size / 16) else { throw CacheFormatError("entry count") }
            var entries: [Entry] = []
            entries.reserveCapacity(Int(count))
            for _ in 0..<count { entries.append(try readEntry(&reader)) }
            try reader.align()
            let entriesEnd = reader.offset
            let stored = try reader.read(UInt64.self)
            guard let mapping = FileMapping(fd: fd, size: entriesEnd),
                  !verifyingChecksums || CacheChecksum.of(mapping.bytes) == stored
            else { throw CacheFormatError("entries checksum") }
            return CatalogCache(entries: entries, fd: fd, size: size - 8, indexOffset: reader.offset,
                                verifyingChecksums: verifyingChecksums)
        } catch {
            close(fd)
            return nil
        }
    }

    /// The cached index (document ids: positions among the record entries), or nil if it is damaged.
    func loadIndex() -> TextIndex? {
        var reader = BinaryReader(fd: fd, size: size)
        guard let mapping = FileMapping(fd: fd, size: size) else { return nil }
        do {
            try reader.skip(to: indexOffset)
            let index = try TextIndex.decode(from: &reader, mapping: mapping, verifyingChecksums: verifyingChecksums)
            let records = entries.reduce(0) { $0 + ($1.summary == nil ? 0 : 1) }
            guard index.documentCount == records else { return nil }
            return index
        } catch {
            return nil
        }
    }

    /// Replaces the cache; false (and no cache) if it could not be written, which only costs speed.
    @discardableResult
    static func write(to url: URL, fingerprint: String, entries: [Entry], index: TextIndex) -> Bool {
        let directory = url.deletingLastPathComponent()
        LocalFile.clearWay(to: url)
        try? AtomicFile.makeDirectory(directory)
        removeAbandonedTemporaries(in: directory)
        let temporary = directory.appendingPathComponent(".catalog.\(getpid()).tmp")
        let fd = Glibc.open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        var writer = BinaryWriter(fd: fd)
        writer.write(magic)
        writer.write(version)
        writer.write(UInt32(0x0102_0304))
        writer.write(fingerprint)
        writer.write(UInt64(entries.count))
        for entry in entries { writeEntry(entry, into: &writer) }
        writer.align()
        let checksum = writer.checksum()
        writer.write(checksum)
        index.encode(into: &writer)
        writer.write(endMagic)
        let written = writer.finish()
        close(fd)
        guard written, rename(temporary.path, url.path) == 0 else {
            unlink(temporary.path)
            return false
        }
        return true
    }

    /// Deletes half-written caches left by a folio that was killed while writing (its process is gone).
    private static func removeAbandonedTemporaries(in directory: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix(".catalog.") && name.hasSuffix(".tmp") {
            let pid = pid_t(name.dropFirst(".catalog.".count).dropLast(".tmp".count)) ?? 0
            if pid > 0 && pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH {
                unlink(directory.appendingPathComponent(name).path)
            }
        }
    }

    private static func writeEntry(_ entry: Entry, into writer: inout BinaryWriter) {
        writer.write(entry.path)
        writer.write(entry.stamp.size)
        writer.write(entry.stamp.modifiedNanoseconds)
        writer.write(entry.stamp.changedNanoseconds)
        writer.write(entry.stamp.inode)
        writer.write(entry.racy)
        guard let summary = entry.summary else {
            writer.write(false)
            return
        }
        writer.write(true)
        writer.write(summary.id)
        writer.write(summary.kind)
        writer.write(summary.title)
        writer.write(summary.parent)
        writer.write(summary.tags)
        writer.write(summary.allTags)
        writer.write(summary.sortTime?.text)
        writer.write(summary.completion.rawValue)
    }

    private static func readEntry(_ reader: inout BinaryReader) throws(CacheFormatError) -> Entry {
        let path = try reader.readString()
        let stamp = FileStamp(size: try reader.read(), modifiedNanoseconds: try reader.read(),
                              changedNanoseconds: try reader.read(), inode: try reader.read())
        let racy = try reader.readBool()
        guard try reader.readBool() else { return Entry(path: path, stamp: stamp, racy: racy, summary: nil) }
        let id = try reader.readOptionalString()
        let kind = try reader.readOptionalString()
        let title = try reader.readString()
        let parent = try reader.readOptionalString()
        let tags = try reader.readStrings()
        let allTags = try reader.readStrings()
        let sortTime = try reader.readOptionalString().flatMap(Timestamp.init)
        guard let completion = RecordSummary.Completion(rawValue: try reader.read(UInt8.self)) else {
            throw CacheFormatError("completion")
        }
        let summary = RecordSummary(path: path, id: id, kind: kind, title: title, parent: parent, tags: tags,
                                    allTags: allTags, sortTime: sortTime, completion: completion)
        return Entry(path: path, stamp: stamp, racy: racy, summary: summary)
    }
}
