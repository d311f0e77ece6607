import FolioCore
import FolioCrypt
import FolioSecrets
import FolioStore
import Foundation
import Git

extension History {
    /// The branch HEAD is on, "main" while detached; a HEAD that cannot be read is an error, never "main".
    var branch: String {
        get throws { try repository.currentBranchName ?? "main" }
    }

    /// The remote URL: git's `origin` on this device, else the vault's `sync.remote` (which then
    /// becomes `origin`, and the current branch's upstream) once confirmed on this device: the
    /// setting syncs, so another device could name any remote (``unconfirmedRemote(settings:)``).
    public func remoteURL(settings: Settings, during operation: GitOperation) throws(FolioError) -> String? {
        do {
            if let url = try repository.remoteURL() { return url }
            guard let configured = adoptableRemote(settings), isConfirmedHere(configured) else { return nil }
            try repository.setRemote(url: configured)
            try trackOrigin()
            return configured
        } catch {
            throw FolioError.git(error, during: operation)
        }
    }

    /// The vault's `sync.remote` when this device has no `origin` and has not confirmed it: what
    /// sync names instead of sending the journal there.
    public func unconfirmedRemote(settings: Settings) -> String? {
        // try?: a configuration that cannot be read is said by the step that reads the remote.
        guard (try? repository.remoteURL()) == nil, let configured = adoptableRemote(settings), !isConfirmedHere(configured) else {
            return nil
        }
        return configured
    }

    /// `sync.remote` as it would become `origin`: a password in the synced setting is not copied
    /// into git's configuration.
    private func adoptableRemote(_ settings: Settings) -> String? {
        guard let configured = settings.string("sync.remote").map(URLPassword.removed), !configured.isEmpty else { return nil }
        return configured
    }

    private func isConfirmedHere(_ remote: String) -> Bool {
        EndpointTrust.isTrusted(remote, for: "sync.remote", localDirectory: trustDirectory)
    }

    /// The vault's `.folio/local`, where this device's confirmations are kept (``EndpointTrust``).
    var trustDirectory: URL { root.appendingPathComponent(".folio/local") }

    /// Points `origin` at `url` (used when `sync.remote` is set on this device) and makes it the
    /// current branch's upstream.
    public func setRemote(_ url: String, during operation: GitOperation) throws(FolioError) {
        do {
            try repository.setRemote(url: url)
            try trackOrigin()
        } catch {
            throw FolioError.git(error, during: operation)
        }
    }

    /// Makes `origin`'s branch of the same name the current branch's upstream
    /// (`branch.main.remote = origin`, `branch.main.merge = refs/heads/main`), as `git clone`
    /// does, so that plain `git pull`, `git push` and `git status -sb` work in the vault. An
    /// upstream the user already chose is left as it is.
    func trackOrigin() throws {
        let branch = try self.branch
        guard try repository.upstream(of: branch) == nil else { return }
        try repository.setUpstream(of: branch, to: Upstream(remote: "origin", merge: "refs/heads/\(branch)"))
    }
}

/// What `status` reports; nothing in it needs the network.
public struct VaultStatus: Sendable {
    public var changed: [String]
    public var ahead: Int
    public var behind: Int
    public var conflicts: [String]
    public var remote: SyncState
    /// Records (and templates, settings) git ignores: never committed, never synced.
    public var ignored: [String] = []
}

extension History {
    /// Files changed by hand, commits ahead of and behind the remote as of the last fetch,
    /// conflict copies present, and the last sync's result.
    public func status(settings: Settings, localDirectory: URL) throws(FolioError) -> VaultStatus {
        let entries = try handChangeEntries(during: .status)
        let changed = entries.map(\.path).sorted()
        var ahead = 0
        var behind = 0
        do {
            let local = try repository.head()
            let tracking = try repository.reference(named: "refs/remotes/origin/\(try upstreamBranch(of: try branch))")
            if let local, let tracking {
                (ahead, behind) = try repository.aheadBehind(local: local, upstream: tracking)
            } else if let local, try repository.remoteURL() != nil {
                ahead = try repository.log(from: local).count
            }
        } catch {
            throw FolioError.git(error, during: .status)
        }
        // Conflict copies are the tracked files so named (sync commits the copies it makes) and the
        // untracked ones the status above found: no second walk of the working directory. One that
        // git ignores is neither; `status` names the ignored records apart.
        let conflicts: [String]
        do {
            let gone = Set(entries.filter { $0.kind == .deleted }.map(\.path))
            let tracked = try repository.trackedPaths { Vault.isConflictCopy(name: $0) }
            conflicts = Set(tracked + changed.filter(Vault.isConflictCopy)).subtracting(gone).sorted()
        } catch {
            throw FolioError.file(from: error) ?? FolioError.git(error, during: .status)
        }
        // The remote in force now; the last sync's result only when it was with this remote.
        var state = SyncState.load(localDirectory)
        let remote = try remoteURL(settings: settings, during: .status)
        if let remote, let synced = state.url, synced != ConfiguredSecrets.redact(remote) {
            state = SyncState()
        }
        state.url = remote.map(ConfiguredSecrets.redact)
        return VaultStatus(changed: changed, ahead: ahead, behind: behind, conflicts: conflicts.sorted(), remote: state)
    }
}

