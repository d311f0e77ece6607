import FolioCore
import FolioCrypt
import FolioLFS
import FolioSecrets
import FolioStore
import Foundation
import Git
import HTTP
import LFSStore
import SystemIO

extension History {
    /// The repository's LFS object store (`.git/lfs/objects`).
    public var lfsStore: LFSObjectStore { LFSObjectStore(gitDirectory: repository.gitDirectory) }

    /// Whether the vault keeps media through LFS: its settings say so, or `.gitattributes` hands
    /// the media folder to LFS (a vault set up with `git lfs track`).
    public func usesLFS(_ vault: Vault) -> Bool {
        vault.mayHoldLFSMedia
    }

    /// What `git lfs install --local` writes, so that the `git` command with `git-lfs` installed
    /// reads and writes the vault's media as folio does.
    static let gitLFSConfig: [(name: String, value: String)] = [
        ("filter.lfs.clean", "git-lfs clean -- %f"),
        ("filter.lfs.smudge", "git-lfs smudge -- %f"),
        ("filter.lfs.process", "git-lfs filter-process"),
        ("filter.lfs.required", "true"),
    ]

    /// What git's own command needs for the media of an encrypted vault kept through LFS
    /// (`filter=folio-crypt-lfs`): `git-crypt clean` then `git-lfs clean`, and `git-lfs smudge` then
    /// `git-crypt smudge`. Each half writes to a temporary file and the next runs only when it
    /// succeeded: a pipe would hand git-lfs an empty file to store when git-crypt has no key. A
    /// file that is a pointer already (media not downloaded yet) is stored as it is, as folio's
    /// filter and `git-lfs clean` store one: encrypted, it would become another object.
    static let gitCryptLFSConfig: [(name: String, value: String)] = [
        ("filter.folio-crypt-lfs.clean", cryptLFSClean),
        (
            "filter.folio-crypt-lfs.smudge",
            #"sh -c 't=$(mktemp) && git-lfs smudge -- "$1" >"$t" && git-crypt smudge <"$t"; s=$?; rm -f "$t"; exit $s' folio-crypt-lfs %f"#
        ),
        ("filter.folio-crypt-lfs.required", "true"),
    ]

    /// `filter.folio-crypt-lfs.clean` (see ``gitCryptLFSConfig``).
    static let cryptLFSClean =
        #"sh -c 'i=$(mktemp) && t=$(mktemp) && cat >"$i" && if git-lfs pointer --check --file="$i" 2>/dev/null; then cat "$i"; else git-crypt clean <"$i" >"$t" && git-lfs clean -- "$1" <"$t"; fi; s=$?; rm -f "$i" "$t"; exit $s' folio-crypt-lfs %f"#

    /// The media line of `.gitattributes` and git's configuration for LFS, plain or (in an
    /// encrypted vault) after git-crypt's clean.
    func lfsSetup(encrypted: Bool) -> (line: String, config: [(name: String, value: String)]) {
        encrypted
            ? (LFSAttributes.encryptedMediaFolderLine, Self.gitLFSConfig + Self.gitCryptLFSConfig)
            : (LFSAttributes.mediaFolderLine, Self.gitLFSConfig)
    }

    /// Turns LFS on for media from the next commit on: `media.lfs` (and the size threshold) in the
    /// settings, `git lfs track`'s line for `media/**` in `.gitattributes` when every file goes to
    /// LFS, git's `filter.lfs.*` for the `git` command; one commit. Earlier commits keep their blobs.
    /// In an encrypted vault the line and the configuration are those of git-crypt's clean chained
    /// before LFS's (``gitCryptLFSConfig``): the LFS server receives ciphertext only.
    /// - Returns: false when LFS was already on with the same threshold.
    @discardableResult
    public func enableLFS(vault: Vault, minimumBytes: UInt64) throws(FolioError) -> Bool {
        let encrypted = try isEncrypted(settings: vault.settings)
        let setup = lfsSetup(encrypted: encrypted)
        return try vault.withLock { () throws(FolioError) -> Bool in
            let wasOn = vault.lfsPolicy != nil && UInt64(max(0, vault.settings.int("media.lfs_min_bytes") ?? 0)) == minimumBytes
            try vault.changeSettings(message: "media: Git LFS on") { (settings: inout Settings) throws(FolioError) in
                try settings.set("media.lfs", to: "true")
                try settings.set("media.lfs_min_bytes", to: String(minimumBytes))
            }
            var changed = [".folio/config.yaml"]
            let attributes = root.appendingPathComponent(".gitattributes")
            let text = Vault.readFile(attributes.path).map { String(decoding: $0, as: UTF8.self) } ?? ""
            if minimumBytes == 0, !LFSAttributes.tracks("media/**", in: text, encrypted: encrypted),
                try Vault.appendMissingLines([setup.line], to: attributes)
            {
                changed.append(".gitattributes")
            } else if minimumBytes > 0, try narrowLFSToStoredFiles(encrypted: encrypted) {
                changed.append(".gitattributes")
            }
            try configureStockGit(vault, during: .media)
            try commit(paths: changed, summary: "media: Git LFS on", vault: vault)
            return !wasOn
        }
    }

