import FolioCore
import Foundation
import TestSupport
import Testing

/// Issue 70: every option or argument that takes one of a fixed set of words refuses any other
/// before doing anything (exit 2), naming the word and the choices in the user's language.
@Suite("Enumerated option values")
struct EnumeratedOptionsTests {
    /// One option with a word it does not take, and the choices its refusal must name.
    struct BadValue: Sendable, CustomStringConvertible {
        /// The option as `--experimental-dump-help` names it (`tags --sort`), or an argument's place.
        let option: String
        let arguments: [String]
        let choices: [String]
        var description: String { option }
    }

    static let word = "fortnight"

    static let table: [BadValue] = [
        BadValue(option: "stats --by", arguments: ["stats", "--by", word], choices: ["day", "week", "month", "year"]),
        BadValue(option: "tags --sort", arguments: ["tags", "--sort", word], choices: ["recent", "count", "name"]),
        BadValue(option: "cal --week-start", arguments: ["cal", "--week-start", word], choices: ["monday", "sunday"]),
        BadValue(
            option: "conflicts resolve --keep", arguments: ["conflicts", "resolve", "note.md", "--keep", word],
            choices: ["mine", "theirs", "both"]),
        BadValue(option: "--lang", arguments: ["--lang", word, "list"], choices: ["zh-Hant", "en"]),
        BadValue(option: "init --language", arguments: ["init", "fresh", "--language", word], choices: ["zh-Hant", "en"]),
        BadValue(option: "kinds add <example>", arguments: ["kinds", "add", word], choices: ["baby-tracker", "billiard-trainer"]),
        BadValue(
            option: "--generate-completion-script", arguments: ["--generate-completion-script", word], choices: ["zsh", "bash", "fish"]),
        BadValue(option: "completions <shell>", arguments: ["completions", word], choices: ["bash", "zsh", "fish"]),
        // The profile kind's values, or their labels (`--gender 女`); checked before a vault is made or a record written.
        BadValue(
            option: "init --gender", arguments: ["init", "fresh", "--name", "王大明", "--gender", word], choices: ["female", "male", "other"]),
        BadValue(option: "profile set --gender", arguments: ["profile", "set", "--gender", word], choices: ["female", "male", "other"]),
        BadValue(
            option: "profile replace --gender", arguments: ["profile", "replace", "--name", "王大明", "--gender", word, "--yes"],
            choices: ["female", "male", "other"]),
    ]

    @Test("a word an option does not take: exit 2, the word and the choices named, nothing written", arguments: table, ["en", "zh-Hant"])
    func refused(_ bad: BadValue, language: String) throws {
        let folio = try FolioProcess.vault(language: language)
        try folio.run("new", "note", "--title", "A walk")
        let before = try TestSupport.Tool.git(["rev-parse", "HEAD"], in: folio.directory)
        let files = folio.vaultFiles()

        let result = try folio.run(bad.arguments)

        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains(Self.word), "\(result.stderr)")
        for choice in bad.choices { #expect(result.stderr.contains(choice), "\(choice): \(result.stderr)") }
        if language == "zh-Hant" {
            #expect(result.stderr.hasPrefix("錯誤："), "\(result.stderr)")
            for english in ["Error:", "takes", "Please", "invalid", "Can't"] {
                #expect(!result.stderr.contains(english), "\(result.stderr)")
            }
        } else {
            #expect(result.stderr.hasPrefix("Error:") || result.stderr.hasPrefix("error:"), "\(result.stderr)")
        }
        #expect(try TestSupport.Tool.git(["rev-parse", "HEAD"], in: folio.directory) == before)
        #expect(try TestSupport.Tool.git(["status", "--porcelain"], in: folio.directory).isEmpty)
        #expect(folio.vaultFiles() == files)
        #expect(!FileManager.default.fileExists(atPath: folio.directory.appendingPathComponent("fresh").path))
    }

