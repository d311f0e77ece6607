import FolioCore
import FolioCrypt
import FolioExchange
import FolioSecrets
import FolioStore
import Foundation
import Git

#if canImport(Glibc)
    import Glibc
#endif

/// How far a fetch or push has come, for a progress line: git's objects done of the total, and
/// bytes; or an LFS transfer's bytes of all its media together.
public enum SyncProgress: Sendable, Hashable {
    case receiving(done: Int, total: Int, bytes: Int)
    case sending(done: Int, total: Int, bytes: Int)
    case receivingMedia(bytes: UInt64, total: UInt64)
    case sendingMedia(bytes: UInt64, total: UInt64)
}

/// git's settings for HTTP(S) remotes (credential helpers, certificates), as read once for a
/// sync or a clone from the user's git configuration and the repository's.
struct GitHTTPSettings: Sendable {
    var entries: [(name: String, value: String)]
}

/// How a sync reaches its remote: where credentials and `known_hosts` live, how long to wait,
/// and where progress goes. Each fetch or push gets fresh callbacks from ``RemoteAccess``.
public struct SyncTransport: Sendable {
    public var environment: [String: String]
    /// The folder holding `.ssh/` and `.config/folio/credentials.yaml`.
    public var home: URL
    /// The `sync.ssh_key` setting.
    public var sshKey: String?
    /// What each fetch and push may take (``Git/TransferLimits``).
    public var limits: TransferLimits
    public var progress: (@Sendable (SyncProgress) -> Void)?
    /// Where a warning about the way the remote is reached goes (certificate checks turned off).
    public var warn: (@Sendable (Message) -> Void)?
    public var shouldCancel: (@Sendable () -> Bool)?

    /// The least a fetch or push must move, both ways together, over each `sync.timeout` spell:
    /// far below any real transfer (a server's progress lines alone are more), far above a server
    /// that trickles a byte every few seconds to keep the silence limit from ending it.
    public static let minimumBytesPerSecond = 16

    /// The limits for a silence limit of `idle` seconds (`sync.timeout`) and a deadline of `total`
    /// seconds (`sync.deadline`), with ``minimumBytesPerSecond`` over each `idle` spell.
    public static func limits(idle: Int, total: Int) -> TransferLimits {
        TransferLimits(
            total: .seconds(total), idle: .seconds(idle),
            minimumRate: TransferLimits.Rate(bytesPerSecond: minimumBytesPerSecond, window: .seconds(idle)),
            maxListingBytes: maxListingBytes)
    }

    /// The most a remote may send before any history (64 MiB): its list of branches and tags,
    /// which libgit2 holds in memory whole. A vault's is a few hundred bytes; a repository of
    /// 100,000 branches sends about 7 MiB.
    public static let maxListingBytes = 64 << 20

    /// The defaults of `sync.timeout` and `sync.deadline` (60 and 600 seconds).
    public static let defaultLimits = limits(idle: 60, total: 600)

    /// A clone's: no vault settings yet, and the whole history to download, so an hour in all.
    public static let cloneLimits = limits(idle: 60, total: 3_600)

    public init(
        environment: [String: String], home: URL? = nil, sshKey: String? = nil, limits: TransferLimits = SyncTransport.defaultLimits,
        progress: (@Sendable (SyncProgress) -> Void)? = nil, shouldCancel: (@Sendable () -> Bool)? = nil
    ) {
        self.environment = environment
        self.home = home ?? environment["HOME"].map { URL(fileURLWithPath: $0) } ?? FileManager.default.homeDirectoryForCurrentUser
        self.sshKey = sshKey
        self.limits = limits
        self.progress = progress
        self.shouldCancel = shouldCancel
    }

    /// The same with only a silence limit of `timeout` and the default deadline.
    public init(environment: [String: String], home: URL? = nil, sshKey: String? = nil, timeout: Duration) {
        self.init(
            environment: environment, home: home, sshKey: sshKey,
            limits: Self.limits(idle: Int(timeout.components.seconds), total: 600))
    }

