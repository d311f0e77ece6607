import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Media through a real LFS server (giftless, behind `git daemon`), and folio killed with SIGKILL
/// at random moments of its transfers: a `sync` sending photos, a `clone` bringing the text and
/// the last 30 days' photos, and a `media fetch --all` bringing the rest. After each kill: no
/// object in `.git/lfs/objects` or on the server is anything but the bytes its name hashes to, no
/// branch reaches the remote without its media, every media file in a working tree is its
/// pointer or its whole bytes, and the next `sync`, `clone` or `media fetch` finishes the work.
@Suite("Crash safety: LFS transfers killed at random moments", .serialized)
struct LFSCrashTests {
    /// A vault (device A) whose media go through Git LFS to giftless, its remote a bare
    /// repository `git daemon` serves.
    struct Rig {
        let vault: FaultVault
        let server: Giftless
        let daemon: GitDaemon
        var remoteURL: String { daemon.url("remote.git") }

        init() throws {
            _ = try Tool.find("git-lfs", package: "git-lfs")
            vault = try FaultVault("lfsFaults")
            server = try Giftless(in: vault.scratch.url)
            daemon = try GitDaemon(serving: vault.scratch.url)
            try vault.require(vault.folio("media", "lfs"), "media lfs")
            try vault.require(vault.folio("config", "set", "sync.remote", daemon.url("remote.git")))
            try vault.write(".lfsconfig", "[lfs]\n\turl = \(server.url("vault"))\n")
            try vault.require(vault.folio("commit", "-m", "LFS server"))
            try vault.require(vault.folio("config", "trust", "lfs.url"))
            try vault.require(vault.folio("sync"))
        }

        /// A new diary page with a photo of its own; `old` dates it 2020 (outside the 30 days a
        /// clone brings). Returns the photo's hash.
        @discardableResult
        func page(_ number: Int, old: Bool) throws -> String {
            let photo = vault.scratch.path("IMG_\(number).jpg")
            try Data(MediaFixtures.jpeg(padding: 600_000 + number, seed: UInt8(truncatingIfNeeded: number))).write(to: photo)
            let date = old ? ["--date", String(format: "2020-01-%02d", abs(number) % 28 + 1)] : []
            try vault.require(vault.folio(["new", "diary", "--title", "第 \(number) 天", "--media", photo.path] + date), "new page")
            return vault.sha256([photo]).values.first ?? ""
        }

        /// The objects giftless holds, by id, with the hash of their bytes.
        func serverObjects() -> [String: String] {
            let files = (FileManager.default.enumerator(atPath: server.storage.path)?.allObjects as? [String] ?? []).filter {
                Self.isObjectID(($0 as NSString).lastPathComponent)
            }.map { server.storage.appendingPathComponent($0) }
            var objects: [String: String] = [:]
            for (file, hash) in vault.sha256(files) { objects[(file as NSString).lastPathComponent] = hash }
            return objects
        }

        static func isObjectID(_ name: String) -> Bool {
            name.count == 64 && name.allSatisfy { $0.isHexDigit && !$0.isUppercase }
        }

        /// The media hashes the remote's `main` names (`media/xx/<hash>.ext`).
        func remoteMedia() -> Set<String> {
            let tree = vault.git("ls-tree", "-r", "--name-only", "main", "--", "media", in: vault.remote).stdout
            return Set(tree.split(separator: "\n").map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension })
        }

        /// What is wrong on the server: an object whose bytes are not its id, a media file the
        /// remote's branch names that the server lacks.
        func serverProblems() -> [String] {
            let objects = serverObjects()
            var problems = objects.filter { $0.key != $0.value }.map { "the server holds a corrupt object \($0.key) (hash \($0.value))" }
            for id in remoteMedia() where objects[id] == nil { problems.append("the remote's branch names \(id), not on the server") }
            return problems
        }

