import ArgumentParser

struct Conflicts: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "conflicts",
            abstract: bilingual("List the conflict copies sync kept beside records, and settle them.", "列出同步時留在紀錄旁的衝突副本，並處理它們。"),
            discussion: bilingual(
                """
                When two devices changed the same record, sync keeps the losing side's whole file beside the \
                merged record as <name>.conflict-<device>-<time>.md. `folio conflicts` lists them; `folio \
                conflicts resolve` settles one in one commit (so `folio undo` brings the copy back):
                  --keep mine     the record as it is; the copy is removed
                  --keep theirs   the copy's version replaces the record
                  --keep both     the record, with the copy's body appended under a heading that lists the
                                  keys whose values differed in the copy
                `folio show COPY` prints a copy, `folio rm COPY` removes one.
                Examples:
                  folio conflicts
                  folio conflicts resolve ideas/2026/11/2026-11-22-x.conflict-laptop-20261122-020000.md --keep both
                  folio conflicts resolve 5b0c --keep theirs
                """,
                """
                兩台裝置改了同一筆紀錄時，同步會把沒被採用的那一方整個檔案保留在合併後的紀錄旁邊，
                名為 <名稱>.conflict-<裝置>-<時間>.md。`folio conflicts` 列出它們；`folio conflicts resolve` 用一個提交處理一個
                （所以 `folio undo` 可以把副本找回來）：
                  --keep mine     保留紀錄原樣；移除副本
                  --keep theirs   用副本的版本取代紀錄
                  --keep both     保留紀錄，並把副本的本文接在後面，加上一個標題，列出副本裡值不同的欄位
                `folio show 副本` 顯示副本，`folio rm 副本` 刪除副本。
                例如：
                  folio conflicts
                  folio conflicts resolve ideas/2026/11/2026-11-22-x.conflict-laptop-20261122-020000.md --keep both
                  folio conflicts resolve 5b0c --keep theirs
                """),
            subcommands: [ConflictsList.self, ConflictsResolve.self],
            defaultSubcommand: ConflictsList.self)
    }
}
