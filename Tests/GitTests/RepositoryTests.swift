import Foundation
import TestSupport
import Testing

@testable import Git

@Suite struct RepositoryTests {
    @Test func firstCommitOnUnbornBranch() throws {
        let scratch = try Scratch()
        let repository = try Repository.create(at: scratch.path("vault"))
        #expect(try repository.head() == nil)
        #expect(try repository.currentBranchName == "main")
        #expect(repository.isBare == false)
        #expect(try repository.root().standardizedFileURL.path == scratch.path("vault").standardizedFileURL.path)
        #expect(try repository.log().isEmpty)

        let oid = try repository.commitFiles(["a.md": "alpha\n"], "First record\n\nWith a body.", minute: 0)
        #expect(try repository.head() == oid)
        #expect(try repository.currentBranchName == "main")

        let root = try repository.root()
        try Tool.git(["fsck", "--strict"], in: root)
        #expect(try Tool.git(["rev-parse", "refs/heads/main"], in: root) == oid.hex)
        #expect(
            try Tool.git(["log", "--format=%s|%an|%ae|%at|%ai"], in: root)
                == "First record|Ada Lovelace|ada@example.com|1700000000|2023-11-14 23:13:20 +0100")
        #expect(try Tool.git(["cat-file", "-p", "HEAD:a.md"], in: root) == "alpha")

