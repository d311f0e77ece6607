import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `folio serve` killed with SIGKILL at a random moment of a photo or video upload (a paired
/// client posting to `/pages`, as the app's new-page form does): every record and commit made
/// before is still there, no record names a missing or partial media file, no partial file sits in
/// `media/`, `folio check` passes (or names only a killed write's temporary files, which
/// `check --fix` removes), and the next start serves and takes the next upload. An upload
/// killed between its write and its commit leaves its page and media whole and uncommitted, as a
/// CLI write does (``CrashTests``): counted, and `folio commit` commits them.
@Suite("Crash safety: folio serve killed during an upload", .serialized)
struct UploadCrashTests {
    /// A running `folio serve` on a free port of 127.0.0.1.
    struct Server {
        let process: ChildProcess
        let base: String
    }

    /// Starts `folio serve --port 0` and waits (60 s at most) for the address it prints and its first pages.
    static func serve(_ vault: FaultVault, log: URL) throws -> Server {
        let process = try ChildProcess(
            FolioBinary.url.path, ["--vault", vault.root.path, "serve", "--port", "0"], environment: vault.environment,
            errors: log)
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, process.isRunning {
            // Once its first pages are written: the client reads its form token from a page.
            if let text = try? String(contentsOf: log, encoding: .utf8),
                text.contains("Pages ready") || text.contains("頁面準備好了"),
                let range = text.range(of: #"http://127\.0\.0\.1:[0-9]+/pair\?secret=[A-Za-z0-9_-]+"#, options: .regularExpression)
            {
                let link = String(text[range])
                return Server(process: process, base: String(link[..<(link.range(of: "/pair")?.lowerBound ?? link.endIndex)]))
            }
            usleep(20_000)
        }
        process.kill9()
        throw HarnessError(
            description: "folio serve printed no address: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
    }

    /// The pairing link `server` printed last.
    static func pairingLink(_ log: URL) -> String? {
        guard let text = try? String(contentsOf: log, encoding: .utf8) else { return nil }
        let links = text.ranges(of: #/http://127\.0\.0\.1:[0-9]+/pair\?secret=[A-Za-z0-9_-]+/#).map { String(text[$0]) }
        return links.last
    }

    /// A paired client of the app: curl with a cookie jar, and the form token the app's pages carry.
    struct Client {
        let curl: String
        let jar: URL
        let vault: FaultVault

        /// `curl arguments` to its end: what it printed.
        func run(_ arguments: [String]) -> FaultVault.Outcome {
            vault.run(curl, ["-s", "-S", "--max-time", "120", "-b", jar.path, "-c", jar.path] + arguments)
        }

        /// The form token of the home page.
        func token(_ server: Server) throws -> String {
            let page = run([server.base + "/"])
            guard let range = page.stdout.firstRange(of: #/name="token" value="([^"]+)"/#) else {
                throw HarnessError(
                    description: "no form token on the home page (\(page.status)): \(page.stdout.prefix(300)) \(page.stderr)")
            }
            let match = String(page.stdout[range])
            return String(match.dropFirst(#"name="token" value=""#.count).dropLast())
        }

        /// curl's arguments for the new-page form with `file` and `text`: the HTTP status goes to its output.
        func uploadArguments(_ server: Server, token: String, file: URL, type: String, text: String) -> [String] {
            [
                "-o", "/dev/null", "-w", "%{http_code}", "-F", "token=\(token)", "-F", "media=@\(file.path);type=\(type)",
                "-F", "text=\(text)", server.base + "/pages",
            ]
        }
    }

    /// The photo or video run `run` uploads: 400 KB, different every run.
    static func media(_ run: Int, in folder: URL) throws -> (file: URL, type: String) {
        if run % 2 == 0 {
            let file = folder.appendingPathComponent("VID_\(run).mp4")
            var bytes = MediaFixtures.mp4(seconds: 3, mdatBytes: 400_000)
            bytes += Array("run \(run)".utf8)
            try Data(bytes).write(to: file)
            return (file, "video/mp4")
        }
        let file = folder.appendingPathComponent("IMG_\(run).jpg")
        try Data(MediaFixtures.jpeg(padding: 400_000 + run, seed: UInt8(truncatingIfNeeded: run))).write(to: file)
        return (file, "image/jpeg")
    }

    @Test("every kill of an upload: what was committed stays, no record names partial or missing media, the next start takes uploads")
    func uploadKills() throws {
        let plan = FaultPlan.current
        let runs = max(3, plan.crashRuns / 4)
        print("upload faults: seed \(plan.seed), \(runs) runs (FOLIO_FAULT_SEED=\(plan.seed) FOLIO_FAULT_RUNS=\(runs * 4) reruns it)")
        let started = Date()
        var random = SeededRandom(seed: plan.seed)
        let vault = try FaultVault()
        try vault.require(vault.folio("new", "diary", "--title", "雨天", "--field", "text=今天下雨。"))
        let client = Client(curl: try Tool.find("curl", package: "curl"), jar: vault.scratch.path("cookies"), vault: vault)

        // Paired once: the session outlives every restart of the server.
        let firstLog = vault.scratch.path("serve-0.log")
        var server = try Self.serve(vault, log: firstLog)
        let paired = client.run([try #require(Self.pairingLink(firstLog))])
        try #require(paired.ok, "pairing: \(paired.stderr)")
        var token = try client.token(server)

        // Kills land anywhere in an upload and the page made of it: the delay is drawn over how
        // long a whole one of each takes here.
        var whole: [String: UInt32] = [:]
        for calibration in [-1, -2] {
            let (file, type) = try Self.media(calibration, in: vault.scratch.url)
            whole[type] = try ImportExportCrashTests.microseconds {
                let sent = client.run(client.uploadArguments(server, token: token, file: file, type: type, text: "量時間 \(type)"))
                guard sent.stdout == "303" else {
                    throw HarnessError(description: "the timing upload answered \(sent.stdout): \(sent.stderr)")
                }
            }
        }
        var killedMidway = 0
        var pagesMade = 0
        var uncommitted = 0
        var temporariesLeft = 0
        var failures: [String] = []
        for run in 1...runs {
            let (file, type) = try Self.media(run, in: vault.scratch.url)
            let before = vault.recordFiles()
            let head = vault.git("rev-parse", "HEAD").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let delay = UInt32.random(in: 0...(whole[type] ?? 500_000), using: &random)
            let upload = try ChildProcess(
                client.curl,
                ["-s", "-b", client.jar.path] + client.uploadArguments(server, token: token, file: file, type: type, text: "上傳 \(run)"),
                environment: vault.environment)
            usleep(delay)
            if upload.isRunning { killedMidway += 1 }
            server.process.kill9()
            upload.kill9()

            var problems: [String] = []
            let after = vault.recordFiles()
            for (path, data) in before where after[path] != data { problems.append("\(path) changed or vanished") }
            if !vault.git("merge-base", "--is-ancestor", head, "HEAD").ok { problems.append("commit \(head) is no longer in the history") }
            let listing = vault.listed()
            problems += listing.problems.map { "list: " + $0 }
            for path in after.keys where path != "profile.md" && listing.records[path] == nil {
                problems.append("\(path) is not listed (half written?)")
            }
            let made = after.keys.filter { before[$0] == nil }
            pagesMade += made.count
            if made.count > 1 { problems.append("\(made.count) pages for one upload: \(made)") }
            problems += vault.mediaProblems(listing.records)
            // folio check passes, but for the temporary files a killed write leaves (never
            // committed nor listed), which it names and `check --fix` removes.
            let check = vault.folio("check")
            let named = (check.stdout + check.stderr).split(separator: "\n").filter { $0.hasPrefix("error: ") || $0.hasPrefix("warning: ") }
            let temporary = named.filter { line in
                line.dropFirst(line.hasPrefix("error: ") ? 7 : 9).split(separator: ":").first.map { FaultVault.isTemporary(String($0)) }
                    ?? false
            }
            temporariesLeft += temporary.count
            if !check.ok && (named.isEmpty || temporary.count != named.count) {
                problems.append("folio check failed (\(check.status)): \(check.stdout) \(check.stderr)")
            } else if !check.ok {
                let fixed = vault.folio("check", "--fix", "--yes")
                let again = vault.folio("check")
                if !fixed.ok || !again.ok { problems.append("check --fix left: \(again.stdout) \(again.stderr)") }
            }
            // Killed between its write and its commit, an upload leaves its page and media whole
            // and uncommitted (as a CLI write does): counted, and `folio commit` must take them.
            let status = vault.git("status", "--porcelain", "--untracked-files=all").stdout.split(separator: "\n").map {
                String($0.dropFirst(3))
            }.filter { !FaultVault.isTemporary($0) }
            if !status.isEmpty { uncommitted += 1 }
            let strays = status.filter { !made.contains($0) && !$0.hasPrefix("media/") }
            if !strays.isEmpty { problems.append("uncommitted files the upload never wrote: \(strays)") }
            if let bad = vault.fsck() { problems.append(bad) }

            // The next start serves the paired client and takes its next upload.
            do {
                server = try Self.serve(vault, log: vault.scratch.path("serve-\(run).log"))
                token = try client.token(server)
                let (next, nextType) = try Self.media(1000 + run, in: vault.scratch.url)
                let sent = client.run(client.uploadArguments(server, token: token, file: next, type: nextType, text: "之後 \(run)"))
                if sent.stdout != "303" { problems.append("the next upload answered \(sent.stdout): \(sent.stderr)") }
                let commit = vault.folio("commit")
                if !commit.ok { problems.append("folio commit failed (\(commit.status)): \(commit.stderr)") }
                let clean = vault.git("status", "--porcelain", "--untracked-files=all").stdout.split(separator: "\n").filter {
                    !FaultVault.isTemporary(String($0.dropFirst(3)))
                }
                if !clean.isEmpty { problems.append("left uncommitted after folio commit: \(clean)") }
            } catch {
                problems.append("the next start failed: \(error)")
            }
            if !problems.isEmpty {
                failures.append("run \(run) (\(type), killed after \(delay / 1000) ms): " + problems.joined(separator: "; "))
            }
        }
        server.process.stop()
        let seconds = Int(Date().timeIntervalSince(started))
        print(
            "upload faults: \(runs) kills (\(killedMidway) mid-upload; a whole one takes \(whole.map { "\($0.key) \($0.value / 1000) ms" }.sorted().joined(separator: ", "))), \(pagesMade) pages whole (\(uncommitted) killed before their commit, which folio commit made), the rest absent, \(temporariesLeft) temporary files left (check --fix removed them), seed \(plan.seed), \(seconds) s"
        )
        #expect(failures.isEmpty, "seed \(plan.seed):\n\(failures.joined(separator: "\n"))")
    }
}

extension FaultVault {
    /// The SHA-256 of each file, by path (`sha256sum`).
    func sha256(_ files: [URL]) -> [String: String] {
        guard !files.isEmpty else { return [:] }
        let outcome = run("/usr/bin/sha256sum", files.map(\.path))
        var hashes: [String: String] = [:]
        for line in outcome.stdout.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2 else { continue }
            hashes[String(parts[1].drop { $0 == " " || $0 == "*" })] = String(parts[0])
        }
        return hashes
    }

    /// What is wrong with the vault's media: a record naming a file that is missing, a file in
    /// `media/` (named by its hash) whose bytes are not that hash: half written.
    func mediaProblems(_ records: [String: [String: Any]]) -> [String] {
        var problems: [String] = []
        for (path, record) in records {
            for entry in record["media"] as? [[String: Any]] ?? [] {
                guard let file = entry["file"] as? String else { continue }
                if !FileManager.default.fileExists(atPath: root.appendingPathComponent(file).path) {
                    problems.append("\(path) names missing media \(file)")
                }
            }
        }
        let media = root.appendingPathComponent("media")
        let files = (FileManager.default.enumerator(atPath: media.path)?.allObjects as? [String] ?? []).filter {
            !FaultVault.isTemporary($0) && ($0 as NSString).lastPathComponent.contains(".")
        }.map { media.appendingPathComponent($0) }
        for (file, hash) in sha256(files) {
            let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
            if name != hash { problems.append("media/\(file.dropFirst(media.path.count + 1)) is not whole (its bytes hash to \(hash))") }
        }
        return problems
    }
}
