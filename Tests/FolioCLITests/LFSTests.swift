import Crypto
import Foundation
import TestSupport
import Testing

/// Media through Git LFS, end to end with the real `folio` binary, and Debian's `git-lfs` as the oracle.
@Suite("Media through Git LFS")
struct LFSTests {
    /// A vault made with `init --lfs` whose remote is a bare repository on this machine (git-lfs's
    /// own way to reach such a remote's objects: its `lfs/objects` folder).
    static func vault(_ scratch: Scratch) throws -> FolioProcess {
        let bare = scratch.path("remote.git")
        try git(["init", "-q", "--bare", "-b", "main", bare.path], in: scratch.url)
        var folio = FolioProcess(directory: scratch.path("a"), scratch: scratch)
        folio.environment["FOLIO_DEVICE"] = "A"
        try FileManager.default.createDirectory(at: folio.directory, withIntermediateDirectories: true)
        let made = try folio.run("init", ".", "--name", "林小雨", "--language", "en", "--remote", bare.path, "--lfs")
        #expect(made.status == 0, "init: \(made.stderr)")
        return folio
    }

    static func photo(_ scratch: Scratch, _ name: String, seed: UInt8) throws -> URL {
        let file = scratch.path(name)
        try Data(MediaFixtures.jpeg(padding: 200_000, seed: seed)).write(to: file)
        return file
    }

    static func sha256(_ file: URL) throws -> String {
        SHA256.hash(data: try Data(contentsOf: file)).map { String(format: "%02x", $0) }.joined()
    }

    static func sha256(_ data: Data) -> String {
        SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }

    @Test("init --lfs: a photo is a pointer in git, its bytes in .git/lfs/objects; sync sends them first; git-lfs pulls them back")
    func folioPushesGitLFSPulls() throws {
        let scratch = try Scratch()
        let folio = try Self.vault(scratch)
        #expect(folio.read(".gitattributes")?.contains("media/** filter=lfs diff=lfs merge=lfs -text\n") == true)
        let photo = try Self.photo(scratch, "IMG_1.jpg", seed: 1)
        let created = try folio.run("new", "diary", "--title", "雨", "--media", photo.path)
        #expect(created.status == 0, "\(created.stderr)")
        let sha = try Self.sha256(photo)
        let stored = "media/\(sha.prefix(2))/\(sha).jpg"
        // git holds the pointer; the object is where git-lfs looks; nothing is left to commit.
        let pointer = try git(["cat-file", "-p", "HEAD:\(stored)"], in: folio.directory)
        #expect(pointer == "version https://git-lfs.github.com/spec/v1\noid sha256:\(sha)\nsize \(try Data(contentsOf: photo).count)\n")
        #expect(
            FileManager.default.fileExists(
                atPath: folio.directory.appendingPathComponent(".git/lfs/objects/\(sha.prefix(2))/\(sha.dropFirst(2).prefix(2))/\(sha)")
                    .path))
        #expect(try git(["status", "--porcelain"], in: folio.directory).isEmpty)

        let synced = try folio.run("sync")
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(synced.stdout.contains("sent 1 media file"), "\(synced.stdout)")
        let remoteObject = scratch.path("remote.git/lfs/objects/\(sha.prefix(2))/\(sha.dropFirst(2).prefix(2))/\(sha)")
        #expect(FileManager.default.fileExists(atPath: remoteObject.path))
        // A folder remote on the same disk gets a hard link, as git-lfs makes: no byte is copied.
        let localObject = folio.directory.appendingPathComponent(".git/lfs/objects/\(sha.prefix(2))/\(sha.dropFirst(2).prefix(2))/\(sha)")
        let inodes = try [remoteObject, localObject].map {
            try FileManager.default.attributesOfItem(atPath: $0.path)[.systemFileNumber] as? Int
        }
        #expect(inodes[0] != nil && inodes[0] == inodes[1])

