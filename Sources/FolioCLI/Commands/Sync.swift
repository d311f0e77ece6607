import ArgumentParser
import FolioCore
import FolioSecrets
import FolioStore
import FolioSync
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

struct SyncCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "sync",
            abstract: bilingual("Commit hand edits, fetch, merge record by record, and push.", "提交手動修改、取回、逐筆紀錄合併，然後送出。"),
            discussion: bilingual(
                """
                Conflicting edits never lose a word: the newer version stays, the other is kept beside it as \
                <name>.conflict-<device>-<time>.md. After the merge, files other apps dropped into inbox/ become \
                records (as `folio inbox` does). Offline, everything stays committed here and the exit \
                status is 3. Examples: folio sync · folio sync --watch --interval 5
                """,
                """
                有衝突的修改一個字也不會丟：較新的版本留在原處，另一個保存在旁邊，名為
                <名稱>.conflict-<裝置>-<時間>.md。合併之後，其他應用程式放進 inbox/ 的檔案會收成紀錄（和 `folio inbox` 一樣）。離線時所有修改都留在本機的提交裡，結束狀態是 3。
                例如：folio sync · folio sync --watch --interval 5
                """))
    }

    @Flag(help: bilingual("Keep syncing every interval and right after local changes, until Ctrl-C.", "每隔一段時間、以及本機一有修改就同步，直到按 Ctrl-C。"))
    var watch =
        false
    @Option(
        help: bilingual(
            "Seconds between syncs with --watch, 1 to 86400 (default: sync.interval, else 10).",
            "--watch 時兩次同步間隔的秒數，1 到 86400（預設是 sync.interval，沒有就是 10）。")) var interval: Double?
    @OptionGroup var output: OutputFormat<JSON>
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func validate() throws {
        // The same range as the sync.interval setting; a NaN or 1e300 would trap as whole seconds.
        if let interval, !(interval >= 1 && interval <= 86_400) {
            throw ValidationError(
                Message.usage(.badRange(option: "--interval", text: String(interval), low: 1, high: 86400)).text(
                    MessageLanguage.shared.current))
        }
    }

    func run() async throws {
        let context = try Context.open(global)
        let history = try context.requireHistory()
        let interrupt = Interrupt.install()
        let transport = context.syncTransport(stoppedBy: interrupt)
        let printer = SyncPrinter(json: output.json, history: history, context: context)
        guard watch else { return try printer.print(await history.syncResult(vault: context.vault, transport: transport)) }
        let seconds = History.watchInterval(interval, settings: context.vault.settings)
        printer.watching(seconds)
        WatchLauncher.startAtOnce()
        await history.watch(context.vault, transport: transport, every: seconds, stopped: { interrupt.fired }) {
            printer.print($0, stopped: interrupt.fired)
        }
        printer.stopped()
    }

    enum JSON: HelpText {
        static var help: String {
            bilingual(
                """
                Print what the sync did as JSON: {"committed", "received", "sent", "conflicts": [{"path", "copy"}], \
                "renamed": [{"path", "renamed"}], "parents_kept": [{"path", "child"}], "merge_commit", \
                "rewritten_remote_dropped", "unrelated_histories", "inbox": {"adopted", "removed", "left"}}; with --watch, one line per sync \
                that did something.
                """,
                """
                以 JSON 輸出同步做了什麼：`{"committed", "received", "sent", "conflicts": [{"path", "copy"}],
                "renamed": [{"path", "renamed"}], "parents_kept": [{"path", "child"}], "merge_commit",
                "rewritten_remote_dropped", "unrelated_histories", "inbox": {"adopted", "removed", "left"}}`；加 --watch 時，每次有做事的同步輸出一行。
                """)
        }
    }
}
