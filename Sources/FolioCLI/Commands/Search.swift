import ArgumentParser
import FolioCore
import FolioSearch
import FolioStore
import Foundation

struct Search: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
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
    @OptionGroup var output: OutputFormat<JSON>
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if limit < 0 { throw ValidationError("-n must be 0 or more.") }
    }

    mutating func run() throws {
        try takeOptionsAfterQuery()
        let context = try Context.openForReading(global)
        let found = try context.vault.search(
            words.joined(separator: " "), tags: tag, kind: kind, limit: limit == 0 ? nil : limit, catalog: { context.catalog() })
        if found.shown.isEmpty { return SearchPrinter.nothing(found.noMatch, json: output.json, context: context) }
        SearchPrinter(keys: found.catalog.textKeys, query: found.query).print(found.shown, json: output.json, context: context)
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
            case "--json": output.json = true
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

    enum JSON: HelpText {
        static let help = "Print a JSON array: each record's keys, its path, score and snippet."
    }
}
