import ArgumentParser
import FolioCore
import FolioStore
import Foundation

/// What `folio watch start` and `folio watch status` print.
enum WatchPrinter {
    static func started(_ started: WatchLauncher.Started, context: Context) {
        switch started {
        case .alreadyRunning(let pid): context.say(.watch(.alreadyWatching(pid: pid)))
        case .started(let status): context.say(.watch(.started(pid: status.pid, folders: status.folders)))
        case .failed(let said): Console.err(said.trimmingCharacters(in: .newlines))
        }
    }

    /// `status`, or that nothing watches (nil), and why it does not start by itself (`offReason`).
    static func status(_ status: WatchProtocol.Status?, offReason: String?, json: Bool, context: Context) {
        guard let status else {
            if json {
                context.json(.object([("watching", .bool(false))] + (offReason.map { [("off", .string($0))] } ?? [])))
            } else {
                context.say(.watch(offReason.map { .notWatchingAndOff(reason: $0) } ?? .notWatching))
            }
            return
        }
        let since = Timestamp(date: Date(timeIntervalSince1970: TimeInterval(status.startedSeconds)), zone: context.vault.clock.zone).text
        if json {
            context.json(
                .object([
                    ("watching", .bool(true)), ("pid", .int(Int(status.pid))), ("folders", .int(status.folders)), ("since", .string(since)),
                    ("changes", .int(Int(clamping: status.changes))), ("answers", .int(Int(clamping: status.answers))),
                    ("rescans", .int(status.rescans)),
                ]))
        } else {
            context.say(
                .watch(
                    .status(
                        pid: status.pid, folders: status.folders, since: since, changes: status.changes, answers: status.answers,
                        rescans: status.rescans)))
        }
    }
}