/// The last result of `sync` on this device, for `status` (which never touches the network).
public struct SyncState: Codable, Sendable {
    public var url: String?
    public var lastSync: String?
    public var lastError: String?
    /// The remote this device's remote-tracking branches were last fetched from (masked as
    /// ``url`` is): another URL now is another remote, whose history is never taken for a forced push.
    public var fetchedURL: String?

    static func url(_ localDirectory: URL) -> URL { localDirectory.appendingPathComponent("sync-state.json") }

    public static func load(_ localDirectory: URL) -> SyncState {
        guard let data = LocalFile.read(url(localDirectory), maxBytes: 65_536),
            // try?: the last sync's state is a note for `status`; a damaged one is shown as no sync yet.
            let state = try? JSONDecoder().decode(SyncState.self, from: data)
        else { return SyncState() }
        return state
    }

    /// Writes the state to `.folio/local/`; a URL's password or a token a server echoed in the last
    /// error is masked first, so no credential lands in a file of the vault.
    func save(_ localDirectory: URL) {
        var state = self
        state.url = url.map(ConfiguredSecrets.redact)
        state.lastError = lastError.map(ConfiguredSecrets.redact)
        state.write(localDirectory)
    }

    private func write(_ localDirectory: URL) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        // try?: the note for `status` only; the sync itself is already done and committed.
        guard let data = try? encoder.encode(self), let text = String(data: data, encoding: .utf8) else { return }
        // try?: the note for `status` only; the sync itself is already done and committed.
        try? AtomicFile.write(text + "\n", to: Self.url(localDirectory))
    }
}

extension History {
    /// What a clone gave.
    public struct Cloned: Sendable {
        /// The vault is encrypted and no key was given: its files are ciphertext until `crypt unlock`.
        public var locked: Bool
        /// The media the `media.fetch` setting brought after the checkout (LFS vaults).
        public var mediaFetch: MediaFetchReport?
    }

