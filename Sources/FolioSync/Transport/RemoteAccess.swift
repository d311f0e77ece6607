import FolioCore
import FolioSecrets
import Foundation
import Git

/// How folio authenticates to one remote and decides whether to trust it: the source of the
/// ``Git/RemoteCallbacks`` for every fetch and push.
///
/// Everything is read from what is passed in, never from the process: the environment (for
/// `SSH_AUTH_SOCK` and `FOLIO_GIT_TOKEN`) and the home directory (for `~/.ssh` and
/// `~/.config/folio`), so tests and callers can point it anywhere. Nothing is read from a vault.
///
/// **SSH** (`ssh://` and scp-like URLs). The user name is the one in the URL, else `git`.
/// Credentials are offered in this order, each once per operation: the ssh-agent (only when
/// `SSH_AUTH_SOCK` is set), `~/.ssh/id_ed25519`, `~/.ssh/id_rsa`; missing files are skipped. A
/// configured key (the `sync.ssh_key` setting) replaces that list: only it is offered. Keys must
/// not have a passphrase (an encrypted key fails like a refused one). The server's host key is
/// checked against `~/.ssh/known_hosts` and `/etc/ssh/ssh_known_hosts` with ``KnownHosts``: only
/// a `.trusted` key is accepted, and the reason for a refusal is kept for ``RemoteOperation/classify(_:)``.
///
/// Two things libgit2 1.5.1 and libssh2 do on their own, whatever is passed here: libssh2 asks
/// the agent at the process's `SSH_AUTH_SOCK` (the `environment` only decides whether the agent is
/// tried), and libgit2 reads the process's `$HOME/.ssh/known_hosts` before calling the certificate
/// check, failing the connection ("error loading known_hosts: Failed to parse known hosts file")
/// when libssh2 cannot parse a line of it; that failure classifies as `.other`.
///
/// **HTTPS**. The token is the password written in the URL (`https://user:TOKEN@host/…`), else
/// `FOLIO_GIT_TOKEN`, else the one in the ``CredentialsFile``; it is sent once per operation as the
/// password, with the URL's user name or `x-access-token`. Without any, git's credential helpers
/// (``CredentialHelpers``) are asked once the server asks for a password, and their answer is sent
/// the same way (with the user name they give, if any). TLS certificates are checked against the
/// CAs git's settings name (``TLSSettings``: `http.sslCAInfo`, `http.sslCAPath`, `SSL_CERT_FILE`…);
/// where libgit2's check refuses one, OpenSSL's check of the same certificate decides
/// (``Git/ServerCertificate``), which also matches certificates made for an IP address. With the
/// checks turned off (`http.sslVerify false`) no token or password is sent. A token goes only where ``SecretDestination`` allows: the remote's own origin (libgit2
/// follows no redirect to another host, and the URL it asks for is checked again here), and over
/// plain `http://` only to this machine (loopback), never across a network
/// (``TransportProblem/cleartextRemote(url:)`` says so when one would have been needed).
///
/// ```swift
/// let access = try RemoteAccess(url: url, environment: ProcessInfo.processInfo.environment,
///                               home: FileManager.default.homeDirectoryForCurrentUser, sshKey: setting)
/// do {
///     try access.perform { callbacks in try repository.fetch(callbacks: callbacks, timeout: .seconds(60)) }
/// } catch .unreachable(let reason) { … exit 3 … } catch { … error.message(url: url) … }
/// ```
public struct RemoteAccess: Sendable {
    /// The remote URL as configured.
    public let url: String
    public let endpoint: RemoteEndpoint
    /// The home directory `~` stands for.
    public let home: URL
    /// The variables honoured; kept private to the module since they may hold a token.
    let environment: [String: String]
    /// The configured key (`sync.ssh_key`), resolved: `~/…` against ``home``, a relative path against ``home``.
    public let configuredKey: URL?
    /// The `known_hosts` files consulted, in order.
    public let knownHostsFiles: [URL]
    /// The HTTPS token, resolved when this access was made.
    let token: String?
    /// Git's credential helpers for this remote, asked when there is no token and the server asks.
    public let credentialHelpers: CredentialHelpers
    /// How HTTPS certificates are checked for this remote.
    public let tls: TLSSettings

