import FolioCore
import Foundation
import SystemIO
import YAML

#if canImport(Glibc)
    import Glibc
#endif

/// A vault on disk: its settings, its kinds, and the use cases that read and change its records.
///
/// Reading never needs the lock; every change takes the writers' lock, writes atomically,
/// and refuses to touch a file it could not parse.
public final class Vault {
    public let root: URL
    public let clock: Clock
    public private(set) var settings: Settings
    /// The settings file as it was read: its stamp, its text, and when, so ``followSettings()``
    /// reads it again only when it changed.
    private var settingsRead: SettingsRead
    /// Kinds by name: the built-in ones, overridden or extended by `.folio/templates/`.
    public let kinds: [String: Kind]
    /// Templates in `.folio/templates/` that could not be read, by the kind they are for: writing a
    /// record of such a kind is refused (reading goes on with the built-in kind, if there is one).
    public let brokenTemplates: [String: FolioError]
    /// Problems that do not stop the vault from working (a damaged config, a bad template).
    public internal(set) var warnings: [FolioError] = []
    /// Where changes are reported for the history (git), if anywhere.
    public var recorder: (any ChangeRecorder)?
    /// Changes written to disk whose commit failed; the command reports them as warnings.
    public internal(set) var recordingProblems: [FolioError] = []
    /// Paths changed inside ``inOneCommit(_:_:)``, committed together at its end.
    var pendingBatch: [String]?
    /// The messages of the changes in the batch in progress, in order.
    var pendingMessages: [String] = []
    /// Media files this process stored or hashed, with the stat they had then: their bytes are
    /// known to match their names, so a commit does not hash them again (see ``isDamagedMedia(_:)``).
    var verifiedMedia: [String: FileStamp] = [:]
    /// The writers' lock while ``withLock(_:)`` holds it.
    private var heldLock: VaultLock?
    /// The record ``findRecord(_:workingDirectory:)`` last found by its folders' stamps, with that
    /// catalog: ``children(of:in:)`` lists the record's children from it, then lets it go.
    var lastFound: (path: String, catalog: Catalog)?
    /// Told when the writers' lock is taken and released (the history checks git's locks).
    public var lockGuard: (any WritersLockGuard)?
    /// While set, writes are rehearsed: kept there, never written or committed (a dry run).
    public var rehearsal: Rehearsal?
    /// `--allow-secret`: write and commit text that looks like a key or a token.
    public var allowSecrets = false
    /// Whether the catalog asks `folio watch` which files changed (`FOLIO_WATCH=off` says no: every
    /// file is then stamped, as without a watcher).
    public var asksWatcher = true
    /// An explicit `--lang`, which wins over the vault's setting.
    public var languageOverride: Language?

    public var language: Language { languageOverride ?? settings.language }

    public var folioDirectory: URL { root.appendingPathComponent(VaultLocation.folioDirectory) }
    /// The front matter limits of this vault's settings (``FrontMatterLimits/standard`` where unset).
    /// Never above this device's ceilings: a synced `front_matter.max_nodes` of ten million
    /// cannot let an alias bomb in (``DeviceLimits``).
    public var frontMatterLimits: FrontMatterLimits {
        let standard = FrontMatterLimits.standard
        let device = deviceLimits
        return FrontMatterLimits(
            maxBytes: device.bounded("front_matter.max_bytes", in: settings) ?? standard.maxBytes,
            maxDepth: device.bounded("front_matter.max_depth", in: settings) ?? standard.maxDepth,
            maxNodes: device.bounded("front_matter.max_nodes", in: settings) ?? standard.maxNodes)
    }

    /// How much of one record's body is indexed for search and cut into snippets
    /// (`search.max_record_bytes`, 1 MiB): a pasted log of 50 MB is listed, shown and searched in its
    /// first part, and never slows every read command down.
    public var searchedBytesLimit: Int { limit("search.max_record_bytes") ?? 1_048_576 }

    public var localDirectory: URL { folioDirectory.appendingPathComponent("local") }
    public var configURL: URL { folioDirectory.appendingPathComponent("config.yaml") }
    public var templatesDirectory: URL { folioDirectory.appendingPathComponent("templates") }

