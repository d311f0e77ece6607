import ArgumentParser
import FolioCore
import FolioSecrets
import FolioStore
import FolioSync
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Commit hand edits, fetch, merge record by record, and push.",
        discussion: """
            Conflicting edits never lose a word: the newer version stays, the other is kept beside it as \
            <name>.conflict-<device>-<time>.md. Offline, everything stays committed here and the exit \
            status is 3. Examples: folio sync · folio sync --watch --interval 5
            """)

    @Flag(help: "Keep syncing every interval and right after local changes, until Ctrl-C.") var watch = false
    @Option(help: "Seconds between syncs with --watch, 1 to 86400 (default: sync.interval, else 10).") var interval: Double?
    @Flag(
        help: """
            Print what the sync did as JSON: {"committed", "received", "sent", "conflicts": [{"path", "copy"}], \
            "renamed": [{"path", "renamed"}], "parents_kept": [{"path", "child"}], "merge_commit", \
            "rewritten_remote_dropped", "unrelated_histories"}; with --watch, one line per sync that did something.
            """) var json = false
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        // The same range as the sync.interval setting; a NaN or 1e300 would trap as whole seconds.
        if let interval, !(interval >= 1 && interval <= 86_400) {
            throw ValidationError("--interval takes seconds from 1 to 86400, not '\(interval)'.")
        }
    }

    func run() throws {
        let context = try Context.open(global)
        let history = try context.requireHistory()
        let interrupt = Interrupt.install()
        let transport = RemoteTransport.make(context: context, interrupt: interrupt)
        guard watch else { return try syncOnce(context: context, history: history, transport: transport) }
        try watchAndSync(context: context, history: history, transport: transport, interrupt: interrupt)
    }

    /// `--watch`: a sync now and after each change (or every interval) until Ctrl-C.
    private func watchAndSync(context: Context, history: History, transport: SyncTransport, interrupt: Interrupt) throws {
        let seconds = interval ?? Double(context.vault.settings.int("sync.interval") ?? 10)
        let watcher = DirectoryWatcher(root: context.vault.root)
        if !json { context.say(.watching(Int(seconds.rounded()))) }
        while !interrupt.fired {
            // Offline or refused: say so and keep watching; the next round tries again.
            if let problem = attempt(context: context, history: history, transport: transport), !interrupt.fired {
                context.warn(problem)
            }
            watcher.drain()
            _ = watcher.wait(seconds: seconds) { interrupt.fired }
        }
        if !json { context.say(.watchStopped) }
    }

    func attempt(context: Context, history: History, transport: SyncTransport) -> FolioError? {
        do {
            try syncOnce(context: context, history: history, transport: transport, quietWhenIdle: true)
            return nil
        } catch {
            return error
        }
    }

    func syncOnce(context: Context, history: History, transport: SyncTransport, quietWhenIdle: Bool = false) throws(FolioError) {
        defer {
            for notice in history.takeNotices() { Console.err(context.terminal.warn(notice.text(context.language))) }
        }
        let report = try history.sync(vault: context.vault, transport: transport)
        RemoteTransport.endProgress(context)
        if json {
            let idle =
                report.received == 0 && report.sent == 0 && (report.handCommit?.committed.isEmpty ?? true) && report.conflicts.isEmpty
            if !(quietWhenIdle && idle) { context.json(Self.json(report)) }
            return
        }
        if let hand = report.handCommit {
            context.reportLeftOut(hand.leftOut)
            if !hand.committed.isEmpty { context.say(.committedByHand(hand.committed.count)) }
        }
        if let dropped = report.rewrittenRemoteDropped {
            Console.out(context.terminal.warn(Message.remote(.historyRewritten(dropped: dropped)).text(context.language)))
        }
        if report.unrelatedHistories {
            Console.out(context.terminal.warn(Message.remote(.unrelatedHistories).text(context.language)))
        }
        for conflict in report.conflicts {
            Console.out(context.terminal.warn(Message.syncConflict(path: conflict.path, copy: conflict.copy).text(context.language)))
        }
        for renamed in report.renamed {
            context.say(.syncRenamed(path: renamed.path, renamed: renamed.renamed))
        }
        for kept in report.parentsKept {
            Console.out(context.terminal.warn(Message.syncParentKept(path: kept.path, child: kept.child).text(context.language)))
        }
        if report.received == 0 && report.sent == 0 {
            if !quietWhenIdle { context.say(.syncUpToDate) }
        } else {
            context.say(.syncDone(received: report.received, sent: report.sent))
        }
    }
}

