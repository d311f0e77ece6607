import FolioLFS
import Foundation
import Testing

/// The LFS server of a git remote, derived as `git-lfs` derives it when nothing is configured.
@Suite("LFS endpoint derived from the remote, as git-lfs does")
struct EndpointTests {
    @Test(
        "<remote>/info/lfs, .git added when missing, SSH and git:// on https on the same host",
        arguments: [
            ("https://github.com/me/journal.git", "https://github.com/me/journal.git/info/lfs"),
            ("https://git.example.com/me/journal/", "https://git.example.com/me/journal.git/info/lfs"),
            ("http://127.0.0.1:8080/me/j", "http://127.0.0.1:8080/me/j.git/info/lfs"),
            ("ssh://git@github.com:22/me/journal.git", "https://github.com/me/journal.git/info/lfs"),
            ("git@github.com:me/journal.git", "https://github.com/me/journal.git/info/lfs"),
            ("git://example.com/me/journal", "https://example.com/me/journal.git/info/lfs"),
        ])
    func derived(_ remote: String, _ expected: String) {
        #expect(LFSEndpoint.derived(from: remote) == .server(url: expected))
    }

    @Test("a remote that is a folder here is its folder")
    func folder() {
        #expect(LFSEndpoint.derived(from: "/srv/journal.git") == .folder(gitDirectory: URL(fileURLWithPath: "/srv/journal.git")))
    }
}
