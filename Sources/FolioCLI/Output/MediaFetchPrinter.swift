import FolioCore
import FolioLFS
import FolioSync
import Foundation
import Synchronization

/// What a media fetch did: the files that came, each that did not and why; offline, one line per
/// file not downloaded yet (a normal state, never an error that stops a sync or a clone).
enum MediaFetchPrinter {
    /// What a sync or a clone fetched: said, never a failure of the command.
    static func print(_ report: MediaFetchReport, context: Context) {
        if !report.fetched.isEmpty { context.say(.lfs(.fetched(count: report.fetched.count, bytes: report.bytes))) }
        for failure in report.failed { context.warn(FolioError(.lfs(.fetchFailed(path: failure.path, reason: failure.reason)))) }
        if let reason = report.unreachable { context.warn(FolioError(.lfs(.serverNotAsked(reason: reason)))) }
    }

    /// - Parameter failOnNothing: `media fetch` exits 1 when nothing of what it was asked came.
    static func print(_ report: MediaFetchReport, requested: Int, context: Context, failOnNothing: Bool = false) throws(FolioError) {
        ProgressLine.end(on: context.terminal)
        if requested == 0 {
            if failOnNothing { context.say(.lfs(.nothingToFetch)) }
            return
        }
        if !report.fetched.isEmpty { context.say(.lfs(.fetched(count: report.fetched.count, bytes: report.bytes))) }
        for failure in report.failed { context.warn(FolioError(.lfs(.fetchFailed(path: failure.path, reason: failure.reason)))) }
        if let reason = report.unreachable {
            context.warn(FolioError(.lfs(.serverNotAsked(reason: reason))))
        }
        if failOnNothing, report.fetched.isEmpty, report.unreachable != nil || !report.failed.isEmpty {
            throw FolioError(.lfs(.fetchFailed(path: "media", reason: report.unreachable ?? report.failed[0].reason)))
        }
    }
}

/// A progress bar for media downloads on a terminal: bytes of all files together.
enum MediaProgress {
    static func bar(on terminal: Terminal, files: [History.PointerFile]) -> LFSClient.Progress? {
        guard terminal.isInteractive, !files.isEmpty else { return nil }
        let total = files.reduce(UInt64(0)) { $0 + $1.pointer.size }
        let state = ProgressState()
        return { oid, done, _ in
            let sum = state.update(oid, done)
            let fraction = total == 0 ? 1 : min(1, Double(sum) / Double(total))
            let filled = Int(fraction * 30)
            Console.errInline(
                "\r\u{1B}[2K↓ [" + String(repeating: "#", count: filled) + String(repeating: " ", count: 30 - filled) + "] "
                    + "\(LFSMessage.size(sum)) / \(LFSMessage.size(total))")
        }
    }

    final class ProgressState: Sendable {
        private let done = Mutex<[String: UInt64]>([:])

        func update(_ oid: String, _ bytes: UInt64) -> UInt64 {
            done.withLock { done in
                done[oid] = bytes
                return done.values.reduce(0, +)
            }
        }
    }
}