extension SyncCommand {
    /// What one sync did, for `--json`.
    static func json(_ report: SyncReport) -> JSONWriter.JSON {
        func pairs(_ list: [(String, String)], _ a: String, _ b: String) -> JSONWriter.JSON {
            .array(list.map { .object([(a, .string($0.0)), (b, .string($0.1))]) })
        }
        return .object([
            ("committed", .array((report.handCommit?.committed ?? []).map { .string($0) })),
            ("received", .int(report.received)), ("sent", .int(report.sent)),
            ("conflicts", pairs(report.conflicts.map { ($0.path, $0.copy) }, "path", "copy")),
            ("renamed", pairs(report.renamed.map { ($0.path, $0.renamed) }, "path", "renamed")),
            ("parents_kept", pairs(report.parentsKept.map { ($0.path, $0.child) }, "path", "child")),
            ("merge_commit", report.mergeCommit.map { .string($0) } ?? .null),
            ("rewritten_remote_dropped", report.rewrittenRemoteDropped.map { .int($0) } ?? .null),
            ("unrelated_histories", .bool(report.unrelatedHistories)),
        ])
    }
}

struct CloneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clone",
        abstract: "Join a vault from its remote on a new device.",
        discussion: "Example: folio clone git@host:me/journal.git ~/journal")

    @Argument(help: "The remote: a path, file://, git://, ssh://, user@host:path or https://.") var url: String
    @Argument(help: "The folder to create (default: the remote's name).") var directory: String?
    @Option(help: "An encrypted vault's key (a file folio crypt export-key wrote, or its text form): checked, then kept here.")
    var key: String?
    @Flag(help: "Print as JSON: {\"vault\": path, \"remote\", \"locked\"} (locked: encrypted, and no key given).") var json = false
    @OptionGroup var global: GlobalOptions

    func run() throws {
        try global.enterDirectory()
        let environment = ProcessInfo.processInfo.environment
        if let lang = global.language() { MessageLanguage.shared.set(lang) }
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let name = directory ?? Self.defaultDirectory(for: url)
        let target = absoluteURL(name, from: cwd)
        let terminal = Terminal.current(noColor: global.noColor, environment: environment)
        let interrupt = Interrupt.install()
        let transport = RemoteTransport.make(
            environment: environment, terminal: terminal, sshKey: nil, timeoutSeconds: 60, interrupt: interrupt)
        let remote = Self.isLocalPath(url) ? absoluteURL(url, from: cwd).path : url
        let cloned = try History.clone(url: remote, into: target, transport: transport, keyFile: key.map { absoluteURL($0, from: cwd) })
        RemoteTransport.endProgress(terminal)
        report(target, remote: remote, locked: cloned.locked, environment: environment)
    }

    /// Where the vault now is, in its own language (or JSON).
    private func report(_ target: URL, remote: String, locked: Bool, environment: [String: String]) {
        if json {
            return Console.out(
                JSONWriter.render(
                    .object([
                        ("vault", .string(target.path)), ("remote", .string(ConfiguredSecrets.redact(remote))), ("locked", .bool(locked)),
                    ])))
        }
        MessageLanguage.shared.set(global.language() ?? Vault(root: target, clock: Clock.from(environment: environment)).language)
        Console.out(Message.cloned(target.path).text(MessageLanguage.shared.current))
        if locked { Console.err(Message.crypt(.clonedLocked(target.path)).text(MessageLanguage.shared.current)) }
    }

    static func isLocalPath(_ url: String) -> Bool {
        !url.contains("://") && !(url.contains(":") && !url.hasPrefix("/") && !url.hasPrefix("."))
    }

    static func defaultDirectory(for url: String) -> String {
        var name = url.split(whereSeparator: { $0 == "/" || $0 == ":" }).last.map(String.init) ?? "journal"
        if name.hasSuffix(".git") { name = String(name.dropLast(4)) }
        return name.isEmpty ? "journal" : name
    }
}

/// Ctrl-C during a sync: stop at the next safe point instead of dying mid-write.
final class Interrupt: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    private var source: (any DispatchSourceSignal)?

    var fired: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    static func install() -> Interrupt {
        let interrupt = Interrupt()
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { [weak interrupt] in
            guard let interrupt else { return }
            interrupt.lock.lock()
            let second = interrupt.value
            interrupt.value = true
            interrupt.lock.unlock()
            // A second Ctrl-C means now.
            if second { exit(130) }
        }
        source.resume()
        interrupt.source = source
        return interrupt
    }
}
