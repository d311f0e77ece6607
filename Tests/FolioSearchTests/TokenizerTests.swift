import Testing

@testable import FolioSearch

/// `text@position` for each token, the compact form the tables below are written in.
private func render(_ text: String) -> [String] {
    Tokenizer().tokens(in: text).map { "\($0.text)@\($0.position)" }
}

@Suite("Tokenizer")
struct TokenizerTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let input: String
        let tokens: [String]
        var testDescription: String { input }
    }

    static let cases: [Case] = [
        // NFKC: full-width Latin and digits become ASCII, ligatures split.
        Case(input: "ＡＢＣ", tokens: ["abc@0"]),
        Case(input: "ＡＢＣ１２３ def", tokens: ["abc123@0", "def@1"]),
        Case(input: "ﬁne", tokens: ["fine@0"]),
        Case(input: "½", tokens: ["1@0", "2@1"]),
        // Case and diacritic folding for Latin script.
        Case(input: "Café", tokens: ["cafe@0"]),
        Case(input: "CAFÉ café cafe\u{301}", tokens: ["cafe@0", "cafe@1", "cafe@2"]),
        Case(input: "naïve Straße", tokens: ["naive@0", "strasse@1"]),
        Case(input: "ŁÓDŹ Øresund", tokens: ["lodz@0", "oresund@1"]),
        // Greek keeps its accents (only Latin is diacritic-folded) but is case-folded.
        Case(input: "Καλημέρα", tokens: ["καλημέρα@0"]),
        // Words split at anything that is not a letter or digit.
        Case(input: "Hello, World! it's 12:30", tokens: ["hello@0", "world@1", "it@2", "s@3", "12@4", "30@5"]),
        Case(input: "e-mail_address", tokens: ["e@0", "mail@1", "address@2"]),
        Case(input: "   ", tokens: []),
        Case(input: "!!! --- ...", tokens: []),
        // CJK: every character as a unigram plus every adjacent pair as a bigram.
        Case(input: "下雨", tokens: ["下@0", "下雨@0", "雨@1"]),
        Case(input: "今天傍晚", tokens: ["今@0", "今天@0", "天@1", "天傍@1", "傍@2", "傍晚@2", "晚@3"]),
        // Punctuation ends a CJK run: no bigram across it.
        Case(input: "下。雨", tokens: ["下@0", "雨@1"]),
        // Mixed script: the Latin word, then the CJK run right after it.
        Case(
            input: "iPhone拍的照片",
            tokens: ["iphone@0", "拍@1", "拍的@1", "的@2", "的照@2", "照@3", "照片@3", "片@4"]),
        Case(input: "2026年", tokens: ["2026@0", "年@1"]),
        // Japanese kana (hiragana and katakana run together with kanji).
        Case(input: "ひらがな", tokens: ["ひ@0", "ひら@0", "ら@1", "らが@1", "が@2", "がな@2", "な@3"]),
        Case(input: "カタカナ", tokens: ["カ@0", "カタ@0", "タ@1", "タカ@1", "カ@2", "カナ@2", "ナ@3"]),
        Case(input: "雨が", tokens: ["雨@0", "雨が@0", "が@1"]),
        // Half-width katakana composes under NFKC (ｶﾞ → ガ).
        Case(input: "ｶﾞｷﾞ", tokens: ["ガ@0", "ガギ@0", "ギ@1"]),
        // Korean: Hangul syllables; the space splits runs.
        Case(
            input: "한국어 텍스트",
            tokens: ["한@0", "한국@0", "국@1", "국어@1", "어@2", "텍@3", "텍스@3", "스@4", "스트@4", "트@5"]),
    ]

    @Test(arguments: cases)
    func tokenTable(_ testCase: Case) {
        #expect(render(testCase.input) == testCase.tokens)
    }

    @Test func kindsAreReported() {
        let kinds = Tokenizer().tokens(in: "ab 下雨").map(\.kind)
        #expect(kinds == [.word, .cjkUnigram, .cjkBigram, .cjkUnigram])
    }

    @Test func rangesPointAtTheSourceText() {
        let text = "Das Café „Ｌｕｎａ“ 下雨了"
        let tokens = Tokenizer().tokens(in: text)
        #expect(
            tokens.map { String(text[$0.range]) }
                == ["Das", "Café", "Ｌｕｎａ", "下", "下雨", "雨", "雨了", "了"])
        #expect(tokens.map(\.text) == ["das", "cafe", "luna", "下", "下雨", "雨", "雨了", "了"])
        for token in tokens {
            let utf8 = Array(text.utf8)[token.utf8Range]
            #expect(String(decoding: utf8, as: UTF8.self) == String(text[token.range]))
        }
    }

    @Test func variationSelectorStaysWithItsCharacter() {
        let text = "葛\u{E0100}城"
        let tokens = Tokenizer().tokens(in: text)
        #expect(tokens.map(\.text) == ["葛", "葛城", "城"])
        #expect(String(text[tokens[0].range]) == "葛\u{E0100}")
    }

    @Test func longWordsAreCappedConsistently() {
        let long = String(repeating: "ab", count: 100)
        let tokens = Tokenizer().tokens(in: long)
        #expect(tokens.count == 1)
        #expect(tokens[0].text.utf8.count == Scanner.maxWordBytes)
        #expect(tokens[0].range == long.startIndex..<long.endIndex)
    }

    @Test func normalizedTextAndPhraseContainment() {
        let tokenizer = Tokenizer()
        #expect(tokenizer.normalized("Café 下雨 ＡＢＣ") == "cafe 下雨 abc")
        #expect(tokenizer.contains(phrase: "rainy DAY", in: "A Rainy day, again"))
        #expect(!tokenizer.contains(phrase: "rainy day", in: "a day rainy"))
        #expect(tokenizer.contains(phrase: "下雨", in: "會不會下雨？"))
        #expect(!tokenizer.contains(phrase: "下雨", in: "今天傍晚下著小雨"))
        #expect(!tokenizer.contains(phrase: "!!!", in: "!!!"))
    }
}
