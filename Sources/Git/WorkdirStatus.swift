import Clibgit2
import Dispatch
import Foundation
import GitIndex
import Synchronization
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// How one side of the index differs for a path.
private enum Difference {
    case added, deleted, modified, typechange
}

/// What differs for a path: between HEAD and the index (staged), and between the index and the
/// working directory (unstaged; `added` for an untracked file).
private struct PathDifference {
    var staged: Difference?
    var unstaged: Difference?

    /// The status entry libgit2's status gives for these flags (see `StatusEntry.init`).
    func entry(_ path: String) -> StatusEntry {
        let kind: StatusEntry.Kind
        if unstaged == .deleted || (staged == .deleted && unstaged != .added) {
            kind = .deleted
        } else if staged == .added || unstaged == .added {
            kind = .new
        } else if staged == .typechange || unstaged == .typechange {
            kind = .typechange
        } else {
            kind = .modified
        }
        return StatusEntry(path: path, oldPath: nil, kind: kind, inIndex: staged != nil, inWorkdir: unstaged != nil)
    }
}

/// The repository settings that change how the working directory compares with the index.
struct CompareSettings {
    var trustCtime = true

    /// The settings, or nil when they ask for what only libgit2 does (case-insensitive names,
    /// ignored executable bits, links stored as files).
    init?(_ repository: Repository) {
        var config: OpaquePointer?
        guard succeededElseFallBack(git_repository_config_snapshot(&config, repository.pointer)) else { return nil }
        defer { git_config_free(config) }
        func flag(_ name: String, _ fallback: Bool) -> Bool? {
            var value: Int32 = 0
            // try?: a setting that cannot be read leaves the status to libgit2, which reads it itself.
            guard let found = try? succeeded(git_config_get_bool(&value, config, name), "git_config_get_bool", unless: GIT_ENOTFOUND)
            else { return nil }
            return found ? value != 0 : fallback
        }
        guard flag("core.ignorecase", false) == false, flag("core.filemode", true) == true,
            flag("core.symlinks", true) == true, let trustCtime = flag("core.trustctime", true)
        else { return nil }
        self.trustCtime = trustCtime
    }
}

/// What git ignores among the untracked paths a status listed: files, and folders it did not
/// enter (their files are not listed). Paths are relative to the working directory.
public struct IgnoredUntracked: Sendable, Equatable {
    public var files: [String] = []
    public var folders: [String] = []
}

extension Repository {
    /// What git ignored among the untracked paths of the last status, when this process listed the
    /// working directory itself (nil after libgit2's status); given once, so a later question
    /// never gets an answer older than the status that came before it.
    public func takeIgnoredFromLastStatus() -> IgnoredUntracked? {
        defer { ignoredByLastStatus = nil }
        return ignoredByLastStatus
    }
}

/// Thrown inside the comparison when the repository holds something only libgit2 compares (a
/// nested repository, a folder where the index has a file, a submodule): status then goes
/// through libgit2 from the start.
private struct LeftToLibgit2: Error {}

extension Repository {
    /// ``status(detectRenames:)`` without rename detection, done here: the index read directly,
    /// the working directory listed folder by folder on every core with `fstatat` relative to
    /// each folder, and HEAD's trees read only where the index's cache tree does not vouch for
    /// them. The result is libgit2's, entry for entry; nil when the repository uses something
    /// only libgit2 handles (see ``IndexFile``).
    func quickStatus() throws -> [StatusEntry]? {
        guard let workdir, let settings = CompareSettings(self),
            var index = IndexFile.read(gitDirectory.appendingPathComponent("index").path)
        else { return nil }
        // Keyed by the path's bytes, as git and the file system compare names: two names that differ
        // only in Unicode normalisation are two entries, which `String` keys would merge into one.
        var differences: [[UInt8]: PathDifference] = [:]
        var ignored = IgnoredUntracked()
        do {
            try compareHead(with: &index, into: &differences)
            try compareWorkdir(workdir.path, with: index, settings: settings, into: &differences, ignored: &ignored)
        } catch is LeftToLibgit2 {
            return nil
        }
        indexSnapshot = index
        ignoredByLastStatus = ignored
        return differences.sorted { $0.key.lexicographicallyPrecedes($1.key) }.map {
            $0.value.entry(String(decoding: $0.key, as: UTF8.self))
        }
    }

