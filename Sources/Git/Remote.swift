import Clibgit2
import FolioSecrets
import Foundation
import SystemIO

extension Repository {
    /// Points remote `name` at `url`, creating the remote (with git's default fetch refspec) if it does not exist.
    ///
    /// `url` may be a path, a `file://` URL, or any URL libgit2 speaks (`git://`, `ssh://`, `https://`, scp-like).
    public func setRemote(name: String = "origin", url: String) throws {
        try requireNoNUL(name, "git_remote_create")
        try requireNoNUL(url, "git_remote_create")
        var remote: OpaquePointer?
        let found = try succeeded(git_remote_lookup(&remote, pointer, name), "git_remote_lookup", unless: GIT_ENOTFOUND)
        git_remote_free(remote)
        if found {
            try check(git_remote_set_url(pointer, name, url), "git_remote_set_url")
        } else {
            var created: OpaquePointer?
            try check(git_remote_create(&created, pointer, name, url), "git_remote_create")
            git_remote_free(created)
        }
    }

    /// The fetch URL of remote `name`, or nil when there is no such remote.
    public func remoteURL(name: String = "origin") throws -> String? {
        try requireNoNUL(name, "git_remote_lookup")
        var remote: OpaquePointer?
        guard try succeeded(git_remote_lookup(&remote, pointer, name), "git_remote_lookup", unless: GIT_ENOTFOUND) else { return nil }
        defer { git_remote_free(remote) }
        return string(git_remote_url(remote))
    }

    /// Downloads from remote `name` and updates the remote-tracking references, returning the final transfer counts.
    ///
    /// `refspecs` nil (or empty) means the remote's configured ones (`+refs/heads/*:refs/remotes/<name>/*`).
    /// `limits` bound the operation (``TransferLimits``): when the deadline passes, nothing has moved
    /// for the silence limit, too little moved in a window, or too much arrived — a server that
    /// accepted and went quiet, one that trickles, a host that swallows the connection, a name
    /// server that never answers — the connection is shut down (``TransferWatchdog``, ``SocketStream``)
    /// and the fetch fails with `.user`, class net, a message starting `timed out` and
    /// ``GitError/transferLimit`` saying which limit it was. Cancellation
    /// (``RemoteCallbacks/shouldCancel``) ends a blocked fetch the same way, with `cancelled`; the
    /// current task's cancellation is seen at the next callback.
    ///
    /// Two things are decided here for every remote, whatever its configuration says:
    /// - **No redirect to another host** is followed (libgit2 would follow one on the first
    ///   request): the credentials callback is told the URL configured, not the one redirected to,
    ///   so a token for one host would go to another. The fetch fails with class net and libgit2's
    ///   `cannot redirect from '…' to '…'`; a redirect on the same host is followed.
    /// - **A password written in the URL** (`https://user:password@host/…`) is never sent by
    ///   libgit2 itself: the URL it connects to has none, and the credentials callback decides
    ///   whether it goes out (the callback reads it from the configured URL).
    @discardableResult
    public func fetch(
        remote name: String = "origin", refspecs: [String]? = nil, callbacks: RemoteCallbacks = RemoteCallbacks(),
        limits: TransferLimits
    ) throws -> TransferProgress {
        try withRemote(name) { remote in
            let url = try withoutPassword(remote, push: false)
            let box = CallbackBox(callbacks: callbacks, function: "git_remote_fetch", limits: limits, url: url)
            var options = git_fetch_options()
            try check(git_fetch_options_init(&options, UInt32(GIT_FETCH_OPTIONS_VERSION)), "git_fetch_options_init")
            options.follow_redirects = GIT_REMOTE_REDIRECT_NONE
            box.install(into: &options.callbacks)
            let code: Int32 = try box.watching {
                guard let refspecs else { return git_remote_fetch(remote, nil, &options, nil) }
                return try withStrArray(refspecs, "git_remote_fetch") { git_remote_fetch(remote, $0, &options, nil) }
            }
            try box.finish(code)
            guard let stats = git_remote_stats(remote)?.pointee else {
                throw GitError(code: .other(-1), message: "no transfer statistics", function: "git_remote_stats")
            }
            return TransferProgress(stats)
        }
    }

    /// ``fetch(remote:refspecs:callbacks:limits:)`` with only a silence limit (`timeout`).
    @discardableResult
    public func fetch(
        remote name: String = "origin", refspecs: [String]? = nil, callbacks: RemoteCallbacks = RemoteCallbacks(),
        timeout: Duration? = nil
    ) throws -> TransferProgress {
        try fetch(remote: name, refspecs: refspecs, callbacks: callbacks, limits: .idle(timeout))
    }

