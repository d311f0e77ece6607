import FolioCore
import FolioSecrets
import FolioStore
import Foundation
import Git

#if canImport(Glibc)
    import Glibc
#endif

/// The vault's history in git, driven through libgit2 (no `git` executable at run time).
///
/// Every change folio makes is committed at once through ``record(_:in:)``; changes made in an
/// editor are committed by ``commitHandChanges(in:message:)``. Commits carry a `Folio-Device:`
/// trailer naming the device, which `log` shows and `undo` uses to find folio's own commits.
public final class History: ChangeRecorder {
    public let repository: Repository
    public let root: URL
    /// This device's name: `FOLIO_DEVICE`, else `.folio/local/device`, else the host name.
    public let device: String
    /// Things worth telling the user that are not errors (a stale lock removed, a sync finished).
    public internal(set) var notices: [Message] = []
    private let clock: Clock

    /// Where notices found while a command runs (a stale lock removed) are told at once; without
    /// it they wait in ``notices``.
    public var tell: ((Message) -> Void)?

    /// The notices gathered so far, each handed out once.
    public func takeNotices() -> [Message] {
        defer { notices.removeAll() }
        return notices
    }
    private var authorName: String?
    /// Who makes the changes when it is not the owner: an assistant through `folio mcp`
    /// (`Claude via mcp`). It authors the commits and is named in a `Folio-Agent:` trailer; the
    /// device trailer stays, so `undo` reverts them as any change folio made on this device.
    public var agent: String? {
        didSet { agent = agent.map { String(Self.cleanSignaturePart($0).prefix(80)) }.flatMap { $0.isEmpty ? nil : $0 } }
    }

    static let deviceTrailer = "Folio-Device"
    static let agentTrailer = "Folio-Agent"
    static let undoTrailer = "Folio-Undo"

    /// Makes `directory` a git repository on branch `main`, or adopts the one already there.
    /// - Throws: ``FolioError`` `.writeFailed` with libgit2's reason.
    public static func initialise(at directory: URL) throws(FolioError) {
        if FileManager.default.fileExists(atPath: directory.appendingPathComponent(".git").path) { return }
        do {
            _ = try Repository.create(at: directory, initialBranch: "main")
        } catch {
            throw FolioError.git(error, during: .initialise)
        }
    }

    /// Starts libgit2 on a thread of its own, for a command about to open the history: its
    /// start (mostly reading the system's certificates) then overlaps finding the vault.
    public static func warmUp() { GitLibrary.warmUp() }

    /// Opens the history of `vault`, or nil when the vault has no `.git` (the vault warns about that itself).
    ///
    /// From then on every write to the vault first clears the git locks a crashed folio left,
    /// waits for git's own, and finishes a sync that a crash interrupted (``writersLockTaken(_:)``).
    /// An encrypted vault on a device without its key is refused (`.crypt(.locked)`) unless
    /// `whenLocked` is `.open`: its files on disk are ciphertext.
    public static func open(
        _ vault: Vault, environment: [String: String], whenLocked: LockedVault = .refuse
    ) throws(FolioError) -> History? {
        guard FileManager.default.fileExists(atPath: vault.root.appendingPathComponent(".git").path) else { return nil }
        try registerFilter()
        let repository: Repository
        do {
            repository = try Repository.open(at: vault.root)
        } catch {
            throw FolioError.git(error, during: .status, file: ".git")
        }
        let history = History(
            repository: repository, root: vault.root, device: deviceName(vault: vault, environment: environment),
            clock: vault.clock)
        if whenLocked == .refuse, try history.encryption(of: vault) == .locked { throw FolioError(.crypt(.locked)) }
        // Git's locks are looked at, and a crashed sync finished, only when a command is about to write.
        vault.lockGuard = history
        if vault.asksWatcher { repository.workdirWatch = WatchedWorkdir(localDirectory: vault.localDirectory) }
        repository.setListingsRacyWindow(nanoseconds: vault.clock.racyWindowNanoseconds)
        return history
    }