        // A stock git clone with git-lfs brings every media file back, byte for byte.
        let lfs = try Tool.find("git-lfs", package: "git-lfs")
        var environment = Tool.environment(home: scratch.path("home"))
        try FileManager.default.createDirectory(at: scratch.path("home"), withIntermediateDirectories: true)
        environment["GIT_LFS_SKIP_SMUDGE"] = "1"
        _ = try Tool.run(lfs, ["install", "--skip-repo"], in: scratch.url, environment: environment)
        _ = try Tool.run(
            "/usr/bin/git", ["clone", "-q", scratch.path("remote.git").path, "plain"], in: scratch.url, environment: environment)
        _ = try Tool.run("/usr/bin/git", ["lfs", "pull"], in: scratch.path("plain"), environment: environment)
        #expect(try Self.sha256(scratch.path("plain/\(stored)")) == sha)
    }

    @Test("folio clones a vault whose media git-lfs pushed: text and pointers first, media.fetch none leaves them, media fetch brings them")
    func gitLFSPushesFolioReads() throws {
        let scratch = try Scratch()
        let folio = try Self.vault(scratch)
        try folio.run("config", "set", "media.fetch", "none")
        let photo = try Self.photo(scratch, "IMG_2.jpg", seed: 2)
        #expect(try folio.run("new", "diary", "--title", "晴", "--media", photo.path).status == 0)
        #expect(try folio.run("sync").status == 0)
        // A media file added and pushed by stock git + git-lfs.
        let lfs = try Tool.find("git-lfs", package: "git-lfs")
        var environment = Tool.environment(home: scratch.path("home"))
        try FileManager.default.createDirectory(at: scratch.path("home"), withIntermediateDirectories: true)
        _ = try Tool.run(lfs, ["install", "--skip-repo"], in: scratch.url, environment: environment)
        environment["GIT_LFS_SKIP_SMUDGE"] = "1"
        _ = try Tool.run(
            "/usr/bin/git", ["clone", "-q", scratch.path("remote.git").path, "plain"], in: scratch.url, environment: environment)
        environment["GIT_LFS_SKIP_SMUDGE"] = nil
        let other = try Self.photo(scratch, "IMG_3.jpg", seed: 3)
        let otherSHA = try Self.sha256(other)
        let otherPath = "media/\(otherSHA.prefix(2))/\(otherSHA).jpg"
        try FileManager.default.createDirectory(at: scratch.path("plain/media/\(otherSHA.prefix(2))"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: other, to: scratch.path("plain/\(otherPath)"))
        _ = try Tool.run("/usr/bin/git", ["add", otherPath], in: scratch.path("plain"), environment: environment)
        _ = try Tool.run("/usr/bin/git", ["commit", "-qm", "a photo by hand"], in: scratch.path("plain"), environment: environment)
        _ = try Tool.run("/usr/bin/git", ["push", "-q", "origin", "main"], in: scratch.path("plain"), environment: environment)

        var b = FolioProcess(directory: scratch.path("b"), scratch: scratch)
        b.environment["FOLIO_DEVICE"] = "B"
        let cloned = try FolioProcess(directory: scratch.url, scratch: scratch).run("clone", scratch.path("remote.git").path, "b")
        #expect(cloned.status == 0, "\(cloned.stderr)")
        let sha = try Self.sha256(photo)
        let stored = "media/\(sha.prefix(2))/\(sha).jpg"
        #expect(b.read(stored)?.hasPrefix("version https://git-lfs.github.com/spec/v1") == true, "media.fetch none: a pointer")
        #expect(b.read(otherPath)?.hasPrefix("version https://git-lfs.github.com/spec/v1") == true)
        #expect(try git(["status", "--porcelain"], in: b.directory).isEmpty)

        let fetched = try b.run("media", "fetch", "--all")
        #expect(fetched.status == 0, "\(fetched.stderr)")
        #expect(fetched.stdout.contains("downloaded 2 media files"), "\(fetched.stdout)")
        #expect(try Self.sha256(b.directory.appendingPathComponent(stored)) == sha)
        #expect(try Self.sha256(b.directory.appendingPathComponent(otherPath)) == otherSHA)
        // The files are as git expects them: nothing changed, and a sync has nothing to send.
        let porcelain = try git(["status", "--porcelain"], in: b.directory)
        #expect(porcelain.isEmpty, "\(porcelain)")
        let status = try b.run("status")
        #expect(status.status == 0, "\(status.stderr)")
        let synced = try b.run("sync")
        #expect(synced.status == 0, "\(synced.stderr)")
    }

    @Test("a failed upload pushes no ref and names the file; the next sync sends both")
    func failedUploadPushesNoRef() throws {
        let scratch = try Scratch()
        let folio = try Self.vault(scratch)
        #expect(try folio.run("sync").status == 0)
        let before = try git(["rev-parse", "main"], in: scratch.path("remote.git"))
        let photo = try Self.photo(scratch, "IMG_4.jpg", seed: 4)
        #expect(try folio.run("new", "diary", "--title", "霧", "--media", photo.path).status == 0)
        // The remote's object folder cannot be written: the upload fails.
        let objects = scratch.path("remote.git/lfs")
        try "not a folder".write(to: objects, atomically: true, encoding: .utf8)
        let failed = try folio.run("sync")
        #expect(failed.status == 1, "\(failed.stdout) \(failed.stderr)")
        let sha = try Self.sha256(photo)
        #expect(failed.stderr.contains("media/\(sha.prefix(2))/\(sha).jpg"), "\(failed.stderr)")
        #expect(failed.stderr.contains("No branch was pushed"), "\(failed.stderr)")
        #expect(try git(["rev-parse", "main"], in: scratch.path("remote.git")) == before)
        try FileManager.default.removeItem(at: objects)
        let again = try folio.run("sync")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try git(["rev-parse", "main"], in: scratch.path("remote.git")) != before)
    }
}

