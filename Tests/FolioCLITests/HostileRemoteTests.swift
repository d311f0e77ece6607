import Foundation
import Testing
import TestSupport

/// A remote whose newest commit holds paths folio must never write — made by hand with
/// `git hash-object --literally`, as someone controlling the remote could — is refused by
/// `folio sync` and `folio clone` before a single file is written, inside the vault or out.
@Suite("A remote whose tree is hostile")
struct HostileRemoteTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        /// The entries added at the root of the remote's tree; `base` is the folder holding the devices.
        var entries: @Sendable (_ base: URL) -> [String: HostileTree.Entry]
        /// What the message must name.
        var named: @Sendable (_ base: URL) -> String
        /// Paths that must not exist afterwards, relative to a device's folder (`..` allowed) or absolute.
        var mustNotExist: @Sendable (_ base: URL) -> [String]
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(label: "../ path",
             entries: { _ in ["..": .tree(["escaped-by-dotdot.md": .file("pwned\n")])] },
             named: { _ in "../escaped-by-dotdot.md" },
             mustNotExist: { _ in ["../escaped-by-dotdot.md"] }),
        Case(label: "absolute path",
             entries: { base in [base.path + "/absolute-pwned.md": .file("pwned\n")] },
             named: { base in base.path + "/absolute-pwned.md" },
             mustNotExist: { base in [base.path + "/absolute-pwned.md"] }),
        Case(label: ".git/hooks",
             entries: { base in [".git": .tree(["hooks": .tree(["post-checkout": .file("#!/bin/sh\ntouch \(base.path)/hook-ran\n", mode: "100755")])])] },
             named: { _ in ".git/hooks/post-checkout" },
             mustNotExist: { base in [".git/hooks/post-checkout", base.path + "/hook-ran"] }),
        Case(label: ".GIT",
             entries: { _ in [".GIT": .tree(["config": .file("[core]\n\tworktree = /\n")])] },
             named: { _ in ".GIT/config" },
             mustNotExist: { _ in [".GIT"] }),
        Case(label: ".git with a trailing dot",
             entries: { _ in [".git.": .tree(["config": .file("[core]\n\tworktree = /\n")])] },
             named: { _ in ".git./config" },
             mustNotExist: { _ in [".git."] }),
        Case(label: "symbolic link to an absolute path",
             entries: { base in ["escape-absolute": .link(base.path)] },
             named: { _ in "escape-absolute" },
             mustNotExist: { _ in ["escape-absolute"] }),
        Case(label: "symbolic link climbing out",
             entries: { _ in ["notes": .tree(["out": .link("../../..")])] },
             named: { _ in "notes/out" },
             mustNotExist: { _ in ["notes"] }),
        Case(label: "symbolic links that climb out together",
             entries: { _ in ["here": .link("."), "up": .link("here/..")] },
             named: { _ in "'up'" },
             mustNotExist: { _ in ["here", "up"] }),
        Case(label: "symbolic link into .git",
             entries: { _ in ["hooks": .link(".git/hooks")] },
             named: { _ in "'hooks'" },
             mustNotExist: { _ in ["hooks"] }),
    ]

    /// Every file, folder and link under `root` (but `.git/objects` and `.folio/local`) with what it holds.
    func snapshot(_ root: URL) -> [String: String] {
        var entries: [String: String] = [:]
        let walker = FileManager.default.enumerator(atPath: root.path)
        while let path = walker?.nextObject() as? String {
            if path == ".git/objects" || path == ".git/logs" || path == ".folio/local" { walker?.skipDescendants(); continue }
            if path.hasPrefix(".git/refs/remotes") || path == ".git/FETCH_HEAD" || path == ".git/packed-refs" { continue }
            let url = root.appendingPathComponent(path)
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: url.path) {
                entries[path] = "-> " + target
            } else if let data = FileManager.default.contents(atPath: url.path) {
                entries[path] = String(decoding: data, as: UTF8.self)
            } else {
                entries[path] = "<folder>"
            }
        }
        return entries
    }

    func exists(_ path: String, from directory: URL) -> Bool {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : directory.appendingPathComponent(path)
        return (try? FileManager.default.attributesOfItem(atPath: url.path)) != nil
    }

    @Test("sync and clone refuse it, naming the path; nothing is written and HEAD stays", arguments: cases)
    func refused(_ hostile: Case) throws {
        var devices = try Devices.make(["A"])
        devices["A"].environment["FOLIO_NOW"] = "2026-11-22T10:00:00+08:00"
        let a = devices["A"].directory
        let base = a.deletingLastPathComponent()
        #expect(try devices["A"].run("idea", "還沒同步的想法").status == 0)
        let bare = URL(fileURLWithPath: devices.remote)
        let plumbing = HostileTree(repository: bare)
        let good = try Tool.git(["rev-parse", "main"], in: bare)
        let bad = try plumbing.commit(adding: hostile.entries(base), onto: good, message: "hostile")
        try plumbing.point("main", at: bad)

        let head = try Tool.git(["rev-parse", "HEAD"], in: a)
        let before = snapshot(a)
        let sync = try devices["A"].run("sync")
        #expect(sync.status == 1, "\(hostile.label): \(sync.stderr)")
        #expect(sync.stderr.contains(hostile.named(base)), "\(hostile.label): \(sync.stderr)")
        #expect(sync.stderr.contains("which folio will not write"), "\(sync.stderr)")
        #expect(sync.stderr.contains(String(bad.prefix(7))))
        #expect(try Tool.git(["rev-parse", "HEAD"], in: a) == head, "\(hostile.label): HEAD moved")
        let after = snapshot(a)
        #expect(after == before, "\(hostile.label): the working tree changed: \(Set(after.keys).symmetricDifference(before.keys).sorted())")
        for path in hostile.mustNotExist(base) { #expect(!exists(path, from: a), "\(hostile.label): \(path) was written") }

        let clone = try FolioProcess(directory: base).run("clone", bare.path, "C")
        #expect(clone.status == 1, "\(hostile.label): \(clone.stderr)")
        #expect(clone.stderr.contains(hostile.named(base)), "\(hostile.label): \(clone.stderr)")
        #expect(!FileManager.default.fileExists(atPath: base.appendingPathComponent("C").path), "the refused clone left its folder")
        for path in hostile.mustNotExist(base) {
            #expect(!exists(path, from: base.appendingPathComponent("C")), "\(hostile.label): clone wrote \(path)")
        }

        // Once the remote is put back, sync goes on and sends what waited.
        try plumbing.point("main", at: good)
        let repaired = try devices["A"].run("sync")
        #expect(repaired.status == 0, "\(repaired.stderr)")
        #expect(try Tool.git(["log", "--format=%s", "main"], in: bare).contains("還沒同步的想法"))
    }
}