        let commit = try repository.commit(oid)
        #expect(commit.parents.isEmpty)
        #expect(commit.summary == "First record")
        #expect(commit.message == "First record\n\nWith a body.\n")
        #expect(commit.author == signature(0))
        #expect(commit.time == signature(0).time)
    }

    @Test func openAndDiscover() throws {
        let scratch = try Scratch()
        let created = try Repository.create(at: scratch.path("vault"))
        try created.commitFiles(["notes/a.md": "a\n"], "one", minute: 0)
        let head = try created.head()

        let opened = try Repository.open(at: scratch.path("vault"))
        #expect(try opened.head() == head)
        let discovered = try Repository.discover(from: scratch.path("vault/notes"))
        #expect(try discovered.head() == head)
        #expect(throws: GitError.self) { try Repository.open(at: scratch.path("vault/notes")) }

        let bare = try Repository.create(at: scratch.path("bare.git"), bare: true)
        #expect(bare.isBare)
        #expect(bare.workdir == nil)
    }

    @Test func commitTakesOnlyTheGivenPaths() throws {
        let scratch = try Scratch()
        let repository = try Repository.create(at: scratch.path("vault"))
        try repository.write("b.md", "bravo\n")
        try repository.commitFiles(["a.md": "alpha\n"], "only a", minute: 0)

        let tracked = try Tool.git(["ls-tree", "-r", "--name-only", "HEAD"], in: repository.root())
        #expect(tracked == "a.md")
        let status = try repository.status()
        #expect(status == [StatusEntry(path: "b.md", oldPath: nil, kind: .new, inIndex: false, inWorkdir: true)])

        // Staged earlier, but committed later with other paths: what is staged goes in.
        try repository.stage(paths: ["b.md"])
        try repository.write("c.md", "charlie\n")
        try repository.commitFiles(["d.md": "delta\n"], "d and staged b", minute: 1)
        let second = try Tool.git(["ls-tree", "-r", "--name-only", "HEAD"], in: repository.root())
        #expect(second.split(separator: "\n") == ["a.md", "b.md", "d.md"])
        #expect(try repository.status().map(\.path) == ["c.md"])
    }

    /// Only a file that is not there is staged as removed: one that cannot be looked at is an
    /// error, never a deletion committed.
    @Test func stagingAFileThatCannotBeLookedAtIsAnErrorNotADeletion() throws {
        let scratch = try Scratch()
        let repository = try Repository.create(at: scratch.path("vault"))
        try repository.commitFiles(["ideas/a/x.md": "x\n", "ideas/b/y.md": "y\n"], "base", minute: 0)
        let root = try repository.root()
        // A folder turned into a link to itself: its files cannot be looked at (ELOOP).
        try FileManager.default.removeItem(at: root.appendingPathComponent("ideas/a"))
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("ideas/a").path, withDestinationPath: "a")
        #expect(throws: (any Error).self) { try repository.stage(paths: ["ideas/a/x.md"]) }
        #expect(try Tool.git(["ls-files"], in: root).split(separator: "\n").contains("ideas/a/x.md"), "still staged")
        // A file that is gone, or whose folder became a file, is staged as removed.
        try FileManager.default.removeItem(at: root.appendingPathComponent("ideas/b"))
        try Data("now a file\n".utf8).write(to: root.appendingPathComponent("ideas/b"))
        try repository.stage(paths: ["ideas/b/y.md"])
        #expect(!(try Tool.git(["ls-files"], in: root).split(separator: "\n").contains("ideas/b/y.md")))
    }

    @Test func statusReportsNewModifiedDeletedAndHonoursIgnore() throws {
        let scratch = try Scratch()
        let repository = try Repository.create(at: scratch.path("vault"))
        try repository.commitFiles(
            ["a.md": "a\n", "b.md": "b\n", "c.md": "c\n", ".gitignore": "*.tmp\ncache/\n"], "base", minute: 0)

        try repository.write("a.md", "a changed\n")
        try repository.remove("b.md")
        try repository.write("deep/er/new.md", "new\n")
        try repository.write("scratch.tmp", "ignored\n")
        try repository.write("cache/x.md", "ignored\n")

        let entries = try repository.status()
        #expect(
            entries == [
                StatusEntry(path: "a.md", oldPath: nil, kind: .modified, inIndex: false, inWorkdir: true),
                StatusEntry(path: "b.md", oldPath: nil, kind: .deleted, inIndex: false, inWorkdir: true),
                StatusEntry(path: "deep/er/new.md", oldPath: nil, kind: .new, inIndex: false, inWorkdir: true),
            ])

        try repository.stage(paths: ["a.md", "b.md"])
        let staged = try repository.status()
        #expect(staged.first { $0.path == "a.md" } == StatusEntry(path: "a.md", kind: .modified, inIndex: true, inWorkdir: false))
        #expect(staged.first { $0.path == "b.md" } == StatusEntry(path: "b.md", kind: .deleted, inIndex: true, inWorkdir: false))

        // Staging a vanished file removes it; committing records the deletion.
        let oid = try repository.commit(message: "edit", author: signature(1), committer: signature(1))
        #expect(try repository.files(in: oid).keys.sorted() == [".gitignore", "a.md", "c.md"])
        #expect(try repository.status().map(\.path) == ["deep/er/new.md"])
    }

    @Test func statusDetectsRenamesOnRequest() throws {
        let scratch = try Scratch()
        let repository = try Repository.create(at: scratch.path("vault"))
        try repository.commitFiles(["old.md": "same content, long enough to be similar\n"], "base", minute: 0)
        try FileManager.default.moveItem(
            at: repository.root().appendingPathComponent("old.md"), to: repository.root().appendingPathComponent("new.md"))
        try repository.stage(paths: ["old.md", "new.md"])
        #expect(try repository.status().map(\.kind).sorted { $0.rawValue < $1.rawValue } == [.deleted, .new])
        #expect(
            try repository.status(detectRenames: true)
                == [StatusEntry(path: "new.md", oldPath: "old.md", kind: .renamed, inIndex: true, inWorkdir: false)])
    }

    @Test func logIsNewestFirstAndFiltersByPath() throws {
        let scratch = try Scratch()
        let repository = try Repository.create(at: scratch.path("vault"))
        let first = try repository.commitFiles(["a.md": "1\n", "b.md": "1\n"], "one", minute: 0)
        let second = try repository.commitFiles(["b.md": "2\n"], "two", minute: 1)
        let third = try repository.commitFiles(["a.md": "3\n"], "three", minute: 2)
        let fourth = try repository.commitFiles(["dir/c.md": "4\n"], "four", minute: 3)

        #expect(try repository.log().map(\.oid) == [fourth, third, second, first])
        #expect(try repository.log(limit: 2).map(\.summary) == ["four", "three"])
        #expect(try repository.log(path: "a.md").map(\.oid) == [third, first])
        #expect(try repository.log(limit: 1, path: "a.md").map(\.oid) == [third])
        #expect(try repository.log(path: "b.md").map(\.oid) == [second, first])
        #expect(try repository.log(path: "dir").map(\.oid) == [fourth])
        #expect(try repository.log(path: "missing.md").isEmpty)
        #expect(try repository.log(from: second).map(\.oid) == [second, first])

        #expect(try repository.commit(third).parents == [second])
        #expect(try repository.changedPaths(of: first) == ["a.md", "b.md"])
        #expect(try repository.changedPaths(of: second) == ["b.md"])
        #expect(try repository.changedPaths(of: fourth) == ["dir/c.md"])

        let cli = try Tool.git(["log", "--format=%H"], in: repository.root())
        #expect(cli.split(separator: "\n").map(String.init) == [fourth, third, second, first].map(\.hex))
    }

    @Test func blobAndFilesAsOfACommit() throws {
        let scratch = try Scratch()
        let repository = try Repository.create(at: scratch.path("vault"))
        let first = try repository.commitFiles(["a.md": "old\n", "dir/b.md": "b\n"], "one", minute: 0)
        let second = try repository.commitFiles(["a.md": "new\n"], "two", minute: 1)

        #expect(try repository.blob(at: "a.md", in: first) == Data("old\n".utf8))
        #expect(try repository.blob(at: "a.md", in: second) == Data("new\n".utf8))
        #expect(try repository.blob(at: "dir/b.md", in: second) == Data("b\n".utf8))
        #expect(try repository.blob(at: "nope.md", in: second) == nil)
        #expect(try repository.blob(at: "dir", in: second) == nil)

        let files = try repository.files(in: second)
        #expect(files.keys.sorted() == ["a.md", "dir/b.md"])
        let blobID = try #require(files["a.md"])
        #expect(try repository.storedBlob(blobID) == Data("new\n".utf8))
        #expect(try Tool.git(["rev-parse", "HEAD:a.md"], in: repository.root()) == blobID.hex)
    }

    @Test func revertMakesANewCommitAndRestoresTheFile() throws {
        let scratch = try Scratch()
        let repository = try Repository.create(at: scratch.path("vault"))
        try repository.commitFiles(["a.md": "one\n", "b.md": "b\n"], "one", minute: 0)
        let second = try repository.commitFiles(["a.md": "two\n", "c.md": "added\n"], "Change a", minute: 1)

        let reverted = try repository.revert(commit: second, author: signature(2), committer: signature(2))
        #expect(try repository.head() == reverted)
        #expect(try repository.read("a.md") == "one\n")
        #expect(FileManager.default.fileExists(atPath: try repository.root().appendingPathComponent("c.md").path) == false)
        #expect(try repository.status().isEmpty)

        let commit = try repository.commit(reverted)
        #expect(commit.parents == [second])
        #expect(commit.summary == "Revert \"Change a\"")
        #expect(commit.message.contains("This reverts commit \(second.hex)."))
        try Tool.git(["fsck", "--strict"], in: repository.root())
        #expect(try Tool.git(["diff", "--stat", "HEAD~2", "HEAD"], in: repository.root()) == "")
    }

    @Test func revertThatCannotApplyFailsWithConflictAndChangesNothing() throws {
        let scratch = try Scratch()
        let repository = try Repository.create(at: scratch.path("vault"))
        try repository.commitFiles(["a.md": "one\n"], "one", minute: 0)
        let second = try repository.commitFiles(["a.md": "two\n"], "two", minute: 1)
        let third = try repository.commitFiles(["a.md": "three\n"], "three", minute: 2)

        let error = try #require(throws: GitError.self) {
            try repository.revert(commit: second, author: signature(3), committer: signature(3))
        }
        #expect(error.code == .conflict)
        #expect(try repository.head() == third)
        #expect(try repository.read("a.md") == "three\n")
        #expect(try repository.status().isEmpty)
    }

    @Test func checkoutRestoresFiles() throws {
        let scratch = try Scratch()
        let repository = try Repository.create(at: scratch.path("vault"))
        let first = try repository.commitFiles(["a.md": "one\n", "b.md": "b1\n"], "one", minute: 0)
        try repository.commitFiles(["a.md": "two\n", "b.md": "b2\n"], "two", minute: 1)

        try repository.write("a.md", "local edit\n")
        let refused = try #require(throws: GitError.self) { try repository.checkout(commit: first, paths: ["a.md"]) }
        #expect(refused.code == .conflict)
        #expect(try repository.read("a.md") == "local edit\n")

        try repository.checkoutHead()
        #expect(try repository.read("a.md") == "local edit\n", "a safe checkout keeps local edits")
        try repository.checkoutHead(force: true)
        #expect(try repository.read("a.md") == "two\n")

        try repository.checkout(commit: first, paths: [])
        #expect(try repository.read("b.md") == "b2\n", "an empty path list checks out nothing")
        try repository.checkout(commit: first, paths: ["b.md"])
        #expect(try repository.read("b.md") == "b1\n")
        #expect(try repository.read("a.md") == "two\n")
        #expect(try repository.status() == [StatusEntry(path: "b.md", kind: .modified, inIndex: true, inWorkdir: false)])
    }

    @Test func referencesCanBeReadSetAndCompareAndSwapped() throws {
        let scratch = try Scratch()
        let repository = try Repository.create(at: scratch.path("vault"))
        let first = try repository.commitFiles(["a.md": "1\n"], "one", minute: 0)
        let second = try repository.commitFiles(["a.md": "2\n"], "two", minute: 1)

        #expect(try repository.reference(named: "refs/heads/main") == second)
        #expect(try repository.reference(named: "refs/tags/none") == nil)
        try repository.setReference(name: "refs/heads/backup", to: first, message: "backup")
        #expect(try repository.reference(named: "refs/heads/backup") == first)
        try repository.setReference(name: "refs/heads/backup", to: second, message: "advance", expected: first)
        let stale = try #require(throws: GitError.self) {
            try repository.setReference(name: "refs/heads/backup", to: first, message: "stale", expected: first)
        }
        #expect(stale.code == .modified)
        try repository.deleteReference(name: "refs/heads/backup")
        #expect(try repository.reference(named: "refs/heads/backup") == nil)
        try repository.deleteReference(name: "refs/heads/backup")
    }

    @Test func mergeCommitWithTwoParentsThroughTheIndex() throws {
        let scratch = try Scratch()
        let repository = try Repository.create(at: scratch.path("vault"))
        let base = try repository.commitFiles(["a.md": "top\nmiddle\nbottom\n"], "base", minute: 0)
        let theirs = try repository.commitFiles(["a.md": "TOP\nmiddle\nbottom\n", "t.md": "t\n"], "theirs", minute: 1)
        try repository.setReference(name: "refs/heads/main", to: base, message: "rewind")
        try repository.checkoutHead(force: true)
        let ours = try repository.commitFiles(["a.md": "top\nmiddle\nBOTTOM\n"], "ours", minute: 2)

        let ourText = try #require(try repository.blob(at: "a.md", in: ours))
        let theirText = try #require(try repository.blob(at: "a.md", in: theirs))
        let merged = try MergeFile.merge(
            ancestor: repository.blob(at: "a.md", in: base), ours: ourText, theirs: theirText)
        #expect(merged.automergeable)
        try merged.data.write(to: repository.root().appendingPathComponent("a.md"))
        try repository.checkout(commit: theirs, paths: ["t.md"])
        try repository.stage(paths: ["a.md", "t.md"])
        let merge = try repository.commit(
            message: "Merge theirs", author: signature(3), committer: signature(3), parents: [ours, theirs])

        #expect(try repository.head() == merge)
        #expect(try repository.commit(merge).parents == [ours, theirs])
        #expect(try repository.blob(at: "a.md", in: merge) == Data("TOP\nmiddle\nBOTTOM\n".utf8))
        let root = try repository.root()
        let parents = try Tool.git(["cat-file", "-p", "HEAD"], in: root)
            .split(separator: "\n").filter { $0.hasPrefix("parent ") }
        #expect(parents == ["parent \(ours.hex)", "parent \(theirs.hex)"])
        try Tool.git(["fsck", "--strict"], in: root)
        #expect(try repository.status().isEmpty)

        // The first parent must be HEAD, or commits would be lost.
        let wrong = try #require(throws: GitError.self) {
            try repository.commit(message: "bad", author: signature(4), committer: signature(4), parents: [theirs])
        }
        #expect(wrong.code == .modified)
        #expect(wrong.function == "git_commit_create")
    }

    @Test func errorsNameTheCFunctionAndCarryTheMessage() throws {
        let scratch = try Scratch()
        let missing = try #require(throws: GitError.self) { try Repository.open(at: scratch.path("nowhere")) }
        #expect(missing.code == .notFound)
        #expect(missing.function == "git_repository_open_ext")
        #expect(missing.message.contains("nowhere"))
        #expect(String(describing: missing).contains("git_repository_open_ext"))

        let repository = try Repository.create(at: scratch.path("vault"))
        try repository.commitFiles(["a.md": "a\n"], "one", minute: 0)
        let zero = try #require(OID(hex: String(repeating: "0", count: 40)))
        let lookup = try #require(throws: GitError.self) { try repository.commit(zero) }
        #expect(lookup.code == .notFound)
        #expect(lookup.function == "git_commit_lookup")
        #expect(!lookup.message.isEmpty)

        for escaping in ["../outside.md", "/etc/passwd", "a/./b.md", "a//b.md", ""] {
            let error = try #require(throws: GitError.self) { try repository.stage(paths: [escaping]) }
            #expect(error.code == .invalid)
            #expect(error.function == "git_index_add_bypath")
        }
        let dotGit = try #require(throws: GitError.self) { try repository.stage(paths: [".git/config"]) }
        #expect(dotGit.function == "git_index_add_bypath")
        #expect(dotGit.message.contains(".git/config"))

        try repository.write("dir/x.md", "x\n")
        // A folder is not a file to stage: refused before git reads it.
        let directory = try #require(throws: NotRegularFile.self) { try repository.stage(paths: ["dir"]) }
        #expect(directory.path == "dir")

        let nul = try #require(throws: GitError.self) { try repository.stage(paths: ["a\u{0}b"]) }
        #expect(nul.code == .invalid)

        #expect(OID(hex: "xyz") == nil)
        #expect(OID(hex: String(repeating: "A", count: 40))?.hex == String(repeating: "a", count: 40))
    }
}
