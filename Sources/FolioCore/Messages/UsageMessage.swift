/// A command line folio cannot take, said before anything runs (exit status 2).
public enum UsageMessage: Sendable, Equatable {
    /// Two options that exclude each other (`--open`, `--done`).
    case excludeEachOther(String, String)
    case badDayOption(option: String, text: String)
    case kindGivenTwice(positional: String, option: String)
    /// A command made of subcommands (`config`, `profile`, `kinds`) given a word that is none of them.
    case unknownSubcommand(command: String, word: String, known: [String])
    /// `media fetch --all` with a record or `--since`: all is already everything.
    case allTakesNoSelection
    case badAge(option: String, text: String)
    case notNegative(option: String)
    case notAKeyPath(String)
    case badRange(option: String, text: String, low: Int, high: Int)
    case keyTarget
    case missingValue(option: String)
    case needsOption(command: String, option: String)
    case jsonNeedsTurn
    case chatNeedsTerminal
    /// An option or argument that takes one of a fixed set of words, given another.
    case unknownValue(option: String, text: String, allowed: [String])
    /// `stats --by` given neither a period nor a key any chosen record holds (`--by fortnight`).
    case unknownGrouping(text: String, periods: [String])

    var pair: (String, String) {
        switch self {
        case .excludeEachOther(let a, let b): ("\(a) 和 \(b) 不能同時使用。", "\(a) and \(b) exclude each other.")
        case .badDayOption(let option, let text):
            (
                "\(option) 要給像 2026-11-22、昨天或上週五這樣的日期，不是「\(text)」。",
                "\(option) takes a date such as 2026-11-22, yesterday or last friday, not '\(text)'."
            )
        case .kindGivenTwice(let positional, let option):
            ("類型給了兩次：「\(positional)」和 --kind「\(option)」。", "the kind is given twice: '\(positional)' and --kind '\(option)'.")
        case .unknownSubcommand(let command, let word, let known):
            (
                "`folio \(command)` 的子指令是 \(known.map { "`\($0)`" }.joined(separator: "、"))，沒有「\(word)」。",
                "\(command) has the subcommands \(known.joined(separator: ", ")), not '\(word)'."
            )
        case .allTakesNoSelection: ("--all 不接受紀錄，也不接受 --since。", "--all takes no record and no --since.")
        case .badAge(let option, let text):
            (
                "\(option) 要給像 30d、2w、6m 或 1y 這樣的時間長度，或今天以前的某天（2026-11-01、上個月、上週五），不是「\(text)」。",
                "\(option) takes an age such as 30d, 2w, 6m or 1y, or a day up to today (2026-11-01, last month, last friday), not '\(text)'."
            )
        case .notNegative(let option): ("\(option) 必須是 0 或更大。", "\(option) must be 0 or more.")
        case .notAKeyPath(let key):
            ("「\(key)」不是欄位路徑；欄位路徑像 duration 或 shots.count。", "'\(key)' is not a key path such as duration or shots.count.")
        case .badRange(let option, let text, let low, let high):
            ("\(option) 要給 \(low) 到 \(high) 之間的數字，不是「\(text)」。", "\(option) takes a number from \(low) to \(high), not '\(text)'.")
        case .keyTarget: ("請給要寫入金鑰的檔案，或用 --text 印出金鑰。", "Give a file to write the key to, or --text to print it.")
        case .missingValue(let option): ("「\(option)」少了值。", "Missing value for '\(option)'.")
        case .needsOption(let command, let option): ("`folio \(command)` 需要 \(option)。", "\(command) needs \(option).")
        case .jsonNeedsTurn: ("--json 需要搭配 -m 或 --retry。", "--json needs -m or --retry.")
        case .chatNeedsTerminal: ("不在終端機上時，請用 -m 給訊息（或用 --retry）。", "Without a terminal, give the message with -m (or --retry).")
        case .unknownValue(let option, let text, let allowed):
            (
                "\(option) 可用的值是 \(allowed.map { "`\($0)`" }.joined(separator: "、"))，沒有「\(text)」。",
                "\(option) takes one of \(allowed.joined(separator: ", ")), not '\(text)'."
            )
        case .unknownGrouping(let text, let periods):
            (
                "--by 要給 \(periods.map { "`\($0)`" }.joined(separator: "、"))，或選到的紀錄有的欄位；沒有紀錄有「\(text)」。",
                "--by takes \(periods.joined(separator: ", ")) or a key the chosen records hold; none holds '\(text)'."
            )
        }
    }
}
