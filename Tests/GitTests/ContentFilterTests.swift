import Foundation
import TestSupport
import Testing

@testable import Git

/// A reversible filter for these tests: stored bytes are `SWAB` and the file's bytes each XORed
/// with 0x5A; a file holding `FORBIDDEN` cannot be stored. It serves only repositories whose git
/// directory holds a file named `swab`, so other tests' repositories never see it.
struct SwabFilter: ContentFilter {
    static let marker = Array("SWAB".utf8)

    func clean(_ bytes: [UInt8], path: String) throws -> [UInt8]? {
        if bytes.starts(with: Self.marker) { return nil }
        if String(decoding: bytes, as: UTF8.self).contains("FORBIDDEN") { throw HarnessError(description: "\(path): refused by swab") }
        return Self.marker + bytes.map { $0 ^ 0x5A }
    }

    func smudge(_ bytes: [UInt8], path: String) throws -> [UInt8]? {
        try reveal(bytes, path: path)
    }

    func reveal(_ bytes: [UInt8], path: String) throws -> [UInt8]? {
        guard bytes.starts(with: Self.marker) else { return nil }
        return bytes.dropFirst(Self.marker.count).map { $0 ^ 0x5A }
    }

    /// A repository whose `*.md` files go through the filter.
    static func repository(in scratch: Scratch) throws -> Repository {
        try ContentFilters.register("swab") { gitDirectory in
            FileManager.default.fileExists(atPath: gitDirectory.appendingPathComponent("swab").path) ? SwabFilter() : nil
        }
        let repository = try Repository.create(at: scratch.path("vault"))
        FileManager.default.createFile(atPath: repository.gitDirectory.appendingPathComponent("swab").path, contents: Data())
        try repository.write(".gitattributes", "*.md filter=swab\n")
        try repository.commitFiles([".gitattributes": "*.md filter=swab\n"], "attributes", minute: 0)
        return repository
    }

    static func stored(_ text: String) -> Data {
        Data(marker + Array(text.utf8).map { $0 ^ 0x5A })
    }
}

@Suite("Filters written in Swift, as libgit2 and folio's own reads and writes run them")
struct ContentFilterTests {
    @Test("a file its attributes give the filter is stored cleaned, read and checked out through it, and unchanged to status")
    func storedCleanedCheckedOutSmudged() throws {
        let scratch = try Scratch()
        let repository = try SwabFilter.repository(in: scratch)
        try repository.write("a.md", "secret\n")
        try repository.write("b.txt", "plain\n")
        let commit = try #require(
            try repository.commitOnly(paths: ["a.md", "b.txt"], message: "add", author: signature(1), committer: signature(1)))
        let files = try repository.files(in: commit)
        #expect(try repository.storedBlob(try #require(files["a.md"])) == SwabFilter.stored("secret\n"))
        #expect(try repository.storedBlob(try #require(files["b.txt"])) == Data("plain\n".utf8))
        #expect(try repository.blob(at: "a.md", in: commit) == Data("secret\n".utf8))
        // git itself stores what the filter made: the same blob id.
        #expect(try Tool.git(["rev-parse", "HEAD:a.md"], in: repository.root()) == files["a.md"]?.hex)
        #expect(try repository.status().isEmpty)
        #expect(try repository.statusThroughLibgit2().isEmpty)

        try repository.remove("a.md")
        try repository.checkout(commit: commit, paths: ["a.md"], force: true)
        #expect(try repository.read("a.md") == "secret\n")
        #expect(try repository.status().isEmpty)

        // Staged through the index too (git_index_add_bypath).
        try repository.write("c.md", "more\n")
        let next = try repository.commit(message: "c", author: signature(2), committer: signature(2), paths: ["c.md"])
        #expect(try repository.storedBlob(try #require(try repository.files(in: next)["c.md"])) == SwabFilter.stored("more\n"))
    }

    @Test("a buffer written as a path's blob goes through the filter its attributes give that path")
    func buffersFollowAttributes() throws {
        let scratch = try Scratch()
        let repository = try SwabFilter.repository(in: scratch)
        let record = try repository.writeBlob(Data("merged\n".utf8), path: "ideas/x.md")
        #expect(try repository.storedBlob(record) == SwabFilter.stored("merged\n"))
        #expect(try repository.blob(record, path: "ideas/x.md") == Data("merged\n".utf8))
        let other = try repository.writeBlob(Data("merged\n".utf8), path: "notes.txt")
        #expect(try repository.storedBlob(other) == Data("merged\n".utf8))
    }

    @Test("a revert whose file changed since merges the file's text, not its stored bytes, and stores the result through the filter")
    func revertMergesText() throws {
        let scratch = try Scratch()
        let repository = try SwabFilter.repository(in: scratch)
        try repository.commitFiles(["a.md": "one\ntwo\nthree\nfour\nfive\n"], "one", minute: 1)
        let target = try repository.commitFiles(["a.md": "ONE\ntwo\nthree\nfour\nfive\n"], "first line", minute: 2)
        try repository.commitFiles(["a.md": "ONE\ntwo\nthree\nfour\nFIVE\n"], "last line", minute: 3)

        let reverted = try repository.revert(commit: target, author: signature(4), committer: signature(4))
        #expect(try repository.read("a.md") == "one\ntwo\nthree\nfour\nFIVE\n")
        let blob = try #require(try repository.files(in: reverted)["a.md"])
        #expect(try repository.storedBlob(blob) == SwabFilter.stored("one\ntwo\nthree\nfour\nFIVE\n"))
        #expect(try repository.status().isEmpty)
    }

    @Test("a filter that refuses a file stops the commit with its words, and nothing is committed")
    func refusalStopsTheCommit() throws {
        let scratch = try Scratch()
        let repository = try SwabFilter.repository(in: scratch)
        let head = try repository.head()
        try repository.write("a.md", "FORBIDDEN\n")
        let error = try #require(throws: GitError.self) {
            try repository.commitOnly(paths: ["a.md"], message: "add", author: signature(1), committer: signature(1))
        }
        #expect(error.message.contains("refused by swab"))
        #expect(try repository.head() == head)
    }
}
