import ArgumentParser
import FolioCore
import FolioStore
import Foundation

struct WatchCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "watch",
            abstract: bilingual(
                "Watch the vault's folders in the background, so commands look only at the files that changed.",
                "在背景監看資料庫的資料夾，讓指令只檢查變動過的檔案。"),
            discussion: bilingual(
                """
                Without it, every command that lists or searches, and status and sync, checks every file's size and \
                times (as git status does). With folio watch running, the command asks it which files changed and \
                checks only those: at 100,000 records list takes a third of git status's time, status and sync half. \
                Linux only (inotify). One server per vault, stopped by folio watch stop or when the vault's folder \
                goes away. It starts by itself after a command had to check every file of a vault of 10,000 Markdown \
                files or more on a local disk, and says so; after folio watch stop it starts again only with folio \
                watch start. FOLIO_WATCH=off makes one command check every file anyway, and start nothing. A change the kernel does not report (a file written through a hard link from outside \
                the vault, a network file system written by another machine) is missed until the file changes again: \
                see docs/watch.md.
                Examples: folio watch start · folio watch status · folio watch stop
                """,
                """
                沒有它時，每個列出或搜尋的指令，以及 status 和 sync，都要檢查每個檔案的大小和時間（就像 git status）。
                有 folio watch 在執行時，指令會問它哪些檔案變動過，只檢查那些：十萬筆紀錄時，list 只要 git status 三分之一的時間，
                status 和 sync 只要一半。
                只適用於 `Linux`（`inotify`）。每個資料庫一個伺服器，以 folio watch stop 停止，資料庫的資料夾不見時也會停止。
                在本機磁碟上有一萬個以上 Markdown 檔案的資料庫，指令不得不檢查每個檔案之後，它會自動啟動並告知；
                folio watch stop 之後，只有 folio watch start 會再啟動它。FOLIO_WATCH=off 讓單一指令照樣檢查每個檔案，也不啟動任何東西。核心不會通知的變動
                （從資料庫外用硬連結寫入的檔案、由別台機器寫入的網路檔案系統）要等檔案再次變動才會發現：見 docs/watch.md。
                例如：folio watch start · folio watch status · folio watch stop
                """),
            subcommands: [WatchStart.self, WatchStop.self, WatchStatus.self, WatchRun.self],
            defaultSubcommand: WatchStatus.self)
    }
}

struct WatchStart: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "start", abstract: bilingual("Start watching the vault in the background.", "開始在背景監看資料庫。"))
    }

    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() throws {
        let context = try Context.openForReading(global)
        AutomaticWatch.turnOn(localDirectory: context.vault.localDirectory)
        let started = try WatchLauncher.startOrFind(vault: context.vault)
        WatchPrinter.started(started, context: context)
        if case .failed = started { throw ExitCode.failure }
    }
}

struct WatchStop: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "stop", abstract: bilingual("Stop watching the vault.", "停止監看資料庫。"))
    }

    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() throws {
        let context = try Context.openForReading(global)
        // Before it stops: no command in between starts another by itself.
        try AutomaticWatch.turnOff(localDirectory: context.vault.localDirectory, reason: Message.watch(.offByStop).text(context.language))
        context.say(.watch(try WatchClient.stopWatching(localDirectory: context.vault.localDirectory) ? .stopped : .notWatching))
    }
}

struct WatchStatus: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "status",
            abstract: bilingual(
                "Say whether the vault is watched, since when, and how much it has answered; exits 1 when it is not.",
                "說明資料庫是否有人監看、從何時開始、回答過多少次；沒有時以 1 結束。"))
    }

    @OptionGroup var output: OutputFormat<JSON>
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() throws {
        let context = try Context.openForReading(global)
        let local = context.vault.localDirectory
        let status = try WatchClient.currentStatus(localDirectory: local)
        WatchPrinter.status(status, offReason: AutomaticWatch.offReason(localDirectory: local), json: output.json, context: context)
        // Like `git fsmonitor--daemon status`: a script can ask with the exit status alone.
        if status == nil { throw ExitCode.failure }
    }

    enum JSON: HelpText {
        static var help: String {
            bilingual(
                "Print as JSON: {\"watching\", \"pid\", \"folders\", \"since\", \"changes\", \"answers\", \"rescans\"}; when nothing watches, \"off\" says why it does not start by itself.",
                "以 JSON 輸出：`{\"watching\", \"pid\", \"folders\", \"since\", \"changes\", \"answers\", \"rescans\"}`；沒有人監看時，`\"off\"` 說明它為何不會自動啟動。"
            )
        }
    }
}

struct WatchRun: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "run",
            abstract: bilingual(
                "Watch the vault in this terminal until Ctrl-C (for a service manager; folio watch start runs it in the background).",
                "在這個終端機監看資料庫，直到按下 Ctrl-C（給服務管理程式用；folio watch start 會在背景執行它）。"))
    }

    @Flag(name: .long, help: ArgumentHelp(visibility: .private))
    var detached = false

    /// Started by a command (``WatchLauncher/startAutomatically()``): why it could not watch goes
    /// into the vault's off mark (``WatchServer/start(_:automatic:)``).
    @Flag(name: .long, help: ArgumentHelp(visibility: .private))
    var automatic = false

    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() throws {
        let context = try Context.openForReading(global)
        let server = try WatchServer.start(context.vault, automatic: automatic)
        if detached {
            WatchLauncher.detachFromStarter()
        } else {
            context.say(.watch(.started(pid: getpid(), folders: server.watchedFolders)))
        }
        server.serve()
    }
}