    /// Makes `directory` a clone of the vault at `url`: repository, `origin`, and the files of the
    /// remote's default branch (the one its HEAD names, whatever it is called; the only one when it
    /// names none), which becomes this device's branch and its upstream.
    ///
    /// With `keyFile`, an encrypted vault's key: it is read before anything is made, checked
    /// against the remote's files before any file is written (a wrong key leaves no folder), and
    /// installed so the files come out plain.
    ///
    /// A clone that fails removes only what it made: the folder when it made it, else (the user's
    /// own empty folder, `.` too) what it put inside.
    /// - Parameter shownDirectory: the folder as the user named it, for the command an empty remote needs.
    @discardableResult
    public static func clone(
        url: String, into directory: URL, transport: SyncTransport, keyFile: URL? = nil, shownDirectory: String? = nil
    ) async throws(FolioError) -> Cloned {
        let manager = FileManager.default
        let ownFolder: Bool
        // try?: clean-up of a folder this run made.
        if let contents = try? manager.contentsOfDirectory(atPath: directory.path) {
            guard contents.isEmpty else { throw FolioError(.targetNotEmpty(directory.path)) }
            ownFolder = true
        } else {
            ownFolder = false
        }
        let key = try keyFile.map { url throws(FolioError) in try readKey(url) }
        try registerFilter()
        let made = CreatedFolder(directory, existed: ownFolder)
        var locked = false
        let cloneMarks = GitWriterMarks.Folder(localDirectory: directory.appendingPathComponent(".folio/local"))
        defer { GitWriterMarks.shared.end(cloneMarks) }
        // A password in the URL is used for this clone (as the token) and kept nowhere: not in
        // git's configuration, its reflog or FETCH_HEAD, where it would sit in plain text.
        let kept = URLPassword.removed(from: url)
        do throws(FolioError) {
            try AtomicFile.makeDirectory(directory)
            let repository: Repository
            let heads: RemoteHeads
            do {
                repository = try Repository.create(at: directory, initialBranch: "main")
                try repository.setRemote(url: kept)
            } catch {
                throw FolioError.git(error, during: .clone)
            }
            try setNameOptions(repository, during: .clone)
            let access = try transport.access(url, gitDirectory: repository.gitDirectory)
            transport.warnWhenChecksAreOff(access)
            do {
                var fetched = RemoteHeads(branches: [], defaultBranch: nil)
                try transport.run(access) { callbacks in
                    fetched = try repository.fetchBranches(callbacks: callbacks, limits: transport.limits)
                }
                heads = fetched
            } catch {
                throw SyncTransport.explain(error, access, during: .clone)
            }
            guard !heads.branches.isEmpty else {
                throw FolioError(.remote(.emptyRemote(url: kept, directory: shownDirectory ?? directory.path)))
            }
            guard let branch = heads.defaultBranch ?? (heads.branches.count == 1 ? heads.branches.first : nil) else {
                throw FolioError(.remote(.noDefaultBranch(url: kept, branches: heads.branches)))
            }
            do {
                guard let tip = try repository.reference(named: "refs/remotes/origin/\(branch)") else {
                    throw FolioError(.remote(.emptyRemote(url: kept, directory: shownDirectory ?? directory.path)))
                }
                guard try repository.files(in: tip).keys.contains(where: { $0.hasPrefix(".folio/") }) else {
                    throw FolioError(.remote(.notAVaultRemote(url: kept, branch: branch)))
                }
                // A tree folio must not write is refused before the first file is.
                let hazards = try repository.hazards(in: tip)
                if let first = hazards.first {
                    throw FolioError(
                        .remote(
                            .hostileTree(
                                commit: tip.short, path: first.path, hazard: RemoteMessage.Hazard(first.kind), more: hazards.count - 1)))
                }
                if let key, let keyFile {
                    try verify(key, keyFile: keyFile.path, against: tip, in: repository, during: .clone)
                    try install(key, in: repository)
                } else {
                    locked = try declaresEncryption(in: tip, of: repository)
                }
                try repository.pointHead(atBranch: branch)
                try repository.checkout(commit: tip, force: true)
                // From here the clone is a vault: its writes to git leave this process's mark, so a
                // folio killed while writing `.git/config` (the upstream, git's settings) leaves
                // locks the next command removes, never ones that stop it (GitLocks).
                GitWriterMarks.shared.begin(cloneMarks)
                try repository.moveHeadBranch(to: tip, from: nil, message: "folio clone \(kept)")
                try repository.setUpstream(of: branch, to: Upstream(remote: "origin", merge: "refs/heads/\(branch)"))
            } catch let error as FolioError {
                throw error
            } catch {
                if DiskFull.recognises(error) { throw FolioError(.remote(.diskFull(reason: error.gitReason))) }
                throw FolioError.git(error, during: .clone)
            }
            try AtomicFile.makeDirectory(directory.appendingPathComponent(".folio/local"))
        } catch {
            made.remove()
            throw error
        }
        var cloned = Cloned(locked: locked)
        // Text and pointers came with the checkout; the media the setting asks for come now, in one batch.
        if !locked {
            let vault = Vault(root: directory, clock: Clock.from(environment: transport.environment))
            if let history = try open(vault, environment: transport.environment) {
                // A vault made before folio ignored other apps' device-local files gets the lines, in one commit.
                if try Vault.ignoreDeviceState(in: directory) {
                    try history.commit(paths: [".gitignore"], summary: "clone: ignore device-local files of other apps", vault: vault)
                }
                // git's own settings for git-crypt (with the key) and LFS, so a stock git stores as folio does.
                try history.configureStockGit(vault, during: .clone)
                if history.usesLFS(vault) {
                    cloned.mediaFetch = await history.fetchMediaAsSet(vault, transport: transport)
                }
            }
        }
        return cloned
    }
}

/// A folder a command is about to fill, and how to take back what it put there: the folder itself
/// when the command made it (and the folders above it it made), else only what is inside, so a
/// user's own empty folder (`.` too) stays.
struct CreatedFolder {
    let url: URL
    /// The outermost folder that did not exist yet, when the folder did not.
    let outermostNew: URL?

    init(_ url: URL, existed: Bool) {
        self.url = url
        guard !existed else {
            outermostNew = nil
            return
        }
        var outermost = url.standardizedFileURL
        while outermost.pathComponents.count > 1,
            !FileManager.default.fileExists(atPath: outermost.deletingLastPathComponent().path)
        {
            outermost.deleteLastPathComponent()
        }
        outermostNew = outermost
    }

    /// Removes what was made: the new folders, or everything inside the folder that was there.
    func remove() {
        let manager = FileManager.default
        if let outermostNew {
            try? manager.removeItem(at: outermostNew)
            return
        }
        // try?: clean-up of a folder this run made.
        for name in (try? manager.contentsOfDirectory(atPath: url.path)) ?? [] {
            try? manager.removeItem(at: url.appendingPathComponent(name))
        }
    }
}
