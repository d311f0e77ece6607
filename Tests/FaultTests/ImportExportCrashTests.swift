import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `folio import`, the first `folio export html` and a later one after edits killed with SIGKILL
/// at random moments: the rerun finishes the work (every entry imported once and committed; the
/// site written, the same as a fresh export), git stays sound, and nothing is left uncommitted.
@Suite("Crash safety: import and export html killed at random moments", .serialized)
struct ImportExportCrashTests {
    /// jrnl's export with `count` entries, each with a few lines and a tag.
    static func jrnlExport(_ count: Int) -> String {
        let entries = (1...count).map { n in
            #"{"title": "entry \#(n)", "body": "\#(String(repeating: "line \(n) of the entry.\\n", count: 12))", "date": "2025-\#(String(format: "%02d", n % 12 + 1))-\#(String(format: "%02d", n % 28 + 1))", "time": "08:\#(String(format: "%02d", n % 60))", "tags": ["@trip\#(n % 5)"], "starred": false}"#
        }
        return #"{"tags": {}, "entries": ["# + entries.joined(separator: ",\n") + "]}"
    }

    /// How long `body` takes, in microseconds (at least one).
    static func microseconds(_ body: () throws -> Void) throws -> UInt32 {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return UInt32(clamping: max(1, (DispatchTime.now().uptimeNanoseconds - start) / 1_000))
    }

    @Test("every kill of an import: the rerun commits what the killed one wrote and imports the rest, each entry once")
    func importKills() throws {
        let plan = FaultPlan.current
        let runs = max(2, plan.crashRuns / 2)
        print("import faults: seed \(plan.seed), \(runs) runs (FOLIO_FAULT_SEED=\(plan.seed) FOLIO_FAULT_RUNS=\(runs * 2) reruns it)")
        var random = SeededRandom(seed: plan.seed)
        var killedMidway = 0
        var failures: [String] = []
        let entries = 300
        // Kills land anywhere in an import: the delay is drawn over how long a whole one takes here.
        let calibration = try FaultVault("importCalibration")
        let sample = calibration.scratch.path("jrnl.json")
        try Data(Self.jrnlExport(entries).utf8).write(to: sample)
        let whole = try Self.microseconds { try calibration.require(calibration.folio("import", "jrnl", sample.path)) }
        for run in 1...runs {
            let vault = try FaultVault("import\(run)")
            let export = vault.scratch.path("jrnl.json")
            try Data(Self.jrnlExport(entries).utf8).write(to: export)
            let before = vault.recordFiles().count
            let delay = UInt32.random(in: 0...whole, using: &random)
            let child = try vault.spawn(["import", "jrnl", export.path])
            usleep(delay)
            if child.isRunning { killedMidway += 1 }
            child.kill9()

            var problems: [String] = []
            let again = vault.folio("import", "jrnl", export.path)
            if !again.ok { problems.append("the rerun failed (\(again.status)): \(again.stderr)") }
            let listed = vault.listed()
            let imported = listed.records.values.filter { ($0["title"] as? String)?.hasPrefix("entry ") == true }
            if imported.count != entries { problems.append("\(imported.count) of \(entries) entries listed") }
            if vault.recordFiles().count != before + entries {
                problems.append("\(vault.recordFiles().count - before) files for \(entries) entries")
            }
            if !listed.problems.isEmpty { problems.append("list: \(listed.problems)") }
            let status = vault.git("status", "--porcelain", "--untracked-files=all").stdout.split(separator: "\n").filter {
                !FaultVault.isTemporary(String($0.dropFirst(3)))
            }
            if !status.isEmpty { problems.append("left uncommitted after the rerun: \(status.prefix(3)) (\(status.count))") }
            if let bad = vault.fsck() { problems.append(bad) }
            if !problems.isEmpty { failures.append("run \(run) (killed after \(delay / 1000) ms): " + problems.joined(separator: "; ")) }
        }
        print("import faults: \(runs) kills (\(killedMidway) mid-command), seed \(plan.seed)")
        #expect(failures.isEmpty, "seed \(plan.seed):\n\(failures.joined(separator: "\n"))")
    }

    @Test("every kill of a first export html: the rerun writes the site in the same folder, and a third export has nothing to do")
    func exportKills() throws {
        let plan = FaultPlan.current
        let runs = max(2, plan.crashRuns / 2)
        print("export faults: seed \(plan.seed), \(runs) runs (FOLIO_FAULT_SEED=\(plan.seed) FOLIO_FAULT_RUNS=\(runs * 2) reruns it)")
        var random = SeededRandom(seed: plan.seed)
        let vault = try FaultVault()
        let export = vault.scratch.path("jrnl.json")
        try Data(Self.jrnlExport(200).utf8).write(to: export)
        try vault.require(vault.folio("import", "jrnl", export.path))
        var killedMidway = 0
        var failures: [String] = []
        // The delay is drawn over how long a first export takes once the catalog is built (the first one builds it).
        try vault.require(vault.folio("export", "html", "--out", vault.scratch.path("site-warm").path))
        let whole = try Self.microseconds {
            try vault.require(vault.folio("export", "html", "--out", vault.scratch.path("site-whole").path))
        }
        for run in 1...runs {
            let site = vault.scratch.path("site-\(run)")
            let delay = UInt32.random(in: 0...whole, using: &random)
            let child = try vault.spawn(["export", "html", "--out", site.path])
            usleep(delay)
            if child.isRunning { killedMidway += 1 }
            child.kill9()

            var problems: [String] = []
            let again = vault.folio("export", "html", "--out", site.path)
            if !again.ok { problems.append("the rerun failed (\(again.status)): \(again.stderr)") }
            if !FileManager.default.fileExists(atPath: site.appendingPathComponent("index.html").path) { problems.append("no index.html") }
            let leftovers = (FileManager.default.enumerator(atPath: site.path)?.allObjects as? [String] ?? []).filter {
                ($0 as NSString).lastPathComponent.hasPrefix(".tmp-")
            }
            if !leftovers.isEmpty { problems.append("temporary files left: \(leftovers.prefix(3))") }
            let third = vault.folio("export", "html", "--out", site.path)
            if !third.ok || !third.stderr.contains(": 0 files written") { problems.append("a third export wrote again: \(third.stderr)") }
            if !problems.isEmpty { failures.append("run \(run) (killed after \(delay / 1000) ms): " + problems.joined(separator: "; ")) }
        }
        print("export faults: \(runs) kills (\(killedMidway) mid-command), seed \(plan.seed)")
        #expect(failures.isEmpty, "seed \(plan.seed):\n\(failures.joined(separator: "\n"))")
    }

