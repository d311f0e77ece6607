import Foundation
import TestSupport
import Testing

@testable import Git

/// A commit rewrites only the trees along the changed paths; the tree must be the one an index of
/// the whole tree would give, whatever the change.
@Suite struct TreeUpdateTests {
    private func repository() throws -> (Repository, OID, Scratch) {
        let scratch = try Scratch()
        let repository = try Repository.create(at: scratch.path("vault"))
        let base = try repository.commitFiles(
            [
                "profile.md": "owner\n", "ideas/2026/11/a.md": "a\n", "ideas/2026/11/b.md": "b\n",
                "ideas/2026/12/only.md": "only\n", "diary/2026/11/d.md": "d\n", "media/ab/ab12.jpg": "jpeg\n", "folder/x.md": "x\n",
            ], "base", minute: 0)
        return (repository, base, scratch)
    }

    @Test(
        "each change gives the tree a whole-tree index gives",
        arguments: [
            "edit one file", "add in a new folder", "empty a folder", "remove what is not there", "add a file where a folder is",
            "executable and symlink", "many at once",
        ])
    func sameTreeAsTheIndex(change: String) throws {
        let (repository, base, scratch) = try repository()
        defer { withExtendedLifetime(scratch) {} }
        let blob = try repository.writeBlob(Data("new text\n".utf8))
        let other = try repository.writeBlob(Data("other\n".utf8))
        let changes: [String: FileChange] =
            switch change {
            case "edit one file": ["ideas/2026/11/a.md": .blob(blob, mode: .regular)]
            case "add in a new folder": ["qa/2027/01/q.md": .blob(blob, mode: .regular)]
            case "empty a folder": ["ideas/2026/12/only.md": .delete]
            case "remove what is not there": ["ideas/none.md": .delete, "nothing/at/all.md": .delete]
            case "add a file where a folder is": ["folder": .blob(blob, mode: .regular), "folder/x.md": .delete]
            case "executable and symlink": ["ideas/2026/11/b.md": .blob(blob, mode: .executable), "link.md": .blob(other, mode: .symlink)]
            default:
                [
                    "ideas/2026/11/a.md": .delete, "ideas/2026/11/b.md": .delete, "diary/2026/11/e.md": .blob(blob, mode: .regular),
                    "media/cd/cd34.jpg": .blob(other, mode: .regular), "profile.md": .blob(other, mode: .regular),
                ]
            }
        let updated = try repository.tree(from: base, applying: changes)
        let throughIndex = try repository.treeThroughIndex(from: base, applying: changes)
        #expect(updated == throughIndex, "\(change)")
        let root = try repository.root()
        let listing = try Tool.git(["ls-tree", "-r", "-t", updated.hex], in: root)
        if change == "empty a folder" { #expect(!listing.contains("ideas/2026/12"), "an emptied folder is gone: \(listing)") }
        try Tool.git(["fsck", "--strict"], in: root)
    }

    @Test(
        "the files two commits differ in, folders that did not change unread",
        arguments: [
            "edit one file", "add in a new folder", "empty a folder", "add a file where a folder is",
            "executable and symlink", "many at once",
        ])
    func differingFiles(change: String) throws {
        let (repository, base, scratch) = try repository()
        defer { withExtendedLifetime(scratch) {} }
        let blob = try repository.writeBlob(Data("new text\n".utf8))
        let changes: [String: FileChange] =
            switch change {
            case "edit one file": ["ideas/2026/11/a.md": .blob(blob, mode: .regular)]
            case "add in a new folder": ["qa/2027/01/q.md": .blob(blob, mode: .regular)]
            case "empty a folder": ["ideas/2026/12/only.md": .delete]
            case "add a file where a folder is": ["folder": .blob(blob, mode: .regular), "folder/x.md": .delete]
            case "executable and symlink":
                [
                    "ideas/2026/11/b.md": .blob(try #require(repository.files(in: base)["ideas/2026/11/b.md"]), mode: .executable),
                    "link.md": .blob(blob, mode: .symlink),
                ]
            default:
                [
                    "ideas/2026/11/a.md": .delete, "ideas/2026/11/b.md": .delete, "diary/2026/11/e.md": .blob(blob, mode: .regular),
                    "profile.md": .blob(blob, mode: .regular),
                ]
            }
        let tree = try repository.tree(from: base, applying: changes)
        let commit = try repository.writeCommit(tree: tree, parents: [base], message: change, author: signature(1), committer: signature(1))
        var expected: [String: OID?] = [:]
        for (path, change) in changes {
            switch change {
            case .blob(let oid, _): expected[path] = .some(oid)
            case .delete: expected[path] = .some(nil)
            }
        }
        #expect(try repository.differingFiles(from: base, to: commit) == expected, "\(change)")
        let reverse = try repository.differingFiles(from: commit, to: base)
        #expect(Set(reverse.keys) == Set(expected.keys))
        #expect(try repository.differingFiles(from: nil, to: base).mapValues { $0 } == repository.files(in: base).mapValues { .some($0) })
    }
}
