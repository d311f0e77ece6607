import Foundation
import FolioCore
import FolioSearch

/// Tags guessed from the words of a page, offline: the builtin provider's "3 to 8 tags".
///
/// The vault's own tags come first when the text mentions them (so a page joins the tiles the
/// user already has); then Latin words and CJK character pairs, by how often they occur and then
/// by where they first occur. Chinese has no spaces, so a pair is only a guess at a word: pairs
/// holding a grammatical character (的, 了, 我…) or part of a time word (今天…) are left out, a pair
/// between such boundaries counts more, and a pair that overlaps a stronger one is dropped.
public enum KeywordTags {
    /// Up to `limit` tags from `text`, in lower case, each once (ignoring case), spelled like an
    /// existing tag when they are the same tag.
    public static func tags(from text: String, existing: [String], limit: Int = 8) -> [String] {
        var scores: [String: (score: Double, first: Int)] = [:]
        func add(_ tag: String, _ score: Double, at position: Int) {
            let current = scores[tag] ?? (0, position)
            scores[tag] = (current.score + score, min(current.first, position))
        }
        let folded = text.lowercased()
        for tag in existing {
            let key = tag.lowercased()
            guard !key.isEmpty, let range = folded.range(of: key) else { continue }
            let isLatin = key.unicodeScalars.allSatisfy { $0.isASCII }
            if isLatin && !isWholeWord(range, in: folded) { continue }
            add(tag, 10 + Double(folded.components(separatedBy: key).count - 1), at: folded.distance(from: folded.startIndex, to: range.lowerBound))
        }
        for token in Tokenizer().tokens(in: text) where token.kind == .word {
            guard token.text.count >= 3, !token.text.allSatisfy(\.isNumber), !stopWords.contains(token.text) else { continue }
            add(token.text, 1, at: token.position * 2)
        }
        // Chinese pairs. A pair standing between boundaries (punctuation, a grammatical character, a
        // time word, the text's ends) is likely a whole word, so each bounded side adds half a point.
        let characters = Array(text)
        let count = characters.count
        var inStopPair = [Bool](repeating: false, count: count)
        for i in 0..<max(0, count - 1) where stopPairs.contains(String(characters[i...i + 1])) {
            inStopPair[i] = true
            inStopPair[i + 1] = true
        }
        func usable(_ i: Int) -> Bool {
            i >= 0 && i < count && isHan(characters[i]) && !stopCharacters.contains(characters[i]) && !inStopPair[i]
        }
        var pairs: [(Int, String)] = []
        for i in 0..<max(0, count - 1) where usable(i) && usable(i + 1) {
            let pair = String(characters[i...i + 1])
            let bounded = (usable(i - 1) ? 0 : 0.5) + (usable(i + 2) ? 0 : 0.5)
            add(pair, 1 + bounded, at: i * 2 + 1)
            pairs.append((i, pair))
        }
        // A pair overlapping a stronger pair (or an equal one further left) is the tail of a word, not a word.
        let pairAt = Dictionary(pairs, uniquingKeysWith: { first, _ in first })
        var losers = Set<String>()
        for (i, pair) in pairs {
            guard let mine = scores[pair] else { continue }
            for neighbour in [pairAt[i - 1], pairAt[i + 1]].compactMap({ $0 }) where neighbour != pair {
                guard let theirs = scores[neighbour] else { continue }
                if theirs.score > mine.score || (theirs.score == mine.score && theirs.first < mine.first) { losers.insert(pair) }
            }
        }
        for loser in losers where !existing.contains(where: { $0.lowercased() == loser }) { scores[loser] = nil }
        let existingByKey = Dictionary(existing.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        var seen = Set<String>()
        return scores.sorted { a, b in
            a.value.score != b.value.score ? a.value.score > b.value.score
                : a.value.first != b.value.first ? a.value.first < b.value.first : a.key < b.key
        }
        .map { existingByKey[$0.key.lowercased()] ?? $0.key.lowercased() }
        .filter { seen.insert($0.lowercased()).inserted }
        .prefix(limit).map { $0 }
    }

    private static func isWholeWord(_ range: Range<String.Index>, in text: String) -> Bool {
        let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
        let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
        return !(before?.isLetter ?? false) && !(after?.isLetter ?? false)
    }

    private static func isHan(_ character: Character) -> Bool {
        character.unicodeScalars.count == 1 && character.unicodeScalars.first.map(CJK.isHan) == true
    }

    /// Characters that make a pair grammar rather than a topic.
    static let stopCharacters: Set<Character> = Set("的了是在我你他她它們们這这那就都也和與与很有沒没不嗎吗呢吧啊呀把被跟而及或但又還还才再得地著着過过個个些麼么要會会能可以一")

    /// Time words and fillers that are words but make poor tags.
    static let stopPairs: Set<String> = ["今天", "明天", "昨天", "現在", "现在", "時候", "时候", "然後", "然后", "因為", "因为", "所以", "覺得", "觉得", "其實", "其实", "真的", "如果", "今晚", "剛剛", "刚刚", "已經", "已经", "自己", "什麼", "什么", "怎麼", "怎么", "非常", "感覺", "感觉"]

    static let stopWords: Set<String> = [
        "the", "and", "for", "are", "but", "not", "you", "all", "any", "can", "had", "her", "was", "one", "our", "out", "day",
        "get", "has", "him", "his", "how", "man", "new", "now", "old", "see", "two", "way", "who", "did", "its", "let", "put",
        "say", "she", "too", "use", "that", "with", "have", "this", "will", "your", "from", "they", "know", "want", "been",
        "good", "much", "some", "time", "very", "when", "come", "here", "just", "like", "long", "make", "many", "more", "only",
        "over", "such", "take", "than", "them", "well", "were", "what", "then", "there", "their", "about", "would", "could",
        "should", "which", "into", "after", "before", "because", "today", "tonight", "yesterday", "tomorrow", "really",
        "felt", "feel", "feeling", "think", "thought", "also", "still", "even", "every", "little", "something", "went",
        "got", "back", "home", "being", "other", "these", "those", "while", "where", "again", "never", "always", "maybe",
        "myself", "yourself", "quite", "pretty", "kind", "lot", "lots", "bit", "thing", "things",
    ]
}