    /// Opens the vault at `root`; damaged settings or templates become ``warnings``, not errors.
    public init(root: URL, clock: Clock) {
        let standard = root.standardizedFileURL.path
        self.root = URL(
            fileURLWithPath: realpath(standard, nil).map { pointer in
                defer { free(pointer) }
                return String(cString: pointer)
            } ?? standard)
        self.clock = clock
        var warnings: [FolioError] = []
        let realRoot = self.root.path
        // A settings file or template that is a link leading outside the vault is never read (check names it).
        func readInside(_ url: URL) -> ControlFileContent {
            Self.isLinkLeadingOutside(url.path, root: realRoot) ? .absent : Self.readControlFile(url)
        }
        // This device's ceilings: damaged, they are the defaults until fixed, said on every command.
        let local = self.root.appendingPathComponent(VaultLocation.folioDirectory).appendingPathComponent("local")
        if let problem = DeviceLimits(localDirectory: local).problem { warnings.append(problem) }
        let loaded = Self.loadSettings(root: self.root)
        settings = loaded.settings
        settingsRead = loaded.read
        warnings += loaded.warnings
        var kinds: [String: Kind] = [:]
        var brokenTemplates: [String: FolioError] = [:]
        for (name, text) in BuiltinTemplates.kinds {
            // try?: the built-in templates are tested to parse (TemplateTests); a user's are read with try below.
            if let kind = try? Kind(template: text, source: "Templates/\(name).md", fallbackName: name) { kinds[kind.name] = kind }
        }
        let templates = root.appendingPathComponent(".folio/templates")
        var names: [String] = []
        do {
            names = try Self.folderNames(at: templates.path, shown: ".folio/templates")
        } catch {
            // The vault's own kinds are unknown: said on every command, as a damaged setting is.
            warnings.append(error)
        }
        // By the name's bytes, as the catalog's walk reads record names.
        for var file in names.sorted() where file.withUTF8(Self.isVisibleMarkdownName(bytes:)) {
            let name = String(decoding: file.utf8.dropLast(3), as: UTF8.self)
            let source = ".folio/templates/\(file)"
            let text: String
            switch readInside(templates.appendingPathComponent(file)) {
            case .absent: continue
            case .text(let read): text = read
            case .notUTF8:
                warnings.append(FolioError(.notUTF8, file: source))
                brokenTemplates[name] = FolioError(.notUTF8, file: source)
                continue
            case .tooLarge(let bytes):
                let error = FolioError(.templateInvalid(.tooLarge(bytes: bytes, limit: Self.controlFileLimit)), file: source)
                warnings.append(error)
                brokenTemplates[name] = error
                continue
            }
            do {
                let kind = try Kind(template: text, source: source, fallbackName: name)
                kinds[kind.name] = kind
            } catch {
                warnings.append(error)
                brokenTemplates[Kind.declaredName(template: text, fallbackName: name)] = error
            }
        }
        self.kinds = kinds
        self.brokenTemplates = brokenTemplates
        self.warnings = warnings
        if !FileManager.default.fileExists(atPath: root.appendingPathComponent(".git").path) {
            self.warnings.append(FolioError(.gitDataMissing))
        }
    }

    /// The kind named `name`, to write a record of: a vault template for it that could not be read
    /// stops the write (a built-in kind must not stand in silently for the user's own).
    /// - Throws: ``FolioError`` `.templateBlocksWriting` at the template's line, or `.unknownKind`.
    public func kindForWriting(_ name: String) throws(FolioError) -> Kind {
        let name = brokenTemplates[name] != nil ? name : (kindNamed(name)?.name ?? name)
        if let broken = brokenTemplates[name] {
            var error = broken
            error.message = .templateBlocksWriting(kind: name, problem: broken.message)
            throw error
        }
        return try kind(name)
    }

    /// The kind a user names: by its name in any case (`Idea`), or by its label in either
    /// language (`日記`, `睡眠`), as `list`, `show` and the site call it.
    /// - Throws: ``FolioError`` `.unknownKind` listing the kinds the vault has.
    public func kind(_ name: String) throws(FolioError) -> Kind {
        guard let kind = kindNamed(name) else { throw FolioError(.unknownKind(name, kinds.keys.sorted())) }
        return kind
    }

