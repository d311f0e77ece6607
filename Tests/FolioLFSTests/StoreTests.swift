import Crypto
import FolioLFS
import Foundation
import Git
import LFSStore
import TestSupport
import Testing

@Suite("The local LFS store and libgit2's clean and smudge")
struct StoreTests {
    @Test("a commit through libgit2 stores the pointer in git and the bytes where git-lfs finds them")
    func commitThroughFilter() throws {
        let scratch = try Scratch()
        try LFSFilter.register()
        let repository = try Repository.create(at: scratch.url, initialBranch: "main")
        try scratch.write(".gitattributes", LFSAttributes.mediaFolderLine + "\n")
        var generator = SystemRandomNumberGenerator()
        let video = (0..<3_000_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let oid = LFSObjectStore.hex(SHA256.hash(data: video))
        let path = "media/\(oid.prefix(2))/\(oid).mp4"
        try FileManager.default.createDirectory(at: scratch.path(path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(video).write(to: scratch.path(path))
        try repository.commit(message: "add", author: signature(1), committer: signature(1), paths: [".gitattributes", path])

        let head = try #require(try repository.head())
        let stored = try #require(try repository.storedBlob(at: path, in: head))
        #expect(LFSPointer(parsing: [UInt8](stored)) == LFSPointer(oid: oid, size: UInt64(video.count)))
        let store = LFSObjectStore(gitDirectory: repository.gitDirectory)
        #expect(try store.verify(oid))
        // git-lfs sees the same: its listing names the file, and fsck finds the object sound.
        let listed = try gitLFS(["ls-files", "--long"], in: scratch.url)
        #expect(listed.contains(oid) && listed.contains(path), "\(listed)")
        _ = try gitLFS(["fsck"], in: scratch.url)
        // Nothing changed for git: the working file cleans to the committed pointer.
        #expect(try repository.status().isEmpty)
    }

    @Test("a checkout writes local objects' bytes and leaves other pointers as they are, without the network")
    func smudgeNeverFetches() throws {
        let scratch = try Scratch()
        try LFSFilter.register()
        let source = try Repository.create(at: scratch.path("a"), initialBranch: "main")
        try scratch.write("a/.gitattributes", LFSAttributes.mediaFolderLine + "\n")
        try scratch.write("a/media/one.bin", "first media file")
        try scratch.write("a/media/two.bin", "second media file")
        try source.commit(
            message: "add", author: signature(1), committer: signature(1), paths: [".gitattributes", "media/one.bin", "media/two.bin"])
        let head = try #require(try source.head())
        // A second repository has the objects of one file only, and no remote at all.
        let target = try Repository.create(at: scratch.path("b"), initialBranch: "main")
        try target.setRemote(url: scratch.path("a").path)
        _ = try Tool.run(try Tool.find("git", package: "git"), ["fetch", "-q", "origin"], in: scratch.path("b"))
        let oneBlob = try #require(try source.storedBlob(at: "media/one.bin", in: head))
        let oneObject = try #require(LFSPointer(parsing: [UInt8](oneBlob)))
        let from = LFSObjectStore(gitDirectory: source.gitDirectory).url(of: oneObject.oid)
        let to = LFSObjectStore(gitDirectory: target.gitDirectory).url(of: oneObject.oid)
        try FileManager.default.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: from, to: to)
        try target.checkout(commit: head, force: true)
        #expect(try String(contentsOf: scratch.path("b/media/one.bin"), encoding: .utf8) == "first media file")
        let two = try String(contentsOf: scratch.path("b/media/two.bin"), encoding: .utf8)
        #expect(two.hasPrefix("version https://git-lfs.github.com/spec/v1\n"))
    }
}
