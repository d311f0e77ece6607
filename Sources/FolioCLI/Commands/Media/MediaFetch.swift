import ArgumentParser
import FolioCore
import FolioStore
import FolioSync
import Foundation

struct MediaFetch: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "fetch",
            abstract: bilingual(
                "Download media not on this device yet, in one batch, from the LFS server.", "從 LFS 伺服器一次下載這台裝置還沒有的媒體。"),
            discussion: bilingual(
                "Examples: folio media fetch (what media.fetch asks for) · folio media fetch --since 30d · --all · folio media fetch 5b0c",
                "例如：folio media fetch（依 media.fetch 設定）· folio media fetch --since 30d · --all · folio media fetch 5b0c"))
    }

    @Argument(help: bilingual("Only this record's media.", "只下載這筆紀錄的媒體。")) var record: String?
    @Option(help: bilingual("The media of records from the last N days (30d, 2w, 6m, 1y).", "最近 N 天紀錄的媒體（30d、2w、6m、1y）。"))
    var since: String?
    @Flag(help: bilingual("Every media file of the vault.", "資料庫裡所有的媒體檔。")) var all = false
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func validate() throws {
        if all && (since != nil || record != nil) {
            throw ValidationError(Message.usage(.allTakesNoSelection).text(MessageLanguage.shared.current))
        }
        if let since, MediaSelection.days(since) == nil {
            throw ValidationError(Message.usage(.badAge(option: "--since", text: since)).text(MessageLanguage.shared.current))
        }
    }

    func run() async throws {
        let context = try Context.open(global)
        let history = try context.requireHistory()
        let selection: MediaSelection =
            if all { .all } else if let record { .records([try context.record(record).path]) } else if let since {
                .recent(days: MediaSelection.days(since) ?? 30)
            } else { MediaSelection(setting: context.vault.settings.string("media.fetch")) }
        let interrupt = Interrupt.install()
        let transport = context.syncTransport(stoppedBy: interrupt)
        let files = try history.mediaToFetch(context.vault, selection: selection)
        let report = try await history.fetchMedia(
            files, vault: context.vault, transport: transport, progress: MediaProgress.bar(on: context.terminal, files: files))
        try MediaFetchPrinter.print(report, requested: files.count, context: context, failsOnAnyMissing: true)
    }
}

extension MediaSelection {
    /// Days in an age typed as `30d`, `2w`, `6m` or `1y`.
    static func days(_ age: String) -> Int? {
        let text = age.trimmingCharacters(in: .whitespaces).lowercased()
        guard let unit = text.last, let number = Int(text.dropLast()), (1...100_000).contains(number) else { return nil }
        switch unit {
        case "d": return number
        case "w": return number * 7
        case "m": return number * 31
        case "y": return number * 366
        default: return nil
        }
    }
}
