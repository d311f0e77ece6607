import Clibgit2
import Foundation
import GitIndex
import SystemIO

extension Repository {
    /// The index file as it is now: the one this process last read or wrote when the file has not
    /// changed since, else read again; nil when it needs libgit2 (or there is none).
    func currentIndexFile() -> IndexFile? {
        let path = gitDirectory.appendingPathComponent("index").path
        guard let stamp = FileStamp.of(path) else { return nil }
        if let snapshot = indexSnapshot, snapshot.stamp == stamp { return snapshot }
        let index = IndexFile.read(path)
        if index != nil { indexSnapshot = index }
        return index
    }

    /// Runs `body` (which reads files through their filters: blobs of working files, their hashes)
    /// with libgit2's index reduced to the `.gitattributes` files the real one holds.
    ///
    /// libgit2 looks for `.gitattributes` in the index as well as on disk, and loads the whole index
    /// to do so the first time a file is filtered: in a large vault that load costs more than the
    /// files. The reduced index answers the same. The repository's own index is read again from
    /// disk the next time libgit2 needs it.
    func withAttributesIndex<R>(_ index: IndexFile?, _ body: () throws -> R) throws -> R {
        guard let index else { return try body() }
        var reduced: OpaquePointer?
        try check(git_index_new(&reduced), "git_index_new")
        defer { git_index_free(reduced) }
        let file = Array(".gitattributes".utf8)
        for position in index.entries.indices {
            let name = index.entries[position].name
            // `.gitattributes` itself, or a path ending in `/.gitattributes`.
            guard name.count >= file.count,
                index.names[(name.upperBound - file.count)..<name.upperBound].elementsEqual(file),
                name.count == file.count || index.names[name.upperBound - file.count - 1] == 0x2F
            else { continue }
            var entry = git_index_entry()
            entry.mode = index.entries[position].stat.mode
            entry.id = index.entries[position].oid
            try index.path(position).withCString { path in
                entry.path = path
                try check(git_index_add(reduced, &entry), "git_index_add")
            }
        }
        try check(git_repository_set_index(pointer, reduced), "git_repository_set_index")
        // Letting go of the reduced index cannot fail: libgit2 only swaps a pointer.
        defer { _ = succeededElseFallBack(git_repository_set_index(pointer, nil)) }
        return try body()
    }
}
