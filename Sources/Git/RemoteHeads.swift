import Clibgit2

/// What a remote advertised: its branches, and the one its HEAD names (its default branch, the
/// one `git clone` checks out), whatever it is called.
public struct RemoteHeads: Sendable, Equatable {
    /// The short names of its branches (`main`, `master`), in the order advertised.
    public var branches: [String]
    /// The branch the remote's HEAD names, when the remote says (an empty remote does not).
    public var defaultBranch: String?

    public init(branches: [String], defaultBranch: String?) {
        self.branches = branches
        self.defaultBranch = defaultBranch
    }
}

extension Repository {
    /// Fetches every branch of remote `name` into `refs/remotes/<name>/*` and returns what the
    /// remote advertised; see ``fetch(remote:refspecs:callbacks:timeout:)`` for `timeout`.
    public func fetchBranches(remote name: String = "origin", callbacks: RemoteCallbacks = RemoteCallbacks(), limits: TransferLimits)
        throws -> RemoteHeads
    {
        try withRemote(name) { remote in
            // As ``fetch(remote:refspecs:callbacks:limits:)``: no password in the URL libgit2
            // connects to, no redirect followed, every limit watched.
            let url = try withoutPassword(remote, push: false)
            let box = CallbackBox(callbacks: callbacks, function: "git_remote_fetch", limits: limits, url: url)
            var options = git_fetch_options()
            try check(git_fetch_options_init(&options, UInt32(GIT_FETCH_OPTIONS_VERSION)), "git_fetch_options_init")
            options.follow_redirects = GIT_REMOTE_REDIRECT_NONE
            box.install(into: &options.callbacks)
            let code: Int32 = try box.watching {
                try withStrArray(["+refs/heads/*:refs/remotes/\(name)/*"], "git_remote_fetch") {
                    git_remote_fetch(remote, $0, &options, nil)
                }
            }
            try box.finish(code)
            // What the remote advertised stays readable after the fetch has disconnected.
            return try Self.heads(of: remote)
        }
    }

    /// What the remote at `url` advertises, without a repository, as `git ls-remote` lists it.
    public static func listRemote(url: String, callbacks: RemoteCallbacks = RemoteCallbacks(), limits: TransferLimits) throws
        -> RemoteHeads
    {
        try initializeLibrary()
        try requireNoNUL(url, "git_remote_create_detached")
        var created: OpaquePointer?
        try check(git_remote_create_detached(&created, url), "git_remote_create_detached")
        guard let remote = created else {
            throw GitError(code: .notFound, message: "no remote for \(url)", function: "git_remote_create_detached")
        }
        defer { git_remote_free(remote) }
        let box = CallbackBox(callbacks: callbacks, function: "git_remote_connect", limits: limits, url: url)
        var raw = git_remote_callbacks()
        try check(git_remote_init_callbacks(&raw, UInt32(GIT_REMOTE_CALLBACKS_VERSION)), "git_remote_init_callbacks")
        box.install(into: &raw)
        let code = box.watching { git_remote_connect(remote, GIT_DIRECTION_FETCH, &raw, nil, nil) }
        try box.finish(code)
        defer { git_remote_disconnect(remote) }
        return try heads(of: remote)
    }

    /// The branches a connected (or once connected) remote advertised, and its default.
    static func heads(of remote: OpaquePointer) throws -> RemoteHeads {
        var list: UnsafeMutablePointer<UnsafePointer<git_remote_head>?>?
        var count = 0
        try check(git_remote_ls(&list, &count, remote), "git_remote_ls")
        let prefix = "refs/heads/"
        var branches: [String] = []
        for index in 0..<count {
            guard let head = list?[index], let name = string(head.pointee.name), name.hasPrefix(prefix) else { continue }
            branches.append(String(name.dropFirst(prefix.count)))
        }
        var buffer = git_buf()
        defer { git_buf_dispose(&buffer) }
        // No HEAD advertised: an empty remote, or one whose HEAD names no branch it has.
        guard try succeeded(git_remote_default_branch(&buffer, remote), "git_remote_default_branch", unless: GIT_ENOTFOUND) else {
            return RemoteHeads(branches: branches, defaultBranch: nil)
        }
        let full = string(buffer.ptr) ?? ""
        let defaultBranch = full.hasPrefix(prefix) ? String(full.dropFirst(prefix.count)) : nil
        return RemoteHeads(branches: branches, defaultBranch: defaultBranch.flatMap { branches.contains($0) ? $0 : nil })
    }
}

extension Repository {
    /// Points HEAD at the branch `name`, which need not exist yet (the next commit, or a reference
    /// made for it, makes it): a clone's branch takes the remote's default branch's name.
    public func pointHead(atBranch name: String) throws {
        let reference = "refs/heads/" + name
        try requireNoNUL(reference, "git_repository_set_head")
        try check(git_repository_set_head(pointer, reference), "git_repository_set_head")
    }
}

extension Repository {
    /// The full names of the references under `prefix` (`refs/heads/`, `refs/remotes/origin/`).
    public func referenceNames(prefix: String) throws -> [String] {
        var names = git_strarray()
        try check(git_reference_list(&names, pointer), "git_reference_list")
        defer { git_strarray_dispose(&names) }
        return (0..<names.count).compactMap { string(names.strings[$0]) }.filter { $0.hasPrefix(prefix) }.sorted()
    }
}
