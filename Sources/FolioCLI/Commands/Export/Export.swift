import ArgumentParser

struct ExportCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "export",
            abstract: bilingual(
                "Write the vault's records out: lossless JSON, a folder of plain Markdown files, a jrnl journal, or a browsable site (html).",
                "把資料庫的紀錄匯出：完整無損的 JSON、一般 Markdown 檔案的資料夾、jrnl 日記檔，或可瀏覽的網站（html）。"),
            discussion: bilingual(
                """
                Examples:
                  folio export json > vault.json
                  folio export json --kind diary --since 2026-01-01 --media > diary.json
                  folio export markdown --out ~/leaving
                  folio export jrnl > journal.txt
                  folio export html --open
                """,
                """
                例如：
                  folio export json > vault.json
                  folio export json --kind diary --since 2026-01-01 --media > diary.json
                  folio export markdown --out ~/leaving
                  folio export jrnl > journal.txt
                  folio export html --open
                """),
            subcommands: [ExportJSON.self, ExportMarkdown.self, ExportJrnl.self, ExportHTML.self])
    }
}
