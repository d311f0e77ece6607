import Clibgit2
import Crypto
import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// git's index (`.git/index`) read and written here rather than through libgit2, for the plain
/// layout a vault has: libgit2 builds a hash table of every entry on each read, and compares the
/// working directory one `lstat` of a full path at a time, which is most of what a commit costs
/// in a large vault.
///
/// Only versions 2 and 3 (4 is read, not written), SHA-1, with no conflicts, no split or sparse
/// index and no entry flagged assume-unchanged, skip-worktree or intent-to-add: for anything else
/// ``read(_:)`` gives nil and the caller leaves the work to libgit2, which handles it all.
package struct IndexFile {
    package var version: UInt32
    package var entries: [IndexEntry]
    /// Every entry's path, back to back; an entry holds its range.
    package var names: [UInt8]
    /// The `TREE` extension: which folders of the index are known to equal which tree.
    package var cacheTree: CacheTree?
    /// Other extensions worth keeping as they are (`REUC`), in file order.
    package var keptExtensions: [(signature: [UInt8], data: [UInt8])]
    /// The file as it was read: a later writer is noticed by a different stamp, and an entry whose
    /// file changed no earlier than this may have changed unseen ("racily clean").
    /// Nil for an index that was never read from a file.
    package var stamp: FileStamp?

    /// An index with nothing in it, for a repository without an index file yet.
    package static func empty() -> IndexFile {
        IndexFile(version: 2, entries: [], names: [], cacheTree: nil, keptExtensions: [], stamp: nil)
    }

    /// The path of entry `position`.
    package func name(_ position: Int) -> ArraySlice<UInt8> {
        names[entries[position].name]
    }

    /// The positions of the entries named `path` (one per stage), found by binary search: entries
    /// are sorted by name as bytes.
    package func positions(of path: [UInt8]) -> [Int] {
        var low = 0
        var high = entries.count
        path.withUnsafeBufferPointer { wanted in
            names.withUnsafeBufferPointer { all in
                while low < high {
                    let middle = (low + high) / 2
                    if compareBytes(UnsafeBufferPointer(rebasing: all[entries[middle].name]), wanted) < 0 {
                        low = middle + 1
                    } else {
                        high = middle
                    }
                }
            }
        }
        var found: [Int] = []
        while low < entries.count, name(low).elementsEqual(path) {
            found.append(low)
            low += 1
        }
        return found
    }

    /// The path of entry `position` as text.
    package func path(_ position: Int) -> String {
        String(decoding: name(position), as: UTF8.self)
    }
}

/// One file of the index: its stat data when it was last staged, its blob and its path.
package struct IndexEntry {
    package var stat: IndexStat
    package var oid: git_oid
    /// Where the path lies in ``IndexFile/names``.
    package var name: Range<Int>

    package init(stat: IndexStat, oid: git_oid, name: Range<Int>) {
        self.stat = stat
        self.oid = oid
        self.name = name
    }
}

/// The stat data the index keeps for a file, in its 32-bit fields; `mode` is git's
/// (`100644`, `100755` or `120000`).
package struct IndexStat: Equatable {
    package var ctimeSeconds: UInt32 = 0
    package var ctimeNanoseconds: UInt32 = 0
    package var mtimeSeconds: UInt32 = 0
    package var mtimeNanoseconds: UInt32 = 0
    package var device: UInt32 = 0
    package var inode: UInt32 = 0
    package var mode: UInt32 = 0
    package var uid: UInt32 = 0
    package var gid: UInt32 = 0
    package var size: UInt32 = 0

    /// The stat data of a regular file or a symbolic link, as git records it; nil for anything
    /// else (a folder, a socket).
    package init?(_ info: stat) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: mode = info.st_mode & 0o111 != 0 ? 0o100755 : 0o100644
        case S_IFLNK: mode = 0o120000
        default: return nil
        }
        let stamp = FileStamp(info)
        ctimeSeconds = UInt32(truncatingIfNeeded: stamp.changed.seconds)
        ctimeNanoseconds = UInt32(truncatingIfNeeded: stamp.changed.nanoseconds)
        mtimeSeconds = UInt32(truncatingIfNeeded: stamp.modified.seconds)
        mtimeNanoseconds = UInt32(truncatingIfNeeded: stamp.modified.nanoseconds)
        device = UInt32(truncatingIfNeeded: info.st_dev)
        inode = UInt32(truncatingIfNeeded: info.st_ino)
        uid = info.st_uid
        gid = info.st_gid
        size = UInt32(truncatingIfNeeded: info.st_size)
    }

    package init() {}
}

