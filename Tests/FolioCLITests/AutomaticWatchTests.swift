import FolioCore
import FolioStore
import Foundation
import SystemIO
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `folio watch` starting by itself: after a command checked every file of a vault of 10,000
/// Markdown files or more, and never for a smaller vault, after `folio watch stop`, with
/// `FOLIO_WATCH=off`, or after an automatic start that could not watch (docs/watch.md).
@Suite("folio watch, started by itself", .serialized)
struct AutomaticWatchTests {
    /// A vault of `count` records in ten folders, read once without a watcher and without starting one.
    static func vault(records count: Int) throws -> FolioProcess {
        var folio = try FolioProcess.vault(language: "en")
        folio.environment["FOLIO_RACY_WINDOW_MS"] = "0"
        for folder in 0..<10 {
            try FileManager.default.createDirectory(
                at: folio.directory.appendingPathComponent("notes/2026/\(folder)"), withIntermediateDirectories: true)
        }
        for i in 0..<count {
            let url = folio.directory.appendingPathComponent("notes/2026/\(i % 10)/record-\(i).md")
            try Data(WatchTests.record(i, title: "record \(i)").utf8).write(to: url)
        }
        return folio
    }

    static let notice = "Markdown files and each was checked this time: folio watch now runs in the background"

    /// Whether `condition` holds within ten seconds (a started process needs a moment to serve).
    static func eventually(_ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if try condition() { return true }
            usleep(20_000)
        }
        return try condition()
    }

    static func watching(_ folio: FolioProcess) throws -> Bool {
        try folio.run("watch", "status").status == 0
    }

    /// The vault of 10,000 files: the first `list` checks every file, says it starts the watcher,
    /// and the watcher serves; later commands say nothing more and answer as a walk without it does.
    /// `folio watch stop` keeps it stopped: the next large check starts nothing, until `watch start`.
    @Test func startsOnALargeVaultUntilStopped() throws {
        let folio = try Self.vault(records: AutomaticWatch.minimumFiles)
        defer { WatchTests.stop(folio) }
        let first = try folio.run("list", "-n", "1")
        #expect(first.status == 0)
        // 10,001: the vault's profile is a Markdown file too.
        #expect(first.stderr.contains("this vault has 10001 " + Self.notice), "\(first.stderr)")
        #expect(try Self.eventually { try Self.watching(folio) }, "the watcher started by list never served")

        let second = try folio.run("list", "-n", "1")
        #expect(second.status == 0 && second.stderr.isEmpty, "\(second.stderr)")
        try WatchTests.write(record: 20_000, title: "written after the watcher started", in: folio, folder: "notes/2026/3")
        try WatchTests.compare(folio, "a record added under the watcher that started by itself")
        let answered = try WatchTests.status(folio)["answers"] as? Int ?? 0
        #expect(answered > 0, "the commands after the start did not ask the watcher")

        let stopped = try folio.run("watch", "stop")
        #expect(stopped.stdout.contains("watches this vault again only after folio watch start"), "\(stopped.stdout)")
        let unwatched = try folio.run("list", "-n", "1")
        #expect(unwatched.status == 0 && unwatched.stderr.isEmpty, "\(unwatched.stderr)")
        #expect(try !Self.watching(folio))
        let status = try folio.run("watch", "status")
        #expect(status.status == 1)
        #expect(status.stdout.contains("does not start by itself (stopped with folio watch stop)"), "\(status.stdout)")
        let json = try WatchTests.status(folio)
        #expect(json["off"] as? String == "stopped with folio watch stop", "\(json)")

        #expect(try folio.run("watch", "start").status == 0)
        #expect(!FileManager.default.fileExists(atPath: folio.directory.appendingPathComponent(".folio/local/watch-off").path))
        #expect(try Self.watching(folio))
    }

    /// Below 10,000 files, and with `FOLIO_WATCH=off` at any size, a command starts nothing.
    @Test func startsNothingWhenSmallOrTold() throws {
        let small = try Self.vault(records: 200)
        defer { WatchTests.stop(small) }
        for arguments in [["list"], ["search", "record"], ["status"]] {
            let run = try small.run(arguments)
            #expect(run.status == 0 && !run.stderr.contains(Self.notice), "\(arguments): \(run.stderr)")
        }
        #expect(try !Self.watching(small))

        var told = try Self.vault(records: AutomaticWatch.minimumFiles)
        defer { WatchTests.stop(told) }
        told.environment["FOLIO_WATCH"] = "off"
        for arguments in [["list", "-n", "1"], ["status"]] {
            let run = try told.run(arguments)
            #expect(run.status == 0 && run.stderr.isEmpty, "\(arguments): \(run.stderr)")
        }
        told.environment["FOLIO_WATCH"] = nil
        #expect(try !Self.watching(told))
    }

    /// `folio status` alone (git's status of every tracked file) starts it too, once the vault is committed.
    @Test func startsAfterAStatusOfALargeVault() throws {
        let folio = try Self.vault(records: AutomaticWatch.minimumFiles)
        defer { WatchTests.stop(folio) }
        #expect(try folio.run("commit", "-m", "ten thousand records").status == 0)
        // The commit's own catalog read may have started it: stop, then let status alone start it.
        _ = try folio.run("watch", "stop")
        AutomaticWatch.turnOn(localDirectory: folio.directory.appendingPathComponent(".folio/local"))
        let status = try folio.run("status")
        #expect(status.status == 0)
        #expect(status.stderr.contains(Self.notice), "\(status.stderr)")
        #expect(try Self.eventually { try Self.watching(folio) })
    }

    /// A watcher started by a command that cannot watch (here its lock is a symbolic link, which it
    /// never follows) writes why in the vault's off mark: no command starts one again, and `folio
    /// watch status` says why.
    @Test func aStartThatFailsIsNotTriedAgain() throws {
        let folio = try Self.vault(records: AutomaticWatch.minimumFiles)
        let local = folio.directory.appendingPathComponent(".folio/local")
        try FileManager.default.createDirectory(at: local, withIntermediateDirectories: true)
        #expect(symlink("/nonexistent-folio-lock", local.appendingPathComponent("watch.lock").path) == 0)
        let first = try folio.run("list", "-n", "1")
        #expect(first.stderr.contains(Self.notice), "\(first.stderr)")
        let mark = local.appendingPathComponent(AutomaticWatch.offMarkName)
        #expect(Self.eventually { FileManager.default.fileExists(atPath: mark.path) }, "the failed start left no mark")
        let again = try folio.run("list", "-n", "1")
        #expect(again.status == 0 && again.stderr.isEmpty, "\(again.stderr)")
        let status = try folio.run("watch", "status")
        #expect(status.status == 1)
        #expect(status.stdout.contains("does not start by itself (folio watch cannot make its socket"), "\(status.stdout)")
    }

    /// `folio serve` runs for long: it starts the watcher as soon as a page's check finds the vault
    /// unwatched, and says so once, while it goes on serving.
    @Test func aServerStartsItAtOnce() throws {
        let folio = try Self.vault(records: AutomaticWatch.minimumFiles)
        defer { WatchTests.stop(folio) }
        let curl = try Tool.find("curl", package: "curl")
        let scratch = try #require(folio.scratch)
        let (serve, pair, errors) = try BrowserSession.serve(folio)
        defer { serve.stop() }
        let jar = scratch.path("cookies").path
        for _ in 0..<2 { try Tool.run(curl, ["-sS", "-o", "/dev/null", "-c", jar, "-b", jar, "-L", pair]) }
        #expect(try Self.eventually { try Self.watching(folio) }, "folio serve did not start the watcher while it ran")
        let said = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        #expect(said.components(separatedBy: Self.notice).count == 2, "\(said)")
    }
}
