import FolioCore
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Sync under stress")
struct SyncRobustnessTests {
    @Test("sync killed with SIGKILL 20 times: the repository stays valid and nothing is lost")
    func killedSyncs() throws {
        var devices = try Devices.make()
        try devices["A"].run("idea", "共用紀錄")
        try devices.sync("A", "B")
        // Kills land within the time a sync takes on this machine, so most of them hit one mid-way.
        try devices["A"].run("idea", "量時間")
        let clock = Date()
        try devices.sync("A")
        let syncMicroseconds = max(30_000, UInt64(Date().timeIntervalSince(clock) * 1_000_000))
        let shared = try devices.path(of: "共用紀錄", on: "A")
        var random = SplitMix64(seed: 20_261_122)
        var expectedTitles: [String] = ["量時間"]
        var expectedLines: [String] = []
        var interrupted = 0
        for round in 0..<20 {
            devices["A"].environment["FOLIO_NOW"] = String(format: "2026-11-22T10:%02d:00+08:00", round)
            devices["B"].environment["FOLIO_NOW"] = String(format: "2026-11-22T10:%02d:30+08:00", round)
            // B moves the remote on, so A has something to merge when it is killed.
            try devices["B"].run("idea", "B 的第 \(round) 個")
            #expect(try devices["B"].run("sync").status == 0)
            expectedTitles += ["A 的第 \(round) 個", "B 的第 \(round) 個"]
            #expect(try devices["A"].run("idea", "A 的第 \(round) 個").status == 0)
            let line = "A 手寫的第 \(round) 行"
            try devices["A"].write(shared, (devices["A"].read(shared) ?? "") + line + "\n")
            expectedLines.append(line)

            let started = try devices["A"].start(["sync"])
            usleep(useconds_t(random.next() % syncMicroseconds))
            kill(started.0.processIdentifier, SIGKILL)
            _ = devices["A"].finish(started)
            if started.0.terminationReason == .uncaughtSignal { interrupted += 1 }
            usleep(300_000)

            let fsck = try git(["fsck", "--no-dangling", "--no-progress"], in: devices["A"].directory)
            #expect(!fsck.contains("error") && !fsck.contains("missing") && !fsck.contains("broken"), "round \(round): \(fsck)")
            let remoteFsck = try git(["fsck", "--no-dangling", "--no-progress"], in: URL(fileURLWithPath: devices.remote))
            #expect(!remoteFsck.contains("error") && !remoteFsck.contains("missing"), "round \(round): \(remoteFsck)")
        }
        #expect(interrupted >= 5, "only \(interrupted) of 20 kills hit a running sync")
        let final = try devices["A"].run("sync")
        #expect(final.status == 0, "the sync after the last kill completes: \(final.stderr)")
        try devices.sync("B", "A")
        #expect(try git(["status", "--porcelain"], in: devices["A"].directory).isEmpty)
        #expect(try devices.files("A") == devices.files("B"))
        let titles = Set((try devices["A"].json("list", "--json") as? [[String: Any]] ?? []).compactMap { $0["title"] as? String })
        for title in expectedTitles { #expect(titles.contains(title), "lost \(title)") }
        let everything = try devices.files("A").values.joined(separator: "\n")
        for line in expectedLines { #expect(everything.contains(line), "lost the line \(line)") }
        #expect(!everything.contains("<<<<<<<"))
    }

    @Test("sync --watch on two devices: a change on one shows up on the other; Ctrl-C stops cleanly")
    func watch() throws {
        let devices = try Devices.make()
        let watchers = try ["A", "B"].map { try devices[$0].start(["sync", "--watch", "--interval", "1"]) }
        defer { for watcher in watchers where watcher.0.isRunning { kill(watcher.0.processIdentifier, SIGKILL) } }
        usleep(500_000)
        #expect(try devices["A"].run("idea", "看著同步").status == 0)
        let deadline = Date().addingTimeInterval(30)
        var arrived = false
        while Date() < deadline && !arrived {
            usleep(100_000)
            arrived = (try? devices.path(of: "看著同步", on: "B").isEmpty == false) ?? false
        }
        #expect(arrived, "the idea made on A reached B while both were watching")
        for watcher in watchers { kill(watcher.0.processIdentifier, SIGINT) }
        for watcher in watchers {
            let result = devices["A"].finish(watcher)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("stopped syncing"))
        }
    }
}