    /// What ``open(_:environment:whenLocked:)`` does with an encrypted vault this device has no key for.
    public enum LockedVault: Sendable {
        /// Refuse it: the command needs the plain files.
        case refuse
        /// Open it: the command works without them (`crypt unlock`, `crypt status`).
        case open
    }

    init(repository: Repository, root: URL, device: String, clock: Clock) {
        self.repository = repository
        self.root = root
        self.device = device
        self.clock = clock
    }

    /// The device name, remembered in `.folio/local/device` (which never syncs) on first use.
    static func deviceName(vault: Vault, environment: [String: String]) -> String {
        if let fixed = environment["FOLIO_DEVICE"].map(cleanDeviceName), !fixed.isEmpty {
            return fixed
        }
        let file = vault.localDirectory.appendingPathComponent("device")
        if let text = LocalFile.text(file, maxBytes: 4_096), let line = text.split(separator: "\n").first {
            let name = cleanDeviceName(String(line))
            if !name.isEmpty { return name }
        }
        let name = cleanDeviceName(ProcessInfo.processInfo.hostName.split(separator: ".").first.map(String.init) ?? "device")
        // try?: the device name is remembered when it can be; it is made again from the host name next time.
        try? AtomicFile.makeDirectory(vault.localDirectory)
        // try?: the device name is remembered when it can be; it is made again from the host name next time.
        try? AtomicFile.write(name + "\n", to: file)
        return name.isEmpty ? "device" : name
    }

    /// A device name as commit trailers, authors' e-mails and conflict copies carry it: one line,
    /// no control characters, a key or token in it masked (a configured one, or anything that
    /// looks like one: a name is published with every commit), at most 64 characters, trimmed.
    static func cleanDeviceName(_ text: String) -> String {
        let kept = text.unicodeScalars.filter { !$0.isControl }
        let masked = ConfiguredSecrets.redact(String(String.UnicodeScalarView(kept)))
        return String(masked.prefix(64)).trimmingCharacters(in: .whitespaces)
    }

    // MARK: - Committing

    public func record(_ change: VaultChange, in vault: Vault) throws(FolioError) {
        _ = try commit(
            paths: change.paths, summary: change.message, vault: vault, extraTrailers: agent.map { [(Self.agentTrailer, $0)] } ?? [])
    }

