import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension FolioProcess {
    /// Runs folio and kills it (SIGKILL) if it has not ended after `seconds`: a hang guard, so a
    /// test of a hang fails instead of hanging the suite. `killed` says whether it had to.
    func run(_ arguments: [String], killAfter seconds: Double) throws -> (result: Result, killed: Bool) {
        let started = try start(arguments)
        let process = started.0
        let killed = Locked(false)
        let guardThread = Thread {
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning, Date() < deadline { usleep(20_000) }
            if process.isRunning {
                killed.withValue { $0 = true }
                kill(process.processIdentifier, SIGKILL)
            }
        }
        guardThread.start()
        let result = finish(started)
        return (result, killed.current)
    }
}

/// How long a test lets a sync that must give up after `sync.timeout` 2 run before calling it
/// hung: ten times the limit, so a busy machine never makes a correct folio look late.
private let hangGuard = 20.0

@Suite("Network faults during sync", .serialized)
struct NetworkFaultTests {
    enum Phase: String, CaseIterable, Sendable { case push, fetch }

    @Test(
        "the connection drops mid-transfer: exit 3, everything committed, both repositories intact, the next sync converges",
        arguments: NetworkRig.Transport.allCases, [Phase.push, .fetch])
    func dropped(_ transport: NetworkRig.Transport, _ phase: Phase) async throws {
        for ending in [FaultProxy.Ending.close, .reset] {
            let rig = try await NetworkRig.make(transport)
            let title: String
            switch phase {
            case .push:
                title = "斷線前寫的大想法"
                try await rig.bigIdea(title, on: "A")
                rig.proxy.mode = .drop(after: 32_768, direction: .clientToServer, ending: ending)
            case .fetch:
                title = "B 的大想法"
                try await rig.bigIdea(title, on: "B")
                try await rig.sync("B")
                #expect(try await rig.run("A", "idea", "A 在斷線前寫的").status == 0)
                rig.proxy.mode = .drop(after: 32_768, direction: .serverToClient, ending: ending)
            }
            let remoteBefore = try rig.commits("main", in: rig.bare)
            let headBefore = try rig.commits("HEAD", in: rig["A"].directory)
            let (result, killed, _) = try await rig.run("A", ["sync"], killAfter: 60)
            let what = "\(transport) \(phase) \(ending)"
            #expect(!killed, "\(what): sync hung")
            #expect(result.status == 3, "\(what): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("could not reach the remote"), "\(what): \(result.stderr)")
            #expect(result.stderr.contains("Everything is committed on this device"), "\(what)")
            #expect(rig.proxy.faults >= 1, "\(what): the fault never fired")
            #expect(try rig.isClean("A"), "\(what): something is left uncommitted")
            #expect(try rig.commits("HEAD", in: rig["A"].directory) == headBefore, "\(what): local history moved")
            #expect(try rig.commits("main", in: rig.bare) == remoteBefore, "\(what): the remote moved")
            try rig.fsck("A")

            rig.proxy.mode = .pass
            try await rig.sync("A", "\(what): the sync after the drop")
            try await rig.sync("B")
            try await rig.sync("A")
            #expect(try await rig.path(of: title, on: "A") != "", "\(what)")
            #expect(try await rig.path(of: title, on: "B") != "", "\(what)")
            let converged = rig.files("A") == rig.files("B")
            #expect(converged, "\(what): the devices did not converge")
            #expect(try rig.commits("main", in: rig.bare).first == rig.commits("HEAD", in: rig["A"].directory).first)
            try rig.fsck("A", "B")
        }
    }

    @Test(
        "a remote that accepts and then says nothing: sync gives up after sync.timeout, exit 3, the next sync sends everything",
        arguments: NetworkRig.Transport.allCases)
    func stalled(_ transport: NetworkRig.Transport) async throws {
        let rig = try await NetworkRig.make(transport)
        #expect(try await rig.run("A", "config", "set", "sync.timeout", "2").status == 0)
        #expect(try await rig.run("A", "idea", "卡住時寫的").status == 0)
        rig.proxy.mode = .stall(after: 0, direction: .serverToClient)
        let (result, killed, took) = try await rig.run("A", ["sync"], killAfter: hangGuard)
        #expect(!killed, "\(transport): sync was still waiting after \(hangGuard) s")
        #expect(result.status == 3, "\(transport): \(result.stderr)")
        // Silence, or the few bytes of a handshake and then silence: either way sync.timeout's doing.
        #expect(result.stderr.contains("gave up on the remote") && result.stderr.contains("2 seconds (sync.timeout)"), "\(result.stderr)")
        #expect(rig.proxy.faults >= 1)
        #expect(try rig.isClean("A"))
        print("\(transport) stalled sync with sync.timeout 2 gave up after \(took)")

        rig.proxy.mode = .pass
        let again = try await rig.sync("A")
        #expect(again.stdout.contains("sent"), "\(again.stdout)")
        try await rig.sync("B")
        #expect(try await rig.path(of: "卡住時寫的", on: "B") != "")
        try rig.fsck("A", "B")
    }

