import FolioCore
import FolioSearch
import Foundation

/// Tags guessed from the words of a page, offline: the builtin provider's keywords.
///
/// The vault's own tags come first when the text mentions them (so a page joins the tiles the
/// user already has, and 拿鐵 stays 拿鐵 once the user has used it); then Latin words, and Chinese
/// and Japanese words cut at ICU's dictionary word boundaries, by how often they occur and then by
/// where they first occur. Function words, time words and counted nouns (一杯, 這個) are left out.
public enum KeywordTags {
    /// Up to `limit` tags from `text`, in lower case, each once (ignoring case), spelled like an
    /// existing tag when they are the same tag. May be fewer than three: ``TagCompletion`` fills up.
    public static func tags(from text: String, existing: [String], limit: Int = 8) -> [String] {
        var scores: [String: (score: Double, first: Int)] = [:]
        func add(_ tag: String, _ score: Double, at position: Int) {
            let current = scores[tag] ?? (0, position)
            scores[tag] = (current.score + score, min(current.first, position))
        }
        // Positions are UTF-16 offsets, the unit ICU's boundaries come in.
        var covered: [Range<Int>] = []
        for tag in existing {
            let occurrences = Self.occurrences(of: tag, in: text)
            guard let first = occurrences.first else { continue }
            add(tag, 10 + Double(occurrences.count), at: first.lowerBound)
            covered += occurrences
        }
        // Forms of one English word count together (draw, draws; walk, walked) and the tag is the
        // form the user wrote most, the shorter on a tie.
        var forms: [String: [String: Int]] = [:]
        for token in Tokenizer().tokens(in: text) where token.kind == .word {
            let base = EnglishWord.base(of: token.text)
            guard token.text.count >= 3, !token.text.allSatisfy(\.isNumber), !stopWords.contains(token.text), !stopWords.contains(base)
            else { continue }
            forms[base, default: [:]][token.text, default: 0] += 1
            add(base, 1, at: text.utf16.distance(from: text.startIndex, to: token.range.lowerBound))
        }
        for (base, written) in forms {
            guard let score = scores[base],
                let form = written.max(by: { a, b in a.value != b.value ? a.value < b.value : a.key.count > b.key.count })?.key,
                form != base
            else { continue }
            scores[base] = nil
            let other = scores[form]
            scores[form] = (score.score + (other?.score ?? 0), min(score.first, other?.first ?? score.first))
        }
        for word in words(in: text) where !covered.contains(where: { $0.overlaps(word.range) }) {
            // A longer word is a more particular one (咖啡店 over 咖啡), and a word after 在, 去, 的…
            // is what the sentence is about (在夜市, 去了宜蘭, 路上的咖啡店).
            add(word.text, 1 + (word.text.count >= 3 ? 0.5 : 0) + (word.followsPointer ? 0.5 : 0), at: word.range.lowerBound)
        }
        let existingByKey = Dictionary(existing.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        var seen = Set<String>()
        return scores.sorted { a, b in
            a.value.score != b.value.score
                ? a.value.score > b.value.score
                : a.value.first != b.value.first ? a.value.first < b.value.first : a.key < b.key
        }
        .map { existingByKey[$0.key.lowercased()] ?? $0.key.lowercased() }
        .filter { seen.insert($0.lowercased()).inserted }
        .prefix(limit).map { $0 }
    }

    /// A candidate word of a language written without spaces, and where it stands (UTF-16 offsets).
    struct Word: Equatable {
        let text: String
        let range: Range<Int>
        /// Whether the word comes right after a character that points at a place or a thing.
        var followsPointer = false
    }

    /// The Han, kana and Hangul words of `text` that could be tags, in order. ICU's dictionary does
    /// not know every word: a loanword such as 拿鐵 comes out as single characters, so a run of single
    /// characters that are neither grammar nor a modifier (熱, 新) is taken as one word.
    static func words(in text: String) -> [Word] {
        guard let segments = WordBreak.segments(in: text) else { return [] }
        var words: [Word] = []
        var run: [WordBreak.Segment] = []
        var beforeRun: String?
        // A run just before an aspect particle (雨下了) is a verb phrase, not an unknown word. A run
        // right after a word of the dictionary may have lost its first character to it (關東|煮 當|宵夜:
        // ICU knows 關東, not 關東煮): its characters straddle two words, and are no tag.
        func closeRun(before next: String?) {
            defer { run = [] }
            let afterWord = beforeRun.map { $0.count >= 2 && $0.allSatisfy(TypedWords.isHanOrKana) } ?? false
            guard run.count >= 2, run.count <= 4, let first = run.first, let last = run.last, !afterWord,
                !(next.flatMap(\.first).map(aspectParticles.contains) ?? false)
            else { return }
            words.append(
                Word(
                    text: run.map(\.text).joined(), range: first.offset..<(last.offset + last.text.utf16.count),
                    followsPointer: beforeRun.map(isPointer) ?? false))
        }
        var previous: String?
        for (index, segment) in segments.enumerated() {
            defer { previous = segment.text }
            let next = index + 1 < segments.count ? segments[index + 1].text : nil
            guard isWordOfAnUnspacedScript(segment) else {
                closeRun(before: segment.text)
                continue
            }
            if segment.text.count == 1, let character = segment.text.first {
                if singleStops.contains(character) {
                    closeRun(before: segment.text)
                } else {
                    if run.isEmpty { beforeRun = previous }
                    run.append(segment)
                }
                continue
            }
            closeRun(before: segment.text)
            // A "word" of the dictionary that starts with 了, 著 or 過 (了一 in 雨下了一整天) means the
            // cut went wrong there: the word before it (雨下) is not one either.
            let miscut = next.map { $0.count > 1 && $0.first.map(aspectParticles.contains) == true } ?? false
            // After a numeral the word is a measure (三 + 本書, 五 + 公里), not a topic.
            let counted = previous.map { $0.count == 1 && $0.first.map(countingStarts.contains) == true } ?? false
            if isTagWorthy(segment.text), !miscut, !counted {
                words.append(
                    Word(
                        text: segment.text, range: segment.offset..<(segment.offset + segment.text.utf16.count),
                        followsPointer: previous.map(isPointer) ?? false))
            }
        }
        closeRun(before: nil)
        return words
    }

    private static func isWordOfAnUnspacedScript(_ segment: WordBreak.Segment) -> Bool {
        switch segment.kind {
        case .ideographic, .kana: return true
        case .letter: return segment.text.unicodeScalars.first.map { (0xAC00...0xD7AF).contains($0.value) } ?? false
        case .other, .number: return false
        }
    }

    private static func isPointer(_ segment: String) -> Bool {
        segment.count == 1 && segment.first.map(pointers.contains) == true
    }

    /// Whether a word of two or more characters makes a tag: not a function or time word, not a
    /// counted noun (一家, 這個, 第一次), not a word made with a particle (走了, 我們), not an
    /// adverb phrase (好累, 還在), not a negated verb (不動) or a verb and its preposition (站在).
    static func isTagWorthy(_ word: String) -> Bool {
        guard !stopWords.contains(word), let first = word.first else { return false }
        if countingStarts.contains(first) || adverbStarts.contains(first) || negations.contains(first) { return false }
        if word.contains(where: particles.contains) { return false }
        // A verb with its preposition (站在, 走到, 送給) is half a phrase, not what the page is about.
        if word.count == 2, let last = word.last, prepositionEnds.contains(last) { return false }
        return !pronouns.contains(first)
    }

    /// The UTF-16 ranges where `tag` occurs in `text`, ignoring case; a Latin tag only as a whole word.
    static func occurrences(of tag: String, in text: String) -> [Range<Int>] {
        guard !tag.isEmpty else { return [] }
        let isLatin = tag.unicodeScalars.allSatisfy(\.isASCII)
        var found: [Range<Int>] = []
        var searchStart = text.startIndex
        while searchStart < text.endIndex, let range = text.range(of: tag, options: [.caseInsensitive], range: searchStart..<text.endIndex)
        {
            searchStart = range.upperBound
            if isLatin && !isWholeWord(range, in: text) { continue }
            let start = text.utf16.distance(from: text.utf16.startIndex, to: range.lowerBound)
            found.append(start..<(start + text[range].utf16.count))
        }
        return found
    }

    private static func isWholeWord(_ range: Range<String.Index>, in text: String) -> Bool {
        let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
        let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
        return !(before?.isLetter ?? false) && !(after?.isLetter ?? false)
    }

    /// Single characters that are grammar or a modifier: they end a run of unknown characters
    /// rather than join it (熱拿鐵 is 熱 + 拿鐵).
    static let singleStops: Set<Character> = Set(
        "的了是在我你他她它們们這这那就都也和與与很有沒没不嗎吗呢吧啊呀哦喔把被跟而及或但又還还才再得地著着過过個个些麼么要會会能可以"
            + "一二兩两三四五六七八九十幾几每半第去來来到說说看想做給给讓让對对從从向為为以之"
            + "新舊旧大小熱热冷冰好壞坏多少長长短高低快慢老早晚真太最更超"
            // Verbs that stand alone before their object (買 + 書 is not one word).
            + "買买賣卖吃喝走跑換换坐睡玩寫写讀读聽听唱跳洗穿戴用找等帶带送到回上下")

    /// Characters that make a word grammar wherever they stand.
    static let particles: Set<Character> = Set("的了得嗎吗呢吧啊呀著着過过麼么很")
    static let pronouns: Set<Character> = Set("我你妳他她它您咱這这那哪")
    /// Degree and time adverbs that start a phrase rather than a name: 好累, 很美, 還在, 都是.
    static let adverbStarts: Set<Character> = Set("好很太真超最更挺蠻还還就都也才再又正剛刚")
    static let aspectParticles: Set<Character> = Set("了著着過过")
    /// Negations that start a verb phrase (不動, 沒去, 別走), never a topic.
    static let negations: Set<Character> = Set("不沒没未別别")
    /// Prepositions a verb takes on (站在, 走到, 送給): a two-character word ending in one is a phrase.
    static let prepositionEnds: Set<Character> = Set("在到給给向往")
    /// Characters after which a place or a thing is named: 在夜市, 去(了)宜蘭, 的咖啡店, 買了拿鐵.
    static let pointers: Set<Character> = Set("在去到回往從从的了和與与跟")
    /// Numerals and ordinals that start a counted noun: 一杯, 兩個, 第一次, 每天, 幾點.
    static let countingStarts: Set<Character> = Set("一二兩两三四五六七八九十百千萬万幾几每半第某")

    /// Words that are words but make poor tags: time words, connectives, fillers, common verbs of
    /// telling (zh-Hant and zh-Hans), and English function words.
    static let stopWords: Set<String> = [
        "今天", "明天", "昨天", "後天", "前天", "現在", "现在", "時候", "时候", "然後", "然后", "因為", "因为", "所以", "覺得", "觉得",
        "其實", "其实", "真的", "如果", "今晚", "剛剛", "刚刚", "已經", "已经", "自己", "什麼", "什么", "怎麼", "怎么", "非常",
        "感覺", "感觉", "可以", "一起", "一下", "有點", "有点", "一點", "一点", "還是", "还是", "但是", "可是", "就是", "不是",
        "沒有", "没有", "還有", "还有", "這樣", "这样", "那樣", "那样", "一直", "終於", "终于", "開始", "开始", "應該", "应该",
        "可能", "知道", "發現", "发现", "經過", "经过", "看到", "聽到", "听到", "不過", "不过", "雖然", "虽然", "而且", "或者",
        "只是", "還好", "还好", "好像", "以後", "以后", "以前", "之後", "之后", "之前", "今年", "去年", "明年", "每天", "最近",
        "很多", "一些", "有些", "大家", "東西", "东西", "事情", "時間", "时间", "地方", "樣子", "样子", "這裡", "这里", "那裡",
        "那里", "哪裡", "哪里", "一樣", "一样", "比較", "比较", "特別", "特别", "真是", "的話", "的话", "今日", "本來", "本来",
        "早上", "上午", "中午", "下午", "傍晚", "晚上", "半夜", "凌晨", "清晨", "早晨", "小時", "小时", "分鐘", "分钟", "整天",
        "hour", "hours", "minute", "minutes", "second", "seconds", "week", "weeks", "month", "months", "year", "years",
        "the", "and", "for", "are", "but", "not", "you", "all", "any", "can", "had", "her", "was", "one", "our", "out", "day",
        "get", "has", "him", "his", "how", "man", "new", "now", "old", "see", "two", "way", "who", "did", "its", "let", "put",
        "say", "she", "too", "use", "that", "with", "have", "this", "will", "your", "from", "they", "know", "want", "been",
        "good", "much", "some", "time", "very", "when", "come", "here", "just", "like", "long", "make", "many", "more", "only",
        "over", "such", "take", "than", "them", "well", "were", "what", "then", "there", "their", "about", "would", "could",
        "should", "which", "into", "after", "before", "because", "today", "tonight", "yesterday", "tomorrow", "really",
        "felt", "feel", "feeling", "think", "thought", "also", "still", "even", "every", "little", "something", "went",
        "got", "back", "home", "being", "other", "these", "those", "while", "where", "again", "never", "always", "maybe",
        "myself", "yourself", "quite", "pretty", "kind", "lot", "lots", "bit", "thing", "things",
        "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "first", "second", "third",
        "last", "next", "through", "both", "early", "late", "finally", "almost", "already", "though", "once", "twice",
        "above", "below", "under", "around", "across", "without", "within", "during", "until", "since", "off", "ago",
        "does", "doing", "done", "went", "gone", "came", "made", "said", "told", "asked", "took", "gave", "better", "best",
    ]
}

/// The base an English word's forms share, so they count as one: plurals singular (shots → shot,
/// stories → story) and past tenses to the verb (walked → walk, hiked → hike, stopped → stop),
/// after the first step of Porter's stemmer. A word in -ing stays: running names the activity.
enum EnglishWord {
    static func base(of word: String) -> String {
        guard word.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isLowercase }) else { return word }
        var chars = Array(word)
        if chars.count > 4, word.hasSuffix("ies") {
            chars.removeLast(3)
            chars.append("y")
        } else if chars.count > 3, word.hasSuffix("s"), !word.hasSuffix("ss"), !word.hasSuffix("us"), !word.hasSuffix("is") {
            chars.removeLast()
        } else if chars.count > 4, word.hasSuffix("ed"), !word.hasSuffix("eed") {
            let stem = Array(chars.dropLast(2))
            guard stem.contains(where: isVowel) else { return word }
            return restored(stem)
        }
        return String(chars)
    }

    /// A stem after -ed is taken off, spelled as the verb: stopp → stop, hik → hike, practic → practice.
    private static func restored(_ stem: [Character]) -> String {
        guard let last = stem.last else { return "" }
        let text = String(stem)
        if ["at", "bl", "iz"].contains(where: text.hasSuffix) || last == "c" { return text + "e" }
        if stem.count >= 2, last == stem[stem.count - 2], !isVowel(last), !"lsz".contains(last) { return String(stem.dropLast()) }
        // One syllable ending consonant-vowel-consonant (hik, bak, smil) lost a silent e.
        if stem.count >= 3, vowelGroups(stem) == 1, !isVowel(last), isVowel(stem[stem.count - 2]), !isVowel(stem[stem.count - 3]),
            !"wxy".contains(last)
        {
            return text + "e"
        }
        return text
    }

    private static func isVowel(_ character: Character) -> Bool { "aeiou".contains(character) }

    private static func vowelGroups(_ stem: [Character]) -> Int {
        var groups = 0
        var inVowel = false
        for character in stem {
            if isVowel(character) {
                if !inVowel { groups += 1 }
                inVowel = true
            } else {
                inVowel = false
            }
        }
        return groups
    }
}
