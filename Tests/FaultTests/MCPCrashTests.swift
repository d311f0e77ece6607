import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `folio mcp --allow-write` (stdio, the real binary) killed with SIGKILL at a random moment of a
/// write tool call: the record is either whole or as it was (absent, for a new one), never half
/// written; every other record is untouched, git stays sound, and the next call works. A call
/// killed between its write and its commit leaves the whole record uncommitted, as a CLI write
/// does (``CrashTests``): counted, and `folio commit` commits it.
@Suite("Crash safety: folio mcp killed during a write tool call", .serialized)
struct MCPCrashTests {
    enum Tool: CaseIterable {
        case newRecord, setFields, appendConversation
    }

    static let initialize =
        #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"fault-rig","version":"1"}}}"#

    /// The lines a client sends for one call of `tool` with `arguments` (JSON text).
    static func session(_ tool: String, _ arguments: String) -> String {
        [
            initialize, #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"\#(tool)","arguments":\#(arguments)}}"#,
        ].joined(separator: "\n") + "\n"
    }

    /// A JSON string literal of `text`.
    static func quoted(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text])) ?? Data("[\"\"]".utf8)
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }

    /// The body a new record of run `run` carries: its first and last lines tell a whole one.
    static func body(_ run: Int) -> String {
        (["開頭 \(run)"] + (1...40).map { "第 \($0) 行，助理寫下的一段話。" } + ["結尾 \(run)"]).joined(separator: "\n")
    }

    /// The call of `tool` in run `run`, as the stdin of one `folio mcp` session.
    static func call(_ tool: Tool, run: Int, diary: String) -> String {
        switch tool {
        case .newRecord:
            return session(
                "new_record",
                #"{"kind":"idea","title":"助理的想法 \#(run)","tags":["mcp"],"body":\#(quoted(body(run)))}"#)
        case .setFields:
            return session(
                "set_fields",
                #"{"id":\#(quoted(diary)),"fields":{"title":"改名 \#(run)","text":"第 \#(run) 次的文字","starred":true}}"#)
        case .appendConversation:
            return session("append_conversation", #"{"id":\#(quoted(diary)),"text":"助理記下第 \#(run) 句。"}"#)
        }
    }

    @Test("every kill of a write call: the record is whole or as it was, never half written; the next call works")
    func writeKills() throws {
        let plan = FaultPlan.current
        let runs = max(3, plan.crashRuns / 4)
        print("mcp faults: seed \(plan.seed), \(runs) runs (FOLIO_FAULT_SEED=\(plan.seed) FOLIO_FAULT_RUNS=\(runs * 4) reruns it)")
        let started = Date()
        var random = SeededRandom(seed: plan.seed)
        let vault = try FaultVault()
        try vault.require(vault.folio("idea", "固定的想法"))
        let diaryPath = try #require(
            FaultVault.path(in: vault.require(vault.folio("new", "diary", "--title", "雨天", "--field", "text=今天下雨。")).stdout))
        let diary = try #require(vault.id(of: diaryPath))

        // Kills land in the call: the delay is drawn between how long a session takes to answer
        // a read (folio-mcp started, the vault open) and how long one with a whole write takes.
        // (Each the quickest of three: other tests share the machine.)
        let ready =
            try (1...3).map { _ in
                try ImportExportCrashTests.microseconds {
                    _ = try Self.run(
                        vault, Self.initialize + "\n" + #"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"# + "\n", name: "ready")
                }
            }.min() ?? 0
        let whole =
            try (1...3).map { attempt in
                try ImportExportCrashTests.microseconds {
                    let answer = try Self.run(
                        vault, Self.session("new_record", #"{"kind":"idea","title":"量時間 \#(attempt)"}"#), name: "calibration")
                    guard !answer.contains("\"isError\":true"), answer.contains("\"id\":2") else {
                        throw HarnessError(description: "the timing call failed: \(answer)")
                    }
                }
            }.min() ?? 0
        var killedMidway = 0
        var written = 0
        var uncommitted = 0
        var failures: [String] = []
        for run in 1...runs {
            let tool = Tool.allCases.randomElement(using: &random) ?? .newRecord
            let before = vault.recordFiles()
            let input = vault.scratch.path("mcp-\(run).jsonl")
            try Data(Self.call(tool, run: run, diary: diary).utf8).write(to: input)
            let delay = UInt32.random(in: min(ready * 4 / 5, whole / 2)...(whole + whole / 4), using: &random)
            let child = try vault.spawnReading(input, ["mcp", "--allow-write"])
            usleep(delay)
            if child.isRunning { killedMidway += 1 }
            child.kill9()

            var problems: [String] = []
            let after = vault.recordFiles()
            let target = tool == .newRecord ? nil : diaryPath
            for (path, data) in before where path != target && after[path] != data {
                problems.append("\(path) changed though the call never touches it")
            }
            let listing = vault.listed()
            problems += listing.problems.map { "list: " + $0 }
            for path in after.keys where path != "profile.md" && listing.records[path] == nil {
                problems.append("\(path) is not listed (half written?)")
            }
            var changed: [String] = []
            switch tool {
            case .newRecord:
                let made = after.keys.filter { before[$0] == nil }
                if made.count > 1 { problems.append("\(made.count) records for one call: \(made)") }
                changed = made
                for path in made {
                    let text = String(decoding: after[path] ?? Data(), as: UTF8.self)
                    let record = listing.records[path]
                    if record?["title"] as? String != "助理的想法 \(run)" || !text.contains("開頭 \(run)\n") || !text.contains("結尾 \(run)") {
                        problems.append("\(path) is half written: \(text.prefix(200))")
                    }
                }
            case .setFields:
                if after[diaryPath] != before[diaryPath] {
                    changed = [diaryPath]
                    let record = listing.records[diaryPath]
                    if record?["title"] as? String != "改名 \(run)" || record?["text"] as? String != "第 \(run) 次的文字"
                        || record?["starred"] as? Bool != true
                    {
                        problems.append("\(diaryPath) has some of the keys set: \(String(describing: record))")
                    }
                }
            case .appendConversation:
                if after[diaryPath] != before[diaryPath] {
                    changed = [diaryPath]
                    let old = String(decoding: before[diaryPath] ?? Data(), as: UTF8.self)
                    let text = String(decoding: after[diaryPath] ?? Data(), as: UTF8.self)
                    let body = old.components(separatedBy: "\n---\n").dropFirst().joined(separator: "\n---\n")
                    if !text.contains("助理記下第 \(run) 句。") || !text.contains(body) {
                        problems.append("\(diaryPath) holds half an append: \(text.suffix(300))")
                    }
                }
            }
            if !changed.isEmpty { written += 1 }
            // Killed between its write and its commit, a call leaves its record whole and
            // uncommitted (as a CLI write does): counted, and `folio commit` must take it.
            let status = vault.git("status", "--porcelain", "--untracked-files=all").stdout.split(separator: "\n").map {
                String($0.dropFirst(3))
            }.filter { !FaultVault.isTemporary($0) }
            if !status.isEmpty { uncommitted += 1 }
            let strays = status.filter { !changed.contains($0) }
            if !strays.isEmpty { problems.append("uncommitted files the call never wrote: \(strays)") }
            let tracked = vault.git("ls-files").stdout.split(separator: "\n")
            problems += tracked.filter { FaultVault.isTemporary(String($0)) }.map { "temporary file committed: \($0)" }
            if let bad = vault.fsck() { problems.append(bad) }

            let next = try Self.run(vault, Self.session("new_record", #"{"kind":"idea","title":"之後 \#(run)"}"#), name: "next-\(run)")
            if next.contains("\"isError\":true") || !next.contains("\"id\":2") {
                problems.append("the next call failed: \(next.suffix(400))")
            }
            let commit = vault.folio("commit")
            if !commit.ok { problems.append("folio commit failed (\(commit.status)): \(commit.stderr)") }
            let clean = vault.git("status", "--porcelain", "--untracked-files=all").stdout.split(separator: "\n").filter {
                !FaultVault.isTemporary(String($0.dropFirst(3)))
            }
            if !clean.isEmpty { problems.append("left uncommitted after folio commit: \(clean)") }
            if !problems.isEmpty {
                failures.append("run \(run) (\(tool), killed after \(delay / 1000) ms): " + problems.joined(separator: "; "))
            }
        }
        let seconds = Int(Date().timeIntervalSince(started))
        print(
            "mcp faults: \(runs) kills (\(killedMidway) mid-call; a session answers a read after \(ready / 1000) ms, a write after \(whole / 1000) ms), \(written) calls whole (\(uncommitted) of them killed before their commit, which folio commit made), the rest as before, seed \(plan.seed), \(seconds) s"
        )
        #expect(failures.isEmpty, "seed \(plan.seed):\n\(failures.joined(separator: "\n"))")
    }

    /// One whole `folio mcp --allow-write` session reading `input`; what it answered.
    static func run(_ vault: FaultVault, _ input: String, name: String) throws -> String {
        let file = vault.scratch.path("mcp-\(name).jsonl")
        try Data(input.utf8).write(to: file)
        let outcome = vault.run(
            "/bin/sh", ["-c", "exec \"$0\" mcp --allow-write < \"$1\"", FolioBinary.url.path, file.path])
        guard outcome.ok else { throw HarnessError(description: "folio mcp exited \(outcome.status): \(outcome.stderr)") }
        return outcome.stdout
    }
}

extension FaultVault {
    /// Starts `folio arguments` with `input` as its standard input, in its own process group,
    /// output discarded, for killing.
    func spawnReading(_ input: URL, _ arguments: [String]) throws -> ChildProcess {
        var environment = environment
        environment["PWD"] = root.path
        return try ChildProcess(
            "/bin/sh",
            ["-c", "cd \"$0\" && input=\"$1\" && shift && exec \"$@\" < \"$input\"", root.path, input.path, FolioBinary.url.path]
                + arguments,
            environment: environment)
    }
}