    // MARK: HEAD and the index

    /// Records what the index adds, removes or changes against HEAD's tree, and gives `index` the
    /// cache tree this comparison proves: every folder whose entries are HEAD's, with HEAD's tree.
    /// Written with the next commit, it spares the next comparison those folders.
    private func compareHead(with index: inout IndexFile, into differences: inout [[UInt8]: PathDifference]) throws {
        guard let head = try head() else {
            for position in index.entries.indices { try note(index.name(position), staged: .added, in: &differences) }
            return
        }
        try withTree(ofCommit: head) { root in
            if let cache = index.cacheTree, cache.isValid, cache.entryCount == index.entries.count,
                let id = git_tree_id(root), var cached = cache.oid, git_oid_equal(&cached, id) == 1
            {
                return
            }
            index.cacheTree = try compare(
                tree: root, name: [], prefix: [], range: index.entries.indices, cache: index.cacheTree, index: index,
                into: &differences)
        }
    }

    /// Compares one tree of HEAD with the index entries under `prefix` (`range`), descending only
    /// into subtrees the cache tree vouches for; gives the cache tree of this folder (valid when
    /// its entries are exactly the tree's).
    private func compare(
        tree: OpaquePointer, name: [UInt8], prefix: [UInt8], range: Range<Int>, cache: CacheTree?, index: IndexFile,
        into differences: inout [[UInt8]: PathDifference]
    ) throws -> CacheTree {
        let differencesBefore = differences.count
        // A mode git would not write (`100664`) makes the index's tree another object.
        var canonical = true
        var children: [CacheTree] = []
        var position = range.lowerBound
        var path = prefix
        for item in 0..<git_tree_entrycount(tree) {
            guard let entry = git_tree_entry_byindex(tree, item), let entryName = git_tree_entry_name(entry),
                let id = git_tree_entry_id(entry)
            else { throw LeftToLibgit2() }
            let nameBytes = UnsafeBufferPointer(
                start: UnsafeRawPointer(entryName).assumingMemoryBound(to: UInt8.self), count: strlen(entryName))
            path.removeSubrange(prefix.count...)
            path.append(contentsOf: nameBytes)
            switch git_tree_entry_type(entry) {
            case GIT_OBJECT_TREE:
                path.append(0x2F)
                while position < range.upperBound, index.compare(position, path) < 0 {
                    try note(index.name(position), staged: .added, in: &differences)
                    position += 1
                }
                let start = position
                position = index.firstPosition(after: path, in: position..<range.upperBound)
                let node = cache?.child(nameBytes)
                if let node, node.isValid, node.entryCount == position - start, var cached = node.oid,
                    git_oid_equal(&cached, id) == 1
                {
                    children.append(node)
                    continue
                }
                var subtree: OpaquePointer?
                try check(git_tree_lookup(&subtree, pointer, id), "git_tree_lookup")
                defer { git_tree_free(subtree) }
                guard let subtree else { throw LeftToLibgit2() }
                children.append(
                    try compare(
                        tree: subtree, name: Array(nameBytes), prefix: path, range: start..<position, cache: node, index: index,
                        into: &differences))
            case GIT_OBJECT_BLOB:
                while position < range.upperBound, index.compare(position, path) < 0 {
                    try note(index.name(position), staged: .added, in: &differences)
                    position += 1
                }
                guard position < range.upperBound, index.compare(position, path) == 0 else {
                    try note(path[...], staged: .deleted, in: &differences)
                    continue
                }
                var staged = index.entries[position]
                let mode = git_tree_entry_filemode(entry).rawValue
                if git_tree_entry_filemode_raw(entry).rawValue != mode { canonical = false }
                if staged.stat.mode != mode || git_oid_equal(&staged.oid, id) != 1 {
                    let typechange = staged.stat.mode & 0o170000 != mode & 0o170000
                    try note(path[...], staged: typechange ? .typechange : .modified, in: &differences)
                }
                position += 1
            default:
                throw LeftToLibgit2()
            }
        }
        while position < range.upperBound {
            try note(index.name(position), staged: .added, in: &differences)
            position += 1
        }
        let same = canonical && differences.count == differencesBefore && children.allSatisfy(\.isValid)
        return CacheTree(
            name: name, entryCount: same ? range.count : -1, oid: same ? git_tree_id(tree)?.pointee : nil, children: children)
    }

