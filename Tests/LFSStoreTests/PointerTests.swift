import Crypto
import Foundation
import LFSStore
import TestSupport
import Testing

@Suite("LFS pointers as git-lfs writes them")
struct PointerTests {
    /// 100 files of mixed sizes and contents: empty, one byte, text, binary, just under and over a
    /// pointer's size, a few hundred kilobytes.
    static func mixedFiles(in folder: URL) throws -> [URL] {
        var generator = SystemRandomNumberGenerator()
        var files: [URL] = []
        for index in 0..<100 {
            let size: Int =
                switch index % 10 {
                case 0: 0
                case 1: 1
                case 2: 1023
                case 3: 1024
                case 4: 1025
                case 5: 131 + index
                case 6: 300_000 + index
                default: Int.random(in: 2...60_000, using: &generator)
                }
            var bytes = [UInt8](repeating: 0, count: size)
            for position in bytes.indices {
                bytes[position] = index % 3 == 0 ? UInt8(ascii: "a") : UInt8.random(in: 0...255, using: &generator)
            }
            let file = folder.appendingPathComponent("file-\(index).bin")
            try Data(bytes).write(to: file)
            files.append(file)
        }
        return files
    }

    @Test("for 100 mixed files the pointer is byte for byte git lfs pointer --file's")
    func byteIdentical() throws {
        let scratch = try Scratch()
        for file in try Self.mixedFiles(in: scratch.url) {
            let data = try Data(contentsOf: file)
            let oid = LFSObjectStore.hex(SHA256.hash(data: data))
            let pointer = try #require(LFSPointer(oid: oid, size: UInt64(data.count)))
            let theirs = try gitLFS(["pointer", "--file=\(file.path)"], in: scratch.url)
            // Tool.run trims the output's last newline; the pointer has exactly one.
            // An empty file's pointer is empty (git-lfs keeps it as it is).
            #expect(pointer.text == (data.isEmpty ? "" : theirs + "\n"), "\(file.lastPathComponent)")
            if !data.isEmpty { #expect(LFSPointer(parsing: pointer.bytes) == pointer) }
        }
    }

    @Test(
        "only the canonical form is a pointer",
        arguments: [
            "version https://git-lfs.github.com/spec/v1\noid sha256:\(String(repeating: "a", count: 64))\nsize 12\n"
        ])
    func canonical(_ text: String) {
        #expect(LFSPointer(parsing: Array(text.utf8))?.size == 12)
    }

    @Test(
        "anything else is content, never a pointer",
        arguments: [
            "",
            "version https://git-lfs.github.com/spec/v1\noid sha256:\(String(repeating: "a", count: 64))\nsize 12",
            "version https://git-lfs.github.com/spec/v1\noid sha256:\(String(repeating: "A", count: 64))\nsize 12\n",
            "version https://git-lfs.github.com/spec/v1\noid sha256:\(String(repeating: "a", count: 63))\nsize 12\n",
            "version https://git-lfs.github.com/spec/v1\noid sha256:\(String(repeating: "a", count: 64))\nsize 012\n",
            "version https://git-lfs.github.com/spec/v1\noid sha256:\(String(repeating: "a", count: 64))\nsize -1\n",
            "version https://git-lfs.github.com/spec/v1\noid sha256:\(String(repeating: "a", count: 64))\nsize 99999999999999999999999\n",
            "version https://git-lfs.github.com/spec/v2\noid sha256:\(String(repeating: "a", count: 64))\nsize 12\n",
            "oid sha256:\(String(repeating: "a", count: 64))\nversion https://git-lfs.github.com/spec/v1\nsize 12\n",
            "version https://git-lfs.github.com/spec/v1\r\noid sha256:\(String(repeating: "a", count: 64))\r\nsize 12\r\n",
        ])
    func notPointers(_ text: String) {
        #expect(LFSPointer(parsing: Array(text.utf8)) == nil)
    }

    @Test("every prefix and random mutation of a pointer parses to nil or a pointer, never traps")
    func hostileBytes() {
        let good = LFSPointer(oid: String(repeating: "b", count: 64), size: 77)?.bytes ?? []
        for length in 0...good.count { _ = LFSPointer(parsing: good.prefix(length)) }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            var bytes = good
            for _ in 0..<3 { bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
            if let pointer = LFSPointer(parsing: bytes) { #expect(pointer.bytes == bytes) }
        }
    }

    @Test("the .gitattributes line is git lfs track's")
    func attributesLine() throws {
        let scratch = try Scratch()
        try Tool.run(try Tool.find("git", package: "git"), ["init", "-q"], in: scratch.url)
        _ = try gitLFS(["track", "media/**"], in: scratch.url)
        _ = try gitLFS(["track", "media/ab/a b.jpg"], in: scratch.url)
        let written = try String(contentsOf: scratch.path(".gitattributes"), encoding: .utf8)
        #expect(written == LFSAttributes.mediaFolderLine + "\n" + LFSAttributes.line(for: "media/ab/a b.jpg") + "\n")
    }
}
