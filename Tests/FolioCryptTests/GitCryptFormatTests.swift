import FolioCore
import FolioCrypt
import Foundation
import TestSupport
import Testing

/// Bytes the real git-crypt 0.7.0 (Debian 12) wrote: `git-crypt init`, `git-crypt export-key`,
/// then `git cat-file -p HEAD:<file>` of files committed through its clean filter.
enum GitCryptVectors {
    static let keyFile = hex(
        "0047495443525950544b455900000002000000000000000100000004000000000000000300000020a9698ada0a474ad29bc51b6b84e996cb"
            + "a4801185674959158650be306150a6c40000000500000040be7d5dac4857890d7832a49177b68e4882d901eb34c800c7239af26928413f"
            + "fa85781d9124d78587f2fc49794b1dea5d89e5da3acc8087482141b221ec2f9a6200000000")

    /// Plain text and what git-crypt stored for it under ``keyFile``.
    static let files: [(name: String, plain: [UInt8], stored: [UInt8])] = [
        ("a.txt", Array("hello\n".utf8), hex("004749544352595054009a9dc710c9091b1839f58b4712cbac138730")),
        ("empty.txt", [], hex("0047495443525950540053640e03cd5fc413f5f1774b")),
        (
            "rain.md", Array("---\ntitle: 下雨的傍晚\n---\n今天傍晚下著小雨。\n".utf8),
            hex(
                "00474954435259505400bdc8094f1fbaa7bf2cbc69da2881bd86874126ee47946fe77fe68c0b471ce5bae6a347d96f64e5ef043a370c0a"
                    + "bdc97d0ae23f45ba7b850cf96c7e43c3f9b6217c1e41cf4023cd")
        ),
        (
            "forty.txt", Array(repeating: UInt8(ascii: "x"), count: 40),
            hex(
                "00474954435259505400520835d5b60678f73d299917285ca7b3a42012ca83a56a529d4d50322844e52453fd1a610690eaebda516eac49"
                    + "3928a961120ef6")
        ),
    ]

    static func hex(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            bytes.append(UInt8(text[index..<next], radix: 16) ?? 0)
            index = next
        }
        return bytes
    }
}

@Suite("git-crypt's format, against bytes the real git-crypt wrote")
struct GitCryptFormatTests {
    @Test("a key file git-crypt exported reads as one entry of version 0 and writes back byte for byte")
    func keyFileRoundTrip() throws {
        let key = try GitCryptKey(file: GitCryptVectors.keyFile)
        #expect(key.name == nil)
        #expect(key.entries.count == 1)
        let entry = try #require(key.entry(0))
        #expect(entry.aesKey == Array(GitCryptVectors.keyFile[40..<72]))
        #expect(entry.hmacKey == Array(GitCryptVectors.keyFile[80..<144]))
        #expect(key.fileBytes == GitCryptVectors.keyFile)
    }

    @Test("encrypting gives exactly what git-crypt stored, and decrypting gives the file back", arguments: GitCryptVectors.files.indices)
    func vectors(_ index: Int) throws {
        let (name, plain, stored) = GitCryptVectors.files[index]
        let key = try GitCryptKey(file: GitCryptVectors.keyFile)
        #expect(try GitCryptCipher.encrypt(plain, key: key, path: name) == stored)
        #expect(try GitCryptCipher.decrypt(stored, key: key, path: name) == plain)
        #expect(GitCryptCipher.isEncrypted(stored))
        #expect(!GitCryptCipher.isEncrypted(plain))
    }

    @Test("a filter whose key file is damaged says so on every use; without a key it is locked; with one it works")
    func filterNamesDamage() throws {
        let key = try GitCryptKey(file: GitCryptVectors.keyFile)
        let (name, plain, stored) = GitCryptVectors.files[2]
        let damage = CryptProblem.malformedKey(reason: "short")
        let damaged = GitCryptFilter(key: nil, damage: damage)
        #expect(throws: damage) { try damaged.clean(plain, path: name) }
        #expect(throws: damage) { try damaged.smudge(stored, path: name) }
        #expect(throws: damage) { try damaged.reveal(stored, path: name) }
        // Plain bytes (a file committed before encryption) pass through, and stored ones are kept.
        #expect(try damaged.smudge(plain, path: name) == nil)
        #expect(try damaged.clean(stored, path: name) == nil)
        let locked = GitCryptFilter(key: nil)
        #expect(throws: CryptProblem.locked(path: name)) { try locked.clean(plain, path: name) }
        #expect(try locked.smudge(stored, path: name) == nil)
        let unlocked = GitCryptFilter(key: key)
        #expect(try unlocked.smudge(stored, path: name) == plain)
    }

    @Test("another key, or one flipped bit anywhere in the stored bytes, is refused as the wrong key")
    func wrongKeyAndDamage() throws {
        let key = try GitCryptKey(file: GitCryptVectors.keyFile)
        let other = GitCryptKey.generate()
        let (name, _, stored) = GitCryptVectors.files[2]
        #expect(throws: CryptProblem.wrongKey(path: name)) { try GitCryptCipher.decrypt(stored, key: other, path: name) }
        for position in GitCryptCipher.header.count..<stored.count {
            var damaged = stored
            damaged[position] ^= 0x01
            #expect(throws: CryptProblem.wrongKey(path: name)) { try GitCryptCipher.decrypt(damaged, key: key, path: name) }
        }
    }

