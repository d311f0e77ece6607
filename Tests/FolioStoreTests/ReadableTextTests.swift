import FolioCore
import Testing

@testable import FolioStore

@Suite("Markdown as one line of a listing shows it")
struct ReadableTextTests {
    @Test("an image is what it shows, a link its text; the rest of the text as written")
    func linksAndImages() {
        #expect(
            ReadableText.plain("今天 ![IMG_2041.jpg](../../../media/ab/ab12.jpg) 和 [想法](ideas/x.md \"title\")。", language: .zhHant)
                == "今天 [照片 IMG_2041.jpg] 和 想法。")
        #expect(ReadableText.plain("![](media/ab/c.mp4) and ![v](media/ab/d.m4a)", language: .en) == "[video] and [voice note v]")
        #expect(ReadableText.plain("no links, *emphasis* stays", language: .en) == "no links, *emphasis* stays")
    }

    @Test("a link in a code span is not a link; a reference link and an autolink are their text")
    func asCmarkReadsIt() {
        #expect(ReadableText.plain("`[a](b.md)` and [c](d.md)", language: .en) == "`[a](b.md)` and c")
        #expect(
            ReadableText.plain("[rain][r] at <https://example.com>\n\n[r]: x.jpg", language: .en)
                == "rain at https://example.com\n\n[r]: x.jpg")
    }
}

/// Titles made from words, one rule for every way a page is made (typed, in the browser, in an
/// editor, imported): as a reader sees the line, never its Markdown.
@Suite("Titles from a page's words")
struct TitleTextTests {
    @Test("links as their text, wikilinks as Obsidian shows them, images and embeds gone, heading marks gone")
    func readerSeesIt() {
        let cases: [(String, String?)] = [
            ("Walked to [Bob](../notes/bob.md) today", "Walked to Bob today"),
            ("Asked [[Robert|him]] about [[notes/Alice#Home]]", "Asked him about Alice"),
            ("![](dayone-moment://ABC)\n\nBeach day", "Beach day"),
            ("![[scan.png|200]]\nReceipts", "Receipts"),
            ("## Evening walk", "Evening walk"),
            ("#rain all day", "#rain all day"),
            ("\\*starred\\* thoughts", "*starred* thoughts"),
            ("C:\\Users is full", "C:\\Users is full"),
            ("![](a.jpg) ![](b.jpg)", nil),
            // The links are cmark's: in a code span a link is as written, escaped brackets are
            // no link, a link's text is read as text (emphasis marks gone), an image in it goes.
            ("`[a](b.md)` in code", "`[a](b.md)` in code"),
            ("\\[not a link\\](x.md)", "[not a link](x.md)"),
            ("Met [**Bob**](bob.md) and [<https://x.example>](https://x.example)", "Met Bob and https://x.example"),
            ("[![](a.jpg) Bob](bob.md) waved", "Bob waved"),
            ("`[[Bob]]` stays, [[Bob]] is read", "`[[Bob]]` stays, Bob is read"),
            ("", nil),
        ]
        for (text, title) in cases { #expect(TitleText.firstLine(of: text, limit: 80) == title, "\(text)") }
        #expect(TitleText.firstLine(of: String(repeating: "雨", count: 90), limit: 80) == String(repeating: "雨", count: 80) + "…")
    }

    @Test("a diary's title: the same reading, 30 characters, no ellipsis")
    func diaryTitle() {
        #expect(NewRecord.diaryTitle(from: "[下班路上](../x.md)，雨很小") == "下班路上，雨很小")
        #expect(NewRecord.diaryTitle(from: String(repeating: "走", count: 40)) == String(repeating: "走", count: 30))
        #expect(NewRecord.diaryTitle(from: "![](media/ab/ab.jpg)") == nil)
    }
}
