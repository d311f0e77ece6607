import FolioCore
import FolioSearch
import FolioStore

/// The pages a question is about, found with folio's own search: the question's words that carry
/// meaning (not 什麼, 時候, what, did), any of them, best first; from each page, the paragraph
/// that holds most of them.
public enum JournalRetrieval {
    /// The words of `question` worth searching for, each once, in order: ICU's words (a question
    /// is typed without spaces), leaving out question and function words.
    public static func searchWords(in question: String) -> [String] {
        guard let segments = WordBreak.segments(in: question) else { return [] }
        var seen = Set<String>()
        var words: [String] = []
        for segment in segments where segment.kind != .other {
            let word = segment.text.lowercased()
            if segment.kind == .ideographic || segment.kind == .kana {
                if word.count == 1, let character = word.first, KeywordTags.singleStops.contains(character) { continue }
            } else if word.count < 2 {
                continue
            }
            guard !KeywordTags.stopWords.contains(word), !questionWords.contains(word) else { continue }
            if seen.insert(word).inserted { words.append(word) }
        }
        return words
    }

    /// What people ask with, which no page is about.
    static let questionWords: Set<String> = [
        "上次", "上一次", "最後", "最后", "第一次", "哪天", "哪一天", "幾時", "几时", "為什麼", "为什么", "多少", "怎樣", "怎样", "是不是",
        "有沒有", "有没有", "寫", "写", "提到", "記得", "记得", "關於", "关于", "日記", "日记", "when", "where", "why", "write", "wrote",
        "written", "mention", "mentioned", "journal", "diary",
    ]

    /// The query that finds any of `words`: each quoted, so no word of a question is read as an
    /// operator (OR, -, tag:).
    public static func query(for words: [String]) -> String {
        words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "") + "\"" }.joined(separator: " OR ")
    }

    /// The best passages for `question`: at most `limit`, one per record, best first. Saved
    /// answers (records with `cites`) and the records in `excluding` are left out, so the journal
    /// never answers from its own answers or reminds a page of itself.
    public static func passages(
        for question: String, in vault: Vault, limit: Int = 5, excluding: Set<String> = [], catalog: () -> Catalog
    ) throws(FolioError) -> [JournalPassage] {
        try passages(forWords: searchWords(in: question), in: vault, limit: limit, excluding: excluding, catalog: catalog)
    }

    static func passages(
        forWords words: [String], in vault: Vault, limit: Int, excluding: Set<String>, catalog: () -> Catalog
    ) throws(FolioError) -> [JournalPassage] {
        guard !words.isEmpty, limit > 0 else { return [] }
        let found = try vault.search(query(for: words), limit: limit * 3 + excluding.count, catalog: catalog)
        // The hits are read for their searched part; the passage needs the whole file, read once for all.
        let hits = found.shown.map(\.record).filter { record in
            record.id.map { !excluding.contains($0) } == true && record.document.value("cites") == nil
        }
        let whole = vault.records(at: hits.map(\.path))
        return Array(whole.compactMap { $0.flatMap { JournalPassage.best(in: $0, words: words) } }.prefix(limit))
    }
}

extension JournalRetrieval {
    /// The few earlier pages most related to a diary page being written, for the companion: found
    /// by the page's text, the analysis of its media and the user's last message; never the page
    /// itself. Empty when `privacy.send_past_pages` is off.
    public static func related(
        to entry: DiaryEntry, in vault: Vault, configuration: AIConfiguration, limit: Int = 3, catalog: () -> Catalog
    ) -> [JournalPassage] {
        guard configuration.sendPastPages, let id = entry.record.id else { return [] }
        let lastWords = entry.conversation.last { $0.speaker == .me }?.text
        let text = [entry.text, lastWords, entry.analysis].compactMap { $0 }.joined(separator: "\n")
        // At most a dozen words: a long page would otherwise match everything a little.
        let words = Array(searchWords(in: text).prefix(12))
        guard !words.isEmpty else { return [] }
        do {
            return try passages(forWords: words, in: vault, limit: limit, excluding: [id], catalog: catalog)
        } catch {
            // A search that cannot run leaves the companion without reminders, never without a reply.
            return []
        }
    }

    /// The lines that tell a model of related earlier pages: each on one line (a page's text
    /// cannot add lines of its own to the instructions), dated, within 200 characters.
    static func promptLines(_ related: [JournalPassage]) -> [String] {
        guard !related.isEmpty else { return [] }
        return ["Earlier pages of their journal that may relate (mention one only if it truly connects; never invent details):"]
            + related.map { passage in
                let text = UserInput.oneLine(passage.text)
                return "- \(passage.day) \(UserInput.oneLine(passage.title)): \(text.count > 200 ? String(text.prefix(199)) + "…" : text)"
            }
    }
}

extension JournalRetrieval {
    /// The passages found by words and the records found by meaning, fused by reciprocal rank
    /// (k = 60, as `folio search` fuses them), at most `limit`: a record found by words keeps the
    /// paragraph its words are in; one found by meaning alone gives the chunk that matched, by its
    /// lines in the file. Saved answers (`cites`) are left out here too.
    public static func fused(
        words: [JournalPassage], meaning: SemanticRanking, in vault: Vault, limit: Int, catalog: Catalog
    ) -> [JournalPassage] {
        var byWords: [String: JournalPassage] = [:]
        for passage in words { byWords[passage.recordID] = passage }
        // Meaning ranks catalog positions: only those that can be among the passages are named.
        let names = catalog.names
        var byMeaning: [(key: String, path: String, lines: ClosedRange<Int>)] = []
        for (record, lines) in zip(meaning.ranked, meaning.lines).prefix(limit * 3) where names.indices.contains(record) {
            let name = names[record]
            byMeaning.append((name.id ?? name.path, name.path, lines))
        }
        var found: [String: (path: String, lines: ClosedRange<Int>)] = [:]
        for item in byMeaning where found[item.key] == nil { found[item.key] = (item.path, item.lines) }
        let order = RankFusion.fused([words.map(\.recordID), byMeaning.map(\.key)]).map(\.item)
        var passages: [JournalPassage] = []
        for key in order where passages.count < limit {
            if let passage = byWords[key] {
                passages.append(passage)
            } else if let (path, lines) = found[key], let record = vault.records(at: [path]).first ?? nil,
                record.document.value("cites") == nil, let passage = JournalPassage.chunk(of: record, lines: lines)
            {
                passages.append(passage)
            }
        }
        return passages
    }
}
