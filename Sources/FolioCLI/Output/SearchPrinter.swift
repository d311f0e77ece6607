import FolioCore
import FolioSearch
import FolioStore

/// `folio search`: each hit as a line (date, kind, short id, title with its matches, tags) and a
/// line of text around the match; or JSON with each record's keys, its score and snippet.
/// Matches are bold red, or «marked» without colour.
struct SearchPrinter {
    /// The text keys of each kind, searched and shown in snippets.
    let keys: [String: [String]]
    let query: Query
    /// The ranks each hit came from (`lexical`, `semantic`) when meaning was searched too.
    var sources: [Int: [String]] = [:]
    /// The lines of the passage meaning matched, by hit: a hit without the query's words shows it.
    var passages: [Int: ClosedRange<Int>] = [:]
    /// How close each hit found by meaning is (its best passage's cosine similarity), by hit.
    var similarities: [Int: Double] = [:]

    /// A similarity as shown and written: two decimals in the text, three in JSON.
    static func shown(_ similarity: Double, places: Int) -> String { String(format: "%.\(places)f", similarity) }

    /// Nothing found is not an error: nothing on stdout (`[]` with `--json`), a note on stderr.
    static func nothing(_ message: Message, json: Bool, context: Context) {
        json ? context.json(.array([])) : Console.err(message.text(context.language))
    }

    func print(_ shown: [(hit: RecordSearch.Hit, record: Record)], json: Bool, context: Context) {
        let bodyLimit = context.vault.searchedBytesLimit
        if json {
            return context.json(
                .array(
                    shown.map { hit, record in
                        let snippet = snippet(of: record, passage: passages[hit.record], maxCharacters: 80, bodyLimit: bodyLimit)
                        var extra: [(String, JSONWriter.JSON)] = [
                            ("score", .double((hit.score * 10_000).rounded() / 10_000)), ("snippet", .string(snippet.text)),
                        ]
                        if let ranks = sources[hit.record] { extra.append(("ranks", .array(ranks.map { .string($0) }))) }
                        if let similarity = similarities[hit.record] {
                            extra.append(("similarity", .double((similarity * 1_000).rounded() / 1_000)))
                        }
                        return JSONWriter.record(record, body: false, extra: extra, kinds: context.vault.kinds)
                    }))
        }
        Console.page(
            lines(
                shown.map(\.record), passages: shown.map { passages[$0.hit.record] },
                similarities: shown.map { similarities[$0.hit.record] },
                context: context, bodyLimit: bodyLimit
            )
            .joined(separator: "\n"),
            terminal: context.terminal, environment: context.environment)
    }

    private func lines(
        _ records: [Record], passages: [ClosedRange<Int>?], similarities: [Double?], context: Context, bodyLimit: Int
    ) -> [String] {
        let t = context.terminal
        let kindNames = records.map { context.shownKind($0.kind).oneLine }
        let kindWidth = kindNames.map(\.displayWidth).max() ?? 4
        let snippets = RecordSearch.fittedSnippets(
            of: records, keys: keys, query: query, columns: t.width - 6, bodyLimit: bodyLimit, language: MessageLanguage.shared.current,
            passages: passages)
        var lines: [String] = []
        for (((record, snippet), kindName), similarity) in zip(zip(zip(records, snippets), kindNames), similarities) {
            var tags = record.allTags.map { "#" + $0 }.joined(separator: " ").oneLine
            // A hit found by meaning says so, and how close: its words may not be the query's.
            if let similarity {
                let closeness = Message.searchCloseInMeaning(Self.shown(similarity, places: 2)).text(context.language)
                tags += (tags.isEmpty ? "" : "  ") + closeness
            }
            let titleSnippet = Snippet(for: record.title, query: query, maxCharacters: Int.max / 2)
            let title = titleSnippet.highlights.isEmpty ? t.bold(record.title.oneLine) : Self.highlighted(titleSnippet, terminal: t)
            lines.append(
                [
                    t.dim(record.sortTime?.day10 ?? "          "),
                    t.accent(kindName.padded(to: kindWidth)),
                    t.dim(record.shortID.padded(to: 8)),
                    title + (tags.isEmpty ? "" : "  " + t.dim(tags)),
                ].joined(separator: "  "))
            if !snippet.text.isEmpty { lines.append("    " + Self.highlighted(snippet, terminal: t)) }
        }
        return lines
    }

    private func snippet(of record: Record, passage lines: ClosedRange<Int>?, maxCharacters: Int, bodyLimit: Int) -> Snippet {
        let texts = RecordSearch.snippetTexts(
            of: record, keys: keys, query: query, passage: lines, bodyLimit: bodyLimit, language: MessageLanguage.shared.current)
        return RecordSearch.snippet(in: texts, query: query, maxCharacters: maxCharacters)
    }

    /// The text with its highlights in bold red, or between « » without colour.
    static func highlighted(_ snippet: Snippet, terminal: Terminal) -> String {
        var out = ""
        var cursor = snippet.text.startIndex
        for range in snippet.highlights {
            out += String(snippet.text[cursor..<range.lowerBound]).oneLine
            let match = String(snippet.text[range]).oneLine
            out += terminal.useColor ? terminal.paint(match, "1;31") : "«" + match + "»"
            cursor = range.upperBound
        }
        out += String(snippet.text[cursor...]).oneLine
        return out
    }
}
