import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Several folio processes and the git CLI in one vault at once, all syncing with one remote:
/// nothing a successful operation did is lost, and every file stays whole.
@Suite("Concurrency: many writers and git in one vault", .serialized)
struct ConcurrencyTests {
    /// What one successful operation must leave behind.
    enum Effect: Sendable {
        case created(worker: Int, path: String)
        case removed(path: String)
        case described(String)
        case attached(path: String, sha: String)
        case synced
        case handLine(String)
        case pulled
    }

    struct Entry: Sendable {
        var worker: Int
        var step: Int
        var what: String
        var status: Int32
        var effect: Effect?
        var message: String
    }

    @Test("workers × operations at once with git commit and git pull beside them")
    func manyWriters() throws {
        let plan = FaultPlan.current
        print(
            "concurrency faults: seed \(plan.seed), \(plan.workers) workers × \(plan.operations) operations + the git CLI (FOLIO_FAULT_SEED=\(plan.seed) FOLIO_FAULT_WORKERS=\(plan.workers) FOLIO_FAULT_OPS=\(plan.operations) reruns it)"
        )
        let started = Date()
        let vault = try FaultVault()
        let shared = try #require(FaultVault.path(in: vault.require(vault.folio("idea", "大家一起改")).stdout))
        try vault.write("hand.md", "---\ntitle: 手寫的紀錄\n---\n")
        try vault.require(vault.git("add", "hand.md"))
        try vault.require(vault.git("commit", "-q", "-m", "hand"))
        try vault.require(vault.folio("sync"))
        let log = Locked<[Entry]>([])
        let handLock = NSLock()

        DispatchQueue.concurrentPerform(iterations: plan.workers + 1) { worker in
            var random = SeededRandom(seed: plan.seed &+ UInt64(worker) &* 7919)
            if worker == plan.workers {
                // The git CLI: hand edits committed with git commit, and git pull, between folio's writes.
                for step in 0..<plan.operations {
                    if step % 5 == 4 {
                        let pull = vault.git("pull", "-q", "--no-rebase", "--no-edit", "origin", "main")
                        log.withValue {
                            $0.append(
                                Entry(
                                    worker: worker, step: step, what: "git pull", status: pull.status, effect: pull.ok ? .pulled : nil,
                                    message: pull.stderr))
                        }
                        continue
                    }
                    let line = "手寫第 \(step) 行"
                    handLock.lock()
                    let url = vault.root.appendingPathComponent("hand.md")
                    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
                    try? Data((text + line + "\n").utf8).write(to: url)
                    let commit = vault.git("commit", "-q", "-m", "hand \(step)", "hand.md")
                    handLock.unlock()
                    log.withValue {
                        $0.append(
                            Entry(
                                worker: worker, step: step, what: "git commit", status: commit.status,
                                effect: commit.ok ? .handLine(line) : nil, message: commit.stderr))
                    }
                    usleep(UInt32.random(in: 0...20_000, using: &random))
                }
                return
            }
            var mine: [String] = []
            for step in 0..<plan.operations {
                let choice = Int.random(in: 0..<10, using: &random)
                var arguments: [String]
                var effect: Effect?
                var photoSHA: String?
                switch choice {
                case 0...2:
                    arguments = ["idea", "工人\(worker) 第\(step)則"]
                case 3...4:
                    arguments = ["set", shared, "description=工人\(worker) 第\(step)次", "--extra"]
                    effect = .described("工人\(worker) 第\(step)次")
                case 5:
                    guard let victim = mine.first else {
                        arguments = ["idea", "工人\(worker) 第\(step)則"]
                        break
                    }
                    arguments = ["rm", victim, "--yes"]
                    effect = .removed(path: victim)
                case 6...7:
                    guard let target = mine.last else {
                        arguments = ["idea", "工人\(worker) 第\(step)則"]
                        break
                    }
                    let photo = vault.scratch.path("w\(worker)-\(step).jpg")
                    let bytes = MediaFixtures.jpeg(padding: 100 + worker * 1000 + step, seed: UInt8(truncatingIfNeeded: step))
                    try? Data(bytes).write(to: photo)
                    photoSHA = (try? Tool.run("/usr/bin/sha256sum", [photo.path]))?.split(separator: " ").first.map(String.init)
                    arguments = ["attach", target, photo.path]
                default:
                    arguments = ["sync"]
                    effect = .synced
                }
                let outcome = vault.folio(arguments)
                // A change written but not committed (git held its lock past git.lock_wait) is on
                // disk, as the message says; the next commit or sync takes it in.
                let applied = outcome.ok || outcome.stderr.contains("the change is saved but not committed")
                if applied {
                    if arguments[0] == "idea", let path = FaultVault.path(in: outcome.stdout) {
                        effect = .created(worker: worker, path: path)
                        mine.append(path)
                    } else if arguments[0] == "rm" {
                        mine.removeFirst()
                    } else if arguments[0] == "attach", let sha = photoSHA, let target = mine.last {
                        effect = .attached(path: target, sha: sha)
                    }
                }
                let entry = Entry(
                    worker: worker, step: step, what: arguments.joined(separator: " "), status: outcome.status,
                    effect: applied ? effect : nil, message: outcome.stderr)
                log.withValue { $0.append(entry) }
            }
        }

        // Settle: one last sync, then compare the vault with the log.
        let settle = vault.folio("sync")
        var problems: [String] = []
        if !settle.ok { problems.append("the final sync failed: \(settle.stderr)") }
        let entries = log.current
        let files = vault.recordFiles()
        let listing = vault.listed()
        problems += listing.problems.map { "list: " + $0 }
        for path in files.keys where path != "profile.md" && path != "hand.md" && listing.records[path] == nil {
            problems.append("\(path) is not listed (unparsable?)")
        }
        let removed = Set(entries.compactMap { if case .removed(let path)? = $0.effect { path } else { nil } })
        var recordsLost = 0
        var linesLost = 0
        var descriptions: [String] = []
        for entry in entries {
            switch entry.effect {
            case .created(_, let path)?:
                if !removed.contains(path) && files[path] == nil {
                    recordsLost += 1
                    problems.append("lost \(path) (\(entry.what))")
                }
            case .removed(let path)?:
                if files[path] != nil { problems.append("\(path) came back after rm") }
            case .described(let text)?:
                descriptions.append(text)
            case .attached(let path, let sha)?:
                if let data = files[path], !String(decoding: data, as: UTF8.self).contains(sha) {
                    problems.append("\(path) lost the photo \(sha.prefix(8)) (\(entry.what))")
                }
                let media = vault.git("ls-files", "media").stdout
                if !media.contains(sha) { problems.append("media \(sha.prefix(8)) is not committed") }
            case .handLine(let line)?:
                let text = files["hand.md"].map { String(decoding: $0, as: UTF8.self) } ?? ""
                if !text.contains(line) {
                    linesLost += 1
                    problems.append("hand.md lost \(line)")
                }
                let committed = vault.git("show", "HEAD:hand.md").stdout
                if !committed.contains(line) { problems.append("\(line) is not in the last commit of hand.md") }
            default:
                break
            }
        }
        if let text = files[shared].map({ String(decoding: $0, as: UTF8.self) }), !descriptions.isEmpty,
            !descriptions.contains(where: { text.contains("description: \($0)") })
        {
            problems.append("\(shared) holds none of the descriptions set")
        }
        if files[shared] == nil { problems.append("\(shared) vanished") }
        let status = vault.git("status", "--porcelain", "--untracked-files=all").stdout.split(separator: "\n").filter {
            !FaultVault.isTemporary(String($0.dropFirst(3)))
        }
        if !status.isEmpty { problems.append("uncommitted after the final sync: \(status)") }
        if let bad = vault.fsck() { problems.append(bad) }
        if let bad = vault.fsck(vault.remote) { problems.append(bad) }
        let local = vault.git("rev-parse", "HEAD").stdout
        let remote = vault.git("rev-parse", "main", in: vault.remote).stdout
        if settle.ok && local != remote { problems.append("the remote is not at the vault's HEAD after the final sync") }

        let succeeded = entries.filter { $0.status == 0 }.count
        let seconds = Int(Date().timeIntervalSince(started))
        print(
            "concurrency faults: \(entries.count) operations (\(succeeded) succeeded), seed \(plan.seed), records lost: \(recordsLost), lines lost: \(linesLost), \(seconds) s"
        )
        for entry in entries where entry.status != 0 {
            print("  refused: worker \(entry.worker) step \(entry.step) \(entry.what): \(entry.status) \(entry.message.prefix(200))")
        }
        #expect(problems.isEmpty, "seed \(plan.seed):\n\(problems.joined(separator: "\n"))")
        #expect(recordsLost == 0 && linesLost == 0)
    }
}
