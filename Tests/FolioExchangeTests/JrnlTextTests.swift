import Foundation
import Testing

@testable import FolioExchange

/// jrnl's plain text as folio reads and writes it, in-process: headers, titles, stars, tags.
/// (Against the real jrnl: FolioCLITests' import tests and transcripts.)
@Suite("jrnl's text")
struct JrnlTextTests {
    @Test("entries split at their headers; the first sentence is the title, the rest the body")
    func entries() {
        let text = "[2013-04-09 15:39] Rain again. Took the bus.\n[2013-04-10 08:00] 今天放晴。走路去上班\n"
        let entries = JrnlText.parse(text)
        #expect(entries.count == 2)
        #expect(entries.first?.date == "2013-04-09" && entries.first?.time == "15:39")
        #expect(entries.first?.title == "Rain again." && entries.first?.body == "Took the bus.")
        // A line break in the entry makes its first line the title, whole: jrnl 4 reads it so too.
        #expect(entries.last?.title == "今天放晴。走路去上班" && entries.last?.body == "")
        #expect(JrnlText.parse("[2013-04-10 08:00] 今天放晴。走路去上班").first?.title == "今天放晴。")
    }

    @Test("a star after the title marks the entry; a line break ends a title too")
    func starsAndLines() {
        let entries = JrnlText.parse("[2013-04-09 15:39] 重要的一天 *\n寫了很多\n")
        #expect(entries.first?.starred == true)
        #expect(entries.first?.title == "重要的一天" && entries.first?.body == "寫了很多")
    }

    @Test("a bracket that is no header, mid-line or without a date, stays in the text")
    func notHeaders() {
        let entries = JrnlText.parse("[2013-04-09 15:39] See [note] and\n[not a date] here\n")
        #expect(entries.count == 1)
        #expect(entries.first?.body.contains("[not a date] here") == true)
    }

    @Test("tags: @ and # after a blank, lower-cased, once each; a Markdown heading is none")
    func tags() {
        #expect(JrnlText.tags(in: "@Work and #雨天 and @work again, mail@x.com") == ["work", "雨天"])
        #expect(JrnlText.tags(in: "## Heading\n#tag") == ["tag"])
    }

    @Test("header times in jrnl's formats, and a time alone only in a folder journal")
    func times() {
        #expect(JrnlText.dateTime("2013-04-09 15:39")?.1 == "15:39")
        #expect(JrnlText.dateTime("2013-04-09 03:39:00 PM")?.1 == "15:39")
        #expect(JrnlText.dateTime("2013-04-09T15:39")?.0 == "2013-04-09")
        #expect(JrnlText.dateTime("yesterday") == nil)
        #expect(JrnlText.dateTime("07:00") == nil)
        #expect(JrnlText.dateTime("07:00", dayless: true) != nil)
    }

    @Test("sentences end at . ! ? … before a blank, or at a CJK full stop alone")
    func sentences() {
        func title(_ text: String) -> String {
            guard let end = JrnlText.sentenceEnd(in: text) else { return text }
            return String(text[..<end])
        }
        #expect(title("v1.2 is out. Yes") == "v1.2 is out. ")
        #expect(title("下雨了。好冷") == "下雨了。")
        #expect(title("Really?! No") == "Really?! ")
        #expect(title("no end") == "no end")
    }
}

@Suite("Stable ids of imported records")
struct StableIDTests {
    @Test("Day One's 32 hex digits become its UUID; anything else is none")
    func dayOne() {
        #expect(StableID.fromHex32("EBB5A5F4057F461E8F176E18AB7E0493") == "ebb5a5f4-057f-461e-8f17-6e18ab7e0493")
        #expect(StableID.fromHex32("EBB5A5F4057F461E8F176E18AB7E049") == nil)
        #expect(StableID.fromHex32("EBB5A5F4057F461E8F176E18AB7E049G") == nil)
    }

    @Test("a name gives the same version-5 UUID every time, and another name another")
    func named() {
        let one = StableID.named("jrnl:2013-04-09 15:39:Rain again.")
        #expect(one == StableID.named("jrnl:2013-04-09 15:39:Rain again."))
        #expect(one != StableID.named("jrnl:2013-04-09 15:39:Rain again!"))
        #expect(one.count == 36)
        #expect(Array(one)[14] == "5", "version 5")
        #expect("89ab".contains(Array(one)[19]), "the RFC 4122 variant")
    }
}

@Suite("Importers, bytes to files")
struct ImportReadersTests {
    let root = URL(fileURLWithPath: "/nonexistent/folio-exchange-vault")

    @Test("a jrnl JSON export becomes diary pages with their tags and times")
    func jrnlJSON() throws {
        let json = #"{"entries":[{"date":"2013-04-09","time":"15:39","title":"下雨","body":"坐公車。","tags":["@雨天"],"starred":false}]}"#
        let files = try ExchangeFuzzing.files(Array(json.utf8), as: .jrnl, root: root).get()
        #expect(files.count == 1)
        let file = try #require(files.first)
        #expect(file.path.hasPrefix("diary/2013/04/"))
        #expect(file.text.contains("title: 下雨"))
        #expect(file.text.contains("坐公車。"))
        #expect(file.text.contains("雨天"))
    }

    @Test("the same export read twice gives the same ids")
    func stable() throws {
        let json = #"{"entries":[{"date":"2013-04-09","time":"15:39","title":"a","body":"","tags":[],"starred":false}]}"#
        let first = try ExchangeFuzzing.files(Array(json.utf8), as: .jrnl, root: root).get().map(\.id)
        let second = try ExchangeFuzzing.files(Array(json.utf8), as: .jrnl, root: root).get().map(\.id)
        #expect(first == second && !first.isEmpty)
    }

    @Test("what is not an export of its format is refused with an error, never a crash", arguments: ExchangeFuzzing.Format.allCases)
    func refused(format: ExchangeFuzzing.Format) {
        for bytes in ["", "{", "[]", "null", #"{"entries":"x"}"#, String(repeating: "[", count: 10_000)] {
            if case .success(let files) = ExchangeFuzzing.files(Array(bytes.utf8), as: format, root: root) {
                #expect(files.isEmpty || format == .markdownNote, "\(format) took \(bytes.prefix(20)) as \(files.count) records")
            }
        }
    }

    @Test("an entry with blanks before its text splits at its first sentence, and an entry after others never traps")
    func sentenceAfterBlanks() {
        let entry = JrnlText.parse("[2013-04-09 15:39]    Rain again. Took the bus.").first
        #expect(entry?.title == "Rain again." && entry?.body == "Took the bus.")
        // Found by the entry-size scan's generated journals: the split's index was another string's.
        let text =
            " 2026-01-01[2026-01-01 09:00] \n[2026-01-01 09:00] \n\n2026-01-012026-01-01雨天[2026-01-01 09:00] 2026-01-01]  "
            + "[2026-01-02 10:30] 雨。2026-01-01]雨天\n[2026-01-02 10:30] 雨。[2026-01-02 10:30] 雨。\n\n\n[[2026-01-02 10:30] 雨。"
        let entries = JrnlText.parse(text)
        #expect(
            entries.map(\.title) == [
                "2026-01-012026-01-01雨天[2026-01-01 09:00] 2026-01-01]  [2026-01-02 10:30] 雨。", "雨。[2026-01-02 10:30] 雨。",
            ],
            "\(entries)")
    }
}
