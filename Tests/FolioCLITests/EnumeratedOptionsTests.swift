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
                guard !values.isEmpty, let name = (argument["preferredName"] as? [String: Any])?["name"] as? String else { continue }
                let dashes = (argument["preferredName"] as? [String: Any])?["kind"] as? String == "short" ? "-" : "--"
                listed.append((path + [dashes + name]).joined(separator: " "))
            }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] {
                walk(sub, path + [sub["commandName"] as? String ?? ""])
            }
        }
        walk(root?["command"] as? [String: Any] ?? [:], [])
        #expect(!listed.isEmpty)
        let tested = Set(Self.table.map(\.option))
        for option in Set(listed) where option != "--generate-completion-script" {
            #expect(tested.contains(option), "\(option) lists its values but is not in EnumeratedOptionsTests.table")
        }
    }
}