    /// Where a token for this remote may go (``SecretDestination``); nil for a URL without a host.
    var origin: Origin? { Origin(url: url) }

    /// Prepares access to `url`.
    ///
    /// - Parameters:
    ///   - environment: the variables to honour (`SSH_AUTH_SOCK`, `FOLIO_GIT_TOKEN`); usually the process's.
    ///   - home: the directory holding `.ssh` and `.config/folio`.
    ///   - sshKey: the `sync.ssh_key` setting, if any (`~/…`, absolute, or relative to `home`).
    ///   - knownHostsFiles: defaults to ``KnownHosts/defaultFiles(home:)``.
    /// - Throws: for HTTP(S) URLs without `FOLIO_GIT_TOKEN`, the problems of ``CredentialsFile/load(home:)``
    ///   (a group- or world-readable file is refused here, before any network traffic).
    public init(
        url: String, environment: [String: String], home: URL, sshKey: String? = nil, knownHostsFiles: [URL]? = nil,
        credentialHelpers: CredentialHelpers = .none, tls: TLSSettings = .system
    ) throws(TransportProblem) {
        self.url = url
        self.credentialHelpers = credentialHelpers
        self.tls = tls
        self.endpoint = RemoteEndpoint(url: url)
        self.home = home
        self.environment = environment
        self.knownHostsFiles = knownHostsFiles ?? KnownHosts.defaultFiles(home: home)
        self.configuredKey = sshKey.flatMap { Self.resolve($0, home: home) }
        switch endpoint.transport {
        case .https, .http:
            if let password = URLPassword.of(url) {
                self.token = password
            } else if let token = environment["FOLIO_GIT_TOKEN"], !token.isEmpty {
                self.token = token
            } else {
                self.token = try CredentialsFile.load(home: home)?.token(host: endpoint.host, port: endpoint.port)
            }
        default:
            self.token = nil
        }
    }

    private static func resolve(_ setting: String, home: URL) -> URL? {
        let text = setting.trimmingCharacters(in: .whitespaces)
        if text.isEmpty { return nil }
        if text == "~" { return home }
        if text.hasPrefix("~/") { return home.appendingPathComponent(String(text.dropFirst(2))) }
        if text.hasPrefix("/") { return URL(fileURLWithPath: text) }
        return home.appendingPathComponent(text)
    }

    /// Fresh callbacks for one fetch or push, with their own record of what was offered and refused.
    public func operation(
        transferProgress: (@Sendable (TransferProgress) -> Void)? = nil,
        pushProgress: (@Sendable (PushProgress) -> Void)? = nil,
        remoteMessage: (@Sendable (String) -> Void)? = nil,
        shouldCancel: (@Sendable () -> Bool)? = nil
    ) -> RemoteOperation {
        RemoteOperation(
            access: self, transferProgress: transferProgress, pushProgress: pushProgress, remoteMessage: remoteMessage,
            shouldCancel: shouldCancel)
    }

    /// Runs `body` (a fetch or push) with fresh callbacks and turns whatever it throws into a ``TransportFailure``.
    @discardableResult
    public func perform<R>(
        transferProgress: (@Sendable (TransferProgress) -> Void)? = nil,
        pushProgress: (@Sendable (PushProgress) -> Void)? = nil,
        remoteMessage: (@Sendable (String) -> Void)? = nil,
        shouldCancel: (@Sendable () -> Bool)? = nil,
        _ body: (RemoteCallbacks) throws -> R
    ) throws(TransportFailure) -> R {
        let operation = operation(
            transferProgress: transferProgress, pushProgress: pushProgress, remoteMessage: remoteMessage,
            shouldCancel: shouldCancel)
        do {
            try useTrust()
            let result = try body(operation.callbacks)
            operation.settleHelperPassword(accepted: true)
            return result
        } catch {
            let failure = operation.classify(error)
            if case .authenticationFailed = failure { operation.settleHelperPassword(accepted: false) }
            throw failure
        }
    }

