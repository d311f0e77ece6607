import Foundation
import TestSupport
import Testing

/// A setting whose effect lives in a file folio wrote earlier (`.gitattributes`, git's
/// configuration) does what it says, or `config` refuses it and names the command that does.
@Suite("Settings that files folio wrote decide")
struct LFSSettingEffectTests {
    /// The stored form of `path` in the last commit: an LFS pointer's text, or the file's bytes.
    static func stored(_ path: String, in folio: FolioProcess) throws -> String {
        try git(["cat-file", "-p", "HEAD:\(path)"], in: folio.directory)
    }

    @Test(
        "media.lfs_min_bytes after init --lfs: config set refuses it naming media lfs --above, which then keeps a 5.7 KB photo in git while larger and earlier LFS photos stay in LFS, and stock git sees nothing changed"
    )
    func thresholdAfterInitLFS() throws {
        let scratch = try Scratch()
        let folio = try LFSTests.vault(scratch)
        let early = try LFSTests.photo(scratch, "IMG_0.jpg", seed: 3)
        #expect(try folio.run("new", "diary", "--title", "early", "--media", early.path).status == 0)
        let earlySHA = try LFSTests.sha256(early)
        let earlyPath = "media/\(earlySHA.prefix(2))/\(earlySHA).jpg"
        #expect(try Self.stored(earlyPath, in: folio).hasPrefix("version https://git-lfs.github.com/spec/v1"))

        let settingsBefore = folio.read(".folio/config.yaml")
        let refused = try folio.run("config", "set", "media.lfs_min_bytes", "1048576")
        #expect(refused.status == 1, "\(refused.stdout)")
        #expect(refused.stderr.contains("folio media lfs --above 1048576"), "\(refused.stderr)")
        #expect(folio.read(".folio/config.yaml") == settingsBefore, "a value that would change nothing is not written")
        let zh = try folio.run("--lang", "zh-Hant", "config", "set", "media.lfs_min_bytes", "1048576")
        #expect(zh.status == 1 && zh.stderr.contains("folio media lfs --above 1048576") && zh.stderr.contains("設定"), "\(zh.stderr)")

        let narrowed = try folio.run("media", "lfs", "--above", "1MiB")
        #expect(narrowed.status == 0, "\(narrowed.stderr)")
        let attributes = folio.read(".gitattributes") ?? ""
        #expect(!attributes.contains("media/** filter=lfs"), "\(attributes)")
        #expect(attributes.contains("\(earlyPath) filter=lfs diff=lfs merge=lfs -text"), "\(attributes)")
        #expect(try git(["status", "--porcelain"], in: folio.directory).isEmpty)

        // The row's photo: 5.7 KB, now a blob of git; a larger one still a pointer.
        let small = scratch.path("IMG_small.jpg")
        try Data(MediaFixtures.jpeg(padding: 5_000, seed: 9)).write(to: small)
        let large = scratch.path("IMG_large.jpg")
        try Data(MediaFixtures.jpeg(padding: 1_200_000, seed: 10)).write(to: large)
        #expect(try folio.run("new", "diary", "--title", "small", "--media", small.path).status == 0)
        #expect(try folio.run("new", "diary", "--title", "large", "--media", large.path).status == 0)
        let smallSHA = try LFSTests.sha256(small)
        let largeSHA = try LFSTests.sha256(large)
        let smallBlob = try git(["cat-file", "-s", "HEAD:media/\(smallSHA.prefix(2))/\(smallSHA).jpg"], in: folio.directory)
        #expect(Int(smallBlob.trimmingCharacters(in: .whitespacesAndNewlines)) == (try Data(contentsOf: small).count), "\(smallBlob)")
        #expect(
            try Self.stored("media/\(largeSHA.prefix(2))/\(largeSHA).jpg", in: folio).hasPrefix(
                "version https://git-lfs.github.com/spec/v1"))
        #expect(try Self.stored(earlyPath, in: folio).hasPrefix("version https://git-lfs.github.com/spec/v1"))
        #expect(try git(["status", "--porcelain"], in: folio.directory).isEmpty)
        let checked = try folio.run("check")
        #expect(checked.status == 0, "\(checked.stdout) \(checked.stderr)")
    }

    @Test(
        "config set or unset of media.lfs, media.lfs_min_bytes and crypt.encrypted: refused, naming the command that does it or saying nothing turns it off; nothing written or committed"
    )
    func settingsACommandWrites() throws {
        let folio = try FolioProcess.vault()
        let settings = folio.read(".folio/config.yaml")
        let commits = try git(["rev-list", "--count", "HEAD"], in: folio.directory)
        let cases: [([String], String)] = [
            (["config", "set", "media.lfs", "true"], "Run folio media lfs,"),
            (["config", "set", "crypt.encrypted", "true"], "Run folio crypt init,"),
            (["config", "set", "media.lfs_min_bytes", "0"], "Run folio media lfs,"),
            (["config", "unset", "media.lfs_min_bytes"], "Run folio media lfs,"),
            (["config", "set", "media.lfs", "false"], "cannot be turned off"),
            (["config", "unset", "media.lfs"], "cannot be turned off"),
            (["config", "unset", "crypt.encrypted"], "cannot be turned off"),
            // A typo is still told as one.
            (["config", "set", "media.lfs", "maybe"], "must be true or false"),
        ]
        for (arguments, expected) in cases {
            let refused = try folio.run(arguments)
            #expect(refused.status == 1, "\(arguments): \(refused.stdout)")
            #expect(refused.stderr.contains(expected), "\(arguments): \(refused.stderr)")
        }
        let zh = try folio.run("--lang", "zh-Hant", "config", "set", "crypt.encrypted", "false")
        #expect(zh.status == 1 && zh.stderr.contains("不能關掉"), "\(zh.stderr)")
        #expect(folio.read(".folio/config.yaml") == settings)
        #expect(try git(["rev-list", "--count", "HEAD"], in: folio.directory) == commits)
        // The commands named do what the settings say.
        #expect(try folio.run("media", "lfs").status == 0)
        #expect(folio.read(".gitattributes")?.contains("media/** filter=lfs diff=lfs merge=lfs -text") == true)
        #expect(try git(["config", "filter.lfs.process"], in: folio.directory).contains("git-lfs filter-process"))
    }
}
