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

    /// The listings of `folders` (absolute paths), on every core; nil for a folder that cannot be read.
    package static func list(_ folders: [String]) -> [FolderListing?] {
        guard folders.count > 1 else { return folders.map { listing(of: $0) } }
        // One folder a task: listing one is a readdir and an fstatat per file, worth a core of its own.
        return parallelMap(folders.count, minimumChunk: 1) { listing(of: folders[$0]) }
    }

    /// One folder's listing: `readdir`, and `fstatat` beside it for each file, so the kernel
    /// resolves one name instead of the whole path.
    package static func listing(of folder: String) -> FolderListing? {
        // Not through a link: a folder swapped for one since its parent was listed leads elsewhere.
        let opened = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard opened >= 0 else { return nil }
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
            let readable = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) { name -> Bool in
                    let count = strlen(name)
                    if name[0] == 0x2E && (count == 1 || (count == 2 && name[1] == 0x2E)) { return true }
                    let kind: Kind
                    if type == UInt8(DT_DIR) {
                        kind = .folder
                    } else if fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) != 0 {
                        // Gone since the folder was read: as if it had not been there.
                        return errno == ENOENT
                    } else if info.st_mode & S_IFMT == S_IFDIR {
                        kind = .folder
                    } else if let stat = IndexStat(info) {
                        kind = .file(stat)
                    } else {
                        kind = .other
                    }
                    let start = listing.names.count
                    listing.names.append(
                        contentsOf: UnsafeBufferPointer(
                            start: UnsafeRawPointer(name).assumingMemoryBound(to: UInt8.self), count: count))
                    listing.items.append(Item(name: start..<listing.names.count, kind: kind))
                    return true
                }
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
}
