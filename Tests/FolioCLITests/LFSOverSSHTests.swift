import Foundation
import TestSupport
import Testing

/// An `ssh://` remote's LFS server, found and opened as `git-lfs` does: the SSH host answers
/// `git-lfs-authenticate <path> <operation>` with the server's URL and a header.
@Suite("LFS for an SSH remote: git-lfs-authenticate")
struct LFSOverSSHTests {
    @Test("sync to an ssh remote asks the host (git-lfs-authenticate … upload), sends the photo with its header; a clone downloads it")
    func authenticateOverSSH() throws {
        let scratch = try Scratch()
        let lfs = try LFSFaultServer()
        lfs.requireAuthorization("RemoteAuth tok-from-ssh")
        let ssh = try SSHServer()
        // The host's forced command: git as usual, and the answer a git host gives to git-lfs-authenticate.
        let log = scratch.path("asked.log")
        let script = scratch.path("git-shell")
        try """
        #!/bin/sh
        case "$SSH_ORIGINAL_COMMAND" in
          git-lfs-authenticate*)
            echo "$SSH_ORIGINAL_COMMAND" >> '\(log.path)'
            printf '{"href": "%s", "header": {"Authorization": "RemoteAuth tok-from-ssh"}, "expires_in": 3600}\\n' '\(lfs.url)' ;;
          *) exec /bin/sh -c "$SSH_ORIGINAL_COMMAND" ;;
        esac
        """.write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let authorized = ssh.directory.appendingPathComponent("authorized_keys")
        let key = try String(contentsOf: authorized, encoding: .utf8)
        try "command=\"\(script.path)\" \(key)".write(to: authorized, atomically: true, encoding: .utf8)

        let bare = scratch.path("remote.git")
        try git(["init", "-q", "--bare", "-b", "main", bare.path], in: scratch.url)
        var folio = FolioProcess(directory: scratch.path("a"), scratch: scratch)
        _ = try ssh.makeHome(at: scratch.path("home"))
        folio.environment["FOLIO_DEVICE"] = "A"
        try FileManager.default.createDirectory(at: folio.directory, withIntermediateDirectories: true)
        let made = try folio.run("init", ".", "--name", "林小雨", "--language", "en", "--remote", ssh.url(bare), "--lfs")
        #expect(made.status == 0, "\(made.stderr)")
        try folio.run("config", "set", "media.fetch", "all")
        let photo = try LFSTests.photo(scratch, "IMG_S.jpg", seed: 77)
        #expect(try folio.run("new", "diary", "--title", "山上", "--media", photo.path).status == 0)
        let synced = try folio.run("sync")
        let sshdLog = (try? String(contentsOf: ssh.directory.appendingPathComponent("sshd.log"), encoding: .utf8)) ?? ""
        #expect(synced.status == 0, "\(synced.stderr) \(sshdLog)")
        #expect(synced.stdout.contains("sent 1 media file"), "\(synced.stdout)")
        let sha = try LFSTests.sha256(photo)
        #expect(lfs.object(sha).map { LFSTests.sha256(Data($0)) } == sha)
        let asked = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(asked.contains("git-lfs-authenticate '\(bare.path)' upload"), "\(asked)")
        let batches = lfs.requests.filter { $0.path.hasSuffix("/objects/batch") }
        #expect(!batches.isEmpty && batches.allSatisfy { $0.authorization == "RemoteAuth tok-from-ssh" }, "\(batches.map(\.authorization))")

        // A second device clones over SSH and downloads the photo the same way.
        let cloned = try FolioProcess(directory: scratch.url, scratch: scratch).run("clone", ssh.url(bare), "b")
        #expect(cloned.status == 0, "\(cloned.stderr)")
        #expect(cloned.stdout.contains("downloaded 1 media file"), "\(cloned.stdout)")
        #expect(try LFSTests.sha256(scratch.path("b/media/\(sha.prefix(2))/\(sha).jpg")) == sha)
        #expect(((try? String(contentsOf: log, encoding: .utf8)) ?? "").contains("git-lfs-authenticate '\(bare.path)' download"))
    }
}