    @Test("a remote that stalls in the middle of the transfer: the same bound", arguments: NetworkRig.Transport.allCases)
    func stalledMidTransfer(_ transport: NetworkRig.Transport) async throws {
        let rig = try await NetworkRig.make(transport)
        #expect(try await rig.run("A", "config", "set", "sync.timeout", "2").status == 0)
        try await rig.bigIdea("送到一半卡住", on: "A")
        rig.proxy.mode = .stall(after: 32_768, direction: .clientToServer)
        let (result, killed, took) = try await rig.run("A", ["sync"], killAfter: hangGuard)
        print("\(transport) sync stalled mid-push with sync.timeout 2 gave up after \(took)")
        #expect(!killed, "\(transport): sync was still waiting after \(hangGuard) s")
        #expect(result.status == 3, "\(transport): \(result.stderr)")
        #expect(rig.proxy.faults >= 1)
        rig.proxy.mode = .pass
        try await rig.sync("A")
        try await rig.sync("B")
        #expect(try await rig.path(of: "送到一半卡住", on: "B") != "")
        try rig.fsck("A", "B")
    }

    @Test("a host that never answers the connection (its SYNs dropped): sync gives up after sync.timeout, exit 3")
    func swallowedConnect() async throws {
        let rig = try await NetworkRig.make(.git, others: [])
        let silent = try SilentPort()
        #expect(try await rig.run("A", "config", "set", "sync.timeout", "2").status == 0)
        #expect(try await rig.run("A", "config", "set", "sync.remote", "git://127.0.0.1:\(silent.port)/remote.git").status == 0)
        #expect(try await rig.run("A", "idea", "沒有回應的主機").status == 0)
        let (result, killed, took) = try await rig.run("A", ["sync"], killAfter: hangGuard)
        print("sync to a host swallowing the connection with sync.timeout 2 gave up after \(took)")
        #expect(!killed, "sync was still connecting after \(hangGuard) s")
        #expect(result.status == 3, "\(result.stderr)")
        #expect(
            result.stderr.contains("connecting to 127.0.0.1: nothing moved either way for 2 seconds (sync.timeout)"), "\(result.stderr)")
        #expect(try rig.isClean("A"))
        #expect(try await rig.run("A", "config", "set", "sync.remote", rig.url).status == 0)
        let again = try await rig.sync("A")
        #expect(again.stdout.contains("sent"))
        #expect(try Tool.git(["log", "--format=%s", "main"], in: rig.bare).contains("沒有回應的主機"))
    }
}

