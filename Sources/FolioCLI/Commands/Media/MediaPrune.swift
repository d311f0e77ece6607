import ArgumentParser
import FolioCore
import FolioSync

struct MediaPrune: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "prune",
            abstract: bilingual(
                "Free the space of media the LFS server holds and no recent record uses (as git lfs prune).",
                "釋出 LFS 伺服器已有、最近的紀錄也沒用到的媒體所佔的空間（和 `git lfs prune` 一樣）。"),
            discussion: bilingual(
                """
                Keeps the media of records from the last media.keep_days days (30), and every file the last push did \
                not carry; the server is asked before anything is removed. A pruned file becomes its pointer again; \
                folio media fetch brings it back. Example: folio media prune --dry-run
                """,
                """
                保留最近 media.keep_days 天（30）紀錄的媒體，以及上次推送還沒送出的每個檔案；移除任何東西之前都會先問伺服器。
                被釋出的檔案會變回指標；`folio media fetch` 可以再下載回來。例如：folio media prune --dry-run
                """))
    }

    @Flag(help: bilingual("Say what would be removed, remove nothing.", "只說會移除什麼，不移除任何東西。")) var dryRun = false
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() async throws {
        let context = try Context.open(global)
        let history = try context.requireHistory()
        let interrupt = Interrupt.install()
        let pruned = try await history.pruneMedia(context.vault, transport: context.syncTransport(stoppedBy: interrupt), dryRun: dryRun)
        for path in pruned.paths where dryRun { Console.out(path) }
        context.say(
            .lfs(
                dryRun
                    ? .wouldPrune(count: pruned.paths.count, bytes: pruned.bytes) : .pruned(count: pruned.paths.count, bytes: pruned.bytes))
        )
        try GarbageCollect.freeLFSSpace(context, dryRun: dryRun, quiet: false)
    }
}
