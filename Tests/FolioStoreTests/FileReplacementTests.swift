import FolioCore
import Foundation
import SystemIO
import TestSupport
import Testing

@testable import FolioStore

#if canImport(Glibc)
    import Glibc
#endif

/// A read-modify-write puts its bytes in place only over the version it read: every way another
/// program can change the file in between (a save by rename, a rewrite in place that keeps the size
/// and the modification time, a new file where there was none, a removal) is seen, and the other
/// program's bytes stay.
@Suite("Replacing a file only when it is the one read")
struct FileReplacementTests {
    let scratch: Scratch
    let file: URL

    init() throws {
        scratch = try Scratch("replace")
        file = scratch.path("note.md")
        try Data("---\ntitle: 原本\n---\n".utf8).write(to: file)
    }

    /// The folder's names but `note.md`: nothing may be left behind.
    func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).filter { $0 != "note.md" }.sorted()
    }

    /// An editor's save: the new text written beside the file, then renamed over it.
    func saveByRename(_ text: String) throws {
        let temporary = scratch.path(".note.md.swp")
        try Data(text.utf8).write(to: temporary)
        #expect(rename(temporary.path, file.path) == 0)
    }

    @Test("the version read is replaced, and nothing is left beside it")
    func replacesTheVersionRead() throws {
        let (_, version) = try #require(AtomicFile.read(file))
        try AtomicFile.write("---\ntitle: 新的\n---\n", to: file, expecting: .version(version))
        #expect(try String(contentsOf: file, encoding: .utf8) == "---\ntitle: 新的\n---\n")
        #expect(try leftovers().isEmpty)
    }

    @Test("a save by rename after the read is kept, and the write refused")
    func saveByRenameIsKept() throws {
        let (_, version) = try #require(AtomicFile.read(file))
        try saveByRename("---\ntitle: 編輯器存的\n---\n")
        #expect(throws: FolioError(.file(.changedWhileWriting(kept: nil)), file: file.path)) {
            try AtomicFile.write("---\ntitle: folio 的\n---\n", to: file, expecting: .version(version))
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == "---\ntitle: 編輯器存的\n---\n")
        #expect(try leftovers() == [])
    }

    @Test("a rewrite in place that keeps the size and puts the modification time back is seen")
    func rewriteInPlaceIsSeen() throws {
        var before = stat()
        #expect(stat(file.path, &before) == 0)
        let (_, version) = try #require(AtomicFile.read(file))
        let same = "---\ntitle: 手改\n---\n"
        #expect(same.utf8.count == "---\ntitle: 原本\n---\n".utf8.count)
        let handle = try FileHandle(forWritingTo: file)
        try handle.write(contentsOf: Data(same.utf8))
        try handle.close()
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, file.path, &times, 0) == 0)
        #expect(throws: FolioError(.file(.changedWhileWriting(kept: nil)), file: file.path)) {
            try AtomicFile.write("---\ntitle: folio 的\n---\n", to: file, expecting: .version(version))
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == same)
    }

    @Test("a save landing between the check and the swap is put back (the swap undone)")
    func swapIsUndone() throws {
        // A version whose stat is the file's but whose content is not: what a save that lands in
        // the instant between the stat check and the swap looks like once the swap is done.
        let (_, real) = try #require(AtomicFile.read(file))
        var info = stat()
        #expect(stat(file.path, &info) == 0)
        let stale = FileVersion(info, bytes: Array("---\ntitle: 讀到的不是這個\n---\n".utf8))
        #expect(stale.stamp.inode == real.stamp.inode)
        #expect(throws: FolioError(.file(.changedWhileWriting(kept: nil)), file: file.path)) {
            try AtomicFile.write("---\ntitle: folio 的\n---\n", to: file, expecting: .version(stale))
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == "---\ntitle: 原本\n---\n")
        #expect(try leftovers().isEmpty)
    }

    @Test("a new file never replaces one that appeared since its name was chosen")
    func newFileNeverReplaces() throws {
        #expect(throws: FolioError(.file(.changedWhileWriting(kept: nil)), file: file.path)) {
            try AtomicFile.write("---\ntitle: 新紀錄\n---\n", to: file, expecting: .absent)
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == "---\ntitle: 原本\n---\n")
        let fresh = scratch.path("fresh.md")
        try AtomicFile.write("x\n", to: fresh, expecting: .absent)
        #expect(try String(contentsOf: fresh, encoding: .utf8) == "x\n")
    }

    @Test("a removal leaves a file saved since it was read, and removes the version read")
    func removalChecksTheVersion() throws {
        let (_, version) = try #require(AtomicFile.read(file))
        try saveByRename("---\ntitle: 剛存的\n---\n")
        #expect(throws: FolioError(.file(.changedWhileWriting(kept: nil)), file: file.path)) {
            try AtomicFile.remove(file, expecting: version)
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == "---\ntitle: 剛存的\n---\n")
        #expect(try leftovers().isEmpty)
        let (_, current) = try #require(AtomicFile.read(file))
        try AtomicFile.remove(file, expecting: current)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(try leftovers().isEmpty)
    }

    @Test("a pipe or a link in the file's place is neither read nor waited on")
    func notRegularFilesAreNotRead() throws {
        let pipe = scratch.path("pipe.md")
        #expect(mkfifo(pipe.path, 0o644) == 0)
        #expect(AtomicFile.read(pipe) == nil)
        #expect(Vault.readFile(pipe.path) == nil)
        #expect(Vault.readFile(pipe.path, followingLinks: true) == nil)
        let link = scratch.path("link.md")
        #expect(symlink(file.path, link.path) == 0)
        #expect(AtomicFile.read(link) == nil)
        #expect(Vault.readFile(link.path) == nil)
        #expect(Vault.readFile(link.path, followingLinks: true) == Array("---\ntitle: 原本\n---\n".utf8))
    }
}

/// The vault's read-modify-writes, each with a save landing on its file between its read and its
/// write (simulated by the file being replaced under the version the vault read).
@Suite("A vault's writes never land over a save")
struct VaultWriteRaceTests {
    @Test("a record changed by hand since the catalog listed it is read again, and the hand edit kept")
    func setReadsAgain() throws {
        let t = try TemporaryVault()
        let idea = try t.vault.create(NewRecord(kind: "idea", title: "想法"))
        let text = try #require(t.read(idea.path))
        try t.write(idea.path, text + "手寫的一行\n")
        let updated = try t.vault.update(idea, set: [("title", "新標題")])
        #expect(updated.document.body.contains("手寫的一行"))
        #expect(t.read(idea.path)?.contains("手寫的一行") == true)
        #expect(t.read(idea.path)?.contains("title: 新標題") == true)
    }

    @Test("config set keeps a comment saved in the file after the vault was opened")
    func configReadsAgain() throws {
        let t = try TemporaryVault()
        let vault = Vault(root: t.root, clock: t.vault.clock)
        let before = try #require(t.read(".folio/config.yaml"))
        try t.write(".folio/config.yaml", before + "# 手寫的註解\n")
        try vault.setSetting("sync.interval", to: "30")
        let after = try #require(t.read(".folio/config.yaml"))
        #expect(after.contains("# 手寫的註解") && after.contains("interval: 30"))
    }

}
