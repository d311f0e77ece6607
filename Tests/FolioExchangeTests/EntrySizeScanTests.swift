import FolioCore
import Foundation
import TestSupport
import Testing

@testable import FolioExchange

/// An entry past the size one record may be is found while the file streams past, a piece at a
/// time: the scan's answers against the parsers' own, whatever the pieces' edges cut.
@Suite("Entry sizes found while an export streams")
struct EntrySizeScanTests {
    let scratch: Scratch

    init() throws { scratch = try Scratch("entry-size-scan") }

    func file(_ text: String) throws -> URL {
        let url = scratch.path("export-\(UUID().uuidString)")
        try Data(text.utf8).write(to: url)
        return url
    }

    /// The jrnl scan fed in pieces of `size` bytes, as the file would be.
    static func jrnl(_ text: String, limit: Int, pieces size: Int, dayless: Bool = false) -> (EntrySizeScan.Oversize?, Int) {
        var scan = EntrySizeScan.JrnlHeaders(limit: limit, dayless: dayless)
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            if let over = scan.read(Data(bytes[start..<min(bytes.count, start + size)])) { return (over, scan.entries) }
            start += size
        }
        return (scan.finish(), scan.entries)
    }

    @Test("the jrnl scan counts the entries the parser finds, and answers the same however the pieces are cut")
    func jrnlAgainstParser() {
        var generator = SystemRandomNumberGenerator()
        let pieces = [
            "[2026-01-01 09:00] ", "[2026-01-02 10:30] 雨。", "[not a date] ", "x", "雨天", "\n", "\n\n", "[", "]", " ", "2026-01-01",
            // A header padded with ideographic spaces: few scalars, many bytes. The parser counts
            // scalars; the scan once counted bytes and missed it.
            "[" + String(repeating: "\u{3000}", count: 12) + "2026-01-03 08:00] ",
        ]
        for _ in 0..<1_500 {
            let text = (0..<Int.random(in: 0...30, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            #expect(Self.jrnl(text, limit: .max, pieces: 4_096).1 == JrnlText.parse(text).count, "\(text.debugDescription)")
            let limit = Int.random(in: 1...40, using: &generator)
            let whole = Self.jrnl(text, limit: limit, pieces: 4_096)
            for size in [1, 3, 7] {
                let cut = Self.jrnl(text, limit: limit, pieces: size)
                #expect(cut.0 == whole.0 && cut.1 == whole.1, "\(text.debugDescription), pieces of \(size)")
            }
        }
    }

    @Test("a jrnl entry over the limit is named by its number and header, with its whole size")
    func jrnlNamesTheEntry() throws {
        let text = "[2026-01-01 09:00] small\n[2026-01-02 10:30] " + String(repeating: "雨", count: 1_000) + "\n[2026-01-03 08:00] after\n"
        let (over, _) = Self.jrnl(text, limit: 2_000, pieces: 10)
        #expect(
            over
                == EntrySizeScan.Oversize(
                    entry: .entry(2, detail: "2026-01-02 10:30, " + String(repeating: "雨", count: 80)), bytes: 3_001, limit: 2_000))
        let url = try file(text)
        #expect(throws: FolioError.self) { try EntrySizeScan.jrnlText(url, displayName: "journal.txt", limit: 2_000) }
        #expect(try EntrySizeScan.jrnlText(url, displayName: "journal.txt", limit: 4_000) == 3)
    }

    @Test("a folder journal's headers without a day are read as the folder's files write them")
    func daylessHeaders() {
        let (over, entries) = Self.jrnl(
            "[09:00] a\n[10:30 PM] " + String(repeating: "b", count: 50) + "\n", limit: 20, pieces: 4, dayless: true)
        #expect(entries == 2 && over?.entry == .entry(2, detail: "22:30, " + String(repeating: "b", count: 50)))
    }

    @Test("a JSON export's string over the limit is found through escapes, and the entry holding it named")
    func jsonStrings() throws {
        let long = String(repeating: "\\\"雨", count: 400)
        let jrnlExport = "{\"tags\": {\"a\": 1}, \"entries\": [{\"body\": \"short\"}, {\"title\": \"t\", \"body\": \"\(long)\"}]}"
        #expect(throws: FolioError.self) { try EntrySizeScan.jsonStrings(try file(jrnlExport), displayName: "j.json", limit: 1_000) }
        var scan = EntrySizeScan.JSONStrings(limit: 1_000)
        var found: EntrySizeScan.Oversize?
        for byte in jrnlExport.utf8 where found == nil { found = scan.read(Data([byte])) }
        #expect(found?.entry == .entry(2, detail: "t"))
        #expect(found?.bytes == 400 * 5, "counted as written: the backslash, the quote and 雨's three bytes")
        // A list at the top (folio's list export) counts its objects as entries too; keys are strings as well.
        var list = EntrySizeScan.JSONStrings(limit: 10)
        #expect(list.read(Data("[{\"a\": 1}, {\"b\": \"0123456789ab\"}]".utf8))?.entry == .entry(2, detail: nil))
        try EntrySizeScan.jsonStrings(try file(jrnlExport), displayName: "j.json", limit: 10_000)
    }

    @Test("what is not a regular file is left to the read that refuses it: the scan never waits on a pipe")
    func notRegular() throws {
        let fifo = scratch.path("fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(try EntrySizeScan.jrnlText(fifo, displayName: "fifo", limit: 10) == 0)
        try EntrySizeScan.jsonStrings(scratch.path("missing"), displayName: "missing", limit: 10)
    }
}
