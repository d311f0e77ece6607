import FolioCore
import FolioStore
import FolioSync
import Foundation

/// Media a command is about to read (`show`, `analyze`, `chat`, `export html`) that are not on this
/// device yet: downloaded first, in one batch, from the LFS server. Offline or refused, each file
/// gets one "not downloaded yet" line and the command goes on without it: never an error that stops it.
enum OnDemandMedia {
    /// The media of the records `filter` (resolved) takes (`export html`); the records are read only
    /// in a vault with LFS.
    @discardableResult
    static func fetch(matching filter: RecordFilter, context: Context) async -> [String] {
        guard context.vault.mayHoldLFSMedia else { return [] }
        let vault = context.vault
        let chosen = context.catalog(quiet: true).select(filter, now: vault.clock.timestamp, zone: vault.clock.zone)
        return await fetch(forRecordsAt: chosen.summaries.map(\.path).sorted(), context: context)
    }

    /// The media of the records at `paths` (vault-relative, `export`); in a vault with LFS the
    /// records are read a batch at a time for their media, never all held at once.
    @discardableResult
    static func fetch(forRecordsAt paths: [String], context: Context) async -> [String] {
        let vault = context.vault
        guard vault.mayHoldLFSMedia else { return [] }
        var missing: [String] = []
        var seen = Set<String>()
        for batch in vault.recordBatches(at: paths) {
            missing += vault.mediaNotDownloaded(of: batch).filter { seen.insert($0).inserted }
        }
        return await fetch(missing: missing, context: context)
    }

    /// - Parameter records: the records whose media the command reads.
    static func fetch(for records: [Record], context: Context) async {
        guard context.vault.mayHoldLFSMedia else { return }
        _ = await fetch(missing: context.vault.mediaNotDownloaded(of: records), context: context)
    }

    /// Downloads `missing` (vault-relative media files not on this device) in one batch; the
    /// files still not here afterwards, each named on stderr with why.
    private static func fetch(missing: [String], context: Context) async -> [String] {
        let vault = context.vault
        guard !missing.isEmpty else { return [] }
        // `show` reads without the history; it is opened only when there is something to fetch.
        let history: History
        let files: [History.PointerFile]
        do throws(FolioError) {
            var opened = context.history
            if opened == nil { opened = try History.open(vault, environment: context.environment, whenLocked: .refuse) }
            guard let opened else { return say(missing, context: context) }
            history = opened
            let wanted = Set(missing)
            files = try history.mediaNotDownloaded(vault).filter { wanted.contains($0.path) }
        } catch {
            // Why nothing could be fetched is said, then each file as usual.
            context.warn(error)
            return say(missing, context: context)
        }
        // Ctrl-C ends the command at once, as before: the server is asked without sync's interrupt.
        var transport = SyncTransport(vault: vault, environment: context.environment)
        transport.warn = context.transportWarnings
        let report: MediaFetchReport
        do {
            report = try await history.fetchMedia(
                files, vault: vault, transport: transport, progress: MediaProgress.bar(on: context.terminal, files: files))
        } catch {
            ProgressLine.end(on: context.terminal)
            context.warn(error)
            return say(missing, context: context)
        }
        ProgressLine.end(on: context.terminal)
        let failed = Set(report.failed.map(\.path))
        for failure in report.failed { context.warn(FolioError(.lfs(.fetchFailed(path: failure.path, reason: failure.reason)))) }
        if let reason = report.unreachable { context.warn(FolioError(.lfs(.serverNotAsked(reason: reason)))) }
        _ = say(missing.filter { vault.isNotDownloaded($0) && !failed.contains($0) }, context: context)
        return missing.filter { vault.isNotDownloaded($0) }
    }

    private static func say(_ missing: [String], context: Context) -> [String] {
        for path in missing { context.warn(FolioError(.lfs(.notDownloaded(path: path)))) }
        return missing
    }
}