    /// `media lfs --above` where `.gitattributes` hands the whole media folder to LFS (`init --lfs`,
    /// `media lfs`): that line would go on sending every file to LFS whatever its size, so it goes,
    /// and each media file the last commit holds as a pointer gets a line of its own (as `git lfs
    /// track <path>` writes it), so it stays in LFS and git sees it unchanged. Whether the file changed.
    private func narrowLFSToStoredFiles(encrypted: Bool) throws(FolioError) -> Bool {
        let file = root.appendingPathComponent(".gitattributes")
        guard let (bytes, version) = AtomicFile.read(file), let text = String(validating: bytes, as: UTF8.self) else { return false }
        let folderLines: Set<String> = [LFSAttributes.mediaFolderLine, LFSAttributes.encryptedMediaFolderLine]
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let kept = lines.filter { !folderLines.contains($0.trimmingCharacters(in: .whitespaces)) }
        guard kept.count < lines.count else { return false }
        var stored: [PointerFile] = []
        if let head = try gitStep("git", { try repository.head() }) { stored = try pointers(in: head) }
        // Written only if no one saved the file since it was read.
        try AtomicFile.write(kept.joined(separator: "\n"), to: file, expecting: .version(version))
        _ = try Vault.appendMissingLines(stored.map { LFSAttributes.line(for: $0.path, encrypted: encrypted) }, to: file)
        return true
    }

    /// `init --lfs`: the settings, `.gitattributes` and git's configuration of ``enableLFS(vault:minimumBytes:)``,
    /// left for the first commit to take.
    func prepareLFS(_ vault: Vault) throws(FolioError) {
        let encrypted = try isEncrypted(settings: vault.settings)
        let setup = lfsSetup(encrypted: encrypted)
        try vault.changeSettings(message: "media: Git LFS on") { (settings: inout Settings) throws(FolioError) in
            try settings.set("media.lfs", to: "true")
        }
        let attributes = root.appendingPathComponent(".gitattributes")
        let text = Vault.readFile(attributes.path).map { String(decoding: $0, as: UTF8.self) } ?? ""
        if !LFSAttributes.tracks("media/**", in: text, encrypted: encrypted) {
            _ = try Vault.appendMissingLines([setup.line], to: attributes)
        }
        try configureStockGit(vault, during: .media)
    }

    // MARK: - Pointers in history

    /// A media file stored as an LFS pointer, at a path of some commit.
    public struct PointerFile: Sendable, Hashable {
        public var path: String
        public var pointer: LFSPointer
    }

