import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Git's own control files arrive from other devices like records do: a rule that makes git
/// ignore records, or a pipe where git expects a file, must never silently keep records out of
/// history nor hang a command.
@Suite("Records git ignores, and control files that are not files")
struct IgnoredAndIrregularFilesTests {
    @Test(
        "a rule ignoring records, wherever git reads it (a synced .gitignore, one in a folder, .git/info/exclude): status, check and commit name each record it keeps out",
        arguments: ["synced", "folder", "exclude"])
    func ignoredRecordsAreNamed(where rule: String) throws {
        let devices = try Devices.make()
        let b = devices["B"]
        switch rule {
        case "synced":
            // Another device's .gitignore, pushed with plain git.
            let a = devices["A"].directory
            try devices["A"].write(".gitignore", (devices["A"].read(".gitignore") ?? "") + "*.md\n")
            try git(["commit", "-q", "-am", "ignore records"], in: a)
            try git(["push", "-q", "origin", "main"], in: a)
            #expect(try b.run("sync").status == 0)
        case "folder":
            try b.write("ideas/.gitignore", "hand*\n")
        default:
            try b.write(".git/info/exclude", "ideas/hand.md\n")
        }
        try b.write("ideas/hand.md", "---\nkind: idea\ntitle: made by hand\n---\n")

        let status = try b.run("status")
        #expect(
            status.stdout.contains("git ignores 1 file folio reads") && status.stdout.contains("ideas/hand.md"), "\(rule): \(status.stdout)"
        )
        let check = try b.run("check")
        #expect(check.status == 1, "\(rule)")
        #expect((check.stdout + check.stderr).contains("ideas/hand.md: warning: git ignores this file"), "\(rule): \(check.stdout)")
        let commit = try b.run("commit")
        #expect(commit.stderr.contains("ideas/hand.md: warning: git ignores this file"), "\(rule): \(commit.stderr)")
        // folio's own records are never written where a rule hides them without a word either.
        let idea = try b.run("idea", "hand of folio")
        #expect(idea.status == 0)
        let tracked = try git(["ls-files"], in: b.directory)
        #expect(!tracked.contains("ideas/hand.md"), "\(rule)")
    }

    @Test(
        "a named pipe where git reads a control file (.gitignore, .gitattributes, a folder's .gitignore): status, check, commit and sync end at once, naming it",
        .timeLimit(.minutes(2)), arguments: [".gitignore", ".gitattributes", "ideas/.gitignore"])
    func pipesAreNotRead(path: String) throws {
        let devices = try Devices.make()
        let b = devices["B"]
        #expect(try b.run("idea", "before the pipe").status == 0)
        let url = b.directory.appendingPathComponent(path)
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(mkfifo(url.path, 0o644) == 0)
        try b.write("ideas/hand.md", "---\nkind: idea\ntitle: made by hand\n---\n")

        for command in [["status"], ["check"], ["commit"], ["sync"]] {
            let result = try b.run(command)
            #expect(result.status != 0, "\(path) \(command)")
            #expect(
                (result.stdout + result.stderr).contains("\(path): error: git reads this file, but it is not a regular file"),
                "\(path) \(command): \(result.stdout) \(result.stderr)")
        }
        // Nothing was committed past the pipe, and once it is gone the hand edit goes in.
        try FileManager.default.removeItem(at: url)
        if path != "ideas/.gitignore" { try git(["checkout", "-q", "--", path], in: b.directory) }
        let commit = try b.run("commit")
        #expect(commit.status == 0, "\(path): \(commit.stderr)")
        #expect(try git(["ls-files"], in: b.directory).contains("ideas/hand.md"), "\(path)")
    }

    /// The same pipe in a folder whose name is not UTF-8 (git walks such a folder): found by its
    /// bytes, never by a name with the bad byte replaced, which names nothing.
    @Test("a named pipe as the .gitignore of a folder whose name is not UTF-8: status ends at once, naming it", .timeLimit(.minutes(2)))
    func pipeInAFolderNamedInNoEncoding() throws {
        let devices = try Devices.make()
        let b = devices["B"]
        #expect(try b.run("idea", "before the pipe").status == 0)
        let folder = Array(b.directory.appendingPathComponent("ideas").path.utf8) + [UInt8(ascii: "/"), 0x6E, 0xFF, 0x6F]
        defer { _ = try? Tool.run("/bin/rm", ["-rf", b.directory.appendingPathComponent("ideas").path]) }
        let made = (folder + [0]).withUnsafeBytes { bytes in
            bytes.baseAddress.map { mkdir($0.assumingMemoryBound(to: CChar.self), 0o755) } ?? -1
        }
        #expect(made == 0)
        let pipe = folder + Array("/.gitignore".utf8) + [0]
        #expect(
            pipe.withUnsafeBytes { bytes in bytes.baseAddress.map { mkfifo($0.assumingMemoryBound(to: CChar.self), 0o644) } ?? -1 } == 0)
        let result = try b.run("status")
        #expect(result.status != 0)
        #expect(
            (result.stdout + result.stderr).contains(
                "ideas/n\u{FFFD}o/.gitignore: error: git reads this file, but it is not a regular file"),
            "\(result.stdout) \(result.stderr)")
    }
}
