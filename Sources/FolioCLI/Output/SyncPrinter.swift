import FolioCore
import FolioExchange
import FolioSync

/// What a sync did: files left out of its commit, a rewritten or unrelated remote history,
/// conflicts kept beside records, renames, parents kept, and the counts; or JSON
/// `{"committed", "received", "sent", "conflicts", "renamed", "parents_kept", "media_kept", "merge_commit",
/// "rewritten_remote_dropped", "unrelated_histories"}`. The history's notices follow each sync.
struct SyncPrinter {
    let json: Bool
    let history: History
    let context: Context

    /// One sync: what it did, then the history's notices; a failure is thrown on after the
    /// notices, and said where every error is.
    func print(_ outcome: Result<SyncReport, FolioError>) throws(FolioError) {
        if let failure = report(outcome, quietWhenIdle: false) { throw failure }
    }

    /// One round of `--watch`: a round that did nothing says nothing; a failure is a warning
    /// (none once Ctrl-C came), and the watch goes on.
    func print(_ outcome: Result<SyncReport, FolioError>, stopped: Bool) {
        if let problem = report(outcome, quietWhenIdle: true), !stopped { context.warn(problem) }
    }

    /// What a sync did and the notices after it; or, when it failed, the notices and its failure.
    private func report(_ outcome: Result<SyncReport, FolioError>, quietWhenIdle: Bool) -> FolioError? {
        defer { notices() }
        switch outcome {
        case .success(let report):
            print(report, quietWhenIdle: quietWhenIdle)
            // Merged, committed and sent, but media did not come: the sync did not all it should.
            return report.mediaFetch.flatMap(MediaFetchPrinter.failure(of:))
        case .failure(let error):
            return error
        }
    }

    func watching(_ seconds: Double) {
        if !json { context.say(.watching(Int(seconds.rounded()))) }
    }

    func stopped() {
        if !json { context.say(.watchStopped) }
    }

    private func notices() {
        for notice in history.takeNotices() { Console.err(context.terminal.warn(notice.text(context.language))) }
    }

    private func print(_ report: SyncReport, quietWhenIdle: Bool) {
        ProgressLine.end(on: context.terminal)
        // On standard error, with --json too.
        for warning in report.arrivedWarnings { context.warn(warning) }
        if json {
            // On standard error, with --json too.
            if !(quietWhenIdle && report.isIdle) { InboxPrinter(json: true, context: context).notices(report.inbox.notices) }
            if !(quietWhenIdle && report.isIdle) { context.json(Self.json(report, language: context.language)) }
            return
        }
        let terminal = context.terminal
        func warn(_ message: Message) { Console.out(terminal.warn(message.text(context.language))) }
        if let hand = report.handCommit {
            CommitPrinter.leftOut(hand.leftOut, terminal: terminal, language: context.language)
            if !hand.committed.isEmpty { context.say(.committedByHand(hand.committed.count)) }
        }
        if let change = report.remoteChange { context.say(.remote(.remoteChanged(from: change.from, to: change.to))) }
        if let dropped = report.rewrittenRemoteDropped { warn(.remote(.historyRewritten(dropped: dropped))) }
        if report.unrelatedHistories { warn(.remote(.unrelatedHistories)) }
        for conflict in report.conflicts { warn(.syncConflict(path: conflict.path, copy: conflict.copy)) }
        for renamed in report.renamed { context.say(.syncRenamed(path: renamed.path, renamed: renamed.renamed)) }
        for kept in report.parentsKept { warn(.syncParentKept(path: kept.path, child: kept.child)) }
        if report.mediaSent > 0 { context.say(.lfs(.sent(count: report.mediaSent))) }
        if report.plainMediaWithheld > 0 { context.say(.lfs(.plainWithheld(count: report.plainMediaWithheld))) }
        // Each file that did not come, with why; the sync then fails naming them all.
        if let fetch = report.mediaFetch { MediaFetchPrinter.print(fetch, context: context) }
        for file in report.keptMedia { warn(.file(.mediaKeptOurs(file))) }
        // A round of --watch that did nothing does not name the same inbox file again.
        let inbox = InboxPrinter(json: false, context: context)
        if !(quietWhenIdle && report.isIdle) { inbox.notices(report.inbox.notices) }
        inbox.adopted(report.inbox, quietWhenNone: true)
        if report.received == 0 && report.sent == 0 {
            if !quietWhenIdle { context.say(.syncUpToDate) }
        } else {
            context.say(.syncDone(received: report.received, sent: report.sent))
        }
    }

    /// What one sync did, for `--json`.
    static func json(_ report: SyncReport, language: Language) -> JSONWriter.JSON {
        func pairs(_ list: [(String, String)], _ a: String, _ b: String) -> JSONWriter.JSON {
            .array(list.map { .object([(a, .string($0.0)), (b, .string($0.1))]) })
        }
        return .object([
            ("committed", .array((report.handCommit?.committed ?? []).map { .string($0) })),
            ("received", .int(report.received)), ("sent", .int(report.sent)),
            ("conflicts", pairs(report.conflicts.map { ($0.path, $0.copy) }, "path", "copy")),
            ("renamed", pairs(report.renamed.map { ($0.path, $0.renamed) }, "path", "renamed")),
            ("parents_kept", pairs(report.parentsKept.map { ($0.path, $0.child) }, "path", "child")),
            ("media_kept", .array(report.keptMedia.map { .string($0) })),
            ("merge_commit", report.mergeCommit.map { .string($0) } ?? .null),
            ("rewritten_remote_dropped", report.rewrittenRemoteDropped.map { .int($0) } ?? .null),
            ("previous_remote", report.remoteChange.map { .string($0.from) } ?? .null),
            ("unrelated_histories", .bool(report.unrelatedHistories)),
            ("media_sent", .int(report.mediaSent)),
            ("media_withheld", .int(report.plainMediaWithheld)),
            ("media_fetched", .array((report.mediaFetch?.fetched ?? []).map { .string($0) })),
            ("inbox", InboxPrinter.json(report.inbox, language: language)),
        ])
    }
}
