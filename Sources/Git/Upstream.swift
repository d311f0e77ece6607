import Clibgit2
import Foundation

/// A branch's upstream as git records it: `branch.<name>.remote` and `branch.<name>.merge`.
public struct Upstream: Sendable, Hashable {
    /// The remote's name, e.g. `origin`.
    public var remote: String
    /// The branch on the remote, as a full reference name, e.g. `refs/heads/main`.
    public var merge: String

    public init(remote: String, merge: String) {
        self.remote = remote
        self.merge = merge
    }
}

extension Repository {
    /// The upstream of local branch `branch` (a short name such as `main`), or nil when the
    /// repository's configuration names none.
    public func upstream(of branch: String) throws -> Upstream? {
        try withConfig { config in
            guard let remote = try configString(config, "branch.\(branch).remote"),
                let merge = try configString(config, "branch.\(branch).merge")
            else { return nil }
            return Upstream(remote: remote, merge: merge)
        }
    }

    /// Records `upstream` for local branch `branch` in the repository's configuration, as
    /// `git clone` and `git push -u` do, so plain `git pull`, `git push` and `git status` know
    /// where the branch goes. The branch need not have a commit yet, nor the remote-tracking
    /// reference exist.
    public func setUpstream(of branch: String, to upstream: Upstream) throws {
        for text in [branch, upstream.remote, upstream.merge] { try requireNoNUL(text, "git_config_set_string") }
        try withConfig { config in
            try check(git_config_set_string(config, "branch.\(branch).remote", upstream.remote), "git_config_set_string")
            try check(git_config_set_string(config, "branch.\(branch).merge", upstream.merge), "git_config_set_string")
        }
    }

    func withConfig<R>(_ body: (OpaquePointer) throws -> R) throws -> R {
        var config: OpaquePointer?
        try check(git_repository_config(&config, pointer), "git_repository_config")
        defer { git_config_free(config) }
        guard let config else {
            throw GitError(code: .other(-1), message: "no configuration", function: "git_repository_config")
        }
        return try body(config)
    }

    func configString(_ config: OpaquePointer, _ name: String) throws -> String? {
        try Self.configString(config, name)
    }

    static func configString(_ config: OpaquePointer, _ name: String) throws -> String? {
        try requireNoNUL(name, "git_config_get_string_buf")
        var buffer = git_buf()
        defer { git_buf_dispose(&buffer) }
        guard try succeeded(git_config_get_string_buf(&buffer, config, name), "git_config_get_string_buf", unless: GIT_ENOTFOUND) else {
            return nil
        }
        return buffer.ptr.map { String(cString: $0) }
    }
}
