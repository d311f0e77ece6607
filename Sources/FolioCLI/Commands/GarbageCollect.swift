import ArgumentParser
import FolioCore
import FolioStore
import FolioSync

struct GarbageCollect: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "gc",
            abstract: bilingual(
                "Remove media that no record uses any more (committed, so history keeps them).", "移除沒有任何紀錄再用到的媒體（會提交，所以歷史裡還留著）。"),
            discussion: bilingual(
                """
                A media file counts as used while any Markdown file of the vault names its hash. Removing a \
                record never removes its media at once, since another record may share the same bytes.
                Then frees the Git LFS store: partial downloads no process will finish, and the copies of media \
                that only commits already on the remote use (never the only copy).
                Examples: folio gc --dry-run · folio gc --yes
                """,
                """
                只要資料庫裡有任何 Markdown 檔提到某個媒體檔的雜湊，它就算有在用。刪除紀錄從不會馬上刪掉它的媒體，
                因為別的紀錄可能共用同樣的內容。
                接著釋出 Git LFS 存放區的空間：沒有程式會再完成的下載，以及只有遠端已有的提交才用到的媒體副本\
                （絕不刪掉唯一的一份）。
                例如：folio gc --dry-run · folio gc --yes
                """))
    }

    @Flag(help: bilingual("Only list what would be removed.", "只列出會移除什麼。")) var dryRun = false
    @Flag(name: .shortAndLong, help: bilingual("Do not ask.", "不詢問。")) var yes = false
    @OptionGroup var output: OutputFormat<JSON>
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() throws {
        let context = try Context.open(global)
        let unused = try context.vault.unreferencedMedia()
        let printer = UnusedMediaPrinter(json: output.json, context: context)
        if output.json && dryRun {
            printer.files(unused)
        } else if unused.isEmpty {
            printer.none()
        } else {
            printer.unused(unused)
            if !dryRun, try context.confirmed(.media(.confirmRemove(unused.count)), yes: yes) {
                printer.removed(try context.vault.removeUnreferencedMedia(unused))
            }
        }
        // Then the LFS store: unfinished downloads, and the copies of media no commit to keep uses
        // (those just removed among them, once their commits are on the remote).
        try Self.freeLFSSpace(context, dryRun: dryRun, quiet: output.json)
    }

    /// Frees the LFS store's unneeded space (``History/freeLFSSpace(_:dryRun:)``) and says so when
    /// anything was, or would be, freed; `media prune` does the same.
    static func freeLFSSpace(_ context: Context, dryRun: Bool, quiet: Bool) throws {
        guard let history = context.history else { return }
        let freed = try history.freeLFSSpace(context.vault, dryRun: dryRun)
        guard !freed.isEmpty, !quiet else { return }
        context.say(
            .lfs(
                dryRun
                    ? .storeWouldFree(partials: freed.partials, objects: freed.objects, bytes: freed.bytes)
                    : .storeFreed(partials: freed.partials, objects: freed.objects, bytes: freed.bytes)))
    }

    enum JSON: HelpText {
        static var help: String { bilingual("Print the files as JSON.", "以 JSON 輸出這些檔案。") }
    }
}