    /// The transport a vault's settings ask for: `sync.ssh_key`, `sync.timeout` and
    /// `sync.deadline`, the last two never above this device's ceilings (``FolioStore/DeviceLimits``).
    public init(
        vault: Vault, environment: [String: String], progress: (@Sendable (SyncProgress) -> Void)? = nil,
        shouldCancel: (@Sendable () -> Bool)? = nil
    ) {
        self.init(
            environment: environment, sshKey: vault.settings.string("sync.ssh_key"),
            limits: Self.limits(idle: vault.limit("sync.timeout") ?? 60, total: vault.limit("sync.deadline") ?? 600),
            progress: progress, shouldCancel: shouldCancel)
    }

    /// Credentials and host-key checks for `url`, with git's credential helpers for an HTTPS
    /// remote as the user's git configuration and the repository's (`gitDirectory`) name them.
    /// - Throws: ``FolioError`` for a credentials file others can read, or a git configuration
    ///   that cannot be read.
    func access(_ url: String, gitDirectory: URL? = nil) throws(FolioError) -> RemoteAccess {
        try access(url, settings: needsGitSettings(url) ? try gitSettings(gitDirectory: gitDirectory) : GitHTTPSettings(entries: []))
    }

    /// The same with git's settings already read (``gitSettings(gitDirectory:)``): one read serves
    /// every request of a sync, the remote's and its LFS server's.
    func access(_ url: String, settings: GitHTTPSettings) throws(FolioError) -> RemoteAccess {
        var helpers = CredentialHelpers.none
        var tls = TLSSettings.system
        if needsGitSettings(url) {
            helpers = CredentialHelpers.configured(settings.entries, for: url)
            // A helper waits like a silent server: `sync.timeout`, bounded by this device's ceiling.
            if let idle = limits.idle { helpers.timeout = Double(idle.components.seconds) }
            helpers.report = warn
            tls = TLSSettings.configured(settings.entries, for: url, environment: environment, home: home)
        }
        do {
            return try RemoteAccess(
                url: url, environment: environment, home: home, sshKey: sshKey, credentialHelpers: helpers, tls: tls)
        } catch {
            throw FolioError(error.message)
        }
    }

    /// Says, once for a sync or a clone, that the remote's certificate is not checked.
    func warnWhenChecksAreOff(_ access: RemoteAccess) {
        guard access.endpoint.transport == .https, let setting = access.tls.verifySetting else { return }
        warn?(.remote(.certificateChecksOff(host: access.endpoint.host, setting: setting)))
    }

    /// How certificates are checked for `url` (an LFS server's), as git's settings and the
    /// environment say.
    func tlsSettings(for url: String, settings: GitHTTPSettings) -> TLSSettings {
        TLSSettings.configured(settings.entries, for: url, environment: environment, home: home)
    }

    /// Whether reaching `url` asks git's settings anything: only HTTP(S) remotes have helpers and certificates.
    private func needsGitSettings(_ url: String) -> Bool {
        let transport = RemoteEndpoint(url: url).transport
        return transport == .https || transport == .http
    }

    /// The git settings folio reads for an HTTP(S) remote: credential helpers and certificates.
    func gitSettings(gitDirectory: URL?) throws(FolioError) -> GitHTTPSettings {
        do {
            return GitHTTPSettings(
                entries: try UserConfig.entries(
                    matching: "(\(CredentialHelpers.configPattern))|(\(TLSSettings.configPattern))", home: home, environment: environment,
                    gitDirectory: gitDirectory))
        } catch {
            throw FolioError.git(error, during: .sync)
        }
    }

    /// Runs one fetch or push with fresh callbacks.
    func run(_ access: RemoteAccess, _ body: (RemoteCallbacks) throws -> Void) throws(TransportFailure) {
        var receiving: (@Sendable (TransferProgress) -> Void)?
        var sending: (@Sendable (PushProgress) -> Void)?
        if let progress {
            receiving = { progress(.receiving(done: $0.receivedObjects, total: $0.totalObjects, bytes: $0.receivedBytes)) }
            sending = { progress(.sending(done: $0.current, total: $0.total, bytes: $0.bytes)) }
        }
        try access.perform(transferProgress: receiving, pushProgress: sending, shouldCancel: shouldCancel, body)
    }