extension IndexStat {
    /// The stamp of the file this entry was staged from, in nanoseconds (the index keeps 32-bit
    /// seconds, which last until 2106).
    package var stamp: FileStamp {
        FileStamp(
            size: UInt64(size), modifiedNanoseconds: Int64(mtimeSeconds) * 1_000_000_000 + Int64(mtimeNanoseconds),
            changedNanoseconds: Int64(ctimeSeconds) * 1_000_000_000 + Int64(ctimeNanoseconds), inode: UInt64(inode))
    }

    /// Whether a file last changed at this entry's time may have changed again unseen: it did not
    /// change strictly before the index was written (``FileStamp/isRacy(snapshotNanoseconds:window:)``,
    /// git's and libgit2's "racily clean"). No index file read: no entry was written with it.
    package func isRacy(since index: FileStamp?) -> Bool {
        guard let index else { return false }
        return stamp.isRacy(snapshotNanoseconds: index.modifiedNanoseconds)
    }
}

// MARK: - Reading

extension IndexFile {
    /// The index at `path`; nil when it uses something this reader leaves to libgit2 or does not
    /// parse (libgit2 then reports what is wrong), or when there is no index file.
    package static func read(_ path: String) -> IndexFile? {
        // A pipe in the index's place is never waited on. Through a link, as git reads it.
        guard let (descriptor, info) = Descriptor.openRegular(path, followingLinks: true) else { return nil }
        defer { close(descriptor) }
        guard info.st_size <= Int(Int32.max) else { return nil }
        guard info.st_size >= 32 else { return nil }
        let size = Int(info.st_size)
        // Mapped, as git and libgit2 read it: copying 13 MB (100,000 entries) into fresh memory
        // cost a page fault per 4 KB, more than parsing them. Git's writers replace the file by
        // a rename, never in place, so the mapping stays whole; nothing parsed points into it.
        guard let mapping = FileMapping(fd: descriptor, size: size, prefault: true) else { return nil }
        return withExtendedLifetime(mapping) {
            IndexParser(mapping.bytes.assumingMemoryBound(to: UInt8.self))?.parse(stamp: FileStamp(info))
        }
    }

    /// The index in `bytes` (the whole file). The trailing checksum is not verified, as git does
    /// not on an ordinary read; everything else is bounds-checked.
    package static func parse(_ bytes: [UInt8], stamp: FileStamp) -> IndexFile? {
        bytes.withUnsafeBufferPointer { buffer in IndexParser(buffer)?.parse(stamp: stamp) }
    }
}