@Suite("A sync's deadline and minimum rate, name resolution included", .serialized)
struct NetworkLimitTests {
    @Test(
        "a remote that trickles a byte every 0.3 s (never 2 s of silence): sync gives up at sync.deadline, exit 3, the lock is free",
        arguments: NetworkRig.Transport.allCases)
    func trickling(_ transport: NetworkRig.Transport) async throws {
        let rig = try await NetworkRig.make(transport, others: [])
        for (key, value) in [("sync.timeout", "2"), ("sync.deadline", "4")] {
            #expect(try await rig.run("A", "config", "set", key, value).status == 0)
        }
        #expect(try await rig.run("A", "idea", "一滴一滴的遠端").status == 0)
        rig.proxy.mode = .trickle(direction: .serverToClient, every: .milliseconds(300))
        let (result, killed, took) = try await rig.run("A", ["sync"], killAfter: 60)
        print("\(transport) sync against a trickling remote with sync.deadline 4 gave up after \(took)")
        #expect(!killed, "\(transport): sync was still running after 60 s")
        #expect(result.status == 3, "\(transport): \(result.stderr)")
        #expect(result.stderr.contains("gave up on the remote"), "\(result.stderr)")
        #expect(
            result.stderr.contains("(sync.deadline)") || result.stderr.contains("a second moved over 2 seconds (sync.timeout)"),
            "\(result.stderr)")
        #expect(rig.proxy.faults >= 1)
        #expect(try rig.isClean("A"))
        rig.proxy.mode = .pass
        let again = try await rig.sync("A")
        #expect(again.stdout.contains("sent"), "\(again.stdout)")
    }

    @Test("a limit arriving from another device cannot loosen this device's ceiling; config trust takes it")
    func syncedLimitsAreBoundedByTheDevice() async throws {
        let rig = try await NetworkRig.make(.git, others: ["B"])
        // B keeps strict limits of its own; A (or anyone who can push) asks every device for a day.
        try rig["B"].write(".folio/local/limits.yaml", "sync.timeout: 2\nsync.deadline: 4\n")
        for (key, value) in [("sync.timeout", "3600"), ("sync.deadline", "86400")] {
            #expect(try await rig.run("A", "config", "set", key, value).status == 0)
        }
        try await rig.sync("A")
        try await rig.sync("B")
        #expect(try await rig.run("B", "config", "get", "sync.deadline").stdout == "86400\n")
        #expect(try await rig.run("B", "idea", "B 的想法").status == 0)
        rig.proxy.mode = .trickle(direction: .serverToClient, every: .milliseconds(300))
        let (result, killed, took) = try await rig.run("B", ["sync"], killAfter: 60)
        print("sync with a synced sync.deadline of a day and this device's ceiling of 4 s gave up after \(took)")
        #expect(!killed, "B's sync took the synced limits")
        #expect(result.status == 3, "\(result.stderr)")
        rig.proxy.mode = .pass

        // A (which set them) allows them on its own device; B only once it confirms.
        #expect(rig["A"].read(".folio/local/limits.yaml")?.contains("sync.deadline: 86400") == true)
        let trusted = try await rig.run("B", "config", "trust", "sync.deadline")
        #expect(trusted.status == 0 && trusted.stdout == "confirmed on this device: sync.deadline = 86400.\n", "\(trusted)")
        #expect(
            rig["B"].read(".folio/local/limits.yaml")
                == "# This device's ceilings for limits (folio writes this file; it never syncs).\nsync.deadline: 86400\nsync.timeout: 2\n"
        )
        #expect(try Tool.git(["status", "--porcelain"], in: rig["B"].directory).isEmpty, "the device's file is not the vault's")
    }

    @Test("a name server that never answers: sync gives up within sync.timeout while looking the host up, exit 3")
    func silentNameServer() async throws {
        if let reason = SilentNameServer.unavailableReason {
            Issue.record("skipped: \(reason)")
            return
        }
        let rig = try await NetworkRig.make(.git, others: [])
        let dns = try SilentNameServer()
        #expect(try await rig.run("A", "config", "set", "sync.timeout", "2").status == 0)
        #expect(try await rig.run("A", "config", "set", "sync.remote", "git://folio-remote.test:9418/remote.git").status == 0)
        #expect(try await rig.run("A", "idea", "名稱伺服器沒有回應").status == 0)
        var device = rig["A"]
        device.wrapper = dns.wrapper
        rig["A"] = device
        let (result, killed, took) = try await rig.run("A", ["sync"], killAfter: 120)
        #expect(!killed, "sync was still looking the host up after 120 s")
        print("sync with a silent name server and sync.timeout 2 gave up after \(took) (the resolver alone: \(dns.resolverGivesUpAfter))")
        #expect(result.status == 3, "\(result.stderr)")
        #expect(
            result.stderr.contains("looking up folio-remote.test: nothing moved either way for 2 seconds (sync.timeout)"),
            "\(result.stderr)")
        #expect(took < .seconds(30), "took \(took)")
        #expect(dns.queries > 0, "the name server was never asked")
        #expect(try rig.isClean("A"))
    }
}

@Suite("Ctrl-C during a stalled sync", .serialized)
struct StalledInterruptTests {
    @Test(
        "Ctrl-C ends a sync blocked on a silent remote at once: it says cancelled, everything stays committed",
        arguments: NetworkRig.Transport.allCases)
    func interrupted(_ transport: NetworkRig.Transport) async throws {
        let rig = try await NetworkRig.make(transport, others: [])
        #expect(try await rig.run("A", "idea", "按下 Ctrl-C 前寫的").status == 0)
        rig.proxy.mode = .stall(after: 0, direction: .serverToClient)
        // sync.timeout stays 60: only Ctrl-C can end this sync early.
        let device = rig["A"]
        let proxy = rig.proxy
        let (reached, result, byExit) = try await offPool { () throws -> (Bool, FolioProcess.Result, Bool) in
            let started = try device.start(["sync"])
            let process = started.0
            let deadline = Date().addingTimeInterval(hangGuard)
            while proxy.faults == 0, process.isRunning, Date() < deadline { usleep(20_000) }
            let reached = proxy.faults == 1
            kill(process.processIdentifier, SIGINT)
            let guardThread = Thread {
                while process.isRunning, Date() < deadline { usleep(20_000) }
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            }
            guardThread.start()
            let result = device.finish(started)
            return (reached, result, process.terminationReason == .exit)
        }
        #expect(reached, "the sync never reached the silent remote")
        #expect(byExit, "\(transport): the sync had to be killed")
        #expect(result.status == 1, "\(transport): \(result.stderr)")
        #expect(result.stderr.contains("cancelled"), "\(result.stderr)")
        #expect(try rig.isClean("A"))
        rig.proxy.mode = .pass
        try await rig.sync("A")
        #expect(try Tool.git(["log", "--format=%s", "main"], in: rig.bare).contains("按下 Ctrl-C 前寫的"))
    }
}