extension LFSTests {
    @Test(
        "status counts media here, only on the remote and not pushed; check re-hashes objects and names lost ones; prune frees pushed old media"
    )
    func housekeeping() throws {
        let scratch = try Scratch()
        var folio = try Self.vault(scratch)
        try folio.run("config", "set", "media.fetch", "none")
        let photo = try Self.photo(scratch, "IMG_5.jpg", seed: 5)
        #expect(try folio.run("new", "diary", "--title", "舊的", "--media", photo.path).status == 0)
        let sha = try Self.sha256(photo)
        let size = try Data(contentsOf: photo).count
        let stored = "media/\(sha.prefix(2))/\(sha).jpg"
        var status = try folio.json("status", "--json") as? [String: Any] ?? [:]
        var media = status["media"] as? [String: Int] ?? [:]
        #expect(media["local"] == 1 && media["unpushed"] == 1 && media["unpushed_bytes"] == size && media["remote_only"] == 0, "\(media)")
        #expect(try folio.run("sync").status == 0)
        status = try folio.json("status", "--json") as? [String: Any] ?? [:]
        media = status["media"] as? [String: Int] ?? [:]
        #expect(media["local"] == 1 && media["unpushed"] == 0, "\(media)")
        #expect(try folio.run("check").status == 0)

        // A clone without the media: remote-only, marked in show, and not damage for check.
        var b = FolioProcess(directory: scratch.path("b"), scratch: scratch)
        b.environment["FOLIO_DEVICE"] = "B"
        #expect(try FolioProcess(directory: scratch.url, scratch: scratch).run("clone", scratch.path("remote.git").path, "b").status == 0)
        let bMedia = (try b.json("status", "--json") as? [String: Any])?["media"] as? [String: Int] ?? [:]
        #expect(bMedia["remote_only"] == 1 && bMedia["remote_only_bytes"] == size && bMedia["local"] == 0, "\(bMedia)")
        let checked = try b.run("check")
        #expect(checked.status == 0, "\(checked.stdout) \(checked.stderr)")

        // The server loses it: check names the file; a damaged local object is named too.
        let objectOnRemote = scratch.path("remote.git/lfs/objects/\(sha.prefix(2))/\(sha.dropFirst(2).prefix(2))/\(sha)")
        let saved = try Data(contentsOf: objectOnRemote)
        try FileManager.default.removeItem(at: objectOnRemote)
        let lost = try b.run("check")
        #expect(lost.status == 1)
        #expect((lost.stdout + lost.stderr).contains("neither on this device nor on the LFS server"), "\(lost.stdout) \(lost.stderr)")
        try saved.write(to: objectOnRemote)
        let objectHere = folio.directory.appendingPathComponent(".git/lfs/objects/\(sha.prefix(2))/\(sha.dropFirst(2).prefix(2))/\(sha)")
        try Data("damaged".utf8).write(to: objectHere)
        let damaged = try folio.run("check")
        #expect(damaged.status == 1)
        #expect((damaged.stdout + damaged.stderr).contains("no longer hashes to its name"), "\(damaged.stdout) \(damaged.stderr)")
        try saved.write(to: objectHere)

        // Prune: a year later the old page's photo is on the server, so its local copy goes.
        folio.environment["FOLIO_NOW"] = "2027-12-01T09:00:00+08:00"
        let pruned = try folio.run("media", "prune")
        #expect(pruned.status == 0, "\(pruned.stderr)")
        #expect(pruned.stdout.contains("removed 1 local copy"), "\(pruned.stdout)")
        #expect(folio.read(stored)?.hasPrefix("version https://git-lfs.github.com/spec/v1") == true)
        #expect(!FileManager.default.fileExists(atPath: objectHere.path))
        #expect(try git(["status", "--porcelain"], in: folio.directory).isEmpty)
        let back = try folio.run("media", "fetch", "--all")
        #expect(back.status == 0, "\(back.stderr)")
        #expect(try Self.sha256(folio.directory.appendingPathComponent(stored)) == sha)
    }
}