/// Reads an index file's bytes; every read is bounds-checked and a failure gives nil.
private struct IndexParser {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Where the extensions and the checksum end the entries' part.
    let end: Int

    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count >= 12 + 20 else { return nil }
        self.bytes = bytes
        self.end = bytes.count - 20
    }

    func word(_ offset: Int) -> UInt32? {
        guard offset >= 0, offset + 4 <= end else { return nil }
        return UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    /// The big-endian word at `offset`, which the caller has checked lies within the entries.
    func load(_ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    /// The position of the first NUL at or after `offset`, within the entries' part.
    func terminator(from offset: Int) -> Int? {
        var position = offset
        while position < end {
            if bytes[position] == 0 { return position }
            position += 1
        }
        return nil
    }

    func parse(stamp: FileStamp) -> IndexFile? {
        guard bytes[0] == 0x44, bytes[1] == 0x49, bytes[2] == 0x52, bytes[3] == 0x43,  // DIRC
            let version = word(4), (2...4).contains(version), let count = word(8), Int(count) <= (end - 12) / 62
        else { return nil }
        var entries: [IndexEntry] = []
        entries.reserveCapacity(Int(count))
        var names: [UInt8] = []
        names.reserveCapacity(bytes.count)
        var offset = 12
        var previous: Range<Int> = 0..<0
        for _ in 0..<count {
            guard offset + 62 <= end else { return nil }
            let flags = UInt16(bytes[offset + 60]) << 8 | UInt16(bytes[offset + 61])
            // Assume-unchanged, a conflict stage or extended flags (skip-worktree, intent-to-add):
            // libgit2's to handle.
            guard flags & 0xF000 == 0 else { return nil }
            var stat = IndexStat()
            stat.ctimeSeconds = load(offset)
            stat.ctimeNanoseconds = load(offset + 4)
            stat.mtimeSeconds = load(offset + 8)
            stat.mtimeNanoseconds = load(offset + 12)
            stat.device = load(offset + 16)
            stat.inode = load(offset + 20)
            stat.mode = load(offset + 24)
            stat.uid = load(offset + 28)
            stat.gid = load(offset + 32)
            stat.size = load(offset + 36)
            // Files and links only: a submodule's commit is libgit2's to compare.
            switch stat.mode {
            case 0o100644, 0o100755, 0o120000: break
            default: return nil
            }
            var oid = git_oid()
            withUnsafeMutableBytes(of: &oid) { raw in
                raw.copyMemory(from: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[(offset + 40)..<(offset + 60)])))
            }
            guard withUnsafeBytes(of: oid, { $0.contains { $0 != 0 } }) else { return nil }
            let pathStart = offset + 62
            let start = names.count
            if version == 4 {
                guard let (strip, suffixStart) = varint(pathStart), strip <= previous.count,
                    let nul = terminator(from: suffixStart)
                else { return nil }
                // Copied out first: appending a slice of the array itself would copy it whole.
                let kept = Array(names[previous.lowerBound..<(previous.upperBound - strip)])
                names.append(contentsOf: kept)
                names.append(contentsOf: bytes[suffixStart..<nul])
                offset = nul + 1
            } else {
                let length = Int(flags & 0x0FFF)
                let nul: Int
                if length == 0x0FFF {
                    guard let found = terminator(from: pathStart) else { return nil }
                    nul = found
                } else {
                    nul = pathStart + length
                    guard nul < end, bytes[nul] == 0 else { return nil }
                }
                names.append(contentsOf: bytes[pathStart..<nul])
                // Entries are padded with NULs to a multiple of eight bytes.
                offset += (62 + (nul - pathStart) + 8) & ~7
                guard offset <= end else { return nil }
            }
            let name = start..<names.count
            guard !name.isEmpty, previous.isEmpty || compareNames(names, previous, name) < 0 else { return nil }
            entries.append(IndexEntry(stat: stat, oid: oid, name: name))
            previous = name
        }
        var cacheTree: CacheTree?
        var kept: [(signature: [UInt8], data: [UInt8])] = []
        while offset < end {
            guard offset + 8 <= end, let size = word(offset + 4), offset + 8 + Int(size) <= end else { return nil }
            let signature = Array(bytes[offset..<(offset + 4)])
            let data = Array(bytes[(offset + 8)..<(offset + 8 + Int(size))])
            offset += 8 + Int(size)
            switch signature {
            case Array("TREE".utf8):
                // A cache that does not parse is only a cache: without it everything is compared.
                cacheTree = CacheTree.parse(data)
            case Array("REUC".utf8):
                kept.append((signature, data))
            default:
                // An extension git may not ignore (a lowercase first letter: `link`, `sdir`) is
                // beyond this reader; the others (untracked cache, fsmonitor, offset tables) are
                // caches git rebuilds when they are gone.
                if let first = signature.first, (0x61...0x7A).contains(first) { return nil }
            }
        }
        return IndexFile(
            version: version, entries: entries, names: names, cacheTree: cacheTree, keptExtensions: kept, stamp: stamp)
    }

    /// git's varint (index version 4): the value and the position after it.
    func varint(_ offset: Int) -> (Int, Int)? {
        var position = offset
        guard position < end else { return nil }
        var byte = bytes[position]
        position += 1
        var value = Int(byte & 0x7F)
        while byte & 0x80 != 0 {
            guard position < end, value < Int.max >> 8 else { return nil }
            byte = bytes[position]
            position += 1
            value = ((value + 1) << 7) | Int(byte & 0x7F)
        }
        return (value, position)
    }

}

