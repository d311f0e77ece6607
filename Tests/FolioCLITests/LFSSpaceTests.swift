import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Space folio takes for LFS media, folio gives back: a download stopped by a full disk leaves
/// nothing, one killed by it leaves what `gc` frees, and `gc` removes the LFS copies of media no
/// commit to keep uses, once the remote has them (never one no push carried yet).
@Suite("The LFS store's space, given back")
struct LFSSpaceTests {
    /// Unfinished downloads in the vault: folio's temporary objects and files of `media/`.
    static func partials(_ vault: URL) -> [String] {
        let manager = FileManager.default
        var found = ((try? manager.contentsOfDirectory(atPath: vault.appendingPathComponent(".git/lfs/tmp").path)) ?? []).filter {
            $0.hasPrefix("folio-")
        }
        let media = vault.appendingPathComponent("media")
        for folder in ((try? manager.contentsOfDirectory(atPath: media.path)) ?? []) + [""] {
            let names = (try? manager.contentsOfDirectory(atPath: media.appendingPathComponent(folder).path)) ?? []
            found += names.filter { $0.hasPrefix(".import-") }.map { "media/\(folder)/\($0)" }
        }
        return found
    }

    static func object(_ sha: String, in vault: URL) -> URL {
        vault.appendingPathComponent(".git/lfs/objects/\(sha.prefix(2))/\(sha.dropFirst(2).prefix(2))/\(sha)")
    }

    @Test(
        "a download stopped by a full disk (a file-size limit) or a cut connection leaves nothing; one killed half way leaves what gc frees, with git-lfs's stale partial downloads; then the fetch works"
    )
    func partialDownloads() throws {
        let scratch = try Scratch()
        let server = try LFSFaultServer()
        let a = try LFSTests.vault(scratch)
        #expect(try a.run("config", "set", "media.fetch", "none").status == 0)
        try a.write(".lfsconfig", "[lfs]\n\turl = \(server.url)\n")
        #expect(try a.run("commit", "-m", "LFS server").status == 0)
        #expect(try a.run("config", "trust", "lfs.url").status == 0)
        let video = scratch.path("clip.jpg")
        try Data(MediaFixtures.jpeg(padding: 3_000_000, seed: 77)).write(to: video)
        #expect(try a.run("new", "diary", "--title", "clip", "--media", video.path).status == 0)
        #expect(try a.run("sync").status == 0)
        let sha = try LFSTests.sha256(video)
        let stored = "media/\(sha.prefix(2))/\(sha).jpg"
        var b = FolioProcess(directory: scratch.path("b"), scratch: scratch)
        #expect(try FolioProcess(directory: scratch.url, scratch: scratch).run("clone", scratch.path("remote.git").path, "b").status == 0)
        #expect(b.read(stored)?.hasPrefix("version https://git-lfs.github.com/spec/v1") == true)

        // Writes past 1 MiB fail (EFBIG), as on a full disk: the download fails and leaves nothing.
        b.wrapper = ["/bin/sh", "-c", "trap '' XFSZ; ulimit -f 2048; exec \"$0\" \"$@\""]
        let full = try b.run("media", "fetch", "--all")
        #expect(full.status != 0 && full.stderr.contains("File too large"), "\(full.stderr)")
        #expect(Self.partials(b.directory).isEmpty, "\(Self.partials(b.directory))")
        #expect(b.read(stored)?.hasPrefix("version https://git-lfs.github.com/spec/v1") == true)
        b.wrapper = []

        // The connection cut half way, on every attempt: nothing left either.
        server.failTransfers(Array(repeating: .truncate(200_000), count: 4))
        let cut = try b.run("media", "fetch", "--all")
        #expect(cut.status != 0, "\(cut.stdout)")
        #expect(Self.partials(b.directory).isEmpty, "\(Self.partials(b.directory))")

        // Killed (SIGKILL) half way: its partial download stays, for gc.
        server.failTransfers([.stallAfter(100_000)])
        let fetch = try b.start(["media", "fetch", "--all"])
        #expect(LFSKillTests.wait { !Self.partials(b.directory).isEmpty }, "the download is half way")
        kill(fetch.0.processIdentifier, SIGKILL)
        _ = b.finish(fetch)
        #expect(!Self.partials(b.directory).isEmpty, "the killed download left its partial file")
        // git-lfs's own partial downloads: one untouched for two hours, one it may still be resuming.
        let incomplete = b.directory.appendingPathComponent(".git/lfs/incomplete")
        try FileManager.default.createDirectory(at: incomplete, withIntermediateDirectories: true)
        let old = incomplete.appendingPathComponent(String(repeating: "a", count: 64))
        let fresh = incomplete.appendingPathComponent(String(repeating: "b", count: 64))
        try Data(count: 50_000).write(to: old)
        try Data(count: 50_000).write(to: fresh)
        let twoHoursAgo = Date().addingTimeInterval(-7_200)
        try FileManager.default.setAttributes([.modificationDate: twoHoursAgo], ofItemAtPath: old.path)

        let dry = try b.run("gc", "--dry-run")
        #expect(dry.stdout.contains("would free") && dry.stdout.contains("2 unfinished downloads"), "\(dry.stdout)")
        #expect(!Self.partials(b.directory).isEmpty && FileManager.default.fileExists(atPath: old.path))
        let gc = try b.run("gc", "--yes")
        #expect(gc.status == 0, "\(gc.stderr)")
        #expect(gc.stdout.contains("2 unfinished downloads"), "\(gc.stdout)")
        #expect(Self.partials(b.directory).isEmpty, "\(Self.partials(b.directory))")
        #expect(!FileManager.default.fileExists(atPath: old.path))
        #expect(FileManager.default.fileExists(atPath: fresh.path), "a partial git-lfs may still resume is kept")

        let fetched = try b.run("media", "fetch", "--all")
        #expect(fetched.status == 0, "\(fetched.stderr)")
        #expect(try LFSTests.sha256(b.directory.appendingPathComponent(stored)) == sha)
        #expect(try git(["status", "--porcelain"], in: b.directory).isEmpty)
    }

