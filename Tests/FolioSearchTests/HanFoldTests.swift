import CTransliterate
import Testing

@testable import FolioSearch

/// ICU's own transliteration of `text` with the transform `id`: the oracle for ``HanFold``.
private func icu(_ id: String, _ text: String) -> String? {
    let transform = Array(id.utf16)
    var units = Array(text.utf16)
    let length = units.count
    // Hant-Hans maps a character to one of the same length; room for growth is kept all the same.
    units += [UInt16](repeating: 0, count: length)
    guard let idLength = Int32(exactly: transform.count), let textLength = Int32(exactly: length),
        let capacity = Int32(exactly: units.count)
    else { return nil }
    let result = units.withUnsafeMutableBufferPointer { buffer in
        folio_transliterate(transform, idLength, buffer.baseAddress, textLength, capacity)
    }
    guard result >= 0, Int(result) <= units.count else { return nil }
    return String(decoding: units[..<Int(result)], as: UTF16.self)
}

private func ids(_ bodies: [String], _ query: String) throws -> Set<Int> {
    let index = TextIndex(
        fields: [IndexField("body", weight: 1)],
        documents: bodies.enumerated().map { IndexDocument(id: $0.offset + 1, fields: ["body": $0.element]) })
    return Set(try index.search(query).map(\.documentID))
}

@Suite("Traditional and Simplified")
struct HanFoldTests {
    /// Every Han character of the blocks the scanner reads, one per line through ICU, against the
    /// generated table: a table out of date with ICU fails here (run scripts/generate-han-fold).
    @Test func theTableIsICUsHantToHansOneCharacterAtATime() throws {
        let ranges: [ClosedRange<UInt32>] = [
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0x2_0000...0x2_A6DF, 0x2_A700...0x2_EBEF, 0x3_0000...0x3_23AF,
        ]
        let characters = ranges.flatMap { $0.compactMap(Unicode.Scalar.init) }
        let transliterated = try #require(icu("Hant-Hans", characters.map { String($0) }.joined(separator: "\n")))
        let lines = transliterated.split(separator: "\n", omittingEmptySubsequences: false)
        try #require(lines.count == characters.count)
        var differing = 0
        for (character, line) in zip(characters, lines) {
            let scalars = line.unicodeScalars.map(\.value)
            try #require(scalars.count == 1, "ICU gives \(line) for \(character)")
            let icuForm = scalars[0]
            let folded = HanFold.fold(character.value)
            if icuForm != character.value { differing += 1 }
            // ICU's form, or, where ICU's forms cycle (苧 → 苎 → 苧), one form for the whole cycle.
            if folded != icuForm {
                #expect(HanFold.fold(icuForm) == folded, "\(character): ICU \(line), folio \(String(describing: Unicode.Scalar(folded)))")
            }
        }
        #expect(differing > 2_500)
    }

    @Test func foldingIsStable() {
        for (from, to) in HanFold.pairList {
            #expect(HanFold.fold(to) == to, "\(from) folds to \(to), which folds on")
        }
        // Characters with one form stay as they are, and so does everything else.
        #expect(HanFold.folded("淡水 cafe 東京で") == "淡水 cafe 东京で")
        #expect(HanFold.folded("臺灣髮發") == "台湾发发")
    }

    @Test func eitherFormFindsTheOther() throws {
        let pages = ["傍晚在淡水看夕陽，風很大", "今天去宜蘭泡溫泉", "臺灣的夏天很熱", "下载了新的应用"]
        #expect(try ids(pages, "淡水夕阳") == [1])
        #expect(try ids(pages, "宜兰温泉") == [2])
        // 台 and 臺 are one character to a reader: both find both spellings.
        #expect(try ids(pages, "台湾") == [3])
        #expect(try ids(pages, "台灣") == [3])
        // A page written in Simplified is found by a Traditional query.
        #expect(try ids(pages, "下載") == [4])
        #expect(try ids(pages, "「風很大」") == [1])
        #expect(try ids(pages, "「风很大」") == [1])
        // Folding never joins what the text holds apart, nor finds words that are not there.
        #expect(try ids(pages, "淡水温泉").isEmpty)
    }

    @Test func fullWidthAndHalfWidthAreOne() throws {
        let pages = ["NTU 的圖書館", "ｃａｆｅ 的拿鐵", "ｶﾀｶﾅ 的招牌"]
        #expect(try ids(pages, "ＮＴＵ") == [1])
        #expect(try ids(pages, "ntu") == [1])
        #expect(try ids(pages, "cafe") == [2])
        #expect(try ids(pages, "カタカナ") == [3])
    }

    @Test func snippetsHighlightTheTextAsWritten() throws {
        let tokens = Tokenizer().tokens(in: "臺灣的夏天")
        let simplified = Tokenizer().tokens(in: "台湾的夏天")
        #expect(tokens.map(\.text) == simplified.map(\.text))
        // The ranges still point into the text as written.
        let text = "臺灣的夏天"
        #expect(tokens.first { $0.kind == .cjkBigram }.map { String(text[$0.range]) } == "臺灣")
    }
}
