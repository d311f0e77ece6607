import FolioApp
import FolioCore
import FolioStore
import FolioSync
import Foundation

/// What a command works with: the vault, the terminal, the environment.
struct Context {
    /// The vault as every face opens it (FolioApp): its history, its policies.
    let journal: JournalService
    let terminal: Terminal
    let environment: [String: String]
    let workingDirectory: URL

    var vault: Vault { journal.vault }
    /// The vault's git history; nil when the vault has no `.git` (the vault warns about that).
    var history: History? { journal.history }
    var language: Language { vault.language }

    /// A record's kind as the person reads it in a listing: the kind's label in the vault's
    /// language (「睡眠」), its name when the kind has no label or is not defined here, `?` for none.
    /// `--kind` takes the label as well as the name, so what a listing shows can be typed back.
    func shownKind(_ name: String?) -> String {
        guard let name else { return "?" }
        return vault.kinds[name]?.shownName(language) ?? name
    }

    /// Finds and opens the vault, prints its warnings once, and sets the language of messages. An
    /// encrypted vault this device has no key for is refused unless `whenLocked` is `.open`.
    /// `reported` names the warnings the command itself reports (`check` lists the settings'
    /// problems among its findings): those are not printed again.
    static func open(
        _ global: GlobalOptions, whenLocked: History.LockedVault = .refuse, reported: (FolioError) -> Bool = { _ in false }
    ) throws(FolioError) -> Context {
        try open(global, history: .open(whenLocked), reported: reported)
    }

    /// The same for a command that only reads the vault's files (no commit, no history shown): the
    /// vault's history is not opened, so libgit2 does not start; a locked vault is still refused.
    static func openForReading(_ global: GlobalOptions) throws(FolioError) -> Context {
        try open(global, history: .notNeeded)
    }

    private enum HistoryNeed {
        case open(History.LockedVault)
        case notNeeded
    }

    private static func open(
        _ global: GlobalOptions, history need: HistoryNeed, reported: (FolioError) -> Bool = { _ in false }
    ) throws(FolioError) -> Context {
        let historyNeed: JournalOptions.HistoryNeed =
            switch need {
            case .open(let whenLocked): .open(whenLocked: whenLocked)
            case .notNeeded: .readingOnly
            }
        JournalService.warmUp(for: historyNeed)
        let environment = ProcessInfo.processInfo.environment
        try global.enterDirectory()
        if let lang = global.language() { MessageLanguage.shared.set(lang) }
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let root = try VaultLocation.find(explicit: global.vault, environment: environment, workingDirectory: cwd)
        let journal = JournalService.open(
            JournalOptions(
                root: root, environment: environment, language: global.language(), allowSecrets: global.allowSecret, history: historyNeed))
        MessageLanguage.shared.set(journal.language)
        try journal.requireOpen()
        // The command ends by naming every change it wrote but could not commit (ExitStatus).
        UncommittedChanges.shared.follow(journal.ledger)
        let terminal = Terminal.current(noColor: global.noColor, environment: environment)
        let context = Context(journal: journal, terminal: terminal, environment: environment, workingDirectory: cwd)
        let vault = journal.vault
        for warning in vault.warnings where !reported(warning) { context.warn(warning) }
        if let history = journal.history {
            for notice in history.takeNotices() { Console.err(terminal.warn(notice.text(vault.language))) }
            let language = vault.language
            history.tell = { notice in Console.err(terminal.warn(notice.text(language))) }
        }
        return context
    }

    /// How a sync reaches the remote, as the vault's settings ask; progress on the terminal, and
    /// Ctrl-C (`interrupt`) stops it at the next safe point.
    func syncTransport(stoppedBy interrupt: Interrupt) -> SyncTransport {
        var transport = SyncTransport(
            vault: vault, environment: environment, progress: ProgressLine.sync(on: terminal), shouldCancel: { interrupt.fired })
        transport.warn = transportWarnings
        return transport
    }

    /// Where a transport's warnings go: standard error, in the vault's language.
    var transportWarnings: @Sendable (Message) -> Void {
        let (terminal, language) = (terminal, language)
        return { Console.err(terminal.warn($0.text(language))) }
    }

    /// The vault's history, or the reason there is none.
    func requireHistory() throws(FolioError) -> History {
        guard let history else { throw FolioError(.gitDataMissing) }
        return history
    }

    func warn(_ error: FolioError) {
        Console.err(terminal.warn(error.rendered(in: language, asWarning: true)))
    }

    /// Names the files that could not be read (at most five, then a count) and the links leading
    /// out of the vault, which were left out.
    func warn(unread problems: [FolioError], escapingLinks: [String] = []) {
        for notice in ReadNotices.unread(problems, escapingLinks: escapingLinks) { warn(notice) }
    }

    /// All records; files that could not be read are named on stderr (at most five, then a count).
    func records(quiet: Bool = false) -> RecordSet {
        let set = vault.loadRecords()
        if !quiet { warn(unread: set.problems, escapingLinks: set.escapingLinks) }
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

    /// Writes a new record, with its media copied into the vault; the vault needs its owner first.
    func create(_ request: NewRecord, media: [MediaSource] = [], dateFromMedia: Bool = false) throws(FolioError) -> Record {
        // Only a child record needs the other records (to find its parent); a plain `new` reads one file.
        try vault.requireProfile()
        return try vault.create(request, importing: media, dateFromMedia: dateFromMedia, records: nil)
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
        try vault.select(filter, in: catalog ?? self.catalog(), workingDirectory: workingDirectory)
    }

    /// The vault's records as summaries with their text index (cached in `.folio/local/cache/`).
    func catalog(quiet: Bool = false) -> Catalog {
        warned(vault.catalog(), quiet: quiet)
    }

    /// ``catalog(quiet:)`` for a command that searches it: the index file is opened meanwhile.
    func catalogForSearching() async -> Catalog {
        warned(await vault.catalogForSearching(), quiet: false)
    }

    private func warned(_ catalog: Catalog, quiet: Bool) -> Catalog {
        if !quiet {
            for notice in ReadNotices.of(catalog) { warn(notice) }
        }
        return catalog
    }

    /// A path the user typed, from the directory folio was started in.
    func absoluteURL(_ typed: String) -> URL {
        URL(fileURLWithPath: typed, relativeTo: workingDirectory).standardizedFileURL
    }

    /// The first day of the week where the user gave none (``WeekStart/resolve(environment:zoneIdentifier:zoneTable:language:)``).
    func weekStart() -> WeekStart {
        let table = ["/usr/share/zoneinfo/zone.tab", "/usr/share/zoneinfo/zone1970.tab"].lazy
            .compactMap { Vault.readFile($0).flatMap { String(validating: $0, as: UTF8.self) } }.first
        return WeekStart.resolve(
            environment: environment, zoneIdentifier: vault.clock.zone.identifier, zoneTable: table, language: vault.settings.language)
    }

    func say(_ message: Message) {
        Console.out(message.text(language))
    }

    func json(_ value: JSONWriter.JSON) {
        Console.out(JSONWriter.render(value))
    }
}
