import FolioCore
import FolioLFS
import FolioSync
import Foundation
import Synchronization

/// What a media fetch did: the files that came, each that did not and why.
enum MediaFetchPrinter {
    /// What a sync fetched, and each file that did not come; what did not come is the sync's
    /// failure (``failure(of:)``), said after everything it did.
    static func print(_ report: MediaFetchReport, context: Context) {
        if !report.fetched.isEmpty { context.say(.lfs(.fetched(count: report.fetched.count, bytes: report.bytes))) }
        for failure in report.failed { context.warn(FolioError(.lfs(.fetchFailed(path: failure.path, reason: failure.reason)))) }
    }

    /// How a sync or a clone failed when everything else was done but media did not come: the
    /// LFS server not asked (exit 3 when it could not be reached, as an unreachable remote), or
    /// the files that did not download (exit 1); nil when all came. Each names `folio media fetch`.
    static func failure(of report: MediaFetchReport) -> FolioError? {
        if let reason = report.unreachable { return FolioError(.transfer(.mediaServerNotAsked(reason: reason))) }
        if !report.failed.isEmpty { return FolioError(.transfer(.mediaNotDownloaded(files: report.failed.map(\.path)))) }
        return nil
    }

    /// - Parameter failsOnAnyMissing: `media fetch` fails when anything it was asked for did not come:
    ///   exit 3 when the LFS server could not be reached (as an unreachable git remote), else 1.
    static func print(_ report: MediaFetchReport, requested: Int, context: Context, failsOnAnyMissing: Bool = false) throws(FolioError) {
        ProgressLine.end(on: context.terminal)
        if requested == 0 {
            if failsOnAnyMissing { context.say(.lfs(.nothingToFetch)) }
            return
        }
        if !report.fetched.isEmpty { context.say(.lfs(.fetched(count: report.fetched.count, bytes: report.bytes))) }
        for failure in report.failed { context.warn(FolioError(.lfs(.fetchFailed(path: failure.path, reason: failure.reason)))) }
        if let reason = report.unreachable {
            context.warn(FolioError(.lfs(.serverNotAsked(reason: reason))))
        }
        guard failsOnAnyMissing else { return }
        if let reason = report.unreachable { throw FolioError(.lfs(.fetchFailed(path: "media", reason: reason))) }
        if !report.failed.isEmpty {
            throw FolioError(.lfs(.someNotFetched(failed: report.failed.count, requested: requested)))
        }
    }
}

/// A progress bar for media downloads on a terminal: bytes of all files together.
enum MediaProgress {
    static func bar(on terminal: Terminal, files: [History.PointerFile]) -> LFSClient.Progress? {
        guard terminal.isInteractive, !files.isEmpty else { return nil }
        let total = files.reduce(UInt64(0)) { $0 + $1.pointer.size }
        let moved = Mutex<[String: UInt64]>([:])
        return { oid, done, _ in
            let bytes = moved.withLock { moved in
                moved[oid] = done
                return moved.values.reduce(0, +)
            }
            ProgressLine.media("↓", bytes, total)
        }
    }
}
