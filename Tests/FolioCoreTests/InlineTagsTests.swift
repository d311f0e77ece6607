import Testing

@testable import FolioCore

@Suite("Inline #tags in a record's body")
struct InlineTagsTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let body: String
        let tags: [String]
        let why: String
        var testDescription: String { why }
        init(_ body: String, _ tags: [String], _ why: String) {
            self.body = body
            self.tags = tags
            self.why = why
        }
    }

    static let found: [Case] = [
        Case("#rain", ["rain"], "a tag at the start of the text"),
        Case("walked home #rain #walk", ["rain", "walk"], "tags after spaces, in order"),
        Case("line one\n#calm here", ["calm"], "a tag at the start of a later line"),
        Case("今天#工作#很累", ["工作"], "the paired form inside unspaced Chinese; the closing # starts nothing"),
        Case("#標籤#", ["標籤"], "the paired form alone"),
        Case("今天#工作 很累", ["工作"], "a tag after CJK text ends at a space"),
        Case("下雨了，#心情。還好", ["心情"], "CJK punctuation before and after"),
        Case("「#旅行」和（#朋友）", ["旅行", "朋友"], "inside CJK quotes and brackets"),
        Case("去了#台北！好玩？#開心、#累；#睡：完", ["台北", "開心", "累", "睡"], "ends at ！？、；："),
        Case("『#書』", ["書"], "inside 『』"),
        Case(
            "done. #work, #home! (#errand) \"#quoted\"", ["work", "home", "errand"],
            "ends at ASCII punctuation; after ( but not after a straight quote"),
        Case("#project/folio and #a-b_c", ["project/folio", "a-b_c"], "/ - _ stay inside a tag"),
        Case("#trail- #slash/ ok", ["trail", "slash"], "a trailing - or / is not part of the tag"),
        Case("#v2 #2026年", ["v2", "2026年"], "digits with a letter are a tag"),
        Case("#Rain #rain #RAIN", ["Rain"], "the same tag in another case counts once, first spelling kept"),
        Case("#café #naïve #Ελλάδα #москва", ["café", "naïve", "Ελλάδα", "москва"], "letters of any script"),
        Case("# Heading #inline", ["inline"], "a heading's # is not a tag but a tag after it is"),
        Case("#tag\r\nnext #two\r\n", ["tag", "two"], "CRLF line ends"),
        Case("`#code` but #real", ["real"], "inline code holds no tags"),
        Case("``a ` #inner`` #after", ["after"], "a double-backtick span with a backtick inside"),
        Case("`unclosed #yes", ["yes"], "a backtick without its pair is plain text"),
        Case("```\n#not\n```\n#yes", ["yes"], "a fenced code block holds no tags"),
        Case("~~~python\n# comment\n#not\n~~~\n#after", ["after"], "a tilde fence with an info string"),
        Case("````\n```\n#still-code\n````\n#out", ["out"], "a fence closes only with at least as many markers"),
        Case("  ```\n#in\n  ```\n#out", ["out"], "an indented fence"),
        Case("```\n#never-closed", [], "an unclosed fence runs to the end"),
        Case("#a#b", ["a"], "the closing # of a pair does not start another tag"),
        Case("[see](#section) #real", ["real"], "a link to an anchor is not a tag"),
    ]

    static let notTags: [Case] = [
        Case("# Title", [], "an ATX heading"),
        Case("## Section\n### Deeper", [], "deeper headings"),
        Case("##tag", [], "## is a heading marker, not a tag"),
        Case("a # b", [], "a bare #"),
        Case("#", [], "only #"),
        Case("see https://x.com/a#b and http://x.com/#top", [], "URL fragments"),
        Case("&#123; &#x1F600;", [], "HTML entities"),
        Case("fixed in #123 and #45", [], "issue numbers: digits only"),
        Case("#2026-11 #1/2", [], "dates and fractions have no letter"),
        Case("C# and F#", [], "a # after a letter"),
        Case("\\#escaped", [], "an escaped #"),
        Case("#!/bin/sh", [], "a shebang"),
        Case("###", [], "a run of #"),
        Case("color: #fff;", ["fff"], "a hex colour after a space is a tag (as in Obsidian); put CSS in code"),
    ]

    @Test("tags are found", arguments: found)
    func findsTags(_ example: Case) {
        #expect(InlineTags.extract(from: example.body) == example.tags, "\(example.body.debugDescription)")
    }

    @Test("things that look like tags but are not", arguments: notTags)
    func ignoresNonTags(_ example: Case) {
        #expect(InlineTags.extract(from: example.body) == example.tags, "\(example.body.debugDescription)")
    }

    @Test("a record's tags are the front matter's, then the body's, each once without case")
    func recordAllTags() throws {
        let text = """
            ---
            id: 5b0c1c8e-8c1f-4f57-9d55-0c3d8a9f6a21
            kind: diary
            title: 下雨
            tags: [Rain, walk]
            ---
            今天#工作#很累，#rain 還在下 #Walk #晚餐
            """
        let record = Record(path: "diary/2026/11/2026-11-22-下雨.md", document: try FrontMatterDocument(parsing: text))
        #expect(record.tags == ["Rain", "walk"])
        #expect(record.allTags == ["Rain", "walk", "工作", "晚餐"])
    }

    @Test("a body without tags adds nothing")
    func noInlineTags() throws {
        let record = Record(path: "x.md", document: try FrontMatterDocument(parsing: "---\ntags: [a]\n---\nplain text\n"))
        #expect(record.allTags == ["a"])
        #expect(InlineTags.extract(from: "") == [])
    }

    // Found by `make fuzz` (harness `inline-tags`): with CRLF line breaks the body was one line,
    // so a fenced code block was not seen and the tags inside it counted.
    @Test("a body written with CRLF line breaks has the same tags as with LF: none from its code blocks")
    func crlfBody() {
        let body = "#rain walk\n```\n#not-a-tag\n```\n~~~~\n#fenced\n~~~~\n今天#工作#很累\n"
        let crlf = body.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(InlineTags.extract(from: body) == ["rain", "工作"])
        #expect(InlineTags.extract(from: crlf) == ["rain", "工作"])
    }

    // Found by `make fuzz` (harness `inline-tags`): U+1DE5 is a combining mark Unicode calls alphabetic.
    @Test("a name whose only 'letter' is a combining mark is not a tag")
    func combiningMarkIsNoLetter() {
        #expect(InlineTags.extract(from: "#-\u{1DE5} #\u{1DE5}1") == [])
        #expect(InlineTags.extract(from: "#कि #Ⅻ") == ["कि", "Ⅻ"])
    }

    /// The byte look the catalog asks first (``InlineTags/mayHoldTags(_:)``) against the full
    /// reading, its oracle: it may say "maybe" where there are none, never "none" where there are.
    @Test("the byte look for a possible tag never misses one: every example, and generated bodies, against the full reading")
    func byteLookNeverMisses() {
        func mayHold(_ text: String) -> Bool { Array(text.utf8).withUnsafeBufferPointer(InlineTags.mayHoldTags) }
        for example in Self.found + Self.notTags where !InlineTags.extract(from: example.body).isEmpty {
            #expect(mayHold(example.body), "\(example.body.debugDescription)")
        }
        // A conversation's headings, a bare # and # before punctuation open no tag: the reading is spared.
        for body in ["## Conversation\n\n**me** · 18:05\n下雨", "## 對話\n**我**", "#", "# x", "a #. b #, #!", "#\n#\t#\r\n"] {
            #expect(!mayHold(body), "\(body.debugDescription)")
            #expect(InlineTags.extract(from: body) == [], "\(body.debugDescription)")
        }
        let pieces = ["#", "##", " ", "\n", "\r\n", "a", "1", "_", "-", "/", "下", "é", "`", "```\n", "(", "]", "，", ".", "\u{1DE5}", "😀"]
        var generator = SeededGenerator(seed: 0x7A65)
        for _ in 0..<5_000 {
            let body = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            if !InlineTags.extract(from: body).isEmpty { #expect(mayHold(body), "\(body.debugDescription)") }
        }
    }

    /// The byte-wise line pass against the scalar-by-scalar reading of every line, its oracle.
    @Test(
        "tags read line by line from the bytes are the tags every line read scalar by scalar gives: examples, fences, CRLF, generated bodies"
    )
    func bytewiseLinesAgree() {
        var bodies = (Self.found + Self.notTags).map(\.body)
        bodies += [
            "#a\n```\n#b\n```\n#c", "```\n#b\n", "~~~\n#b\n~~~ \u{3000}\n#c", "```x`\n#a", "   ```\n#in\n   ```\n#out",
            "    ```\n#four", "````\n#a\n```\n#still\n````\n#out", "#a\r\n```\r\n#b\r\n```\r\n#c\r", "\r\n#x\r", "#",
            "今天#工作#很累\n## 對話\n**我** #晚上", "`#code` #tag", "#a\n\n\n#a #A #b",
        ]
        let pieces = [
            "#", "##", " ", "\n", "\r\n", "\r", "a", "1", "_", "-", "/", "下", "é", "`", "```", "~~~", "\n```\n", "(", "]", "，", "\u{3000}",
            "😀", "\u{1DE5}", "](#", "「", "\u{00A0}", "٣", "ǅ", "e\u{301}",
        ]
        var generator = SeededGenerator(seed: 0xB17E)
        // Most generated lines have no backtick, so they are read at each `#` (a line with one is
        // read scalar by scalar): both ways are held to the oracle.
        for _ in 0..<20_000 {
            bodies.append(
                (0..<Int.random(in: 0...16, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined())
        }
        for body in bodies {
            #expect(InlineTags.extract(from: body) == InlineTags.extractReadingEveryLine(from: body), "\(body.debugDescription)")
        }
    }

    /// The pairwise comparison against the set of lower-cased names it replaced, its oracle.
    @Test("tags kept once without case by comparing each with those before it, as a set of lower-cased names keeps them")
    func deduplicatedAgreesWithSet() {
        let names = [
            "", "rain", "Rain", "RAIN", "walk", "下雨", "Straße", "STRASSE", "strasse", "ǅ", "ǆ", "Ǆ", "K", "\u{212A}", "k",
            "café", "cafe\u{301}", "CAFÉ", "İ", "i", "I", "ı", "Σ", "σ", "ς", "ǈ", "a/b", "A/B",
        ]
        var generator = SeededGenerator(seed: 0xDED0)
        for _ in 0..<20_000 {
            // Past sixteen the set itself is used: both sides of that line are held to it.
            let count = Int.random(in: 0...20, using: &generator)
            let tags = (0..<count).map { _ in names.randomElement(using: &generator) ?? "" }
            #expect(InlineTags.deduplicated(tags) == InlineTags.deduplicatedBySet(tags), "\(tags)")
        }
        #expect(InlineTags.merge(["Rain", "walk"], []) == ["Rain", "walk"])
        #expect(InlineTags.merge(["Rain", ""], []) == ["Rain"])
        #expect(InlineTags.merge([""], []) == [])
        #expect(InlineTags.merge(["Rain"], ["rain", "晚餐"]) == ["Rain", "晚餐"])
    }

    /// The comparison without lower-casing, against lower-casing both: every pair of names that
    /// differ in case, length, or the first byte past ASCII (the Kelvin sign is `k` lower-cased).
    @Test("two names are the same without case exactly when their lower-cased forms are")
    func sameIgnoringCaseAgreesWithLowercasing() {
        let names = [
            "", "a", "A", "k", "K", "\u{212A}", "rain", "Rain", "RAIN", "rainy", "rai", "r@in", "r`in", "R{in", "ra1n", "Ra1N",
            "下雨", "Straße", "STRASSE", "strasse", "İ", "i", "I", "ı", "i\u{307}", "Σ", "σ", "ς", "café", "CAFÉ", "cafe\u{301}",
            "a/b", "A/B", "a-b", "A_B", "[", "{", "@", "`", "~", "^",
        ]
        for a in names {
            for b in names {
                #expect(InlineTags.sameIgnoringCase(a, b) == (a.lowercased() == b.lowercased()), "\(a) \(b)")
            }
        }
    }

    /// The ASCII answers of the scanner's three questions, read without Unicode's tables, are
    /// those the tables give, for every ASCII scalar (and after a `]` too).
    @Test("ASCII is judged as Unicode's properties judge it")
    func asciiAgreesWithProperties() {
        for value in UInt32(0)..<0x80 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(InlineTags.isTagScalar(scalar) == InlineTags.isTagScalarByProperties(scalar), "\(value)")
            #expect(InlineTags.isNameLetter(scalar) == InlineTags.isNameLetterByProperties(scalar), "\(value)")
            for afterBracket in [false, true] {
                #expect(
                    InlineTags.startsTag(after: scalar, afterBracket: afterBracket)
                        == InlineTags.startsTagByProperties(after: scalar, afterBracket: afterBracket), "\(value) \(afterBracket)")
            }
        }
    }
}