    /// The user's message for a failed transfer of `operation`: for `sync`, an unreachable remote
    /// always gives `.remoteUnreachable` (exit 3, everything committed); for another command
    /// (`clone`), the same failures named as that command's, which made nothing.
    static func explain(_ failure: TransportFailure, _ access: RemoteAccess, during operation: GitOperation = .sync) -> FolioError {
        // A path whose folder is gone (an unmounted drive) is as unreachable as a host that is down.
        // libgit2 says "unsupported URL protocol" (class net), which names no real cause.
        // The URL as messages show it: a password written in it is no part of the message.
        let shown = URLPassword.removed(from: access.url)
        let folderMissing =
            !failure.isCancelled && access.endpoint.transport == .local
            && localDirectory(access.url).map { !FileManager.default.fileExists(atPath: $0.path) } ?? false
        guard operation != .sync else {
            return FolioError(folderMissing ? .remoteFolderMissing(url: shown) : failure.message(url: shown))
        }
        if folderMissing { return FolioError(.remote(.notReached(url: shown, reason: nil, operation: operation))) }
        switch failure {
        case .unreachable(let reason): return FolioError(.remote(.notReached(url: shown, reason: reason, operation: operation)))
        case .diskFull: return FolioError(.gitFailed(operation, .diskFull))
        case .certificateRejected(_, let refusal?): return FolioError(.remote(refusal.message))
        case .certificateRejected(let reason, nil), .other(let reason): return FolioError(.gitFailed(operation, .other(reason)))
        case .cancelled: return FolioError(.gitFailed(operation, .other("cancelled")))
        case .authenticationFailed, .hostKeyRefused, .rejectedNonFastForward, .timedOut, .redirectRefused:
            return FolioError(failure.message(url: shown))
        }
    }

    /// The folder of a path or `file://` remote.
    static func localDirectory(_ url: String) -> URL? {
        if url.hasPrefix("file://") { return URL(string: url).map { URL(fileURLWithPath: $0.path) } }
        if url.contains("://") { return nil }
        return URL(fileURLWithPath: url)
    }

    /// Lock files this vault's folio left in a remote that is a folder (folio itself wrote into it,
    /// there being no server) when it was killed, so they do not refuse every later push.
    static func recoverLocalRemote(_ access: RemoteAccess, marks: GitWriterMarks.Folder) -> [String] {
        guard access.endpoint.transport == .local, let directory = localDirectory(access.url) else { return [] }
        let dotGit = directory.appendingPathComponent(".git")
        let gitDirectory = FileManager.default.fileExists(atPath: dotGit.path) ? dotGit : directory
        guard FileManager.default.fileExists(atPath: gitDirectory.appendingPathComponent("HEAD").path) else { return [] }
        return GitLocks.recover(gitDirectory: gitDirectory, workTree: directory, marks: marks, label: "").removed
    }
}

