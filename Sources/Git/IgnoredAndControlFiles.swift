import Clibgit2
import Foundation
import GitIndex
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

extension Repository {
    /// The paths among `paths` (working-directory-relative files) that git ignores and does not
    /// track: a commit of the working directory never takes them. A tracked file is never ignored.
    public func ignoredUntracked(_ paths: [String]) throws -> [String] {
        guard !paths.isEmpty else { return [] }
        // Only the untracked ones are asked about, so only their folders' control files are read.
        let untracked = try untrackedPaths(among: paths)
        guard !untracked.isEmpty else { return [] }
        try requireRegularControlFiles(forPaths: untracked)
        var ignored: [String] = []
        for path in untracked {
            try requireNoNUL(path, "git_ignore_path_is_ignored")
            var flag: Int32 = 0
            try check(git_ignore_path_is_ignored(&flag, pointer, path), "git_ignore_path_is_ignored")
            if flag != 0 { ignored.append(path) }
        }
        return ignored
    }

    /// The paths the index holds (any stage) whose bytes `matches` accepts, in the index's order.
    public func trackedPaths(where matches: (ArraySlice<UInt8>) -> Bool) throws -> [String] {
        if let index = currentIndexFile() {
            return index.entries.indices.filter { matches(index.name($0)) }.map { index.path($0) }
        }
        var index: OpaquePointer?
        try check(git_repository_index(&index, pointer), "git_repository_index")
        defer { git_index_free(index) }
        var found: [String] = []
        for position in 0..<git_index_entrycount(index) {
            guard let entry = git_index_get_byindex(index, position)?.pointee, let name = entry.path else { continue }
            let length = strlen(name)
            let bytes = name.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
            if matches(bytes[...]) { found.append(String(decoding: bytes, as: UTF8.self)) }
        }
        return found
    }

    /// Those of `paths` the index does not hold, in their order.
    func untrackedPaths(among paths: [String]) throws -> [String] {
        guard let index = currentIndexFile() else {
            let tracked = try trackedPaths(among: paths)
            return paths.filter { !tracked.contains(Array($0.utf8)) }
        }
        return paths.filter { path in
            var path = path
            return path.withUTF8 { !index.contains($0) }
        }
    }

    /// Which of `paths` the index holds (compared byte for byte, as git does).
    public func trackedPaths(among paths: [String]) throws -> Set<[UInt8]> {
        var found = Set<[UInt8]>()
        if let index = currentIndexFile() {
            for path in paths where index.contains(Array(path.utf8)) { found.insert(Array(path.utf8)) }
            return found
        }
        var index: OpaquePointer?
        try check(git_repository_index(&index, pointer), "git_repository_index")
        defer { git_index_free(index) }
        for path in paths where git_index_get_bypath(index, path, 0) != nil { found.insert(Array(path.utf8)) }
        return found
    }
}

extension IndexFile {
    /// Whether an entry (of any stage) has exactly the path `bytes`.
    func contains(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { contains($0) }
    }

    /// The same for bytes in place.
    func contains(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if compare(middle, bytes) < 0 { low = middle + 1 } else { high = middle }
        }
        return low < entries.count && compare(low, bytes) == 0
    }
}

/// git reads `.gitignore` and `.gitattributes` (in every folder), `.git/info/exclude` and
/// `.git/info/attributes` whenever it walks the working directory or filters a file. libgit2 opens
/// them with a plain `open`, which waits for ever on a named pipe: one such file (a pipe made by
/// another program, or a link to one) would hang every status, commit, checkout and sync. They are
/// looked at first; one that is not a regular file (or a link to one) stops the operation with an
/// error naming it.
public enum ControlFiles {
    /// The names git reads in every folder of the working directory.
    static let perFolder = [".gitignore", ".gitattributes"]

    /// The first file git would read for `paths` (working-directory-relative) that is not a
    /// regular file: those of each path's folders and of the repository's `info/`.
    public static func problem(forPaths paths: [String], workdir: URL, gitDirectory: URL) -> String? {
        // Each path's folders, found by its slashes (paths are working-directory-relative, so
        // `a/b/c.md` is in `a/b` and `a`); a folder seen once has had its parents seen too.
        var folders = Set<String>([""])
        for path in paths {
            var utf8 = path.utf8[...]
            while let slash = utf8.lastIndex(of: UInt8(ascii: "/")) {
                utf8 = utf8[..<slash]
                guard folders.insert(String(Substring(utf8))).inserted else { break }
            }
        }
        for folder in folders.sorted() {
            for name in perFolder {
                let relative = folder.isEmpty ? name : folder + "/" + name
                if !isReadable(workdir.appendingPathComponent(relative).path) { return relative }
            }
        }
        return infoProblem(gitDirectory)
    }

