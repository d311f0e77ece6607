import ArgumentParser

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the vault's records out: lossless JSON, a folder of plain Markdown files, or a browsable site (html).",
        discussion: """
            Examples:
              folio export json > vault.json
              folio export json --kind diary --since 2026-01-01 --media > diary.json
              folio export markdown --out ~/leaving
              folio export html --open
            """,
        subcommands: [ExportJSON.self, ExportMarkdown.self, ExportHTML.self])
}
