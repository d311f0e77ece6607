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
