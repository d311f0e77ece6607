import Clibgit2
import Foundation
import SystemIO

/// One path whose state differs between HEAD, the index and the working directory.
public struct StatusEntry: Hashable, Sendable {
    /// How a path changed.
    public enum Kind: String, Hashable, Sendable {
        case new, modified, deleted, renamed, typechange, conflicted
    }

    /// The path relative to the working directory (the new path for a rename).
    public var path: String
    /// The path before a rename, when rename detection found one.
    public var oldPath: String?
    /// The overall change from HEAD to the working directory.
    public var kind: Kind
    /// Whether the index differs from HEAD for this path (a staged change).
    public var inIndex: Bool
    /// Whether the working directory differs from the index for this path (an unstaged change, or untracked).
    public var inWorkdir: Bool
}

extension Repository {
    /// Brings the index in line with the working directory for exactly these paths.
    ///
    /// A path whose file exists is added (even when ignored, since it was named explicitly); a path
    /// whose file is gone is removed from the index. Paths are files relative to the working directory;
    /// nothing else is touched. A directory fails with `.directory`; an absolute path or one with
    /// `.` or `..` components fails with `.invalid`.
    ///
    /// `known` gives the blob already written for a path, so a large file is not read and stored a
    /// second time: its index entry is made from the file's `lstat` and that blob.
    public func stage(paths: [String], known: [String: (OID, FileMode)] = [:]) throws {
        try stage(paths: paths, known: known.mapValues { StagedFile(oid: $0.0, mode: $0.1) })
    }

    /// Takes the working files' new stat data into the index for `paths` whose entry holds the blob
    /// `expected` gives them, the blob unchanged: what `git update-index --refresh` does after a file
    /// was rewritten with the same clean form (an LFS pointer replaced by its object's bytes, or
    /// back). A path whose entry holds another blob is left alone.
    public func refreshStat(_ expected: [String: OID]) throws {
        var current: [String: OID] = [:]
        try withIndex { index in
            for path in expected.keys {
                try requireNoNUL(path, "git_index_get_bypath")
                guard let entry = git_index_get_bypath(index, path, 0)?.pointee else { continue }
                current[path] = OID(entry.id)
            }
        }
        let matching = expected.filter { current[$0.key] == $0.value }
        guard !matching.isEmpty else { return }
        try stage(paths: matching.keys.sorted(), known: matching.mapValues { ($0, FileMode.regular) })
    }

    /// ``stage(paths:known:)`` with the stat data each known file had before it was read, and the
    /// trees of the commit the paths were just committed in, when they were.
    ///
    /// When every path is known or gone, the index is rewritten here (``stageQuickly(_:known:)``);
    /// otherwise, or when the index needs it, through libgit2.
    func stage(paths: [String], known: [String: StagedFile], committed: CommittedTrees? = nil) throws {
        guard let workdir else {
            throw GitError(code: .bareRepo, message: "cannot stage in a bare repository", function: "git_index_add_bypath")
        }
        for path in paths { try requireRelativePath(path, "git_index_add_bypath") }
        if try stageQuickly(paths, known: known, committed: committed) { return }
        try requireRegularControlFiles(forPaths: paths)
        try withIndex { index in
            for path in paths {
                let file = workdir.appendingPathComponent(path).path
                var info = stat()
                if let known = known[path], known.mode == .regular || known.mode == .executable, lstat(file, &info) == 0 {
                    let (oid, mode) = (known.oid, known.mode)
                    var entry = git_index_entry()
                    let stamp = FileStamp(info)
                    entry.ctime = git_index_time(
                        seconds: Int32(truncatingIfNeeded: stamp.changed.seconds),
                        nanoseconds: UInt32(truncatingIfNeeded: stamp.changed.nanoseconds))
                    entry.mtime = git_index_time(
                        seconds: Int32(truncatingIfNeeded: stamp.modified.seconds),
                        nanoseconds: UInt32(truncatingIfNeeded: stamp.modified.nanoseconds))
                    entry.dev = UInt32(truncatingIfNeeded: info.st_dev)
                    entry.ino = UInt32(truncatingIfNeeded: info.st_ino)
                    entry.mode = mode.rawValue
                    entry.uid = info.st_uid
                    entry.gid = info.st_gid
                    entry.file_size = UInt32(truncatingIfNeeded: info.st_size)
                    entry.id = oid.raw
                    try path.withCString { cPath in
                        entry.path = cPath
                        try check(git_index_add(index, &entry), "git_index_add")
                    }
                    continue
                }
                // lstat does not follow a final symlink, so a dangling link still counts as present.
                // Only a file that is not there is staged as removed: one that cannot be looked at
                // (a folder without permission) is an error, never a deletion committed.
                if lstat(file, &info) == 0 {
                    // libgit2 would open a pipe and wait on it for ever.
                    if info.st_mode & S_IFMT != S_IFREG, info.st_mode & S_IFMT != S_IFLNK { throw NotRegularFile(path: path) }
                    try check(git_index_add_bypath(index, path), "git_index_add_bypath")
                } else if errno == ENOENT || errno == ENOTDIR {
                    try check(git_index_remove_bypath(index, path), "git_index_remove_bypath")
                } else {
                    let number = errno
                    throw GitError(
                        code: .other(-1), klass: Int32(GIT_ERROR_OS.rawValue),
                        message: "\(path): \(String(cString: strerror(number)))", function: "lstat")
                }
            }
            try check(git_index_write(index), "git_index_write")
        }
    }