@Suite("A remote whose history another client rewrote", .serialized)
struct RewrittenRemoteTests {
    enum Rewrite: String, CaseIterable, Sendable {
        /// `git reset --hard HEAD~1`, a new commit, `git push --force`.
        case forcePushed
        /// The branch replaced by a history sharing no commit with the vault's.
        case unrelated
    }

    @Test(
        "sync merges the rewritten history, says so, and drops no commit of this device",
        arguments: NetworkRig.Transport.allCases, Rewrite.allCases)
    func rewritten(_ transport: NetworkRig.Transport, _ rewrite: Rewrite) async throws {
        let rig = try await NetworkRig.make(transport)
        #expect(try await rig.run("A", "idea", "第一則").status == 0)
        try await rig.sync("A")
        #expect(try await rig.run("A", "idea", "第二則").status == 0)
        try await rig.sync("A")
        try await rig.sync("B")

        // Another client, with plain git.
        let other = rig.scratch.path("other")
        switch rewrite {
        case .forcePushed:
            try Tool.git(["clone", "-q", rig.bare.path, other.path], in: rig.scratch.url)
            try Tool.git(["reset", "-q", "--hard", "HEAD~1"], in: other)
        case .unrelated:
            try Tool.git(["init", "-q", "-b", "main", other.path], in: rig.scratch.url)
            try Tool.git(["remote", "add", "origin", rig.bare.path], in: other)
        }
        try FileManager.default.createDirectory(at: other.appendingPathComponent("notes"), withIntermediateDirectories: true)
        try "寫在別處的筆記\n".write(to: other.appendingPathComponent("notes/other.md"), atomically: true, encoding: .utf8)
        try Tool.git(["add", "notes/other.md"], in: other)
        try Tool.git(["commit", "-qm", "rewritten elsewhere"], in: other)
        try Tool.git(["push", "-q", "--force", "origin", "main"], in: other)

        var b = rig["B"]
        b.environment["FOLIO_NOW"] = "2026-11-22T11:00:00+08:00"
        rig["B"] = b
        #expect(try await rig.run("B", "idea", "第三則").status == 0)
        let kept = try rig.commits("HEAD", in: rig["B"].directory)
        let result = try await rig.sync("B")
        #expect(result.stdout.contains("history was rewritten (a forced push)"), "\(transport) \(rewrite): \(result.stdout)")
        if rewrite == .unrelated {
            #expect(result.stdout.contains("share no commit"), "\(result.stdout)")
        }
        let remote = Set(try rig.commits("main", in: rig.bare))
        let missing = kept.filter { !remote.contains($0) }
        #expect(missing.isEmpty, "\(transport) \(rewrite): commits of B dropped from the remote: \(missing)")
        for title in ["第一則", "第二則", "第三則"] { #expect(try await rig.path(of: title, on: "B") != "", "B lost \(title)") }
        #expect(rig["B"].read("notes/other.md") == "寫在別處的筆記\n")

        try await rig.sync("A")
        try await rig.sync("B")
        let converged = rig.files("A") == rig.files("B")
        #expect(converged, "\(transport) \(rewrite): the devices did not converge")
        try rig.fsck("A", "B")
    }
}

@Suite("The disk fills during a sync", .serialized)
struct DiskFullTests {
    /// Temporary pack files a fetch left in `.git/objects/pack` (libgit2's and git's names).
    func leftoverPacks(_ directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent(".git/objects/pack").path)
            .filter { $0.hasPrefix("pack_git2_") || $0.hasPrefix("tmp_") }
    }

