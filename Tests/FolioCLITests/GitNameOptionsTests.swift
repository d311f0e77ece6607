import Foundation
import TestSupport
import Testing

/// `init` and `clone` set the git options a vault of CJK names wants, and ignore other apps'
/// device-local files, checked with the real `git`.
@Suite("init and clone: git's options for names, and other apps' device-local files ignored")
struct GitNameOptionsTests {
    static let ignored = [
        ".obsidian/workspace.json", ".obsidian/workspace-mobile.json", ".obsidian/workspace*.json", ".trash/", ".DS_Store", "Thumbs.db",
        "desktop.ini", "*.swp", "*~", ".~lock.*#", ".folio/local/",
    ]

    /// git as a user runs it: without the tests' `core.quotepath=off`.
    static func plainGit(_ arguments: [String], in directory: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = Tool.environment()
        return try process.runToEnd(mergingErrors: true).output
    }

    static func expectOptions(_ directory: URL) throws {
        #expect(try plainGit(["config", "core.quotepath"], in: directory) == "false\n")
        #expect(try plainGit(["config", "core.precomposeunicode"], in: directory) == "true\n")
    }

    @Test(
        "a new vault: quotepath off (git status shows a Chinese name as it is), the .gitignore lines in the first commit, .DS_Store never committed"
    )
    func newVault() throws {
        let folio = try FolioProcess.vault()
        try Self.expectOptions(folio.directory)
        try folio.write("日記.txt", "雨\n")
        #expect(try Self.plainGit(["status", "--porcelain"], in: folio.directory).contains("?? 日記.txt"))
        let ignore = try #require(folio.read(".gitignore"))
        let lines = ignore.split(separator: "\n").map(String.init)
        for line in Self.ignored { #expect(lines.filter { $0 == line }.count == 1, "\(line) in \(ignore)") }
        #expect(try git(["show", "HEAD:.gitignore"], in: folio.directory) == ignore)
        try folio.write(".DS_Store", "finder\n")
        try folio.write(".obsidian/workspace.json", "{}\n")
        try folio.write("ideas/.trash/old.md", "gone\n")
        #expect(try folio.run("idea", "雨傘").status == 0)
        #expect(try folio.run("commit").status <= 1)
        let tracked = try git(["ls-files"], in: folio.directory)
        #expect(!tracked.contains(".DS_Store") && !tracked.contains("workspace.json") && !tracked.contains("old.md"), "\(tracked)")
    }

    @Test("a folder with a .gitignore of its own: its lines kept, only the missing lines added, each once")
    func existingIgnore() throws {
        let scratch = try Scratch("folio-cli")
        let root = scratch.path("vault")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try "notes-private/\n.DS_Store\n".write(to: root.appendingPathComponent(".gitignore"), atomically: true, encoding: .utf8)
        let folio = FolioProcess(directory: root, scratch: scratch)
        #expect(try folio.run("init", ".", "--name", "林小雨").status == 0)
        let ignore = try #require(folio.read(".gitignore"))
        #expect(ignore.hasPrefix("notes-private/\n.DS_Store\n"))
        let lines = ignore.split(separator: "\n").map(String.init)
        for line in Self.ignored { #expect(lines.filter { $0 == line }.count == 1, "\(line) in \(ignore)") }
    }

    @Test("a clone gets the options; a vault made before gets the missing lines in one commit, once")
    func clone() throws {
        let devices = try Devices.make(["A", "B"])
        try Self.expectOptions(devices["B"].directory)
        // An older vault: its .gitignore has folio's own line only.
        let a = devices["A"]
        try a.write(".gitignore", ".folio/local/\n")
        #expect(try a.run("sync").status == 0)
        let clone = try FolioProcess(directory: devices.base).run("clone", devices.remote, "C")
        #expect(clone.status == 0, "\(clone.stderr)")
        let c = devices.base.appendingPathComponent("C")
        try Self.expectOptions(c)
        let ignore = try String(contentsOf: c.appendingPathComponent(".gitignore"), encoding: .utf8)
        let lines = ignore.split(separator: "\n").map(String.init)
        for line in Self.ignored { #expect(lines.filter { $0 == line }.count == 1, "\(line) in \(ignore)") }
        #expect(try git(["status", "--porcelain"], in: c).isEmpty)
        #expect(try git(["log", "-1", "--format=%s"], in: c) == "clone: ignore device-local files of other apps\n")
    }
}
