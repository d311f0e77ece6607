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
        // folder is looked up again only where the path's folder changes.
        var current: [UInt8]? = nil
        var positions: [Int] = []
        index.names.withUnsafeBufferPointer { names in
            for position in index.entries.indices {
                let name = index.entries[position].name
                let slash = names[name].lastIndex(of: 0x2F)
                let folder =
                    slash.map { UnsafeBufferPointer(rebasing: names[name.lowerBound..<$0]) }
                    ?? UnsafeBufferPointer(rebasing: names[name.lowerBound..<name.lowerBound])
                if let current, current.withUnsafeBufferPointer({ compareBytes($0, folder) == 0 }) {
                    positions.append(position)
                    continue
                }
                if let current { files[current, default: []].append(contentsOf: positions) }
                let path = Array(folder)
                if files[path] == nil { register(path) }
                current = path
                positions = [position]
            }
        }
        if let current { files[current, default: []].append(contentsOf: positions) }
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