/// What one sync did.
public struct SyncReport: Sendable {
    public var handCommit: History.HandCommit?
    public var received = 0
    public var sent = 0
    public var conflicts: [(path: String, copy: String)] = []
    public var renamed: [(path: String, renamed: String)] = []
    /// Records removed on one device and kept because a record added or changed on the other
    /// belongs to them (each with that child).
    public var parentsKept: [(path: String, child: String)] = []
    public var mergeCommit: String?
    public var attempts = 0
    /// How many commits the remote's branch lost since this device last fetched it (a forced
    /// push), when it did; the sync merged the new history and dropped nothing.
    public var rewrittenRemoteDropped: Int?
    /// The remote this device synced with before `origin` was pointed elsewhere, and the one now
    /// (both masked), when it was.
    public var remoteChange: (from: String, to: String)?
    /// Whether the remote's history shared no commit with this device's (merged as two sets of files).
    public var unrelatedHistories = false
    /// LFS objects sent before the push.
    public var mediaSent = 0
    /// In an encrypted vault, unencrypted LFS objects of earlier commits that were not sent (the
    /// LFS server would have seen them): those old versions show their pointers elsewhere.
    public var plainMediaWithheld = 0
    /// The media the `media.fetch` setting brought afterwards (and what could not come).
    public var mediaFetch: MediaFetchReport?
    /// Media files whose copy from the other device did not match its name (damaged): this
    /// device's good copy was kept.
    public var keptMedia: [String] = []
    /// What the settings and templates that arrived say is wrong with them (each file named), when
    /// the vault opened again after the merge warns of more than it did before: the bad file is
    /// named here, and left for a fix to arrive the same way.
    public var arrivedWarnings: [FolioError] = []
    /// What `inbox/` became after the merge: the records written, the inbox files removed, and
    /// the files left where they are (each with why).
    public var inbox = InboxResult()
}

extension History {
    /// How many times a push rejected because the remote moved is retried (fetch, merge, push again).
    public static let pushAttempts = 4

