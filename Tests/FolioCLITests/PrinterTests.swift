import FolioApp
import FolioCore
import FolioStore
import Foundation
import TestSupport
import Testing

@testable import FolioCLI

/// The printers run in-process on values made for them, their output caught before it reaches a
/// descriptor: columns by display width (CJK counts double), control bytes from files shown as
/// pictures, both languages, JSON that parses. (The whole commands: the transcripts.)
@Suite("Printers, in-process")
struct PrinterTests {
    let scratch: Scratch
    let vault: Vault

    init() throws {
        scratch = try Scratch("printers")
        let date = Timestamp("2026-11-22T18:04:11+08:00")?.date ?? Date()
        let clock = Clock(now: { date }, zone: TimeZone(secondsFromGMT: 8 * 3600) ?? .current, racyWindowNanoseconds: 0)
        vault = try Vault.initialise(at: scratch.path("vault"), owner: Owner(name: "林小雨"), language: .zhHant, clock: clock)
        _ = try vault.create(NewRecord(kind: "idea", title: "下雨天去咖啡店，點一杯熱可可，看窗外的行人撐著傘走過", tags: ["雨天", "咖啡"]))
        _ = try vault.create(NewRecord(kind: "idea", title: "Paint the fence", tags: ["garden"]))
        // Another device's file: folio never writes control characters, a hand edit may.
        try scratch.write(
            "vault/ideas/2026/11/hostile.md",
            "---\nid: 44444444-4444-4444-8444-444444444444\nkind: idea\ntitle: \"標題裡有\\e]0;pwned\\a控制字元\"\n"
                + "created: 2026-11-20T08:00:00+08:00\n---\n")
    }

    func context(width: Int = 100, terminalOutput: Bool = false, language: Language = .zhHant) -> Context {
        vault.languageOverride = language
        let terminal = Terminal(isInteractive: false, useColor: false, width: width, height: 40, cutsLongLines: terminalOutput)
        return Context(journal: .withoutHistory(vault), terminal: terminal, environment: [:], workingDirectory: scratch.url)
    }

    func summaries(_ context: Context) throws -> [RecordSummary] {
        try context.select(RecordFilter()).newestFirst()
    }

    @Test("list on a narrow terminal cuts each line to the window by display width, CJK counting double")
    func listFitsTheWindow() throws {
        for width in [40, 60, 80] {
            let context = context(width: width, terminalOutput: true)
            let printed = try ConsoleCapture.printed { ListPrinter.print(try summaries(context), json: false, context: context) }
            let lines = printed.output.split(separator: "\n").map(String.init)
            #expect(lines.count == 3)
            for line in lines { #expect(line.displayWidth <= width, "\(width): \(line)") }
            // 52 columns for the title at 80: its 26 wide characters fit whole, the tags do not.
            let whole = "下雨天去咖啡店，點一杯熱可可，看窗外的行人撐著傘走過"
            #expect(printed.output.contains(whole) == (width == 80), "\(width)")
            #expect(printed.output.contains("下雨天去") && printed.output.contains("…") == (width < 80), "cut, with a mark")
        }
    }

    @Test("list into a pipe keeps whole lines, with their tags")
    func listIntoAPipe() throws {
        let context = context(width: 40)
        let printed = try ConsoleCapture.printed { ListPrinter.print(try summaries(context), json: false, context: context) }
        #expect(printed.output.contains("看窗外的行人撐著傘走過  #雨天 #咖啡"))
        #expect(printed.errors.isEmpty)
    }

    @Test("a title's control bytes are shown as pictures, never sent to the terminal")
    func controlBytes() throws {
        let context = context()
        let printed = try ConsoleCapture.printed { ListPrinter.print(try summaries(context), json: false, context: context) }
        #expect(!printed.output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" })
        #expect(printed.output.contains("␛"))
    }

    @Test("list --json is an array of every record's front matter")
    func listJSON() throws {
        let context = context()
        let printed = try ConsoleCapture.printed { ListPrinter.print(try summaries(context), json: true, context: context) }
        let records = try #require(try JSONSerialization.jsonObject(with: Data(printed.output.utf8)) as? [[String: Any]])
        #expect(records.count == 3)
        #expect(records.allSatisfy { $0["id"] is String && $0["kind"] as? String == "idea" })
    }

    @Test("nothing to list is said on standard error, in the vault's language", arguments: [Language.zhHant, .en])
    func nothingToList(language: Language) throws {
        let context = context(language: language)
        let printed = ConsoleCapture.printed { ListPrinter.print([], json: false, context: context) }
        #expect(printed.output.isEmpty)
        #expect(printed.errors == Message.noRecords.text(language) + "\n")
    }

    @Test("tags line up their counts under the total, in both languages", arguments: [Language.zhHant, .en])
    func tags(language: Language) {
        let context = context(language: language)
        let uses = [
            TagUse(tag: "雨天", count: 12, lastUsed: Timestamp("2026-11-20T08:00:00+08:00")),
            TagUse(tag: "garden", count: 3, lastUsed: nil),
        ]
        let printed = ConsoleCapture.printed { TagsPrinter.print(uses, recordCount: 120, json: false, context: context) }
        let lines = printed.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.first?.hasPrefix(Message.tagsAll.text(language)) == true)
        // The counts end in one column, whatever the names' display widths.
        func countEnd(_ line: String) -> Int {
            let characters = Array(line)
            guard var end = characters.firstIndex(where: \.isNumber) else { return -1 }
            while end < characters.count, characters[end].isNumber { end += 1 }
            return String(characters[..<end]).displayWidth
        }
        #expect(Set(lines.map(countEnd)).count == 1, "\(lines)")
        #expect(lines[0].hasSuffix("120"))
        #expect(lines[1].contains("#雨天") && lines[1].hasSuffix(" 12  2026-11-20"))
        #expect(lines[2].hasSuffix("  3"))
    }
}
