/// Chinese and Japanese are typed without spaces: `淡水夕陽` means the words `淡水` and `夕陽`, which a
/// page may hold apart (`淡水的夕陽`, `淡水 夕陽`). This cuts such a query into words the way a reader
/// would, with ICU's dictionary word break (``WordBreak``), so that each word must occur and not
/// every character pair of the query, including the one that straddles two words (`水夕`).
///
/// Characters ICU does not know as part of a word come out one by one; two or more of them in a row
/// are an unknown word, kept as its character pairs (each must occur, as typed). A lone one between
/// known words is a word of one character. A query ICU knows no word of (`哈哈哈`, a name) is
/// matched as typed.
public enum TypedWords {
    /// The words of `text` when it is a run of Han or kana characters of at least three (two are
    /// one word or one pair either way) that ICU cuts into more than one; empty otherwise, and the
    /// text matches as typed.
    public static func words(of text: String) -> [String] {
        let characters = Array(text)
        guard characters.count >= 3, characters.count <= 64, characters.allSatisfy(isHanOrKana),
            let segments = WordBreak.segments(in: text)
        else { return [] }
        var words: [String] = []
        var unknown: [Character] = []
        func flushUnknown() {
            if unknown.count == 1 {
                words.append(String(unknown))
            } else if unknown.count > 1 {
                for index in 0..<(unknown.count - 1) { words.append(String(unknown[index...(index + 1)])) }
            }
            unknown = []
        }
        for segment in segments where segment.kind != .other {
            if segment.text.count == 1, let character = segment.text.first {
                unknown.append(character)
            } else {
                flushUnknown()
                words.append(segment.text)
            }
        }
        let known = !words.isEmpty
        flushUnknown()
        return known && words.count > 1 ? words : []
    }

    /// Han ideographs and kana, the scripts written without spaces between words.
    public static func isHanOrKana(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { scalar in
            switch scalar.value {
            case 0x3040...0x30FF, 0x31F0...0x31FF,  // kana
                0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F:  // Han
                true
            default: false
            }
        }
    }
}
