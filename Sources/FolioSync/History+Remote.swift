import FolioCore
import FolioCrypt
import FolioSecrets
import FolioStore
import Foundation
import Git

extension History {
    var branch: String { ((try? repository.currentBranchName) ?? nil) ?? "main" }

    /// The remote URL: git's `origin` on this device, else the vault's `sync.remote` (which then
    /// becomes `origin`, and the current branch's upstream).
    public func remoteURL(settings: Settings) throws(FolioError) -> String? {
        do {
            if let url = try repository.remoteURL() { return url }
            // A password in the synced setting is not copied into git's configuration.
            guard let configured = settings.string("sync.remote").map(URLPassword.removed), !configured.isEmpty else { return nil }
            try repository.setRemote(url: configured)
            try trackOrigin()
            return configured
        } catch {
            throw FolioError(.syncFailed("git remote: \(error.gitReason)"))
        }
    }

    /// Points `origin` at `url` (used when `sync.remote` is set on this device) and makes it the
    /// current branch's upstream.
    public func setRemote(_ url: String) throws(FolioError) {
        do {
            try repository.setRemote(url: url)
            try trackOrigin()
        } catch {
            throw FolioError(.syncFailed("git remote: \(error.gitReason)"))
        }
    }

    /// Makes `origin`'s branch of the same name the current branch's upstream
    /// (`branch.main.remote = origin`, `branch.main.merge = refs/heads/main`), as `git clone`
    /// does, so that plain `git pull`, `git push` and `git status -sb` work in the vault. An
    /// upstream the user already chose is left as it is.
    func trackOrigin() throws {
        let branch = self.branch
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
        let changed = try handChanges()
        var ahead = 0
        var behind = 0
        do {
            let local = try repository.head()
            let tracking = try repository.reference(named: "refs/remotes/origin/\(branch)")
            if let local, let tracking {
                (ahead, behind) = try repository.aheadBehind(local: local, upstream: tracking)
            } else if let local, try repository.remoteURL() != nil {
                ahead = try repository.log(from: local).count
            }
        } catch {
            throw FolioError(.syncFailed("git: \(error.gitReason)"))
        }
        var conflicts: [String] = []
        if let walker = FileManager.default.enumerator(atPath: root.path) {
            while let path = walker.nextObject() as? String {
                if path == ".git" || path == ".folio/local" {
                    walker.skipDescendants()
                    continue
                }
                if Vault.isConflictCopy((path as NSString).lastPathComponent) { conflicts.append(path) }
            }
        }
        var state = SyncState.load(localDirectory)
        if state.url == nil { state.url = try remoteURL(settings: settings) }
        return VaultStatus(changed: changed, ahead: ahead, behind: behind, conflicts: conflicts.sorted(), remote: state)
    }
}

/// The last result of `sync` on this device, for `status` (which never touches the network).
public struct SyncState: Codable, Sendable {
    public var url: String?
    public var lastSync: String?
    public var lastError: String?

    static func url(_ localDirectory: URL) -> URL { localDirectory.appendingPathComponent("sync-state.json") }

    public static func load(_ localDirectory: URL) -> SyncState {
        guard let data = LocalFile.read(url(localDirectory), maxBytes: 65_536),
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
        guard let data = try? encoder.encode(self), let text = String(data: data, encoding: .utf8) else { return }
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

    /// Makes `directory` a clone of the vault at `url`: repository, `origin`, files of its main branch.
    ///
    /// With `keyFile`, an encrypted vault's key: it is read before anything is made, checked
    /// against the remote's files before any file is written (a wrong key leaves no folder), and
    /// installed so the files come out plain.
    @discardableResult
    public static func clone(url: String, into directory: URL, transport: SyncTransport, keyFile: URL? = nil) async throws(FolioError)
        -> Cloned
    {
        let manager = FileManager.default
        if let contents = try? manager.contentsOfDirectory(atPath: directory.path), !contents.isEmpty {
            throw FolioError(.targetNotEmpty(directory.path))
        }
        let key = try keyFile.map { url throws(FolioError) in try readKey(url) }
        try registerFilter()
        var locked = false
        // A password in the URL is used for this clone (as the token) and kept nowhere: not in
        // git's configuration, its reflog or FETCH_HEAD, where it would sit in plain text.
        let kept = URLPassword.removed(from: url)
        try AtomicFile.makeDirectory(directory)
        do {
            let repository = try Repository.create(at: directory, initialBranch: "main")
            try repository.setRemote(url: kept)
            let access = try transport.access(url)
            do {
                try transport.run(access) { callbacks in
                    try repository.fetch(
                        refspecs: ["+refs/heads/*:refs/remotes/origin/*"], callbacks: callbacks, limits: transport.limits)
                }
            } catch {
                try? manager.removeItem(at: directory)
                throw SyncTransport.explain(error, access)
            }
            guard let tip = try repository.reference(named: "refs/remotes/origin/main") else {
                try? manager.removeItem(at: directory)
                throw FolioError(.notAVault(kept))
            }
            // A tree folio must not write is refused before the first file is.
            let hazards = try repository.hazards(in: tip)
            if let first = hazards.first {
                try? manager.removeItem(at: directory)
                throw FolioError(
                    .remote(
                        .hostileTree(
                            commit: tip.short, path: first.path, hazard: RemoteMessage.Hazard(first.kind), more: hazards.count - 1)))
            }
            if let key, let keyFile {
                do throws(FolioError) {
                    try verify(key, keyFile: keyFile.path, against: tip, in: repository)
                    try install(key, in: repository)
                } catch {
                    try? manager.removeItem(at: directory)
                    throw error
                }
            } else {
                locked = try declaresEncryption(in: tip, of: repository)
            }
            try repository.checkout(commit: tip, force: true)
            try repository.moveHeadBranch(to: tip, from: nil, message: "folio clone \(kept)")
            try repository.setUpstream(of: "main", to: Upstream(remote: "origin", merge: "refs/heads/main"))
        } catch let error as FolioError {
            throw error
        } catch {
            try? manager.removeItem(at: directory)
            if DiskFull.recognises(error) { throw FolioError(.remote(.diskFull(reason: error.gitReason))) }
            throw FolioError(.syncFailed("clone: \(error.gitReason)"))
        }
        guard VaultLocation.isVault(directory) else { throw FolioError(.notAVault(kept)) }
        try AtomicFile.makeDirectory(directory.appendingPathComponent(".folio/local"))
        var cloned = Cloned(locked: locked)
        // Text and pointers came with the checkout; the media the setting asks for come now, in one batch.
        if !locked {
            let vault = Vault(root: directory, clock: Clock.from(environment: transport.environment))
            if let history = try open(vault, environment: transport.environment), history.usesLFS(vault) {
                history.configureGitLFS(vault)
                cloned.mediaFetch = await history.fetchMediaAsSet(vault, transport: transport)
            }
        }
        return cloned
    }
}
