import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// folio killed with SIGKILL at random moments: what was committed stays, nothing is half
/// written, git stays sound, and the next command works.
@Suite("Crash safety: SIGKILL at random moments", .serialized)
struct CrashTests {
    enum Operation: CaseIterable {
        case new, set, removeCascade, attach, sync, summarize
    }

    /// One command to kill, with what it may change.
    struct Victim {
        var operation: Operation
        var arguments: [String]
        /// Records the command may rewrite (or, for rm, remove).
        var touches: Set<String>
    }

    @Test("every kill leaves the vault whole and the next command working")
    func randomKills() throws {
        let plan = FaultPlan.current
        print(
            "crash faults: seed \(plan.seed), \(plan.crashRuns) runs (FOLIO_FAULT_SEED=\(plan.seed) FOLIO_FAULT_RUNS=\(plan.crashRuns) reruns it)"
        )
        let started = Date()
        var random = SeededRandom(seed: plan.seed)
        let vault = try FaultVault()
        let idea = try #require(FaultVault.path(in: vault.require(vault.folio("idea", "固定的想法")).stdout))
        let diary = try #require(
            FaultVault.path(
                in: vault.require(
                    vault.folio("new", "diary", "--title", "雨天", "--field", "text=今天下雨，走路回家。路上買了熱豆漿。")
                ).stdout))
        var killedMidway = 0
        var recordsLost = 0
        var linesLost = 0
        var locksRecovered = 0
        var temporariesLeft = Set<String>()
        var failures: [String] = []
        for run in 1...plan.crashRuns {
            let operation = Operation.allCases.randomElement(using: &random) ?? .new
            let victim = try prepare(operation, run: run, vault: vault, idea: idea, diary: diary)
            let before = vault.recordFiles()
            let delay = UInt32.random(in: 0...(operation == .sync ? 150_000 : 60_000), using: &random)
            let child = try vault.spawn(victim.arguments)
            usleep(delay)
            if child.isRunning { killedMidway += 1 }
            child.kill9()

            var problems: [String] = []
            let after = vault.recordFiles()
            for (path, data) in before {
                if victim.touches.contains(path) {
                    if after[path] == nil && operation != .removeCascade {
                        recordsLost += 1
                        problems.append("\(path) vanished")
                    }
                } else if after[path] != data {
                    if after[path] == nil { recordsLost += 1 }
                    linesLost += max(0, lineCount(data) - (after[path].map(lineCount) ?? 0))
                    problems.append("\(path) changed though \(operation) never touches it")
                }
            }
            let listing = vault.listed()
            problems += listing.problems.map { "list: " + $0 }
            for path in after.keys where path != "profile.md" && listing.records[path] == nil {
                problems.append("\(path) is not listed (half written?)")
            }
            let tracked = vault.git("ls-files").stdout.split(separator: "\n")
            problems += tracked.filter { FaultVault.isTemporary(String($0)) }.map { "temporary file committed: \($0)" }
            if let bad = vault.fsck() { problems.append(bad) }
            if let bad = vault.fsck(vault.remote) { problems.append(bad) }

            temporariesLeft.formUnion(vault.temporaryFiles())
            let next = vault.folio("idea", "之後 \(run)")
            if next.stderr.contains("removed the lock") { locksRecovered += 1 }
            if !next.ok || next.stderr.contains("not committed") {
                problems.append("the next command failed (\(next.status)): \(next.stderr)")
            }
            let commit = vault.folio("commit")
            if !commit.ok { problems.append("folio commit failed (\(commit.status)): \(commit.stderr)") }
            let status = vault.git("status", "--porcelain", "--untracked-files=all").stdout.split(separator: "\n").filter {
                !FaultVault.isTemporary(String($0.dropFirst(3)))
            }
            if !status.isEmpty { problems.append("left uncommitted after folio commit: \(status)") }
            if !problems.isEmpty {
                failures.append("run \(run) (\(operation), killed after \(delay / 1000) ms): " + problems.joined(separator: "; "))
            }
        }
        let seconds = Int(Date().timeIntervalSince(started))
        print(
            "crash faults: \(plan.crashRuns) kills (\(killedMidway) mid-command), seed \(plan.seed), git locks a killed folio left and the next command removed: \(locksRecovered), temporary files left (never committed): \(temporariesLeft.count), records lost: \(recordsLost), lines lost: \(linesLost), \(seconds) s"
        )
        #expect(failures.isEmpty, "seed \(plan.seed):\n\(failures.joined(separator: "\n"))")
        #expect(recordsLost == 0 && linesLost == 0)
    }

    /// Sets up what `operation` needs (not killed) and names the command to kill.
    func prepare(_ operation: Operation, run: Int, vault: FaultVault, idea: String, diary: String) throws -> Victim {
        switch operation {
        case .new:
            return Victim(operation: operation, arguments: ["new", "idea", "--title", "想法 \(run)", "--tag", "crash"], touches: [])
        case .set:
            return Victim(operation: operation, arguments: ["set", idea, "description=第 \(run) 次", "--extra"], touches: [idea])
        case .removeCascade:
            let baby = try #require(
                FaultVault.path(
                    in: vault.require(
                        vault.folio("new", "baby", "--title", "寶寶\(run)", "--field", "name=寶寶\(run)")
                    ).stdout))
            let sleep = try #require(
                FaultVault.path(
                    in: vault.require(
                        vault.folio("new", "sleep", "--parent", baby, "--field", "start=2026-11-22T20:30")
                    ).stdout))
            let nap = try #require(
                FaultVault.path(
                    in: vault.require(
                        vault.folio("new", "activity", "--parent", baby, "--field", "activity=feeding", "--field", "start=2026-11-22T21:00")
                    ).stdout))
            return Victim(operation: operation, arguments: ["rm", baby, "--yes"], touches: [baby, sleep, nap])
        case .attach:
            let photo = vault.scratch.path("photo-\(run).jpg")
            try Data(MediaFixtures.jpeg(padding: 64 + run, seed: UInt8(truncatingIfNeeded: run))).write(to: photo)
            return Victim(operation: operation, arguments: ["attach", idea, photo.path], touches: [idea])
        case .sync:
            try vault.require(vault.folio("idea", "待同步 \(run)"))
            return Victim(operation: operation, arguments: ["sync"], touches: [])
        case .summarize:
            return Victim(operation: operation, arguments: ["summarize", diary], touches: [diary])
        }
    }
}