    /// Has libgit2 check HTTPS certificates against this remote's CAs; a CA file or folder that
    /// cannot be read is named before anything is sent.
    private func useTrust() throws(TransportFailure) {
        guard endpoint.transport == .https else { return }
        if let (path, setting) = tls.missingTrustFolder {
            throw .certificateRejected(
                reason: "cannot read \(path)",
                problem: CertificateRefusal(
                    url: URLPassword.removed(from: url), host: endpoint.host, problem: .trustUnreadable(path: path, setting: setting)))
        }
        do {
            try tls.trust.use()
        } catch {
            // A file that holds no certificate libgit2 can read: named as the setting that named it.
            throw .certificateRejected(
                reason: String(describing: error),
                problem: CertificateRefusal(
                    url: URLPassword.removed(from: url), host: endpoint.host,
                    problem: .trustUnreadable(
                        path: tls.trust.file ?? tls.trust.folder ?? "?", setting: tls.fileSetting ?? tls.folderSetting ?? "?")))
        }
    }

    /// `path` with the home directory written as `~`, for messages.
    func display(_ url: URL) -> String {
        let home = self.home.standardizedFileURL.path
        let path = url.standardizedFileURL.path
        if path.hasPrefix(home + "/") { return "~" + path.dropFirst(home.count) }
        return path
    }
}

/// One fetch or push: its ``callbacks`` and what they offered, saw and refused.
///
/// libgit2 calls the credentials callback again after each refused credential; the state that
/// makes each credential go out once lives here, behind a lock, since the callbacks are `Sendable`.
public final class RemoteOperation: Sendable {
    /// A credential source, in the order it is offered.
    enum Candidate: Sendable, Hashable {
        case agent
        case key(privateKey: URL, publicKey: URL?)
        case token(String)
        /// Git's credential helpers, asked only when the server asks for a password.
        case helpers
    }

    struct State: Sendable {
        var pending: [Candidate] = []
        var offered: [String] = []
        var setupProblem: TransportProblem?
        var hostKeyProblem: TransportProblem?
        var hostKey: HostKeyReport?
        var hostKeyVerdict: HostKeyVerdict?
        /// A TLS certificate refused, and why.
        var certificateProblem: CertificateRefusal?
        /// A TLS certificate taken unchecked (`http.sslVerify false`): no secret goes to its server.
        var uncheckedCertificate = false
        /// The password git's credential helpers gave, told afterwards whether it worked.
        var helperAnswer: CredentialHelpers.Answer?
    }

    public let access: RemoteAccess
    /// Pass these to ``Git/Repository/fetch(remote:refspecs:callbacks:timeout:)`` or ``Git/Repository/push(remote:refspecs:callbacks:timeout:)``.
    public let callbacks: RemoteCallbacks
    private let state: LockedState<State>

