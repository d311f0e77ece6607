import FolioCore
import Foundation

/// The builtin provider's page: the user's own sentences, from what they typed and said in the
/// conversation, in order, each once. Nothing is invented, so the page is in the user's voice by
/// construction; when there are many sentences, the ones carrying the page's keywords are kept.
public enum ExtractiveSummary {
    /// The sentences of `text`, each with its closing punctuation.
    public static func sentences(in text: String) -> [String] {
        var sentences: [String] = []
        var current = ""
        let closers: Set<Character> = ["。", "！", "？", "!", "?", "…", "；", ";", "\n"]
        var characters = Array(text)
        characters.append("\n")
        for (index, character) in characters.enumerated() {
            current.append(character)
            let isLatinStop = character == "." && (index + 1 == characters.count || characters[index + 1].isWhitespace)
            let nextIsCloser = index + 1 < characters.count && closers.contains(characters[index + 1]) && characters[index + 1] != "\n"
            if (closers.contains(character) || isLatinStop) && !nextIsCloser {
                let sentence = current.trimmingCharacters(in: .whitespacesAndNewlines)
                // A lone "." or "！" is not a sentence; one Chinese character may be (好。).
                if sentence.contains(where: { $0.isLetter || $0.isNumber }) { sentences.append(sentence) }
                current = ""
            }
        }
        return sentences
    }

    /// The page from the user's texts (the typed text first, then their messages), at most
    /// `maxCharacters` long unless a single sentence is longer.
    public static func page(from texts: [String], keywords: [String], maxCharacters: Int = 600) -> String {
        var seen = Set<String>()
        var all: [String] = []
        for text in texts {
            for sentence in sentences(in: text) where seen.insert(sentence.lowercased()).inserted { all.append(sentence) }
        }
        guard !all.isEmpty else { return "" }
        var chosen = Array(all.indices)
        if all.reduce(0, { $0 + $1.count }) > maxCharacters {
            let lowered = keywords.map { $0.lowercased() }
            let ranked = all.indices.sorted { a, b in
                let sa = score(all[a], lowered)
                let sb = score(all[b], lowered)
                return sa != sb ? sa > sb : a < b
            }
            chosen = []
            var length = 0
            for index in ranked where length + all[index].count <= maxCharacters || chosen.isEmpty {
                chosen.append(index)
                length += all[index].count
            }
            chosen.sort()
        }
        var page = ""
        for index in chosen {
            let sentence = all[index]
            // Chinese sentences run on (a typed fragment without a full stop gets one); anything
            // next to Latin text gets a space.
            if let last = page.last, let first = sentence.first {
                // After Chinese text no space follows, whatever comes next (下班路上。11月23日…).
                if isCJK(last) && (isCJK(first) || !first.isLetter || !first.isASCII) {
                    if last.isLetter { page += "。" }
                } else {
                    // A typed fragment without a full stop gets one before the next sentence.
                    if last.isLetter || last.isNumber { page += isCJK(last) ? "。" : "." }
                    page += " "
                }
            }
            page += sentence
        }
        return page
    }

    private static func score(_ sentence: String, _ keywords: [String]) -> Double {
        let lowered = sentence.lowercased()
        let hits = keywords.reduce(0) { $0 + (lowered.contains($1) ? 1 : 0) }
        return Double(hits) / Double(max(sentence.count, 1)).squareRoot()
    }

    private static func isCJK(_ character: Character) -> Bool {
        character.unicodeScalars.first.map(CJK.contains) ?? false
    }
}