extension LFSTests {
    @Test(
        "show, analyze, chat and export fetch the media they read; offline each file is one 'not downloaded yet' line and the command goes on"
    )
    func mediaOnDemand() throws {
        let scratch = try Scratch()
        let folio = try Self.vault(scratch)
        try folio.run("config", "set", "media.fetch", "none")
        var stored: [String: (path: String, sha: String)] = [:]
        for (seed, title) in ["一", "二", "三", "四", "五"].enumerated() {
            let photo = try Self.photo(scratch, "IMG_\(seed + 10).jpg", seed: UInt8(seed + 10))
            #expect(try folio.run("new", "diary", "--title", title, "--media", photo.path).status == 0)
            let sha = try Self.sha256(photo)
            stored[title] = ("media/\(sha.prefix(2))/\(sha).jpg", sha)
        }
        #expect(try folio.run("sync").status == 0)
        var b = FolioProcess(directory: scratch.path("b"), scratch: scratch)
        b.environment["FOLIO_DEVICE"] = "B"
        #expect(try FolioProcess(directory: scratch.url, scratch: scratch).run("clone", scratch.path("remote.git").path, "b").status == 0)
        func downloaded(_ title: String) throws -> Bool {
            let file = try #require(stored[title])
            return try Self.sha256(b.directory.appendingPathComponent(file.path)) == file.sha
        }
        #expect(try !downloaded("一"), "media.fetch none: the clone holds pointers")

        // Offline (the remote is gone): the command works, and says which file is not downloaded yet.
        try FileManager.default.moveItem(at: scratch.path("remote.git"), to: scratch.path("away.git"))
        let offline = try b.run("show", "一")
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout.contains("一"), "\(offline.stdout)")
        #expect(offline.stderr.contains("\(stored["一"]?.path ?? "?"): not downloaded yet"), "\(offline.stderr)")
        let analyzedOffline = try b.run("analyze", "二")
        #expect(analyzedOffline.status == 0, "\(analyzedOffline.stderr)")
        #expect(analyzedOffline.stderr.contains("not downloaded yet"), "\(analyzedOffline.stderr)")
        let exportedOffline = try b.run("export", "markdown", "--out", scratch.path("md-offline").path)
        // Written without them, so it fails, naming the command that brings them (issue 70).
        #expect(exportedOffline.status == 1 && exportedOffline.stderr.contains("folio media fetch"), "\(exportedOffline.stderr)")
        let attachments = (try? FileManager.default.contentsOfDirectory(atPath: scratch.path("md-offline/attachments").path)) ?? []
        #expect(attachments.isEmpty, "a pointer is not exported as a photo: \(attachments)")
        #expect(try !downloaded("一") && !downloaded("二"))
        // A remote folder that is not there is unreachable, not a server that lost the photos: check
        // says it could not ask (and does not call that a success), naming no file as lost.
        let checked = try b.run("check")
        let said = checked.stdout + checked.stderr
        #expect(
            said.contains("could not ask the LFS server") && said.contains("could not be reached (") && !said.contains("reached: "),
            "\(said)")
        #expect(!said.contains("neither on this device nor"), "\(said)")

        // Back online: each command brings the media it reads before it reads them.
        try FileManager.default.moveItem(at: scratch.path("away.git"), to: scratch.path("remote.git"))
        let shown = try b.run("show", "一")
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(
            !shown.stdout.contains("not downloaded yet") && !shown.stderr.contains("not downloaded yet"), "\(shown.stdout) \(shown.stderr)")
        #expect(try downloaded("一"))
        #expect(try !downloaded("三"), "show brings only its record's media")
        #expect(try b.run("analyze", "二", "--again").status == 0)
        #expect(try downloaded("二"))
        let chatted = try b.run("chat", "三", "-m", "今天拍的")
        #expect(chatted.status == 0, "\(chatted.stderr)")
        #expect(try downloaded("三"))
        let site = try b.run("export", "html", "--out", scratch.path("site").path)
        #expect(site.status == 0, "\(site.stderr)")
        #expect(try downloaded("四") && downloaded("五"))
        // The files are as git expects them.
        #expect(try git(["status", "--porcelain"], in: b.directory).isEmpty)
    }
}