    /// The pointers that commits reachable from `head` but from none of `hidden` add or change:
    /// the objects a push of `head` must bring along.
    func pointersIntroduced(from head: OID, hiding hidden: [OID]) throws -> [PointerFile] {
        var found: [PointerFile] = []
        var seen: Set<OID> = []
        for (commit, parents) in try repository.commits(from: head, hiding: hidden) {
            let changes =
                try parents.isEmpty
                ? repository.differingFiles(from: nil, to: commit) : repository.differingFiles(from: parents[0], to: commit)
            for (path, blob) in changes {
                guard let blob, seen.insert(blob).inserted, try repository.objectSize(blob) <= UInt64(LFSPointer.maxBytes),
                    let pointer = LFSPointer(parsing: [UInt8](try repository.storedBlob(blob)))
                else { continue }
                found.append(PointerFile(path: path, pointer: pointer))
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// The pointers of one commit's tree (every media file as stored, under `media/`).
    public func pointers(in commit: OID) throws(FolioError) -> [PointerFile] {
        try gitStep("git") {
            var found: [PointerFile] = []
            for (path, blob) in try repository.files(in: commit) where path.hasPrefix("media/") {
                guard try repository.objectSize(blob) <= UInt64(LFSPointer.maxBytes),
                    let pointer = LFSPointer(parsing: [UInt8](try repository.storedBlob(blob)))
                else { continue }
                found.append(PointerFile(path: path, pointer: pointer))
            }
            return found.sorted { $0.path < $1.path }
        }
    }

    // MARK: - The endpoint

    /// The LFS client for the vault's remote, with the credentials sync uses for that host (the
    /// remote's own token only when the LFS server is on the remote's origin). Nil without a remote
    /// or `lfs.url`.
    ///
    /// A server (or folder) the committed `.lfsconfig` names and this device has not confirmed
    /// (``lfsEndpoint(remoteURL:)``) gets a client without credentials that refuses to upload
    /// before any request (``LFSTransferFailure/notConfirmed(endpoint:)``): it may only download,
    /// and what comes back is checked against its hash.
    public func lfsClient(
        transport: SyncTransport, remoteURL: String?, operation: LFSClient.Operation = .download
    ) async throws(FolioError) -> LFSClient? {
        guard let discovered = try lfsEndpoint(remoteURL: remoteURL) else { return nil }
        // git's settings, read once for the remote's credentials, the LFS server's helpers and its CAs.
        let settings = try transport.gitSettings(gitDirectory: repository.gitDirectory)
        var client: LFSClient
        if discovered.confirmed {
            client = try await lfsClientWithCredentials(
                endpoint: discovered.endpoint, transport: transport, settings: settings, remoteURL: remoteURL, operation: operation)
        } else {
            client = LFSClient(
                endpoint: discovered.endpoint, idleTimeout: Double((transport.limits.idle ?? .seconds(60)).components.seconds))
            client.confirmedHere = false
        }
        // Each upload, download or question ends within the sync's deadline, retries included.
        if let total = transport.limits.total { client.totalLimit = Double(total.components.seconds) }
        // The CAs git's settings name for the LFS server, as git-lfs reads them.
        if case .server(let url) = client.endpoint, RemoteEndpoint(url: url).transport == .https {
            let tls = transport.tlsSettings(for: url, settings: settings)
            if tls.fileSetting != nil || tls.folderSetting != nil {
                client.trust = HTTPTrust(file: tls.trust.file, folder: tls.trust.folder)
            }
        }
        return client
    }

    /// The LFS endpoint, and whether this device agreed to send media and credentials to it: one
    /// it derived from its own remote or found in its own git configuration, one on the same
    /// origin as that derived endpoint, or one confirmed here (`folio config trust lfs.url`,
    /// ``EndpointTrust``). Nil without a remote or `lfs.url`.
    public func lfsEndpoint(remoteURL: String?) throws(FolioError) -> (endpoint: LFSEndpoint, confirmed: Bool)? {
        let discovery: LFSEndpoint.Discovery?
        do {
            discovery = try LFSEndpoint.discovery(repository: repository, remoteURL: remoteURL)
        } catch {
            throw FolioError.git(error, during: .media)
        }
        guard let discovery else { return nil }
        let endpoint = discovery.endpoint
        guard discovery.namedBySyncedFile else { return (endpoint, true) }
        if let own = remoteURL.flatMap(LFSEndpoint.derived(from:)) {
            switch (own, endpoint) {
            case (.server(let ownURL), .server(let url)):
                if let origin = Origin(url: url), origin == Origin(url: ownURL) { return (endpoint, true) }
            case (.folder, .folder):
                if own == endpoint { return (endpoint, true) }
            default: break
            }
        }
        return (endpoint, EndpointTrust.isTrusted(endpoint.display, for: EndpointTrust.lfsURL, localDirectory: trustDirectory))
    }

    /// `config trust lfs.url`: takes the LFS server the committed `.lfsconfig` names as confirmed
    /// on this device (`localDirectory`), and returns it as shown.
    /// - Throws: ``FolioError`` `.settingNotSet("lfs.url")` when no synced file names one.
    public func trustLFSEndpoint(localDirectory: URL) throws(FolioError) -> String {
        let discovery: LFSEndpoint.Discovery?
        do {
            discovery = try LFSEndpoint.discovery(repository: repository, remoteURL: nil)
        } catch {
            throw FolioError.git(error, during: .media)
        }
        guard let discovery, discovery.namedBySyncedFile else { throw FolioError(.settingNotSet(EndpointTrust.lfsURL)) }
        try EndpointTrust.trust(discovery.endpoint.display, for: EndpointTrust.lfsURL, localDirectory: localDirectory)
        return discovery.endpoint.display
    }

    private func lfsClientWithCredentials(
        endpoint discovered: LFSEndpoint, transport: SyncTransport, settings: GitHTTPSettings, remoteURL: String?,
        operation: LFSClient.Operation
    ) async throws(FolioError) -> LFSClient {
        var endpoint = discovered
        let idle = Double((transport.limits.idle ?? .seconds(60)).components.seconds)
        // An SSH remote's own LFS server: the host says where and with which header (`git-lfs-authenticate`).
        if let remoteURL, RemoteEndpoint(url: remoteURL).transport == .ssh, endpoint == LFSEndpoint.derived(from: remoteURL),
            let answer = await LFSSSHAuthentication.ask(
                remoteURL: remoteURL, endpoint: RemoteEndpoint(url: remoteURL), operation: operation,
                access: try transport.access(remoteURL, settings: settings), timeout: idle)
        {
            if let href = answer.href { endpoint = .server(url: href) }
            if let authorization = answer.authorization {
                return LFSClient(endpoint: endpoint, authorization: authorization, idleTimeout: idle)
            }
        }
        guard let host = endpoint.host else { return LFSClient(endpoint: endpoint, idleTimeout: idle) }
        var token: String?
        var user: String?
        if let remoteURL, case .server(let url) = endpoint, let remoteOrigin = Origin(url: remoteURL) {
            let remote = RemoteEndpoint(url: remoteURL)
            // The remote's own token only to the remote's origin (another port of its host is another server).
            if SecretDestination.refusal(sending: url, configuredFor: remoteOrigin) == nil,
                remote.transport == .https || remote.transport == .http
            {
                let access = try transport.access(remoteURL, settings: settings)
                token = access.token
                user = remote.user
            }
        }
        if token == nil {
            do {
                token = try CredentialsFile.load(home: transport.home)?.token(host: host, port: endpoint.port)
            } catch {
                throw FolioError(error.message)
            }
        }
        // Git's credential helpers, told the LFS server's URL, as git-lfs tells them; asked before
        // the first request, though the password goes only after the server asks for one.
        if token == nil, case .server(let url) = endpoint {
            let helpers = try transport.access(url, settings: settings).credentialHelpers
            if !helpers.helpers.isEmpty, let answer = await Self.ask(helpers, url: url, transport: transport) {
                token = answer.password
                user = answer.username ?? user
            }
        }
        return LFSClient(endpoint: endpoint, user: user, token: token, idleTimeout: idle)
    }

    /// `helpers`' answer for `url`, asked on a thread of their own: a helper is a blocking child.
    static func ask(_ helpers: CredentialHelpers, url: String, transport: SyncTransport) async -> CredentialHelpers.Answer? {
        await OffThePool.run("folio-credential") { helpers.fill(url: url, environment: transport.environment, home: transport.home) }
    }

    /// The user's words for a failed transfer.
    static func reason(_ failure: LFSTransferFailure, client: LFSClient) -> LFSReason {
        let host = client.endpoint.host ?? client.endpoint.display
        switch failure {
        case .unreachable(let reason): return .unreachable(reason)
        case .unauthorized(let sent):
            if !client.confirmedHere { return .notConfirmed(url: client.endpoint.display) }
            return sent ? .credentialsRefused(host: host) : .needsCredentials(host: host)
        case .forbidden: return .forbidden
        case .noServer: return .noServer(url: client.endpoint.display)
        case .missingOnServer: return .missingOnServer
        case .refused(_, let status, let message): return .refused(status: status, message: message)
        case .serverBusy(let status): return .busy(status: status)
        case .badReply(_, let reason): return .badReply(reason)
        case .wrongBytes: return .wrongBytes
        case .insecure(let url): return .insecure(url: url)
        case .store(let problem): return .diskProblem(problem.description)
        case .notConfirmed(let endpoint): return .notConfirmed(url: endpoint)
        case .redirected(let url, let location): return .redirected(url: url, location: location)
        case .cancelled: return .cancelled
        }
    }

    // MARK: - Push

    /// Sends the LFS objects of the commits a push of `head` would give a remote at `remoteTip`,
    /// before the push: the server is asked which it lacks, and those are sent. A failure throws
    /// naming the files, and the caller pushes no ref.
    /// - Returns: how many objects were sent.
    func pushLFSObjects(
        head: OID, remoteTip: OID?, encrypted: Bool, transport: SyncTransport, remoteURL: String
    ) async throws(FolioError) -> (sent: Int, withheld: Int) {
        let hidden = try gitStep("git") { () -> [OID] in
            var tips = remoteTip.map { [$0] } ?? []
            if let tracking = try repository.reference(named: "refs/remotes/origin/\(try branch)"), !tips.contains(tracking) {
                tips.append(tracking)
            }
            return tips
        }
        var pointers = try gitStep("git") { try pointersIntroduced(from: head, hiding: hidden) }
        var withheld = 0
        if encrypted {
            let plain = try plainObjects(among: pointers, head: head)
            pointers.removeAll { plain.contains($0) }
            withheld = plain.count
        }
        // A client for an endpoint this device has not confirmed refuses the upload before any
        // request: the failure below then keeps the branch back with its media.
        guard !pointers.isEmpty, let client = try await lfsClient(transport: transport, remoteURL: remoteURL, operation: .upload) else {
            return (0, withheld)
        }
        let store = lfsStore
        do {
            let objects = pointers.map(\.pointer)
            let progress = transport.mediaProgress(for: objects, sending: true)
            return (try await client.upload(objects, from: store, progress: progress).count, withheld)
        } catch {
            let failedOID: String? =
                switch error {
                case .refused(let oid, _, _), .wrongBytes(let oid, _): oid
                case .missingOnServer(let oids): oids.first
                default: nil
                }
            var files = pointers.filter { failedOID == nil || $0.pointer.oid == failedOID }.map(\.path)
            if case .store = error {
                let missingHere = pointers.filter { !store.contains($0.pointer) }.map(\.path)
                files = missingHere.isEmpty ? pointers.map(\.path) : missingHere
            }
            throw FolioError(.lfs(.uploadFailed(files: files, reason: Self.reason(error, client: client))))
        }
    }
}

extension History {
    /// In an encrypted vault, the pointers among `pointers` whose object here is not git-crypt's
    /// ciphertext (committed through `filter=lfs` before encryption, or by a tool that did not chain
    /// git-crypt's clean): never sent, since the LFS server would see the photo.
    /// - Throws: ``FolioError`` `.lfs(.plainInEncryptedVault)` when the last commit holds such a
    ///   file: nothing is pushed then, and `folio crypt init` commits it again encrypted.
    func plainObjects(among pointers: [PointerFile], head: OID) throws(FolioError) -> Set<PointerFile> {
        let store = lfsStore
        let chained = EncryptedLFSFilter(key: nil, store: store)
        var plain: Set<PointerFile> = []
        for file in pointers where store.contains(file.pointer) {
            let encrypted: Bool
            do {
                encrypted = try chained.isEncryptedObject(file.pointer)
            } catch {
                throw Self.fetchFailure(error, path: file.path)
            }
            if !encrypted { plain.insert(file) }
        }
        guard !plain.isEmpty else { return [] }
        let current = try gitStep("git") { () throws -> [String] in
            try plain.filter { try repository.storedBlob(at: $0.path, in: head) == Data($0.pointer.bytes) }.map(\.path).sorted()
        }
        if !current.isEmpty { throw FolioError(.lfs(.plainInEncryptedVault(files: current))) }
        return plain
    }
}

/// Where the LFS media of the last commit are, for `status` (no network): on this device, only on
/// the remote (not downloaded yet), and not pushed yet; each with the bytes.
public struct LFSMediaCounts: Sendable, Equatable {
    public var local = 0
    public var localBytes: UInt64 = 0
    public var remoteOnly = 0
    public var remoteOnlyBytes: UInt64 = 0
    public var unpushed = 0
    public var unpushedBytes: UInt64 = 0
}

extension History {
    /// The counts of ``LFSMediaCounts`` for the last commit; nil when the vault does not use LFS.
    public func lfsMediaCounts(_ vault: Vault) throws(FolioError) -> LFSMediaCounts? {
        guard usesLFS(vault), let head = try gitStep("git", { try repository.head() }) else { return nil }
        var counts = LFSMediaCounts()
        let store = lfsStore
        for file in try pointers(in: head) {
            if store.contains(file.pointer) || LFSPointerFile.pointer(in: vault.url(file.path)) == nil {
                counts.local += 1
                counts.localBytes += file.pointer.size
            } else {
                counts.remoteOnly += 1
                counts.remoteOnlyBytes += file.pointer.size
            }
        }
        let tracking = try gitStep("git") { try repository.reference(named: "refs/remotes/origin/\(try branch)") }
        let unpushed = try gitStep("git") { try pointersIntroduced(from: head, hiding: tracking.map { [$0] } ?? []) }
        var seen: Set<String> = []
        for file in unpushed where seen.insert(file.pointer.oid).inserted {
            counts.unpushed += 1
            counts.unpushedBytes += file.pointer.size
        }
        return counts
    }
}