    /// The first such file anywhere in the working directory (outside `.git`), for operations that
    /// walk all of it (a status, a checkout); nil when there is none.
    public static func problem(inTreeAt workdir: URL, gitDirectory: URL) -> String? {
        let fd = open(workdir.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if fd >= 0, let found = walk(fd, relative: []) { return found }
        return infoProblem(gitDirectory)
    }

    private static func infoProblem(_ gitDirectory: URL) -> String? {
        for name in ["info/exclude", "info/attributes"] where !isReadable(gitDirectory.appendingPathComponent(name).path) {
            return ".git/" + name
        }
        return nil
    }

    /// Whether git may open `path`: nothing there, a folder (git skips it), a regular file, or a
    /// link to one.
    static func isReadable(_ path: String) -> Bool {
        isReadable(in: AT_FDCWD, path)
    }

    /// ``isReadable(_:)`` for `name` in the folder open as `folder`.
    static func isReadable(in folder: Int32, _ name: UnsafePointer<CChar>) -> Bool {
        var info = stat()
        guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return true }
        switch info.st_mode & S_IFMT {
        case S_IFREG, S_IFDIR: return true
        case S_IFLNK:
            var target = stat()
            guard fstatat(folder, name, &target, 0) == 0 else { return true }
            return target.st_mode & S_IFMT == S_IFREG || target.st_mode & S_IFMT == S_IFDIR
        default: return false
        }
    }

    /// The folders under the one open as `fd` (taken, closed here), `d_type` telling files from
    /// folders without a `stat` each; only entries named as git's control files are looked at
    /// closely. Each name is used as its bytes, relative to its folder: a folder whose name is not
    /// UTF-8 is walked as git walks it.
    private static func walk(_ fd: Int32, relative: [UInt8]) -> String? {
        guard let directory = fdopendir(fd) else {
            close(fd)
            return nil
        }
        defer { closedir(directory) }
        let folder = dirfd(directory)
        var subfolders: [[UInt8]] = []
        while let entry = readdir(directory) {
            let type = entry.pointee.d_type
            let name = DirectoryEntry.nameBytes(entry)
            if DirectoryEntry.isDots(name) || (relative.isEmpty && name.elementsEqual(".git".utf8)) { continue }
            if perFolder.contains(where: { name.elementsEqual($0.utf8) }) {
                guard DirectoryEntry.withCName(entry, { cName, _ in isReadable(in: folder, cName) }) else {
                    return String(decoding: relative.isEmpty ? name : relative + [UInt8(ascii: "/")] + name, as: UTF8.self)
                }
            } else if type == UInt8(DT_DIR) {
                subfolders.append(name)
            } else if type == UInt8(DT_UNKNOWN) {
                var info = stat()
                let found = DirectoryEntry.withCName(entry) { cName, _ in fstatat(folder, cName, &info, AT_SYMLINK_NOFOLLOW) == 0 }
                if found, info.st_mode & S_IFMT == S_IFDIR { subfolders.append(name) }
            }
        }
        for name in subfolders.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            let child = (name + [0]).withUnsafeBytes { bytes in
                bytes.baseAddress.map {
                    openat(folder, $0.assumingMemoryBound(to: CChar.self), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                }
                    ?? -1
            }
            guard child >= 0 else { continue }
            if let found = walk(child, relative: relative.isEmpty ? name : relative + [UInt8(ascii: "/")] + name) { return found }
        }
        return nil
    }
}

/// Thrown instead of handing libgit2 a file it would open that is not a regular file: a control
/// file (see ``ControlFiles``) or a file to commit (a pipe in a tracked file's place). `path` names
/// it, relative to the working directory (`.git/info/exclude` for the repository's own).
public struct NotRegularFile: Error, Sendable, Equatable {
    public let path: String
}

extension Repository {
    /// Throws ``NotRegularFile`` for the first file git would read for `paths` that is not
    /// a regular file; nothing for a bare repository.
    func requireRegularControlFiles(forPaths paths: [String]) throws {
        guard let workdir else { return }
        if let bad = ControlFiles.problem(forPaths: paths, workdir: workdir, gitDirectory: gitDirectory) {
            throw NotRegularFile(path: bad)
        }
    }

    /// The same for an operation that walks the whole working directory.
    func requireRegularControlFiles() throws {
        guard let workdir else { return }
        if let bad = ControlFiles.problem(inTreeAt: workdir, gitDirectory: gitDirectory) { throw NotRegularFile(path: bad) }
    }
}