    public func committedText(of path: String) -> String? {
        // try?: nothing readable as committed: the secret guard then refuses rather than passes.
        guard let head = try? repository.head(), let data = try? repository.blob(at: path, in: head) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Commits exactly `paths` (as they are on disk) with `summary`, authored by the owner on this device.
    ///
    /// A path that must not be published (a symbolic link leading outside the vault, a file holding
    /// a key or a token the last commit does not hold, unless the vault allows secrets) is left
    /// out; the rest is committed and then the command fails, naming what was left.
    /// - Throws: ``FolioError`` `.commitFailed` when git fails, or the first left-out path's reason.
    /// In an encrypted vault the summary loses the record's title (``withoutTitles(_:)``): commit
    /// messages are not encrypted.
    @discardableResult
    public func commit(paths: [String], summary: String, vault: Vault, extraTrailers: [(String, String)] = []) throws(FolioError) -> OID? {
        try commit(paths: paths, vault: vault, extraTrailers: extraTrailers) { _ in summary }
    }

    /// The same, with the summary made from the paths the commit holds once those that must not be
    /// published are left out, so a summary that counts its files says what the commit holds.
    @discardableResult
    public func commit(
        paths: [String], vault: Vault, extraTrailers: [(String, String)] = [], summary describe: ([String]) -> String
    ) throws(FolioError) -> OID? {
        var paths = paths
        var leftOut: [FolioError] = []
        paths.removeAll { path in
            guard let problem = Self.publishingProblem(with: path, in: vault, committed: committedText(of:)) else { return false }
            leftOut.append(problem)
            return true
        }
        let summary = try isEncrypted(settings: vault.settings) ? Self.withoutTitles(describe(paths)) : describe(paths)
        let oid = try commitVetted(paths: paths, summary: summary, vault: vault, extraTrailers: extraTrailers)
        if let first = leftOut.first { throw first }
        return oid
    }

    private func commitVetted(
        paths: [String], summary: String, body: String = "", vault: Vault,
        extraTrailers: [(String, String)]
    ) throws(FolioError) -> OID? {
        guard !paths.isEmpty else { return nil }
        let signature = signature(vault: vault)
        let message = Self.message(summary: summary, body: body, device: device, trailers: extraTrailers)
        // git's CLI ignores folio's writers' lock and may take index.lock or a ref lock between
        // folio's check and this commit: wait for it as for any lock of git's. It may also move
        // the branch (a `git commit` by hand) between reading the tip and writing on it; then the
        // commit is made again on the new tip, which holds the hand commit.
        let deadline = Date().addingTimeInterval(TimeInterval(Self.lockWait(vault)))
        while true {
            do {
                return try repository.commitOnly(paths: paths, message: message, author: signature, committer: signature)
            } catch {
                let code = (error as? GitError)?.code
                if code == .locked || code == .modified, Date() < deadline {
                    usleep(50_000)
                    continue
                }
                throw FolioError.file(from: error) ?? FolioError(.commitFailed(SystemTrouble.reason(of: error)))
            }
        }
    }

    /// A commit message: the summary line, the body, then the trailers. Every line is made safe
    /// first: no NUL or control character (a title may hold one), nothing that looks like a key.
    static func message(summary: String, body: String = "", device: String, trailers: [(String, String)] = []) -> String {
        var text = UserInput.oneLine(summary) + "\n\n"
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false).map { UserInput.oneLine(String($0)) }
        if !body.isEmpty { text += lines.joined(separator: "\n") + "\n\n" }
        text += "\(deviceTrailer): \(UserInput.oneLine(device))\n"
        for (key, value) in trailers { text += "\(key): \(UserInput.oneLine(value))\n" }
        // The keys and tokens configured on this device too, which no pattern may recognise.
        return ConfiguredSecrets.redact(text)
    }

    /// The owner (from `profile.md`) as author, on this device; the device name when there is no owner yet.
    func signature(vault: Vault) -> Signature {
        if authorName == nil {
            if case .record(let profile) = vault.inspect("profile.md"), profile.kind == "profile" {
                authorName = profile.document.string("name") ?? profile.title
            }
        }
        let name = Self.cleanSignaturePart(agent ?? authorName ?? device)
        let email = "folio@" + String(Slug.make(device).prefix(40)).ifEmpty("device")
        let date = clock.now()
        return Signature(name: name.ifEmpty("folio"), email: email, time: date, offsetMinutes: clock.zone.secondsFromGMT(for: date) / 60)
    }

    private static func cleanSignaturePart(_ text: String) -> String {
        ConfiguredSecrets.redact(
            String(text.unicodeScalars.filter { !"<>\n\r\0".unicodeScalars.contains($0) && !$0.isControl }.map(Character.init))
        ).trimmingCharacters(in: .whitespaces)
    }

    // MARK: - Changes made by hand

    /// What differs between the last commit and the files on disk (new, edited and deleted files).
    public func handChanges(during operation: GitOperation) throws(FolioError) -> [String] {
        try handChangeEntries(during: operation).map(\.path).sorted()
    }

    /// The same with how each path changed (a deleted file is gone from the working directory).
    func handChangeEntries(during operation: GitOperation) throws(FolioError) -> [StatusEntry] {
        do {
            return try repository.status()
        } catch {
            throw FolioError.file(from: error) ?? FolioError.git(error, during: operation)
        }
    }

    /// The outcome of committing hand edits.
    public struct HandCommit: Sendable {
        public var committed: [String]
        /// Files left out because they do not parse, each with file, line and column.
        public var leftOut: [FolioError]
        public var commit: OID?
    }

