import Foundation
import Git
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

extension FuzzTarget {
    /// folio's own status against libgit2's, on a working tree the input edits: each pair of bytes
    /// is one change (write, rewrite with the same bytes, delete, make executable, replace by a
    /// link, stage, take out of the index, an ignored file, a folder removed or made) to one of a dozen paths
    /// in nested, Chinese-named and spaced folders, or a status taken; every status is taken
    /// twice, the second naming unchanged folders from the memory the first wrote.
    ///
    /// Promises: whenever folio's status answers (it leaves nested repositories and the like to
    /// libgit2), it is libgit2's, entry for entry; a second status of an unchanged tree lists no folder.
    static let status = FuzzTarget(
        name: "status",
        summary: "Repository.quickStatus (index read here, folders listed or remembered) against libgit2's status on an edited tree",
        generatedSeeds: { StatusFuzz.seeds() }
    ) { bytes throws(InvariantFailure) in
        try StatusFuzz.run(bytes)
    }
}

/// The status harness's edits, check and seeds, public for the regression tests.
public enum StatusFuzz {
    static let paths = [
        "a.md", "b.md", "ideas/2026/11/c.md", "ideas/2026/11/d e.md", "ideas/2026/12/f.md", "日記/下雨/g.md",
        "deep/x/y/h.md", "media/ab/i.jpg", "n.txt", "ideas/2026/11/j.tmp", "new/k.md", "cache/l.md",
    ]

    public static func run(_ input: [UInt8]) throws(InvariantFailure) {
        let scratch = ScratchFolder()
        do {
            try run(input, in: scratch.url)
        } catch let failure as InvariantFailure {
            throw failure
        } catch {
            throw InvariantFailure("the harness could not work the tree: \(error)")
        }
    }

    private static func run(_ input: [UInt8], in root: URL) throws {
        let repository = try Repository.create(at: root)
        repository.settleListings(by: nextTick)
        try write(".gitignore", "*.tmp\ncache/\n", in: root)
        for path in paths.prefix(8) { try write(path, "text of \(path)\n", in: root) }
        let signature = Signature(name: "fuzz", email: "fuzz@example.invalid", time: Date(timeIntervalSince1970: 1_795_000_000))
        try repository.commit(message: "base", author: signature, committer: signature, paths: [".gitignore"] + paths.prefix(8))
        var position = 0
        var statuses = 0
        while position + 1 < input.count, statuses < 8 {
            let operation = input[position] % 11
            let path = paths[Int(input[position + 1]) % paths.count]
            position += 2
            if operation == 10 {
                statuses += 1
                try compare(repository)
            } else {
                try change(operation, path, variant: input[position - 1], in: root, repository: repository)
            }
        }
        try compare(repository)
    }

    private static func compare(_ repository: Repository) throws {
        guard let ours = try repository.quickStatusForOracle() else { return }
        let theirs = try repository.libgit2StatusForOracle()
        try expect(
            Set(ours) == Set(theirs), "folio's status \(Set(ours).subtracting(theirs)) against libgit2's \(Set(theirs).subtracting(ours))")
        try expect(ours.count == Set(ours).count, "a path listed twice: \(ours)")
        guard let again = try repository.quickStatusForOracle() else { return }
        try expect(
            Set(again) == Set(theirs), "named from memory: \(Set(again).subtracting(theirs)) against \(Set(theirs).subtracting(again))")
        try expect(repository.listingsOfLastStatus.listed == 0, "an unchanged tree listed again: \(repository.listingsOfLastStatus)")
    }

    private static func change(_ operation: UInt8, _ path: String, variant: UInt8, in root: URL, repository: Repository) throws {
        let url = root.appendingPathComponent(path)
        switch operation {
        case 0: try write(path, "edited \(variant)\n", in: root)
        case 1: try write(path, "text of \(path)\n", in: root)  // the committed bytes again: a new stamp, no change
        case 2: unlink(url.path)
        case 3: _ = chmod(url.path, variant % 2 == 0 ? 0o755 : 0o644)
        case 4:
            unlink(url.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            _ = symlink("target-\(variant % 3)", url.path)
        case 5: if FileManager.default.fileExists(atPath: url.path) { try repository.stage(paths: [path]) }
        case 6: try repository.removeFromIndexForOracle(path)
        case 7: try write(path.replacingOccurrences(of: ".md", with: ".tmp"), "ignored\n", in: root)
        case 8:
            let folder = url.deletingLastPathComponent()
            if folder.path != root.path { try? FileManager.default.removeItem(at: folder) }  // try?: already gone is the same.
        default:
            try FileManager.default.createDirectory(at: root.appendingPathComponent("empty/folder"), withIntermediateDirectories: true)
        }
    }

    private static func write(_ path: String, _ text: String, in root: URL) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        unlink(url.path)
        try Data(text.utf8).write(to: url)
    }

    /// Waits for the file system's clock to tick, and gives the new tick's time: every folder
    /// changed before the call has an older stamp, every change after it a stamp no older. As a
    /// status's settled time it lets a test remember folders changed a moment ago without the
    /// production window of two seconds (here and in StatusDifferentialTests).
    public static func nextTick() -> Int64 {
        // The coarse clock lags the fine one by up to a tick, and a file's stamp may be fine:
        // wait until the coarse clock has passed the fine time of the call.
        var called = timespec()
        clock_gettime(CLOCK_REALTIME, &called)
        var now = timespec()
        repeat { clock_gettime(CLOCK_REALTIME_COARSE, &now) } while (now.tv_sec, now.tv_nsec) <= (called.tv_sec, called.tv_nsec)
        return FileStamp.nanoseconds(now)
    }

    /// A few edits, each followed by a status, and one of every kind of change.
    public static func seeds() -> [[UInt8]] {
        [
            [0, 0, 10, 0, 2, 2, 10, 0, 5, 0, 10, 0],
            [4, 3, 10, 0, 7, 2, 10, 0, 8, 6, 10, 0, 9, 0, 10, 0],
            Array((0..<10).flatMap { [UInt8($0), UInt8($0 * 5), 10, 0] }),
        ]
    }
}
