import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// folio killed (SIGKILL) in the middle of an LFS transfer, held there by a loopback LFS server that
/// stops answering: the vault stays usable, no branch reaches the remote without its media, no
/// media file is half written, and the next command finishes the work.
@Suite("LFS transfers killed half way")
struct LFSKillTests {
    /// Waits (30 s at most) until `condition` holds.
    static func wait(for condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return false
    }

    /// folio's temporary objects (`git status` runs git-lfs, which leaves files of its own there).
    static func temporaryObjects(_ vault: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: vault.appendingPathComponent(".git/lfs/tmp").path)) ?? []).filter {
            $0.hasPrefix("folio-")
        }
    }

    @Test("SIGKILL while a photo is uploaded, then while it is downloaded: nothing pushed without it, nothing half written")
    func killedInTransfers() throws {
        let scratch = try Scratch()
        let server = try LFSFaultServer()
        let folio = try LFSTests.vault(scratch)
        try folio.run("config", "set", "media.fetch", "none")
        try folio.write(".lfsconfig", "[lfs]\n\turl = \(server.url)\n")
        #expect(try folio.run("commit", "-m", "LFS server").status == 0)
        #expect(try folio.run("config", "trust", "lfs.url").status == 0)
        #expect(try folio.run("sync").status == 0)
        let remote = scratch.path("remote.git")
        let before = try git(["rev-parse", "main"], in: remote)
        let photo = try LFSTests.photo(scratch, "IMG_K.jpg", seed: 42)
        #expect(try folio.run("new", "diary", "--title", "斷電", "--media", photo.path).status == 0)
        let sha = try LFSTests.sha256(photo)
        let stored = "media/\(sha.prefix(2))/\(sha).jpg"

        // Killed while the server holds the upload unanswered.
        server.failTransfers([.stall])
        let sync = try folio.start(["sync"])
        #expect(Self.wait { server.requests.contains { $0.method == "PUT" } }, "the upload started")
        kill(sync.0.processIdentifier, SIGKILL)
        _ = folio.finish(sync)
        #expect(sync.0.terminationReason == .uncaughtSignal)
        #expect(try git(["rev-parse", "main"], in: remote) == before, "no branch without its media")
        let fsck = try git(["fsck", "--no-dangling", "--no-progress"], in: folio.directory)
        #expect(!fsck.contains("error") && !fsck.contains("missing"), "\(fsck)")
        let again = try folio.run("sync")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("sent 1 media file"), "\(again.stdout)")
        #expect(try git(["rev-parse", "main"], in: remote) != before)
        #expect(server.object(sha).map { LFSTests.sha256(Data($0)) } == sha)

        // A second device, killed while the photo's body is half way down.
        var b = FolioProcess(directory: scratch.path("b"), scratch: scratch)
        b.environment["FOLIO_DEVICE"] = "B"
        #expect(try FolioProcess(directory: scratch.url, scratch: scratch).run("clone", remote.path, "b").status == 0)
        #expect(b.read(stored)?.hasPrefix("version https://git-lfs.github.com/spec/v1") == true)
        server.failTransfers([.stallAfter(100_000)])
        let fetch = try b.start(["media", "fetch", "--all"])
        #expect(Self.wait { !Self.temporaryObjects(b.directory).isEmpty }, "the download is half way")
        kill(fetch.0.processIdentifier, SIGKILL)
        _ = b.finish(fetch)
        #expect(b.read(stored)?.hasPrefix("version https://git-lfs.github.com/spec/v1") == true, "the pointer, never half a photo")
        let object = b.directory.appendingPathComponent(".git/lfs/objects/\(sha.prefix(2))/\(sha.dropFirst(2).prefix(2))/\(sha)")
        #expect(!FileManager.default.fileExists(atPath: object.path), "no partial object in the store")
        #expect(try git(["status", "--porcelain"], in: b.directory).isEmpty)
        let status = try b.run("status")
        #expect(status.status == 0, "\(status.stderr)")
        let fetched = try b.run("media", "fetch", "--all")
        #expect(fetched.status == 0, "\(fetched.stderr)")
        #expect(try LFSTests.sha256(b.directory.appendingPathComponent(stored)) == sha)
        #expect(
            Self.temporaryObjects(b.directory).isEmpty,
            "the killed download's temporary file is gone: \(Self.temporaryObjects(b.directory))")
        #expect(try git(["status", "--porcelain"], in: b.directory).isEmpty)
    }
}
