import ArgumentParser
import FolioCompanion
import FolioCore
import FolioSecrets
import FolioStore
import FolioSync
import Foundation

/// The vault's history, or the reason there is none.
extension Context {
    func requireHistory() throws(FolioError) -> History {
        guard let history else { throw FolioError(.gitDataMissing) }
        return history
    }

    /// Reports files `commit` or `sync` left out: they do not parse, hold a key or a token, or are
    /// links leading outside the vault (those messages say themselves what to do).
    func reportLeftOut(_ problems: [FolioError]) {
        LeftOutReport.print(problems, terminal: terminal, language: language)
    }
}

/// Files a commit left out: each with its reason, and for a file that did not parse, that it
/// stays out until fixed (a guarded file's reason says what to do itself).
enum LeftOutReport {
    static func print(_ problems: [FolioError], terminal: Terminal, language: Language) {
        for problem in problems {
            Console.err(terminal.warn(problem.rendered(in: language, asWarning: true)))
            if case .guarded = problem.message { continue }
            Console.err(terminal.warn(Message.leftOutOfCommit.text(language)))
        }
    }
}

struct CommitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "commit",
        abstract: "Commit changes made by hand (new, edited and deleted files).",
        discussion: """
            Each changed record is parsed first; a file that does not parse is named with its line and \
            column and left out, the rest is committed. Example: folio commit -m "fix typos"
            """)

    @Option(name: .shortAndLong, help: "The commit message (default: which files changed); - reads standard input.") var message: InputText?
    @Flag(help: "Print as JSON: {\"commit\", \"committed\": [paths], \"left_out\": [{\"file\", \"message\"}]}.") var json = false
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        let history = try context.requireHistory()
        let result = try history.commitHandChanges(in: context.vault, message: message?.text)
        if json {
            context.json(
                .object([
                    ("commit", result.commit.map { .string($0.hex) } ?? .null), ("committed", .array(result.committed.map { .string($0) })),
                    (
                        "left_out",
                        .array(
                            result.leftOut.map {
                                .object([
                                    ("file", $0.file.map { .string($0) } ?? .null), ("message", .string($0.message.text(context.language))),
                                ])
                            })
                    ),
                ]))
        } else {
            context.reportLeftOut(result.leftOut)
            if result.committed.isEmpty && result.leftOut.isEmpty { context.say(.nothingToCommit) }
            if !result.committed.isEmpty { context.say(.committedByHand(result.committed.count)) }
        }
        if result.committed.isEmpty && !result.leftOut.isEmpty { throw ExitCode.failure }
    }
}

struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "What is not committed, not pushed, or in conflict; the last sync's result. Never uses the network.")

    @Flag(help: "Print the status as JSON.") var json = false
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        let history = try context.requireHistory()
        let status = try history.status(settings: context.vault.settings, localDirectory: context.vault.localDirectory)
        let held = history.heldBack(status.changed, in: context.vault).mapValues { Self.heldBackNote($0)?.text(context.language) ?? "" }
        let pendingAI = AIState(localDirectory: context.vault.localDirectory).failures.keys.sorted()
        StatusPrinter(status: status, heldBack: held, pendingAI: pendingAI).print(json: json, context: context)
    }

    /// Why a commit leaves a changed file out, in a few words.
    static func heldBackNote(_ problem: FolioError) -> Message? {
        switch problem.message {
        case .guarded(.secretLeftOut(let kind, let masked)): .guarded(.heldBackSecret(kind: kind, masked: masked))
        case .guarded(.linkLeftOut), .guarded(.folderLeadsOutside): .guarded(.heldBackLink)
        default: nil
        }
    }
}

