import Foundation
import TestSupport
import Testing

@testable import Git

/// Trees git's own checkout would refuse to write, built by hand, and the ones it writes.
@Suite struct TreeHazardTests {
    /// A repository holding one commit whose tree is `entries`; returns it with the commit.
    func commit(in scratch: Scratch, _ entries: [String: HostileTree.Entry]) throws -> (Repository, OID) {
        let repository = try Repository.create(at: scratch.path("repo"))
        let plumbing = HostileTree(repository: scratch.path("repo"))
        let tree = try plumbing.tree(entries)
        let commit = try Tool.git(["commit-tree", tree, "-m", "hand made"], in: scratch.path("repo"))
        return (repository, try #require(OID(hex: commit)))
    }

    @Test func anOrdinaryVaultHasNone() throws {
        let scratch = try Scratch()
        let (repository, commit) = try commit(
            in: scratch,
            [
                ".folio": .tree(["config.yaml": .file("language: en\n")]),
                ".gitignore": .file(".folio/local/\n"),
                ".github": .tree(["x.yml": .file("on: push\n")]),
                ".gitx": .file("not git's folder\n"),
                "git": .file("a file named git\n"),
                "ideas": .tree(["2026": .tree(["a.md": .file("---\nid: x\n---\n")])]),
                "latest.md": .link("ideas/2026/a.md"),
                "notes": .tree(["up.md": .link("../ideas/2026/a.md"), "self": .link(".")]),
                "scripts": .tree(["run": .file("#!/bin/sh\n", mode: "100755")]),
            ])
        #expect(try repository.hazards(in: commit) == [])
    }

    @Test(arguments: [
        ".git", ".GIT", ".Git", ".git.", ".git ", ".git. . ", "git~1", "GIT~1", ".git::$INDEX_ALLOCATION", ".g\u{200C}it", "\u{FEFF}.git",
    ])
    func spellingsOfGitsOwnFolder(_ name: String) throws {
        let scratch = try Scratch()
        let (repository, commit) = try commit(in: scratch, [name: .tree(["config": .file("[core]\n")]), "ok.md": .file("fine\n")])
        #expect(try repository.hazards(in: commit) == [TreeHazard(path: name + "/config", kind: .gitDirectory)])
    }

    @Test func pathsThatLeaveTheWorkingDirectory() throws {
        let scratch = try Scratch()
        let (repository, commit) = try commit(
            in: scratch,
            [
                "..": .tree(["x.md": .file("x\n")]),
                "/etc/passwd": .file("x\n"),
                "a/../../b.md": .file("x\n"),
                "a/b.md": .file("x\n"),
                "..\\win.md": .file("x\n"),
                "dir": .tree([".": .tree(["y.md": .file("y\n")])]),
            ])
        let found = try repository.hazards(in: commit)
        #expect(
            Set(found) == [
                TreeHazard(path: "../x.md", kind: .traversal),
                TreeHazard(path: "/etc/passwd", kind: .absolute),
                TreeHazard(path: "a/../../b.md", kind: .traversal),
                TreeHazard(path: "a/b.md", kind: .malformedName),
                TreeHazard(path: "..\\win.md", kind: .traversal),
                TreeHazard(path: "dir/./y.md", kind: .traversal),
            ])
    }

    @Test func symbolicLinksThatLeadOut() throws {
        let scratch = try Scratch()
        let (repository, commit) = try commit(
            in: scratch,
            [
                "abs": .link("/etc"),
                "climb": .link(".."),
                "deep": .tree(["climb": .link("../../x")]),
                "here": .link("."),
                "chain": .link("here/.."),
                "loop1": .link("loop2"),
                "loop2": .link("loop1/x"),
                "git": .link("ideas/../.git/config"),
                "empty": .link(""),
                "fine": .link("deep"),
            ])
        let found = try repository.hazards(in: commit)
        #expect(Set(found.map(\.path)) == ["abs", "climb", "deep/climb", "chain", "loop1", "loop2", "git", "empty"])
        #expect(found.first { $0.path == "abs" }?.kind == .symlinkEscapes(target: "/etc"))
    }

    @Test func aLinkBesideAFolderOfTheSameNameInAnotherCase() throws {
        let scratch = try Scratch()
        let (repository, commit) = try commit(
            in: scratch,
            [
                "Notes": .link("elsewhere"),
                "notes": .tree(["a.md": .file("a\n")]),
                "elsewhere": .tree(["b.md": .file("b\n")]),
            ])
        #expect(try repository.hazards(in: commit) == [TreeHazard(path: "Notes", kind: .duplicateName)])
    }

    @Test("folders nested deeper than the limit are refused by name, without walking them to the bottom")
    func nestingBeyondTheLimit() throws {
        let scratch = try Scratch()
        var entry = HostileTree.Entry.file("deep\n")
        for _ in 0..<(TreeHazard.maxDepth + 20) { entry = .tree(["d": entry]) }
        let (repository, commit) = try commit(in: scratch, ["d": entry, "ok.md": .file("fine\n")])
        let path = Array(repeating: "d", count: TreeHazard.maxDepth).joined(separator: "/")
        #expect(try repository.hazards(in: commit) == [TreeHazard(path: path, kind: .tooDeep)])
    }
}
