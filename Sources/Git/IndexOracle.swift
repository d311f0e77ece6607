import Clibgit2
import Foundation
import GitIndex

/// libgit2's reading of an index file: the oracle GitIndex's reader and writer are checked against
/// (the `git-index` fuzz harness, GitIndexTests). Any index GitIndex accepts must read the same here.
package enum IndexOracle {
    /// One entry as both readers see it.
    package struct Entry: Equatable, CustomStringConvertible {
        package var path: [UInt8]
        package var oid: [UInt8]
        package var mode: UInt32
        package var size: UInt32
        package var modified: [UInt32]
        package var changed: [UInt32]
        package var inode: UInt32

        package var description: String {
            "\(String(decoding: path, as: UTF8.self)) \(oid.map { String($0, radix: 16) }.joined()) \(String(mode, radix: 8)) \(size)"
        }
    }

    /// The entries of the index file at `path` as libgit2 reads them; nil when libgit2 refuses it.
    package static func libgit2Entries(indexAt path: String) -> [Entry]? {
        guard (try? initializeLibrary()) != nil else { return nil }  // try?: no libgit2, no oracle: the caller reports it.
        var index: OpaquePointer?
        guard succeededElseFallBack(git_index_open(&index, path)), let index else { return nil }
        defer { git_index_free(index) }
        var entries: [Entry] = []
        for position in 0..<git_index_entrycount(index) {
            guard let raw = git_index_get_byindex(index, position)?.pointee, let name = raw.path else { return nil }
            var oid = raw.id
            entries.append(
                Entry(
                    path: Array(
                        UnsafeBufferPointer(start: UnsafeRawPointer(name).assumingMemoryBound(to: UInt8.self), count: strlen(name))),
                    oid: withUnsafeBytes(of: &oid) { Array($0) }, mode: raw.mode, size: raw.file_size,
                    modified: [UInt32(bitPattern: raw.mtime.seconds), raw.mtime.nanoseconds],
                    changed: [UInt32(bitPattern: raw.ctime.seconds), raw.ctime.nanoseconds], inode: raw.ino))
        }
        return entries
    }

    /// The entries of an index GitIndex read.
    package static func entries(of index: IndexFile) -> [Entry] {
        index.entries.indices.map { position in
            let entry = index.entries[position]
            var oid = entry.oid
            return Entry(
                path: Array(index.name(position)), oid: withUnsafeBytes(of: &oid) { Array($0) }, mode: entry.stat.mode,
                size: entry.stat.size, modified: [entry.stat.mtimeSeconds, entry.stat.mtimeNanoseconds],
                changed: [entry.stat.ctimeSeconds, entry.stat.ctimeNanoseconds], inode: entry.stat.inode)
        }
    }
}
