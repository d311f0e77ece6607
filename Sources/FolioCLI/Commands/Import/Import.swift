import ArgumentParser

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Bring in entries from jrnl, Day One, a folder of Markdown files, or folio's own JSON export.",
        discussion: """
            Every entry is checked before anything is written; one that is malformed stops the whole import, \
            naming the entry. Records the vault already has (the same id) are left alone, so importing the \
            same source twice creates nothing twice. Everything is one commit, so `folio undo` takes it back.
            Examples:
              folio import jrnl journal.json
              folio import dayone ~/Downloads/Export.zip --dry-run
              folio import markdown ~/obsidian-vault --kind note
              folio import json vault.json
            """,
        subcommands: [ImportJrnl.self, ImportDayOne.self, ImportMarkdown.self, ImportJSON.self])
}
