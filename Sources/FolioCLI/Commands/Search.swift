import ArgumentParser
import FolioCore
import FolioSearch
import FolioStore
import Foundation

struct Search: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "search",
            abstract: bilingual("Find records by words, phrases, tags and dates, best match first.", "用字詞、片語、標籤和日期找紀錄，最符合的在前。"),
            discussion: bilingual(
                """
                Searches titles, tags, bodies and the text keys of the front matter (text, description, summary, \
                analysis, question, answer, answer_en, notes, and every key a kind declares as text). Case, width \
                and accents are folded: cafe finds Café; Traditional and Simplified Chinese are one: 台湾 finds 臺灣. \
                Chinese, Japanese and Korean need no spaces: 下雨 finds 下雨的傍晚 but not 下著小雨, whose 下 and 雨 \
                are apart; 淡水夕陽 is read as the words 淡水 and 夕陽, each of which must be in the page.

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
                Options may come before or after the query; an option search does not know is a usage error \
                (exit 2), as for every command. After --, every word is part of the query, one starting with -- too.

                Each hit is a line with its date, kind, short id, title and tags, then a line of text around the \
                match. Matches are bold red; without colour (not a terminal, --no-color, NO_COLOR) they are marked \
                «like this». The profile is found only with kind:profile.

                By meaning: with an embeddings server set up (embeddings.base_url and embeddings.model, see \
                `folio embed`), hits by words and by meaning are fused (reciprocal rank fusion), so "a walk by the \
                river" finds 河邊散步. --semantic ranks by meaning only, --lexical by words only. Records not embedded \
                yet are embedded first when they fit in one request; if the server is down, the search goes on by \
                words with a one-line note (--semantic fails instead).

                Nothing found is not an error: the exit status is 0, nothing is printed ([] with --json) and a \
                note goes to stderr. A query that cannot be read exits 1, naming the column.

                Examples:
                  folio search 下雨
                  folio search coffee -decaf --tag morning -n 5
                  folio search '"rainy day"' after:2026-01-01 --json | jq '.[].title'
                """,
                """
                搜尋標題、標籤、本文，以及 front matter 裡的文字欄位（text、description、summary、analysis、question、
                answer、answer_en、notes，以及類型宣告為文字的每個欄位）。不分大小寫、全形半形和重音：cafe 找得到 Café；繁體和簡體也一樣：台湾 找得到「臺灣」。
                中文、日文和韓文不需要空格：下雨 找得到「下雨的傍晚」，但找不到「下著小雨」，因為「下」和「雨」分開了；
                淡水夕陽 會讀成「淡水」和「夕陽」兩個詞，兩個都要在頁面裡。

                查詢語法：
                  下雨 散步           兩個詞都要有；最後一個詞也會當成開頭比對
                  "下雨的傍晚"        片語（也可以用「」括起來）
                  -冷 -"冷雨"          排除符合的紀錄
                  下雨 OR 下雪        其中一個就好
                  tag:工作 kind:idea  篩選，和 --tag、--kind 相同；標籤包含本文裡的 #標籤；-tag:工作 排除某個標籤
                  on:2026-11-22 after:2026-11-01 before:2026-12-01
                                      依紀錄建立的日子
                  is:open is:done     還沒完成或已完成的想法
                選項可以放在查詢前面或後面；不認識的選項是用法錯誤（結束狀態 2），和每個指令一樣。在 -- 之後的每個詞\
                都是查詢的一部分，以 -- 開頭的詞也是。

                每筆結果一行，有日期、類型、簡短 id、標題和標籤，下一行是符合處附近的文字。符合的地方以紅色粗體顯示；
                沒有顏色時（不是終端機、--no-color、NO_COLOR）標成 «這樣»。只有 kind:profile 才會找到主人資料。

                依語意：設定了嵌入伺服器（embeddings.base_url 和 embeddings.model，見 `folio embed`）時，字詞和語意的結果會合併\
                排序，所以用英文描寫河邊散步，也找得到「河邊散步」這一頁。--semantic 只依語意，--lexical 只依字詞。還沒嵌入的紀錄若一次請求\
                放得下，會先嵌入；伺服器無法使用時，改用字詞搜尋並說明一行（--semantic 則失敗）。

                找不到不算錯誤：結束狀態是 0，什麼都不印（--json 時印 []），並在標準錯誤輸出說明。讀不懂的查詢結束狀態是 1，
                並指出是第幾個字元。

                例如：
                  folio search 下雨
                  folio search 咖啡 -低咖啡因 --tag 早晨 -n 5
                  folio search '"下雨的傍晚"' after:2026-01-01 --json | jq '.[].title'
                """))
    }

    // Captured whole, so an excluded word (-rain, -kind:qa) is never read as a cluster of short
    // options holding -n; options written after the query are taken out in `takeOptionsAfterQuery`.
    @Argument(parsing: .captureForPassthrough, help: bilingual("Words, phrases and filters to search for.", "要搜尋的字詞、片語和篩選。"))
    var words: [String] = []
    @OptionGroup var filters: SearchFilters
    @OptionGroup var ranking: SearchRanking
    @OptionGroup var output: OutputFormat<JSON>
    @ParentCommand var folio: Folio
    /// The options every command takes, as written after `search`: the query captures every word
    /// after the command's name, so they are read from it with the search's own options.
    var globalAfterCommand: GlobalOptions? = nil

    /// folio's options before the command, with those written after it in their place.
    var global: GlobalOptions {
        var merged = folio.global
        guard let after = globalAfterCommand else { return merged }
        merged.noColor = merged.noColor || after.noColor
        merged.allowSecret = merged.allowSecret || after.allowSecret
        merged.directory = after.directory ?? merged.directory
        merged.vault = after.vault ?? merged.vault
        merged.lang = after.lang ?? merged.lang
        return merged
    }

    mutating func run() async throws {
        try takeOptionsAfterQuery()
        let context = try Context.openForReading(global)
        let text = words.joined(separator: " ")
        let (meaning, read) = try await SemanticRun.ranking(text, mode: ranking.mode, filters: filters, context: context)
        let catalog = if let read { read } else { await context.catalogForSearching() }
        let found = try context.vault.search(
            text, tags: filters.tag, kind: filters.kind, limit: filters.limit == 0 ? nil : filters.limit,
            catalog: { catalog }, meaning: meaning)
        if found.shown.isEmpty { return SearchPrinter.nothing(found.noMatch, json: output.json, context: context) }
        SearchPrinter(
            keys: found.catalog.textKeys, query: found.query, sources: found.sources, passages: found.passages,
            similarities: found.similarities
        )
        .print(found.shown, json: output.json, context: context)
    }

    // MARK: - Parsing

    /// Moves the options written after the query (`folio search rain --json -n 5`) out of `words`
    /// and has ArgumentParser read them, as every command's options are read: an option it does
    /// not know (`--jsn`) is a usage error (exit 2), never a word of the query. A word starting
    /// with one `-` is a word to leave out (`-cold`), except `-n` before a number, `-C` and `-h`;
    /// after `--` every word belongs to the query.
    mutating func takeOptionsAfterQuery() throws {
        var query: [String] = []
        var options: [String] = []
        var limit: Int?
        var i = 0
        while i < words.count {
            let word = words[i]
            let next = i + 1 < words.count ? words[i + 1] : nil
            if word == "--" {
                query += words[(i + 1)...]
                break
            } else if word == "-h" || word == "--help" {
                throw CleanExit.helpRequest(self)
            } else if word == "-n", let count = next.flatMap({ Int($0) }) {
                // Read here: ArgumentParser would take a negative count for an option.
                limit = count
                i += 1
            } else if Self.valued.contains(word) {
                options.append(word)
                if let next {
                    options.append(next)
                    i += 1
                }
            } else if word.hasPrefix("-C") && word.count > 2 {
                options += ["-C", String(word.dropFirst(2))]
            } else if word.hasPrefix("--") {
                options.append(word)
            } else {
                query.append(word)
            }
            i += 1
        }
        words = query
        if let limit {
            filters.limit = limit
            try filters.validate()
        }
        guard !options.isEmpty else { return }
        let given = try SearchOptionsAfterQuery.parse(options)
        output.json = output.json || given.output.json
        globalAfterCommand = given.folioOptions
        filters.tag += given.filters.tag
        filters.kind = given.filters.kind ?? filters.kind
        ranking.lexical = ranking.lexical || given.ranking.lexical
        ranking.semantic = ranking.semantic || given.ranking.semantic
        try ranking.validate()
    }

    /// The options after the query that take the next word as their value.
    static let valued: Set<String> = ["--tag", "--kind", "--vault", "--lang", "-C"]

    enum JSON: HelpText {
        static var help: String {
            bilingual("Print a JSON array: each record's keys, its path, score and snippet.", "輸出 JSON 陣列：每筆紀錄的欄位、路徑、分數和摘錄。")
        }
    }
}