    init(
        access: RemoteAccess,
        transferProgress: (@Sendable (TransferProgress) -> Void)?,
        pushProgress: (@Sendable (PushProgress) -> Void)?,
        remoteMessage: (@Sendable (String) -> Void)?,
        shouldCancel: (@Sendable () -> Bool)?
    ) {
        self.access = access
        var initial = State()
        let endpoint = access.endpoint
        switch endpoint.transport {
        case .ssh:
            if let key = access.configuredKey {
                if FileManager.default.fileExists(atPath: key.path) {
                    initial.pending = [Self.keyCandidate(key)]
                } else {
                    initial.setupProblem = .sshKeyMissing(path: access.display(key))
                }
            } else {
                if let socket = access.environment["SSH_AUTH_SOCK"], !socket.isEmpty { initial.pending.append(.agent) }
                for name in ["id_ed25519", "id_rsa"] {
                    let key = access.home.appendingPathComponent(".ssh/\(name)")
                    if FileManager.default.fileExists(atPath: key.path) { initial.pending.append(Self.keyCandidate(key)) }
                }
            }
        case .https, .http:
            if let token = access.token {
                if let origin = access.origin, SecretDestination.refusal(sending: origin, configuredFor: origin) == nil {
                    initial.pending = [.token(token)]
                } else {
                    initial.setupProblem = .cleartextRemote(url: URLPassword.removed(from: access.url))
                }
            } else if !access.credentialHelpers.helpers.isEmpty {
                if let origin = access.origin, SecretDestination.refusal(sending: origin, configuredFor: origin) == nil {
                    initial.pending = [.helpers]
                } else {
                    initial.setupProblem = .cleartextRemote(url: URLPassword.removed(from: access.url))
                }
            }
        case .git, .local, .other:
            break
        }
        let state = LockedState(initial)
        self.state = state

        let sshUser = endpoint.user ?? "git"
        let httpUser = endpoint.user ?? "x-access-token"
        let display = access.display
        let origin = access.origin
        let credentials: @Sendable (String, String?, CredentialTypes) -> Credential? = { url, usernameFromURL, allowed in
            switch endpoint.transport {
            case .ssh:
                let user = usernameFromURL ?? sshUser
                // The first SSH request asks only for the user name: not an attempt, nothing consumed.
                if allowed == .username { return .sshAgent(username: user) }
                guard allowed.contains(.sshKey) else { return nil }
                return state.withValue { state -> Credential? in
                    while !state.pending.isEmpty {
                        switch state.pending.removeFirst() {
                        case .agent:
                            state.offered.append("ssh-agent")
                            return .sshAgent(username: user)
                        case .key(let privateKey, let publicKey):
                            state.offered.append(display(privateKey))
                            return .sshKey(
                                username: user, publicKeyPath: publicKey?.path, privateKeyPath: privateKey.path,
                                passphrase: nil)
                        case .token, .helpers:
                            continue
                        }
                    }
                    return nil
                }
            case .https, .http:
                guard allowed.contains(.userPassword) else { return nil }
                // A server whose certificate went unchecked could be anyone: it gets no secret.
                if let setting = access.tls.verifySetting, state.withValue({ $0.uncheckedCertificate }) {
                    state.withValue {
                        $0.pending = []
                        $0.setupProblem = .uncheckedCertificate(
                            url: URLPassword.removed(from: access.url), host: endpoint.host, setting: setting)
                    }
                    return nil
                }
                // The URL libgit2 is about to send to must be the remote's own (after any redirect).
                guard let origin, SecretDestination.refusal(sending: url, configuredFor: origin) == nil else { return nil }
                let next = state.withValue { state -> Candidate? in
                    guard let first = state.pending.first else { return nil }
                    state.pending.removeFirst()
                    return first
                }
                switch next {
                case .token(let token):
                    state.withValue { $0.offered.append("a token") }
                    return .userPassword(username: usernameFromURL ?? httpUser, password: token)
                case .helpers:
                    // Asked outside the lock: a helper may take seconds (a keychain unlocking).
                    guard let answer = access.credentialHelpers.fill(url: access.url, environment: access.environment, home: access.home)
                    else { return nil }
                    state.withValue {
                        $0.offered.append("git's credential helper")
                        $0.helperAnswer = answer
                    }
                    return .userPassword(username: answer.username ?? usernameFromURL ?? httpUser, password: answer.password)
                default:
                    return nil
                }
            case .git, .local, .other:
                return nil
            }
        }

        let knownHostsFiles = access.knownHostsFiles
        let certificateCheck: @Sendable (HostKeyInfo) -> Bool = { info in
            let host = endpoint.host.isEmpty ? info.host : endpoint.host
            let keyType = info.keyType.openSSHName ?? info.rawKey.flatMap(KnownHosts.keyType(ofBlob:)) ?? "unknown"
            let fingerprint = info.rawKey.map(KnownHosts.fingerprint(of:)) ?? info.sha256.map { "SHA256:" + $0 } ?? "SHA256:?"
            let report = HostKeyReport(
                host: host, port: endpoint.port, keyType: keyType, keyLabel: HostKeyType(openSSHName: keyType).label,
                fingerprint: fingerprint)
            let knownHosts = KnownHosts(files: knownHostsFiles)
            let verdict: HostKeyVerdict =
                if let key = info.rawKey {
                    knownHosts.verdict(host: host, port: endpoint.port, keyType: keyType, key: key)
                } else if let sha256 = info.sha256 {
                    knownHosts.verdict(host: host, port: endpoint.port, keyType: keyType, sha256Fingerprint: sha256)
                } else {
                    .unknown
                }
            let problem: TransportProblem? =
                switch verdict {
                case .trusted: nil
                case .unknown: .unknownHost(report)
                case .changed: .hostKeyChanged(report)
                case .revoked: .hostKeyRevoked(report)
                }
            state.withValue { state in
                state.hostKey = report
                state.hostKeyVerdict = verdict
                if let problem { state.hostKeyProblem = problem }
            }
            return problem == nil
        }

        let tls = access.tls
        let shownURL = URLPassword.removed(from: access.url)
        let serverCertificate: @Sendable (ServerCertificate) -> Bool = { certificate in
            if certificate.trustedByHandshake { return true }
            if !tls.verify {
                state.withValue { $0.uncheckedCertificate = true }
                return true
            }
            guard let problem = certificate.problem(trust: tls.trust) else { return true }
            let host = endpoint.host.isEmpty ? certificate.host : endpoint.host
            state.withValue {
                $0.certificateProblem = CertificateRefusal(
                    url: shownURL, host: host, problem: Self.problem(problem, of: certificate, tls: tls))
            }
            return false
        }

        callbacks = RemoteCallbacks(
            credentials: credentials,
            certificateCheck: endpoint.transport == .ssh ? certificateCheck : nil,
            serverCertificate: endpoint.transport == .https ? serverCertificate : nil,
            transferProgress: transferProgress,
            pushProgress: pushProgress,
            remoteMessage: remoteMessage,
            shouldCancel: shouldCancel,
            // One more than there are candidates, so that running out (our nil) is what ends the attempts.
            maxCredentialAttempts: initial.pending.count + 1)
    }

