import Clibgit2
import Foundation
import GitIndex
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// An open git repository; the sole owner of its libgit2 handle, which it frees when released.
///
/// A repository is not thread-safe, so it is deliberately not `Sendable`: use it from one task at a
/// time, and open another instance for another thread. Everything it returns is a plain `Sendable` value.
public final class Repository {
    let pointer: OpaquePointer
    /// The index as this process last read or wrote it itself, so that a commit right after a
    /// status does not read it again (checked against the file's stamp before use).
    var indexSnapshot: IndexFile?
    /// What git ignores among the untracked paths the last status listed (``takeIgnoredFromLastStatus()``).
    var ignoredByLastStatus: IgnoredUntracked?
    /// The time before which a folder's stamp is trusted as settled, asked as a status begins to
    /// list the working directory: a folder changed later may change again within the file
    /// system's clock resolution unseen, and is listed again next time. Tests replace it.
    var listingsSettled: () -> Int64 = { Repository.now() &- Repository.listingsRacyWindowNanoseconds }
    /// How many folders the last quick status listed, and how many it named from what it remembered.
    var lastListings = (listed: 0, reused: 0)
    /// A file watcher that names the files that changed (``WorkdirWatch``); nil: every tracked file is `stat`ed.
    public var workdirWatch: (any WorkdirWatch)?
    /// As wide as the catalog's: folders on file systems with coarse times are still told apart.
    static let listingsRacyWindowNanoseconds: Int64 = 2_000_000_000

    /// Sets how recently a folder may have changed and still be remembered by a status: the
    /// catalog's window (`FOLIO_RACY_WINDOW_MS`), so one setting holds both.
    public func setListingsRacyWindow(nanoseconds window: Int64) {
        listingsSettled = { Repository.now() &- window }
    }

    static func now() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return FileStamp.nanoseconds(now)
    }

    private init(pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        git_repository_free(pointer)
    }

    /// Creates a repository at `url` (making missing directories) whose unborn HEAD names `initialBranch`.
    ///
    /// Creating where a repository already exists reopens it, as `git init` does.
    public static func create(at url: URL, initialBranch: String = "main", bare: Bool = false) throws -> Repository {
        try initializeLibrary()
        let path = url.path
        try requireNoNUL(path, "git_repository_init_ext")
        try requireNoNUL(initialBranch, "git_repository_init_ext")
        var options = git_repository_init_options()
        try check(
            git_repository_init_options_init(&options, UInt32(GIT_REPOSITORY_INIT_OPTIONS_VERSION)),
            "git_repository_init_options_init")
        options.flags = GIT_REPOSITORY_INIT_MKPATH.rawValue
        if bare { options.flags |= GIT_REPOSITORY_INIT_BARE.rawValue }
        var handle: OpaquePointer?
        try initialBranch.withCString { branch in
            options.initial_head = branch
            try check(git_repository_init_ext(&handle, path, &options), "git_repository_init_ext")
        }
        return try wrap(handle, "git_repository_init_ext")
    }

    /// Opens the repository whose working directory (or git directory) is exactly `url`, without searching upwards.
    public static func open(at url: URL) throws -> Repository {
        try initializeLibrary()
        try requireNoNUL(url.path, "git_repository_open_ext")
        var handle: OpaquePointer?
        try check(
            git_repository_open_ext(&handle, url.path, GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, nil),
            "git_repository_open_ext")
        return try wrap(handle, "git_repository_open_ext")
    }

    /// Opens the repository containing `url`, searching it and then its parents as git does.
    public static func discover(from url: URL) throws -> Repository {
        try initializeLibrary()
        try requireNoNUL(url.path, "git_repository_open_ext")
        var handle: OpaquePointer?
        try check(git_repository_open_ext(&handle, url.path, 0, nil), "git_repository_open_ext")
        return try wrap(handle, "git_repository_open_ext")
    }

    private static func wrap(_ handle: OpaquePointer?, _ function: String) throws -> Repository {
        guard let handle else {
            throw GitError(code: .other(-1), message: "no repository returned", function: function)
        }
        return Repository(pointer: handle)
    }

    /// The working directory, or nil for a bare repository.
    public var workdir: URL? {
        string(git_repository_workdir(pointer)).map { URL(fileURLWithPath: $0, isDirectory: true) }
    }

    /// The git directory (`.git` for a repository with a working directory).
    public var gitDirectory: URL {
        URL(fileURLWithPath: string(git_repository_path(pointer)) ?? "", isDirectory: true)
    }

    /// Whether the repository has no working directory.
    public var isBare: Bool {
        git_repository_is_bare(pointer) == 1
    }

    /// The commit HEAD points at, or nil while the branch is unborn (before the first commit).
    /// Lets go of what libgit2 keeps of the repository between calls (its object cache, its copy
    /// of the index, the object database's mapped files) and of folio's own copy of the index;
    /// each is read again when next needed. For a command that reads the whole history and then
    /// the whole vault (`check`): the trees the first read cached, 40 MB at 300,000 files, are
    /// not needed by the second.
    public func releaseCaches() {
        indexSnapshot = nil
        _ = git_repository__cleanup(pointer)
    }

    public func head() throws -> OID? {
        if try check(git_repository_head_unborn(pointer), "git_repository_head_unborn") == 1 { return nil }
        return try reference(named: "HEAD")
    }

    /// The short name of the branch HEAD is on (also while unborn), or nil when HEAD is detached.
    public var currentBranchName: String? {
        get throws {
            var head: OpaquePointer?
            try check(git_reference_lookup(&head, pointer, "HEAD"), "git_reference_lookup")
            defer { git_reference_free(head) }
            guard git_reference_type(head) == GIT_REFERENCE_SYMBOLIC,
                let target = string(git_reference_symbolic_target(head))
            else { return nil }
            let prefix = "refs/heads/"
            return target.hasPrefix(prefix) ? String(target.dropFirst(prefix.count)) : target
        }
    }

    /// The full name of the reference HEAD points at, e.g. `refs/heads/main`, or nil when HEAD is detached.
    var headTargetName: String? {
        get throws {
            var head: OpaquePointer?
            try check(git_reference_lookup(&head, pointer, "HEAD"), "git_reference_lookup")
            defer { git_reference_free(head) }
            guard git_reference_type(head) == GIT_REFERENCE_SYMBOLIC else { return nil }
            return string(git_reference_symbolic_target(head))
        }
    }

    /// The commit a reference finally points at (following symbolic references), or nil when it does not exist.
    ///
    /// `name` is a full name such as `refs/remotes/origin/main` or `HEAD`.
    public func reference(named name: String) throws -> OID? {
        try requireNoNUL(name, "git_reference_name_to_id")
        var oid = git_oid()
        guard
            try succeeded(
                git_reference_name_to_id(&oid, pointer, name), "git_reference_name_to_id", unless: GIT_ENOTFOUND, GIT_EUNBORNBRANCH)
        else { return nil }
        return OID(oid)
    }

    /// Points the direct reference `name` at `oid`, creating or overwriting it, and records `message` in its reflog.
    ///
    /// When `expected` is given, the update only happens if the reference still points there, and
    /// otherwise fails with `.modified`: a compare-and-swap against concurrent writers.
    public func setReference(name: String, to oid: OID, message: String, expected: OID? = nil) throws {
        try requireNoNUL(name, "git_reference_create")
        try requireNoNUL(message, "git_reference_create")
        var target = oid.raw
        var ref: OpaquePointer?
        if let expected {
            var current = expected.raw
            try check(
                git_reference_create_matching(&ref, pointer, name, &target, 1, &current, message),
                "git_reference_create_matching")
        } else {
            try check(git_reference_create(&ref, pointer, name, &target, 1, message), "git_reference_create")
        }
        git_reference_free(ref)
    }

    /// Deletes the reference `name`; does nothing when it does not exist.
    public func deleteReference(name: String) throws {
        try requireNoNUL(name, "git_reference_lookup")
        var ref: OpaquePointer?
        guard try succeeded(git_reference_lookup(&ref, pointer, name), "git_reference_lookup", unless: GIT_ENOTFOUND) else { return }
        defer { git_reference_free(ref) }
        try check(git_reference_delete(ref), "git_reference_delete")
    }
}

