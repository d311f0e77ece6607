import Foundation
import Testing

@testable import FolioSync

/// The reply of an SSH host's `git-lfs-authenticate`, and the command folio sends it: hostile
/// replies give no endpoint and no header.
@Suite("git-lfs-authenticate: the reply and the command")
struct LFSSSHAuthenticationTests {
    @Test("a host's reply gives the server and the Authorization header, whatever the header's case")
    func reply() {
        let answer = LFSSSHAuthentication(
            reply: Data(
                #"{"href": "https://lfs.example.com/me/j.git/info/lfs/", "header": {"authorization": "RemoteAuth x"}, "expires_in": 60}"#
                    .utf8))
        #expect(answer?.href == "https://lfs.example.com/me/j.git/info/lfs")
        #expect(answer?.authorization == "RemoteAuth x")
    }

    @Test(
        "replies that are not one give nothing",
        arguments: [
            #"{"href": "file:///etc", "header": {"Authorization": "x"}}"#,
            #"{"href": "ext::sh -c id"}"#,
            #"{"expires_in": 60}"#,
            #"["https://lfs.example.com"]"#,
            "Welcome to the server!",
            "",
        ])
    func refused(_ text: String) {
        #expect(LFSSSHAuthentication(reply: Data(text.utf8)) == nil)
    }

    @Test("a reply over 64 KiB is not read")
    func oversized() {
        let padding = String(repeating: " ", count: 70_000)
        let text = #"{"href": "https://a.example/x""# + padding + "}"
        #expect(LFSSSHAuthentication(reply: Data(text.utf8)) == nil)
    }

    @Test("the repository path of an SSH remote, as git-lfs-authenticate takes it")
    func paths() {
        #expect(LFSSSHAuthentication.repositoryPath(of: "ssh://git@host:2222/me/journal.git") == "/me/journal.git")
        #expect(LFSSSHAuthentication.repositoryPath(of: "git@github.com:me/journal.git") == "me/journal.git")
        #expect(LFSSSHAuthentication.repositoryPath(of: "ssh://host") == nil)
        #expect(LFSSSHAuthentication.repositoryPath(of: "ssh://host/") == nil)
        #expect(LFSSSHAuthentication.repositoryPath(of: "host:") == nil)
    }

    @Test("the path is one word for the host's shell, whatever it holds")
    func quoting() {
        #expect(LFSSSHAuthentication.quoted("me/it's; rm -rf ~") == #"'me/it'\''s; rm -rf ~'"#)
    }
}