    /// OpenSSL's reason in the terms of a message's fix.
    static func problem(_ problem: ServerCertificate.Problem, of certificate: ServerCertificate, tls: TLSSettings) -> CertificateProblem {
        switch problem {
        case .unknownIssuer: return .unknownIssuer(trust: tls.configuredTrust)
        case .selfSigned: return .selfSigned(trust: tls.configuredTrust)
        case .expired:
            let date = certificate.notAfter.map { ISO8601DateFormatter.string(from: $0, timeZone: .gmt, formatOptions: [.withFullDate]) }
            return .expired(on: date ?? "?")
        case .notYetValid: return .notYetValid
        case .otherNames: return .otherNames(certificate.names)
        case .revoked: return .revoked
        case .trustUnreadable:
            return .trustUnreadable(path: tls.trust.file ?? tls.trust.folder ?? "?", setting: tls.fileSetting ?? tls.folderSetting ?? "?")
        case .other(let words): return .other(words)
        }
    }

    private static func keyCandidate(_ privateKey: URL) -> Candidate {
        let publicKey = URL(fileURLWithPath: privateKey.path + ".pub")
        return .key(privateKey: privateKey, publicKey: FileManager.default.fileExists(atPath: publicKey.path) ? publicKey : nil)
    }

    /// Tells git's credential helpers whether the password they gave for this operation worked
    /// (nothing when none was asked), as git does after a transfer.
    func settleHelperPassword(accepted: Bool) {
        guard let answer = state.withValue({ $0.helperAnswer }) else { return }
        access.credentialHelpers.settle(answer, accepted: accepted, url: access.url, environment: access.environment, home: access.home)
    }

