import Foundation
import TestSupport
import Testing

/// Every way into an unlocked vault (init, clone with or without the key then `crypt unlock`,
/// unlock after `git-crypt lock`, a vault an older folio set up) leaves `.git/config` such that a
/// stock `git` with `git-crypt` and `git-lfs` sees nothing changed and stores a new plain photo
/// encrypted, as folio would.
@Suite("Stock git in an unlocked vault encrypts what folio would")
struct StockGitSettingsTests {
    /// Runs the stock `git` (with `git-crypt` and `git-lfs` on PATH) in `directory`; its standard output.
    @discardableResult
    static func stock(_ arguments: [String], in directory: URL, home: URL) throws -> String {
        try Tool.run("/usr/bin/git", ["-c", "core.quotepath=off"] + arguments, in: directory, environment: Tool.environment(home: home))
    }

    /// What is wrong with stock git in the vault at `directory`: `git status` not clean, or a plain
    /// photo that `git add -A && git commit` stores plain (as a blob, or as a plain LFS object).
    static func problems(in directory: URL, home: URL, seed: UInt8, lfs: Bool) throws -> [String] {
        var problems: [String] = []
        let status = try stock(["status", "--porcelain"], in: directory, home: home)
        if !status.isEmpty { problems.append("git status: \(status)") }
        let photo = Data(MediaFixtures.jpeg(padding: 30_000, seed: seed))
        let path = "media/ee/by-hand-\(seed).jpg"
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("media/ee"), withIntermediateDirectories: true)
        try photo.write(to: directory.appendingPathComponent(path))
        try stock(["add", "-A"], in: directory, home: home)
        try stock(["commit", "-q", "-m", "by hand"], in: directory, home: home)
        let stored = try stock(["cat-file", "-p", "HEAD:\(path)"], in: directory, home: home)
        if lfs {
            guard stored.hasPrefix("version https://git-lfs.github.com/spec/v1") else {
                problems.append("\(path) is not an LFS pointer: \(stored.prefix(40))")
                return problems
            }
            guard let object = EncryptedLFSTests.object(named: stored, in: directory.appendingPathComponent(".git/lfs/objects")) else {
                problems.append("no LFS object for \(path)")
                return problems
            }
            let bytes = try Data(contentsOf: object)
            if bytes.prefix(EncryptedLFSTests.header.count) != EncryptedLFSTests.header || bytes == photo {
                problems.append("the LFS object of \(path) is the plain photo")
            }
        } else if !stored.hasPrefix("\0GITCRYPT\0") {
            problems.append("\(path) is stored plain")
        }
        let after = try stock(["status", "--porcelain"], in: directory, home: home)
        if !after.isEmpty { problems.append("git status after the commit: \(after)") }
        return problems
    }

    @Test(
        "init --encrypt --lfs, clone --key, clone then crypt unlock, unlock after git-crypt lock, and an older vault's next command: stock git status is clean and a new plain photo is committed as ciphertext"
    )
    func everyPathIntoAnUnlockedVault() throws {
        _ = try Tool.find("git-lfs", package: "git-lfs")
        _ = try Tool.find("git-crypt", package: "git-crypt")
        let (scratch, bare, a) = try EncryptedLFSTests.encryptedVault()
        let home = scratch.path("home")
        for seed in 1...2 {
            let photo = try LFSTests.photo(scratch, "IMG_\(seed).jpg", seed: UInt8(seed))
            #expect(try a.run("new", "diary", "--title", "day \(seed)", "--media", photo.path).status == 0)
        }
        #expect(try a.run("sync").status == 0)
        let keyFile = scratch.path("folio.key")
        #expect(try a.run("crypt", "export-key", keyFile.path).status == 0)

        // init --encrypt --lfs.
        #expect(try Self.problems(in: a.directory, home: home, seed: 31, lfs: true) == [], "init")
        #expect(try a.run("sync").status == 0)

        // clone --key.
        let b = FolioProcess(directory: scratch.path("b"), scratch: scratch)
        let cloned = try FolioProcess(directory: scratch.url, scratch: scratch).run("clone", bare.path, "b", "--key", keyFile.path)
        #expect(cloned.status == 0, "\(cloned.stderr)")
        #expect(try Self.problems(in: b.directory, home: home, seed: 32, lfs: true) == [], "clone --key")

        // The row: a clone without the key, then crypt unlock.
        let c = FolioProcess(directory: scratch.path("c"), scratch: scratch)
        #expect(try FolioProcess(directory: scratch.url, scratch: scratch).run("clone", bare.path, "c").status == 0)
        let unlocked = try c.run("crypt", "unlock", keyFile.path)
        #expect(unlocked.status == 0, "\(unlocked.stderr)")
        #expect(try Self.problems(in: c.directory, home: home, seed: 33, lfs: true) == [], "clone, then crypt unlock")

        // git-crypt lock takes the key and git-crypt's settings away; folio's unlock writes them all again.
        try Self.stock(["config", "--remove-section", "filter.folio-crypt-lfs"], in: c.directory, home: home)
        try Tool.run(
            try Tool.find("git-crypt", package: "git-crypt"), ["lock", "--force"], in: c.directory,
            environment: Tool.environment(home: home))
        let again = try c.run("crypt", "unlock", keyFile.path)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try Self.problems(in: c.directory, home: home, seed: 34, lfs: true) == [], "unlock after lock")

        // A vault an older folio set up, without the settings: the next command that writes adds them, and says so.
        try Self.stock(["config", "--remove-section", "filter.folio-crypt-lfs"], in: b.directory, home: home)
        try Self.stock(["config", "--remove-section", "filter.git-crypt"], in: b.directory, home: home)
        let next = try b.run("idea", "升級之後")
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stderr.contains("filter.folio-crypt-lfs.clean") && next.stderr.contains("filter.git-crypt.clean"), "\(next.stderr)")
        #expect(try Self.problems(in: b.directory, home: home, seed: 35, lfs: true) == [], "an older vault")
    }

    @Test(
        "an encrypted vault without LFS: a clone without the key, then crypt unlock; stock git commits a new photo as git-crypt's ciphertext"
    )
    func withoutLFS() throws {
        _ = try Tool.find("git-crypt", package: "git-crypt")
        let scratch = try Scratch()
        let bare = scratch.path("remote.git")
        try git(["init", "-q", "--bare", "-b", "main", bare.path], in: scratch.url)
        let a = FolioProcess(directory: scratch.path("a"), scratch: scratch)
        try FileManager.default.createDirectory(at: a.directory, withIntermediateDirectories: true)
        #expect(try a.run("init", ".", "--name", "林小雨", "--language", "en", "--remote", bare.path, "--encrypt").status == 0)
        #expect(try a.run("idea", "雨天").status == 0)
        #expect(try a.run("sync").status == 0)
        let keyFile = scratch.path("folio.key")
        #expect(try a.run("crypt", "export-key", keyFile.path).status == 0)
        #expect(try Self.problems(in: a.directory, home: scratch.path("home"), seed: 41, lfs: false) == [], "init --encrypt")
        let c = FolioProcess(directory: scratch.path("c"), scratch: scratch)
        #expect(try FolioProcess(directory: scratch.url, scratch: scratch).run("clone", bare.path, "c").status == 0)
        #expect(try c.run("crypt", "unlock", keyFile.path).status == 0)
        #expect(try Self.problems(in: c.directory, home: scratch.path("home"), seed: 42, lfs: false) == [], "clone, then unlock")
    }
}
