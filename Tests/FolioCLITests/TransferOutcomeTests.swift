import Foundation
import TestSupport
import Testing

/// Issue 70: a transfer's exit status and words say what happened. A sync or a clone that did all
/// but bring some media fails (exit 1) after doing the rest, naming each file and `folio media
/// fetch`; an export without media that are not on the device fails the same way; `folio help`
/// has the exit-status table docs/commands.md has.
@Suite("What a transfer did, said by its status and words")
struct TransferOutcomeTests {
    /// Device A with two photos synced to a bare remote (LFS objects in its `lfs/objects`), and the
    /// hash of each photo's bytes.
    static func syncedPhotos(_ scratch: Scratch) throws -> (FolioProcess, [String]) {
        let folio = try LFSTests.vault(scratch)
        var shas: [String] = []
        for seed in 1...2 {
            let photo = try LFSTests.photo(scratch, "IMG_\(seed).jpg", seed: UInt8(seed))
            #expect(try folio.run("new", "diary", "--title", "第\(seed)天", "--media", photo.path).status == 0)
            shas.append(try LFSTests.sha256(photo))
        }
        #expect(try folio.run("sync").status == 0)
        return (folio, shas)
    }

    /// The remote's copy of an LFS object, which a test takes away (and gives back).
    static func remoteObject(_ scratch: Scratch, _ sha: String) -> URL {
        scratch.path("remote.git/lfs/objects/\(sha.prefix(2))/\(sha.dropFirst(2).prefix(2))/\(sha)")
    }

    static func mediaPath(_ sha: String) -> String { "media/\(sha.prefix(2))/\(sha).jpg" }

    @Test("clone: the vault is made, the media that came are there, the one that did not is named with folio media fetch, exit 1")
    func cloneWithMissingMedia() throws {
        let scratch = try Scratch()
        let (_, shas) = try Self.syncedPhotos(scratch)
        let lost = Self.remoteObject(scratch, shas[0])
        let kept = scratch.path("kept-object")
        try FileManager.default.moveItem(at: lost, to: kept)

        let cloned = try FolioProcess(directory: scratch.url, scratch: scratch).run("clone", scratch.path("remote.git").path, "b")

        #expect(cloned.status == 1, "\(cloned.stdout) \(cloned.stderr)")
        #expect(cloned.stdout.contains("downloaded 1 media file"), "\(cloned.stdout)")
        #expect(cloned.stderr.contains(Self.mediaPath(shas[0])), "\(cloned.stderr)")
        #expect(cloned.stderr.contains("1 media file did not download"), "\(cloned.stderr)")
        #expect(cloned.stderr.contains("folio media fetch"), "\(cloned.stderr)")
        var b = FolioProcess(directory: scratch.path("b"), scratch: scratch)
        b.environment["FOLIO_DEVICE"] = "B"
        let listed = try b.run("list")
        #expect(listed.stdout.contains("第1天") && listed.stdout.contains("第2天"), "\(listed.stdout)")
        #expect(try Data(contentsOf: scratch.path("b").appendingPathComponent(Self.mediaPath(shas[1]))).count > 200_000)

        // The command it names does bring the file once the server has it again.
        try FileManager.default.moveItem(at: kept, to: lost)
        let again = try b.run("media", "fetch")
        #expect(again.status == 0, "\(again.stdout) \(again.stderr)")
        #expect(try LFSTests.sha256(scratch.path("b").appendingPathComponent(Self.mediaPath(shas[0]))) == shas[0])
    }

