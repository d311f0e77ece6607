import Foundation
import TestSupport
import Testing

/// Symbolic links leading out of the vault are never committed nor written through; a file that
/// shares its contents with one outside the vault (a hard link) is never written through either.
@Suite("Links out of the vault")
struct LinkTests {
    /// A folder beside the vault, outside it.
    func outside(_ folio: FolioProcess) throws -> URL {
        let url = folio.directory.deletingLastPathComponent().appendingPathComponent("outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try "not the journal's\n".write(to: url.appendingPathComponent("private.txt"), atomically: true, encoding: .utf8)
        return url
    }

    @Test("commit leaves symbolic links that lead outside out, with a warning, and commits the rest and links that stay inside")
    func commitLeavesLinksOut() throws {
        let folio = try FolioProcess.vault()
        let elsewhere = try outside(folio)
        let manager = FileManager.default
        try manager.createSymbolicLink(
            atPath: folio.directory.appendingPathComponent("hostname.md").path, withDestinationPath: "/etc/hostname")
        try manager.createSymbolicLink(
            atPath: folio.directory.appendingPathComponent("elsewhere").path, withDestinationPath: elsewhere.path)
        try manager.createSymbolicLink(atPath: folio.directory.appendingPathComponent("me.md").path, withDestinationPath: "profile.md")
        try folio.write("notes/plain.txt", "a note\n")
        let commit = try folio.run("commit")
        #expect(commit.status == 0, "\(commit.stderr)")
        #expect(
            commit.stderr.contains(
                "hostname.md: warning: is a symbolic link that leads outside the vault (/etc/hostname), so it was left out of the commit"),
            "\(commit.stderr)")
        #expect(commit.stderr.contains("elsewhere: warning: is a symbolic link that leads outside the vault"))
        let committed = try folio.committedPaths()
        #expect(committed.contains("notes/plain.txt") && committed.contains("me.md"))
        #expect(!committed.contains("hostname.md") && !committed.contains("elsewhere"))
        #expect(Set(try folio.uncommitted()) == ["?? elsewhere", "?? hostname.md"])
    }