    /// Commits hand edits, fetches, merges record by record, and pushes, retrying when the remote
    /// moved meanwhile. The writers' lock is held only for the local steps, so other commands
    /// never wait on the network.
    ///
    /// - Throws: ``FolioError`` `.noRemote`; `.remoteUnreachable` (everything stays committed here);
    ///   `.syncGaveUp`; other transport failures as ``SyncTransport/explain(_:_:)`` words them.
    public func sync(vault: Vault, transport: SyncTransport) async throws(FolioError) -> SyncReport {
        let syncLock = try VaultLock(directory: vault.localDirectory.appendingPathComponent("sync"), timeout: 600)
        defer { syncLock.release() }
        var report = SyncReport()
        var state = SyncState.load(vault.localDirectory)
        do throws(FolioError) {
            report.handCommit = try commitHandChanges(in: vault, during: .sync)
            guard let url = try remoteURL(settings: vault.settings, during: .sync) else {
                if let named = unconfirmedRemote(settings: vault.settings) {
                    throw FolioError(.remote(.remoteNotConfirmed(url: ConfiguredSecrets.redact(named))))
                }
                throw FolioError(.noRemote)
            }
            state.url = url
            // Sync sends a branch: a detached HEAD would have it push what is not HEAD.
            guard let localBranch = try gitStep("git", { try repository.currentBranchName }) else {
                let at = try gitStep("git") { try repository.head() }
                let branches = try gitStep("git") { try repository.referenceNames(prefix: "refs/heads/") }.map { String($0.dropFirst(11)) }
                let back = branches.contains("main") ? "main" : branches.first ?? "main"
                throw FolioError(.remote(.detachedHead(commit: at?.short ?? "HEAD", branch: back)))
            }
            let access = try transport.access(url, gitDirectory: repository.gitDirectory)
            transport.warnWhenChecksAreOff(access)
            let ownMarks = GitWriterMarks.Folder(localDirectory: vault.localDirectory)
            let marks = GitWriterMarks.Folder(localDirectory: vault.localDirectory, remote: true)
            for path in SyncTransport.recoverLocalRemote(access, marks: marks) { say(.staleLockRemoved(url + ": " + path)) }
            // What this device last saw of the remote's branches, to tell a forced push from the remote
            // moving on; nothing when `origin` now names another remote (its history is simply new).
            let previousRemote = state.fetchedURL
            let remoteChanged = previousRemote.map { $0 != ConfiguredSecrets.redact(url) } ?? false
            if remoteChanged, let previousRemote { report.remoteChange = (previousRemote, ConfiguredSecrets.redact(url)) }
            var lastSeen = remoteChanged ? [:] : try gitStep("git") { try remoteTrackingTips() }
            for attempt in 1...Self.pushAttempts {
                report.attempts = attempt
                var heads = RemoteHeads(branches: [], defaultBranch: nil)
                do {
                    try GitWriterMarks.shared.during(ownMarks, marks) { () throws(TransportFailure) in
                        try transport.run(access) { callbacks in
                            heads = try repository.fetchBranches(callbacks: callbacks, limits: transport.limits)
                        }
                    }
                } catch {
                    throw SyncTransport.explain(error, access)
                }
                state.fetchedURL = ConfiguredSecrets.redact(url)
                let upstream = try gitStep("git") { try upstreamBranch(of: localBranch) }
                let remoteBranch = try syncedBranch(heads, local: localBranch, upstream: upstream, url: url)
                // Plain git (pull, push, status -sb) follows the same branch.
                try gitStep("git") { try track(localBranch, remoteBranch) }
                let tracking = "refs/remotes/origin/\(remoteBranch)"
                let remoteTip = try gitStep("git") { try repository.reference(named: tracking) }
                if let dropped = try commitsDropped(from: lastSeen[remoteBranch], by: remoteTip) {
                    report.rewrittenRemoteDropped = (report.rewrittenRemoteDropped ?? 0) + dropped
                }
                lastSeen[remoteBranch] = remoteTip
                try vault.withLock { () throws(FolioError) in
                    try integrate(remoteTip, vault: vault, report: &report)
                    // After the merge, so a file another device adopted meanwhile is no longer there,
                    // and one both adopt becomes the same record on both.
                    adoptInboxDuringSync(vault, into: &report)
                }
                guard let local = try gitStep("git", { try repository.head() }) else { break }
                let ahead: Int
                if let remoteTip {
                    ahead = try gitStep("git") { try repository.aheadBehind(local: local, upstream: remoteTip).ahead }
                } else {
                    ahead = try gitStep("git") { try repository.log(from: local).count }
                }
                if ahead == 0 { break }
                // The media the pushed commits point at go first: a ref is never pushed without its objects.
                if usesLFS(vault) {
                    let media = try await pushLFSObjects(
                        head: local, remoteTip: remoteTip, encrypted: try isEncrypted(settings: vault.settings), transport: transport,
                        remoteURL: url)
                    report.mediaSent += media.sent
                    report.plainMediaWithheld = media.withheld
                }
                do {
                    try GitWriterMarks.shared.during(ownMarks, marks) { () throws(TransportFailure) in
                        try transport.run(access) { callbacks in
                            try repository.push(
                                refspecs: ["refs/heads/\(localBranch):refs/heads/\(remoteBranch)"], callbacks: callbacks,
                                limits: transport.limits)
                        }
                    }
                    // Counted once the remote has taken them, never before.
                    report.sent = ahead
                    break
                } catch {
                    guard case .rejectedNonFastForward = error else { throw SyncTransport.explain(error, access) }
                    if attempt == Self.pushAttempts { throw FolioError(.syncGaveUp(attempt)) }
                    continue
                }
            }
            state.lastSync = Timestamp(date: Date(), zone: vault.clock.zone).text
            state.lastError = nil
            state.save(vault.localDirectory)
            if usesLFS(vault) { report.mediaFetch = await fetchMediaAsSet(vault, transport: transport) }
            if report.received > 0 {
                let known = vault.warnings
                report.arrivedWarnings = Vault(root: vault.root, clock: vault.clock).warnings.filter { !known.contains($0) }
            }
            return report
        } catch {
            state.lastError = error.message.text(vault.language)
            state.save(vault.localDirectory)
            throw error
        }
    }

    /// The branch of the remote this device syncs with: the one the remote's HEAD names, whatever
    /// it is called; else its only branch; else, for an empty remote, the branch this device's
    /// upstream names (or this device's own), which the first push makes; else the upstream's or
    /// this device's branch when the remote has it.
    /// - Throws: ``FolioError`` `.remote(.noDefaultBranch)` when the remote has several branches and names none.
    func syncedBranch(_ heads: RemoteHeads, local: String, upstream: String, url: String) throws(FolioError) -> String {
        if let named = heads.defaultBranch { return named }
        if heads.branches.count == 1, let only = heads.branches.first { return only }
        if heads.branches.isEmpty { return upstream }
        if heads.branches.contains(upstream) { return upstream }
        if heads.branches.contains(local) { return local }
        throw FolioError(.remote(.noDefaultBranch(url: url, branches: heads.branches)))
    }