struct Log: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The vault's history, or one record's: date, device, author, message.",
        discussion: "Examples: folio log · folio log 設備間同步測試 -n 5 · folio log --json")

    @Argument(help: "A record (id, prefix, path or slug); default: the whole vault.", completion: .custom(Completions.records)) var record:
        String?
    @Option(help: "A media file (media/ab/….jpg, its path, or 6+ characters of its hash): the commits that added, changed or removed it.")
    var media: String?
    @Option(name: .customShort("n"), help: "Show at most this many commits.") var limit: Int?
    @Flag(help: "Print the log as JSON.") var json = false
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        let history = try context.requireHistory()
        let path = try media.map { try context.resolveMediaPath($0, history: history) } ?? record.map { try context.resolvePath($0) }
        LogPrinter.print(try history.log(path: path, limit: limit), json: json, context: context)
    }

    static func date(_ entry: HistoryEntry) -> String {
        let zone = TimeZone(secondsFromGMT: entry.offsetMinutes * 60) ?? .current
        return Timestamp(date: entry.date, zone: zone).text
    }
}

struct Undo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Revert the newest change folio made on this device, with a new commit.",
        discussion: """
            Run it again to undo the change before that. It refuses when commits from another device \
            or made by hand came after and touch the same files, unless --force.
            """)

    @Flag(help: "Undo even when later commits from elsewhere touch the same files.") var force = false
    @Flag(help: "Only say what would be undone; change nothing.") var dryRun = false
    @Flag(
        help:
            "Print as JSON: {\"commit\", \"summary\", \"paths\", \"later_overlapping\", \"dry_run\"} (commit null when there is nothing to undo)."
    )
    var json = false
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        let history = try context.requireHistory()
        let plan = try history.planUndo()
        if let plan, plan.laterOverlapping > 0 && !force && !dryRun {
            throw FolioError(.undoWouldRevertOthers(summary: plan.summary, later: plan.laterOverlapping))
        }
        if let plan, !dryRun { try history.undo(plan, in: context.vault) }
        UndoPrinter.print(plan, dryRun: dryRun, json: json, context: context)
    }
}

/// `folio undo`: what was undone, or with `--dry-run` what would be (and the files); or JSON.
enum UndoPrinter {
    static func print(_ plan: History.UndoPlan?, dryRun: Bool, json: Bool, context: Context) {
        if json {
            return context.json(
                .object([
                    ("commit", plan.map { .string($0.target.hex) } ?? .null), ("summary", plan.map { .string($0.summary) } ?? .null),
                    ("paths", .array((plan?.paths ?? []).map { .string($0) })), ("later_overlapping", .int(plan?.laterOverlapping ?? 0)),
                    ("dry_run", .bool(dryRun)),
                ]))
        }
        guard let plan else { return context.say(.nothingToUndo) }
        guard dryRun else { return context.say(.undone(plan.summary)) }
        context.say(.wouldUndo(plan.summary))
        for path in plan.paths { Console.out("  " + path.quotedPath) }
        if plan.laterOverlapping > 0 {
            Console.out(
                context.terminal.warn(
                    Message.undoWouldRevertOthers(summary: plan.summary, later: plan.laterOverlapping).text(context.language)))
        }
    }
}

extension Context {
    /// The vault-relative path of a media file: as typed (`media/ab/….jpg`, a path into the vault),
    /// or found by a hash prefix among the files present or in history.
    func resolveMediaPath(_ reference: String, history: History) throws(FolioError) -> String {
        if reference.hasPrefix("media/") { return reference }
        if let relative = try? vault.relativePath(of: reference, from: workingDirectory), relative.hasPrefix("media/") { return relative }
        let prefix = reference.lowercased()
        guard prefix.count >= 6, prefix.allSatisfy(\.isHexDigit) else { throw FolioError(.media(.notFound(reference))) }
        let present = vault.storedMedia().files.map(\.path)
        let known = present + ((try? history.mediaPaths()) ?? [])
        let matches = Set(known.filter { ($0 as NSString).lastPathComponent.hasPrefix(prefix) })
        guard matches.count == 1, let only = matches.first else {
            if matches.isEmpty { throw FolioError(.media(.notFound(reference))) }
            throw FolioError(.ambiguousReference(reference, matches.sorted()))
        }
        return only
    }