/// giftless on loopback as the LFS server of a bare repository `git daemon` serves, and device A's
/// vault made with `folio init … --lfs` (plus `initOptions`) whose `.lfsconfig` names the server.
struct GiftlessRig {
    let scratch: Scratch
    let server: Giftless
    let daemon: GitDaemon
    let folio: FolioProcess
    /// What `folio init` said.
    let made: FolioProcess.Result

    init(initOptions: [String] = []) throws {
        scratch = try Scratch()
        server = try Giftless(in: scratch.url)
        try git(["init", "-q", "--bare", "-b", "main", scratch.path("remote.git").path], in: scratch.url)
        daemon = try GitDaemon(serving: scratch.url)
        var folio = FolioProcess(directory: scratch.path("a"), scratch: scratch)
        folio.environment["FOLIO_DEVICE"] = "A"
        try FileManager.default.createDirectory(at: folio.directory, withIntermediateDirectories: true)
        made = try folio.run(
            ["init", ".", "--name", "林小雨", "--language", "en", "--remote", daemon.url("remote.git"), "--lfs"] + initOptions)
        self.folio = folio
        try folio.write(".lfsconfig", "[lfs]\n\turl = \(server.url("vault"))\n")
        #expect(try folio.run("commit", "-m", "LFS server").status == 0)
        // A server a committed .lfsconfig names gets photos once this device confirms it.
        #expect(try folio.run("config", "trust", "lfs.url").status == 0)
    }
}