    /// The kind `typed` names: the kind of that name; else the one kind whose name is it in
    /// another case; else the one kind whose label it is. Nil when none is, or several are.
    public func kindNamed(_ typed: String) -> Kind? {
        if let kind = kinds[typed] { return kind }
        let wanted = typed.trimmingCharacters(in: .whitespaces)
        let byName = kinds.values.filter { $0.name.caseInsensitiveCompare(wanted) == .orderedSame }
        if byName.count == 1 { return byName[0] }
        let byLabel = kinds.values.filter { $0.label?.matches(wanted) == true }
        return byLabel.count == 1 ? byLabel[0] : nil
    }

    /// Takes the writers' lock for the duration of `body`; nested calls share the one lock, so a
    /// use case made of several writes (import media, then write the record) holds it throughout.
    public func withLock<T>(_ body: () throws(FolioError) -> T) throws(FolioError) -> T {
        if heldLock != nil { return try body() }
        let lock = try VaultLock(directory: localDirectory)
        heldLock = lock
        defer {
            lockGuard?.writersLockReleasing(self)
            heldLock = nil
            lock.release()
        }
        try lockGuard?.writersLockTaken(self)
        return try body()
    }

    // MARK: - Paths

    public func url(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

    /// The vault-relative form of a path a user typed, refusing anything that leaves the vault.
    /// - Throws: ``FolioError`` `.pathOutsideVault`.
    public func relativePath(of typed: String, from workingDirectory: URL) throws(FolioError) -> String {
        let absolute = absoluteURL(typed, from: workingDirectory).path
        // realpath follows every link, so a link inside the vault that leads out is caught too.
        let resolved =
            realpath(absolute, nil).map { pointer in
                defer { free(pointer) }
                return String(cString: pointer)
            } ?? absolute
        let base = root.path.hasSuffix("/") ? root.path : root.path + "/"
        guard resolved.hasPrefix(base) else { throw FolioError(.pathOutsideVault(typed)) }
        return String(resolved.dropFirst(base.count))
    }

    /// A regular file's text (never a pipe waited on; a link is followed, its target checked by the
    /// caller); nil when it is missing, not a regular file, unreadable or not UTF-8.
    /// The most folio reads of a settings file or a template (1 MiB, ``Kind/maxTemplateBytes``):
    /// they are a few KiB, and they arrive from every device that syncs with this one.
    public static let controlFileLimit = Kind.maxTemplateBytes

    /// A settings file or template as read, never more than ``controlFileLimit`` of it.
    public enum ControlFileContent: Sendable, Equatable {
        case absent
        case text(String)
        case notUTF8
        /// Larger than the limit (its size in bytes); nothing of it was kept.
        case tooLarge(Int)
    }

    /// Reads a settings file or template: at most ``controlFileLimit`` bytes are read, so a huge
    /// file from another device costs no memory; a missing or non-regular file is absent.
    public static func readControlFile(_ url: URL) -> ControlFileContent {
        guard let bytes = readFile(url.path, atMost: controlFileLimit + 1, followingLinks: true) else { return .absent }
        guard bytes.count <= controlFileLimit else {
            var info = stat()
            let size = stat(url.path, &info) == 0 ? Int(clamping: info.st_size) : bytes.count
            return .tooLarge(size)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { return .notUTF8 }
        return .text(text)
    }

    /// The text of a settings file or template, when it can be read whole (``readControlFile(_:)``).
    public static func readControlText(_ url: URL) -> String? {
        if case .text(let text) = readControlFile(url) { return text }
        return nil
    }

    public static func readText(_ url: URL) -> String? {
        guard let bytes = readFile(url.path, followingLinks: true) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Changes the settings file through the round-trip codec: under the writers' lock the file is
    /// read again, `change` applied to what it holds now, and the result written only if the file
    /// is still the one read (an edit saved meanwhile is kept, and the change made again on it).
    public func changeSettings(message: String = "config: change settings", _ change: (inout Settings) throws(FolioError) -> Void)
        throws(FolioError)
    {
        let path = ".folio/config.yaml"
        let saved = try withLock { () throws(FolioError) -> Settings in
            try redoingOnChange { () throws(FolioError) -> Settings in
                var expected = FileReplacement.Expectation.absent
                var text: String?
                if let (bytes, version) = AtomicFile.read(configURL) {
                    expected = .version(version)
                    // A file folio cannot read is never replaced by one made from the defaults.
                    guard bytes.count <= Self.controlFileLimit else {
                        throw FolioError(.configDamaged(.fileTooLarge(bytes: bytes.count, limit: Self.controlFileLimit)), file: path)
                    }
                    guard let decoded = String(validating: bytes, as: UTF8.self) else {
                        throw FolioError(.configDamaged(.notUTF8), file: path)
                    }
                    text = decoded
                } else if errno != ENOENT {
                    throw FolioError(.fileUnreadable(String(cString: strerror(errno))), file: path)
                }
                var settings = Settings(text: text, file: path)
                try change(&settings)
                guard let written = settings.fileText else { throw settings.problem ?? FolioError(.configDamaged(nil)) }
                try writeFile(written, at: path, expecting: expected)
                recordChange([path], message)
                return settings
            }
        }
        self.settings = saved
        warnings.removeAll {
            switch $0.message {
            case .configDamaged, .settingFallsBack: true
            default: false
            }
        }
        warnings += saved.invalidValues
    }
}

/// The settings file as a vault last read it.
struct SettingsRead {
    var stamp: FileStamp?
    var text: String?
    var at: Int64
}

extension Vault {
    /// `.folio/config.yaml` read as a vault opening reads it (never through a link leading out of
    /// the vault): the settings, what was read, and the warnings they give (a damaged file, a
    /// value a setting does not take: that setting alone is its default, said on every command).
    static func loadSettings(root: URL) -> (settings: Settings, read: SettingsRead, warnings: [FolioError]) {
        let configPath = ".folio/config.yaml"
        let url = root.appendingPathComponent(configPath)
        let stamp = FileStamp.of(url.path)
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let at = FileStamp.nanoseconds(now)
        var warnings: [FolioError] = []
        var configText: String?
        switch isLinkLeadingOutside(url.path, root: root.path) ? .absent : readControlFile(url) {
        case .absent: break
        case .text(let text): configText = text
        case .notUTF8: warnings.append(FolioError(.configDamaged(.notUTF8), file: configPath))
        case .tooLarge(let bytes):
            warnings.append(FolioError(.configDamaged(.fileTooLarge(bytes: bytes, limit: controlFileLimit)), file: configPath))
        }
        let settings = Settings(text: configText, file: configPath)
        if let problem = settings.problem {
            warnings.append(
                FolioError(.configDamaged(problem.message), file: problem.file, line: problem.line, column: problem.column))
        }
        warnings += settings.invalidValues
        return (settings, SettingsRead(stamp: stamp, text: configText, at: at), warnings)
    }

    /// Reads the settings again when their file changed since they were read (`folio config set`
    /// in a terminal, another device's settings arriving by sync): a server that runs for weeks
    /// (`folio serve`, `folio mcp`) follows them without a restart. A file that changed within the
    /// clock's resolution of the last read is read again and compared, never trusted by its stamp.
    /// - Returns: whether the settings changed.
    @discardableResult
    public func followSettings() -> Bool {
        let stamp = FileStamp.of(configURL.path)
        // A file's times move in the kernel's ticks (milliseconds), not nanoseconds.
        let settled = stamp.map { !$0.isRacy(snapshotNanoseconds: settingsRead.at, window: 50_000_000) } ?? true
        if stamp == settingsRead.stamp, settled { return false }
        let loaded = Self.loadSettings(root: root)
        let changed = loaded.read.text != settingsRead.text
        settingsRead = loaded.read
        guard changed else { return false }
        settings = loaded.settings
        warnings.removeAll {
            switch $0.message {
            case .configDamaged, .settingFallsBack: true
            default: false
            }
        }
        warnings += loaded.warnings
        return true
    }
}