    /// The remote branch `branch`'s upstream names (`branch.main.merge`), else `branch` itself.
    func upstreamBranch(of branch: String) throws -> String {
        guard let merge = try repository.upstream(of: branch)?.merge, merge.hasPrefix("refs/heads/") else { return branch }
        return String(merge.dropFirst("refs/heads/".count))
    }

    /// Makes `origin`'s `remote` the upstream of this device's `local` branch, unless it is already
    /// or the user chose another remote's branch for it.
    func track(_ local: String, _ remote: String) throws {
        let wanted = Upstream(remote: "origin", merge: "refs/heads/\(remote)")
        let current = try repository.upstream(of: local)
        if let current, current.remote != "origin" || current == wanted { return }
        try repository.setUpstream(of: local, to: wanted)
    }

    /// Where each of `origin`'s branches was when this device last fetched it.
    func remoteTrackingTips() throws -> [String: OID] {
        var tips: [String: OID] = [:]
        for name in try repository.referenceNames(prefix: "refs/remotes/origin/") where name != "refs/remotes/origin/HEAD" {
            if let oid = try repository.reference(named: name) { tips[String(name.dropFirst("refs/remotes/origin/".count))] = oid }
        }
        return tips
    }

    /// How many commits `earlier` (what this device last fetched) has that `now` lacks, when
    /// `now` does not contain it: the remote's branch was rewritten. Nil when it moved on normally.
    func commitsDropped(from earlier: OID?, by now: OID?) throws(FolioError) -> Int? {
        guard let earlier, let now, earlier != now else { return nil }
        if try gitStep("git", { try repository.isDescendant(now, of: earlier) }) { return nil }
        return try gitStep("git") { try repository.aheadBehind(local: earlier, upstream: now).ahead }
    }

    /// Refuses a commit of the remote whose tree holds a path folio must never write (one that
    /// leaves the vault, lands in `.git`, or a symbolic link out of it): nothing is written, HEAD
    /// stays, and the message names the path.
    func refuseHazards(in commit: OID) throws(FolioError) {
        let hazards = try gitStep("git") { try repository.hazards(in: commit) }
        guard let first = hazards.first else { return }
        throw FolioError(
            .remote(
                .hostileTree(
                    commit: commit.short, path: first.path, hazard: RemoteMessage.Hazard(first.kind), more: hazards.count - 1)))
    }