    /// The vault-relative path of a record named now, or of a path typed (a record may be gone by now).
    func resolvePath(_ reference: String) throws(FolioError) -> String {
        do {
            return try record(reference).path
        } catch {
            if let path = try? vault.relativePath(of: reference, from: workingDirectory), path.hasSuffix(".md") { return path }
            if reference.hasSuffix(".md") && !reference.hasPrefix("/") && !reference.contains("..") { return reference }
            throw error
        }
    }
}

/// `folio status`: what is changed (and held back from commits, and why), conflict copies, AI steps
/// that failed, and the remote with the last sync; or all of it as JSON.
struct StatusPrinter {
    let status: VaultStatus
    let heldBack: [String: String]
    let pendingAI: [String]

    func print(json: Bool, context: Context) {
        if json { return context.json(self.json) }
        let terminal = context.terminal
        if status.changed.isEmpty {
            context.say(.statusClean)
        } else {
            Console.out(terminal.bold(Message.statusChanged(status.changed.count).text(context.language)))
            for path in status.changed { Console.out("  " + path.quotedPath + (heldBack[path].map { "  " + terminal.warn($0) } ?? "")) }
        }
        if !status.conflicts.isEmpty {
            Console.out(terminal.warn(Message.statusConflicts(status.conflicts.count).text(context.language)))
            for path in status.conflicts { Console.out("  " + path.quotedPath) }
        }
        if !pendingAI.isEmpty { Console.out(terminal.warn(Message.ai(.pendingAI(pendingAI.count)).text(context.language))) }
        guard let url = status.remote.url else { return context.say(.noRemote) }
        context.say(.statusRemote(ConfiguredSecrets.redact(url)))
        context.say(.statusAheadBehind(ahead: status.ahead, behind: status.behind))
        if let last = status.remote.lastSync { context.say(.statusLastSync(last)) }
        if let error = status.remote.lastError { Console.out(terminal.warn(Message.statusLastError(error).text(context.language))) }
    }

    private var json: JSONWriter.JSON {
        .object([
            ("changed", .array(status.changed.map { .string($0) })),
            ("held_back", .object(heldBack.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
            ("ahead", .int(status.ahead)),
            ("behind", .int(status.behind)),
            ("conflicts", .array(status.conflicts.map { .string($0) })),
            ("pending_ai", .array(pendingAI.map { .string($0) })),
            (
                "remote",
                .object([
                    ("url", status.remote.url.map { .string($0) } ?? .null),
                    ("last_sync", status.remote.lastSync.map { .string($0) } ?? .null),
                    ("last_error", status.remote.lastError.map { .string($0) } ?? .null),
                ])
            ),
        ])
    }
}

/// `folio log`: a line per commit (short id, local time, author and device, message), paged; or JSON.
enum LogPrinter {
    static func print(_ entries: [HistoryEntry], json: Bool, context: Context) {
        if json {
            return context.json(
                .array(
                    entries.map { entry in
                        .object([
                            ("commit", .string(entry.commit)),
                            ("date", .string(Log.date(entry))),
                            ("author", .string(entry.author)),
                            ("device", entry.device.map { .string($0) } ?? .null),
                            ("message", .string(entry.message)),
                            ("paths", .array(entry.paths.map { .string($0) })),
                        ])
                    }))
        }
        guard !entries.isEmpty else { return context.say(.noHistory) }
        let terminal = context.terminal
        let lines = entries.map { entry in
            let device = entry.device.map { " @\($0)" } ?? ""
            return terminal.accent(String(entry.commit.prefix(8))) + "  "
                + Log.date(entry).prefix(16).replacingOccurrences(of: "T", with: " ")
                + "  " + terminal.dim(entry.author + device) + "  " + entry.message
        }
        Console.page(lines.joined(separator: "\n") + "\n", terminal: terminal, environment: context.environment)
    }
}