    @Test("sync: records merged, committed and pushed, then exit 1 naming the media that did not download", arguments: ["en", "zh-Hant"])
    func syncWithMissingMedia(language: String) throws {
        let scratch = try Scratch()
        let (a, _) = try Self.syncedPhotos(scratch)
        #expect(try FolioProcess(directory: scratch.url, scratch: scratch).run("clone", scratch.path("remote.git").path, "b").status == 0)
        var b = FolioProcess(directory: scratch.path("b"), scratch: scratch)
        b.environment["FOLIO_DEVICE"] = "B"
        // A new photo on A, whose object the server then loses; a new page on B.
        let photo = try LFSTests.photo(scratch, "IMG_3.jpg", seed: 3)
        #expect(try a.run("new", "diary", "--title", "第3天", "--media", photo.path).status == 0)
        #expect(try a.run("sync").status == 0)
        let sha = try LFSTests.sha256(photo)
        // The server still holds the object (B's push finds it there) but its bytes are damaged.
        var damaged = try Data(contentsOf: Self.remoteObject(scratch, sha))
        damaged[damaged.count / 2] ^= 0xFF
        try FileManager.default.removeItem(at: Self.remoteObject(scratch, sha))
        try damaged.write(to: Self.remoteObject(scratch, sha))
        #expect(try b.run("new", "note", "--title", "從B寫的").status == 0)

        let synced = try b.run("sync", "--lang", language)

        #expect(synced.status == 1, "\(synced.stdout) \(synced.stderr)")
        #expect(synced.stderr.contains(Self.mediaPath(sha)), "\(synced.stderr)")
        #expect(synced.stderr.contains("folio media fetch"), "\(synced.stderr)")
        if language == "zh-Hant" {
            #expect(synced.stderr.contains("沒有下載") && !synced.stderr.contains("did not download"), "\(synced.stderr)")
        } else {
            #expect(synced.stderr.contains("1 media file did not download"), "\(synced.stderr)")
        }
        // Everything else happened: A's page is here, B's page is on the remote, nothing is left to commit.
        #expect(try b.run("list").stdout.contains("第3天"))
        let remoteHead = try TestSupport.Tool.git(["--git-dir", scratch.path("remote.git").path, "rev-parse", "main"], in: scratch.url)
        #expect(try TestSupport.Tool.git(["rev-parse", "HEAD"], in: b.directory) == remoteHead)
        #expect(try a.run("sync").status == 0)
        #expect(try a.run("list").stdout.contains("從B寫的"))
        #expect(try TestSupport.Tool.git(["status", "--porcelain"], in: b.directory).isEmpty)
    }

    @Test("export with media not on this device: the export is written, the missing files named, exit 1")
    func exportWithMissingMedia() throws {
        let scratch = try Scratch()
        let (_, shas) = try Self.syncedPhotos(scratch)
        try FileManager.default.removeItem(at: Self.remoteObject(scratch, shas[0]))
        _ = try FolioProcess(directory: scratch.url, scratch: scratch).run("clone", scratch.path("remote.git").path, "b")
        var b = FolioProcess(directory: scratch.path("b"), scratch: scratch)
        b.environment["FOLIO_DEVICE"] = "B"

        let folder = try b.run("export", "markdown", "--out", scratch.path("out").path)
        #expect(folder.status == 1, "\(folder.stdout) \(folder.stderr)")
        #expect(folder.stderr.contains(Self.mediaPath(shas[0])) && folder.stderr.contains("folio media fetch"), "\(folder.stderr)")
        #expect(folder.stderr.contains("without 1 media file"), "\(folder.stderr)")
        let written = try FileManager.default.subpathsOfDirectory(atPath: scratch.path("out").path)
        #expect(written.filter { $0.hasSuffix(".md") }.count >= 2, "\(written)")
        #expect(written.contains { $0.hasPrefix("attachments/") }, "\(written)")

        let json = try b.run("export", "json", "--media")
        #expect(json.status == 1, "\(json.stderr)")
        #expect(json.stderr.contains(Self.mediaPath(shas[0])), "\(json.stderr)")
        #expect((try? JSONSerialization.jsonObject(with: Data(json.stdout.utf8))) != nil, "the JSON is whole")

        // Without media nothing is missing.
        #expect(try b.run("export", "json").status == 0)
    }

    @Test("folio help ends with the exit-status table of docs/commands.md, in both languages", arguments: ["en", "zh-Hant"])
    func helpHasTheExitTable(language: String) throws {
        let folio = try FolioProcess.vault(language: language)
        let help = try folio.run("help")
        #expect(help.status == 0)
        let docs = try String(contentsOf: ConventionsTests.packageRoot.appendingPathComponent("docs/commands.md"), encoding: .utf8)
        let table = try #require(docs.components(separatedBy: "## Exit status").last)
        let codes = table.split(separator: "\n").compactMap { line -> String? in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            return cells.first.flatMap { Int($0) }.map(String.init)
        }
        #expect(codes == ["0", "1", "2", "3", "130"], "\(codes)")
        let lines = help.stdout.split(separator: "\n").map(String.init)
        for code in codes {
            #expect(lines.contains { $0.hasPrefix("  \(code) ") }, "\(code): \(help.stdout)")
        }
        // What the docs say of 1 and 3, the help says too: media that did not come, the LFS server.
        for word in ["media fetch", "clone", "LFS", "embed"] { #expect(help.stdout.contains(word), "\(word)") }
        if language == "zh-Hant" { #expect(help.stdout.contains("結束狀態") && help.stdout.contains("沒有下載")) }
    }
}
