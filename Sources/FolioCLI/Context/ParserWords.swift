import FolioCore
import Foundation

/// The words swift-argument-parser writes itself around folio's help and usage errors (headings,
/// "Show help information.", "Unknown option '--x'"), in zh-Hant. folio's own texts are already in
/// the language (``bilingual(_:_:)``); these are the library's fixed English shapes, matched whole, so a
/// shape the library changes is left in English rather than half translated.
enum ParserWords {
    static func localized(_ text: String, _ language: Language) -> String {
        guard language == .zhHant else { return text }
        var out = text
        for (english, chinese) in phrases { out = out.replacingOccurrences(of: english, with: chinese) }
        for (pattern, template) in patterns {
            out = out.replacingOccurrences(of: pattern, with: template, options: .regularExpression)
        }
        return out
    }

    /// Whole phrases, replaced where they stand.
    static let phrases: [(String, String)] = [
        ("OVERVIEW:", "說明："), ("USAGE:", "用法："), ("ARGUMENTS:", "引數："), ("OPTIONS:", "選項："),
        ("SUBCOMMANDS:", "子指令："), ("Show help information.", "顯示說明。"), ("Show the version.", "顯示版本。"),
        (" (default)", "（預設）"),
        ("Missing required subcommand.", "少了子指令。"),
    ]

    /// The library's sentences with values in them, as regular expressions and their zh-Hant.
    static let patterns: [(String, String)] = [
        ("(?m)^Error: ", "錯誤："),
        ("(?m)^Usage: ", "用法："),
        ("(?m)^Help: ", "說明："),
        ("(?m)^  See '([^']*)' for more information\\.$", "  用 `$1` 看更多說明。"),
        ("(?m)^  See 'folio help ([^']*)<subcommand>' for detailed help\\.$", "  用 `folio help $1<子指令>` 看詳細說明。"),
        ("Unknown option '([^']*)'\\. Did you mean '([^']*)'\\?", "不認識的選項「$1」。是不是要用「$2」？"),
        ("Unknown option '([^']*)'", "不認識的選項「$1」"),
        ("Missing value for '([^']*)'", "「$1」少了值"),
        ("Missing expected argument '([^']*)'", "少了引數「$1」"),
        ("Missing one of: (.*)", "少了其中一個：$1"),
        ("([0-9]+) unexpected arguments: (.*)", "多了 $1 個引數：$2"),
        ("Unexpected argument '([^']*)'", "多出來的引數「$1」"),
        ("The option '([^']*)' does not take any value, but '([^']*)' was specified\\.", "選項「$1」不接受值，但給了「$2」。"),
        ("The value '([^']*)' is invalid for '([^']*)'", "「$1」不是「$2」可用的值"),
        ("\\. Please provide one of the following:", "。可用的值："),
        ("\\. Please provide one of (.*)\\.", "。可用的值：$1。"),
        ("\\(default: ([^)]*)\\)", "（預設：$1）"),
        ("\\(values: ([^)]*)\\)", "（可用：$1）"),
        ("Invalid option: (.*)", "無效的選項：$1"),
        ("Value to be set with (.*) had already been set with (.*)", "$1 要設的值已經由 $2 設過了"),
        (
            "Can't generate completion scripts for '([^']*)'\\.\\nPlease use --generate-completion-script=<shell> with one of:\\n *(.*)",
            "不能產生「$1」的自動完成腳本。--generate-completion-script=<shell> 可用：$2"
        ),
    ]
}