    /// Commits every file changed by hand, after checking that each changed record still parses:
    /// a file that does not is left out (and reported), the rest goes in.
    public func commitHandChanges(in vault: Vault, message: String? = nil, during operation: GitOperation = .commit) throws(FolioError)
        -> HandCommit
    {
        try vault.withLock { () throws(FolioError) -> HandCommit in
            // A temporary file a killed folio left is not a hand edit (`folio check` reports it).
            let changed = try handChanges(during: operation).filter { !AtomicFile.isTemporaryPath($0) }
            var good: [String] = []
            // What git ignores is never among the changes: named, so it is not left out silently.
            var leftOut = try ignoredFiles(in: vault).map { FolioError(.file(.ignoredByGit), file: $0) }
            // A name another device would take for one beside it stays out until renamed.
            let colliding = Dictionary(
                try nameCollisions(involving: changed, in: vault).map { (Array($0.path.utf8), $0.error) }, uniquingKeysWith: { a, _ in a })
            for path in changed {
                if let problem = colliding[Array(path.utf8)] ?? Self.publishingProblem(with: path, in: vault, committed: committedText(of:))
                    ?? Self.problem(with: path, in: vault)
                {
                    leftOut.append(problem)
                } else {
                    good.append(path)
                }
            }
            guard !good.isEmpty else { return HandCommit(committed: [], leftOut: leftOut, commit: nil) }
            // A message the user wrote keeps its paragraphs: its first line is the subject.
            let lines = message.map {
                $0.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            }
            let summary = lines?.first.map(String.init).flatMap { $0.isEmpty ? nil : $0 } ?? Self.handSummary(good)
            let body = lines.flatMap { $0.count > 1 ? $0[1].trimmingCharacters(in: .whitespacesAndNewlines) : nil } ?? ""
            let oid = try commitVetted(paths: good, summary: summary, body: body, vault: vault, extraTrailers: [])
            return HandCommit(committed: good, leftOut: leftOut, commit: oid)
        }
    }

