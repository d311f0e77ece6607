import Foundation
import TestSupport
import Testing

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
        Case(
            label: "../ path",
            entries: { _ in ["..": .tree(["escaped-by-dotdot.md": .file("pwned\n")])] },
            named: { _ in "../escaped-by-dotdot.md" },
            mustNotExist: { _ in ["../escaped-by-dotdot.md"] }),
        Case(
            label: "absolute path",
            entries: { base in [base.path + "/absolute-pwned.md": .file("pwned\n")] },
            named: { base in base.path + "/absolute-pwned.md" },
            mustNotExist: { base in [base.path + "/absolute-pwned.md"] }),
        Case(
            label: ".git/hooks",
            entries: { base in
                [".git": .tree(["hooks": .tree(["post-checkout": .file("#!/bin/sh\ntouch \(base.path)/hook-ran\n", mode: "100755")])])]
            },
            named: { _ in ".git/hooks/post-checkout" },
            mustNotExist: { base in [".git/hooks/post-checkout", base.path + "/hook-ran"] }),
        Case(
            label: ".GIT",
            entries: { _ in [".GIT": .tree(["config": .file("[core]\n\tworktree = /\n")])] },
            named: { _ in ".GIT/config" },
            mustNotExist: { _ in [".GIT"] }),
        Case(
            label: ".git with a trailing dot",
            entries: { _ in [".git.": .tree(["config": .file("[core]\n\tworktree = /\n")])] },
            named: { _ in ".git./config" },
            mustNotExist: { _ in [".git."] }),
        Case(
            label: "symbolic link to an absolute path",
            entries: { base in ["escape-absolute": .link(base.path)] },
            named: { _ in "escape-absolute" },
            mustNotExist: { _ in ["escape-absolute"] }),
        Case(
            label: "symbolic link climbing out",
            entries: { _ in ["notes": .tree(["out": .link("../../..")])] },
            named: { _ in "notes/out" },
            mustNotExist: { _ in ["notes"] }),
        Case(
            label: "symbolic links that climb out together",
            entries: { _ in ["here": .link("."), "up": .link("here/..")] },
            named: { _ in "'up'" },
            mustNotExist: { _ in ["here", "up"] }),
        Case(
            label: "symbolic link into .git",
            entries: { _ in ["hooks": .link(".git/hooks")] },
            named: { _ in "'hooks'" },
            mustNotExist: { _ in ["hooks"] }),
    ]

    /// Every file, folder and link under `root` (but `.git/objects` and `.folio/local`) with what it holds.
    func snapshot(_ root: URL) -> [String: String] {
        var entries: [String: String] = [:]
        let walker = FileManager.default.enumerator(atPath: root.path)
        while let path = walker?.nextObject() as? String {
            if path == ".git/objects" || path == ".git/logs" || path == ".folio/local" {
                walker?.skipDescendants()
                continue
            }
            // Fetched refs, and folio's remembered folder listings: a cache git status writes once a
            // listing is older than the racy window, which on a loaded machine falls inside the sync.
            if path.hasPrefix(".git/refs/remotes") || path == ".git/FETCH_HEAD" || path == ".git/packed-refs"
                || path == ".git/folio-listings"
            {
                continue
            }
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

    /// What a user would look at after the hostile commit reached the remote.
    struct Observed: Sendable {
        var base: URL
        var bad: String
        var sync: FolioProcess.Result
        var headMoved: Bool
        var treeChanges: [String]
        var writtenBySync: [String]
        var clone: FolioProcess.Result
        var cloneFolderLeft: Bool
        var writtenByClone: [String]
        var repaired: FolioProcess.Result
        var remoteLog: String
    }

    /// Device A with a vault synced to a bare remote and an idea not yet sent; then the hostile
    /// commit on the remote, A's sync, a clone, and a sync after the remote is put back.
    func observe(_ hostile: Case) throws -> Observed {
        let scratch = try Scratch("hostile")
        defer { withExtendedLifetime(scratch) {} }
        let base = scratch.url
        let bare = base.appendingPathComponent("remote.git")
        try Tool.git(["init", "-q", "--bare", "-b", "main", bare.path], in: base)
        var a = FolioProcess(directory: base.appendingPathComponent("A"), now: "2026-11-22T09:00:00+08:00")
        a.environment["FOLIO_DEVICE"] = "A"
        try FileManager.default.createDirectory(at: a.directory, withIntermediateDirectories: true)
        for step in [["init", ".", "--name", "林小雨", "--language", "en", "--remote", bare.path], ["sync"], ["idea", "還沒同步的想法"]] {
            let result = try a.run(step)
            guard result.status == 0 else { throw HarnessError(description: "\(step): \(result.stderr)") }
        }
        let plumbing = HostileTree(repository: bare)
        let good = try Tool.git(["rev-parse", "main"], in: bare)
        let bad = try plumbing.commit(adding: hostile.entries(base), onto: good, message: "hostile")
        try plumbing.point("main", at: bad)

        let head = try Tool.git(["rev-parse", "HEAD"], in: a.directory)
        let before = snapshot(a.directory)
        let sync = try a.run(["sync"])
        let headMoved = try Tool.git(["rev-parse", "HEAD"], in: a.directory) != head
        let after = snapshot(a.directory)
        let changes = Set(after.keys).symmetricDifference(before.keys).union(
            after.keys.filter { before[$0] != nil && before[$0] != after[$0] })
        let writtenBySync = hostile.mustNotExist(base).filter { exists($0, from: a.directory) }

        let clone = try FolioProcess(directory: base).run(["clone", bare.path, "C"])
        let cloned = base.appendingPathComponent("C")
        let cloneFolderLeft = FileManager.default.fileExists(atPath: cloned.path)
        let writtenByClone = hostile.mustNotExist(base).filter { exists($0, from: cloned) }

        try plumbing.point("main", at: good)
        let repaired = try a.run(["sync"])
        return Observed(
            base: base, bad: bad, sync: sync, headMoved: headMoved, treeChanges: changes.sorted(), writtenBySync: writtenBySync,
            clone: clone, cloneFolderLeft: cloneFolderLeft, writtenByClone: writtenByClone, repaired: repaired,
            remoteLog: try Tool.git(["log", "--format=%s", "main"], in: bare))
    }

    @Test("sync and clone refuse it, naming the path; nothing is written and HEAD stays", arguments: cases)
    func refused(_ hostile: Case) async throws {
        let seen = try await offPool { try observe(hostile) }
        defer { try? FileManager.default.removeItem(at: seen.base) }
        let named = hostile.named(seen.base)
        #expect(seen.sync.status == 1, "\(hostile.label): \(seen.sync.stderr)")
        #expect(seen.sync.stderr.contains(named), "\(hostile.label): \(seen.sync.stderr)")
        #expect(seen.sync.stderr.contains("which folio will not write"), "\(seen.sync.stderr)")
        #expect(seen.sync.stderr.contains(String(seen.bad.prefix(7))))
        #expect(!seen.headMoved, "\(hostile.label): HEAD moved")
        #expect(seen.treeChanges == [], "\(hostile.label): the working tree changed")
        #expect(seen.writtenBySync == [], "\(hostile.label): sync wrote these")

        #expect(seen.clone.status == 1, "\(hostile.label): \(seen.clone.stderr)")
        #expect(seen.clone.stderr.contains(named), "\(hostile.label): \(seen.clone.stderr)")
        #expect(!seen.cloneFolderLeft, "the refused clone left its folder")
        #expect(seen.writtenByClone == [], "\(hostile.label): clone wrote these")

        // Once the remote is put back, sync goes on and sends what waited.
        #expect(seen.repaired.status == 0, "\(seen.repaired.stderr)")
        #expect(seen.remoteLog.contains("還沒同步的想法"))
    }
}