    /// Lists every path that differs between HEAD, the index and the working directory.
    ///
    /// Untracked files are included one by one (recursing into untracked directories), ignored files
    /// are left out according to `.gitignore` and friends. Renames are only reported when
    /// `detectRenames` is set; otherwise a rename shows as a deletion plus a new file.
    public func status(detectRenames: Bool = false) throws -> [StatusEntry] {
        ignoredByLastStatus = nil
        try requireRegularControlFiles(forPaths: [])
        if !detectRenames, let entries = try quickStatus() { return entries }
        // libgit2 walks the whole working directory, reading every folder's control files.
        try requireRegularControlFiles()
        return try statusThroughLibgit2(detectRenames: detectRenames)
    }

    /// ``status(detectRenames:)`` as libgit2 computes it.
    func statusThroughLibgit2(detectRenames: Bool = false) throws -> [StatusEntry] {
        var options = git_status_options()
        try check(git_status_options_init(&options, UInt32(GIT_STATUS_OPTIONS_VERSION)), "git_status_options_init")
        options.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR
        options.flags =
            GIT_STATUS_OPT_INCLUDE_UNTRACKED.rawValue
            | GIT_STATUS_OPT_RECURSE_UNTRACKED_DIRS.rawValue
            | GIT_STATUS_OPT_EXCLUDE_SUBMODULES.rawValue
            | GIT_STATUS_OPT_SORT_CASE_SENSITIVELY.rawValue
        if detectRenames {
            options.flags |=
                GIT_STATUS_OPT_RENAMES_HEAD_TO_INDEX.rawValue
                | GIT_STATUS_OPT_RENAMES_INDEX_TO_WORKDIR.rawValue
        }
        var list: OpaquePointer?
        try check(git_status_list_new(&list, pointer, &options), "git_status_list_new")
        defer { git_status_list_free(list) }
        var entries: [StatusEntry] = []
        for position in 0..<git_status_list_entrycount(list) {
            guard let entry = git_status_byindex(list, position)?.pointee else { continue }
            if let status = StatusEntry(entry) { entries.append(status) }
        }
        return entries
    }
}

extension StatusEntry {
    init?(_ entry: git_status_entry) {
        let flags = entry.status.rawValue
        func has(_ flag: git_status_t) -> Bool { flags & flag.rawValue != 0 }
        let indexFlags: [git_status_t] = [
            GIT_STATUS_INDEX_NEW, GIT_STATUS_INDEX_MODIFIED, GIT_STATUS_INDEX_DELETED,
            GIT_STATUS_INDEX_RENAMED, GIT_STATUS_INDEX_TYPECHANGE,
        ]
        let workdirFlags: [git_status_t] = [
            GIT_STATUS_WT_NEW, GIT_STATUS_WT_MODIFIED, GIT_STATUS_WT_DELETED,
            GIT_STATUS_WT_RENAMED, GIT_STATUS_WT_TYPECHANGE, GIT_STATUS_WT_UNREADABLE,
        ]
        let inIndex = indexFlags.contains(where: has)
        let inWorkdir = workdirFlags.contains(where: has)
        let conflicted = has(GIT_STATUS_CONFLICTED)
        guard inIndex || inWorkdir || conflicted else { return nil }

        // Judge the change from HEAD to the working directory: what is on disk now wins.
        let kind: Kind
        if conflicted {
            kind = .conflicted
        } else if has(GIT_STATUS_WT_DELETED) || (has(GIT_STATUS_INDEX_DELETED) && !has(GIT_STATUS_WT_NEW)) {
            kind = .deleted
        } else if has(GIT_STATUS_INDEX_NEW) || has(GIT_STATUS_WT_NEW) {
            kind = .new
        } else if has(GIT_STATUS_INDEX_RENAMED) || has(GIT_STATUS_WT_RENAMED) {
            kind = .renamed
        } else if has(GIT_STATUS_INDEX_TYPECHANGE) || has(GIT_STATUS_WT_TYPECHANGE) {
            kind = .typechange
        } else {
            kind = .modified
        }

        // Prefer the workdir side, which carries the newest path when both sides exist.
        let delta = entry.index_to_workdir?.pointee ?? entry.head_to_index?.pointee
        guard let delta, let newPath = string(delta.new_file.path) ?? string(delta.old_file.path) else { return nil }
        var oldPath: String?
        if kind == .renamed {
            let original =
                entry.head_to_index.flatMap { string($0.pointee.old_file.path) }
                ?? string(delta.old_file.path)
            if original != newPath { oldPath = original }
        }
        self.init(path: newPath, oldPath: oldPath, kind: kind, inIndex: inIndex, inWorkdir: inWorkdir)
    }
}
