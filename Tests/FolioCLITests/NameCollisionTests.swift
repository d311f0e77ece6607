import Foundation
import TestSupport
import Testing

/// Linux keeps two names that differ only in Unicode normalisation (`Café.md` in NFC and in NFD)
/// or only in case as two files; macOS and Windows see one. folio compares paths as bytes where
/// the file system does, never commits a pair that would collide elsewhere (one stays out, named,
/// with the rename to make), refuses such a pair from a remote with the rename to make, and
/// writes every name it makes in NFC.
@Suite("Names that collide on other devices")
struct NameCollisionTests {
    static let nfc = "Caf\u{E9}"
    static let nfd = "Cafe\u{301}"

    /// A record file written by hand at `ideas/<name>.md`.
    static func record(_ folio: FolioProcess, name: String, id: String, title: String) throws {
        try folio.write("ideas/\(name).md", "---\nid: \(id)\nkind: idea\ntitle: \(title)\n---\n")
    }

    /// The names of a folder as bytes.
    static func names(_ folder: URL) throws -> [[UInt8]] {
        try FileManager.default.contentsOfDirectoryAtPathBytes(folder.path)
    }

    @Test("two records whose names differ only in normalisation are listed and shown, each once")
    func listAndShowBoth() throws {
        let folio = try FolioProcess.vault()
        try Self.record(folio, name: Self.nfc, id: "11111111-1111-4111-8111-111111111111", title: "組成的")
        try Self.record(folio, name: Self.nfd, id: "22222222-2222-4222-8222-222222222222", title: "分解的")
        for _ in 0..<2 {  // the second time from the catalog's cache
            let list = try folio.run("list")
            #expect(list.stdout.contains("組成的") && list.stdout.contains("分解的"), "\(list.stdout)")
            #expect(try folio.run("show", "1111").stdout.contains("title: 組成的"))
            #expect(try folio.run("show", "2222").stdout.contains("title: 分解的"))
        }
    }

    @Test("commit leaves one of a colliding pair out, naming the rename, and commits the other")
    func commitLeavesOneOut() throws {
        let folio = try FolioProcess.vault()
        try Self.record(folio, name: Self.nfc, id: "11111111-1111-4111-8111-111111111111", title: "組成的")
        try Self.record(folio, name: Self.nfd, id: "22222222-2222-4222-8222-222222222222", title: "分解的")
        let commit = try folio.run("commit")
        let said = commit.stdout + commit.stderr
        #expect(said.contains("differ only in how accented letters are encoded"), "\(said)")
        #expect(said.contains("mv ideas/\(Self.nfd).md ideas/\(Self.nfc)-2.md"), "\(said)")
        let tracked = try git(["-c", "core.quotepath=on", "ls-files", "ideas"], in: folio.directory)
        #expect(tracked == "\"ideas/Caf\\303\\251.md\"\n", "the NFC one is committed, the NFD one left out: \(tracked)")
        let status = try folio.run("status")
        #expect(status.stdout.contains("held back: macOS and Windows would take it for ideas/\(Self.nfc).md"), "\(status.stdout)")
        let check = try folio.run("check")
        #expect(check.stdout.contains("ideas/\(Self.nfd).md: warning: this name and ideas/\(Self.nfc).md differ only"), "\(check.stdout)")
        // Renamed as told: committed, nothing left.
        try FileManager.default.moveItem(
            at: folio.directory.appendingPathComponent("ideas/\(Self.nfd).md"),
            to: folio.directory.appendingPathComponent("ideas/\(Self.nfc)-2.md"))
        #expect(try folio.run("commit").status == 0)
        #expect(try git(["status", "--porcelain"], in: folio.directory).isEmpty)
    }

    @Test("names that differ only in case: the one already committed stays, the new one is left out")
    func caseCollision() throws {
        let folio = try FolioProcess.vault()
        try Self.record(folio, name: "idea", id: "33333333-3333-4333-8333-333333333333", title: "小寫")
        #expect(try folio.run("commit").status == 0)
        try Self.record(folio, name: "Idea", id: "44444444-4444-4444-8444-444444444444", title: "大寫")
        let commit = try folio.run("commit")
        #expect((commit.stdout + commit.stderr).contains("differ only in upper and lower case"))
        #expect((commit.stdout + commit.stderr).contains("mv ideas/Idea.md ideas/Idea-2.md"))
        #expect(!(try git(["ls-files", "ideas"], in: folio.directory)).contains("Idea.md"))
    }

    @Test("folio writes names in NFC, and never one that collides with a name already there")
    func namesWrittenInNFC() throws {
        let folio = try FolioProcess.vault()
        let made = try folio.run("idea", Self.nfd)
        #expect(made.status == 0)
        let folder = folio.directory.appendingPathComponent("ideas/2026/11")
        #expect(try Self.names(folder) == [Array("2026-11-22-\(Self.nfc.lowercased()).md".utf8)])
        // A hand-made file in NFD where folio's next name would be: folio takes the name after it.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("2026-11-22-\(Self.nfc.lowercased()).md"))
        try folio.write("ideas/2026/11/2026-11-22-\(Self.nfd.lowercased()).md", "---\ntitle: 手寫\n---\n")
        #expect(try folio.run("idea", Self.nfc).status == 0)
        let names = try Self.names(folder).map { String(decoding: $0, as: UTF8.self) }
        #expect(names.contains { Array($0.utf8) == Array("2026-11-22-\(Self.nfc.lowercased())-2.md".utf8) }, "\(names)")
    }

