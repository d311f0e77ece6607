import Foundation
import FuzzTargets
import TestSupport
import Testing

@testable import Git

#if canImport(Glibc)
    import Glibc
#endif

/// folio's own status (GitIndex's reader and folder listings) against the real `git status
/// --porcelain=v2` on randomised working trees: files in nested and Chinese-named folders, links,
/// executables, ignored files, then edits, deletions, new files and folders, mode and type changes,
/// rewrites of the same bytes, and paths staged or unstaged by git itself, many within the second
/// the index was written (racily clean).
@Suite("GitIndex's status is git's, on random trees")
struct StatusDifferentialTests {
    /// A small, seeded generator: every failure names its seed and replays.
    typealias Random = SeededGenerator

    static let folders = ["", "ideas/2026/11", "ideas/2026/12", "diary/2026/11", "media/ab", "日記/下雨", "with space", "deep/a/b/c"]
    static let names = ["a.md", "b.md", "下雨的傍晚.md", "x y.md", "n.txt", "z.md", "A.md", "b.md.orig"]

    struct Change: CustomStringConvertible {
        var staged: Character
        var unstaged: Character
        var description: String { "\(staged)\(unstaged)" }
    }

    /// What `git status --porcelain=v2` says, as folio's status entries.
    static func gitStatus(in root: URL) throws -> Set<StatusEntry> {
        let output = try Tool.git(["status", "--porcelain=v2", "-z", "--no-renames", "--untracked-files=all"], in: root)
        var changes: [String: Change] = [:]
        for record in output.split(separator: "\0", omittingEmptySubsequences: true) {
            let fields = record.split(separator: " ", maxSplits: 8, omittingEmptySubsequences: false)
            switch fields.first {
            case "1":
                let xy = Array(fields[1])
                let path = String(fields[8])
                var change = changes[path] ?? Change(staged: ".", unstaged: ".")
                change.staged = xy[0]
                change.unstaged = xy[1] == "." ? change.unstaged : xy[1]
                changes[path] = change
            case "?":
                let path = String(record.dropFirst(2))
                var change = changes[path] ?? Change(staged: ".", unstaged: ".")
                change.unstaged = "?"
                changes[path] = change
            default:
                Issue.record("a status line this test does not read: \(record)")
            }
        }
        return Set(
            changes.map { path, change in
                let kind: StatusEntry.Kind
                if change.unstaged == "D" || (change.staged == "D" && change.unstaged != "?") {
                    kind = .deleted
                } else if change.staged == "A" || change.unstaged == "?" {
                    kind = .new
                } else if change.staged == "T" || change.unstaged == "T" {
                    kind = .typechange
                } else {
                    kind = .modified
                }
                return StatusEntry(path: path, oldPath: nil, kind: kind, inIndex: change.staged != ".", inWorkdir: change.unstaged != ".")
            })
    }

    /// Files of the tree git commits first: path to text, with a few executables and links.
    static func tree(_ random: inout Random) -> [String: String] {
        var files: [String: String] = [".gitignore": "*.tmp\ncache/\n"]
        for _ in 0..<(6 + random.below(20)) {
            let folder = random.pick(folders)
            let path = folder.isEmpty ? random.pick(names) : folder + "/" + random.pick(names)
            files[path] = "text \(random.below(1000))\n" + String(repeating: "下雨 ", count: random.below(40))
        }
        return files
    }