    /// Device D cloned onto a tmpfs of `size`, with an idea of its own committed, and the rig.
    func deviceOnSmallDisk(_ transport: NetworkRig.Transport, size: String) async throws -> (NetworkRig, TmpfsMount) {
        let rig = try await NetworkRig.make(transport)
        let disk = try TmpfsMount(at: rig.scratch.path("D"), size: size)
        let cloned = try await offPool { try rig.device("clone").run(["clone", rig.url, "D"]) }
        #expect(cloned.status == 0, "\(cloned.stderr)")
        var d = rig.device("D")
        d.environment["FOLIO_NOW"] = "2026-11-22T10:30:00+08:00"
        rig["D"] = d
        #expect(try await rig.run("D", "idea", "滿碟之前寫的").status == 0)
        return (rig, disk)
    }

    @Test(
        "during the fetch: sync says the disk is full, leaves no partial pack, the vault keeps working, and sync goes through once there is room",
        .enabled(if: TmpfsMount.unavailableReason == nil, Comment(rawValue: TmpfsMount.unavailableReason ?? "")),
        arguments: NetworkRig.Transport.allCases)
    func duringFetch(_ transport: NetworkRig.Transport) async throws {
        // D lives on a 2 MiB file system; three MiB arrive from B.
        let (rig, disk) = try await deviceOnSmallDisk(transport, size: "2m")
        let head = try rig.commits("HEAD", in: rig["D"].directory)
        try await rig.bigIdea("太大的想法", on: "B", kibibytes: 3072)
        try await rig.sync("B")
        let full = try await rig.run("D", "sync")
        #expect(full.status == 1, "\(transport): \(full.status) \(full.stderr)")
        #expect(
            full.stderr.contains("the disk holding the vault is full") && full.stderr.contains("No space left on device"), "\(full.stderr)")
        #expect(full.stderr.contains("everything is committed on this device"), "\(full.stderr)")
        #expect(try leftoverPacks(rig["D"].directory) == [])

        // The vault still works, nothing committed is lost.
        #expect(try rig.commits("HEAD", in: rig["D"].directory) == head)
        #expect(try rig.isClean("D"))
        #expect(try await rig.path(of: "滿碟之前寫的", on: "D") != "")
        try Tool.git(["fsck", "--full", "--no-dangling", "--no-progress"], in: rig["D"].directory)
        let after = try await rig.run("D", "idea", "滿碟之後寫的")
        #expect(after.status == 0, "a small write after the failed fetch: \(after.stderr)")

        try disk.resize(to: "64m")
        try await rig.sync("D")
        try await rig.sync("A")
        #expect(try await rig.path(of: "太大的想法", on: "D") != "")
        #expect(try await rig.path(of: "滿碟之後寫的", on: "A") != "")
        try rig.fsck("D", "A")
    }

    @Test(
        "when the fetched files would not fit: refused before a file is written, the working tree as it was",
        .enabled(if: TmpfsMount.unavailableReason == nil, Comment(rawValue: TmpfsMount.unavailableReason ?? "")))
    func beforeTheCheckout() async throws {
        // The pack (about 3 MiB) fits on D's 5 MiB disk; the 4 MiB file it holds does not fit beside it.
        let (rig, disk) = try await deviceOnSmallDisk(.git, size: "5m")
        let head = try rig.commits("HEAD", in: rig["D"].directory)
        let path = try await rig.bigIdea("放不下的想法", on: "B", kibibytes: 4096)
        try await rig.sync("B")
        let before = rig.files("D")
        let full = try await rig.run("D", "sync")
        #expect(full.status == 1, "\(full.status) \(full.stderr)")
        #expect(full.stderr.contains("the remote's changes need") && full.stderr.contains("Nothing was changed"), "\(full.stderr)")
        #expect(try rig.commits("HEAD", in: rig["D"].directory) == head)
        let unchanged = rig.files("D") == before
        #expect(unchanged, "the working tree changed")
        #expect(!FileManager.default.fileExists(atPath: rig["D"].directory.appendingPathComponent(path).path))
        #expect(!FileManager.default.fileExists(atPath: rig["D"].directory.appendingPathComponent(".folio/local/sync-update").path))
        let status =
            (try? JSONSerialization.jsonObject(with: Data(try await rig.run("D", "status", "--json").stdout.utf8))) as? [String: Any] ?? [:]
        #expect((status["changed"] as? [String])?.isEmpty == true, "\(status)")
        #expect(try await rig.run("D", "idea", "還能寫").status == 0)

        try disk.resize(to: "64m")
        try await rig.sync("D")
        #expect(try await rig.path(of: "放不下的想法", on: "D") != "")
        try await rig.sync("A")
        #expect(try await rig.path(of: "還能寫", on: "A") != "")
        try rig.fsck("D", "A")
    }
}
