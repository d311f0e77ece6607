import ArgumentParser
import FolioCore
import FolioSearch
import FolioStore
import Foundation

struct Search: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Find records by words, phrases, tags and dates, best match first.",
        discussion: """
            Searches titles, tags, bodies and the text keys of the front matter (text, description, summary, \
            analysis, question, answer, answer_en, notes, and every key a kind declares as text). Case, width \
            and accents are folded: cafe finds Café. Chinese, Japanese and Korean need no spaces: 下雨 finds \
            下雨的傍晚 but not 下著小雨, whose 下 and 雨 are apart.

            Query syntax:
              rain walk           both words; the last word also matches as a prefix
              "rainy day"         a phrase (「下雨的傍晚」 quotes too)
              -cold -"cold rain"  leave out records that match
              rain OR snow        either
              tag:work kind:idea  filters, the same as --tag and --kind; tags include
                                  inline #tags; -tag:work leaves a tag out
              on:2026-11-22 after:2026-11-01 before:2026-12-01
                                  by the day the record was created
              is:open is:done     ideas not done yet, or done
            Options may come before or after the query; after --, every word is part of the query.

            Each hit is a line with its date, kind, short id, title and tags, then a line of text around the \
            match. Matches are bold red; without colour (not a terminal, --no-color, NO_COLOR) they are marked \
            «like this». The profile is found only with kind:profile.

            Nothing found is not an error: the exit status is 0, nothing is printed ([] with --json) and a \
            note goes to stderr. A query that cannot be read exits 1, naming the column.

            Examples:
              folio search 下雨
              folio search coffee -decaf --tag morning -n 5
              folio search '"rainy day"' after:2026-01-01 --json | jq '.[].title'
            """)

    // Captured whole, so an excluded word (-rain, -kind:qa) is never read as a cluster of short
    // options holding -n; options written after the query are taken out in `takeOptionsAfterQuery`.
    @Argument(parsing: .captureForPassthrough, help: "Words, phrases and filters to search for.")
    var words: [String] = []
    @Option(name: .customShort("n"), help: "Show at most N hits (0: every hit).") var limit = 20
    @Option(help: "Only records with this tag (may be repeated: all must hold); the same as tag:T.", completion: .custom(Completions.tags))
    var tag: [String] = []
    @Option(help: "Only records of this kind; the same as kind:K.", completion: .custom(Completions.kinds)) var kind: String?
    @Flag(help: "Print a JSON array: each record's keys, its path, score and snippet.") var json = false
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if limit < 0 { throw ValidationError("-n must be 0 or more.") }
    }

    mutating func run() throws {
        try takeOptionsAfterQuery()
        let context = try Context.open(global)
        var query = try Self.parse(words.joined(separator: " "), hasOptions: !tag.isEmpty || kind != nil)
        query.filters += tag.map { .tag($0) } + (kind.map { [.kind($0)] } ?? [])
        for case .kind(let name) in query.filters + query.excludedFilters { _ = try context.vault.kind(name) }
        let catalog = context.catalog()
        let search = catalog.search
        let hits = search.search(query, limit: limit == 0 ? nil : limit)
        if hits.isEmpty { return json ? context.json(.array([])) : Console.err(noMatchMessage(query, search).text(context.language)) }
        // Only the hits shown are read whole, for their front matter and snippets.
        let loaded = context.vault.records(at: hits.map { search.records[$0.record].path }, searchedPartOnly: true)
        let shown = zip(hits, loaded).compactMap { hit, record in record.map { (hit, $0) } }
        printHits(shown, keys: catalog.textKeys, query: query, context: context)
    }

    /// Each hit with its snippet: lines on the terminal, or JSON with each record's keys, score and snippet.
    private func printHits(_ shown: [(RecordSearch.Hit, Record)], keys: [String: [String]], query: Query, context: Context) {
        let bodyLimit = context.vault.searchedBytesLimit
        if json {
            return context.json(
                .array(
                    shown.map { hit, record in
                        let snippet = Self.snippet(of: record, keys: keys, query: query, maxCharacters: 80, bodyLimit: bodyLimit)
                        return JSONWriter.record(
                            record, body: false,
                            extra: [
                                ("score", .double((hit.score * 10_000).rounded() / 10_000)),
                                ("snippet", .string(snippet.text)),
                            ])
                    }))
        }
        Console.page(
            render(shown, keys: keys, query: query, terminal: context.terminal, bodyLimit: bodyLimit),
            terminal: context.terminal, environment: context.environment)
    }

    // MARK: - Parsing

    /// Moves the options written after the query (`folio search rain --json -n 5`) out of `words`;
    /// after `--` every word belongs to the query.
    mutating func takeOptionsAfterQuery() throws {
        var query: [String] = []
        var i = 0
        func value(of name: String, inline: String?) throws -> String {
            if let inline { return inline }
            guard i + 1 < words.count else { throw ValidationError("Missing value for '\(name)'.") }
            i += 1
            return words[i]
        }
        while i < words.count {
            let word = words[i]
            let equals = word.hasPrefix("--") ? word.firstIndex(of: "=") : nil
            let name = equals.map { String(word[..<$0]) } ?? word
            let inline = equals.map { String(word[word.index(after: $0)...]) }
            switch name {
            case "--":
                query += words[(i + 1)...]
                i = words.count
                continue
            case "--json": json = true
            case "--no-color": global.noColor = true
            case "--tag": tag.append(try value(of: name, inline: inline))
            case "--kind": kind = try value(of: name, inline: inline)
            case "--vault": global.vault = try value(of: name, inline: inline)
            case "--lang": global.lang = try value(of: name, inline: inline)
            case "-h", "--help": throw CleanExit.helpRequest(self)
            case "-n" where i + 1 < words.count && Int(words[i + 1]) != nil:
                i += 1
                limit = Int(words[i]) ?? limit
            default: query.append(word)
            }
            i += 1
        }
        words = query
        try validate()
    }

    /// The query, or a `FolioError` naming the column with the query and a caret under it.
    static func parse(_ text: String, hasOptions: Bool) throws(FolioError) -> Query {
        if text.allSatisfy(\.isWhitespace) {
            if hasOptions { return Query() }
            throw FolioError(.queryEmpty)
        }
        do {
            return try QueryParser().parse(text)
        } catch {
            let column = error.column
            let message: Message =
                switch error.kind {
                case .unclosedQuote: .queryUnclosedQuote(column: column)
                case .unknownFilter(let name): .queryUnknownFilter(name: name, column: column, known: Filter.names)
                case .badDate(let value): .queryBadDate(text: value, column: column)
                case .emptyQuery: .queryEmpty
                case .danglingOperator: .queryDanglingOperator(column: column)
                case .missingFilterValue(let name): .queryMissingFilterValue(name: name, column: column)
                case .invalidFilterValue(let filter, let value): .queryInvalidFilterValue(filter: filter, value: value, column: column)
                }
            // The parser counts characters; the caret line is drawn per Unicode scalar.
            let scalarColumn = String(text.prefix(max(0, column - 1))).unicodeScalars.count + 1
            throw FolioError(message, column: scalarColumn, sourceLine: text)
        }
    }

    // MARK: - Output

    /// "Nothing found", scoped to the chosen tags; a tag that no record carries is named as such.
    private func noMatchMessage(_ query: Query, _ search: RecordSearch) -> Message {
        var tags: [String] = []
        for case .tag(let tag) in query.filters where !tags.contains(tag) { tags.append(tag) }
        // "日記" only when only diary pages were searched; else records of any kind.
        var kinds = Set(query.filters.compactMap { if case .kind(let kind) = $0 { kind } else { nil } })
        if let kind { kinds.insert(kind) }
        let diaryOnly = kinds == ["diary"]
        for tag in tags {
            let used = search.records.contains { $0.kind != "profile" && $0.hasTag(tag) }
            if !used { return .searchTagUnused(tag, diaryOnly: diaryOnly) }
        }
        return .searchNoMatch(tags: tags, diaryOnly: diaryOnly)
    }

    /// The snippet of the text that shows the most matches: the body, else the text keys.
    static func snippet(of record: Record, keys: [String: [String]], query: Query, maxCharacters: Int, bodyLimit: Int) -> Snippet {
        var best: Snippet?
        let sources = RecordSearch.snippetSources(of: record, keys: RecordSearch.textKeys(for: record, in: keys), bodyLimit: bodyLimit)
        for source in sources where !source.isEmpty {
            // The tokenizer alone, so a query of filters only never builds the index for its snippets.
            // Shown as text: a media link is what it shows, not its Markdown.
            let snippet = Snippet(
                for: ReadableText.plain(source, language: MessageLanguage.shared.current), query: query, maxCharacters: maxCharacters)
            if best == nil || snippet.highlights.count > (best?.highlights.count ?? 0) { best = snippet }
        }
        return best ?? Snippet(text: "", highlights: [])
    }

    /// A snippet that fits `columns` terminal columns, CJK characters taking two.
    private static func fittedSnippet(
        of record: Record, keys: [String: [String]], query: Query, columns: Int,
        bodyLimit: Int
    ) -> Snippet {
        var budget = max(10, columns)
        var snippet = snippet(of: record, keys: keys, query: query, maxCharacters: budget, bodyLimit: bodyLimit)
        for _ in 0..<4 {
            let width = snippet.text.displayWidth
            guard width > columns, budget > 10 else { break }
            budget = max(10, budget * columns / width - 1)
            snippet = Self.snippet(of: record, keys: keys, query: query, maxCharacters: budget, bodyLimit: bodyLimit)
        }
        return snippet
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

    private func render(
        _ shown: [(RecordSearch.Hit, Record)], keys: [String: [String]], query: Query,
        terminal t: Terminal, bodyLimit: Int
    ) -> String {
        let kindWidth = shown.map { ($0.1.kind ?? "?").displayWidth }.max() ?? 4
        var lines: [String] = []
        for (_, record) in shown {
            let tags = record.allTags.map { "#" + $0 }.joined(separator: " ").oneLine
            let titleSnippet = Snippet(for: record.title, query: query, maxCharacters: Int.max / 2)
            let title = titleSnippet.highlights.isEmpty ? t.bold(record.title.oneLine) : Self.highlighted(titleSnippet, terminal: t)
            lines.append(
                [
                    t.dim(record.sortTime?.day10 ?? "          "),
                    t.accent((record.kind ?? "?").oneLine.padded(to: kindWidth)),
                    t.dim(record.shortID.padded(to: 8)),
                    title + (tags.isEmpty ? "" : "  " + t.dim(tags)),
                ].joined(separator: "  "))
            let snippet = Self.fittedSnippet(of: record, keys: keys, query: query, columns: t.width - 6, bodyLimit: bodyLimit)
            if !snippet.text.isEmpty { lines.append("    " + Self.highlighted(snippet, terminal: t)) }
        }
        return lines.joined(separator: "\n")
    }
}