    /// Uploads to remote `name` and updates the matching remote-tracking references.
    ///
    /// Each refspec is like `refs/heads/main:refs/heads/main` (prefix `+` to force). A push that would
    /// lose commits on the remote fails with `.nonFastForward`, whether libgit2 sees it beforehand or
    /// the server refuses the reference; any other refusal by the server fails with code `.other(-1)`
    /// and the server's reason in the message. See ``fetch(remote:refspecs:callbacks:limits:)`` for
    /// `limits`, redirects and passwords in the URL.
    public func push(
        remote name: String = "origin", refspecs: [String], callbacks: RemoteCallbacks = RemoteCallbacks(),
        limits: TransferLimits
    ) throws {
        try withDeltaWindowBounded {
            try withRemote(name) { remote in
                let url = try withoutPassword(remote, push: true)
                let box = CallbackBox(callbacks: callbacks, function: "git_remote_push", limits: limits, url: url)
                var options = git_push_options()
                try check(git_push_options_init(&options, UInt32(GIT_PUSH_OPTIONS_VERSION)), "git_push_options_init")
                // Delta search for the pack on every core, as git's own push does (libgit2 uses one):
                // a folder of a large vault is a tree of tens of kilobytes, compared with each other.
                options.pb_parallelism = 0
                options.follow_redirects = GIT_REMOTE_REDIRECT_NONE
                box.install(into: &options.callbacks)
                try box.watching {
                    try withStrArray(refspecs, "git_remote_push") { array in
                        try box.finish(git_remote_push(remote, array, &options))
                    }
                }
                guard !box.rejections.isEmpty else { return }
                let nonFastForward = box.rejections.contains { rejection in
                    ["non-fast-forward", "fetch first", "stale info"].contains { rejection.status.contains($0) }
                }
                let reasons = box.rejections.map { "\($0.reference): \($0.status)" }.joined(separator: "; ")
                throw GitError(
                    code: nonFastForward ? .nonFastForward : .other(-1), klass: Int32(GIT_ERROR_REFERENCE.rawValue),
                    message: "remote rejected \(reasons)", function: "git_remote_push")
            }
        }
    }

    /// ``push(remote:refspecs:callbacks:limits:)`` with only a silence limit (`timeout`).
    public func push(
        remote name: String = "origin", refspecs: [String], callbacks: RemoteCallbacks = RemoteCallbacks(),
        timeout: Duration? = nil
    ) throws {
        try push(remote: name, refspecs: refspecs, callbacks: callbacks, limits: .idle(timeout))
    }

    /// The URL this operation on `remote` connects to (its push URL for a push), with any password
    /// taken out for this operation only (``URLPassword/removed(from:)``); the configuration is
    /// not changed.
    func withoutPassword(_ remote: OpaquePointer, push: Bool) throws -> String {
        let pushURL = push ? string(git_remote_pushurl(remote)) : nil
        let configured = pushURL ?? string(git_remote_url(remote)) ?? ""
        let stripped = URLPassword.removed(from: configured)
        guard stripped != configured else { return configured }
        if pushURL != nil {
            try check(git_remote_set_instance_pushurl(remote, stripped), "git_remote_set_instance_pushurl")
        } else {
            try check(git_remote_set_instance_url(remote, stripped), "git_remote_set_instance_url")
        }
        return stripped
    }

    /// Uploads one refspec to remote `name`; see ``push(remote:refspecs:callbacks:limits:)``.
    public func push(
        remote name: String = "origin", refspec: String, callbacks: RemoteCallbacks = RemoteCallbacks(),
        timeout: Duration? = nil
    ) throws {
        try push(remote: name, refspecs: [refspec], callbacks: callbacks, limits: .idle(timeout))
    }

    /// The memory libgit2's delta search may hold for the objects it compares a new one with
    /// (git's `pack.windowMemory`), in folio's pushes.
    ///
    /// libgit2 sends each changed folder's tree whole (it has no thin packs) and compares it with
    /// the ten objects before it; a folder's tree is kilobytes in a vault of ten thousand records
    /// and tens of kilobytes in one of a hundred thousand, and ten such comparisons per tree, which
    /// find nothing between different folders, are most of a push. Within 64 KiB, records of a
    /// kilobyte or two keep all ten, larger ones several, a large folder's tree its neighbour.
    static let deltaWindowMemory = 65_536