    @Test("every option whose help lists its values is in the table above")
    func everyListedOptionIsTested() throws {
        let folio = try FolioProcess.vault()
        let dump = try folio.run("--experimental-dump-help")
        #expect(dump.status == 0, "\(dump.stderr)")
        let root = try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any]
        var listed: [String] = []
        func walk(_ command: [String: Any], _ path: [String]) {
            for argument in command["arguments"] as? [[String: Any]] ?? [] {
                let values = (argument["allValues"] ?? argument["allValueStrings"]) as? [String] ?? []
                guard !values.isEmpty || Self.listsItsWords(argument["abstract"] as? String ?? "") else { continue }
                if let preferred = argument["preferredName"] as? [String: Any], let name = preferred["name"] as? String {
                    let dashes = preferred["kind"] as? String == "short" ? "-" : "--"
                    listed.append((path + [dashes + name]).joined(separator: " "))
                } else if let name = argument["valueName"] as? String {
                    listed.append((path + ["<\(name)>"]).joined(separator: " "))
                }
            }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] {
                walk(sub, path + [sub["commandName"] as? String ?? ""])
            }
        }
        walk(root?["command"] as? [String: Any] ?? [:], [])
        #expect(!listed.isEmpty)
        // The check sees options whose help only names their words, as --gender's does.
        #expect(listed.contains("init --gender"), "\(listed)")
        let tested = Set(Self.table.map(\.option))
        for option in Set(listed) where option != "--generate-completion-script" {
            #expect(tested.contains(option), "\(option) lists its values but is not in EnumeratedOptionsTests.table")
        }
    }

    /// Whether an option's help ends by naming the only words it takes: "…: female, male or other."
    static func listsItsWords(_ help: String) -> Bool {
        let word = "`?[A-Za-z][A-Za-z0-9-]*`?"
        return help.range(of: ": (\(word), )*\(word) or \(word)\\.$", options: .regularExpression) != nil
    }

    // MARK: - Settings of a fixed set of words

    /// Every setting whose value is one of a set of words or a boolean (the whole table of
    /// ``SettingKey/all``, so a new one is covered by itself), with the words its refusal names.
    static let wordSettings: [SettingKey] = SettingKey.all.filter { !words(of: $0).isEmpty }

    static func words(of setting: SettingKey) -> [String] {
        switch setting.type {
        case .choice(let values), .choiceList(let values): values
        case .choiceOrDays(let values, _): values + ["30d"]
        case .bool: ["true", "false"]
        case .string, .int, .stringList: []
        }
    }

    @Test(
        "the settings of a set of words are all found",
        arguments: ["ai.provider", "ai.fallback", "embeddings.input_type", "media.fetch", "language"])
    func settingsOfWords(_ name: String) {
        #expect(Self.wordSettings.contains { $0.name == name })
    }

    @Test(
        "config set of a word a setting does not take: exit 1, the word and its words named, nothing written",
        arguments: wordSettings.map(\.name), ["en", "zh-Hant"])
    func configSetRefusesWord(_ name: String, language: String) throws {
        let folio = try FolioProcess.vault(language: language)
        let before = try TestSupport.Tool.git(["rev-parse", "HEAD"], in: folio.directory)
        let files = folio.vaultFiles()
        let setting = try #require(SettingKey.named(name))

        let result = try folio.run("config", "set", name, Self.word)

        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains(Self.word), "\(result.stderr)")
        for word in Self.words(of: setting) { #expect(result.stderr.contains(word), "\(word): \(result.stderr)") }
        if language == "zh-Hant" {
            for english in ["error", "must", "setting", "takes"] { #expect(!result.stderr.contains(english), "\(result.stderr)") }
        }
        #expect(try TestSupport.Tool.git(["rev-parse", "HEAD"], in: folio.directory) == before)
        #expect(folio.vaultFiles() == files)
    }

    @Test(
        "a synced settings file holding a word its setting does not take: check names it, the default applies, with a warning",
        arguments: wordSettings.map(\.name))
    func syncedWordFallsBack(_ name: String) throws {
        for language in ["en", "zh-Hant"] {
            let folio = try FolioProcess.vault(language: language)
            let setting = try #require(SettingKey.named(name))
            let fresh = try folio.run("config", "get", name)
            // As another device would have written it, nested under its section, then synced in.
            var yaml = ""
            for (depth, part) in setting.path.enumerated() {
                yaml += String(repeating: "  ", count: depth) + part + ":"
                yaml += depth == setting.path.count - 1 ? " \(Self.word)\n" : "\n"
            }
            let config = folio.directory.appendingPathComponent(".folio/config.yaml")
            let kept = try String(contentsOf: config, encoding: .utf8)
            try (kept.split(separator: "\n").filter { !$0.hasPrefix(setting.path[0] + ":") }.joined(separator: "\n") + "\n" + yaml)
                .write(to: config, atomically: true, encoding: .utf8)
            try TestSupport.Tool.git(["commit", "-qam", "settings from another device"], in: folio.directory)

            let check = try folio.run("check")
            #expect(check.status == 1, "\(name) \(language): \(check.stdout)\(check.stderr)")
            #expect(check.stdout.contains(name) && check.stdout.contains(Self.word), "\(name) \(language): \(check.stdout)")
            if let fallback = setting.defaultText { #expect(check.stdout.contains(fallback), "\(check.stdout)") }

            // Every other command: that setting is its default, said once, never a crash.
            // `language` is the one init sets: it falls back to its default, zh-Hant, which then speaks.
            let says = name == "language" ? "zh-Hant" : language
            let got = try folio.run("config", "get", name)
            #expect(got.status == fresh.status, "\(name) \(language): \(got.stderr)")
            #expect(got.stdout == (name == "language" ? "zh-Hant\n" : fresh.stdout), "\(name) \(language): \(got.stdout)")
            #expect(got.stderr.contains(".folio/config.yaml:") && got.stderr.contains(Self.word), "\(got.stderr)")
            #expect(got.stderr.contains(says == "zh-Hant" ? "警告" : "warning"), "\(got.stderr)")
            let list = try folio.run("list")
            #expect(list.status == 0, "\(name) \(language): \(list.stderr)")
        }
    }

    @Test("inbox.kind takes a kind of this vault a file can become: config set refuses another, check names a synced one")
    func inboxKind() throws {
        for language in ["en", "zh-Hant"] {
            let folio = try FolioProcess.vault(language: language)
            let before = try TestSupport.Tool.git(["rev-parse", "HEAD"], in: folio.directory)
            for word in [Self.word, "profile"] {
                let set = try folio.run("config", "set", "inbox.kind", word)
                #expect(set.status == 1, "\(set.stderr)")
                #expect(set.stderr.contains(word) && set.stderr.contains("diary") && set.stderr.contains("idea"), "\(set.stderr)")
            }
            #expect(try TestSupport.Tool.git(["rev-parse", "HEAD"], in: folio.directory) == before)
            #expect(try folio.run("config", "set", "inbox.kind", "idea").status == 0)

            try folio.write(".folio/config.yaml", "language: \(language)\ninbox:\n  kind: \(Self.word)\n")
            try TestSupport.Tool.git(["commit", "-qam", "settings from another device"], in: folio.directory)
            let check = try folio.run("check")
            #expect(check.status == 1, "\(check.stdout)")
            #expect(check.stdout.contains("inbox.kind") && check.stdout.contains(Self.word), "\(check.stdout)")
        }
    }

    @Test("config get, set and unset of a key folio does not know: exit 1, the nearest key named", arguments: ["en", "zh-Hant"])
    func unknownSettingNamesNearest(language: String) throws {
        let folio = try FolioProcess.vault(language: language)
        let files = folio.vaultFiles()
        for (typed, near) in [
            ("ai.provder", "ai.provider"), ("provider", "ai.provider"), ("embedings.input_type", "embeddings.input_type"),
        ] {
            for arguments in [["config", "get", typed], ["config", "set", typed, "openai"], ["config", "unset", typed]] {
                let result = try folio.run(arguments)
                #expect(result.status == 1, "\(arguments): \(result.stderr)")
                #expect(
                    result.stderr.contains(typed) && result.stderr.contains("'\(near)'") || result.stderr.contains("「\(near)」"),
                    "\(result.stderr)")
                #expect(result.stderr.contains(language == "zh-Hant" ? "你是指" : "did you mean"), "\(result.stderr)")
            }
        }
        // Nothing near: every key is named.
        let far = try folio.run("config", "get", "zzz")
        #expect(far.status == 1 && far.stderr.contains("inbox.kind"), "\(far.stderr)")
        #expect(folio.vaultFiles() == files)
    }
}
