import ArgumentParser
import FolioCore
import FolioExchange
import FolioStore

struct ExportJrnl: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "jrnl",
            abstract: bilingual(
                "The records as a jrnl journal file on standard output, as jrnl itself writes and imports it.",
                "把紀錄以 jrnl 日記檔的格式輸出到標準輸出，jrnl 自己就能讀取和匯入。"),
            discussion: bilingual(
                """
                Oldest first, each entry `[YYYY-MM-DD HH:MM] title`, then its body; `starred: true` is jrnl's star \\
                (*), tags the text does not show are added as @tags. The profile is left out unless --kind profile.
                Examples:
                  folio export jrnl > journal.txt
                  folio export jrnl --kind diary --since 2026-01-01 > 2026.txt
                  jrnl --import --file journal.txt
                """,
                """
                舊的在前，每筆是 `[YYYY-MM-DD HH:MM] 標題`，接著是本文；`starred: true` 寫成 jrnl 的星號（*），
                本文裡沒有出現的標籤以 @標籤 加在後面。不含主人資料，除非加 --kind profile。
                例如：
                  folio export jrnl > journal.txt
                  folio export jrnl --kind diary --since 2026-01-01 > 2026.txt
                  jrnl --import --file journal.txt
                """))
    }
    @OptionGroup var filters: FilterOptions
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() throws {
        let context = try Context.open(global)
        let filter = try filters.filter()
        let paths = try context.vault.exportedPaths(
            filter, in: context.catalog(), workingDirectory: context.workingDirectory, oldestFirst: true,
            leavingOut: filter.kind == nil ? "profile" : nil)
        JrnlText.export(paths: paths, vault: context.vault, out: Console.outInline)
    }
}
