import Crypto
import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// What a status remembers of one folder it listed, so that the next status need not list it
/// again while its stamp stays the same: its names other than the index's files in it (its
/// subfolders, untracked and ignored files), and a digest of those index files (an entry added to
/// or removed from the index changes which of the folder's names are tracked).
///
/// git's untracked cache does the same in the index's `UNTR` extension; libgit2 drops that
/// extension when it writes the index, so folio keeps its own, beside it.
package struct RememberedFolder: Sendable, Equatable {
    package struct Other: Sendable, Equatable {
        package var name: [UInt8]
        package var isFolder: Bool

        package init(name: [UInt8], isFolder: Bool) {
            self.name = name
            self.isFolder = isFolder
        }
    }

    package var stamp: FileStamp
    package var trackedDigest: UInt64
    /// Sorted by bytes, as a listing is.
    package var others: [Other]

    package init(stamp: FileStamp, trackedDigest: UInt64, others: [Other]) {
        self.stamp = stamp
        self.trackedDigest = trackedDigest
        self.others = others
    }

    /// What to remember of a folder just listed; nil when it holds something other than files
    /// and folders (only libgit2 compares those, and the status will not get as far as using it).
    init?(listing: FolderListing, stamp: FileStamp, trackedDigest: UInt64, tracked: [Int], in index: IndexFile, folderCount: Int) {
        var others: [Other] = []
        var nextTracked = 0
        for item in listing.items {
            let name = listing.name(item)
            while nextTracked < tracked.count, index.compareLast(tracked[nextTracked], name, folderCount: folderCount) < 0 {
                nextTracked += 1
            }
            let isTracked = nextTracked < tracked.count && index.compareLast(tracked[nextTracked], name, folderCount: folderCount) == 0
            switch item.kind {
            case .folder:
                // A folder where the index has a file is compared by libgit2 alone.
                if isTracked { return nil }
                others.append(Other(name: Array(name), isFolder: true))
            case .file:
                if !isTracked { others.append(Other(name: Array(name), isFolder: false)) }
            case .other:
                return nil
            }
        }
        self.init(stamp: stamp, trackedDigest: trackedDigest, others: others)
    }

    /// A digest of the last components of the index's files in a folder, in order: eight bytes
    /// at a time, each name's length mixed in after it (a name's end is never mistaken for the
    /// next one's start). Not cryptographic: it tells the index's files of one folder apart
    /// from those of another time, on one device.
    package static func digest(of tracked: [Int], in index: IndexFile, folderCount: Int) -> UInt64 {
        let skip = folderCount == 0 ? 0 : folderCount + 1
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ word: UInt64) {
            hash = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 29
        }
        index.names.withUnsafeBytes { names in
            for position in tracked {
                let range = index.entries[position].name
                var at = range.lowerBound + skip
                while range.upperBound - at >= 8 {
                    mix(UInt64(littleEndian: names.loadUnaligned(fromByteOffset: at, as: UInt64.self)))
                    at += 8
                }
                var tail: UInt64 = 0
                for (shift, byte) in names[at..<range.upperBound].enumerated() { tail |= UInt64(byte) << (8 * shift) }
                mix(tail)
                mix(UInt64(range.upperBound - range.lowerBound - skip))
            }
        }
        return hash
    }
}

