import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `folio crypt init` and `crypt unlock` killed with SIGKILL at random moments: the files on disk
/// stay whole (plain, or as stored), git stays sound, and running the command again finishes the
/// job.
@Suite("Crash safety: crypt init and unlock killed at random moments", .serialized)
struct CryptInitCrashTests {
    @Test("every kill of crypt init leaves the plain files as they were, and a second crypt init encrypts them all")
    func randomKills() throws {
        let plan = FaultPlan.current
        let runs = max(1, plan.crashRuns / 2)
        print("crypt init faults: seed \(plan.seed), \(runs) runs (FOLIO_FAULT_SEED=\(plan.seed) FOLIO_FAULT_RUNS=\(runs * 2) reruns it)")
        var random = SeededRandom(seed: plan.seed)
        var killedMidway = 0
        var failures: [String] = []
        for run in 1...runs {
            let vault = try FaultVault("cryptInit\(run)")
            for n in 1...12 { try vault.require(vault.folio("idea", "想法 \(n)", "--desc", String(repeating: "第 \(n) 行。\n", count: 20))) }
            let photo = vault.scratch.path("photo-\(run).jpg")
            try Data(MediaFixtures.jpeg(seed: UInt8(run % 200))).write(to: photo)
            let diary = try #require(FaultVault.path(in: vault.require(vault.folio("new", "diary", "--title", "照片")).stdout))
            try vault.require(vault.folio("attach", diary, photo.path))
            let before = vault.recordFiles()

            let delay = UInt32.random(in: 0...200_000, using: &random)
            let child = try vault.spawn(["crypt", "init"])
            usleep(delay)
            if child.isRunning { killedMidway += 1 }
            child.kill9()

            var problems: [String] = []
            if vault.recordFiles() != before { problems.append("a record on disk changed") }
            if let bad = vault.fsck() { problems.append(bad) }
            let again = vault.folio("crypt", "init")
            if !again.ok { problems.append("crypt init again failed (\(again.status)): \(again.stderr)") }
            if vault.recordFiles() != before { problems.append("a record on disk changed after the second crypt init") }
            problems += unencrypted(vault)
            let listed = vault.listed()
            if listed.records.count != before.count - 1 || !listed.problems.isEmpty {
                problems.append("list shows \(listed.records.count) records of \(before.count - 1): \(listed.problems)")
            }
            let status = vault.git("status", "--porcelain", "--untracked-files=all").stdout.split(separator: "\n").filter {
                !FaultVault.isTemporary(String($0.dropFirst(3)))
            }
            if !status.isEmpty { problems.append("left uncommitted: \(status)") }
            if !problems.isEmpty { failures.append("run \(run) (killed after \(delay / 1000) ms): " + problems.joined(separator: "; ")) }
        }
        print("crypt init faults: \(runs) kills (\(killedMidway) mid-command), seed \(plan.seed)")
        #expect(failures.isEmpty, "seed \(plan.seed):\n\(failures.joined(separator: "\n"))")
    }

    @Test("every kill of crypt unlock on a clone made without the key leaves each file plain or as stored, and a second unlock finishes")
    func unlockKills() throws {
        let plan = FaultPlan.current
        let runs = max(1, plan.crashRuns / 2)
        print("crypt unlock faults: seed \(plan.seed), \(runs) runs (FOLIO_FAULT_SEED=\(plan.seed) FOLIO_FAULT_RUNS=\(runs * 2) reruns it)")
        var random = SeededRandom(seed: plan.seed)
        let vault = try FaultVault()
        for n in 1...40 { try vault.require(vault.folio("idea", "想法 \(n)", "--desc", String(repeating: "第 \(n) 行。\n", count: 20))) }
        try vault.require(vault.folio("crypt", "init"))
        try vault.require(vault.folio("sync"))
        let keyFile = vault.scratch.path("vault.key")
        try vault.require(vault.folio("crypt", "export-key", keyFile.path))
        let plain = vault.recordFiles()
        var killedMidway = 0
        var failures: [String] = []
        for run in 1...runs {
            let clone = vault.scratch.path("clone-\(run)")
            try vault.require(vault.run(FolioBinary.url.path, ["clone", vault.remote.path, clone.path], in: vault.scratch.url), "clone")
            let stored = FaultVault.recordFiles(in: clone)
            let delay = UInt32.random(in: 0...150_000, using: &random)
            var environment = vault.environment
            environment["PWD"] = clone.path
            let child = try ChildProcess(
                "/bin/sh", ["-c", "cd \"$0\" && exec \"$@\"", clone.path, FolioBinary.url.path, "crypt", "unlock", keyFile.path],
                environment: environment)
            usleep(delay)
            if child.isRunning { killedMidway += 1 }
            child.kill9()

            var problems: [String] = []
            for (path, data) in FaultVault.recordFiles(in: clone) where data != stored[path] && data != plain[path] {
                problems.append("\(path) is neither as stored nor plain")
            }
            if let bad = vault.fsck(clone) { problems.append(bad) }
            let again = vault.run(FolioBinary.url.path, ["crypt", "unlock", keyFile.path], in: clone)
            if !again.ok { problems.append("unlock again failed (\(again.status)): \(again.stderr)") }
            if FaultVault.recordFiles(in: clone) != plain { problems.append("after the second unlock the files are not the plain ones") }
            let status = vault.git("status", "--porcelain", "--untracked-files=all", in: clone).stdout
            if !status.isEmpty { problems.append("git status after unlock: \(status)") }
            if !problems.isEmpty { failures.append("run \(run) (killed after \(delay / 1000) ms): " + problems.joined(separator: "; ")) }
            try? FileManager.default.removeItem(at: clone)
        }
        print("crypt unlock faults: \(runs) kills (\(killedMidway) mid-command), seed \(plan.seed)")
        #expect(failures.isEmpty, "seed \(plan.seed):\n\(failures.joined(separator: "\n"))")
    }

    /// What `crypt status` finds stored in the clear that should not be, or why it could not say.
    private func unencrypted(_ vault: FaultVault) -> [String] {
        let status = vault.folio("crypt", "status", "--json")
        guard status.ok, let object = try? JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any],
            let files = object["files"] as? [[String: Any]]
        else { return ["crypt status failed (\(status.status)): \(status.stderr)"] }
        var problems: [String] = []
        if object["encryption"] as? String != "unlocked" { problems.append("crypt status says \(object["encryption"] ?? "nothing")") }
        let records = files.filter { ($0["path"] as? String).map { $0.hasSuffix(".md") && !$0.hasPrefix(".folio/") } == true }
        if records.count < 14 { problems.append("the last commit holds \(records.count) records") }
        for file in files where file["should_be_encrypted"] as? Bool == true && file["encrypted"] as? Bool != true {
            problems.append("\(file["path"] ?? "?") is committed in the clear")
        }
        if !files.contains(where: { ($0["path"] as? String)?.hasPrefix("media/") == true && $0["encrypted"] as? Bool == true }) {
            problems.append("no encrypted photo in the last commit")
        }
        return problems
    }
}