    @Test("a remote holding a pair that differs only in normalisation is refused, naming both and the fix")
    func syncRefusesTwinsWithTheRename() throws {
        let devices = try Devices.make()
        let b = devices["B"].directory
        try Data("---\ntitle: 一\n---\n".utf8).write(to: b.appendingPathComponent("\(Self.nfc).md"))
        try Data("---\ntitle: 二\n---\n".utf8).write(to: b.appendingPathComponent("\(Self.nfd).md"))
        try git(["add", "."], in: b)
        try git(["commit", "-q", "-m", "twins"], in: b)
        try git(["push", "-q", "origin", "main"], in: b)
        let sync = try devices["A"].run("sync")
        #expect(sync.status == 1)
        #expect(sync.stderr.contains("differ only in how accented letters are encoded"), "\(sync.stderr)")
        #expect(sync.stderr.contains("rename one with git mv"), "\(sync.stderr)")
    }

    @Test(
        "names from a remote that collide elsewhere: check names them, check --fix renames them in one commit undo reverts, links follow, and every device ends with one file each"
    )
    func checkFixRenamesRemoteTwins() throws {
        let devices = try Devices.make()
        let b = devices["B"].directory
        // Another client on B commits twins with plain git: NFC and NFD, and two cases, and a page linking the losers.
        try Self.record(devices["B"], name: Self.nfc, id: "11111111-1111-4111-8111-111111111111", title: "組成的")
        try Self.record(devices["B"], name: Self.nfd, id: "22222222-2222-4222-8222-222222222222", title: "分解的")
        try Self.record(devices["B"], name: "Idea", id: "33333333-3333-4333-8333-333333333333", title: "大寫")
        try Self.record(devices["B"], name: "idea", id: "44444444-4444-4444-8444-444444444444", title: "小寫")
        try devices["B"].write(
            "ideas/links.md",
            "---\nid: 55555555-5555-4555-8555-555555555555\nkind: idea\ntitle: links\n---\n[分解的](\(Self.nfd).md) [組成的](\(Self.nfc).md)\n[小寫](idea.md)\n"
        )
        try git(["add", "."], in: b)
        try git(["commit", "-q", "-m", "twins from another app"], in: b)
        try git(["push", "-q", "origin", "main"], in: b)
        // A refuses the tree and says what fixes it where both names are.
        let refused = try devices["A"].run("sync")
        #expect(refused.status == 1 && refused.stderr.contains("`folio check --fix` renames one"), "\(refused.stderr)")

        let check = try devices["B"].run("check")
        #expect(check.status == 1)
        #expect(
            check.stdout.contains("ideas/\(Self.nfd).md: warning: this name and ideas/\(Self.nfc).md differ only in how accented"),
            "\(check.stdout)")
        #expect(
            check.stdout.contains("ideas/idea.md: warning: this name and ideas/Idea.md differ only in upper and lower case"),
            "\(check.stdout)")
        let commits = try git(["rev-list", "--count", "HEAD"], in: b)
        let fixed = try devices["B"].run("check", "--fix", "--yes")
        #expect(fixed.status == 0, "\(fixed.stdout)\(fixed.stderr)")
        #expect(fixed.stdout.contains("renamed ideas/\(Self.nfd).md to ideas/\(Self.nfc)-2.md"), "\(fixed.stdout)")
        #expect(fixed.stdout.contains("renamed ideas/idea.md to ideas/idea-2.md"), "\(fixed.stdout)")
        let wanted: [[UInt8]] = [
            Array("\(Self.nfc)-2.md".utf8), Array("\(Self.nfc).md".utf8), Array("Idea.md".utf8), Array("idea-2.md".utf8),
            Array("links.md".utf8),
        ].sorted { $0.lexicographicallyPrecedes($1) }
        #expect(try Self.names(b.appendingPathComponent("ideas")) == wanted)
        #expect(
            try git(["rev-list", "--count", "HEAD"], in: b)
                == "\(Int(commits.trimmingCharacters(in: .whitespacesAndNewlines)).map { $0 + 1 } ?? 0)\n")
        #expect(try git(["status", "--porcelain"], in: b).isEmpty)
        // Links to the renamed files follow them; the link to the name that stayed is as it was.
        let links = devices["B"].read("ideas/links.md") ?? ""
        #expect(Array(links.utf8).ends(with: Array("[分解的](\(Self.nfc)-2.md) [組成的](\(Self.nfc).md)\n[小寫](idea-2.md)\n".utf8)), "\(links)")
        #expect(devices["B"].read("ideas/\(Self.nfc)-2.md")?.contains("title: 分解的") == true)

        // One undo puts every name back; the fix makes the same renames again.
        #expect(try devices["B"].run("undo").status == 0)
        #expect(try Self.names(b.appendingPathComponent("ideas")).count == 5)
        #expect(try devices["B"].run("check").stdout.contains("differ only in upper and lower case"))
        #expect(try devices["B"].run("check", "--fix", "--yes").status == 0)
        try devices.sync("B", "A")
        #expect(try Self.names(devices["A"].directory.appendingPathComponent("ideas")) == wanted)
        #expect(try devices["A"].run("check").status == 0)
        #expect(try devices["A"].run("show", "2222").stdout.contains("title: 分解的"))
    }
}

extension FileManager {
    /// The names in a folder, as the file system holds them (no conversion through String paths).
    func contentsOfDirectoryAtPathBytes(_ path: String) throws -> [[UInt8]] {
        guard let directory = opendir(path) else { throw CocoaError(.fileReadNoSuchFile) }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: UInt8.self, capacity: 256) {
                    Array(UnsafeBufferPointer(start: $0, count: strlen(UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))))
                }
            }
            if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }
}

extension Array where Element: Equatable {
    func ends(with suffix: [Element]) -> Bool { count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix }
}
