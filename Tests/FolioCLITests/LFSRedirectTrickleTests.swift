import Foundation
import TestSupport
import Testing

/// `folio sync` against an LFS server that redirects its batch to another origin, and one that
/// trickles a photo a byte now and then: what the user sees, what the remote and the other origin
/// got, and how long it took.
@Suite("folio sync with an LFS server that redirects or trickles")
struct LFSRedirectTrickleTests {
    /// Device A with its LFS server confirmed and a first sync done.
    static func vault(_ scratch: Scratch, server: LFSFaultServer) throws -> FolioProcess {
        let folio = try LFSTests.vault(scratch)
        try folio.write(".lfsconfig", "[lfs]\n\turl = \(server.url)\n")
        #expect(try folio.run("commit", "-m", "LFS server").status == 0)
        #expect(try folio.run("config", "trust", "lfs.url").status == 0)
        #expect(try folio.run("sync").status == 0)
        return folio
    }

    @Test("a batch redirected to another origin: not followed, the server and the place named, no branch pushed, nothing sent there")
    func redirectedBatch() throws {
        let scratch = try Scratch()
        let server = try LFSFaultServer()
        let other = try LFSFaultServer()
        let folio = try Self.vault(scratch, server: server)
        let remote = scratch.path("remote.git")
        let before = try git(["rev-parse", "main"], in: remote)
        let photo = try LFSTests.photo(scratch, "IMG_R.jpg", seed: 7)
        #expect(try folio.run("new", "diary", "--title", "轉址", "--media", photo.path).status == 0)
        let elsewhere = "http://localhost:\(other.port)/collect/objects/batch"
        server.failBatches(Array(repeating: .redirect(elsewhere), count: 4))
        let sync = try folio.run("sync")
        #expect(sync.status == 1, "\(sync.stderr)")
        #expect(sync.stderr.contains("\(server.url)/objects/batch redirects to \(elsewhere)"), "\(sync.stderr)")
        #expect(sync.stderr.contains("No branch was pushed"), "\(sync.stderr)")
        #expect(try git(["rev-parse", "main"], in: remote) == before, "no branch without its media")
        #expect(other.requests.isEmpty, "the other origin was asked: \(other.requests.map(\.path))")
        #expect(server.object(try LFSTests.sha256(photo)) == nil)
        // The server behaves again: the next sync sends the photo, then the branch.
        server.failBatches([])
        let again = try folio.run("sync")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try git(["rev-parse", "main"], in: remote) != before)
    }

    @Test("a photo trickled a byte every 0.3 s: the sync ends near sync.deadline, names the file, keeps the pointer")
    func trickledDownload() throws {
        let scratch = try Scratch()
        let server = try LFSFaultServer()
        let a = try Self.vault(scratch, server: server)
        try a.run("config", "set", "sync.timeout", "2")
        try a.run("config", "set", "sync.deadline", "3")
        #expect(try a.run("sync").status == 0)
        var b = FolioProcess(directory: scratch.path("b"), scratch: scratch)
        b.environment["FOLIO_DEVICE"] = "B"
        #expect(try FolioProcess(directory: scratch.url, scratch: scratch).run("clone", scratch.path("remote.git").path, "b").status == 0)
        #expect(try b.run("config", "trust", "lfs.url").status == 0)

        let photo = try LFSTests.photo(scratch, "IMG_T.jpg", seed: 9)
        #expect(try a.run("new", "diary", "--title", "涓滴", "--media", photo.path).status == 0)
        #expect(try a.run("sync").status == 0)
        let sha = try LFSTests.sha256(photo)
        let stored = "media/\(sha.prefix(2))/\(sha).jpg"
        server.fail(object: sha, .trickle(every: 0.3))

        let started = Date()
        let sync = try b.run("sync")
        let took = Date().timeIntervalSince(started)
        // Each request alone may take 2 × sync.timeout; four attempts and their back-offs, about
        // 18 s. The call as a whole has sync.deadline.
        #expect(took < 10, "took \(took) s with sync.deadline 3: \(sync.stderr)")
        #expect(sync.status == 1, "\(sync.stderr)")
        #expect(sync.stderr.contains(stored), "\(sync.stderr)")
        #expect(sync.stderr.contains("sync.deadline"), "\(sync.stderr)")
        #expect(b.read(stored)?.hasPrefix("version https://git-lfs.github.com/spec/v1") == true, "the pointer, never half a photo")
        let object = b.directory.appendingPathComponent(".git/lfs/objects/\(sha.prefix(2))/\(sha.dropFirst(2).prefix(2))/\(sha)")
        #expect(!FileManager.default.fileExists(atPath: object.path), "no partial object in the store")
        let temporary =
            (try? FileManager.default.contentsOfDirectory(atPath: b.directory.appendingPathComponent(".git/lfs/tmp").path)) ?? []
        #expect(temporary.filter { $0.hasPrefix("folio-") }.isEmpty, "\(temporary)")
        #expect(try git(["status", "--porcelain"], in: b.directory).isEmpty)
    }
}