    /// Brings `remoteTip` into the current branch: nothing, a fast-forward, or a record-aware merge.
    ///
    /// A remote commit whose tree folio must not write is refused first (``refuseHazards(in:)``).
    func integrate(_ remoteTip: OID?, vault: Vault, report: inout SyncReport) throws(FolioError) {
        guard let remoteTip else { return }
        // Encryption turned on elsewhere: without the key the remote's files would land here as
        // ciphertext, over the plain ones. Nothing is written; the user unlocks first.
        if try installedKey() == nil, try declaresEncryption(in: remoteTip) { throw FolioError(.crypt(.locked)) }
        let local = try gitStep("git") { try repository.head() }
        guard let local else {
            try refuseHazards(in: remoteTip)
            try gitStep("checkout") { try advance(from: nil, to: remoteTip, localDirectory: vault.localDirectory) }
            report.received += try gitStep("git") { try repository.log(from: remoteTip).count }
            return
        }
        if local == remoteTip { return }
        if try gitStep("git", { try repository.isDescendant(local, of: remoteTip) }) { return }
        try refuseHazards(in: remoteTip)
        let behind = try gitStep("git") { try repository.aheadBehind(local: local, upstream: remoteTip).behind }
        let uncommitted = Set(try handChanges(during: .sync))
        // A damaged media file from the other device would replace this device's good copy: then the
        // remote's commits are merged (keeping the good copy) rather than taken as they are.
        if try gitStep("git", { try repository.isDescendant(remoteTip, of: local) }),
            try !gitStep("git", { try replacesGoodMedia(from: local, to: remoteTip) })
        {
            let touched = try gitStep("git") { try changedPaths(from: local, to: remoteTip) }
            let blocked = touched.filter(uncommitted.contains)
            if !blocked.isEmpty { throw FolioError(.mergeBlockedByUnparsable(blocked)) }
            try gitStep("checkout") { try advance(from: local, to: remoteTip, localDirectory: vault.localDirectory) }
            report.received += behind
            return
        }
        let base = try gitStep("merge") { try repository.mergeBase(local, remoteTip) }
        if base == nil { report.unrelatedHistories = true }
        let merged = try merge(local: local, remote: remoteTip, base: base, vault: vault, report: &report)
        let touched = try gitStep("git") { try changedPaths(from: local, to: merged) }
        let blocked = touched.filter(uncommitted.contains)
        if !blocked.isEmpty { throw FolioError(.mergeBlockedByUnparsable(blocked)) }
        try gitStep("checkout") { try advance(from: local, to: merged, localDirectory: vault.localDirectory) }
        report.received += behind
        report.mergeCommit = merged.hex
    }

    /// Writes the merge commit of `local` and `remote` (not yet checked out), whose merge base is
    /// `base` (nil for unrelated histories), and returns it.
    ///
    /// Paths changed on one side only take that side; paths changed on both go through
    /// ``RecordMerge``, which is symmetric, so two devices merging the same pair write the same tree.
    func merge(local: OID, remote: OID, base: OID?, vault: Vault, report: inout SyncReport) throws(FolioError) -> OID {
        try gitStep("merge") {
            let baseFiles = try base.map { try repository.files(in: $0) } ?? [:]
            let ours = try repository.files(in: local)
            let theirs = try repository.files(in: remote)
            var changes: [String: FileChange] = [:]
            var notes: [String] = []
            var occupied = Set(ours.keys).union(theirs.keys)
            for path in Set(ours.keys).union(theirs.keys).sorted() {
                let mine = ours[path]
                let other = theirs[path]
                if mine == other || other == baseFiles[path] { continue }
                if let choice = try mediaChoice(path: path, mine: mine, other: other, local: local, remote: remote) {
                    if choice == .mine {
                        report.keptMedia.append(path)
                        notes.append("kept: \(path), the other copy does not match its name")
                    } else if let other {
                        changes[path] = .blob(other, mode: try repository.fileMode(at: path, in: remote) ?? .regular)
                    }
                    continue
                }
                if mine == baseFiles[path] {
                    if let other {
                        changes[path] = .blob(other, mode: try repository.fileMode(at: path, in: remote) ?? .regular)
                    } else {
                        changes[path] = .delete
                    }
                    continue
                }
                let outcome = RecordMerge.merge(
                    path: path,
                    base: try base.flatMap { try repository.blob(at: path, in: $0) },
                    ours: try version(of: path, blob: mine, tip: local),
                    theirs: try version(of: path, blob: other, tip: remote),
                    markerBase: { side, id in markerBase(of: path, id: id, from: side == .ours ? local : remote) })
                let mode = try mergedMode(path: path, base: base, local: local, remote: remote)
                if let data = outcome.data {
                    changes[path] = .blob(try repository.writeBlob(data, path: path), mode: mode)
                } else {
                    changes[path] = .delete
                }
                for extra in outcome.additionalFiles {
                    var target = extra.path
                    var counter = 2
                    while occupied.contains(target) && changes[target] == nil {
                        target = Self.numbered(extra.path, counter)
                        counter += 1
                    }
                    occupied.insert(target)
                    changes[target] = .blob(try repository.writeBlob(extra.data, path: target), mode: .regular)
                    switch extra.reason {
                    case .conflictCopy:
                        report.conflicts.append((path, target))
                        notes.append("conflict: \(path) -> \(target)")
                    case .renamedRecord:
                        report.renamed.append((path, target))
                        notes.append("both added: \(path), one renamed to \(target)")
                    }
                }
            }
            for kept in try keepParents(base: base, baseFiles: baseFiles, ours: ours, changes: &changes) {
                report.parentsKept.append(kept)
                notes.append("kept: \(kept.path), which \(kept.child) belongs to")
            }
            let tree = try repository.tree(from: local, applying: changes)
            let signature = signature(vault: vault)
            let remoteDevice = try repository.commit(remote).message
            let message = Self.message(
                summary: "sync: merge from \(Self.trailer(Self.deviceTrailer, in: remoteDevice) ?? "remote")",
                body: notes.joined(separator: "\n"), device: device)
            return try repository.writeCommit(
                tree: tree, parents: [local, remote], message: message, author: signature, committer: signature)
        }
    }

