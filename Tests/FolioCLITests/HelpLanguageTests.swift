import ArgumentParser
import Foundation
import TestSupport
import Testing

@testable import FolioCLI

/// Issue 39: `--help` and `folio help` in the vault's language; usage errors too.
@Suite("Help and usage errors in the vault's language")
struct HelpLanguageTests {
    /// Every command's words as `folio help` takes them: `list`, `conflicts resolve`, …
    static func commandPaths() -> [[String]] {
        func walk(_ commands: [any ParsableCommand.Type], _ prefix: [String]) -> [[String]] {
            commands.flatMap { command -> [[String]] in
                let path = prefix + [command._commandName]
                return [path] + walk(command.configuration.subcommands, path)
            }
        }
        return [[]] + walk(Folio.configuration.subcommands, [])
    }

    /// Latin words of a zh-Hant help text that are neither commands and their examples, options,
    /// values, keys, paths, nor the technical words a reader types as they are.
    static func englishWords(in help: String) -> [String] {
        let commands = Set(commandPaths().flatMap { $0 })
        let allowed: Set<String> = commands.union([
            "folio", "git", "front", "matter", "YAML", "JSON", "Markdown", "UTF-8", "SSH", "HTTP", "HTTPS", "API", "AI", "OpenAI", "URL",
            "id", "slug", "zh-Hant", "en", "EXIF", "GPS", "ffmpeg", "base64", "QR", "macOS", "Windows", "xdg-open", "open", "jq", "zip",
            "Day", "One",
            "jrnl", "ISO", "grep", "Ctrl-C", "Ctrl-D", "Enter", "git-crypt", "null", "true", "false", "builtin", "gitattributes",
            "whisper-1",
            "html", "md", "m4a", "mp3", "wav", "ogg", "webm", "flac", "OR", "Obsidian", "zk", "nb", "Café", "cafe", "d", "w", "m", "y",
            "vault", "remote", "locked", "commit", "committed", "left_out", "file", "message", "copy", "record", "record_exists", "device",
            "time", "local_time", "encrypted", "new_key", "already_encrypted", "key", "encryption", "off", "unlocked", "files", "path",
            "should_be_encrypted", "changed", "owner", "language", "name", "description", "dir", "parent", "on_parent_delete", "fields",
            "remove", "unlink", "summary", "paths", "later_overlapping", "dry_run", "text", "mine", "theirs", "both", "monday", "sunday",
            "recent", "count", "profile", "diary", "idea", "qa", "note", "list", "get", "set", "unset", "show", "replace", "add", "female",
            "male", "other", "ai", "source", "analysis", "analyzed_by", "analyzed_at", "summarized_by", "summarized_at", "tags", "modified",
            "body", "reply", "conversation", "duration_minutes", "level", "success_rate", "answer_type", "description", "summary",
            "question", "answer", "answer_en", "notes", "baby-tracker", "billiard-trainer", "subcommand", "options", "kind", "tag", "on",
            "after", "before", "is", "done", "total", "by_kind", "by_month", "by_tag", "rates", "by", "by_period", "by_value", "month",
            "days", "date", "year", "months", "last_used", "received", "sent", "conflicts", "renamed", "parents_kept", "child",
            "merge_commit", "rewritten_remote_dropped", "previous_remote", "unrelated_histories", "LC_ALL", "LC_TIME", "LANG", "en_US",
            "zh_TW", "C.UTF-8",
            // Names: the protocol `folio mcp` speaks, its clients, its transport.
            "Model", "Context", "Protocol", "Claude", "ChatGPT", "Cursor", "Streamable",
            // Git LFS, its sizes and its settings' values.
            "Git", "LFS", "KiB", "MiB", "GiB", "App",
            // The start of an id in examples (5b0c).
            "b0c",
            // The shells `folio completions` writes for.
            "bash", "zsh", "fish",
        ])
        var kept: [String] = []
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            // Examples and the usage line are commands, typed as they are.
            if trimmed.hasPrefix("folio ") || trimmed.hasPrefix("例如：") || trimmed.hasPrefix("用法：") {
                continue
            }
            kept.append(String(line))
        }
        var rest = kept.joined(separator: "\n")
        let patterns = [
            "`[^`]*`", "「[^」]*」", "<[^>]*>", "--[A-Za-z][A-Za-z0-9-]*", "(?<![A-Za-z])-[A-Za-z](?![A-Za-z])", "folio [a-z-]+( [a-z-]+)?",
            "git [a-z-]+", "\\$[A-Z_]+", "[~.A-Za-z0-9_-]*/[A-Za-z0-9_./~<>*-]*", "[A-Za-z0-9_-]+\\.[A-Za-z0-9_.-]+",
            "\\b[A-Z][A-Z0-9_]+\\b", "[A-Za-z]+@[A-Za-z]+:[A-Za-z]+", "Café", "[^ ，。、（]*\\.conflict-[^ ，。、）]*", "…\\.[a-z]+",
            "(?m)^  [a-z][a-z-]*(?=  )", "YYYY[-MDTHS:\\[\\]±]*", "[a-z_]+:[^ ，。、）]*", "#[^ ，。、）]+",
        ]
        for pattern in patterns { rest = rest.replacingOccurrences(of: pattern, with: " ", options: .regularExpression) }
        var words: [String] = []
        var current = ""
        for character in rest + " " {
            if character.isASCII && (character.isLetter || character == "-" || character == "_") || (character.isNumber && !current.isEmpty)
            {
                current.append(character)
            } else {
                let word = current.trimmingCharacters(in: CharacterSet(charactersIn: "-_"))
                if word.count >= 2, word.contains(where: \.isLetter), !allowed.contains(word) { words.append(word) }
                current = ""
            }
        }
        return words
    }

    @Test("every command's help in a zh-Hant vault is Chinese but for commands, options, keys and technical words")
    func everyHelpInChinese() throws {
        let folio = try FolioProcess.vault(language: "zh-Hant")
        let paths = Self.commandPaths()
        #expect(paths.count > 40, "the walk found the commands")
        for path in paths {
            let help = try folio.run(["help"] + path)
            #expect(help.status == 0, "\(path): \(help.stderr)")
            let english = Self.englishWords(in: help.stdout)
            #expect(english.isEmpty, "folio help \(path.joined(separator: " ")): English \(english)")
            let option = try folio.run(path + ["--help"])
            #expect(option.stdout == help.stdout, "\(path): --help and folio help agree")
        }
    }

    @Test("the scan sees English: a help line left untranslated fails it")
    func scanCatchesEnglish() {
        #expect(Self.englishWords(in: "  --kind <kind>   Only records of this kind.") == ["Only", "records", "of", "this"])
        #expect(Self.englishWords(in: "  --kind <kind>   只取這個類型的紀錄（`profile`）。\n  folio list idea --open") == [])
    }

    @Test("help follows --lang, then the vault's language, then the locale outside a vault")
    func languageChoice() throws {
        let chinese = try FolioProcess.vault(language: "zh-Hant")
        #expect(try chinese.run("list", "--help").stdout.contains("列出紀錄，新的在前"))
        #expect(try chinese.run("--lang", "en", "help", "list").stdout.contains("List records, newest first"))
        let english = try FolioProcess.vault(language: "en")
        #expect(try english.run("help", "list").stdout.hasPrefix("OVERVIEW: List records"))
        var outside = FolioProcess(directory: URL(fileURLWithPath: "/"))
        outside.environment["LANG"] = "zh_TW.UTF-8"
        #expect(try outside.run("help", "list").stdout.hasPrefix("說明： 列出紀錄"))
    }

    @Test("usage errors in a zh-Hant vault: folio's own and swift-argument-parser's, with no English sentence")
    func usageErrors() throws {
        let folio = try FolioProcess.vault(language: "zh-Hant")
        let cases: [([String], String)] = [
            (["list", "--bogus"], "錯誤：不認識的選項「--bogus」\n用法：folio list"),
            (["stats", "--sum", "a..b"], "錯誤：「a..b」不是欄位路徑；欄位路徑像 duration 或 shots.count。"),
            (["stats", "--by", "a..b"], "錯誤：「a..b」不是「--by <by>」可用的值"),
            (["list", "--open", "--done"], "錯誤：--open 和 --done 不能同時使用。"),
            (["list", "-n=-1"], "錯誤：-n 必須是 0 或更大。"),
            (["config", "frob"], "錯誤：`folio config` 的子指令是 `list`、`get`、`set`、`unset`、`trust`，沒有「frob」。\n用法：folio config <subcommand>"),
            (["--lang", "zh-Hant", "kinds", "--json", "frob"], "錯誤：`folio kinds` 的子指令是 `list`、`add`，沒有「frob」。"),
            (["profile", "frob"], "錯誤：`folio profile` 的子指令是 `show`、`set`、`replace`，沒有「frob」。"),
            // An option's value is no subcommand: the default subcommand reads it, and refuses it as itself.
            (["serve", "--port", "99999"], "錯誤：--port 要給 0 到 65535 之間的數字，不是「99999」。"),
            (["serve", "--lan", "frob"], "錯誤：`folio serve` 的子指令是 `start`、`devices`，沒有「frob」。"),
            (["serve", "devices", "--revoke"], "錯誤：「--revoke <revoke>」少了值"),
            (["config", "get"], "錯誤：少了引數「<key>」"),
            (["kinds", "add"], "錯誤：少了引數「<example>」"),
            (["profile", "replace"], "錯誤：`folio profile replace` 需要 --name。"),
            (["show"], "錯誤：少了引數「<record>」"),
        ]
        for (arguments, expected) in cases {
            let result = try folio.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.hasPrefix(expected), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("看更多說明"), "\(arguments): \(result.stderr)")
        }
    }
}
