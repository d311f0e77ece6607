import Foundation
import TestSupport
import Testing

/// A media file is named by the sha256 of its bytes. One whose bytes no longer match its name
/// (a disk error, a tool that rewrote it) is damaged: no path that stages files commits it
/// (`commit`, `sync`, `attach`, `undo`, a merge of what another device pushed), `check --fix` puts
/// the committed bytes back, and the damaged bytes are kept in `.folio/local/damaged/`, never
/// destroyed.
@Suite("Damaged media never committed, and restored")
struct DamagedMediaTests {
    /// A vault with one diary page holding one photo, and that photo's stored path.
    static func vaultWithPhoto() throws -> (FolioProcess, photo: URL, stored: String) {
        let folio = try FolioProcess.vault()
        let photo = try folio.outside("IMG_2041.jpg", MediaFixtures.jpeg())
        let made = try folio.run("new", "diary", "--media", photo.path, "--title", "雨")
        #expect(made.status == 0, "\(made.stderr)")
        return (folio, photo, try #require(folio.mediaFiles().first))
    }

    /// Flips one byte of the stored file, keeping its size (only hashing sees it).
    static func damage(_ folio: FolioProcess, _ stored: String) throws -> Data {
        let url = folio.directory.appendingPathComponent(stored)
        var bytes = try [UInt8](Data(contentsOf: url))
        bytes[bytes.count - 10] ^= 0x01
        try Data(bytes).write(to: url)
        return Data(bytes)
    }

    static func committed(_ stored: String, in directory: URL) throws -> String {
        try git(["rev-parse", "HEAD:\(stored)"], in: directory).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("commit and sync leave a damaged media file out, with a warning, and commit the rest")
    func commitAndSyncLeaveItOut() throws {
        let (folio, _, stored) = try Self.vaultWithPhoto()
        let good = try Self.committed(stored, in: folio.directory)
        _ = try Self.damage(folio, stored)
        try folio.write("notes/手寫.md", "---\ntitle: 手寫\n---\n")
        let commit = try folio.run("commit")
        #expect(commit.stdout.contains("\(stored)") || commit.stderr.contains("\(stored)"))
        #expect((commit.stdout + commit.stderr).contains("no longer match its name"))
        #expect(try Self.committed(stored, in: folio.directory) == good, "the good copy stays the committed one")
        #expect(try git(["ls-files", "notes"], in: folio.directory).contains("notes/手寫.md"), "the rest is committed")

        let remote = folio.directory.deletingLastPathComponent().appendingPathComponent("remote.git")
        try git(["init", "-q", "--bare", "-b", "main", remote.path], in: folio.directory)
        #expect(try folio.run("config", "set", "sync.remote", remote.path).status == 0)
        let sync = try folio.run("sync")
        #expect((sync.stdout + sync.stderr).contains("no longer match its name"))
        #expect(try Self.committed(stored, in: remote) == good, "what the other devices get is the good copy")
    }

    @Test("status names a damaged media file as one the next commit leaves out")
    func statusNamesIt() throws {
        let (folio, _, stored) = try Self.vaultWithPhoto()
        _ = try Self.damage(folio, stored)
        let status = try folio.run("status")
        #expect(status.stdout.contains(stored) && status.stdout.contains("no longer match its name"), "\(status.stdout)")
    }

    @Test("check --fix puts the committed bytes back and keeps the damaged ones aside")
    func checkFixRestores() throws {
        let (folio, photo, stored) = try Self.vaultWithPhoto()
        let damaged = try Self.damage(folio, stored)
        let check = try folio.run("check")
        #expect(check.status == 1 && check.stdout.contains("\(stored): its bytes no longer hash to its name"))
        let fix = try folio.run("check", "--fix", "--yes")
        #expect(fix.status == 0, "\(fix.stdout)\(fix.stderr)")
        #expect(try Data(contentsOf: folio.directory.appendingPathComponent(stored)) == Data(contentsOf: photo))
        let kept = ".folio/local/damaged/\(stored).20261122-180411"
        #expect(fix.stdout.contains(kept), "\(fix.stdout)")
        #expect(try Data(contentsOf: folio.directory.appendingPathComponent(kept)) == damaged, "the damaged bytes are kept")
        #expect(try git(["status", "--porcelain"], in: folio.directory).isEmpty)
        #expect(try folio.run("check").status == 0)
        // Damaged again: a second kept copy beside the first, never over it.
        _ = try Self.damage(folio, stored)
        #expect(try folio.run("check", "--fix", "--yes").status == 0)
        #expect(FileManager.default.fileExists(atPath: folio.directory.appendingPathComponent(kept + "-2").path))
    }

    @Test("check --fix without a good copy in history leaves the file as it is and says so")
    func checkFixWithoutHistory() throws {
        let folio = try FolioProcess.vault()
        let name = String(repeating: "ab", count: 32)
        let path = "media/ab/\(name).jpg"
        try folio.write(path, "not the bytes of this name")
        let fix = try folio.run("check", "--fix", "--yes")
        #expect(fix.status == 1)
        #expect(fix.stdout.contains("\(path) cannot be repaired"), "\(fix.stdout)")
        #expect(folio.read(path) == "not the bytes of this name")
        #expect(try git(["ls-files", "media"], in: folio.directory).isEmpty, "never committed")
    }

    @Test("attaching the same bytes again heals a damaged copy (kept aside) and commits the good one")
    func attachHeals() throws {
        let (folio, photo, stored) = try Self.vaultWithPhoto()
        let good = try Self.committed(stored, in: folio.directory)
        let damaged = try Self.damage(folio, stored)
        #expect(try folio.run("idea", "另一個").status == 0)
        let attach = try folio.run("attach", "另一個", photo.path)
        #expect(attach.status == 0, "\(attach.stderr)")
        #expect(try Data(contentsOf: folio.directory.appendingPathComponent(stored)) == Data(contentsOf: photo))
        #expect(try Data(contentsOf: folio.directory.appendingPathComponent(".folio/local/damaged/\(stored).20261122-180411")) == damaged)
        #expect(try Self.committed(stored, in: folio.directory) == good)
        #expect(try git(["status", "--porcelain"], in: folio.directory).isEmpty)
    }

    @Test("a damaged copy pushed by another device never replaces the good one here; the sync puts it back")
    func syncKeepsTheGoodCopy() throws {
        let devices = try Devices.make()
        let photo = try devices["A"].outside("IMG_2041.jpg", MediaFixtures.jpeg())
        #expect(try devices["A"].run("new", "diary", "--media", photo.path, "--title", "雨").status == 0)
        try devices.sync("A", "B")
        let stored = try #require(devices["A"].mediaFiles().first)
        // B's copy is damaged and committed by another program (git itself), then pushed.
        _ = try Self.damage(devices["B"], stored)
        try git(["commit", "-q", "-am", "rewrote the photo"], in: devices["B"].directory)
        try git(["push", "-q", "origin", "main"], in: devices["B"].directory)
        let sync = try devices["A"].run("sync")
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stdout.contains("\(stored): the other device's copy does not match its name"), "\(sync.stdout)")
        #expect(try Data(contentsOf: devices["A"].directory.appendingPathComponent(stored)) == Data(contentsOf: photo))
        let remote = URL(fileURLWithPath: devices.remote)
        let onRemote = try git(["cat-file", "blob", "main:\(stored)"], in: remote)
        #expect(Data(onRemote.utf8).count > 0)
        let blob = try git(["rev-parse", "main:\(stored)"], in: remote).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(blob == (try Self.committed(stored, in: devices["A"].directory)), "the remote holds the good copy again")
        _ = devices
    }

    @Test("undo never commits a damaged media file again")
    func undoRefuses() throws {
        let (folio, _, stored) = try Self.vaultWithPhoto()
        _ = try Self.damage(folio, stored)
        // Committed damaged by another program; then folio's check --fix commits the good bytes back.
        try git(["commit", "-q", "-am", "rewrote the photo"], in: folio.directory)
        let fix = try folio.run("check", "--fix", "--yes")
        #expect(fix.status == 0, "\(fix.stdout)\(fix.stderr)")
        let good = try Self.committed(stored, in: folio.directory)
        let undo = try folio.run("undo")
        #expect(undo.status == 1)
        #expect(undo.stderr.contains("it would commit \(stored) again"), "\(undo.stderr)")
        #expect(try Self.committed(stored, in: folio.directory) == good)
    }
}
