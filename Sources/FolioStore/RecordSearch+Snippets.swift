import FolioCore
import FolioSearch
import Foundation
import SystemIO

extension RecordSearch {
    /// The snippet of the text that shows the most matches: the body, else the text keys; shown
    /// as text, so a media link is what it shows (`[照片 IMG_2041.jpg]`), not its Markdown.
    public static func snippet(
        of record: Record, keys: [String: [String]], query: Query, maxCharacters: Int, bodyLimit: Int, language: Language
    ) -> Snippet {
        snippet(
            in: readableSources(of: record, keys: keys, bodyLimit: bodyLimit, language: language), query: query,
            maxCharacters: maxCharacters)
    }

    /// The texts a record's snippet is taken from, as a person reads them (see ``ReadableText``):
    /// made once when a snippet is fitted to a width in several tries.
    public static func readableSources(of record: Record, keys: [String: [String]], bodyLimit: Int, language: Language) -> [String] {
        snippetSources(of: record, keys: textKeys(for: record, in: keys), bodyLimit: bodyLimit).filter { !$0.isEmpty }.map {
            ReadableText.plain($0, language: language)
        }
    }

    /// The texts a hit's snippet is cut from: the record's own (``readableSources(of:keys:bodyLimit:language:)``),
    /// or, when none holds a word of the query and meaning matched `passage` (lines of the body),
    /// that passage alone. Every printer of hits (terminal, JSON) takes its snippet from these.
    public static func snippetTexts(
        of record: Record, keys: [String: [String]], query: Query, passage lines: ClosedRange<Int>?, bodyLimit: Int, language: Language
    ) -> [String] {
        let texts = readableSources(of: record, keys: keys, bodyLimit: bodyLimit, language: language)
        guard let lines, !texts.contains(where: { !Snippet(for: $0, query: query).highlights.isEmpty }),
            let passage = passage(of: record, lines: lines, language: language)
        else { return texts }
        return [passage]
    }

    /// The snippet of the text among `sources` that shows the most matches.
    public static func snippet(in sources: [String], query: Query, maxCharacters: Int) -> Snippet {
        snippet(in: prepared(sources, query: query), maxCharacters: maxCharacters)
    }

    /// Each record's snippet fitted to `columns` terminal columns (CJK characters take two), the
    /// records' snippets made on all cores: reading a text for its matches is most of a search's
    /// own time once its hits are known.
    ///
    /// - Parameter passages: for a record found by meaning alone, the lines of the passage that
    ///   matched: its snippet is that passage when no word of the query is in the record.
    public static func fittedSnippets(
        of records: [Record], keys: [String: [String]], query: Query, columns: Int, bodyLimit: Int, language: Language,
        passages: [ClosedRange<Int>?] = []
    ) -> [Snippet] {
        parallelMap(records.count, minimumChunk: 1) { i in
            let texts = snippetTexts(
                of: records[i], keys: keys, query: query, passage: i < passages.count ? passages[i] : nil, bodyLimit: bodyLimit,
                language: language)
            // Read once, cut up to five times.
            let sources = prepared(texts, query: query)
            var budget = max(10, columns)
            var snippet = snippet(in: sources, maxCharacters: budget)
            for _ in 0..<4 {
                let width = snippet.text.displayWidth
                guard width > columns, budget > 10 else { break }
                budget = max(10, budget * columns / width - 1)
                snippet = Self.snippet(in: sources, maxCharacters: budget)
            }
            return snippet
        }
    }

    /// The text of the body lines `lines` of `record`'s file, as a person reads it: the passage a
    /// search by meaning matched, shown for a hit with no word of the query to highlight. Nil when the
    /// lines are not the body's (a chunk of the title or the front matter: the usual snippet serves).
    public static func passage(of record: Record, lines: ClosedRange<Int>, language: Language) -> String? {
        let text = record.document.text
        let bodyLine = record.document.bodyFirstLine
        guard lines.lowerBound >= bodyLine else { return nil }
        let body = text.utf8.dropFirst(record.document.bodyStart)
        let wanted = String(decoding: body, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated().filter { lines.contains($0.offset + bodyLine) }.map { $0.element.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
        let shown = ReadableText.plain(wanted, language: language)
        return shown.isEmpty ? nil : shown
    }

    /// `sources` read once for snippets of several lengths (see ``Snippet/Source``).
    public static func prepared(_ sources: [String], query: Query) -> [Snippet.Source] {
        // The tokenizer alone, so a query of filters only never builds the index for its snippets.
        sources.map { Snippet.Source($0, query: query) }
    }

    /// The snippet of the text among `sources` that shows the most matches.
    public static func snippet(in sources: [Snippet.Source], maxCharacters: Int) -> Snippet {
        var best: Snippet?
        for source in sources {
            let snippet = source.cut(maxCharacters: maxCharacters)
            if best == nil || snippet.highlights.count > (best?.highlights.count ?? 0) { best = snippet }
        }
        return best ?? Snippet(text: "", highlights: [])
    }

    /// What to say when `query` found nothing: scoped to its tags, or naming a tag no record
    /// carries; "diary pages" only when only diaries were searched (`kind` from an option too).
    public func noMatchMessage(_ query: Query, kind: String?) -> Message {
        var tags: [String] = []
        for case .tag(let tag) in query.filters where !tags.contains(tag) { tags.append(tag) }
        var kinds = Set(query.filters.compactMap { if case .kind(let kind) = $0 { kind } else { nil } })
        if let kind { kinds.insert(kind) }
        let diaryOnly = kinds == ["diary"]
        for tag in tags where !records.contains(where: { $0.kind != "profile" && $0.hasTag(tag) }) {
            return .searchTagUnused(tag, diaryOnly: diaryOnly)
        }
        return .searchNoMatch(tags: tags, diaryOnly: diaryOnly)
    }
}
