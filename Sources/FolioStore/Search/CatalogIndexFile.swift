import FolioCore
import FolioSearch
import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// The text index of the catalog's records, in a file of its own (`.folio/local/cache/index`), read
/// only by commands that search.
///
/// A document's number is the record's ordinal in the catalog file that was written with it; that
/// file names the index by its generation (a random number), and each of its rows keeps its
/// ordinal while the rows around it change. A catalog and an index of different generations are
/// never combined. Layout: magic, version, byte-order mark, fingerprint, generation, the index
/// (``TextIndex/encode(into:)``, with its own checksums), a closing magic.
enum CatalogIndexFile {
    static let magic: UInt64 = 0x5844_4935_4F49_4C4F  // "OLIO5IDX"
    static let endMagic: UInt64 = 0x444E_4535_4F49_4C4F  // "OLIO5END"
    static let version: UInt32 = 2  // 2: several packed segments

    /// What the index depends on besides the files: its format, which keys are text, the limits.
    static func fingerprint(textKeys: [String: [String]], limits: FrontMatterLimits, bodyLimit: Int) -> String {
        var parts = [
            "index file \(version)", "index \(TextIndex.formatVersion)",
            "limits \(limits.maxBytes),\(limits.maxDepth),\(limits.maxNodes),\(bodyLimit)",
        ]
        parts += RecordSearch.fields.map { "\($0.name)=\($0.weight)" }
        for name in textKeys.keys.sorted() { parts.append(name + ":" + (textKeys[name] ?? []).joined(separator: ",")) }
        return parts.joined(separator: ";")
    }

    /// The index at `url` if it is whole, of `generation` and built with `fingerprint`; nil otherwise.
    static func open(_ url: URL, fingerprint: String, generation: UInt64, verifyingChecksums: Bool = true) -> TextIndex? {
        guard generation != 0 else { return nil }
        return CatalogFile.mapDerived(url, minimumSize: 32) { fd, mapping in
            decode(fd: fd, mapping: mapping, fingerprint: fingerprint, generation: generation, verifyingChecksums: verifyingChecksums)
        }
    }

    private static func decode(
        fd: Int32, mapping: FileMapping, fingerprint: String, generation: UInt64,
        verifyingChecksums: Bool
    ) -> TextIndex? {
        let size = mapping.count
        do {
            guard mapping.bytes.u64(at: size - 8) == endMagic else { return nil }
            var reader = BinaryReader(fd: fd, size: size - 8)
            guard try reader.read(UInt64.self) == magic, try reader.read(UInt32.self) == version,
                try reader.read(UInt32.self) == 0x0102_0304, try reader.readString() == fingerprint,
                try reader.read(UInt64.self) == generation
            else { return nil }
            return try TextIndex.decode(from: &reader, mapping: mapping, verifyingChecksums: verifyingChecksums)
        } catch {
            return nil
        }
    }

    /// Replaces the index file; false if it could not be written.
    @discardableResult
    static func write(_ index: TextIndex, generation: UInt64, fingerprint: String, to url: URL) -> Bool {
        write(generation: generation, fingerprint: fingerprint, to: url) { index.encode(into: &$0) }
    }

    /// Replaces the index file with what `body` writes after the header (``TextIndex/encode(into:)``'s
    /// layout, perhaps a segment at a time); false if it could not be written.
    static func write(generation: UInt64, fingerprint: String, to url: URL, _ body: (inout BinaryWriter) -> Void) -> Bool {
        let directory = url.deletingLastPathComponent()
        LocalFile.clearWay(to: url)
        // try?: a cache: the write that follows fails quietly too, and the next run builds it again.
        try? AtomicFile.makeDirectory(directory)
        let temporary = directory.appendingPathComponent(CatalogFileWriter.temporaryName(".index.tmp"))
        // Never through a link, never waiting on a pipe that stands where the temporary goes.
        let fd = Descriptor.open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, mode: 0o644)
        guard fd >= 0 else { return false }
        var writer = BinaryWriter(fd: fd)
        writer.write(magic)
        writer.write(version)
        writer.write(UInt32(0x0102_0304))
        writer.write(fingerprint)
        writer.write(generation)
        body(&writer)
        writer.write(endMagic)
        let written = writer.finish()
        close(fd)
        guard written, rename(temporary.path, url.path) == 0 else {
            unlink(temporary.path)
            return false
        }
        return true
    }

    /// A new generation number: random, never 0 (which means "no index").
    static func newGeneration() -> UInt64 {
        var generator = SystemRandomNumberGenerator()
        return UInt64.random(in: 1...UInt64.max, using: &generator)
    }
}
