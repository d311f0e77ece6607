import Foundation
import TestSupport
import Testing

/// A `.gitattributes` another device pushed with plain git: handing records to `filter=lfs`, or
/// naming a filter driver. Records never leave as LFS objects, media still go to LFS, and a synced
/// file never makes folio run a program.
@Suite("A hostile .gitattributes synced from another device")
struct SyncedAttributesTests {
    /// Device A (folio, LFS on, its server confirmed) and device B, a clone of the same remote.
    static func devices(_ scratch: Scratch, server: LFSFaultServer) throws -> (a: FolioProcess, b: FolioProcess) {
        let a = try LFSRedirectTrickleTests.vault(scratch, server: server)
        var b = FolioProcess(directory: scratch.path("b"), scratch: scratch)
        b.environment["FOLIO_DEVICE"] = "B"
        #expect(try FolioProcess(directory: scratch.url, scratch: scratch).run("clone", scratch.path("remote.git").path, "b").status == 0)
        #expect(try b.run("config", "trust", "lfs.url").status == 0)
        return (a, b)
    }

    /// Appends `lines` to A's `.gitattributes` and pushes it with plain git, as another tool would.
    static func pushAttributes(_ lines: String, from a: FolioProcess) throws {
        let file = a.directory.appendingPathComponent(".gitattributes")
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        try (text + lines).write(to: file, atomically: true, encoding: .utf8)
        _ = try git(["add", ".gitattributes"], in: a.directory)
        _ = try git(["-c", "user.name=A", "-c", "user.email=a@example.com", "commit", "-q", "-m", "attributes"], in: a.directory)
        _ = try git(["push", "-q", "origin", "main"], in: a.directory)
    }

    @Test("records handed to filter=lfs by a synced line: their text stays in git, nothing of them reaches the LFS server; media still go")
    func recordsNeverLeaveAsLFSObjects() throws {
        let scratch = try Scratch()
        let server = try LFSFaultServer()
        let (a, b) = try Self.devices(scratch, server: server)
        try Self.pushAttributes("*.md filter=lfs diff=lfs merge=lfs -text\ndiary/** filter=lfs diff=lfs merge=lfs -text\n", from: a)
        #expect(try b.run("sync").status == 0)
        #expect(b.read(".gitattributes")?.contains("*.md filter=lfs") == true, "the hostile line arrived")

        let secret = "只寫給自己的話 pear-lantern-7"
        let made = try #require(try b.json("new", "diary", "--text", secret, "--json") as? [String: Any])
        let path = try #require(made["path"] as? String)
        let photo = try LFSTests.photo(scratch, "IMG_A.jpg", seed: 3)
        #expect(try b.run("new", "diary", "--title", "照片", "--media", photo.path).status == 0)
        let sync = try b.run("sync")
        #expect(sync.status == 0, "\(sync.stderr)")

        let remote = scratch.path("remote.git")
        let stored = try git(["show", "main:\(path)"], in: remote)
        #expect(stored.contains(secret), "the record is a pointer in git: \(stored)")
        #expect(!stored.hasPrefix("version https://git-lfs"))
        let sha = try LFSTests.sha256(photo)
        #expect(server.object(sha) != nil, "the photo went to LFS")
        let media = try git(["show", "main:media/\(sha.prefix(2))/\(sha).jpg"], in: remote)
        #expect(media.hasPrefix("version https://git-lfs.github.com/spec/v1"), "the photo is a pointer in git")
        #expect(server.requests.filter { $0.method == "PUT" }.count == 1, "only the photo was uploaded")
        let store = b.directory.appendingPathComponent(".git/lfs/objects")
        let objects = FileManager.default.enumerator(atPath: store.path)?.compactMap { $0 as? String }.filter { $0.count > 60 } ?? []
        #expect(objects.count == 1, "only the photo's object is in the LFS store: \(objects)")
        let check = try b.run("check")
        #expect(check.status == 0, "\(check.stderr)")
    }

