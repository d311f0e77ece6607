import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// One folder's entries, sorted by name, each with its stat data when it is a file or a link.
package struct FolderListing: Sendable {
    package enum Kind: Sendable {
        case folder
        case file(IndexStat)
        /// A socket, a pipe, a device.
        case other

        /// What `stat` says an entry is.
        init(_ info: stat) {
            if info.st_mode & S_IFMT == S_IFDIR {
                self = .folder
            } else if let stat = IndexStat(info) {
                self = .file(stat)
            } else {
                self = .other
            }
        }
    }

    package struct Item: Sendable {
        package var name: Range<Int>
        package var kind: Kind
    }

    package var names: [UInt8] = []
    package var items: [Item] = []

    package func name(_ item: Item) -> ArraySlice<UInt8> {
        names[item.name]
    }

    mutating func append(_ name: UnsafeBufferPointer<UInt8>, _ kind: Kind) {
        let start = names.count
        names.append(contentsOf: name)
        items.append(Item(name: start..<names.count, kind: kind))
    }

    /// One folder to list for a status: where it is, the index's files in it, and what it held
    /// when it was last listed.
    package struct Request: Sendable {
        /// The absolute path.
        package var path: String
        /// The bytes of its path from the working directory's root (0 for the root itself).
        package var folderCount: Int
        /// The positions of the index's files directly in it, in index order.
        package var tracked: [Int]
        package var remembered: RememberedFolder?
        /// Whether a file watcher vouches for this folder's tracked files but those in ``mustCheck``
        /// (index positions): each of the others is the same as its entry, given its entry's stat
        /// data without a `stat`.
        package var watched: Bool
        package var mustCheck: Set<Int>

        package init(
            path: String, folderCount: Int, tracked: [Int], remembered: RememberedFolder?, watched: Bool = false, mustCheck: Set<Int> = []
        ) {
            self.path = path
            self.folderCount = folderCount
            self.tracked = tracked
            self.remembered = remembered
            self.watched = watched
            self.mustCheck = mustCheck
        }
    }

    /// A folder's listing, and what to remember of it for the next status (nil when it changed
    /// too recently to be trusted, or holds something only libgit2 compares).
    package struct Outcome: Sendable {
        package var listing: FolderListing
        package var remembered: RememberedFolder?
        /// Named from what was remembered, without a `readdir`.
        package var reused: Bool
    }

    /// The listings of `requests`, on every core. A folder whose stamp is the one remembered, and
    /// whose files in the index are the ones it had then, is not read again: its names are the
    /// index's files and the other names remembered, each file still stamped with `fstatat` (a
    /// folder's stamp moves when a name is added, removed or renamed in it, never when a file's
    /// content changes). `settled`: a folder changed at or after this time is not remembered,
    /// as it may change again within the clock's resolution unseen.
    package static func list(_ requests: [Request], index: IndexFile, settled: Int64) -> [Outcome?] {
        parallelMap(requests.count, minimumChunk: 1) { listing(requests[$0], index: index, settled: settled) }
    }

    /// The listing of the folder open as `opened` (which it closes): `readdir`, and `fstatat`
    /// beside it for each file, so the kernel resolves one name instead of the whole path.
    private static func listing(descriptor opened: Int32) -> FolderListing? {
        guard let directory = fdopendir(opened) else {
            close(opened)
            return nil
        }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        var listing = FolderListing()
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 { return nil }
                break
            }
            let type = entry.pointee.d_type
            var info = stat()
            let readable = DirectoryEntry.withCName(entry) { name, count -> Bool in
                if name[0] == 0x2E && (count == 1 || (count == 2 && name[1] == 0x2E)) { return true }
                let kind: Kind
                if type == UInt8(DT_DIR) {
                    kind = .folder
                } else if fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) != 0 {
                    // Gone since the folder was read: as if it had not been there.
                    return errno == ENOENT
                } else {
                    kind = Kind(info)
                }
                listing.append(
                    UnsafeBufferPointer(start: UnsafeRawPointer(name).assumingMemoryBound(to: UInt8.self), count: count), kind)
                return true
            }
            guard readable else { return nil }
        }
        let names = listing.names
        listing.items.sort { one, two in
            names.withUnsafeBufferPointer {
                compareBytes(UnsafeBufferPointer(rebasing: $0[one.name]), UnsafeBufferPointer(rebasing: $0[two.name])) < 0
            }
        }
        return listing
    }

    private static func listing(_ request: Request, index: IndexFile, settled: Int64) -> Outcome? {
        let opened = open(request.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard opened >= 0 else { return nil }
        var info = stat()
        guard fstat(opened, &info) == 0 else {
            close(opened)
            return nil
        }
        // A folder's size says nothing of its names; its times and inode do.
        var stamp = FileStamp(info)
        stamp.size = 0
        let digest = RememberedFolder.digest(of: request.tracked, in: index, folderCount: request.folderCount)
        if let remembered = request.remembered, remembered.stamp == stamp, remembered.trackedDigest == digest {
            defer { close(opened) }
            return Outcome(
                listing: named(
                    from: remembered, tracked: request.tracked, watched: request.watched, mustCheck: request.mustCheck, in: index,
                    folderCount: request.folderCount, fd: opened),
                remembered: remembered, reused: true)
        }
        // `listing(of:)` owns the descriptor from here.
        guard let listing = listing(descriptor: opened) else { return nil }
        let trusted = !stamp.isRacy(snapshotNanoseconds: settled)
        return Outcome(
            listing: listing,
            remembered: trusted
                ? RememberedFolder(
                    listing: listing, stamp: stamp, trackedDigest: digest, tracked: request.tracked, in: index,
                    folderCount: request.folderCount) : nil,
            reused: false)
    }

    /// The listing a remembered folder gives: its tracked files and its other names, merged in
    /// byte order as a `readdir` and sort would give them, each file stamped now.
    private static func named(
        from remembered: RememberedFolder, tracked: [Int], watched: Bool, mustCheck: Set<Int>, in index: IndexFile, folderCount: Int,
        fd: Int32
    ) -> FolderListing {
        var listing = FolderListing()
        listing.items.reserveCapacity(tracked.count + remembered.others.count)
        let skip = folderCount == 0 ? 0 : folderCount + 1
        var nextOther = 0
        // The name with its terminating zero, for `fstatat`: one buffer for the whole folder.
        var cName: [UInt8] = []
        func stamp(_ name: UnsafeBufferPointer<UInt8>, into info: inout stat) -> Bool {
            cName.removeAll(keepingCapacity: true)
            cName.append(contentsOf: name)
            cName.append(0)
            return cName.withUnsafeBytes { bytes in
                guard let base = bytes.baseAddress else { return false }
                return fstatat(fd, base.assumingMemoryBound(to: CChar.self), &info, AT_SYMLINK_NOFOLLOW) == 0
            }
        }
        func add(_ name: UnsafeBufferPointer<UInt8>, isFolder: Bool) {
            var info = stat()
            if isFolder {
                listing.append(name, .folder)
            } else if stamp(name, into: &info) {
                listing.append(name, Kind(info))
            }
            // Else an index entry whose file was already missing when the folder was listed.
        }
        index.names.withUnsafeBufferPointer { names in
            for position in tracked {
                let range = index.entries[position].name
                let name = UnsafeBufferPointer(rebasing: names[(range.lowerBound + skip)..<range.upperBound])
                while nextOther < remembered.others.count,
                    remembered.others[nextOther].name.withUnsafeBufferPointer({ compareBytes($0, name) < 0 })
                {
                    remembered.others[nextOther].name.withUnsafeBufferPointer { add($0, isFolder: remembered.others[nextOther].isFolder) }
                    nextOther += 1
                }
                if watched && !mustCheck.contains(position) {
                    listing.append(name, .file(index.entries[position].stat))
                } else {
                    add(name, isFolder: false)
                }
            }
        }
        while nextOther < remembered.others.count {
            remembered.others[nextOther].name.withUnsafeBufferPointer { add($0, isFolder: remembered.others[nextOther].isFolder) }
            nextOther += 1
        }
        return listing
    }
}
