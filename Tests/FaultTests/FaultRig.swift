import FolioCore
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// How big a fault run is: the short form in `make test`, the full form under `make faults`
/// (`FOLIO_FAULTS=full`); `FOLIO_FAULT_RUNS`, `FOLIO_FAULT_WORKERS`, `FOLIO_FAULT_OPS` and
/// `FOLIO_FAULT_SEED` override the numbers, so a failure can be rerun exactly.
struct FaultPlan: Sendable {
    let full: Bool
    let seed: UInt64
    let crashRuns: Int
    let workers: Int
    let operations: Int
    /// Commands run while another program saves the file they rewrite (``HandEditRaceTests``).
    let raceRuns: Int

    static var current: FaultPlan {
        let environment = ProcessInfo.processInfo.environment
        let full = environment["FOLIO_FAULTS"] == "full"
        func number(_ key: String, _ short: Int, _ long: Int) -> Int {
            environment[key].flatMap(Int.init) ?? (full ? long : short)
        }
        let seed = environment["FOLIO_FAULT_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...999_999)
        return FaultPlan(
            full: full, seed: seed, crashRuns: number("FOLIO_FAULT_RUNS", 20, 200),
            workers: number("FOLIO_FAULT_WORKERS", 4, 8), operations: number("FOLIO_FAULT_OPS", 10, 50),
            raceRuns: number("FOLIO_FAULT_RACES", 30, 1000))
    }
}

/// SplitMix64 (FolioCore's): the same seed gives the same run.
typealias SeededRandom = SplitMix64

/// A vault with a bare remote in a folder, driven through the real `folio` and `git`.
final class FaultVault: @unchecked Sendable {
    struct Outcome: Sendable {
        var status: Int32
        var stdout: String
        var stderr: String
        var ok: Bool { status == 0 }
    }

    let scratch: Scratch
    let root: URL
    let remote: URL
    let environment: [String: String]
    let gitPath: String

    /// `extra`: more environment for every folio and git run (an `EDITOR`).
    init(_ name: String = #function, environment extra: [String: String] = [:]) throws {
        scratch = try Scratch(name)
        root = scratch.path("vault")
        remote = scratch.path("remote.git")
        gitPath = try Tool.find("git", package: "git")
        var environment = Tool.environment(home: scratch.url)
        environment["NO_COLOR"] = "1"
        environment["TZ"] = "Asia/Taipei"
        environment["FOLIO_DEVICE"] = "fault"
        environment["LANG"] = "C.UTF-8"
        environment.merge(extra) { _, given in given }
        self.environment = environment
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Tool.run(gitPath, ["init", "-q", "--bare", "-b", "main", remote.path], in: scratch.url, environment: environment)
        try require(folio("init", ".", "--name", "林小雨", "--language", "en"))
        try require(folio("kinds", "add", "baby-tracker"))
        try require(folio("config", "set", "sync.remote", remote.path))
        try require(folio("sync"))
    }

    @discardableResult
    func require(_ outcome: Outcome, _ what: String = "") throws -> Outcome {
        guard outcome.ok else { throw HarnessError(description: "\(what) failed (\(outcome.status)): \(outcome.stderr)") }
        return outcome
    }

    func folio(_ arguments: String...) -> Outcome { run(FolioBinary.url.path, arguments) }
    func folio(_ arguments: [String]) -> Outcome { run(FolioBinary.url.path, arguments) }
    func git(_ arguments: String..., in directory: URL? = nil) -> Outcome {
        run(gitPath, ["-c", "core.quotepath=off"] + arguments, in: directory)
    }

    /// Runs a program to its end in the vault (or `directory`), with separate stdout and stderr.
    func run(_ executable: String, _ arguments: [String], in directory: URL? = nil) -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? root
        process.environment = environment
        do {
            let ended = try process.runToEnd()
            return Outcome(status: ended.status, stdout: ended.output, stderr: ended.errors)
        } catch {
            return Outcome(status: -1, stdout: "", stderr: "\(error)")
        }
    }

    /// Starts `folio arguments` in its own process group, output discarded, for killing.
    func spawn(_ arguments: [String]) throws -> ChildProcess {
        var environment = environment
        environment["PWD"] = root.path
        return try ChildProcess(
            "/bin/sh", ["-c", "cd \"$0\" && exec \"$@\"", root.path, FolioBinary.url.path] + arguments,
            environment: environment)
    }

    /// The records folio lists, by path; `problems` holds its warnings (files it could not read).
    func listed() -> (records: [String: [String: Any]], problems: [String]) {
        let fallback = folio("list", "--json")
        var records: [String: [String: Any]] = [:]
        if let array = (try? JSONSerialization.jsonObject(with: Data(fallback.stdout.utf8))) as? [[String: Any]] {
            for record in array { if let path = record["path"] as? String { records[path] = record } }
        }
        let problems = fallback.stderr.split(separator: "\n").map(String.init)
            .filter { !$0.isEmpty && !$0.contains("removed the lock") }
        return (records, fallback.ok ? problems : problems + ["list exited \(fallback.status)"])
    }

    /// Every `.md` file in the vault outside `.git` and `.folio`, by relative path.
    func recordFiles() -> [String: Data] { Self.recordFiles(in: root) }

    /// The `.md` files of the vault at `root`, outside `.git` and `.folio`, by path.
    static func recordFiles(in root: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let walker = FileManager.default.enumerator(atPath: root.path)
        while let path = walker?.nextObject() as? String {
            if path == ".git" || path == ".folio" {
                walker?.skipDescendants()
                continue
            }
            guard path.hasSuffix(".md"), let data = FileManager.default.contents(atPath: root.appendingPathComponent(path).path)
            else { continue }
            files[path] = data
        }
        return files
    }

    /// folio's temporary files on disk (`.name.tmp-…`, `media/.import-…`), which a kill may leave.
    func temporaryFiles() -> [String] {
        var found: [String] = []
        let walker = FileManager.default.enumerator(atPath: root.path)
        while let path = walker?.nextObject() as? String {
            if path == ".git" || path == ".folio" {
                walker?.skipDescendants()
                continue
            }
            if Self.isTemporary(path) { found.append(path) }
        }
        return found
    }

    /// Whether `path` names one of folio's temporary files.
    static func isTemporary(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        return (name.hasPrefix(".") && name.contains(".tmp-")) || name.hasPrefix(".import-")
    }

    /// What is wrong with the repository at `directory` by `git fsck --full`, or nil when clean.
    func fsck(_ directory: URL? = nil) -> String? {
        let outcome = git("fsck", "--full", "--no-progress", in: directory)
        let bad = outcome.stderr.split(separator: "\n").filter { !$0.hasPrefix("dangling") && !$0.hasPrefix("Checking") && !$0.isEmpty }
        return outcome.ok && bad.isEmpty ? nil : "git fsck \(directory?.lastPathComponent ?? "vault"): \(outcome.status) \(outcome.stderr)"
    }

    /// The id a record listed at `path` has, for naming it on the command line.
    func id(of path: String) -> String? {
        listed().records[path]?["id"] as? String
    }

    /// The vault path folio printed for a record it wrote (`added idea "x": ideas/…/x.md`).
    static func path(in output: String) -> String? {
        for line in output.split(separator: "\n") {
            if let range = line.range(of: ": ", options: .backwards), line.hasSuffix(".md") {
                return String(line[range.upperBound...])
            }
        }
        return nil
    }

    func write(_ relative: String, _ text: String) throws {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}

/// Lines in `data`.
func lineCount(_ data: Data) -> Int { data.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } }
