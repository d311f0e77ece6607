import Foundation
import TestSupport
import Testing

/// A zip's directory can say anything, and `unzip` writes whatever a member holds: the import
/// counts what it unpacks while it unpacks it, and a dry run refuses what the import refuses.
@Suite("Zips that unpack to more than they say")
struct ArchiveLimitTests {
    /// A Day One export folder holding `Journal.json` of `journalBytes` spaces (valid JSON around them).
    static func export(_ folio: FolioProcess, name: String, journalBytes: Int, extra: [(String, Data)] = []) throws -> URL {
        let folder = try folio.beside(name)
        var journal = Data(#"{"metadata": {"version": "1.0"}, "entries": []"#.utf8)
        journal.append(Data(repeating: 0x20, count: journalBytes))
        journal.append(Data("}".utf8))
        try journal.write(to: folder.appendingPathComponent("Journal.json"))
        for (path, bytes) in extra {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try bytes.write(to: url)
        }
        let zip = folder.deletingLastPathComponent().appendingPathComponent(folder.lastPathComponent + ".zip")
        try ExchangeFixtures.zip(folder, to: zip)
        return zip
    }

    /// `zip` with every member's uncompressed size, in its local header and in the directory,
    /// rewritten to `size`: the lie `unzip` does not check.
    static func lie(_ zip: URL, size: UInt32) throws {
        var bytes = [UInt8](try Data(contentsOf: zip))
        func patch(_ offset: Int) {
            for shift in 0..<4 { bytes[offset + shift] = UInt8(size >> (8 * UInt32(shift)) & 0xFF) }
        }
        var index = 0
        while index + 46 <= bytes.count {
            if bytes[index..<(index + 4)].elementsEqual([0x50, 0x4B, 0x03, 0x04]) { patch(index + 22) }
            if bytes[index..<(index + 4)].elementsEqual([0x50, 0x4B, 0x01, 0x02]) { patch(index + 24) }
            index += 1
        }
        try Data(bytes).write(to: zip)
    }

    /// What import and its dry run both say of `zip`; each must refuse, alike.
    func refusals(_ folio: FolioProcess, _ zip: URL) throws -> String {
        let dry = try folio.run("import", "dayone", zip.path, "--dry-run")
        let real = try folio.run("import", "dayone", zip.path)
        #expect(dry.status == 1 && real.status == 1, "\(dry.stdout) \(dry.stderr) / \(real.stderr)")
        #expect(dry.stderr == real.stderr)
        #expect(try folio.run("list", "diary", "--json").stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
        return real.stderr
    }

    @Test("a Journal.json that says 1,000 bytes and unpacks to 20 MB is stopped at 1,000, by import and dry run alike")
    func memberLargerThanItSays() throws {
        let folio = try FolioProcess.vault()
        let zip = try Self.export(folio, name: "lying", journalBytes: 20_000_000)
        try Self.lie(zip, size: 1_000)
        let said = try refusals(folio, zip)
        #expect(said.contains("unpacks to more than the 1000 B it says it holds"), "\(said)")
    }

    @Test("a zip that says it unpacks to 1,000 times its size is refused before anything is unpacked")
    func zipBomb() throws {
        let folio = try FolioProcess.vault()
        let zip = try Self.export(folio, name: "bomb", journalBytes: 100_000_000)
        let said = try refusals(folio, zip)
        #expect(said.contains("over 100 times its own size, as a zip bomb does"), "\(said)")
    }

    @Test("a photo larger than media.max_bytes is stopped while it unpacks, and the dry run says so as the import does")
    func memberOverTheMediaLimit() throws {
        let folio = try FolioProcess.vault()
        #expect(try folio.run("config", "set", "media.max_bytes", "4096").status == 0)
        let photo = Data(MediaFixtures.jpeg()) + Data(repeating: 0, count: 8_192)
        let zip = try Self.export(
            folio, name: "big-photo", journalBytes: 10, extra: [("photos/0123456789abcdef0123456789abcdef.jpeg", photo)])
        let said = try refusals(folio, zip)
        #expect(said.contains("photos/0123456789abcdef0123456789abcdef.jpeg") && said.contains("unpacks to more than 4.0 KiB"), "\(said)")
    }

    @Test(
        "an entry of 17 MiB is refused naming it, by import and dry run alike, whatever the format",
        arguments: ["jrnl text", "jrnl JSON", "folio JSON"])
    func entryOverTheRecordLimit(format: String) throws {
        let folio = try FolioProcess.vault()
        let big = String(repeating: "下雨的傍晚，走路回家。\n", count: 17 << 20 / 31 + 1)
        let file = try folio.beside("entries").appendingPathComponent("journal")
        let command: String
        switch format {
        case "jrnl text":
            command = "jrnl"
            try Data(("[2026-01-01 09:00] A long day.\n" + big + "\n[2026-01-02 09:00] A short one.\n").utf8).write(to: file)
        case "jrnl JSON":
            command = "jrnl"
            let entries: [[String: Any]] = [
                ["title": "A long day.", "body": big, "date": "2026-01-01", "time": "09:00", "tags": [], "starred": false]
            ]
            try JSONSerialization.data(withJSONObject: ["tags": [String: Int](), "entries": entries]).write(to: file)
        default:
            command = "json"
            let records: [[String: Any]] = [["kind": "note", "title": "A long day.", "body": big]]
            try JSONSerialization.data(withJSONObject: records).write(to: file)
        }
        let dry = try folio.run("import", command, file.path, "--dry-run")
        let real = try folio.run("import", command, file.path)
        #expect(dry.status == 1 && real.status == 1, "\(format): \(dry.stdout) \(dry.stderr) / \(real.stderr)")
        #expect(dry.stderr == real.stderr)
        #expect(
            real.stderr.contains("A long day.") && real.stderr.contains("over the 16.0 MiB one imported record may be"),
            "\(format): \(real.stderr)")
        #expect(try folio.run("list", "--json").stdout.contains("A short one") == false)
    }

    /// A refusal costs about the piece of the file it reads at a time, not the entry it refuses:
    /// a 60 MB entry took 12 times its size in memory to be found too large (2.4 GB for 200 MB).
    @Test(
        "an entry far over the limit is refused for the memory of a piece of the file, text and JSON alike",
        .enabled(if: PeakMemory.isAvailable, "GNU time (/usr/bin/time) is not installed: run make deps"),
        arguments: ["jrnl text", "jrnl JSON"])
    func refusalCostsLittleMemory(format: String) throws {
        let folio = try FolioProcess.vault()
        let big = String(repeating: "下雨的傍晚，走路回家。", count: (60 << 20) / 30)
        let file = try folio.beside("entries").appendingPathComponent("journal")
        if format == "jrnl text" {
            try Data(("[2026-01-01 09:00] A long day.\n" + big + "\n").utf8).write(to: file)
        } else {
            let entries: [[String: Any]] = [["title": "A long day.", "body": big, "date": "2026-01-01", "time": "09:00"]]
            try JSONSerialization.data(withJSONObject: ["tags": [String: Int](), "entries": entries]).write(to: file)
        }
        let report = try folio.beside("peak").appendingPathComponent("report")
        let said = try folio.beside("said").appendingPathComponent("stderr")
        let (status, peak) = try PeakMemory.run(
            FolioProcess.binary.path, ["-C", folio.directory.path, "import", "jrnl", file.path], environment: folio.environment,
            output: said, report: report, timeout: 300)
        #expect(status == 1)
        let text = (try? String(contentsOf: said, encoding: .utf8)) ?? ""
        #expect(text.contains("A long day.") && text.contains("over the 16.0 MiB one imported record may be"), "\(text)")
        #expect(peak > 0 && peak < 150 << 20, "\(format): peaked at \(peak >> 20) MB")
    }
}
