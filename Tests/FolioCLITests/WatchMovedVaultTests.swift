import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `folio watch` when the vault's folder is renamed, another vault is put where it was, or the
/// vault is copied while its watcher runs (as `cp -al` and backup tools that hard-link do, which
/// links the socket too). In every folder, `list`, `tags` and git's `status` answer as a full walk
/// (`FOLIO_WATCH=off`) does: a watcher answers only for the folder it watches.
@Suite("folio watch, its vault moved or replaced", .serialized)
struct WatchMovedVaultTests {
    /// The same user's folio (its HOME, clock and settings) in another folder.
    static func folio(_ folio: FolioProcess, at directory: URL) -> FolioProcess {
        var moved = FolioProcess(directory: directory, scratch: folio.scratch)
        moved.environment = folio.environment
        return moved
    }

    /// `list`, `tags` and `status` in `folio`'s folder, each as a full walk answers it.
    static func compare(_ folio: FolioProcess, _ note: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var oracle = folio
        oracle.environment["FOLIO_WATCH"] = "off"
        for arguments in [["list", "--json"], ["tags", "--json"], ["status", "--json"]] {
            let answered = try folio.run(arguments)
            let truth = try oracle.run(arguments)
            #expect(answered.status == truth.status, "\(note): \(arguments) \(answered.stderr)", sourceLocation: sourceLocation)
            #expect(answered.stdout == truth.stdout, "\(note): \(arguments)", sourceLocation: sourceLocation)
            #expect(answered.stderr == truth.stderr, "\(note): \(arguments)", sourceLocation: sourceLocation)
        }
    }

    /// Records changed in `folio`'s folder, titled with `mark`: record `old` edited in place,
    /// record `old + 1` removed, record `number` new.
    static func edit(_ folio: FolioProcess, mark: String, old: Int, new number: Int) throws {
        try WatchTests.write(record: old, title: "\(mark) edited", in: folio)
        let removed = folio.directory.appendingPathComponent("notes/2026/\(String(format: "%02d", (old + 1) % 6 + 1))/record-\(old + 1).md")
        try FileManager.default.removeItem(at: removed)
        try WatchTests.write(record: number, title: "\(mark) new", in: folio)
    }

    static func pid(_ folio: FolioProcess) throws -> Int? {
        try WatchTests.status(folio)["pid"] as? Int
    }

    /// The vault's folder renamed under its watcher: commands in the new place answer as a walk,
    /// before and after edits there, and `watch start` there watches it.
    @Test func renamedVault() throws {
        let first = try WatchTests.watchedVault(records: 6)
        defer { WatchTests.stop(first) }
        #expect(try first.run("commit", "-m", "records").status == 0)
        try WatchTests.compare(first, "before the move")
        let renamed = try #require(first.scratch).path("renamed")
        try FileManager.default.moveItem(at: first.directory, to: renamed)
        let moved = Self.folio(first, at: renamed)
        defer { WatchTests.stop(moved) }
        try Self.compare(moved, "renamed")
        try Self.edit(moved, mark: "moved", old: 0, new: 60)
        try Self.compare(moved, "renamed, then edited")
        #expect(try moved.run("watch", "start").status == 0)
        try Self.compare(moved, "renamed, watched again")
        try Self.edit(moved, mark: "again", old: 2, new: 61)
        try Self.compare(moved, "renamed, watched again, edited")
    }