    /// Why `path` must not be published as it is on disk, or nil when it may: a symbolic link that
    /// leads outside the vault, a media file whose bytes no longer hash to its name (committed, it
    /// would replace the good copy on every device), or (unless the vault allows secrets) a text
    /// file holding what looks like a key or a token that its committed version (`committed`) does
    /// not already hold.
    static func publishingProblem(with path: String, in vault: Vault, committed: (String) -> String?) -> FolioError? {
        let absolute = vault.url(path).path
        var info = stat()
        guard lstat(absolute, &info) == 0 else { return nil }
        if info.st_mode & S_IFMT == S_IFLNK {
            guard !vault.isInside(absolute) else { return nil }
            // try?: only words for the message about the link.
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: absolute)) ?? "?"
            return FolioError(.guarded(.linkLeftOut(target: target)), file: path)
        }
        if vault.isDamagedMedia(path) { return FolioError(.file(.mediaNotItsName), file: path) }
        guard !vault.isInside(absolute) else { return secretProblem(with: path, in: vault, committed: committed) }
        // A file reached through a folder that leads outside the vault.
        return FolioError(.guarded(.folderLeadsOutside((path as NSString).deletingLastPathComponent)), file: path)
    }

    /// The changed files among `paths` that a commit would leave out (a key or token, a link leading
    /// outside the vault), each with the reason, for `status`.
    public func heldBack(_ paths: [String], in vault: Vault) -> [String: FolioError] {
        var held: [String: FolioError] = [:]
        for path in paths {
            if let problem = Self.publishingProblem(with: path, in: vault, committed: committedText(of:)) { held[path] = problem }
        }
        return held
    }

    /// The first key or token in the text file `path` that its committed version does not hold.
    static func secretProblem(with path: String, in vault: Vault, committed: (String) -> String?) -> FolioError? {
        guard !vault.allowSecrets, !path.hasPrefix("media/"), case .text(let bytes) = Vault.secretScanInput(vault.url(path).path)
        else { return nil }
        let findings = SecretScanner.scan(bytes)
        guard !findings.isEmpty else { return nil }
        let published = committed(path)
        guard let finding = findings.first(where: { !(published?.contains($0.secret) ?? false) }) else { return nil }
        return FolioError(
            .guarded(.secretLeftOut(kind: finding.kind, masked: finding.masked)), file: path, line: finding.line, column: finding.column)
    }

    /// Why `path` must not be committed as it is, or nil when it may.
    static func problem(with path: String, in vault: Vault) -> FolioError? {
        var info = stat()
        if lstat(vault.url(path).path, &info) == 0, let name = PortablePath.problem(path) {
            return FolioError(.nameNotPortable(name), file: path)
        }
        if path.hasSuffix(".md") && !path.hasPrefix(".folio/templates/") {
            switch vault.inspect(path) {
            // Conflict markers that broke the front matter are named as such by the scan.
            case .problem(let error): return error
            // Markers in a body that reads: held back too, with the command that merges them.
            case .record(let record): return vault.conflictMarkers(in: record)?.error
            default: return nil
            }
        }
        if path == ".folio/config.yaml" {
            switch Vault.readControlFile(vault.url(path)) {
            case .absent: return nil
            case .notUTF8: return FolioError(.configDamaged(.notUTF8), file: path)
            case .tooLarge(let bytes):
                return FolioError(.configDamaged(.fileTooLarge(bytes: bytes, limit: Vault.controlFileLimit)), file: path)
            case .text(let text): return Settings(text: text, file: path).problem
            }
        }
        if path.hasPrefix(".folio/templates/") && path.hasSuffix(".md") {
            let text: String
            switch Vault.readControlFile(vault.url(path)) {
            case .absent: return nil
            case .notUTF8: return FolioError(.notUTF8, file: path)
            case .tooLarge(let bytes):
                return FolioError(.templateInvalid(.tooLarge(bytes: bytes, limit: Vault.controlFileLimit)), file: path)
            case .text(let read): text = read
            }
            do {
                _ = try Kind(template: text, source: path, fallbackName: (path as NSString).lastPathComponent)
            } catch {
                return error
            }
        }
        return nil
    }

    static func handSummary(_ paths: [String]) -> String {
        let records = paths.filter { $0.hasSuffix(".md") }
        if paths.count == 1 { return "edit: \(paths[0]) by hand" }
        return "edit: \(paths.count) files by hand" + (records.count == paths.count ? "" : " (\(records.count) records)")
    }
}

extension String {
    func ifEmpty(_ fallback: String) -> String { isEmpty ? fallback : self }
}

extension FolioError {
    /// The error a git step's failure is for the user when it is about a file rather than git: a
    /// file git would have to open that is not a regular file (a named pipe where `.gitignore` is).
    static func file(from error: any Error) -> FolioError? {
        guard let bad = error as? NotRegularFile else { return nil }
        return FolioError(.file(.gitFileNotRegular), file: bad.path)
    }
}

extension Error {
    /// libgit2's own words for a failure, without our wrapper's decoration.
    var gitReason: String {
        if let git = self as? GitError { return git.message }
        return String(describing: self)
    }
}

extension History {
    /// Every file the next commit would hold: those of the last commit still on disk, and the new
    /// or changed files git does not ignore. Folio's own temporary files are not among them.
    public func publishablePaths() throws(FolioError) -> [String] {
        do {
            var paths = Set(try repository.head().map { try repository.files(in: $0).keys.map { $0 } } ?? [])
            for entry in try repository.status() {
                if entry.kind == .deleted { paths.remove(entry.path) } else { paths.insert(entry.path) }
                if let old = entry.oldPath { paths.remove(old) }
            }
            return paths.filter { !AtomicFile.isTemporaryPath($0) }.sorted()
        } catch {
            throw FolioError.file(from: error) ?? FolioError.git(error, during: .check)
        }
    }
}
