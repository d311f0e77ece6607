import Foundation
import Synchronization
import SystemIO
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// SystemIO's replace-if-unchanged on its own: what it installs, what it refuses, what it leaves.
/// (FolioStoreTests check the same promises through the vault's `AtomicFile`.)
@Suite("Putting a file in place only over the version read")
struct FileReplacementTests {
    let scratch: Scratch
    let target: String

    init() throws {
        scratch = try Scratch("replacement")
        target = try scratch.write("note.md", "原本\n").path
    }

    func temporary(_ text: String) throws -> String {
        try scratch.write(".note.md.new", text).path
    }

    func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted()
    }

    func text(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test("the version read is replaced; a second write over the same version is refused")
    func versionRead() throws {
        let (bytes, version) = try #require(FileReplacement.read(target))
        #expect(bytes == Array("原本\n".utf8))
        #expect(FileReplacement.install(try temporary("新的\n"), at: target, expecting: .version(version)) == .success(.installed))
        #expect(try text(target) == "新的\n")
        #expect(FileReplacement.install(try temporary("再一次\n"), at: target, expecting: .version(version)) == .success(.changed))
        #expect(try text(target) == "新的\n")
        #expect(try names() == ["note.md"], "the refused temporary file is gone")
    }

    @Test("absent means absent: an existing file is never replaced, a missing one is made")
    func absent() throws {
        #expect(FileReplacement.install(try temporary("新紀錄\n"), at: target, expecting: .absent) == .success(.changed))
        #expect(try text(target) == "原本\n")
        let fresh = scratch.path("fresh.md").path
        #expect(FileReplacement.install(try temporary("x\n"), at: fresh, expecting: .absent) == .success(.installed))
        #expect(try text(fresh) == "x\n")
        #expect(try names() == ["fresh.md", "note.md"])
    }

    @Test("a version whose stat matches but whose content does not is put back after the swap")
    func contentDecides() throws {
        var info = stat()
        #expect(stat(target, &info) == 0)
        let stale = FileVersion(info, bytes: Array("別的內容\n".utf8))
        #expect(FileReplacement.install(try temporary("folio 的\n"), at: target, expecting: .version(stale)) == .success(.changed))
        #expect(try text(target) == "原本\n")
        #expect(try names() == ["note.md"])
    }

    @Test("removal takes the version read, and leaves a file saved since")
    func removal() throws {
        let (_, version) = try #require(FileReplacement.read(target))
        let hidden = scratch.path(".note.md.gone").path
        try scratch.write("note.md.swp", "存的\n")
        #expect(rename(scratch.path("note.md.swp").path, target) == 0)
        #expect(FileReplacement.remove(target, expecting: version, hidden: hidden) == .success(.changed))
        #expect(try text(target) == "存的\n")
        let (_, current) = try #require(FileReplacement.read(target))
        #expect(FileReplacement.remove(target, expecting: current, hidden: hidden) == .success(.installed))
        #expect(try names().isEmpty)
        #expect(FileReplacement.remove(target, expecting: current, hidden: hidden) == .success(.installed), "already gone is gone")
    }

    @Test("a pipe, a link or a folder is not read")
    func onlyRegularFiles() throws {
        let pipe = scratch.path("pipe").path
        #expect(mkfifo(pipe, 0o644) == 0)
        #expect(FileReplacement.read(pipe) == nil)
        let link = scratch.path("link").path
        #expect(symlink(target, link) == 0)
        #expect(FileReplacement.read(link) == nil)
        #expect(FileReplacement.read(scratch.url.path) == nil)
        #expect(FileReplacement.read(scratch.path("missing").path) == nil)
    }
}

@Suite("Parallel loops")
struct ParallelTests {
    @Test("every index once, in order, for any count and chunk", arguments: [0, 1, 2, 255, 256, 257, 10_000])
    func everyIndexInOrder(count: Int) {
        for chunk in [1, 7, 256, 100_000] {
            #expect(parallelMap(count, minimumChunk: chunk) { $0 * 2 } == (0..<count).map { $0 * 2 })
        }
    }

    @Test("each worker's state is made for its chunk and shared only within it")
    func statePerChunk() {
        final class Counter: Sendable {
            let seen = Mutex(0)
        }
        let results = parallelMap(1_000, minimumChunk: 100, state: { Counter() }) { counter, index in
            (
                index,
                counter.seen.withLock { seen in
                    seen += 1
                    return seen
                }
            )
        }
        #expect(results.map(\.0) == Array(0..<1_000))
        #expect(results.allSatisfy { $0.1 >= 1 && $0.1 <= 1_000 })
        #expect(results.first?.1 == 1)
    }
}
