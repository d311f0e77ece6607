import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// The index grouped by folder: each folder's files (entry positions, in name order) and the
/// names of its subfolders that hold entries.
package struct IndexFolders {
    package var files: [[UInt8]: [Int]] = [:]
    package var subfolders: [[UInt8]: Set<[UInt8]>] = [:]

    package init(_ index: IndexFile) {
        // Sorted paths keep a folder's files together, broken only by its subfolders' files: the
        // folder is looked up again only where the path's folder changes. An entry is in the
        // current folder when its path begins with the folder and a slash and has no slash after.
        var current: Range<Int>? = nil
        var positions: [Int] = []
        index.names.withUnsafeBufferPointer { names in
            guard let base = names.baseAddress else { return }
            func key(_ folder: Range<Int>) -> [UInt8] { Array(UnsafeBufferPointer(start: base + folder.lowerBound, count: folder.count)) }
            for position in index.entries.indices {
                let name = index.entries[position].name
                if let folder = current, Self.holds(folder, name, base) {
                    positions.append(position)
                    continue
                }
                if let folder = current { files[key(folder), default: []].append(contentsOf: positions) }
                var slash = name.upperBound
                while slash > name.lowerBound, base[slash - 1] != 0x2F { slash -= 1 }
                let folder = name.lowerBound..<max(name.lowerBound, slash - 1)
                let path = key(folder)
                if files[path] == nil { register(path) }
                current = folder
                positions = [position]
            }
            if let folder = current { files[key(folder), default: []].append(contentsOf: positions) }
        }
    }

    /// Whether the path at `name` is a file directly in `folder` (both ranges of `base`).
    private static func holds(_ folder: Range<Int>, _ name: Range<Int>, _ base: UnsafePointer<UInt8>) -> Bool {
        let rest: Int
        if folder.isEmpty {
            rest = name.lowerBound
        } else {
            guard name.count > folder.count + 1, base[name.lowerBound + folder.count] == 0x2F,
                memcmp(base + name.lowerBound, base + folder.lowerBound, folder.count) == 0
            else { return false }
            rest = name.lowerBound + folder.count + 1
        }
        return memchr(base + rest, 0x2F, name.upperBound - rest) == nil
    }

    /// Makes `folder` known to each folder above it.
    private mutating func register(_ folder: [UInt8]) {
        var path = folder[...]
        while !path.isEmpty {
            let slash = path.lastIndex(of: 0x2F)
            let parent = Array(slash.map { path[path.startIndex..<$0] } ?? [])
            let name = Array(slash.map { path[($0 + 1)...] } ?? path)
            let (inserted, _) = subfolders[parent, default: []].insert(name)
            if !inserted { return }
            path = parent[...]
        }
    }
}

extension IndexFile {
    /// The byte order of entry `position`'s path against `other`.
    package func compare(_ position: Int, _ other: [UInt8]) -> Int32 {
        other.withUnsafeBufferPointer { compare(position, $0) }
    }

    /// The same for bytes in place.
    package func compare(_ position: Int, _ other: UnsafeBufferPointer<UInt8>) -> Int32 {
        names.withUnsafeBufferPointer { names in compareBytes(UnsafeBufferPointer(rebasing: names[entries[position].name]), other) }
    }

    /// The byte order of entry `position`'s last component (after `folderCount` bytes of folder
    /// and its slash) against `name`.
    package func compareLast(_ position: Int, _ name: ArraySlice<UInt8>, folderCount: Int) -> Int32 {
        let range = entries[position].name
        let skip = folderCount == 0 ? 0 : folderCount + 1
        return names.withUnsafeBufferPointer { names in
            name.withUnsafeBufferPointer {
                compareBytes(UnsafeBufferPointer(rebasing: names[(range.lowerBound + skip)..<range.upperBound]), $0)
            }
        }
    }

    /// How many entries lie under `folder` (empty for all, else ending with `/`).
    package func count(under folder: [UInt8]) -> Int {
        guard !folder.isEmpty else { return entries.count }
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if compare(middle, folder) < 0 { low = middle + 1 } else { high = middle }
        }
        return firstPosition(after: folder, in: low..<entries.count) - low
    }

    /// The first position in `range` whose path does not begin with `folder` (which ends with
    /// `/`), given that those which do come first.
    package func firstPosition(after folder: [UInt8], in range: Range<Int>) -> Int {
        // Every path beginning with `folder` sorts before `folder` with its slash made a `0`.
        var bound = folder
        bound[bound.count - 1] = 0x30
        var low = range.lowerBound
        var high = range.upperBound
        while low < high {
            let middle = (low + high) / 2
            if compare(middle, bound) < 0 { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
