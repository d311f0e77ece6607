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
    @Option(
        help: bilingual(
            "The media of records from the last N days (30d, 2w, 6m, 1y) or since a day (2026-11-01, last month, 上週五).",
            "最近 N 天紀錄的媒體（30d、2w、6m、1y），或某天以來的（2026-11-01、上個月、上週五）。"))
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
                .recent(days: MediaSelection.days(since, now: context.vault.clock.now(), zone: context.vault.clock.zone) ?? 30)
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
    /// Days back an age (`30d`, `2w`, `6m`, `1y`) or a day reaches, that day included: a date or
    /// a day as people say it (`2026-11-01`, `last month`, `上週五`), seen from `now` in `zone`.
    static func days(_ since: String, now: Date = Date(), zone: TimeZone = .current) -> Int? {
        let text = since.trimmingCharacters(in: .whitespaces).lowercased()
        if let unit = text.last, let number = Int(text.dropLast()), (1...100_000).contains(number) {
            switch unit {
            case "d": return number
            case "w": return number * 7
            case "m": return number * 31
            case "y": return number * 366
            default: break
            }
        }
        guard let day = DateBound.day(since, now: now, zone: zone), let today = DateBound.day("today", now: now, zone: zone),
            let from = Self.dayNumber(day), let to = Self.dayNumber(today), from <= to
        else { return nil }
        return to - from + 1
    }

    /// Days since 1970-01-01 of a `YYYY-MM-DD`.
    private static func dayNumber(_ day: String) -> Int? {
        let parts = day.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        return CivilDate.days(year: parts[0], month: parts[1], day: parts[2])
    }
}
