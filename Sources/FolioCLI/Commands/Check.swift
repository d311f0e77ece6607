import ArgumentParser
import FolioCore
import FolioStore
import FolioSync
import Foundation

struct Check: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "check",
            abstract: bilingual(
                """
                Find what hand edits, crashes and syncs leave behind: orphans, duplicate ids, unreadable files, unknown kinds, \
                damaged or missing media, broken links, conflict copies, and keys or tokens that must not be committed.
                """,
                """
                找出手動編輯、當機和同步留下的問題：孤兒紀錄、重複的 id、讀不了的檔案、不認識的類型、
                損壞或遺失的媒體、壞掉的連結、衝突副本，以及不該提交的金鑰或權杖。
                """),
            discussion: bilingual(
                """
                Every media file is hashed again and compared with its name (--quick only checks that it is         there with the size its record says). --fix never deletes a damaged file: it names the records         that use it; `folio log --media FILE` finds the commits that hold its good bytes.
                Examples: folio check · folio check --quick · folio check --fix --yes
                """,
                """
                每個媒體檔都會重算雜湊並和檔名比對（--quick 只檢查檔案在不在、大小是否和紀錄說的一樣）。--fix 從不刪除
                損壞的檔案：它會列出用到這個檔案的紀錄；`folio log --media 檔案` 找得到存有完好內容的提交。
                例如：folio check · folio check --quick · folio check --fix --yes
                """))
    }

    @Flag(
        help: bilingual(
            """
            Repair what can be repaired: apply each orphan's delete rule, remove leftover temporary files,         restore missing media from history, relink links to media a record moved away from, give a file         shared with one outside the vault (a hard link) a copy of its own, rename a file whose name macOS and Windows         take for another's (links to it follow).
            """,
            """
            修復能修的問題：依每筆孤兒紀錄的刪除規則處理、移除留下的暫存檔、從歷史還原遺失的媒體、重新連結指向
            已移走媒體的連結、讓和資料庫外共用的檔案（硬連結）有自己的一份，以及把 macOS 和 Windows 會當成另一個檔案的
            檔名改名（指向它的連結跟著改）。
            """)) var fix = false
    @Flag(help: bilingual("Check media by presence and size only, without hashing.", "只檢查媒體是否存在、大小是否相符，不重算雜湊。")) var quick = false
    @Flag(name: .shortAndLong, help: bilingual("Do not ask before fixing.", "修復前不詢問。")) var yes = false
    @OptionGroup var output: OutputFormat<JSON>
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() async throws {
        let context = try Context.open(global, reported: VaultCheck.isSettingsProblem)
        let check = VaultCheck(vault: context.vault, history: context.history)
        // Ctrl-C ends a check at once, as before: the LFS server is asked without sync's interrupt.
        var transport = SyncTransport(vault: context.vault, environment: context.environment)
        transport.warn = context.transportWarnings
        let report = check.findings(quick: quick, progress: output.json ? nil : CheckPrinter.progress(context))
        let findings = report.findings + (await check.lfsFindings(quick: quick, transport: transport))
        CheckPrinter.print(findings, recordCount: report.recordCount, json: output.json, context: context)
        guard !findings.isEmpty else { return }
        guard fix else { throw ExitCode.failure }
        guard yes || context.terminal.isInteractive else { throw FolioError(.check(.fixNeedsYes)) }
        try check.repair(findings, confirm: { CheckPrinter.confirm($0, yes: yes, context: context) }, said: context.say)
        // Success means nothing is left to fix, as `check` would now report.
        guard CheckPrinter.fixed(check.remaining(after: findings), context: context) else { throw ExitCode.failure }
    }

    enum JSON: HelpText {
        static var help: String { bilingual("Print findings as JSON.", "以 JSON 輸出檢查結果。") }
    }
}
