import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// "A hand edit is never overwritten", raced: while folio runs a command that rewrites a file, a
/// second process saves that same file again and again the way editors do (the whole file written
/// to a temporary file beside it, then renamed over it), each save adding one numbered comment
/// line. Every save the editor made must still be in the file afterwards: a command that read the
/// file before a save and wrote after it would drop that save's line, and with it every line the
/// editor added earlier than that save but after folio's read.
@Suite("Hand edits raced: an editor's saves during folio's writes", .serialized)
struct HandEditRaceTests {
    /// A command that rewrites one file, and what it needs made first.
    enum Command: CaseIterable {
        case set, done, chat, summarize, attach, edit, configSet, resolveConflict, checkFixHardLink
    }

    /// The editor: saves `$1` by rename until `$2` exists, each save adding `# edit N` (after the
    /// opening `---` of a record, at the end of the settings), and writes N to `$3` after each.
    static let editor = """
        f="$1"; n=0
        while [ ! -e "$2" ]; do
          n=$((n+1))
          if [ "$4" = end ]; then { cat "$f"; printf '# edit %d\\n' "$n"; } > "$f.editor-save"
          else { head -n 1 "$f"; printf '# edit %d\\n' "$n"; tail -n +2 "$f"; } > "$f.editor-save"; fi
          mv -f "$f.editor-save" "$f" && printf '%d\\n' "$n" > "$3"
        done
        """

    @Test("every save an editor makes while folio rewrites the file stays in it")
    func editorSavesDuringWrites() throws {
        let plan = FaultPlan.current
        print("hand-edit races: \(plan.raceRuns) commands, seed \(plan.seed) (FOLIO_FAULT_RACES=\(plan.raceRuns) reruns it)")
        let started = Date()
        let scratch = try Scratch("hand-edit-race-tools")
        let editorScript = scratch.path("editor.sh")
        try Data(Self.editor.utf8).write(to: editorScript)
        // `folio edit`'s editor: adds a line to the draft's body.
        let visual = scratch.path("visual.sh")
        try Data("#!/bin/sh\nprintf 'edited in the editor\\n' >> \"$1\"\n".utf8).write(to: visual)
        chmod(visual.path, 0o755)
        let vault = try FaultVault(environment: ["VISUAL": visual.path])
        let idea = try #require(FaultVault.path(in: vault.require(vault.folio("idea", "被搶著改的想法")).stdout))
        let diary = try #require(
            FaultVault.path(in: vault.require(vault.folio("new", "diary", "--title", "雨天", "--field", "text=今天下雨。")).stdout))

        var random = SeededRandom(seed: plan.seed)
        var overwritten: [String] = []
        var saves = 0
        var refused = 0
        var byCommand: [Command: Int] = [:]
        for run in 1...plan.raceRuns {
            let command = Command.allCases.randomElement(using: &random) ?? .set
            byCommand[command, default: 0] += 1
            let (arguments, target) = try prepare(command, run: run, vault: vault, idea: idea, diary: diary)
            let file = vault.root.appendingPathComponent(target)
            let stop = scratch.path("stop")
            let count = scratch.path("count")
            try? FileManager.default.removeItem(at: stop)
            try? FileManager.default.removeItem(at: count)
            let writer = try ChildProcess(
                "/bin/sh", [editorScript.path, file.path, stop.path, count.path, target.hasSuffix(".yaml") ? "end" : "after-first-line"],
                environment: vault.environment)
            // The editor has saved once before folio starts, and goes on saving while it runs.
            while !FileManager.default.fileExists(atPath: count.path) && writer.isRunning { usleep(500) }
            let outcome = vault.folio(arguments)
            try Data().write(to: stop)
            _ = writer.wait(timeout: 30)
            if outcome.stderr.contains("another program") { refused += 1 }

            let made = Int((try? String(contentsOf: count, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
            saves += made
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            let lines = Set(text.split(separator: "\n").map(String.init))
            let lost = (1...max(1, made)).filter { made > 0 && !lines.contains("# edit \($0)") }
            if !lost.isEmpty {
                overwritten.append(
                    "run \(run) (\(arguments.joined(separator: " "))): saves \(lost) of \(made) lost; exit \(outcome.status)")
            }
            // The next run starts from a file without this run's lines, so its numbers mean its own saves.
            let cleaned = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("# edit ") }
            try Data(cleaned.joined(separator: "\n").utf8).write(to: file)
            _ = vault.folio("commit", "-m", "race \(run)")
        }
        let seconds = Int(Date().timeIntervalSince(started))
        print(
            "hand-edit races: \(plan.raceRuns) commands (\(byCommand.sorted { "\($0.key)" < "\($1.key)" }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))), \(saves) editor saves during them, \(refused) commands refused (the editor saved after folio read), saves overwritten: \(overwritten.count) runs, \(seconds) s"
        )
        #expect(overwritten.isEmpty, "seed \(plan.seed):\n\(overwritten.joined(separator: "\n"))")
    }

    /// Makes what `command` needs and gives its arguments and the file (vault-relative) it rewrites.
    func prepare(_ command: Command, run: Int, vault: FaultVault, idea: String, diary: String) throws -> ([String], String) {
        switch command {
        case .set:
            return (["set", idea, "description=第 \(run) 次", "--extra"], idea)
        case .done:
            return ([run % 2 == 0 ? "done" : "undone", idea], idea)
        case .chat:
            return (["chat", diary, "-m", "第 \(run) 句話"], diary)
        case .summarize:
            return (["summarize", diary], diary)
        case .attach:
            let photo = vault.scratch.path("photo-\(run).jpg")
            try Data(MediaFixtures.jpeg(padding: 64 + run, seed: UInt8(truncatingIfNeeded: run))).write(to: photo)
            return (["attach", idea, photo.path], idea)
        case .edit:
            return (["edit", idea], idea)
        case .configSet:
            return (["config", "set", "sync.interval", String(10 + run % 50)], ".folio/config.yaml")
        case .resolveConflict:
            // A conflict copy as sync keeps one; keeping both appends its body to the record.
            let copy = (idea as NSString).deletingPathExtension + ".conflict-laptop-20261122-1000\(String(format: "%02d", run % 60)).md"
            let text = try #require(String(data: try Data(contentsOf: vault.root.appendingPathComponent(idea)), encoding: .utf8))
            try vault.write(copy, text + "另一台裝置寫的第 \(run) 行\n")
            return (["conflicts", "resolve", copy, "--keep", "both"], idea)
        case .checkFixHardLink:
            // A second name outside the vault: check --fix gives the record a copy of its own.
            let outside = vault.scratch.path("outside-\(run).md")
            try? FileManager.default.removeItem(at: outside)
            link(vault.root.appendingPathComponent(idea).path, outside.path)
            return (["check", "--fix", "--yes", "--quick"], idea)
        }
    }
}
