import Foundation
import GitIndex
import TestSupport
import Testing

@testable import Git

/// The index read and written by folio itself (status, and staging what a commit took): every
/// answer must be libgit2's, every index it writes one git reads the same, and anything it does
/// not handle must go to libgit2.
@Suite struct IndexFileTests {
    /// A repository whose index git's own `commit` wrote (with its cache tree), and a second
    /// commit made through libgit2.
    private func repository() throws -> (Repository, Scratch) {
        let scratch = try Scratch()
        let repository = try Repository.create(at: scratch.path("vault"))
        let root = try repository.root()
        for (path, text) in [
            "profile.md": "owner\n", "ideas/2026/11/a.md": "a\n", "ideas/2026/11/b.md": "b\n", "ideas/2026/12/only.md": "only\n",
            "diary/2026/11/d.md": "d\n", "media/ab/ab12.jpg": "jpeg\n", "tool.sh": "#!/bin/sh\n", ".gitignore": "*.tmp\ncache/\n",
        ] { try repository.write(path, text) }
        _ = chmod(root.appendingPathComponent("tool.sh").path, 0o755)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("link.md").path, withDestinationPath: "profile.md")
        try Tool.git(["add", "-A"], in: root)
        try Tool.git(["commit", "-qm", "base"], in: root)
        try repository.commitFiles(["ideas/2026/11/c.md": "c\n"], "one more", minute: 1)
        return (repository, scratch)
    }

    /// `status()` through folio's index reader, which must handle this repository.
    private func quick(_ repository: Repository) throws -> [StatusEntry] {
        try #require(try repository.quickStatus(), "the quick status left this repository to libgit2")
    }

    @Test(
        "the status is libgit2's",
        arguments: [
            "nothing changed", "edited", "deleted", "new in a new folder", "ignored file and folder", "staged by git",
            "removed from the index by git", "executable bit", "file becomes a link", "touched, not changed", "emptied",
            "a folder deleted", "new inside an untracked folder",
        ])
    func statusIsLibgit2s(change: String) throws {
        let (repository, scratch) = try repository()
        defer { withExtendedLifetime(scratch) {} }
        let root = try repository.root()
        switch change {
        case "edited": try repository.write("ideas/2026/11/a.md", "a, edited\n")
        case "deleted": try repository.remove("ideas/2026/11/b.md")
        case "new in a new folder": try repository.write("qa/2027/01/q.md", "q\n")
        case "ignored file and folder":
            try repository.write("scratch.tmp", "x\n")
            try repository.write("cache/x.md", "x\n")
        case "staged by git":
            try repository.write("profile.md", "owner, staged\n")
            try Tool.git(["add", "profile.md"], in: root)
            try repository.write("profile.md", "owner, staged and edited\n")
        case "removed from the index by git": try Tool.git(["rm", "-q", "--cached", "ideas/2026/11/a.md"], in: root)
        case "executable bit": _ = chmod(root.appendingPathComponent("tool.sh").path, 0o644)
        case "file becomes a link":
            try repository.remove("diary/2026/11/d.md")
            try FileManager.default.createSymbolicLink(
                atPath: root.appendingPathComponent("diary/2026/11/d.md").path, withDestinationPath: "x")
        case "touched, not changed":
            try repository.write("ideas/2026/11/a.md", "a\n")
            try repository.write("ideas/2026/11/b.md", "B\n")
        case "emptied": try repository.write("profile.md", "")
        case "a folder deleted": try FileManager.default.removeItem(at: root.appendingPathComponent("ideas/2026"))
        case "new inside an untracked folder":
            try repository.write("new/deeper/still/n.md", "n\n")
            try repository.write("new/skip.tmp", "x\n")
        default: break
        }
        #expect(try quick(repository) == repository.statusThroughLibgit2(), "\(change)")
    }

    @Test(
        "what it does not handle goes to libgit2",
        arguments: [
            "index version 4", "skip-worktree", "assume-unchanged", "a nested repository", "case-insensitive names",
            "a folder becomes a link",
        ])
    func leftToLibgit2(setting: String) throws {
        let (repository, scratch) = try repository()
        defer { withExtendedLifetime(scratch) {} }
        let root = try repository.root()
        try repository.write("ideas/2026/11/a.md", "a, edited\n")
        switch setting {
        case "index version 4": try Tool.git(["update-index", "--index-version", "4"], in: root)
        case "skip-worktree": try Tool.git(["update-index", "--skip-worktree", "profile.md"], in: root)
        case "assume-unchanged": try Tool.git(["update-index", "--assume-unchanged", "profile.md"], in: root)
        case "a nested repository": _ = try Repository.create(at: root.appendingPathComponent("ideas/inner"))
        case "a folder becomes a link":
            try FileManager.default.removeItem(at: root.appendingPathComponent("ideas/2026/12"))
            try FileManager.default.createSymbolicLink(
                atPath: root.appendingPathComponent("ideas/2026/12").path, withDestinationPath: "../../diary")
        default: try Tool.git(["config", "core.ignorecase", "true"], in: root)
        }
        if setting == "index version 4" {
            // Read for status, left to libgit2 for writing.
            #expect(try quick(repository) == repository.statusThroughLibgit2())
            let blob = try repository.writeBlob(Data("a, edited\n".utf8))
            let known = ["ideas/2026/11/a.md": StagedFile(oid: blob, mode: .regular)]
            #expect(try repository.stageQuickly(["ideas/2026/11/a.md"], known: known) == false)
            #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent(".git/index.lock").path))
        } else {
            #expect(try repository.quickStatus() == nil)
        }
        #expect(try repository.status() == repository.statusThroughLibgit2())
    }

    @Test func aCommitWritesAnIndexGitReadsTheSame() throws {
        let (repository, scratch) = try repository()
        defer { withExtendedLifetime(scratch) {} }
        let root = try repository.root()
        // Status first, as sync does: its cache tree goes into the index the commit writes.
        try repository.write("ideas/2026/11/a.md", "a, edited\n")
        try repository.write("qa/2027/01/q.md", "q\n")
        try repository.remove("ideas/2026/12/only.md")
        let changed = try quick(repository).map(\.path)
        #expect(changed == ["ideas/2026/11/a.md", "ideas/2026/12/only.md", "qa/2027/01/q.md"])
        try repository.commitOnly(paths: changed, message: "edits", author: signature(2), committer: signature(2))
        try expectIndexAgreesWithGit(repository)

        // A second commit refreshes the cache tree the first one wrote, new folders included.
        try repository.write("qa/2027/02/r.md", "r\n")
        try repository.write("diary/2026/11/d.md", "d, edited\n")
        try repository.commitOnly(
            paths: ["qa/2027/02/r.md", "diary/2026/11/d.md"], message: "more", author: signature(3), committer: signature(3))
        try expectIndexAgreesWithGit(repository)
        let tree = try #require(IndexFile.read(root.appendingPathComponent(".git/index").path)?.cacheTree)
        #expect(tree.isValid, "the whole index is HEAD's tree again")
        #expect(try quick(repository).isEmpty)

        // git's own commit on top reads the cache tree; a wrong one would give a wrong tree.
        try repository.write("profile.md", "owner, by git\n")
        try Tool.git(["commit", "-qam", "by git"], in: root)
        try Tool.git(["fsck", "--strict"], in: root)
        #expect(try Tool.git(["diff", "--stat", "HEAD~1", "HEAD"], in: root).contains("profile.md"))
        #expect(try Tool.git(["ls-tree", "-r", "--name-only", "HEAD"], in: root).split(separator: "\n").count == 11)
    }

    /// git sees no change anywhere, and every folder the cache tree vouches for holds what it says.
    private func expectIndexAgreesWithGit(_ repository: Repository) throws {
        let root = try repository.root()
        #expect(try Tool.git(["status", "--porcelain"], in: root) == "")
        #expect(try Tool.git(["diff-index", "--cached", "HEAD"], in: root) == "")
        try Tool.git(["fsck", "--strict"], in: root)
        let index = try #require(IndexFile.read(root.appendingPathComponent(".git/index").path))
        func check(_ node: CacheTree, _ folder: String) throws {
            if node.isValid, var oid = node.oid {
                let hex = withUnsafeBytes(of: &oid) { $0.map { String(format: "%02x", $0) }.joined() }
                #expect(try Tool.git(["rev-parse", "HEAD:" + folder], in: root) == hex, "tree of '\(folder)'")
                let files = try Tool.git(["ls-files", "--", folder.isEmpty ? "." : folder], in: root)
                #expect(files.split(separator: "\n").count == node.entryCount, "entries under '\(folder)'")
            }
            for child in node.children {
                try check(child, folder + String(decoding: child.name, as: UTF8.self) + "/")
            }
        }
        if let tree = index.cacheTree { try check(tree, "") }
    }

    @Test func aHeldIndexLockIsReportedAndLeftAlone() throws {
        let (repository, scratch) = try repository()
        defer { withExtendedLifetime(scratch) {} }
        let lock = try repository.root().appendingPathComponent(".git/index.lock")
        try Data("git's".utf8).write(to: lock)
        try repository.write("profile.md", "owner, edited\n")
        let error = try #require(throws: GitError.self) {
            try repository.commitOnly(paths: ["profile.md"], message: "edit", author: signature(2), committer: signature(2))
        }
        #expect(error.code == .locked)
        #expect(try String(contentsOf: lock, encoding: .utf8) == "git's")
        try FileManager.default.removeItem(at: lock)
        try repository.commitOnly(paths: ["profile.md"], message: "edit", author: signature(3), committer: signature(3))
        try expectIndexAgreesWithGit(repository)
    }

    /// A file changed in the same instant as the index was written keeps stat data that say
    /// "unchanged"; once a newer index is written that would be believed, so it is written with
    /// size 0 (git's and libgit2's smudging) and its change shows.
    @Test func aRacilyCleanEntryIsSmudged() throws {
        let (repository, scratch) = try repository()
        defer { withExtendedLifetime(scratch) {} }
        let root = try repository.root()
        try Tool.git(["config", "core.trustctime", "false"], in: root)
        let indexPath = root.appendingPathComponent(".git/index").path
        let entry = try #require(
            IndexFile.read(indexPath).flatMap { index in
                index.entries.first { String(decoding: index.names[$0.name], as: UTF8.self) == "profile.md" }
            })
        // Same size, same recorded time, other content; the index no older than the file.
        try repository.write("profile.md", "OWNER\n")
        var times = [
            timespec(tv_sec: Int(entry.stat.mtimeSeconds), tv_nsec: Int(entry.stat.mtimeNanoseconds)),
            timespec(tv_sec: Int(entry.stat.mtimeSeconds), tv_nsec: Int(entry.stat.mtimeNanoseconds)),
        ]
        #expect(utimensat(AT_FDCWD, root.appendingPathComponent("profile.md").path, &times, 0) == 0)
        #expect(utimensat(AT_FDCWD, indexPath, &times, 0) == 0)
        #expect(try quick(repository).map(\.path) == ["profile.md"], "racy, so hashed")

        try repository.write("tool.sh", "#!/bin/sh\necho\n")
        try repository.commitOnly(paths: ["tool.sh"], message: "tool", author: signature(2), committer: signature(2))
        let written = try #require(IndexFile.read(indexPath))
        let smudged = try #require(written.entries.first { String(decoding: written.names[$0.name], as: UTF8.self) == "profile.md" })
        #expect(smudged.stat.size == 0)
        #expect(try quick(repository).map(\.path) == ["profile.md"])
        #expect(try repository.statusThroughLibgit2().map(\.path) == ["profile.md"])
    }

    /// `.gitattributes` that only the index holds still apply when a file is committed: libgit2
    /// is given an index of just those files while it reads working files.
    @Test func attributesTheIndexHoldsStillApply() throws {
        let (repository, scratch) = try repository()
        defer { withExtendedLifetime(scratch) {} }
        try repository.commitFiles(["notes/.gitattributes": "*.md text eol=lf\n"], "attributes", minute: 2)
        try repository.remove("notes/.gitattributes")
        try repository.write("notes/n.md", "one\r\ntwo\r\n")
        let commit = try #require(
            try repository.commitOnly(
                paths: ["notes/n.md"], message: "note", author: signature(3), committer: signature(3)))
        #expect(try repository.blob(at: "notes/n.md", in: commit) == Data("one\ntwo\n".utf8))
        // libgit2's own index is whole again afterwards.
        #expect(try repository.statusThroughLibgit2().map(\.path) == ["notes/.gitattributes"])
    }
}