/// Byte order of two paths in `names`, as git sorts its index.
package func compareNames(_ names: [UInt8], _ one: Range<Int>, _ two: Range<Int>) -> Int32 {
    names.withUnsafeBufferPointer { compareBytes(UnsafeBufferPointer(rebasing: $0[one]), UnsafeBufferPointer(rebasing: $0[two])) }
}

/// memcmp order of two byte strings, the shorter first when one begins the other.
package func compareBytes(_ one: UnsafeBufferPointer<UInt8>, _ two: UnsafeBufferPointer<UInt8>) -> Int32 {
    let common = min(one.count, two.count)
    if common > 0, let first = one.baseAddress, let second = two.baseAddress {
        let order = memcmp(first, second, common)
        if order != 0 { return order }
    }
    return one.count == two.count ? 0 : (one.count < two.count ? -1 : 1)
}

// MARK: - The cache tree

/// The index's `TREE` extension: for each folder, how many entries it holds and, while no entry
/// under it has changed since, the tree they make. Invalid folders have no tree.
package struct CacheTree {
    package var name: [UInt8]
    /// -1 when invalid.
    package var entryCount: Int
    package var oid: git_oid?
    package var children: [CacheTree]

    package init(name: [UInt8], entryCount: Int, oid: git_oid?, children: [CacheTree]) {
        self.name = name
        self.entryCount = entryCount
        self.oid = oid
        self.children = children
    }

    package var isValid: Bool { entryCount >= 0 && oid != nil }

    /// The child folder called `name`.
    package func child(_ name: UnsafeBufferPointer<UInt8>) -> CacheTree? {
        children.first { child in child.name.withUnsafeBufferPointer { compareBytes($0, name) == 0 } }
    }

    package static func parse(_ data: [UInt8]) -> CacheTree? {
        var offset = 0
        guard let root = parseNode(data, &offset, depth: 0), offset == data.count else { return nil }
        return root
    }

    /// Deeper than any path git accepts; a damaged extension must not exhaust the stack.
    private static let deepest = 4_096

    private static func parseNode(_ data: [UInt8], _ offset: inout Int, depth: Int) -> CacheTree? {
        guard depth < deepest else { return nil }
        guard let nul = data[offset...].firstIndex(of: 0) else { return nil }
        let name = Array(data[offset..<nul])
        offset = nul + 1
        guard let space = data[offset...].firstIndex(of: 0x20),
            let entryCount = Int(String(decoding: data[offset..<space], as: UTF8.self)), entryCount >= -1
        else { return nil }
        offset = space + 1
        guard let newline = data[offset...].firstIndex(of: 0x0A),
            let childCount = Int(String(decoding: data[offset..<newline], as: UTF8.self)), childCount >= 0,
            childCount <= data.count
        else { return nil }
        offset = newline + 1
        var oid: git_oid?
        if entryCount >= 0 {
            guard offset + 20 <= data.count else { return nil }
            var raw = git_oid()
            withUnsafeMutableBytes(of: &raw) { bytes in
                for index in 0..<20 { bytes[index] = data[offset + index] }
            }
            oid = raw
            offset += 20
        }
        var children: [CacheTree] = []
        for _ in 0..<childCount {
            guard let child = parseNode(data, &offset, depth: depth + 1) else { return nil }
            children.append(child)
        }
        return CacheTree(name: name, entryCount: entryCount, oid: oid, children: children)
    }

    /// Marks the folders along `path` (a file's path) invalid, from the root down: their trees no
    /// longer hold.
    package mutating func invalidate(along path: ArraySlice<UInt8>) {
        entryCount = -1
        oid = nil
        guard let slash = path.firstIndex(of: 0x2F) else { return }
        let folder = path[path.startIndex..<slash]
        guard let position = children.firstIndex(where: { $0.name.elementsEqual(folder) }) else { return }
        children[position].invalidate(along: path[(slash + 1)...])
    }

    package func serialized(into output: inout [UInt8]) {
        output.append(contentsOf: name)
        output.append(0)
        output.append(contentsOf: Array(String(isValid ? entryCount : -1).utf8))
        output.append(0x20)
        output.append(contentsOf: Array(String(children.count).utf8))
        output.append(0x0A)
        if isValid, let oid { withUnsafeBytes(of: oid) { output.append(contentsOf: $0) } }
        for child in children { child.serialized(into: &output) }
    }
}

