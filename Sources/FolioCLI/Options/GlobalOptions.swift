import ArgumentParser
import FolioCore
import FolioStore
import FolioSync
import Foundation

/// Options every command takes.
public struct GlobalOptions: ParsableArguments {
    @Option(
        name: .customShort("C"),
        help: ArgumentHelp(
            "Run as if folio was started in this folder, as git -C does (a relative --vault is then relative to it).",
            valueName: "folder"))
    var directory: String?

    @Option(name: .long, help: "The vault to use (default: FOLIO_VAULT, else the nearest folder with .folio/).")
    var vault: String?

    @Option(name: .long, help: "Language of messages for this call: zh-Hant or en.")
    var lang: String?

    @Flag(name: .long, help: "Never colour the output (NO_COLOR does the same).")
    var noColor = false

    @Flag(
        name: .long,
        help: """
            Write and commit text that looks like an API key, a token or a private key (refused otherwise, \
            since git copies the vault to every device and remote).
            """)
    var allowSecret = false

    public init() {}

    func language() -> Language? { lang.flatMap(Language.init(loose:)) }

    /// With `-C`: makes the folder the working directory, as git does, before anything looks at paths.
    func enterDirectory() throws(FolioError) {
        guard let directory else { return }
        guard FileManager.default.changeCurrentDirectoryPath(directory) else {
            throw FolioError(.cannotEnterFolder(path: directory, reason: String(cString: strerror(errno))))
        }
    }

    /// Options every command takes, as they may come before the command (`folio --vault v list`,
    /// `folio -C v list`): each takes a value but the flags.
    static let valued: Set<String> = ["--vault", "--lang", "-C"]
    static let flags: Set<String> = ["--no-color", "--allow-secret"]

    /// The arguments with the options every command takes moved from before the command to just
    /// after it (after its subcommand too, as in `conflicts resolve`), where every command reads
    /// them; nothing else moves, so a `--` and what follows it stay as typed.
    static func movedAfterCommand(_ arguments: [String], root: any ParsableCommand.Type) -> [String] {
        var leading: [String] = []
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if valued.contains(word), index + 1 < arguments.count {
                leading += [word, arguments[index + 1]]
                index += 2
            } else if flags.contains(word) || word.hasPrefix("--vault=") || word.hasPrefix("--lang=")
                || (word.hasPrefix("-C") && word.count > 2)
            {
                leading.append(word)
                index += 1
            } else {
                break
            }
        }
        guard !leading.isEmpty else { return arguments }
        var rest = Array(arguments[index...])
        var command = root
        var position = 0
        while position < rest.count, let sub = command.configuration.subcommands.first(where: { $0._commandName == rest[position] }) {
            command = sub
            position += 1
        }
        // `folio --lang en help list`: help takes no options, and needs none.
        if position == 0, rest.first == "help" { return rest }
        guard position > 0 else { return arguments }
        rest.insert(contentsOf: leading, at: position)
        return rest
    }
}

/// The language errors are shown in, once known: `--lang`, else the vault's, else the locale's.
final class MessageLanguage: @unchecked Sendable {
    static let shared = MessageLanguage()
    private let lock = NSLock()
    private var value: Language?

    var current: Language {
        lock.lock()
        defer { lock.unlock() }
        if let value { return value }
        let env = ProcessInfo.processInfo.environment
        let locale = env["LC_ALL"] ?? env["LC_MESSAGES"] ?? env["LANG"] ?? ""
        return locale.lowercased().hasPrefix("zh") ? .zhHant : .en
    }

    func set(_ language: Language) {
        lock.lock()
        value = language
        lock.unlock()
    }
}

/// What a command works with: the vault, the terminal, the environment.
struct Context {
    let vault: Vault
    /// The vault's git history; nil when the vault has no `.git` (the vault warns about that).
    let history: History?
    let terminal: Terminal
    let environment: [String: String]
    let workingDirectory: URL

    var language: Language { vault.language }

    /// Finds and opens the vault, prints its warnings once, and sets the language of messages. An
    /// encrypted vault this device has no key for is refused unless `whenLocked` is `.open`.
    static func open(_ global: GlobalOptions, whenLocked: History.LockedVault = .refuse) throws(FolioError) -> Context {
        let environment = ProcessInfo.processInfo.environment
        try global.enterDirectory()
        if let lang = global.language() { MessageLanguage.shared.set(lang) }
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let root = try VaultLocation.find(explicit: global.vault, environment: environment, workingDirectory: cwd)
        let vault = Vault(root: root, clock: Clock.from(environment: environment))
        vault.languageOverride = global.language()
        vault.allowSecrets = global.allowSecret
        MessageLanguage.shared.set(vault.language)
        let terminal = Terminal.current(noColor: global.noColor, environment: environment)
        let history = try History.open(vault, environment: environment, whenLocked: whenLocked)
        let context = Context(
            vault: vault, history: history, terminal: terminal, environment: environment, workingDirectory: cwd)
        for warning in vault.warnings { context.warn(warning) }
        if let history {
            for notice in history.takeNotices() { Console.err(terminal.warn(notice.text(vault.language))) }
            let language = vault.language
            history.tell = { notice in Console.err(terminal.warn(notice.text(language))) }
            vault.recorder = HistoryRecorder(history: history)
        }
        return context
    }

