import ArgumentParser
import FolioCore
import FolioStore
import FolioSync
import Foundation

struct MediaFetch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Download media not on this device yet, in one batch, from the LFS server.",
        discussion:
            "Examples: folio media fetch (what media.fetch asks for) · folio media fetch --since 30d · --all · folio media fetch 5b0c")

    @Argument(help: "Only this record's media.") var record: String?
    @Option(help: "The media of records from the last N days (30d, 2w, 6m, 1y).") var since: String?
    @Flag(help: "Every media file of the vault.") var all = false
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if all && (since != nil || record != nil) { throw ValidationError("--all takes no record and no --since.") }
        if let since, MediaSelection.days(since) == nil {
            throw ValidationError("--since takes an age such as 30d, 2w, 6m or 1y, not '\(since)'.")
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
        let files = history.mediaToFetch(context.vault, selection: selection)
        let report = try await history.fetchMedia(
            files, vault: context.vault, transport: transport, progress: MediaProgress.bar(on: context.terminal, files: files))
        try MediaFetchPrinter.print(report, requested: files.count, context: context, failOnNothing: true)
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