/// What a search is narrowed by, before the query or after it.
struct SearchFilters: ParsableArguments {
    @Option(name: .customShort("n", allowingJoined: true), help: bilingual("Show at most N hits (0: every hit).", "最多顯示 N 筆結果（0：全部）。"))
    var limit = 20
    @Option(
        help: bilingual(
            "Only records with this tag (may be repeated: all must hold); the same as tag:T.", "只找有這個標籤的紀錄（可重複：全部都要有）；和 tag:標籤 相同。"),
        completion: .custom(Completions.tags))
    var tag: [String] = []
    @Option(
        help: bilingual("Only records of this kind; the same as kind:K.", "只找這個類型的紀錄；和 kind:類型 相同。"), completion: .custom(Completions.kinds)
    )
    var kind: String?

    func validate() throws {
        if limit < 0 { throw ValidationError(Message.usage(.notNegative(option: "-n")).text(MessageLanguage.shared.current)) }
    }
}

/// The options written after a search's query, read by ArgumentParser as a command of their own:
/// with no words to capture, an option it does not know fails as it does for every command.
struct SearchOptionsAfterQuery: ParsableCommand {
    static var configuration: CommandConfiguration { CommandConfiguration(commandName: "folio search") }
    @OptionGroup var filters: SearchFilters
    @OptionGroup var ranking: SearchRanking
    @OptionGroup var output: OutputFormat<Search.JSON>
    @OptionGroup var folioOptions: GlobalOptions
}

/// Which ranks a search uses when an embeddings server is set up (docs/ai.md): words and meaning
/// fused by default, or one of them.
struct SearchRanking: ParsableArguments {
    @Flag(help: bilingual("Rank by words only, as without an embeddings server.", "只依字詞排序，和沒有設定嵌入伺服器時一樣。"))
    var lexical = false
    @Flag(help: bilingual("Rank by meaning only (needs embeddings.base_url).", "只依語意排序（需要 embeddings.base_url）。"))
    var semantic = false

    var mode: SearchMode { lexical ? .lexical : semantic ? .semantic : .hybrid }

    func validate() throws {
        if lexical && semantic {
            throw ValidationError(Message.usage(.excludeEachOther("--lexical", "--semantic")).text(MessageLanguage.shared.current))
        }
    }
}
