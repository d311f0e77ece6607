import FolioApp
import FolioCompanion
import FolioCore
import FolioSite
import FolioStore
import FolioSync
import Foundation
import Synchronization
import SystemIO
import YAML

/// The vault as `folio serve` serves it. One actor owns the vault and its history, so requests
/// that arrive together change it one at a time, each through the use case the command line
/// calls (under the same writer lock, one commit per change, shown in `folio log`).
///
/// The pages are the export's (`export html`, with the app's forms), kept in `.folio/local/serve`
/// and brought up to date before a page is answered: the export reads again only the records
/// whose files changed, so a page edited on another device or in an editor shows on the next
/// load. A GET changes no file of the vault.
actor WebJournal {
    /// The vault as every face opens it (FolioApp).
    let service: JournalService
    var vault: Vault { service.vault }
    var history: History? { service.history }
    let environment: [String: String]
    /// Where a problem that is not the request's goes (the server's terminal).
    nonisolated let warn: @Sendable (FolioError) -> Void
    nonisolated let language: Language
    nonisolated let siteFolder: URL
    nonisolated let vaultRoot: URL
    nonisolated let uploadFolder: URL
    /// This device's own folder of the vault (`.folio/local`), which never syncs.
    nonisolated let localDirectory: URL
    nonisolated let clock: Clock
    /// Why nothing can be served: an encrypted vault this device has no key for, no history.
    nonisolated let refusal: FolioError?
    /// How current the served pages are; read without waiting for the actor.
    nonisolated let freshness = Freshness()
    /// Each record's page, by its path, as the last refresh left them.
    private var pages: [String: String] = [:]
    /// The app's lists as last read (``FolioSite/LiveListIndex``).
    private var listIndex: LiveListIndex?
    /// What the last refresh left out (``FolioApp/ReadNotices``), said on the server's terminal.
    private var saidNotices: [FolioError] = []
    /// The records' media as the last refresh found them: the only files of the vault served.
    nonisolated let recordMedia = RecordMedia()
    /// The thread every request's work on the vault runs on: exports, commits and ffmpeg block it,
    /// never one of the concurrency pool's threads, which answer pairing, icons and the
    /// "preparing your pages" page meanwhile.
    private let thread = DedicatedThread(name: "folio-serve")

    nonisolated var unownedExecutor: UnownedSerialExecutor { thread.asUnownedSerialExecutor() }

    init(_ setup: WebSetup, warn: @escaping @Sendable (FolioError) -> Void) {
        self.warn = warn
        let service = JournalService.open(
            JournalOptions(root: setup.root, environment: setup.environment, language: setup.language, allowSecrets: setup.allowSecrets))
        self.service = service
        let vault = service.vault
        vaultRoot = vault.root
        self.environment = setup.environment
        self.language = vault.language
        siteFolder = vault.localDirectory.appendingPathComponent("serve")
        uploadFolder = vault.localDirectory.appendingPathComponent("uploads")
        localDirectory = vault.localDirectory
        clock = vault.clock
        refusal = service.refusal
    }

    /// The thread the journal's work runs on, as the system names it (for the tests).
    func threadName() -> String { OffThePool.currentThreadName }

    /// The vault's warnings and the history's notices, for the server's terminal once it starts.
    func openingWarnings() -> [FolioError] {
        service.openingWarnings()
    }

    /// Removes uploads a server stopped in the middle of (killed, or the computer off) left more
    /// than a day ago; a younger one may be another server's on the same vault, still arriving.
    nonisolated func sweepAbandonedUploads(now: Date = Date()) {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: uploadFolder.path) else { return }  // try?: no folder, nothing to sweep
        for name in names where name.hasPrefix("upload-") {
            let folder = uploadFolder.appendingPathComponent(name)
            // try?: an upload whose age cannot be read is left alone.
            guard let modified = (try? manager.attributesOfItem(atPath: folder.path))?[.modificationDate] as? Date,
                now.timeIntervalSince(modified) > 86_400
            else { continue }
            do {
                try manager.removeItem(at: folder)
            } catch {
                warn(FolioError(.writeFailed(.other("\(error)")), file: folder.path))
            }
        }
    }

    /// The largest photo or video a page takes: what an import takes (`media.max_bytes`, or
    /// `media.lfs_max_bytes` when the vault keeps its media through Git LFS).
    var maxUploadBytes: UInt64 { vault.lfsPolicy.map { max($0.maximumBytes, vault.maxMediaBytes) } ?? vault.maxMediaBytes }

    // MARK: - Reading

    /// Brings the served pages up to date with the vault. Requests that come within a moment of
    /// the last check share it (the catalog is read once for a burst of page loads), unless a
    /// write was made since.
    func refresh() throws(FolioError) {
        do throws(FolioError) {
            try service.beginRequest()
        } catch {
            freshness.release()
            throw error
        }
        guard let generation = freshness.begin(now: .now) else { return }
        let freshness = freshness
        let options = SiteOptions(
            output: siteFolder, searchPath: environment["PATH"], live: LiveSite(),
            progress: { done, total in freshness.report(done: done, total: total) })
        do throws(FolioError) {
            let report = try SiteExporter.export(vault, options: options)
            pages = report.pages
            recordMedia.replace(with: report.media)
            sayOnce(report.readNotices)
        } catch {
            freshness.finish(generation, now: .now, succeeded: false)
            throw error
        }
        freshness.finish(generation, now: .now, succeeded: true)
    }

    /// Says on the server's terminal what a refresh left out, once while it stays so: a file
    /// that could not be read is named when a refresh first meets it, not at every page load, and
    /// again if it is mended and breaks once more.
    private func sayOnce(_ notices: [FolioError]) {
        for notice in notices where !saidNotices.contains(notice) { warn(notice) }
        saidNotices = notices
    }

    /// Brings the pages up to date for a request: the one rule of every route that reads them (a
    /// page, a record's media, a list, a search). They are sent as they are while another request
    /// refreshes them or within a moment of the last look; otherwise this request looks, claimed at
    /// once, before it reaches the journal, so the requests that come meanwhile are not queued
    /// behind it. A write not yet seen is always looked at first.
    nonisolated func ensureFresh() async throws(FolioError) {
        if freshness.claimOrServe(now: .now) { return }
        try await refresh()
    }

    /// The first pages of a server's start, written while the server already answers (pairing,
    /// icons, a "preparing your pages" page): at 100,000 records the first export takes a minute.
    /// How many records the pages hold.
    func prepareFirstPages() throws(FolioError) -> Int {
        try refresh()
        return pages.count
    }

    /// The site-relative page of the record at `path`, after a refresh.
    func page(ofRecordAt path: String) async throws(FolioError) -> String? {
        try await ensureFresh()
        return pages[path]
    }

    /// `folio search QUERY`: the same search, ranked the same way, a page of hits at a time;
    /// within one tag's records when `tag` is given (a tile's search box).
    func search(_ text: String, tag: String?, from: Int) async throws(FolioError) -> SafeHTML {
        try service.beginRequest()
        let typed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        try await ensureFresh()
        let results = LivePages.SearchResults(typed: typed, tag: tag, from: from)
        guard !typed.isEmpty || tag != nil else {
            return LivePages.searchResults(
                results, records: [], more: false, pages: pages, kindNames: kindNames, note: nil, language: language)
        }
        // A tag with a space or a quote in it is searched quoted, as `tag:"two words"`.
        let tagFilter = tag.map {
            $0.contains(where: { $0.isWhitespace || $0 == "\"" }) ? "tag:\"\($0.filter { $0 != "\"" })\"" : "tag:" + $0
        }
        let query = (tagFilter.map { $0 + " " } ?? "") + typed
        let catalog = await vault.catalogForSearching()
        let size = LiveList.pageSize
        let outcome = try vault.search(query, limit: from + size + 1, catalog: { catalog })
        let shown = outcome.shown.dropFirst(from)
        let note = shown.isEmpty ? outcome.noMatch.text(language) : nil
        return LivePages.searchResults(
            results, records: shown.prefix(size).map(\.record), more: shown.count > size, pages: pages, kindNames: kindNames, note: note,
            language: language)
    }

    /// A page of one of the app's lists (``FolioSite/LiveList``), after a refresh.
    func list(_ query: LiveListQuery) async throws(FolioError) -> LiveListPage {
        try service.beginRequest()
        try await ensureFresh()
        let path = siteFolder.appendingPathComponent(LiveList.fileName).path
        // blocking: the list is read again only when the export wrote a new one, on the journal's thread.
        if listIndex == nil || LiveListIndex.stamp(of: path) != listIndex?.stamp { listIndex = LiveListIndex.load(path) }
        guard let listIndex else { throw FolioError(.fileUnreadable(path), file: path) }
        return listIndex.page(query)
    }

    /// The kinds' names in the vault's language, as the pages show them.
    var kindNames: [String: String] { vault.kinds.mapValues { $0.shownName(language) } }

    /// What the settings page shows, as the vault's settings say now.
    func settingsModel() throws(FolioError) -> LivePages.SettingsModel {
        try service.beginRequest()
        let (preferences, provider) = service.companionSettings()
        return LivePages.SettingsModel(
            provider: provider.providers.first ?? "builtin", model: provider.model, host: provider.host, tone: preferences.tone,
            tones: CompanionPreferences.tones,
            switches: [
                ("autoTitle", preferences.autoTitle), ("autoTags", preferences.autoTags), ("sendMedia", preferences.sendMedia),
                ("shareLocation", preferences.shareLocation), ("sendPastPages", preferences.sendPastPages),
            ])
    }

    // MARK: - Writing

    /// The settings page's choices saved (``FolioApp/JournalService/setCompanionPreferences(_:)``).
    func setPreferences(_ preferences: CompanionPreferences) throws(FolioError) {
        try vault.requireProfile()
        defer { freshness.markChanged() }
        try service.setCompanionPreferences(preferences)
    }

    /// `folio idea TITLE`.
    func addIdea(title: String, tags: [String]) throws(FolioError) -> Record {
        try write { vault throws(FolioError) in
            try vault.create(NewRecord(kind: "idea", title: title, tags: tags))
        }
    }

    /// `folio done` / `folio undone`.
    func markDone(_ reference: String, done: Bool) throws(FolioError) -> Record {
        try write { vault throws(FolioError) in
            try vault.markDone(try vault.findRecord(reference, workingDirectory: nil), done: done)
        }
    }

    /// `folio ask QUESTION`: the ball's answer, recorded.
    func ask(_ question: String) throws(FolioError) -> Record {
        try write { vault throws(FolioError) in
            let question = try vault.checkedQuestion(question)
            var generator = try MagicAnswer.generator(environment: environment)
            let answer = QAAnswer(MagicAnswer.pick(using: &generator), language: vault.language)
            return try vault.recordAnswer(question: question, answer: answer)
        }
    }

    /// What an edit from a page came to.
    enum EditOutcome: Sendable {
        case saved(Record)
        /// The file changed since the page was made (another tab, device or editor): nothing
        /// was written; `current` is the record as it is now.
        case changedSince(current: Record)
    }

    /// The page's text (before its conversation) and its tags, as the form sent them; written
    /// only when the file is still the version the form was made from (`folio edit`'s rule).
    func edit(_ reference: String, version: String, text: String, tags: [String]) throws(FolioError) -> EditOutcome {
        try service.beginRequest()
        let record = try vault.findRecord(reference, workingDirectory: nil)
        let original = record.document.text
        guard LiveSite.version(of: original) == version else { return .changedSince(current: record) }
        let tags = RecordRules.normalisedTags(try vault.checkedTags(tags))
        // What the edit adds is checked by `replaceText`, as every face's edit is: a page that
        // already keeps a key (the terminal's `--allow-secret`) is saved around it.
        let text = text.replacingOccurrences(of: "\r\n", with: "\n")
        var document = record.document
        let order = vault.kinds[record.kind ?? ""]?.keyOrder ?? Kind.commonKeys
        let changes: [(String, Node?)] = [("tags", tags.isEmpty ? nil : .sequence(tags.map { .string($0) }))]
        let path = record.path
        let page = text.hasSuffix("\n") || text.isEmpty ? text : text + "\n"
        do throws(FrontMatterError) {
            _ = try Vault.apply(
                changes, body: { body in PageBody.replacingPage(in: body, with: page, recordPath: path) }, to: &document,
                order: order, modified: vault.clock.timestamp)
        } catch {
            throw FolioError(error, file: path, text: document.text)
        }
        do throws(FolioError) {
            let saved = try write { vault throws(FolioError) in try vault.replaceText(of: record, with: document.text, expecting: original)
            }
            return .saved(saved)
        } catch {
            if case .changedWhileEditing = error.message {
                return .changedSince(current: try vault.findRecord(path, workingDirectory: nil))
            }
            throw error
        }
    }

    /// A new diary page around an uploaded photo or video, the words typed with it and the words
    /// of a voice note (transcribed as `folio diary --voice` does; the recording itself is not
    /// kept). A voice note no provider could hear is kept on the page as its recording, with the
    /// reason kept for the page (`folio show`): the page is always saved, nothing the phone sent is
    /// lost. The same upload sent again (a phone retrying after a dropped connection) finds the
    /// page the first one made, by the files' content hashes and the words: never a second page.
    func newPage(upload: ReceivedUpload?, voice: ReceivedUpload?, text: String) async throws(FolioError) -> Record {
        try service.beginRequest()
        defer {
            upload?.discard()
            voice?.discard()
        }
        var text = text.replacingOccurrences(of: "\r\n", with: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        let key = UploadKey(mediaHash: (upload?.sha256 ?? "") + "+" + (voice?.sha256 ?? ""), text: text)
        if let made = made(key), FileManager.default.fileExists(atPath: vault.url(made).path) {
            return try vault.findRecord(made, workingDirectory: nil)
        }
        var unheard: (recording: ReceivedUpload, reason: FolioError)?
        if let voice {
            do throws(FolioError) {
                let heard = try await transcribe(voice)
                text = [text, heard].filter { !$0.isEmpty }.joined(separator: "\n")
            } catch {
                unheard = (voice, error)
            }
        }
        if upload == nil, text.isEmpty, unheard == nil { throw FolioError(.media(.required)) }
        let record = try write { vault throws(FolioError) in
            let request = NewRecord(kind: "diary", title: NewRecord.diaryTitle(from: text), fields: text.isEmpty ? [] : [("text", text)])
            var sources = upload.map { [MediaSource(url: $0.file, displayName: $0.displayName)] } ?? []
            if let unheard { sources.append(MediaSource(url: unheard.recording.file, displayName: unheard.recording.displayName)) }
            return try vault.create(request, importing: sources, dateFromMedia: upload != nil, records: nil)
        }
        if let unheard { vault.rememberAIFailure(unheard.reason.message.text(language), step: "transcribe", for: record) }
        remember(key, path: record.path)
        return record
    }

    /// The words of a voice note; the companion diary's "聽不清楚，請再試一次" when no provider could hear them.
    private func transcribe(_ voice: ReceivedUpload) async throws(FolioError) -> String {
        try await companion.transcribe(voice.file, displayName: voice.displayName)
    }

    /// Runs one change; a change written but not committed is an error, never a quiet success.
    private func write(_ change: (Vault) throws(FolioError) -> Record) throws(FolioError) -> Record {
        try service.beginRequest()
        try vault.requireProfile()
        defer { freshness.markChanged() }
        return try service.committing(change)
    }

    // MARK: - Uploads already made

    private struct UploadKey {
        var mediaHash: String
        var text: String
        var name: String { LiveSite.version(of: mediaHash + "\n" + text) }
    }

    private var madeFolder: URL { uploadFolder.appendingPathComponent("made") }

    private func made(_ key: UploadKey) -> String? {
        // blocking: at most 4 KiB, on the journal's own thread.
        LocalFile.read(madeFolder.appendingPathComponent(key.name), maxBytes: 4096)
            .map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Remembers which page an upload made (in `.folio/local`, never synced). Failing to remember
    /// only means a retry makes a second page, so the failure is not the user's error.
    private func remember(_ key: UploadKey, path: String) {
        do {
            try FileManager.default.createDirectory(at: madeFolder, withIntermediateDirectories: true)
            try Data(path.utf8).write(to: madeFolder.appendingPathComponent(key.name), options: .atomic)
        } catch {
            warn(FolioError(.writeFailed(.other("\(error)")), file: madeFolder.path))
        }
    }
}

/// How current the served pages are. A write through the app marks them changed: the next page
/// waits for them to be brought up to date, so the writer sees what was written. Otherwise a page
/// is sent as it is when they were brought up to date within the last half second, or while that
/// is being done for another request: fifty readers do not queue behind one look at the vault.
final class Freshness: Sendable {
    static let window: Duration = .milliseconds(500)

    private struct State {
        /// Whether a refresh succeeded once: until then there are no pages to send.
        var hasPages = false
        /// The refresh in progress: pages written of how many.
        var done = 0
        var total = 0
        var last: ContinuousClock.Instant?
        /// Counts the writes; a refresh that began before the last one does not make the pages current.
        var changes = 1
        var currentAt = 0
        var refreshing = false
    }

    private let state = Mutex(State())

    /// Whether a page may be sent now (true), or its request brings the pages up to date first
    /// (false). When the window has only passed (no write waits to be seen), the first request
    /// to find it so claims the refresh at once, before it reaches the journal: the requests that
    /// come while it runs are sent the pages as they are instead of queueing behind it (at 8,000
    /// requests a second they were the 1 % that waited a whole look at the vault).
    func claimOrServe(now: ContinuousClock.Instant) -> Bool {
        state.withLock { state in
            guard state.currentAt == state.changes, state.hasPages else { return false }
            if state.refreshing || state.last.map({ now - $0 < Self.window }) == true { return true }
            state.refreshing = true
            return false
        }
    }

    /// Gives up a refresh claimed by ``claimOrServe(now:)`` that was never begun.
    func release() { state.withLock { $0.refreshing = false } }

    func markChanged() { state.withLock { $0.changes += 1 } }

    /// Whether the pages were written once: before that a page request is answered "preparing".
    var hasPages: Bool { state.withLock { $0.hasPages } }

    /// How far the refresh in progress is: records' pages written, of how many.
    var progress: (done: Int, total: Int) { state.withLock { ($0.done, $0.total) } }

    func report(done: Int, total: Int) {
        state.withLock { state in (state.done, state.total) = (done, total) }
    }

    /// Starts a refresh unless the pages are current; the writes it will account for.
    func begin(now: ContinuousClock.Instant) -> Int? {
        state.withLock { state in
            if state.currentAt == state.changes, let last = state.last, now - last < Self.window { return nil }
            state.refreshing = true
            return state.changes
        }
    }

    func finish(_ changes: Int, now: ContinuousClock.Instant, succeeded: Bool) {
        state.withLock { state in
            state.refreshing = false
            guard succeeded else { return }
            state.hasPages = true
            state.last = now
            state.currentAt = max(state.currentAt, changes)
        }
    }
}