        /// What is wrong in the clone or vault at `root`: an object of `.git/lfs/objects` that is
        /// not its id, a media file that is neither its pointer nor its whole bytes (`whole`: every
        /// one must be whole), `git status` not clean, `git fsck` not clean.
        func localProblems(_ root: URL, whole: Bool) -> [String] {
            var problems: [String] = []
            let store = root.appendingPathComponent(".git/lfs/objects")
            let objects = (FileManager.default.enumerator(atPath: store.path)?.allObjects as? [String] ?? []).filter {
                Self.isObjectID(($0 as NSString).lastPathComponent)
            }.map { store.appendingPathComponent($0) }
            for (file, hash) in vault.sha256(objects) where (file as NSString).lastPathComponent != hash {
                problems.append("corrupt object in .git/lfs/objects: \((file as NSString).lastPathComponent) (hash \(hash))")
            }
            let media = root.appendingPathComponent("media")
            let files = (FileManager.default.enumerator(atPath: media.path)?.allObjects as? [String] ?? []).filter {
                !FaultVault.isTemporary($0) && ($0 as NSString).lastPathComponent.contains(".")
            }.map { media.appendingPathComponent($0) }
            for (file, hash) in vault.sha256(files) {
                let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
                guard name != hash else { continue }
                let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
                let pointer = text.hasPrefix("version https://git-lfs.github.com/spec/v1\noid sha256:\(name)\n")
                if whole || !pointer {
                    problems.append("\((file as NSString).lastPathComponent) is \(pointer ? "still a pointer" : "not whole")")
                }
            }
            let status = vault.git("status", "--porcelain", "--untracked-files=all", in: root).stdout.split(separator: "\n").filter {
                !FaultVault.isTemporary(String($0.dropFirst(3)))
            }
            if !status.isEmpty { problems.append("git status in \(root.lastPathComponent): \(status.prefix(4))") }
            if let bad = vault.fsck(root) { problems.append(bad) }
            return problems
        }
    }

    @Test("every kill of a push, a clone and a media fetch: no corrupt object anywhere, and the next command brings every hash")
    func transferKills() throws {
        let plan = FaultPlan.current
        let runs = max(2, plan.crashRuns / 5)
        print("lfs faults: seed \(plan.seed), \(runs) runs (FOLIO_FAULT_SEED=\(plan.seed) FOLIO_FAULT_RUNS=\(runs * 5) reruns it)")
        let started = Date()
        var random = SeededRandom(seed: plan.seed)
        let rig = try Rig()
        let vault = rig.vault
        // Kills land anywhere in a command: the delays are drawn over how long a whole one takes here.
        try rig.page(-1, old: false)
        try rig.page(-2, old: true)
        let wholeSync = try ImportExportCrashTests.microseconds { try vault.require(vault.folio("sync"), "timing sync") }
        let timing = vault.scratch.path("timing-clone")
        let wholeClone = try ImportExportCrashTests.microseconds {
            try vault.require(vault.folio("clone", rig.remoteURL, timing.path), "timing clone")
        }
        let wholeFetch = try ImportExportCrashTests.microseconds {
            try vault.require(vault.folio("--vault", timing.path, "media", "fetch", "--all"), "timing media fetch")
        }
        var kills = (push: 0, clone: 0, fetch: 0)
        var midway = (push: 0, clone: 0, fetch: 0)
        var partialClones = 0
        var failures: [String] = []
        for run in 1...runs {
            var problems: [String] = []
            // A push: the page's photo goes to the server, then the branch.
            try rig.page(run, old: run % 2 == 0)
            let remoteBefore = vault.git("rev-parse", "main", in: vault.remote).stdout
            let pushDelay = UInt32.random(in: 0...wholeSync, using: &random)
            let push = try vault.spawn(["sync"])
            usleep(pushDelay)
            if push.isRunning { midway.push += 1 }
            push.kill9()
            kills.push += 1
            if vault.git("rev-parse", "main", in: vault.remote).stdout != remoteBefore {
                problems += rig.serverProblems().map { "after the killed push: " + $0 }
            }
            problems += rig.localProblems(vault.root, whole: true).map { "A after the killed push: " + $0 }
            let again = vault.folio("sync")
            if !again.ok { problems.append("the next sync failed (\(again.status)): \(again.stderr)") }
            problems += rig.serverProblems()
            let head = vault.git("rev-parse", "HEAD").stdout
            if vault.git("rev-parse", "main", in: vault.remote).stdout != head {
                problems.append("the remote is not A's HEAD after the next sync")
            }

            // A clone, killed; then a media fetch --all there, killed.
            let clone = vault.scratch.path("b\(run)")
            let cloneDelay = UInt32.random(in: 0...wholeClone, using: &random)
            let cloning = try vault.spawn(["clone", rig.remoteURL, clone.path])
            usleep(cloneDelay)
            if cloning.isRunning { midway.clone += 1 }
            cloning.kill9()
            kills.clone += 1
            let checkedOut =
                vault.git("rev-parse", "--verify", "-q", "HEAD", in: clone).ok && vault.folio("--vault", clone.path, "status").ok
            if FileManager.default.fileExists(atPath: clone.path) && !checkedOut {
                // Killed before its checkout: the folder is not a vault yet, and a new clone must
                // be told it is there, not write into it.
                partialClones += 1
                let refused = vault.folio("clone", rig.remoteURL, clone.path)
                if refused.ok { problems.append("a clone into the killed clone's folder went ahead") }
                try FileManager.default.removeItem(at: clone)
            }
            if !FileManager.default.fileExists(atPath: clone.path) {
                let cloned = vault.folio("clone", rig.remoteURL, clone.path)
                if !cloned.ok { problems.append("the next clone failed (\(cloned.status)): \(cloned.stderr)") }
            } else {
                problems += rig.localProblems(clone, whole: false).map { "the killed clone: " + $0 }
            }
            let fetchDelay = UInt32.random(in: 0...wholeFetch, using: &random)
            let fetching = try vault.spawn(["--vault", clone.path, "media", "fetch", "--all"])
            usleep(fetchDelay)
            if fetching.isRunning { midway.fetch += 1 }
            fetching.kill9()
            kills.fetch += 1
            problems += rig.localProblems(clone, whole: false).map { "after the killed media fetch: " + $0 }
            let fetched = vault.folio("--vault", clone.path, "media", "fetch", "--all")
            if !fetched.ok { problems.append("the next media fetch failed (\(fetched.status)): \(fetched.stderr)") }
            let synced = vault.folio("--vault", clone.path, "sync")
            if !synced.ok { problems.append("a sync of the clone failed (\(synced.status)): \(synced.stderr)") }
            problems += rig.localProblems(clone, whole: true).map { "the clone at last: " + $0 }
            if vault.recordFiles().keys.sorted() != FaultVault.recordFiles(in: clone).keys.sorted() {
                problems.append("the clone's records are not A's")
            }
            try? FileManager.default.removeItem(at: clone)  // try?: only to keep the scratch folder small
            if !problems.isEmpty {
                failures.append(
                    "run \(run) (push killed after \(pushDelay / 1000) ms, clone after \(cloneDelay / 1000) ms, media fetch after \(fetchDelay / 1000) ms): "
                        + problems.joined(separator: "; "))
            }
        }
        let seconds = Int(Date().timeIntervalSince(started))
        print(
            "lfs faults: \(kills.push) pushes killed (\(midway.push) mid-command), \(kills.clone) clones (\(midway.clone); \(partialClones) before their checkout), \(kills.fetch) media fetches (\(midway.fetch)), \(rig.serverObjects().count) objects on the server, seed \(plan.seed), \(seconds) s"
        )
        #expect(failures.isEmpty, "seed \(plan.seed):\n\(failures.joined(separator: "\n"))")
    }
}