    @Test("a template or a setting file linked to a file outside is never read, shown nor committed; check names it")
    func linkedTemplateIsNotFollowed() throws {
        let folio = try FolioProcess.vault()
        try FileManager.default.createSymbolicLink(
            atPath: folio.directory.appendingPathComponent(".folio/templates/passwd.md").path, withDestinationPath: "/etc/passwd")
        let check = try folio.run("check")
        #expect(check.status == 1)
        #expect(
            (check.stdout + check.stderr).contains("'.folio/templates/passwd.md' is a symbolic link that leads outside the vault"),
            "\(check.stdout)\(check.stderr)")
        let commit = try folio.run("commit")
        for output in [check.stdout, check.stderr, commit.stdout, commit.stderr] {
            #expect(!output.contains("root:"), "the outside file's text is shown: \(output)")
        }
        #expect(
            commit.stderr.contains(".folio/templates/passwd.md: warning: is a symbolic link that leads outside the vault (/etc/passwd)"),
            "\(commit.stderr)")
        #expect(!(try folio.committedPaths()).contains(".folio/templates/passwd.md"))
    }

    @Test("sync never pushes a symbolic link that leads outside the vault")
    func syncLeavesLinksOut() throws {
        let devices = try Devices.make(["A"])
        let folio = devices["A"]
        try FileManager.default.createSymbolicLink(
            atPath: folio.directory.appendingPathComponent("passwd.md").path, withDestinationPath: "/etc/passwd")
        try folio.write("notes/plain.md", "a plain note\n")
        let sync = try folio.run("sync")
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stderr.contains("passwd.md: warning: is a symbolic link that leads outside the vault"), "\(sync.stderr)")
        let pushed = try git(["ls-tree", "-r", "--name-only", "main"], in: URL(fileURLWithPath: devices.remote))
        #expect(pushed.contains("notes/plain.md") && !pushed.contains("passwd.md"))
    }

    @Test("a kind's folder that is a link leading outside is never written through")
    func folderLinkIsNotWrittenThrough() throws {
        let folio = try FolioProcess.vault()
        let elsewhere = try outside(folio)
        try FileManager.default.createSymbolicLink(
            atPath: folio.directory.appendingPathComponent("ideas").path, withDestinationPath: elsewhere.path)
        let idea = try folio.run("idea", "where does it go")
        #expect(idea.status == 1)
        #expect(
            idea.stderr.contains("the folder 'ideas' is a symbolic link that leads outside the vault; folio will not write there"),
            "\(idea.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path) == ["private.txt"])
        #expect(try folio.uncommitted() == ["?? ideas"])
    }

    @Test("a record hard-linked to a file outside: check names it, set and done never change the outside file, check --fix separates it")
    func hardLinks() throws {
        let folio = try FolioProcess.vault()
        let elsewhere = try outside(folio)
        let shared = elsewhere.appendingPathComponent("shared.md")
        let text = "---\nid: 7d8e6f4a-1b2c-4d5e-8f90-a1b2c3d4e5f6\nkind: idea\ntitle: shared\ndone: false\n---\nwritten outside\n"
        try text.write(to: shared, atomically: true, encoding: .utf8)
        let path = "ideas/2026/11/2026-11-22-shared.md"
        let inVault = folio.directory.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: inVault.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(link(shared.path, inVault.path) == 0)

        let check = try folio.run("check")
        #expect(check.status == 1)
        #expect(check.stdout.contains("\(path): warning: this file has 1 other name outside the vault (a hard link)"), "\(check.stdout)")

        #expect(try folio.run("set", "shared", "title=changed in the vault").status == 0)
        let afterSet = try String(contentsOf: shared, encoding: .utf8)
        #expect(afterSet == text, "set wrote a new file; the outside one is untouched")
        #expect(folio.read(path)?.contains("title: changed in the vault") == true)

        try FileManager.default.removeItem(at: inVault)
        #expect(link(shared.path, inVault.path) == 0)
        #expect(try folio.run("done", "shared").status == 0)
        let afterDone = try String(contentsOf: shared, encoding: .utf8)
        #expect(afterDone == text)
        #expect(folio.read(path)?.contains("done: true") == true)

        try FileManager.default.removeItem(at: inVault)
        #expect(link(shared.path, inVault.path) == 0)
        let fix = try folio.run("check", "--fix", "--yes")
        #expect(fix.stdout.contains("\(path) now has a copy of its own"), "\(fix.stdout)\(fix.stderr)")
        var inside = stat()
        var outsideInfo = stat()
        #expect(lstat(inVault.path, &inside) == 0 && lstat(shared.path, &outsideInfo) == 0)
        #expect(inside.st_ino != outsideInfo.st_ino && outsideInfo.st_nlink == 1)
        let outsideText = try String(contentsOf: shared, encoding: .utf8)
        #expect(folio.read(path) == text && outsideText == text)
        let after = try folio.run("check")
        #expect(!after.stdout.contains("hard link"))
    }
}

/// Conflict copies sync keeps are listed by `check`, like `status` does, until they are dealt with.
@Suite("check and conflict copies")
struct ConflictCheckTests {
    @Test("check lists each conflict copy with its record and what to do, and exits 1 until it is deleted")
    func conflictCopies() throws {
        var devices = try Devices.make()
        let path = try devices.retitleOnBoth("original title", onA: "A's title", onB: "B's title").path
        try devices.sync("A", "B")
        let copy = (path as NSString).deletingPathExtension + ".conflict-a-20261122-020000.md"
        #expect(devices["B"].read(copy) != nil)

        let check = try devices["B"].run("check")
        #expect(check.status == 1)
        #expect(
            check.stdout.contains(
                "\(copy): warning: a conflict copy sync kept beside \(path): read both versions, merge by hand what you want to keep into \(path), then delete this copy."
            ), "\(check.stdout)")
        let status = try #require(try devices["B"].json("status", "--json") as? [String: Any])
        #expect(status["conflicts"] as? [String] == [copy], "check and status agree")

        try FileManager.default.removeItem(at: devices["B"].directory.appendingPathComponent(copy))
        let clean = try devices["B"].run("check")
        #expect(clean.status == 0, "\(clean.stdout)")
        #expect(clean.stdout.contains("no problems"))
    }
}