    @Test("every kill of an export after edits: the rerun brings the site to what a fresh export writes, and a third has nothing to do")
    func incrementalExportKills() throws {
        let plan = FaultPlan.current
        let runs = max(2, plan.crashRuns / 4)
        print(
            "incremental export faults: seed \(plan.seed), \(runs) runs (FOLIO_FAULT_SEED=\(plan.seed) FOLIO_FAULT_RUNS=\(runs * 4) reruns it)"
        )
        let started = Date()
        var random = SeededRandom(seed: plan.seed)
        let vault = try FaultVault()
        let export = vault.scratch.path("jrnl.json")
        try Data(Self.jrnlExport(200).utf8).write(to: export)
        try vault.require(vault.folio("import", "jrnl", export.path))
        var entries = vault.listed().records.filter { ($0.value["title"] as? String)?.hasPrefix("entry ") == true }.keys.sorted()
        let site = vault.scratch.path("site")
        try vault.require(vault.folio("export", "html", "--out", site.path))
        var killedMidway = 0
        var bookkeepingDiffers = 0
        var failures: [String] = []
        for run in 1...runs {
            // Edits a later export must carry: a page retitled, a new idea, a page removed.
            let edited = entries[Int.random(in: 0..<entries.count, using: &random)]
            try vault.require(vault.folio("set", edited, "title=改過的第 \(run) 篇"), "set")
            try vault.require(vault.folio("idea", "新的想法 \(run)", "--tag", "trip\(run % 5)"), "idea")
            let removed = entries.remove(at: (run * 7) % entries.count)
            try vault.require(vault.folio("rm", removed, "--yes"), "rm")
            // The delay is drawn over how long this export takes whole, in a copy of the site.
            let probe = vault.scratch.path("probe-\(run)")
            try FileManager.default.copyItem(at: site, to: probe)
            let whole = try Self.microseconds { try vault.require(vault.folio("export", "html", "--out", probe.path)) }
            try FileManager.default.removeItem(at: probe)
            let delay = UInt32.random(in: 0...whole, using: &random)
            let child = try vault.spawn(["export", "html", "--out", site.path])
            usleep(delay)
            if child.isRunning { killedMidway += 1 }
            child.kill9()

            var problems: [String] = []
            let again = vault.folio("export", "html", "--out", site.path)
            if !again.ok { problems.append("the rerun failed (\(again.status)): \(again.stderr)") }
            let fresh = vault.scratch.path("fresh-\(run)")
            try vault.require(vault.folio("export", "html", "--out", fresh.path), "fresh export")
            // The site as a reader gets it; folio's own bookkeeping (`.folio-site/`) is compared
            // by the third export, which must find nothing to do.
            let (got, want) = (Self.files(in: site), Self.files(in: fresh))
            let differ = Set(got.keys).union(want.keys).filter { got[$0] != want[$0] }.sorted()
            let pages = differ.filter { !$0.hasPrefix(".folio-site/") }
            if !pages.isEmpty { problems.append("\(pages.count) files differ from a fresh export: \(pages.prefix(4))") }
            if differ.count > pages.count { bookkeepingDiffers += 1 }
            try? FileManager.default.removeItem(at: fresh)  // try?: only to keep the scratch folder small
            let third = vault.folio("export", "html", "--out", site.path)
            if !third.ok || !third.stderr.contains(": 0 files written") { problems.append("a third export wrote again: \(third.stderr)") }
            if !problems.isEmpty { failures.append("run \(run) (killed after \(delay / 1000) ms): " + problems.joined(separator: "; ")) }
        }
        print(
            "incremental export faults: \(runs) kills (\(killedMidway) mid-command; \(bookkeepingDiffers) left a manifest other than a fresh export's), seed \(plan.seed), \(Int(Date().timeIntervalSince(started))) s"
        )
        #expect(failures.isEmpty, "seed \(plan.seed):\n\(failures.joined(separator: "\n"))")
    }

    /// Every file under `folder` (temporary ones too), by relative path.
    static func files(in folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let walker = FileManager.default.enumerator(atPath: folder.path)
        while let path = walker?.nextObject() as? String {
            if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) { files[path] = data }
        }
        return files
    }
}