    /// Runs `body` (a push, which writes no setting) with this handle's configuration replaced by a
    /// snapshot of it with `pack.windowMemory` on top, at libgit2's application level: the setting
    /// reaches this push and no git command, and the handle has its own configuration back
    /// afterwards, so what is written later goes where it always did. Failing to set it up only
    /// makes the push slower.
    func withDeltaWindowBounded<R>(_ body: () throws -> R) throws -> R {
        var original: OpaquePointer?
        var snapshot: OpaquePointer?
        guard succeededElseFallBack(git_repository_config(&original, pointer)),
            succeededElseFallBack(git_config_snapshot(&snapshot, original))
        else {
            git_config_free(original)
            return try body()
        }
        defer {
            git_config_free(snapshot)
            git_config_free(original)
        }
        // libgit2 takes a level's settings from a file only. It lives in the repository's own
        // folder, which git ignores, not in a temporary folder other processes share.
        var template = Array(gitDirectory.appendingPathComponent("folio-pack-XXXXXX").path.utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { return try body() }
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let text = "[pack]\n\twindowMemory = \(Self.deltaWindowMemory)\n"
        let written = Array(text.utf8).withUnsafeBytes { Descriptor.writeAll(descriptor, $0) }
        close(descriptor)
        let added =
            written
            && succeededElseFallBack(git_config_add_file_ondisk(snapshot, path, GIT_CONFIG_LEVEL_APP, pointer, 0))
        // Read by now, and kept once the file is gone: a push killed midway leaves nothing behind.
        unlink(path)
        guard added else { return try body() }
        try check(git_repository_set_config(pointer, snapshot), "git_repository_set_config")
        // Putting back the configuration it had cannot fail: libgit2 only swaps a pointer.
        defer { _ = succeededElseFallBack(git_repository_set_config(pointer, original)) }
        return try body()
    }

    func withRemote<R>(_ name: String, _ body: (OpaquePointer) throws -> R) throws -> R {
        try requireNoNUL(name, "git_remote_lookup")
        var remote: OpaquePointer?
        try check(git_remote_lookup(&remote, pointer, name), "git_remote_lookup")
        defer { git_remote_free(remote) }
        guard let remote else {
            throw GitError(code: .notFound, message: "no remote \(name)", function: "git_remote_lookup")
        }
        return try body(remote)
    }

    /// How many commits `local` has that `upstream` lacks (ahead), and the reverse (behind).
    public func aheadBehind(local: OID, upstream: OID) throws -> (ahead: Int, behind: Int) {
        var ahead = 0
        var behind = 0
        var localRaw = local.raw
        var upstreamRaw = upstream.raw
        try check(git_graph_ahead_behind(&ahead, &behind, pointer, &localRaw, &upstreamRaw), "git_graph_ahead_behind")
        return (ahead, behind)
    }

    /// The best common ancestor of two commits, or nil when their histories are unrelated.
    public func mergeBase(_ one: OID, _ two: OID) throws -> OID? {
        var base = git_oid()
        var oneRaw = one.raw
        var twoRaw = two.raw
        guard try succeeded(git_merge_base(&base, pointer, &oneRaw, &twoRaw), "git_merge_base", unless: GIT_ENOTFOUND) else { return nil }
        return OID(base)
    }

    /// Whether `commit` has `ancestor` in its history (a commit is not its own descendant).
    public func isDescendant(_ commit: OID, of ancestor: OID) throws -> Bool {
        var commitRaw = commit.raw
        var ancestorRaw = ancestor.raw
        return try check(git_graph_descendant_of(pointer, &commitRaw, &ancestorRaw), "git_graph_descendant_of") == 1
    }

    /// Moves the current branch forward to `oid` and updates the working directory to match.
    ///
    /// Fails with `.nonFastForward` (changing nothing) when `oid` does not contain HEAD, and with
    /// `.conflict` (changing nothing) when a local modification or an untracked file would be
    /// overwritten. On an unborn branch this creates the branch at `oid`.
    public func fastForward(to oid: OID) throws {
        let current = try head()
        if let current {
            if current == oid { return }
            guard try isDescendant(oid, of: current) else {
                throw GitError(
                    code: .nonFastForward, klass: Int32(GIT_ERROR_REFERENCE.rawValue),
                    message: "\(oid.short) does not contain HEAD \(current.short)", function: "git_graph_descendant_of")
            }
        }
        // Check out first: if it refuses, the branch has not moved and nothing is half-done.
        if !isBare { try checkout(commit: oid) }
        try moveHeadBranch(to: oid, from: current, message: "fast-forward to \(oid.hex)")
    }
}