@available(*, unavailable, message: "a libgit2 repository handle must stay on one thread; open one per task")
extension Repository: Sendable {}

// MARK: - Object lookup helpers

extension Repository {
    /// Runs `body` with the commit `oid`, freeing it afterwards.
    func withCommit<R>(_ oid: OID, _ body: (OpaquePointer) throws -> R) throws -> R {
        var raw = oid.raw
        var commit: OpaquePointer?
        try check(git_commit_lookup(&commit, pointer, &raw), "git_commit_lookup")
        defer { git_commit_free(commit) }
        guard let commit else {
            throw GitError(code: .notFound, message: "no commit \(oid)", function: "git_commit_lookup")
        }
        return try body(commit)
    }

    /// Runs `body` with the tree of commit `oid`, freeing it afterwards.
    func withTree<R>(ofCommit oid: OID, _ body: (OpaquePointer) throws -> R) throws -> R {
        try withCommit(oid) { commit in
            try withTree(of: commit, body)
        }
    }

    /// Runs `body` with the tree of a looked-up commit, freeing it afterwards.
    func withTree<R>(of commit: OpaquePointer, _ body: (OpaquePointer) throws -> R) throws -> R {
        var tree: OpaquePointer?
        try check(git_commit_tree(&tree, commit), "git_commit_tree")
        defer { git_tree_free(tree) }
        guard let tree else {
            throw GitError(code: .notFound, message: "commit has no tree", function: "git_commit_tree")
        }
        return try body(tree)
    }

    /// Runs `body` with the tree `oid`, freeing it afterwards.
    func withTree<R>(_ oid: OID, _ body: (OpaquePointer) throws -> R) throws -> R {
        var raw = oid.raw
        var tree: OpaquePointer?
        try check(git_tree_lookup(&tree, pointer, &raw), "git_tree_lookup")
        defer { git_tree_free(tree) }
        guard let tree else {
            throw GitError(code: .notFound, message: "no tree \(oid)", function: "git_tree_lookup")
        }
        return try body(tree)
    }

    /// Runs `body` with the repository's index, re-read from disk first so changes by other processes are seen.
    func withIndex<R>(_ body: (OpaquePointer) throws -> R) throws -> R {
        var index: OpaquePointer?
        try check(git_repository_index(&index, pointer), "git_repository_index")
        defer { git_index_free(index) }
        guard let index else {
            throw GitError(code: .other(-1), message: "no index", function: "git_repository_index")
        }
        try check(git_index_read(index, 0), "git_index_read")
        return try body(index)
    }
}