    private func note(
        _ path: ArraySlice<UInt8>, staged: Difference? = nil, unstaged: Difference? = nil,
        in differences: inout [[UInt8]: PathDifference]
    ) throws {
        // A name that is not UTF-8 would not survive the trip through a String.
        guard String(bytes: path, encoding: .utf8) != nil else { throw LeftToLibgit2() }
        let key = Array(path)
        if let staged { differences[key, default: PathDifference()].staged = staged }
        if let unstaged { differences[key, default: PathDifference()].unstaged = unstaged }
    }

    // MARK: The index and the working directory

    /// Records what the working directory adds, removes or changes against the index: every
    /// folder is listed (the folders of one depth together, on every core), each file compared by
    /// its stat data, and hashed only when that cannot tell (libgit2's and git's rules).
    private func compareWorkdir(
        _ root: String, with index: IndexFile, settings: CompareSettings, into differences: inout [[UInt8]: PathDifference],
        ignored: inout IgnoredUntracked
    ) throws {
        let folders = IndexFolders(index)
        var seen = [Bool](repeating: false, count: index.entries.count)
        var uncertain: [Int] = []
        var untracked: [[UInt8]] = []
        var level: [FolderVisit] = [FolderVisit(path: [], tracked: true)]
        let rememberedURL = RememberedListings.url(gitDirectory: gitDirectory)
        let remembered = RememberedListings.read(rememberedURL)
        var remembering: [[UInt8]: RememberedFolder] = [:]
        lastListings = (0, 0)
        let settled = listingsSettled()
        // Asked before any file is looked at: a change finished before this moment is in the answer.
        let watched = index.stamp.flatMap { stamp in workdirWatch?.changes(indexStamp: stamp, entries: index.entries.count) }
        var mustCheck = Set<Int>()
        for path in watched?.paths ?? [] { mustCheck.formUnion(index.positions(of: path)) }
        func request(_ path: [UInt8], tracked: [Int]) -> FolderListing.Request {
            FolderListing.Request(
                path: root + "/" + String(decoding: path, as: UTF8.self), folderCount: path.count, tracked: tracked,
                remembered: remembered[path], watched: watched?.isWatched(path[...]) ?? false, mustCheck: mustCheck)
        }
        // Every remembered folder at once, on every core, before the walk needs it: folder by
        // folder, depth by depth, the cores would wait for each other at every depth. A folder
        // the walk does not reach again (gone, ignored now) was listed for nothing.
        var early: [[UInt8]: (tracked: [Int], outcome: FolderListing.Outcome)] = [:]
        if !remembered.isEmpty {
            let paths = Array(remembered.keys)
            let requests = paths.map { request($0, tracked: folders.files[$0] ?? []) }
            let outcomes = FolderListing.list(requests, index: index, settled: settled)
            for (i, path) in paths.enumerated() {
                if let outcome = outcomes[i] { early[path] = (requests[i].tracked, outcome) }
            }
        }
        while !level.isEmpty {
            var outcomes = [FolderListing.Outcome?](repeating: nil, count: level.count)
            var requests: [FolderListing.Request] = []
            var requested: [Int] = []
            for (i, visit) in level.enumerated() {
                let tracked = visit.tracked ? folders.files[visit.path] ?? [] : []
                if let listed = early.removeValue(forKey: visit.path), listed.tracked == tracked {
                    outcomes[i] = listed.outcome
                } else {
                    requests.append(request(visit.path, tracked: tracked))
                    requested.append(i)
                }
            }
            for (k, outcome) in FolderListing.list(requests, index: index, settled: settled).enumerated() {
                outcomes[requested[k]] = outcome
            }
            for (visit, outcome) in zip(level, outcomes) {
                if outcome?.reused == true { lastListings.reused += 1 } else { lastListings.listed += 1 }
                if let kept = outcome?.remembered { remembering[visit.path] = kept }
            }
            let listings = outcomes.map { $0?.listing }
            // libgit2 reads these folders' control files as soon as it is asked whether a name in
            // them is ignored: one that is not a regular file stops the status first.
            for (visit, listing) in zip(level, listings) {
                guard let listing else { continue }
                for item in listing.items {
                    let name = listing.name(item)
                    // Both control files' names begin with a dot; most names do not.
                    guard name.first == UInt8(ascii: "."), ControlFiles.perFolder.contains(where: { name.elementsEqual($0.utf8) }) else {
                        continue
                    }
                    let relative = visit.path.isEmpty ? Array(name) : visit.path + [0x2F] + name
                    let path = String(decoding: relative, as: UTF8.self)
                    if !ControlFiles.isReadable(root + "/" + path) { throw NotRegularFile(path: path) }
                }
            }
            var next: [FolderVisit] = []
            for (visit, listing) in zip(level, listings) {
                guard let listing else { throw LeftToLibgit2() }
                let files = visit.tracked ? folders.files[visit.path] ?? [] : []
                let subfolders = visit.tracked ? folders.subfolders[visit.path] ?? [] : []
                var filePosition = 0
                for item in listing.items {
                    let name = listing.name(item)
                    func path() -> [UInt8] { visit.path.isEmpty ? Array(name) : visit.path + [0x2F] + name }
                    // Index files named before this item are gone from the folder.
                    while filePosition < files.count, index.compareLast(files[filePosition], name, folderCount: visit.path.count) < 0 {
                        filePosition += 1
                    }
                    let tracked =
                        filePosition < files.count
                        && index.compareLast(files[filePosition], name, folderCount: visit.path.count) == 0
                    let isDotGit = name.elementsEqual(".git".utf8)
                    // The repository itself; one further down is a nested repository, libgit2's.
                    if isDotGit && visit.path.isEmpty { continue }
                    if isDotGit { throw LeftToLibgit2() }
                    switch item.kind {
                    case .folder:
                        // A folder where the index has a file: libgit2's.
                        if tracked { throw LeftToLibgit2() }
                        guard String(bytes: name, encoding: .utf8) != nil else { throw LeftToLibgit2() }
                        if subfolders.contains(Array(name)) {
                            next.append(FolderVisit(path: path(), tracked: true))
                        } else if try !isIgnored(path() + [0x2F]) {
                            next.append(FolderVisit(path: path(), tracked: false))
                        } else {
                            ignored.folders.append(String(decoding: path(), as: UTF8.self))
                        }
                    case .file(let stat):
                        guard tracked else {
                            // A file where the index has a folder: libgit2's.
                            if subfolders.contains(Array(name)) { throw LeftToLibgit2() }
                            untracked.append(path())
                            continue
                        }
                        let position = files[filePosition]
                        seen[position] = true
                        switch Self.compare(index.entries[position].stat, stat, index: index, settings: settings) {
                        case .same: break
                        case .differs(let difference): try note(path()[...], unstaged: difference, in: &differences)
                        case .unsure: uncertain.append(position)
                        }
                        filePosition += 1
                    case .other:
                        throw LeftToLibgit2()
                    }
                }
            }
            level = next
        }
        for position in seen.indices where !seen[position] {
            try note(index.name(position), unstaged: .deleted, in: &differences)
        }
        // What the watcher must name next time too: every tracked file this status did not find the same.
        if let watch = workdirWatch, let stamp = index.stamp {
            watch.statusFinished(indexStamp: stamp, notSame: Array(differences.keys) + uncertain.map { Array(index.name($0)) })
        }
        try withAttributesIndex(uncertain.isEmpty ? nil : index) {
            for position in uncertain {
                // A file that vanished or cannot be read: libgit2's status says what it says of it.
                guard let matches = blobMatches(index, position, root: root) else { throw LeftToLibgit2() }
                if !matches { try note(index.name(position), unstaged: .modified, in: &differences) }
            }
        }
        for path in untracked {
            if try !isIgnored(path) {
                try note(path[...], unstaged: .added, in: &differences)
            } else if let text = String(bytes: path, encoding: .utf8) {
                ignored.files.append(text)
            }
        }
        // Written only when a folder was listed or one is gone: a status of an unchanged tree writes nothing.
        if lastListings.listed > 0 || remembering.count != remembered.count { RememberedListings.write(remembering, to: rememberedURL) }
    }

