/// A query term is read as the words a person meant by it. Chinese and Japanese are typed without
/// spaces: `淡水夕陽` means the words `淡水` and `夕陽`, which a page may hold apart (`淡水的夕陽`,
/// `淡水 夕陽`). So are words run into other scripts (`象山101`, `日文N3`, `Taipei101`) and words
/// parted by punctuation instead of a space (`淡水，夕陽`, `宜蘭溫泉？`). This cuts a term into
/// those words, so that each must occur rather than the term as typed, including the character
/// pair that straddles two words (`水夕`). A page holding the term as typed always matches too
/// (`Search`), so cutting never loses a page.
///
/// A run of Han or kana characters is cut with ICU's dictionary word break (``WordBreak``).
/// Characters ICU does not know as part of a word come out one by one: two or more in a row are an
/// unknown word, kept as its character pairs (each must occur, as typed), and a lone one is a word
/// of one character. Grammar characters (的, 了, 在…) end such a run and are no word of their own:
/// `特別紅的夕陽` needs 特別, 紅 and 夕陽, not the pair 紅的. A run ICU knows no word of (`哈哈哈`, a
/// name) is matched as typed.
public enum TypedWords {
    /// The words of `text`; empty when it is one word, and the text matches as typed.
    public static func words(of text: String) -> [String] {
        let characters = Array(text)
        guard characters.count >= 2, characters.count <= 64 else { return [] }
        var words: [String] = []
        for piece in pieces(of: characters) {
            if piece.count >= 3, piece.allSatisfy(isHanOrKana) {
                let cut = hanWords(of: String(piece))
                words += cut.isEmpty ? [String(piece)] : cut
            } else if !(piece.count == 1 && piece.first.map(grammar.contains) == true) {
                words.append(String(piece))
            }
        }
        return words.count > 1 ? words : []
    }

    /// `characters` cut at sentence punctuation and where the script changes: Han or kana, then
    /// letters, then digits (letters and digits part only when both sides have two or more, so
    /// `N3` and `B2` stay whole).
    static func pieces(of characters: [Character]) -> [[Character]] {
        var pieces: [[Character]] = []
        var current: [Character] = []
        var currentClass = 0
        func close() {
            if !current.isEmpty { pieces.append(current) }
            current = []
        }
        for character in characters {
            if punctuation.contains(character) || character.isWhitespace {
                close()
                continue
            }
            let characterClass = isHanOrKana(character) ? 1 : (character.isNumber ? 3 : 2)
            if !current.isEmpty, characterClass != currentClass {
                let lettersAndDigits = characterClass != 1 && currentClass != 1
                if !lettersAndDigits || current.count >= 2 { close() }
            }
            current.append(character)
            currentClass = characterClass
        }
        close()
        // Letters and digits rejoin when the second part is a single one (`iPhone5` stays whole).
        var joined: [[Character]] = []
        for piece in pieces {
            if let last = joined.last, piece.count == 1, let only = piece.first, !isHanOrKana(only),
                let previous = last.last, !isHanOrKana(previous)
            {
                joined[joined.count - 1].append(only)
            } else {
                joined.append(piece)
            }
        }
        return joined
    }

    /// A run of Han or kana as ICU's words, or empty when ICU knows none of it.
    static func hanWords(of text: String) -> [String] {
        guard let segments = WordBreak.segments(in: text) else { return [] }
        var words: [String] = []
        var unknown: [Character] = []
        // Whether ICU knew a word of two or more characters in the run.
        var known = false
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
                if grammar.contains(character) {
                    flushUnknown()
                } else {
                    unknown.append(character)
                }
            } else {
                flushUnknown()
                words.append(segment.text)
                known = true
            }
        }
        flushUnknown()
        return known && words.count > 1 ? words : []
    }

    /// Characters that are grammar, not content: no word of their own when typed alone, and they
    /// end a run of characters ICU does not know.
    public static let grammar: Set<Character> = Set("的了在是和與与也都很又就著着過过嗎吗呢吧啊呀把被跟之")

    /// Punctuation that parts words the way a space does (a hyphen, an apostrophe or a dot joins them).
    static let punctuation: Set<Character> = Set(",;!?，、。；！？：「」『』（）()《》〈〉…～~")

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