    @Test("a synced filter=evil line, with and without this device defining the driver: folio runs nothing, stores the text")
    func namedFilterDriverRunsNothing() throws {
        let scratch = try Scratch()
        let server = try LFSFaultServer()
        let (a, b) = try Self.devices(scratch, server: server)
        try Self.pushAttributes("*.md filter=evil\n", from: a)
        #expect(try b.run("sync").status == 0)
        let marker = scratch.path("evil-ran")
        // This device's own git configuration defines the driver (what a synced file cannot do).
        for name in ["clean", "smudge", "process"] {
            _ = try git(["config", "filter.evil.\(name)", "sh -c 'touch \(marker.path); cat'"], in: b.directory)
        }
        let secret = "不該被程式讀到 quiet-harbor-3"
        let made = try #require(try b.json("new", "diary", "--text", secret, "--json") as? [String: Any])
        let path = try #require(made["path"] as? String)
        for command in [["status"], ["sync"], ["check"], ["list"]] {
            let ran = try b.run(command)
            #expect(ran.status == 0, "\(command): \(ran.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: marker.path), "folio ran the filter driver")
        #expect(try git(["show", "main:\(path)"], in: scratch.path("remote.git")).contains(secret))
    }
}

extension SyncedAttributesTests {
    @Test("a synced .gitattributes without the media line: this device's settings still send the next photo to LFS")
    func mediaLineRemoved() throws {
        let scratch = try Scratch()
        let server = try LFSFaultServer()
        let (a, b) = try Self.devices(scratch, server: server)
        let file = a.directory.appendingPathComponent(".gitattributes")
        let kept = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("media/**") }
        try (kept.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        try Self.pushAttributes("", from: a)
        #expect(try b.run("sync").status == 0)
        #expect(b.read(".gitattributes")?.contains("media/**") == false, "the line is gone on this device")

        let photo = try LFSTests.photo(scratch, "IMG_B.jpg", seed: 5)
        #expect(try b.run("new", "diary", "--title", "照片", "--media", photo.path).status == 0)
        let sync = try b.run("sync")
        #expect(sync.status == 0, "\(sync.stderr)")
        let sha = try LFSTests.sha256(photo)
        let media = try git(["show", "main:media/\(sha.prefix(2))/\(sha).jpg"], in: scratch.path("remote.git"))
        #expect(media.hasPrefix("version https://git-lfs.github.com/spec/v1"), "the photo is whole in git")
        #expect(server.object(sha) != nil, "the photo went to LFS")
        #expect(b.read(".gitattributes")?.contains("media/** filter=lfs diff=lfs merge=lfs -text") == true)
        #expect(try git(["status", "--porcelain"], in: b.directory).isEmpty)
    }
}

extension SyncedAttributesTests {
    @Test(
        "an encrypted vault whose .gitattributes hands records to filter=folio-crypt-lfs: each record is git-crypt's ciphertext in git, no LFS object"
    )
    func encryptedRecordsNeverLeaveAsLFSObjects() throws {
        let (scratch, _, folio) = try EncryptedLFSTests.encryptedVault()
        defer { withExtendedLifetime(scratch) {} }
        let file = folio.directory.appendingPathComponent(".gitattributes")
        let text = try String(contentsOf: file, encoding: .utf8)
        try (text + "*.md filter=folio-crypt-lfs diff=lfs merge=lfs -text\n").write(to: file, atomically: true, encoding: .utf8)
        let objects = folio.directory.appendingPathComponent(".git/lfs/objects")
        let before = EncryptedLFSTests.files(under: objects).count
        let secret = "加密的日記 amber-sparrow-4"
        let made = try #require(try folio.json("new", "diary", "--text", secret, "--json") as? [String: Any])
        let path = try #require(made["path"] as? String)
        let blob = try git(["cat-file", "-p", "HEAD:\(path)"], in: folio.directory)
        #expect(!blob.hasPrefix("version https://git-lfs"), "the record is an LFS pointer: \(blob.prefix(80))")
        #expect(!blob.contains(secret), "the record is in git in the clear")
        #expect(EncryptedLFSTests.files(under: objects).count == before, "the record became an LFS object")
        let shown = try folio.run("show", path)
        #expect(shown.status == 0 && shown.stdout.contains(secret), "\(shown.stderr)")
        let check = try folio.run("check")
        #expect(check.status == 0, "\(check.stdout) \(check.stderr)")
    }
}
