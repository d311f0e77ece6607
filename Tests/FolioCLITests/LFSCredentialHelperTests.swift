import Foundation
import TestSupport
import Testing

/// An LFS server that asks for a password, and git's credential helper that keeps it: what a
/// user of GitHub or Gitea with `git config credential.helper store` (or a keychain) already has.
@Suite("LFS with git's credential helpers")
struct LFSCredentialHelperTests {
    @Test("without a token, sync asks the user's credential helper and sends its password to the LFS server only")
    func helperGivesThePassword() throws {
        let scratch = try Scratch()
        let server = try LFSFaultServer()
        let expected = "Basic " + Data("ada:from-helper".utf8).base64EncodedString()
        server.requireAuthorization(expected)
        let folio = try LFSTests.vault(scratch)
        try folio.write(".lfsconfig", "[lfs]\n\turl = \(server.url)\n")
        #expect(try folio.run("commit", "-m", "LFS server").status == 0)
        #expect(try folio.run("config", "trust", "lfs.url").status == 0)
        let photo = try LFSTests.photo(scratch, "IMG_H.jpg", seed: 7)
        #expect(try folio.run("new", "diary", "--title", "密碼", "--media", photo.path).status == 0)

        // Nothing to give: the server's question is said, and no branch moves.
        let refused = try folio.run("sync")
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("the LFS server asks for credentials"), "\(refused.stderr)")

        // git's own store, as `git config --global credential.helper store` and a first `git push` leave it.
        let home = URL(fileURLWithPath: try #require(folio.environment["HOME"]))
        let port = try #require(URL(string: server.url)?.port)
        try "http://ada:from-helper@127.0.0.1:\(port)\n".write(
            to: home.appendingPathComponent(".git-credentials"), atomically: true, encoding: .utf8)
        try "[credential]\n\thelper = store\n".write(to: home.appendingPathComponent(".gitconfig"), atomically: true, encoding: .utf8)
        let synced = try folio.run("sync")
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(synced.stdout.contains("sent 1 media file"), "\(synced.stdout)")
        let puts = server.requests.filter { $0.method == "PUT" }
        #expect(!puts.isEmpty && puts.allSatisfy { $0.authorization == expected })
        #expect(server.object(try LFSTests.sha256(photo)) != nil)
        #expect(!synced.stdout.contains("from-helper") && !synced.stderr.contains("from-helper"))
    }

    @Test("a helper that hangs, floods or answers for another host: sync goes on within sync.timeout, says which helper and what to do")
    func hostileHelpers() throws {
        let scratch = try Scratch()
        let server = try LFSFaultServer()
        server.requireAuthorization("Basic " + Data("ada:right".utf8).base64EncodedString())
        let folio = try LFSTests.vault(scratch)
        try folio.write(".lfsconfig", "[lfs]\n\turl = \(server.url)\n")
        #expect(try folio.run("commit", "-m", "LFS server").status == 0)
        #expect(try folio.run("config", "trust", "lfs.url").status == 0)
        #expect(try folio.run("config", "set", "sync.timeout", "2").status == 0)
        let photo = try LFSTests.photo(scratch, "IMG_X.jpg", seed: 9)
        #expect(try folio.run("new", "diary", "--title", "小幫手", "--media", photo.path).status == 0)
        let home = URL(fileURLWithPath: try #require(folio.environment["HOME"]))
        let helpers: [(helper: String, english: String)] = [
            ("!f() { sleep 600; }; f", "did not answer within 2 seconds"),
            ("!yes password=flood", "answered more than"),
            ("!f() { echo host=elsewhere.example; echo password=stolen; }; f", "its answer is for another place (host=elsewhere.example)"),
            ("!f() { echo password=x; exit 7; }; f", "exited with status 7"),
        ]
        for (helper, english) in helpers {
            let quoted = helper.replacingOccurrences(of: "\"", with: "\\\"")
            try "[credential]\n\thelper = \"\(quoted)\"\n".write(
                to: home.appendingPathComponent(".gitconfig"), atomically: true, encoding: .utf8)
            let start = Date()
            let synced = try folio.run("sync")
            let seconds = Date().timeIntervalSince(start)
            #expect(synced.status != 0, "\(helper)")
            #expect(seconds < 15, "\(helper): \(seconds) s")
            #expect(synced.stderr.contains("credential helper"), "\(helper): \(synced.stderr)")
            #expect(synced.stderr.contains(english), "\(helper): \(synced.stderr)")
            #expect(!server.requests.contains { $0.authorization?.contains(Data("stolen".utf8).base64EncodedString()) ?? false })
        }
        let chinese = try folio.run("--lang", "zh-Hant", "sync")
        #expect(chinese.stderr.contains("憑證小幫手"), "\(chinese.stderr)")
    }
}