    static func write(_ text: String, to path: String, in root: URL) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: url)
        try Data(text.utf8).write(to: url)
    }

    /// One random change to the working tree (or to the index, through git); what it did.
    static func change(_ random: inout Random, files: inout [String: String], root: URL) throws -> String {
        let tracked = files.keys.filter { $0 != ".gitignore" }.sorted()
        let path = tracked.isEmpty ? "a.md" : random.pick(tracked)
        let url = root.appendingPathComponent(path)
        switch random.below(12) {
        case 0:
            try write("edited \(random.below(1000))\n", to: path, in: root)
            return "edit \(path)"
        case 1:
            // The same bytes again: a new stamp, no change.
            try write(files[path] ?? "", to: path, in: root)
            return "rewrite \(path) unchanged"
        case 2:
            try? FileManager.default.removeItem(at: url)
            files[path] = nil
            return "delete \(path)"
        case 3:
            let folder = random.pick(folders + ["new/deeper", "new"])
            let new = (folder.isEmpty ? "" : folder + "/") + "new-\(random.below(100)).md"
            try write("new\n", to: new, in: root)
            return "add \(new)"
        case 4:
            try write("ignored\n", to: random.pick(["scratch.tmp", "cache/x.md", "ideas/2026/11/y.tmp"]), in: root)
            return "ignored file"
        case 5:
            _ = chmod(url.path, random.below(2) == 0 ? 0o755 : 0o644)
            return "chmod \(path)"
        case 6:
            try? FileManager.default.removeItem(at: url)
            try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "target-\(random.below(3))")
            return "link at \(path)"
        case 7:
            try write("staged \(random.below(1000))\n", to: path, in: root)
            try Tool.git(["add", "--", path], in: root)
            if random.below(2) == 0 { try write("then edited\n", to: path, in: root) }
            return "git add \(path)"
        case 8:
            try Tool.git(["rm", "-q", "--cached", "--ignore-unmatch", "--", path], in: root)
            return "git rm --cached \(path)"
        case 9:
            let folder = (path as NSString).deletingLastPathComponent
            guard !folder.isEmpty else { return "nothing" }
            try? FileManager.default.removeItem(at: root.appendingPathComponent(folder))
            for other in files.keys where other.hasPrefix(folder + "/") { files[other] = nil }
            return "delete folder \(folder)"
        case 10:
            try FileManager.default.createDirectory(at: root.appendingPathComponent("empty/folder"), withIntermediateDirectories: true)
            return "empty folder"
        default:
            // Same size, other bytes: only the content can tell.
            let old = files[path] ?? ""
            try write(String(old.reversed()), to: path, in: root)
            return "same size \(path)"
        }
    }

    @Test(
        "folio's status equals git status --porcelain=v2, listing every folder, or naming unchanged ones from the last status",
        arguments: [false, true], 0..<16)
    func randomTree(remembering: Bool, seed: Int) throws {
        var random = Random(state: UInt64(seed) &* 7919 &+ 17)
        let scratch = try Scratch()
        let repository = try Repository.create(at: scratch.path("vault"))
        let root = try #require(repository.workdir)
        if remembering { repository.listingsSettled = StatusFuzz.nextTick }
        var files = Self.tree(&random)
        for (path, text) in files { try Self.write(text, to: path, in: root) }
        for path in files.keys where random.below(8) == 0 { _ = chmod(root.appendingPathComponent(path).path, 0o755) }
        try Tool.git(["add", "-A"], in: root)
        try Tool.git(["-c", "user.name=folio", "-c", "user.email=folio@example.invalid", "commit", "-qm", "base"], in: root)
        var done: [String] = []
        for round in 0..<(2 + random.below(8)) {
            done.append(try Self.change(&random, files: &files, root: root))
            // Some rounds are compared at once, others after more changes.
            guard round % 2 == 1 || random.below(3) == 0 else { continue }
            let ours = try #require(try repository.quickStatus(), "seed \(seed): the quick status left this tree to libgit2")
            let git = try Self.gitStatus(in: root)
            #expect(Set(ours) == git, "seed \(seed) after \(done): folio \(Set(ours).subtracting(git)), git \(git.subtracting(Set(ours)))")
            #expect(ours.count == Set(ours).count, "seed \(seed): a path listed twice")
            if remembering {
                // Nothing changed since: every folder is named from what that status remembered.
                let again = try #require(try repository.quickStatus())
                #expect(Set(again) == git, "seed \(seed) after \(done), named from memory")
                #expect(repository.lastListings.listed == 0, "seed \(seed): \(repository.lastListings)")
            }
        }
    }

    @Test("a damaged, cut or foreign memory of the listings is a status that lists every folder again")
    func damagedMemory() throws {
        let scratch = try Scratch()
        let repository = try Repository.create(at: scratch.path("vault"))
        let root = try #require(repository.workdir)
        repository.listingsSettled = StatusFuzz.nextTick
        for path in ["ideas/2026/11/a.md", "diary/2026/11/b.md", "c.md"] { try Self.write("text\n", to: path, in: root) }
        try Tool.git(["add", "-A"], in: root)
        try Tool.git(["-c", "user.name=folio", "-c", "user.email=folio@example.invalid", "commit", "-qm", "base"], in: root)
        _ = try repository.quickStatus()
        let memory = root.appendingPathComponent(".git/folio-listings")
        let good = try Data(contentsOf: memory)
        var flipped = good
        flipped[good.count / 2] ^= 0x01
        for damaged in [flipped, good.prefix(good.count - 1), Data("folio listings 1\n".utf8), Data(repeating: 0, count: 100)] {
            try damaged.write(to: memory)
            // A file the damaged memory cannot know of, in a folder it would otherwise vouch for.
            try Self.write("new\n", to: "ideas/2026/11/new.md", in: root)
            let ours = try #require(try repository.quickStatus())
            #expect(Set(ours) == (try Self.gitStatus(in: root)))
            #expect(repository.lastListings.reused == 0, "\(repository.lastListings)")
            try FileManager.default.removeItem(at: root.appendingPathComponent("ideas/2026/11/new.md"))
        }
        // Written again whole: the next status names every folder from it.
        _ = try repository.quickStatus()
        _ = try repository.quickStatus()
        #expect(repository.lastListings.listed == 0, "\(repository.lastListings)")
    }
}
