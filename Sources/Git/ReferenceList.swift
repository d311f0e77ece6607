import Clibgit2
import Foundation

extension Repository {
    /// Every reference's full name (`refs/heads/main`, `refs/remotes/origin/main`, tags), as
    /// `git for-each-ref` lists them.
    public func referenceNames() throws -> [String] {
        var names = git_strarray()
        try check(git_reference_list(&names, pointer), "git_reference_list")
        defer { git_strarray_dispose(&names) }
        var found: [String] = []
        for index in 0..<names.count { if let name = string(names.strings[index]) { found.append(name) } }
        return found
    }

    /// The blob of every entry of the index, read as it is on disk: what the next commit would hold.
    public func indexedBlobs() throws -> [OID] {
        var index: OpaquePointer?
        try check(git_repository_index(&index, pointer), "git_repository_index")
        defer { git_index_free(index) }
        guard let index else { return [] }
        try check(git_index_read(index, 0), "git_index_read")
        var blobs: [OID] = []
        for position in 0..<git_index_entrycount(index) {
            guard let entry = git_index_get_byindex(index, position), entry.pointee.mode != 0o160000 else { continue }
            blobs.append(OID(entry.pointee.id))
        }
        return blobs
    }
}