@Suite("Media through a real LFS server: giftless behind git daemon")
struct GiftlessTests {
    @Test("folio syncs media to giftless (lfs.url in .lfsconfig); stock git + git-lfs pulls every hash; a folio clone fetches them")
    func throughGiftless() throws {
        let rig = try GiftlessRig()
        let (scratch, daemon, folio) = (rig.scratch, rig.daemon, rig.folio)
        #expect(rig.made.status == 0, "\(rig.made.stderr)")
        var hashes: [String: String] = [:]
        for seed in 1...3 {
            let photo = try LFSTests.photo(scratch, "IMG_\(seed).jpg", seed: UInt8(seed))
            #expect(try folio.run("new", "diary", "--title", "第\(seed)天", "--media", photo.path).status == 0)
            let sha = try LFSTests.sha256(photo)
            hashes["media/\(sha.prefix(2))/\(sha).jpg"] = sha
        }
        let synced = try folio.run("sync")
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(synced.stdout.contains("sent 3 media files"), "\(synced.stdout)")

        // Stock git + git-lfs: a clone and `git lfs pull` reproduce every media file's hash.
        let lfs = try Tool.find("git-lfs", package: "git-lfs")
        var environment = Tool.environment(home: scratch.path("home"))
        try FileManager.default.createDirectory(at: scratch.path("home"), withIntermediateDirectories: true)
        _ = try Tool.run(lfs, ["install", "--skip-repo"], in: scratch.url, environment: environment)
        environment["GIT_LFS_SKIP_SMUDGE"] = "1"
        _ = try Tool.run("/usr/bin/git", ["clone", "-q", daemon.url("remote.git"), "plain"], in: scratch.url, environment: environment)
        _ = try Tool.run("/usr/bin/git", ["lfs", "pull"], in: scratch.path("plain"), environment: environment)
        for (path, sha) in hashes { #expect(try LFSTests.sha256(scratch.path("plain/\(path)")) == sha, "\(path)") }

        // A second folio device: text and pointers, then the last 30 days' media in one batch.
        let cloned = try FolioProcess(directory: scratch.url, scratch: scratch).run("clone", daemon.url("remote.git"), "b")
        #expect(cloned.status == 0, "\(cloned.stderr)")
        #expect(cloned.stdout.contains("downloaded 3 media files"), "\(cloned.stdout)")
        for (path, sha) in hashes { #expect(try LFSTests.sha256(scratch.path("b/\(path)")) == sha, "\(path)") }
    }
}

extension LFSTests {
    @Test(
        "media lfs on an existing vault: from the next commit on, --above keeps small photos in git, media.max_bytes does not bound LFS media but media.lfs_max_bytes does"
    )
    func turnedOnLater() throws {
        let scratch = try Scratch()
        let folio = FolioProcess(directory: scratch.path("a"), scratch: scratch)
        try FileManager.default.createDirectory(at: folio.directory, withIntermediateDirectories: true)
        #expect(try folio.run("init", ".", "--name", "林小雨", "--language", "en").status == 0)
        func stored(_ file: URL) throws -> String {
            let sha = try Self.sha256(file)
            return "media/\(sha.prefix(2))/\(sha).jpg"
        }
        func isPointerInGit(_ path: String) throws -> Bool {
            try git(["cat-file", "-p", "HEAD:\(path)"], in: folio.directory).hasPrefix("version https://git-lfs.github.com/spec/v1")
        }
        let before = try Self.photo(scratch, "IMG_20.jpg", seed: 20)
        #expect(try folio.run("new", "diary", "--title", "之前", "--media", before.path).status == 0)
        #expect(try !isPointerInGit(stored(before)))

        let turned = try folio.run("media", "lfs", "--above", "100KiB")
        #expect(turned.status == 0, "\(turned.stderr)")
        #expect(turned.stdout.contains("from the next commit on"), "\(turned.stdout)")
        let small = scratch.path("small.jpg")
        try Data(MediaFixtures.jpeg(padding: 10_000, seed: 21)).write(to: small)
        let large = try Self.photo(scratch, "IMG_22.jpg", seed: 22)
        #expect(try folio.run("new", "diary", "--title", "之後", "--media", small.path, "--media", large.path).status == 0)
        #expect(try !isPointerInGit(stored(small)), "under 100 KiB: stays in git")
        #expect(try isPointerInGit(stored(large)))
        #expect(try !isPointerInGit(stored(before)), "the earlier photo keeps its blob")
        let attributes = folio.read(".gitattributes") ?? ""
        #expect(attributes.contains("\(try stored(large)) filter=lfs diff=lfs merge=lfs -text\n"), "\(attributes)")
        #expect(try !attributes.contains(stored(small)))
        #expect(try git(["status", "--porcelain"], in: folio.directory).isEmpty)

        // media.max_bytes bounds media kept in git only; LFS media have their own ceiling.
        #expect(try folio.run("config", "set", "media.max_bytes", "150000").status == 0)
        let over = try Self.photo(scratch, "IMG_23.jpg", seed: 23)
        let overGit = try folio.run("new", "diary", "--title", "很大", "--media", over.path)
        #expect(overGit.status == 0, "\(overGit.stderr)")
        #expect(try isPointerInGit(stored(over)))
        #expect(try folio.run("config", "set", "media.lfs_max_bytes", "150000").status == 0)
        let overLFS = try folio.run("new", "diary", "--title", "太大", "--media", Self.photo(scratch, "IMG_24.jpg", seed: 24).path)
        #expect(overLFS.status == 1, "\(overLFS.stdout) \(overLFS.stderr)")
    }
}