    /// The file mode of a merged path, the same whichever device merges: a side that changed it
    /// from the base wins; when both did, the larger mode (executable over regular).
    func mergedMode(path: String, base: OID?, local: OID, remote: OID) throws -> FileMode {
        let mine = try repository.fileMode(at: path, in: local)
        let other = try repository.fileMode(at: path, in: remote)
        let original = try base.flatMap { try repository.fileMode(at: path, in: $0) }
        switch (mine, other) {
        case (let mine?, let other?) where mine == other: return mine
        case (let mine?, let other?):
            return mine == original ? other : other == original ? mine : max(mine.rawValue, other.rawValue) == mine.rawValue ? mine : other
        case (let mine?, nil): return mine
        case (nil, let other?): return other
        case (nil, nil): return .regular
        }
    }

    /// One side's version of a path for ``RecordMerge``: its bytes, and who last changed it when.
    func version(of path: String, blob: OID?, tip: OID) throws -> MergeVersion? {
        guard let blob else { return nil }
        let data = try repository.blob(blob, path: path)
        let last = try repository.log(from: tip, limit: 1, path: path).first
        let device = last.flatMap { Self.trailer(Self.deviceTrailer, in: $0.message) } ?? last?.author.name ?? "device"
        return MergeVersion(data: data, device: device, commitTime: last?.time ?? Date(timeIntervalSince1970: 0))
    }

    /// `a/b.md` → `a/b-2.md`.
    static func numbered(_ path: String, _ number: Int) -> String {
        let ns = path as NSString
        let ext = ns.pathExtension
        let stem = ext.isEmpty ? path : ns.deletingPathExtension
        return ext.isEmpty ? "\(stem)-\(number)" : "\(stem)-\(number).\(ext)"
    }

    /// Runs a libgit2 step, turning its failure into a message that names the step (or says the
    /// disk is full, when that is why).
    func gitStep<T>(_ step: String, _ body: () throws -> T) throws(FolioError) -> T {
        do {
            return try body()
        } catch let error as FolioError {
            throw error
        } catch let problem as CryptProblem {
            throw FolioError(problem.message())
        } catch {
            if let known = FolioError.file(from: error) { throw known }
            if DiskFull.recognises(error) { throw FolioError(.remote(.diskFull(reason: error.gitReason))) }
            let reason = SystemTrouble.reason(of: error)
            throw FolioError(.gitFailed(.sync, reason.isDiskTrouble ? reason : .other("\(step): \(error.gitReason)")))
        }
    }
}

extension RemoteMessage.Hazard {
    init(_ kind: TreeHazard.Kind) {
        switch kind {
        case .traversal: self = .climbsOut
        case .absolute: self = .absolute
        case .gitDirectory: self = .gitDirectory
        case .malformedName: self = .malformedName
        case .duplicateName: self = .duplicateName
        case .symlinkEscapes(let target): self = .symlinkOut(target: target)
        case .tooDeep: self = .tooDeep
        case .normalisationTwin(let other): self = .normalisationTwin(of: other)
        }
    }
}
