import ArgumentParser

struct ImportCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "import",
            abstract: bilingual(
                "Bring in entries from jrnl, Day One, a folder of Markdown files, or folio's own JSON export.",
                "從 jrnl、Day One、Markdown 檔案的資料夾，或 folio 自己匯出的 JSON 匯入紀錄。"),
            discussion: bilingual(
                """
                Every entry is checked before anything is written; one that is malformed stops the whole import, \
                naming the entry. Records the vault already has (the same id) are left alone, so importing the \
                same source twice creates nothing twice. Everything is one commit, so `folio undo` takes it back.
                Examples:
                  folio import jrnl journal.txt
                  folio import dayone ~/Downloads/Export.zip --dry-run
                  folio import markdown ~/obsidian-vault --kind note
                  folio import json vault.json
                """,
                """
                寫入任何東西之前會先檢查每一筆；只要有一筆格式不對，整個匯入就停下來，並指出是哪一筆。資料庫已經有的紀錄
                （同樣的 id）保持不動，所以同一個來源匯入兩次也不會重複。全部是一個提交，`folio undo` 可以整個收回。
                例如：
                  folio import jrnl journal.txt
                  folio import dayone ~/Downloads/Export.zip --dry-run
                  folio import markdown ~/obsidian-vault --kind note
                  folio import json vault.json
                """),
            subcommands: [ImportJrnl.self, ImportDayOne.self, ImportMarkdown.self, ImportJSON.self])
    }
}