    /// How a file on disk compares with its index entry by stat data alone.
    private enum StatComparison {
        case same
        case differs(Difference)
        /// The stat data differ but the content may not, or the entry is racily clean: hash it.
        case unsure
    }

    /// libgit2's rules (`maybe_modified`): another kind of file is a type change; another mode
    /// or size a modification (unsure only when the index had size 0); another time, inode or
    /// owner, or a file changed no earlier than the index was written, needs the content.
    private static func compare(_ staged: IndexStat, _ disk: IndexStat, index: IndexFile, settings: CompareSettings) -> StatComparison {
        if staged.mode & 0o170000 != disk.mode & 0o170000 { return .differs(.typechange) }
        if staged.mode != disk.mode { return .differs(.modified) }
        if staged.size != disk.size { return staged.size == 0 && disk.size > 0 ? .unsure : .differs(.modified) }
        if staged.mtimeSeconds != disk.mtimeSeconds || staged.mtimeNanoseconds != disk.mtimeNanoseconds
            || (settings.trustCtime && (staged.ctimeSeconds != disk.ctimeSeconds || staged.ctimeNanoseconds != disk.ctimeNanoseconds))
            || staged.inode != disk.inode || staged.uid != disk.uid || staged.gid != disk.gid
            || disk.isRacy(since: index.stamp)
        {
            return .unsure
        }
        return .same
    }