    /// Another vault put where the watched one was: a fresh one, then a copy of the moved one with
    /// its `.folio` folder and socket file. Each answers as a walk, and so does the moved one.
    @Test func anotherVaultInItsPlace() throws {
        let first = try WatchTests.watchedVault(records: 6)
        defer { WatchTests.stop(first) }
        #expect(try first.run("commit", "-m", "records").status == 0)
        let place = first.directory
        let renamed = try #require(first.scratch).path("renamed")
        try FileManager.default.moveItem(at: place, to: renamed)
        let moved = Self.folio(first, at: renamed)
        defer { WatchTests.stop(moved) }

        try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
        let fresh = Self.folio(first, at: place)
        let made = try fresh.run("init", ".", "--name", "陳大文", "--birthday", "1990-01-01", "--gender", "male", "--language", "en")
        #expect(made.status == 0, "\(made.stderr)")
        try WatchTests.write(record: 70, title: "in the fresh vault", in: fresh)
        try Self.compare(fresh, "a fresh vault in the old place")
        try Self.compare(moved, "the moved vault beside a fresh one")

        try FileManager.default.removeItem(at: place)
        try Self.copy(renamed, to: place, linking: false)
        let copied = Self.folio(first, at: place)
        try Self.compare(copied, "a copy in the old place")
        try Self.edit(copied, mark: "copy", old: 0, new: 71)
        try Self.edit(moved, mark: "original", old: 2, new: 72)
        try Self.compare(copied, "a copy in the old place, both edited")
        try Self.compare(moved, "the moved vault beside its copy, both edited")
    }

    /// A vault copied by hard links while its watcher runs (`cp -al`, as backup tools copy): the
    /// copy's socket is the watcher's own, and the copy's catalog holds the watcher's token. Edits
    /// in the copy are all seen, `watch status` and `watch stop` there leave the original's
    /// watcher alone, and `watch start` there starts the copy's own.
    @Test func copiedByHardLinks() throws {
        let original = try WatchTests.watchedVault(records: 6)
        defer { WatchTests.stop(original) }
        #expect(try original.run("commit", "-m", "records").status == 0)
        try WatchTests.compare(original, "before the copy")
        try original.run("status")
        let watcher = try #require(try Self.pid(original))
        let place = try #require(original.scratch).path("backup")
        try Self.copy(original.directory, to: place, linking: true)
        let copy = Self.folio(original, at: place)
        var socket = stat()
        var linked = stat()
        #expect(lstat(original.directory.appendingPathComponent(".folio/local/watch.sock").path, &socket) == 0)
        #expect(lstat(place.appendingPathComponent(".folio/local/watch.sock").path, &linked) == 0)
        #expect(socket.st_ino == linked.st_ino, "cp -al did not link the socket: the test would prove nothing")

        // Hard links share their bytes: edits as editors save them, a new file renamed into place.
        // Each edits a record the other leaves alone: the original's watcher names only its own.
        for (folio, mark, old, number) in [(copy, "copy", 2, 80), (original, "original", 0, 81)] {
            let folder = folio.directory.appendingPathComponent("notes/2026/\(String(format: "%02d", old % 6 + 1))")
            let target = folder.appendingPathComponent("record-\(old).md")
            let temporary = folder.appendingPathComponent(".record-\(old).swp")
            try Data(WatchTests.record(old, title: "\(mark) edited").utf8).write(to: temporary)
            #expect(rename(temporary.path, target.path) == 0)
            try WatchTests.write(record: number, title: "\(mark) new", in: folio)
        }
        try Self.compare(copy, "the copy, edited")
        try Self.compare(original, "the original, edited")

        #expect(try Self.pid(copy) != watcher, "watch status in the copy named the original's watcher")
        _ = try copy.run("watch", "stop")
        #expect(try Self.pid(original) == watcher, "watch stop in the copy stopped the original's watcher")
        try WatchTests.compare(original, "the original, after the copy's watch stop")

        // The copy gets a watcher of its own (its lock and socket were the original's too).
        let started = try copy.run("watch", "start")
        defer { WatchTests.stop(copy) }
        #expect(started.status == 0, "\(started.stderr)")
        let own = try Self.pid(copy)
        #expect(own != nil && own != watcher, "\(started.stdout)\(started.stderr)")
        #expect(try Self.pid(original) == watcher)
        try WatchTests.write(record: 2, title: "copy edited again", in: copy)
        try WatchTests.write(record: 3, title: "original edited again", in: original)
        try Self.compare(copy, "the copy, watched by its own")
        try Self.compare(original, "the original, beside the copy's watcher")
    }

    /// `cp -a` (or `cp -al`) of `source` to `destination`, as a user copies a folder.
    static func copy(_ source: URL, to destination: URL, linking: Bool) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/cp")
        process.arguments = [linking ? "-al" : "-a", source.path, destination.path]
        try process.run(deadline: childDeadline)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}
