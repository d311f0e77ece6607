import FolioCore
import Foundation
import Markdown
import Testing

@testable import FolioSite

/// The line under each title in the site's list, taken from any page text in one pass.
@Suite("The first line of a page")
struct FirstLineTests {
    /// What the regular expression folio used before gives, the oracle of the one-pass scanner.
    static func oracle(_ text: String) -> String {
        text.replacingOccurrences(of: #"!?\[([^\]]*)\]\([^)]*\)"#, with: "$1", options: .regularExpression)
    }

    @Test("links lose their targets exactly as the regular expression removed them, on 30,000 texts of link characters")
    func sameAsTheRegularExpression() {
        var random = SystemRandomNumberGenerator()
        let alphabet: [String] = ["!", "[", "]", "(", ")", "a", " ", "雨", "](", "![", "\\"]
        for _ in 0..<30_000 {
            let length = Int.random(in: 0...14, using: &random)
            let text = (0..<length).map { _ in alphabet.randomElement(using: &random) ?? "a" }.joined()
            #expect(FirstLine.withoutLinkTargets(text) == Self.oracle(text), "\(text.debugDescription)")
        }
        for text in ["see [the beach](media/a.jpg) and ![](media/b.jpg)!", "[a]([b](c))", "![[x]](y)", "[雨](url) 傍晚", "[a](b", "a](b)"] {
            #expect(FirstLine.withoutLinkTargets(text) == Self.oracle(text), "\(text)")
        }
    }

    /// How the first line was found before it stopped at the conversation's heading: the body split
    /// around its conversation (every message parsed), then `before` read Character by Character.
    static func ofPageBySplitting(_ body: String) -> String? {
        let page = FirstLine.mayHaveConversation(body) ? Conversation.split(body).before : body
        var inFence = false
        var rest = Substring(page)
        while !rest.isEmpty {
            let end = rest.firstIndex(where: { $0 == "\n" || $0 == "\r\n" }) ?? rest.endIndex
            let raw = rest[..<end]
            rest = end < rest.endIndex ? rest[rest.index(after: end)...] : rest[rest.endIndex...]
            if raw.isEmpty { continue }
            var line = FirstLine.trimmed(raw)
            if line.hasPrefix("```") || line.hasPrefix("~~~") {
                inFence.toggle()
                continue
            }
            if inFence || line.isEmpty || line.hasPrefix("![") || line.hasPrefix("<") || line.hasPrefix("---") { continue }
            line = FirstLine.withoutLinkTargets(String(line.drop { "#>-*+ ".contains($0) }))
            line = Wikilinks.rewrite(line) { $0.isEmbed ? "" : MarkdownHTML.label(of: $0) }
            if line.utf8.contains(where: { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "`") }) {
                line = line.replacingOccurrences(of: "**", with: "").replacingOccurrences(of: "__", with: "")
                    .replacingOccurrences(of: "`", with: "")
            }
            if line.isEmpty { continue }
            return line.count > FirstLine.maxCharacters ? String(line.prefix(FirstLine.maxCharacters)) + "…" : line
        }
        return nil
    }

    @Test("the first line is what splitting off the conversation and reading what is before it gave, on 20,000 generated pages")
    func sameAsSplittingTheConversation() {
        // Lines that put text, blanks, fences, headings of either language (with trailing blanks, a
        // CR, inside a fence, not quite a heading) and messages before, in and after a conversation.
        let lines = [
            "", " ", "\r", "今天下雨", "rain all day", "```", "~~~", "## 對話", "## Conversation", "## 對話  ", "## 對話\r", "##  對話",
            "# 對話", "## Conversation notes", "**小雨** 18:04", "> 雨很小", "![](media/a.jpg)", "<br>", "---", "- [[Bob|him]]", "## 之後",
            "\u{3000}早安\u{3000}", "a\r\rb", "é\u{301}", "`code`", String(repeating: "雨", count: 150),
        ]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...9, using: &random)
            let separators = ["\n", "\r\n"]
            var body = ""
            for _ in 0..<count {
                body += (lines.randomElement(using: &random) ?? "") + (separators.randomElement(using: &random) ?? "\n")
            }
            if Bool.random(using: &random) { body += lines.randomElement(using: &random) ?? "" }
            #expect(FirstLine.ofPage(body) == Self.ofPageBySplitting(body), "\(body.debugDescription)")
        }
    }

    /// A page of one line made of `pattern` repeated to about `bytes`.
    static func page(_ pattern: String, bytes: Int) -> String {
        String(repeating: pattern, count: bytes / pattern.utf8.count)
    }

    @Test(
        "a line of 2 MB of link openers, heading marks, quote marks or emphasis gives its first line in one pass",
        arguments: ["![a](", "#", "> ", "*", "- ", "[", "](", "![", "[a](b)"])
    func adversarialLines(pattern: String) {
        // Quadratic work on 2 MB would take hours; this is over in well under a second.
        let line = FirstLine.withoutLinkTargets(Self.page(pattern, bytes: 2_000_000))
        #expect(!line.isEmpty || pattern == "[a](b)" || pattern.isEmpty)
    }
}

/// Markdown nested past any page a person writes: cmark reads it without recursing, and folio's
/// walks over its tree are iterative, so no nesting exhausts the stack.
@Suite("Markdown nested 100,000 deep")
struct DeepMarkdownTests {
    static let pages: [(String, String)] = [
        ("quotes", String(repeating: ">", count: 100_000) + " 雨\n"),
        ("lists", (0..<5_000).map { String(repeating: "  ", count: $0) + "- [雨](media/a.jpg)\n" }.joined()),
        ("brackets", String(repeating: "[", count: 100_000) + "雨" + String(repeating: "](x)", count: 100_000)),
        ("emphasis", String(repeating: "*_", count: 100_000) + "雨"),
        // Wikilinks are looked for in one pass: openers that one late `]]` closes, or that nothing closes.
        ("wikilink openers", String(repeating: "[[", count: 50_000) + "雨]]"),
        ("unclosed wikilinks", String(repeating: "[[雨", count: 50_000) + " [[雨]]"),
    ]

    @Test("rendered as HTML, its links found and its first line taken", arguments: pages.map(\.0))
    func deepPage(name: String) {
        let page = Self.pages.first { $0.0 == name }?.1 ?? ""
        let html = MarkdownHTML.render(page) { destination, _ in .keep(destination) }
        #expect(html.contains("雨"), "\(name)")
        _ = MarkdownLinks.located(in: page)
        _ = FirstLine.ofPage(page)
        if name == "wikilink openers" {
            #expect(Wikilinks.links(in: page).map(\.path) == ["雨"], "\(name)")
        }
    }
}