    @Test(
        "gc removes the LFS copy of a deleted photo once the remote has its commits (git lfs fsck is content), keeps one no push carried yet, and keeps everything in a vault without a remote"
    )
    func unneededObjects() throws {
        let lfs = try Tool.find("git-lfs", package: "git-lfs")
        let scratch = try Scratch()
        let a = try LFSTests.vault(scratch)
        var shas: [String] = []
        for (seed, title) in [(61, "gone"), (62, "kept"), (63, "unpushed")] {
            let photo = try LFSTests.photo(scratch, "IMG_\(seed).jpg", seed: UInt8(seed))
            shas.append(try LFSTests.sha256(photo))
            #expect(try a.run("new", "diary", "--title", title, "--media", photo.path).status == 0)
            // The first two are on the remote; the third is not.
            if title == "kept" { #expect(try a.run("sync").status == 0) }
        }
        let (gone, kept, unpushed) = (shas[0], shas[1], shas[2])
        #expect(try a.run("rm", "gone", "--yes").status == 0)
        #expect(try a.run("rm", "unpushed", "--yes").status == 0)

        // gc removes both photos from the vault (a commit), then the LFS copy only the remote's commits need.
        let gc = try a.run("gc", "--yes")
        #expect(gc.status == 0, "\(gc.stderr)")
        #expect(a.read("media/\(gone.prefix(2))/\(gone).jpg") == nil && a.read("media/\(unpushed.prefix(2))/\(unpushed).jpg") == nil)
        #expect(gc.stdout.contains("1 media copy no commit to keep uses"), "\(gc.stdout)")
        #expect(!FileManager.default.fileExists(atPath: Self.object(gone, in: a.directory).path), "the deleted photo's copy is freed")
        #expect(FileManager.default.fileExists(atPath: Self.object(kept, in: a.directory).path))
        #expect(FileManager.default.fileExists(atPath: Self.object(unpushed, in: a.directory).path), "never a copy the remote lacks")
        #expect(
            FileManager.default.fileExists(
                atPath: scratch.path("remote.git/lfs/objects/\(gone.prefix(2))/\(gone.dropFirst(2).prefix(2))/\(gone)").path))
        let environment = Tool.environment(home: scratch.path("home"))
        let fsck = try Tool.run(lfs, ["fsck"], in: a.directory, environment: environment)
        #expect(fsck.lowercased().contains("ok"), "\(fsck)")
        #expect(try git(["status", "--porcelain"], in: a.directory).isEmpty)

        // Once the sync has sent it, the unpushed photo's copy goes too.
        #expect(try a.run("sync").status == 0)
        #expect(try a.run("gc", "--yes").status == 0)
        #expect(!FileManager.default.fileExists(atPath: Self.object(unpushed, in: a.directory).path))
        #expect(FileManager.default.fileExists(atPath: Self.object(kept, in: a.directory).path))

        // No remote: the store holds the only copy of a deleted photo, and keeps it.
        let lone = FolioProcess(directory: scratch.path("lone"), scratch: scratch)
        try FileManager.default.createDirectory(at: lone.directory, withIntermediateDirectories: true)
        #expect(try lone.run("init", ".", "--name", "林小雨", "--language", "en", "--lfs").status == 0)
        let photo = try LFSTests.photo(scratch, "IMG_lone.jpg", seed: 64)
        #expect(try lone.run("new", "diary", "--title", "alone", "--media", photo.path).status == 0)
        #expect(try lone.run("rm", "alone", "--yes").status == 0)
        #expect(try lone.run("gc", "--yes").status == 0)
        #expect(FileManager.default.fileExists(atPath: Self.object(try LFSTests.sha256(photo), in: lone.directory).path))
    }
}