/// The remembered folders of the last status, by path from the working directory's root, in one
/// file of the git directory (`folio-listings`): a cache, read whole and checked by its SHA-256,
/// so a damaged or foreign file is only a status that lists every folder again.
package enum RememberedListings {
    static let magic = Array("folio listings 1\n".utf8)
    /// Past this, the file is not a cache folio wrote.
    static let maxBytes = 64 << 20

    package static func url(gitDirectory: URL) -> URL { gitDirectory.appendingPathComponent("folio-listings") }

    package static func read(_ url: URL) -> [[UInt8]: RememberedFolder] {
        // Never through a link, never waiting on a pipe, and never more than the limit read.
        guard let (fd, info) = Descriptor.openRegular(url.path) else { return [:] }
        defer { close(fd) }
        guard info.st_size >= 0, info.st_size <= maxBytes else { return [:] }
        // One byte past the size the file had: a file that grew since is refused, not read on.
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        let count = bytes.withUnsafeMutableBytes { Descriptor.read(fd, into: $0) }
        guard count == Int(info.st_size) else { return [:] }
        bytes.removeLast()
        return parse(bytes) ?? [:]
    }

    /// The folders a file of these bytes remembers; nil unless folio wrote it whole.
    package static func parse(_ bytes: [UInt8]) -> [[UInt8]: RememberedFolder]? {
        guard bytes.count >= magic.count + 32, bytes.starts(with: magic) else { return nil }
        let body = bytes[magic.count..<(bytes.count - 32)]
        guard Array(SHA256.hash(data: body)) == Array(bytes[(bytes.count - 32)...]) else { return nil }
        var reader = ByteReader(data: body)
        var folders: [[UInt8]: RememberedFolder] = [:]
        guard let count = reader.integer() else { return nil }
        for _ in 0..<min(Int(clamping: count), body.count) {
            guard let path = reader.lengthPrefixed(), let modified = reader.integer(), let changed = reader.integer(),
                let inode = reader.integer(), let digest = reader.integer(), let otherCount = reader.integer()
            else { return nil }
            var others: [RememberedFolder.Other] = []
            for _ in 0..<min(Int(clamping: otherCount), body.count) {
                guard let isFolder = reader.byte(), isFolder <= 1, let name = reader.lengthPrefixed() else { return nil }
                others.append(RememberedFolder.Other(name: name, isFolder: isFolder == 1))
            }
            // Names out of order would merge wrongly with the index's files: not folio's file.
            guard zip(others, others.dropFirst()).allSatisfy({ $0.name.lexicographicallyPrecedes($1.name) }) else { return nil }
            let stamp = FileStamp(
                size: 0, modifiedNanoseconds: Int64(bitPattern: modified), changedNanoseconds: Int64(bitPattern: changed), inode: inode)
            guard folders.updateValue(RememberedFolder(stamp: stamp, trackedDigest: digest, others: others), forKey: path) == nil
            else { return nil }
        }
        return reader.atEnd ? folders : nil
    }

    /// The file's bytes for `folders`: the magic line, the folders by path, and the SHA-256 of them.
    package static func serialized(_ folders: [[UInt8]: RememberedFolder]) -> [UInt8] {
        var body: [UInt8] = []
        func integer(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { body.append(contentsOf: $0) } }
        func bytes(_ value: [UInt8]) {
            integer(UInt64(value.count))
            body.append(contentsOf: value)
        }
        integer(UInt64(folders.count))
        for (path, folder) in folders.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
            bytes(path)
            integer(UInt64(bitPattern: folder.stamp.modifiedNanoseconds))
            integer(UInt64(bitPattern: folder.stamp.changedNanoseconds))
            integer(folder.stamp.inode)
            integer(folder.trackedDigest)
            integer(UInt64(folder.others.count))
            for other in folder.others {
                body.append(other.isFolder ? 1 : 0)
                bytes(other.name)
            }
        }
        return magic + body + Array(SHA256.hash(data: body))
    }

    /// Writes `folders` in place of the file, by a rename; a failure only costs the next status
    /// its listing.
    package static func write(_ folders: [[UInt8]: RememberedFolder], to url: URL) {
        let file = serialized(folders)
        let temporary = url.path + "." + TemporaryName.unique() + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { return }
        let written = file.withUnsafeBytes { Descriptor.writeAll(fd, $0) }
        close(fd)
        guard written else {
            unlink(temporary)
            return
        }
        // A memory only this program writes: whatever is there is replaced.
        _ = FileReplacement.install(temporary, at: url.path, expecting: .anything)
    }
}

/// Little-endian integers and length-prefixed byte strings, read with every length checked.
private struct ByteReader {
    let data: ArraySlice<UInt8>
    var position: Int

    init(data: ArraySlice<UInt8>) {
        self.data = data
        position = data.startIndex
    }

    var atEnd: Bool { position == data.endIndex }

    mutating func byte() -> UInt8? {
        guard position < data.endIndex else { return nil }
        defer { position += 1 }
        return data[position]
    }

    mutating func integer() -> UInt64? {
        guard data.endIndex - position >= 8 else { return nil }
        var value: UInt64 = 0
        for offset in 0..<8 { value |= UInt64(data[position + offset]) << (8 * offset) }
        position += 8
        return value
    }

    mutating func lengthPrefixed() -> [UInt8]? {
        guard let count = integer(), count <= UInt64(data.endIndex - position) else { return nil }
        let start = position
        position += Int(count)
        return Array(data[start..<position])
    }
}