    @Test("a generated key encrypts deterministically, decrypts its own files, and differs from every other")
    func generatedKeys() throws {
        let one = GitCryptKey.generate()
        let two = GitCryptKey.generate()
        #expect(one != two)
        #expect(one.fileBytes.count == 148)
        let plain = Array("今天下班走回家\n".utf8)
        let stored = try GitCryptCipher.encrypt(plain, key: one, path: "x.md")
        #expect(try GitCryptCipher.encrypt(plain, key: one, path: "x.md") == stored)
        #expect(try GitCryptCipher.encrypt(plain, key: two, path: "x.md") != stored)
        #expect(try GitCryptCipher.decrypt(stored, key: one, path: "x.md") == plain)
        #expect(try GitCryptKey(file: one.fileBytes) == one)
    }

    @Test("the key's text form reads back, with or without its first and last lines, however wrapped")
    func textForm() throws {
        let key = try GitCryptKey(file: GitCryptVectors.keyFile)
        let text = key.text
        #expect(text.hasPrefix("-----BEGIN GIT-CRYPT KEY-----\n"))
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 64 })
        #expect(try GitCryptKey(reading: Array(text.utf8)) == key)
        let bare = text.split(separator: "\n").dropFirst().dropLast().joined(separator: "  \r\n ")
        #expect(try GitCryptKey(reading: Array(bare.utf8)) == key)
        #expect(try GitCryptKey(reading: GitCryptVectors.keyFile) == key)
        #expect(throws: CryptProblem.self) { try GitCryptKey(reading: Array("not a key at all".utf8)) }
    }

    @Test("every cut of a key file is refused, never read past its end")
    func truncatedKeyFiles() {
        for count in 0..<GitCryptVectors.keyFile.count {
            let cut = Array(GitCryptVectors.keyFile.prefix(count))
            #expect(throws: CryptProblem.self) { try GitCryptKey(file: cut) }
        }
    }

    @Test("random damage to a key file is refused or read, and never traps")
    func mutatedKeyFiles() {
        var generator = SplitMix64(seed: 22)
        for _ in 0..<5_000 {
            var bytes = GitCryptVectors.keyFile
            for _ in 0..<(1 + Int(generator.next() % 4)) {
                bytes[Int(generator.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: generator.next())
            }
            if let key = try? GitCryptKey(file: bytes) {
                #expect(key.entries.allSatisfy { $0.aesKey.count == 32 && $0.hmacKey.count == 64 })
            }
        }
    }

    @Test("fields git-crypt would refuse are refused: a later format, an unknown field that must be understood, a bad name")
    func refusedFields() {
        var later = GitCryptVectors.keyFile
        later[15] = 3
        #expect(throws: CryptProblem.incompatibleKey) { try GitCryptKey(file: later) }
        // An unknown header field with an odd id must be understood; an even one is skipped.
        let magic = Array(GitCryptVectors.keyFile[0..<16])
        let entries = Array(GitCryptVectors.keyFile[20...])
        let odd = magic + [0, 0, 0, 7, 0, 0, 0, 2, 0xAB, 0xCD] + [0, 0, 0, 0] + entries
        #expect(throws: CryptProblem.incompatibleKey) { try GitCryptKey(file: odd) }
        let even = magic + [0, 0, 0, 8, 0, 0, 0, 2, 0xAB, 0xCD] + [0, 0, 0, 0] + entries
        #expect((try? GitCryptKey(file: even))?.entry(0) != nil)
        let named = magic + [0, 0, 0, 1, 0, 0, 0, 4] + Array("work".utf8) + [0, 0, 0, 0] + entries
        #expect((try? GitCryptKey(file: named))?.name == "work")
        let badName = magic + [0, 0, 0, 1, 0, 0, 0, 7] + Array("default".utf8) + [0, 0, 0, 0] + entries
        #expect(throws: CryptProblem.self) { try GitCryptKey(file: badName) }
        #expect(throws: CryptProblem.self) {
            try GitCryptKey(file: Array(GitCryptVectors.keyFile[40..<72] + GitCryptVectors.keyFile[80..<144]))
        }
    }

    @Test(
        "the real git-crypt decrypts what folio encrypts and folio decrypts what it encrypts, with a key folio made",
        .enabled(if: GitCryptTool.path != nil, "git-crypt is not installed: run make deps"))
    func interoperates() throws {
        let scratch = try Scratch()
        let key = GitCryptKey.generate()
        let keyFile = scratch.path("key")
        try Data(key.fileBytes).write(to: keyFile)
        let plain = Array("---\ntitle: 設備間同步測試\n---\n\(String(repeating: "雨", count: 3_000))\n".utf8)
        let input = scratch.path("plain")
        try Data(plain).write(to: input)
        let theirs = try GitCryptTool.filter("clean", key: keyFile, input: input, in: scratch)
        #expect(theirs == (try GitCryptCipher.encrypt(plain, key: key, path: "x.md")))
        let stored = scratch.path("stored")
        try Data(try GitCryptCipher.encrypt(plain, key: key, path: "x.md")).write(to: stored)
        #expect(try GitCryptTool.filter("smudge", key: keyFile, input: stored, in: scratch) == plain)
    }
}

/// The `git-crypt` command, when installed.
enum GitCryptTool {
    static let path = try? Tool.find("git-crypt", package: "git-crypt")

    /// `git-crypt clean|smudge --key-file=KEY < input`: its output bytes.
    static func filter(_ verb: String, key: URL, input: URL, in scratch: Scratch) throws -> [UInt8] {
        let output = scratch.path("out-\(UUID().uuidString)")
        try Tool.run(
            "/bin/sh", ["-c", "\"$0\" \(verb) --key-file=\"$1\" < \"$2\" > \"$3\"", path ?? "git-crypt", key.path, input.path, output.path])
        return [UInt8](try Data(contentsOf: output))
    }
}