    /// The credentials offered so far, e.g. `["ssh-agent", "~/.ssh/id_ed25519"]` or `["a token"]`.
    public var offered: [String] { state.withValue { $0.offered } }

    /// Why the SSH host key was refused, once it has been.
    public var hostKeyProblem: TransportProblem? { state.withValue { $0.hostKeyProblem } }

    /// What stopped a credential from being offered before anything was sent (a key file missing,
    /// a secret that would cross a network in the clear).
    var setupProblem: TransportProblem? { state.withValue { $0.setupProblem } }

    /// The SSH host key the server presented and what `known_hosts` said of it, once seen.
    public var hostKey: (report: HostKeyReport, verdict: HostKeyVerdict)? {
        state.withValue { state in state.hostKey.flatMap { report in state.hostKeyVerdict.map { (report, $0) } } }
    }

    /// Sorts an error thrown by a fetch or push that used ``callbacks`` into the cases a caller acts on.
    ///
    /// libgit2's words may carry the server's (an `ERR` line, a URL with a password): the token this
    /// access sends, and anything that looks like a credential, are masked in them.
    public func classify(_ error: any Error) -> TransportFailure {
        sorted(error).redacted(Redactor(secrets: [access.token].compactMap { $0 }))
    }

    private func sorted(_ error: any Error) -> TransportFailure {
        if let failure = error as? TransportFailure { return failure }
        if let problem = error as? TransportProblem {
            return problem.hostKey != nil ? .hostKeyRefused(problem) : .authenticationFailed(reason: problem.description, problem: problem)
        }
        guard let error = error as? GitError else { return .other(reason: String(describing: error)) }
        if let hit = error.transferLimit { return .timedOut(hit) }
        // libgit2's words when it refused to follow a redirect to another host (or scheme).
        if error.errorClass == .net, error.message.hasPrefix("cannot redirect from") { return .redirectRefused(reason: error.message) }
        let snapshot = state.withValue { $0 }
        switch error.code {
        case .certificate:
            if let problem = snapshot.hostKeyProblem { return .hostKeyRefused(problem) }
            return .certificateRejected(reason: error.message, problem: snapshot.certificateProblem)
        case .nonFastForward: return .rejectedNonFastForward(reason: error.message)
        case .auth: return authenticationFailure(snapshot, libgit2: error.message)
        // This binding's own stops: a stalled transfer (class net), or the caller's cancel.
        case .user: return error.errorClass == .net ? .unreachable(reason: error.message) : .cancelled
        default: break
        }
        switch error.errorClass {
        // Resolving, connecting, a connection that broke mid-transfer (the server died, a reset,
        // a dropped link), the protocol spoken over it: nothing was lost, the next sync may go through.
        case .net, .ssh, .ssl: return .unreachable(reason: error.message)
        case .os:
            if let number = error.systemError, DiskFull.numbers.contains(number) { return .diskFull(reason: error.message) }
            if let number = error.systemError, Self.networkErrors.contains(number) { return .unreachable(reason: error.message) }
            return .other(reason: error.message)
        default: return .other(reason: error.message)
        }
    }

    private func authenticationFailure(_ snapshot: State, libgit2 message: String) -> TransportFailure {
        if let problem = snapshot.setupProblem {
            return .authenticationFailed(reason: problem.description, problem: problem)
        }
        if snapshot.offered.isEmpty {
            let problem = TransportProblem.noCredentials(url: URLPassword.removed(from: access.url))
            return .authenticationFailed(reason: "no credentials to offer", problem: problem)
        }
        return .authenticationFailed(reason: "refused \(snapshot.offered.joined(separator: ", "))", problem: nil)
    }

    /// The system's errors of a socket that cannot reach, or lost, its peer.
    static let networkErrors: Set<Int32> = [
        ECONNREFUSED, ECONNRESET, ECONNABORTED, ENETUNREACH, ENETDOWN, EHOSTUNREACH, EHOSTDOWN, ETIMEDOUT, EPIPE,
    ]
}