    /// Whether the file of index entry `position` still holds the entry's blob, hashed as
    /// `git add` would store it (through the path's filters; a link's target); nil when the file
    /// cannot be read.
    func blobMatches(_ index: IndexFile, _ position: Int, root: String) -> Bool? {
        var entry = index.entries[position]
        let path = index.path(position)
        var oid = git_oid()
        if entry.stat.mode == 0o120000 {
            var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(root + "/" + path, &target, target.count)
            guard count >= 0, succeededElseFallBack(git_odb_hash(&oid, target, count, GIT_OBJECT_BLOB)) else { return nil }
        } else if let streamed = streamedHashIfAny(path) {
            // A filter that cleans piece by piece (LFS): libgit2 would read the whole file into memory first.
            guard let streamed else { return nil }
            oid = streamed.raw
        } else {
            guard succeededElseFallBack(git_repository_hashfile(&oid, pointer, path, GIT_OBJECT_BLOB, nil)) else { return nil }
        }
        return git_oid_equal(&oid, &entry.oid) == 1
    }

    /// The streamed hash of a working file (``streamedHash(ofWorkingFile:)``): nil when no streaming
    /// filter applies, `.some(nil)` when one does and the file cannot be read through it.
    private func streamedHashIfAny(_ path: String) -> OID?? {
        do {
            guard let oid = try streamedHash(ofWorkingFile: path) else { return nil }
            return .some(oid)
        } catch {
            return .some(nil)
        }
    }

    /// Whether git ignores `path` (a folder when it ends with `/`).
    private func isIgnored(_ path: [UInt8]) throws -> Bool {
        guard let text = String(bytes: path, encoding: .utf8) else { throw LeftToLibgit2() }
        var ignored: Int32 = 0
        try check(git_ignore_path_is_ignored(&ignored, pointer, text), "git_ignore_path_is_ignored")
        return ignored != 0
    }
}

// MARK: - The index by folder

/// A folder to list: its path from the working directory's root, and whether the index has
/// anything under it.
private struct FolderVisit {
    var path: [UInt8]
    var tracked: Bool
}