// MARK: - Writing

extension IndexFile {
    /// The index file's bytes: version 2 or 3 as read, entries padded as git pads them, the cache
    /// tree and the kept extensions, and the SHA-1 of it all.
    package func serialized() -> [UInt8] {
        var cacheTreeData: [UInt8] = []
        cacheTree?.serialized(into: &cacheTreeData)
        var extensions: [(signature: [UInt8], data: [UInt8])] = cacheTree == nil ? [] : [(Array("TREE".utf8), cacheTreeData)]
        extensions += keptExtensions
        var size = 12 + 20
        for entry in entries { size += Self.paddedSize(entry.name.count) }
        for (_, data) in extensions { size += 8 + data.count }
        // Written in place: an append per field of a hundred thousand entries is most of the time.
        return [UInt8](unsafeUninitializedCapacity: size) { bytes, count in
            let buffer = UnsafeMutableRawBufferPointer(bytes)
            func put(_ value: UInt32, at offset: Int) { buffer.storeBytes(of: value.bigEndian, toByteOffset: offset, as: UInt32.self) }
            buffer.copyBytes(from: "DIRC".utf8)
            put(version, at: 4)
            put(UInt32(entries.count), at: 8)
            var offset = 12
            names.withUnsafeBytes { names in
                for entry in entries {
                    let stat = entry.stat
                    put(stat.ctimeSeconds, at: offset)
                    put(stat.ctimeNanoseconds, at: offset + 4)
                    put(stat.mtimeSeconds, at: offset + 8)
                    put(stat.mtimeNanoseconds, at: offset + 12)
                    put(stat.device, at: offset + 16)
                    put(stat.inode, at: offset + 20)
                    put(stat.mode, at: offset + 24)
                    put(stat.uid, at: offset + 28)
                    put(stat.gid, at: offset + 32)
                    put(stat.size, at: offset + 36)
                    withUnsafeBytes(of: entry.oid) { oid in
                        UnsafeMutableRawBufferPointer(rebasing: buffer[(offset + 40)..<(offset + 60)]).copyMemory(from: oid)
                    }
                    let length = UInt16(min(entry.name.count, 0x0FFF))
                    buffer.storeBytes(of: length.bigEndian, toByteOffset: offset + 60, as: UInt16.self)
                    UnsafeMutableRawBufferPointer(rebasing: buffer[(offset + 62)..<(offset + 62 + entry.name.count)])
                        .copyMemory(from: UnsafeRawBufferPointer(rebasing: names[entry.name]))
                    let end = offset + Self.paddedSize(entry.name.count)
                    UnsafeMutableRawBufferPointer(rebasing: buffer[(offset + 62 + entry.name.count)..<end]).initializeMemory(
                        as: UInt8.self, repeating: 0)
                    offset = end
                }
            }
            for (signature, data) in extensions {
                UnsafeMutableRawBufferPointer(rebasing: buffer[offset..<(offset + 4)]).copyBytes(from: signature)
                put(UInt32(data.count), at: offset + 4)
                UnsafeMutableRawBufferPointer(rebasing: buffer[(offset + 8)..<(offset + 8 + data.count)]).copyBytes(from: data)
                offset += 8 + data.count
            }
            let digest = Insecure.SHA1.hash(data: UnsafeRawBufferPointer(rebasing: buffer[0..<offset]))
            digest.withUnsafeBytes { UnsafeMutableRawBufferPointer(rebasing: buffer[offset...]).copyMemory(from: $0) }
            count = size
        }
    }

    /// An entry's size on disk: 62 bytes of fields, the path, and 1 to 8 NULs to a multiple of 8.
    package static func paddedSize(_ nameCount: Int) -> Int {
        (62 + nameCount + 8) & ~7
    }
}
