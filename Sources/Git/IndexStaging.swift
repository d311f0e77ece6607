import Clibgit2
import Foundation
import GitIndex
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// The trees of a commit just made from the index's files: its parent's and its own. Staging the
/// committed files then keeps the index's cache tree valid where it was, instead of dropping it
/// along every committed path.
struct CommittedTrees {
    var before: OID?
    var after: OID
}

/// A file whose blob is already written: what staging it needs without reading it again.
struct StagedFile {
    var oid: OID
    var mode: FileMode
    /// The file's stat data from before it was read for the blob, so that a change made while it
    /// was read shows as a change later; nil to take it when staging.
    var stat: IndexStat?
}

extension Repository {
    /// Stages `paths` by rewriting the index here, under git's `index.lock`: each path in `known`
    /// gets its blob and stat data, each path whose file is gone leaves the index, every other
    /// entry stays as it is. Gives false, having changed nothing, when a path or the index needs
    /// libgit2 (see ``IndexFile``); throws `.locked` while another writer holds the index.
    ///
    /// One read of the index (none right after ``quickStatus()``) and one write, whatever the
    /// number of paths: libgit2 would rebuild its hash table of every entry first.
    func stageQuickly(_ paths: [String], known: [String: StagedFile], committed: CommittedTrees? = nil) throws -> Bool {
        // The same repositories as the quick status: none that compares names or modes otherwise.
        guard let workdir, CompareSettings(self) != nil else { return false }
        var updates: [[UInt8]: (IndexStat, git_oid)?] = [:]
        for path in paths {
            // libgit2 refuses `.git` in a path, with its own message.
            if path.split(separator: "/").contains(where: { $0.lowercased() == ".git" }) { return false }
            var info = stat()
            guard lstat(workdir.appendingPathComponent(path).path, &info) == 0 else {
                guard errno == ENOENT || errno == ENOTDIR else { return false }
                updates[Array(path.utf8)] = .some(nil)
                continue
            }
            guard let file = known[path], let current = IndexStat(info) else { return false }
            let stat = file.stat ?? current
            guard stat.mode == file.mode.rawValue else { return false }
            updates[Array(path.utf8)] = (stat, file.oid.raw)
        }
        let indexPath = gitDirectory.appendingPathComponent("index").path
        let lockPath = indexPath + ".lock"
        let descriptor = Descriptor.open(lockPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode: 0o666)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw GitError(
                code: errno == EEXIST ? .locked : .other(-1), klass: Int32(GIT_ERROR_OS.rawValue),
                message: "failed to create locked file '\(lockPath)': \(reason)", function: "git_index_write")
        }
        var descriptorOpen = true
        var lockHeld = true
        defer {
            if descriptorOpen { close(descriptor) }
            if lockHeld { unlink(lockPath) }
        }
        // Read again under the lock unless it is the index this process last saw.
        var index: IndexFile
        if let current = FileStamp.of(indexPath) {
            if let snapshot = indexSnapshot, snapshot.stamp == current {
                index = snapshot
                // The only other reference to its storage: without it new paths are appended in place.
                indexSnapshot = nil
            } else if let read = IndexFile.read(indexPath) {
                index = read
            } else {
                return false
            }
        } else {
            index = .empty()
        }
        guard index.version == 2 || index.version == 3 else { return false }
        try smudgeRacilyClean(&index, except: updates, root: workdir.path)
        let cacheTree = index.cacheTree
        apply(updates, to: &index)
        if let committed, var cacheTree {
            // try?: a failure to read a tree only costs the cache: the paths' folders are invalidated.
            if (try? refresh(
                &cacheTree, prefix: [], trees: committed, changed: updates.keys.sorted { $0.lexicographicallyPrecedes($1) }, index: index))
                != nil
            {
                index.cacheTree = cacheTree
            }
        }
        let bytes = index.serialized()
        let complete = bytes.withUnsafeBytes { Descriptor.writeAll(descriptor, $0) }
        descriptorOpen = false
        guard close(descriptor) == 0, complete, rename(lockPath, indexPath) == 0 else {
            throw GitError(
                code: .other(-1), klass: Int32(GIT_ERROR_OS.rawValue),
                message: "could not write the index: \(String(cString: strerror(errno)))", function: "git_index_write")
        }
        lockHeld = false
        index.stamp = FileStamp.of(indexPath)
        indexSnapshot = index
        return true
    }

    /// Puts `updates` (a path's new stat data and blob, or nil to remove it) into `index` in
    /// order, and invalidates the cache tree along every path whose blob or mode changed.
    private func apply(_ updates: [[UInt8]: (IndexStat, git_oid)?], to index: inout IndexFile) {
        let sorted = updates.sorted { $0.key.lexicographicallyPrecedes($1.key) }
        var merged: [IndexEntry] = []
        merged.reserveCapacity(index.entries.count + sorted.count)
        var position = 0
        for (name, update) in sorted {
            while position < index.entries.count, index.compare(position, name) < 0 {
                merged.append(index.entries[position])
                position += 1
            }
            let existing = position < index.entries.count && index.compare(position, name) == 0
            let old = existing ? index.entries[position] : nil
            if existing { position += 1 }
            guard let (stat, oid) = update else {
                if existing { index.cacheTree?.invalidate(along: name[...]) }
                continue
            }
            let range: Range<Int>
            if let old {
                range = old.name
            } else {
                range = index.names.count..<(index.names.count + name.count)
                index.names.append(contentsOf: name)
            }
            var oldID = old?.oid ?? git_oid()
            var newID = oid
            if old == nil || old?.stat.mode != stat.mode || git_oid_equal(&oldID, &newID) != 1 {
                index.cacheTree?.invalidate(along: name[...])
            }
            merged.append(IndexEntry(stat: stat, oid: oid, name: range))
        }
        merged.append(contentsOf: index.entries[position...])
        index.entries = merged
    }

    /// Brings the cache tree `node` (the folder `prefix`, empty or ending with `/`) up to date after
    /// the paths `changed` under it were staged as `trees.after` commits them. A folder whose
    /// entries were the parent commit's (valid, with the parent's tree) now holds the new
    /// commit's tree; any other is invalidated along the paths, as git does.
    private func refresh(_ node: inout CacheTree, prefix: [UInt8], trees: CommittedTrees, changed: [[UInt8]], index: IndexFile) throws {
        try withTree(optional: trees.before) { before in
            try withTree(optional: trees.after) { after in
                try refresh(&node, prefix: prefix, before: before, after: after, changed: changed, index: index)
            }
        }
    }

    private func refresh(
        _ node: inout CacheTree, prefix: [UInt8], before: OpaquePointer?, after: OpaquePointer?, changed: [[UInt8]], index: IndexFile
    ) throws {
        guard node.isValid, var cached = node.oid, let before, let beforeID = git_tree_id(before), git_oid_equal(&cached, beforeID) == 1,
            let after, let afterID = git_tree_id(after)
        else {
            for path in changed { node.invalidate(along: path[prefix.count...]) }
            return
        }
        node.oid = afterID.pointee
        node.entryCount = index.count(under: prefix)
        // The changed paths by the subfolder they are in; files directly here change only the count.
        var bySubfolder: [[UInt8]: [[UInt8]]] = [:]
        for path in changed {
            guard let slash = path[prefix.count...].firstIndex(of: 0x2F) else { continue }
            bySubfolder[Array(path[prefix.count..<slash]), default: []].append(path)
        }
        for (name, paths) in bySubfolder.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
            let folder = prefix + name + [0x2F]
            let existing = node.children.firstIndex { $0.name == name }
            try withSubtree(of: after, named: name) { newSubtree in
                guard let newSubtree else {
                    if let existing { node.children.remove(at: existing) }
                    return
                }
                if let existing {
                    try withSubtree(of: before, named: name) { oldSubtree in
                        try refresh(
                            &node.children[existing], prefix: folder, before: oldSubtree, after: newSubtree, changed: paths, index: index)
                    }
                } else {
                    node.children.append(try cacheTree(of: newSubtree, name: name, prefix: folder, index: index))
                }
            }
        }
    }

    /// The cache tree of a folder whose index entries are exactly `tree`'s.
    private func cacheTree(of tree: OpaquePointer, name: [UInt8], prefix: [UInt8], index: IndexFile) throws -> CacheTree {
        var children: [CacheTree] = []
        for item in 0..<git_tree_entrycount(tree) {
            guard let entry = git_tree_entry_byindex(tree, item), git_tree_entry_type(entry) == GIT_OBJECT_TREE,
                let entryName = git_tree_entry_name(entry)
            else { continue }
            let childName = Array(String(cString: entryName).utf8)
            try withSubtree(of: tree, named: childName) { subtree in
                guard let subtree else { return }
                children.append(try cacheTree(of: subtree, name: childName, prefix: prefix + childName + [0x2F], index: index))
            }
        }
        return CacheTree(name: name, entryCount: index.count(under: prefix), oid: git_tree_id(tree)?.pointee, children: children)
    }

    /// Runs `body` with the subtree `name` of `tree`, or with nil when `tree` has no folder of that name.
    private func withSubtree(of tree: OpaquePointer?, named name: [UInt8], _ body: (OpaquePointer?) throws -> Void) throws {
        guard let tree,
            let entry = (name + [0]).withUnsafeBufferPointer({ buffer in
                buffer.withMemoryRebound(to: CChar.self) { git_tree_entry_byname(tree, $0.baseAddress) }
            }), git_tree_entry_type(entry) == GIT_OBJECT_TREE, let id = git_tree_entry_id(entry)
        else { return try body(nil) }
        var subtree: OpaquePointer?
        try check(git_tree_lookup(&subtree, pointer, id), "git_tree_lookup")
        defer { git_tree_free(subtree) }
        try body(subtree)
    }

    /// Entries that may have changed unseen (their file changed no earlier than the index was
    /// written) and whose file no longer holds their blob get size 0, as git and libgit2 do when
    /// they write an index: once the new index is newer than the file, its stat data alone would
    /// call the entry unchanged.
    private func smudgeRacilyClean(
        _ index: inout IndexFile, except updates: [[UInt8]: (IndexStat, git_oid)?], root: String
    ) throws {
        let racy = index.entries.indices.filter { position in
            index.entries[position].stat.isRacy(since: index.stamp) && updates[Array(index.name(position))] == nil
        }
        guard !racy.isEmpty else { return }
        let changed = try withAttributesIndex(index) {
            racy.filter { position in
                let entry = index.entries[position]
                var info = stat()
                guard lstat(root + "/" + index.path(position), &info) == 0, let disk = IndexStat(info) else { return false }
                // Stat data that differ already show the change.
                guard entry.stat.mode == disk.mode, entry.stat.size == disk.size, entry.stat.mtimeSeconds == disk.mtimeSeconds,
                    entry.stat.mtimeNanoseconds == disk.mtimeNanoseconds, entry.stat.inode == disk.inode
                else { return false }
                return blobMatches(index, position, root: root) != true
            }
        }
        for position in changed { index.entries[position].stat.size = 0 }
    }
}
