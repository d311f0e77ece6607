import Clibgit2
import Foundation

extension Repository {
    /// Makes a new commit on HEAD that undoes commit `oid`, updates the working directory to it, and returns its id.
    ///
    /// Nothing is changed when the revert cannot apply cleanly: that fails with `.conflict`, as does a
    /// local modification the checkout would overwrite. A merge commit is reverted against its first
    /// parent. The default message follows git's `Revert "<summary>"` form.
    @discardableResult
    public func revert(commit oid: OID, author: Signature, committer: Signature, message: String? = nil) throws -> OID {
        guard let head = try head() else {
            throw GitError(code: .unbornBranch, message: "cannot revert on an unborn branch", function: "git_revert_commit")
        }
        let reverted = try commit(oid)
        let tree = try withCommit(oid) { target in
            try withCommit(head) { ours in
                var options = git_merge_options()
                try check(git_merge_options_init(&options, UInt32(GIT_MERGE_OPTIONS_VERSION)), "git_merge_options_init")
                let mainline: UInt32 = reverted.parents.count > 1 ? 1 : 0
                var index: OpaquePointer?
                try check(git_revert_commit(&index, pointer, target, ours, mainline, &options), "git_revert_commit")
                defer { git_index_free(index) }
                if git_index_has_conflicts(index) != 0 {
                    try resolveFilteredConflicts(index)
                }
                if git_index_has_conflicts(index) != 0 {
                    throw GitError(
                        code: .conflict, klass: Int32(GIT_ERROR_MERGE.rawValue),
                        message: "reverting \(oid.short) conflicts with later changes", function: "git_revert_commit")
                }
                var tree = git_oid()
                try check(git_index_write_tree_to(&tree, index, pointer), "git_index_write_tree_to")
                return OID(tree)
            }
        }
        let text = message ?? "Revert \"\(reverted.summary)\"\n\nThis reverts commit \(oid.hex).\n"
        // Write the commit without moving the branch, so a failed checkout leaves everything as it was.
        let created = try createCommit(
            tree: tree, parents: [head], message: text, author: author, committer: committer, updateReference: nil)
        if !isBare {
            try checkout(commit: created)
        }
        try moveHeadBranch(to: created, from: head, message: "revert: \(reverted.summary)")
        return created
    }

    /// Moves the branch HEAD is on (or a detached HEAD) from `old` to `new`, failing with `.modified` if it moved meanwhile.
    public func moveHeadBranch(to new: OID, from old: OID?, message: String) throws {
        let name = try headTargetName ?? "HEAD"
        if let old {
            try setReference(name: name, to: new, message: message, expected: old)
        } else {
            var target = new.raw
            var ref: OpaquePointer?
            // force = 0: an unborn branch must still not exist when we create it.
            try check(git_reference_create(&ref, pointer, name, &target, 0, message), "git_reference_create")
            git_reference_free(ref)
        }
    }
}

extension Repository {
    /// Merges again, as their revealed text, the conflicting files of `index` whose stored bytes a
    /// filter registered in Swift knows (libgit2 merged their stored bytes, which for an encrypted
    /// file can only conflict); a clean result is stored through the path's filter and replaces the
    /// conflict. Conflicts of other files, and those whose text conflicts too, stay.
    func resolveFilteredConflicts(_ index: OpaquePointer?) throws {
        var iterator: OpaquePointer?
        try check(git_index_conflict_iterator_new(&iterator, index), "git_index_conflict_iterator_new")
        var resolved: [(path: String, oid: OID, mode: UInt32)] = []
        do {
            defer { git_index_conflict_iterator_free(iterator) }
            while true {
                var ancestor: UnsafePointer<git_index_entry>?
                var ours: UnsafePointer<git_index_entry>?
                var theirs: UnsafePointer<git_index_entry>?
                guard
                    try succeeded(
                        git_index_conflict_next(&ancestor, &ours, &theirs, iterator), "git_index_conflict_next", unless: GIT_ITEROVER)
                else { break }
                guard let ancestor = ancestor?.pointee, let ours = ours?.pointee, let theirs = theirs?.pointee,
                    let path = string(ours.path)
                else { continue }
                let stored = try [ancestor, ours, theirs].map { try storedBlob(OID($0.id)) }
                let texts = try stored.map { try revealed($0, path: path) }
                // Only files a filter stored: the others libgit2 has merged as well as it can.
                guard texts != stored else { continue }
                let merged = try MergeFile.merge(ancestor: texts[0], ours: texts[1], theirs: texts[2])
                guard merged.automergeable else { continue }
                resolved.append((path, try writeBlob(merged.data, path: path), ours.mode))
            }
        }
        for (path, oid, mode) in resolved {
            try check(git_index_conflict_remove(index, path), "git_index_conflict_remove")
            try path.withCString { cPath in
                var entry = git_index_entry()
                entry.mode = mode
                entry.id = oid.raw
                entry.path = cPath
                try check(git_index_add(index, &entry), "git_index_add")
            }
        }
    }
}