    func warn(_ error: FolioError) {
        Console.err(terminal.warn(error.rendered(in: language, asWarning: true)))
    }

    /// All records; files that could not be read are named on stderr (at most five, then a count).
    func records(quiet: Bool = false) -> RecordSet {
        let set = vault.loadRecords()
        if !quiet {
            for problem in set.problems.prefix(5) { warn(problem) }
            if set.problems.count > 5 { warn(FolioError(.skippedBadRecords(set.problems.count))) }
            for link in set.escapingLinks { warn(FolioError(.symlinkOutsideVault(link))) }
        }
        return set
    }

    /// Whether to go on with something that removes files: yes with `--yes`, else the user's answer
    /// to `question` on a terminal ("cancelled" said on a no); without a terminal it needs `--yes`.
    func confirmed(_ question: Message, yes: Bool) throws(FolioError) -> Bool {
        if yes { return true }
        guard terminal.isInteractive else { throw FolioError(.needsYes) }
        guard Console.confirm(question.text(language)) else {
            say(.cancelled)
            return false
        }
        return true
    }

    /// The one record a user's reference names, read through the catalog (see ``Vault/findRecord(_:workingDirectory:)``).
    func record(_ reference: String) throws(FolioError) -> Record {
        try vault.findRecord(reference, workingDirectory: workingDirectory)
    }

    /// The records `filter` takes, from the catalog, in no particular order; an unknown kind is an error.
    func summaries(_ filter: RecordFilter, in catalog: Catalog? = nil) throws(FolioError) -> [RecordSummary] {
        try select(filter, in: catalog).summaries
    }

    /// The records `filter` takes, as catalog rows that decode only what a command shows.
    func select(_ filter: RecordFilter, in catalog: Catalog? = nil) throws(FolioError) -> CatalogSelection {
        if let kind = filter.kind { _ = try vault.kind(kind) }
        var filter = filter
        // `--parent` names the parent as the user would; the filter compares ids.
        if let reference = filter.parent { filter.parent = try record(reference).id ?? reference }
        return (catalog ?? self.catalog()).select(filter, now: vault.clock.timestamp, zone: vault.clock.zone)
    }

    /// The vault's records as summaries with their text index (cached in `.folio/local/cache/`).
    func catalog(quiet: Bool = false) -> Catalog {
        let catalog = vault.catalog()
        if !quiet {
            for problem in catalog.problems.prefix(5) { warn(problem) }
            if catalog.problems.count > 5 { warn(FolioError(.skippedBadRecords(catalog.problems.count))) }
            for link in catalog.escapingLinks { warn(FolioError(.symlinkOutsideVault(link))) }
            for note in catalog.partlyIndexed { warn(note) }
        }
        return catalog
    }

    /// A path the user typed, from the directory folio was started in.
    func absoluteURL(_ typed: String) -> URL {
        URL(fileURLWithPath: typed, relativeTo: workingDirectory).standardizedFileURL
    }

    func say(_ message: Message) {
        Console.out(message.text(language))
    }

    func json(_ value: JSONWriter.JSON) {
        Console.out(JSONWriter.render(value))
    }
}

/// Splits `KEY=VALUE`.
func keyValue(_ text: String) throws(FolioError) -> (String, String) {
    guard let equals = text.firstIndex(of: "="), equals != text.startIndex else { throw FolioError(.fieldNeedsKeyValue(text)) }
    return (String(text[..<equals]).trimmingCharacters(in: .whitespaces), String(text[text.index(after: equals)...]))
}

/// Commits each change through the history. A failed commit leaves the change saved on disk, so
/// the command goes on, and fails at its end naming what was not committed (``UncommittedChanges``).
final class HistoryRecorder: ChangeRecorder {
    let history: History

    init(history: History) {
        self.history = history
    }

    func record(_ change: VaultChange, in vault: Vault) throws(FolioError) {
        do {
            try history.record(change, in: vault)
        } catch {
            UncommittedChanges.shared.add(error)
        }
    }

    func committedText(of path: String) -> String? {
        history.committedText(of: path)
    }
}

/// Changes a command wrote but could not commit. A command never reports success with a change of
/// its own left uncommitted: ``Folio/run(_:)`` names each and exits 1.
final class UncommittedChanges: @unchecked Sendable {
    static let shared = UncommittedChanges()
    private let lock = NSLock()
    private var errors: [FolioError] = []

    func add(_ error: FolioError) {
        lock.lock()
        defer { lock.unlock() }
        if !errors.contains(error) { errors.append(error) }
    }

    /// The failures so far, each handed out once.
    func take() -> [FolioError] {
        lock.lock()
        defer { lock.unlock() }
        defer { errors.removeAll() }
        return errors
    }
}
