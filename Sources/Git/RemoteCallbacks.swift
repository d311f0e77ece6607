import Clibgit2
import Foundation

/// The kinds of credential a server will accept, mirroring `git_credential_t`.
public struct CredentialTypes: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let userPassword = CredentialTypes(rawValue: GIT_CREDENTIAL_USERPASS_PLAINTEXT.rawValue)
    public static let sshKey = CredentialTypes(rawValue: GIT_CREDENTIAL_SSH_KEY.rawValue)
    public static let sshCustom = CredentialTypes(rawValue: GIT_CREDENTIAL_SSH_CUSTOM.rawValue)
    public static let `default` = CredentialTypes(rawValue: GIT_CREDENTIAL_DEFAULT.rawValue)
    public static let sshInteractive = CredentialTypes(rawValue: GIT_CREDENTIAL_SSH_INTERACTIVE.rawValue)
    /// Only a user name is wanted (SSH asks this first when the URL carries none).
    public static let username = CredentialTypes(rawValue: GIT_CREDENTIAL_USERNAME.rawValue)
    public static let sshMemory = CredentialTypes(rawValue: GIT_CREDENTIAL_SSH_MEMORY.rawValue)
}

/// A credential to answer a server's authentication request with.
public enum Credential: Sendable, Hashable {
    /// Ask the running ssh-agent for keys.
    case sshAgent(username: String)
    /// Use a key pair from files; the public key path may be omitted when libssh2 can derive it.
    case sshKey(username: String, publicKeyPath: String?, privateKeyPath: String, passphrase: String?)
    /// HTTP(S) basic authentication.
    case userPassword(username: String, password: String)
    /// The platform's default credentials (NTLM/Negotiate).
    case `default`

    var username: String? {
        switch self {
        case .sshAgent(let username), .sshKey(let username, _, _, _), .userPassword(let username, _): username
        case .default: nil
        }
    }
}

/// The kind of an SSH host key.
public enum HostKeyType: String, Sendable, Hashable {
    case rsa, dss, ecdsa256, ecdsa384, ecdsa521, ed25519, unknown
}

/// An SSH server's host key, for the caller to accept or reject.
public struct HostKeyInfo: Sendable, Hashable {
    /// The host name being connected to.
    public var host: String
    /// The SHA-256 fingerprint as unpadded base64, the form `ssh-keygen -l` prints after `SHA256:`; nil when unavailable.
    public var sha256: String?
    public var keyType: HostKeyType
    /// The raw public key blob, as found in `known_hosts` (base64-decoded); nil when unavailable.
    public var rawKey: Data?
    /// Whether libgit2 found this key for this host in `~/.ssh/known_hosts`.
    public var knownHostsMatch: Bool
}

/// How far a download has got, from `git_indexer_progress`.
public struct TransferProgress: Sendable, Hashable {
    public var totalObjects: Int
    public var indexedObjects: Int
    public var receivedObjects: Int
    public var localObjects: Int
    public var totalDeltas: Int
    public var indexedDeltas: Int
    public var receivedBytes: Int

    init(_ raw: git_indexer_progress) {
        totalObjects = Int(raw.total_objects)
        indexedObjects = Int(raw.indexed_objects)
        receivedObjects = Int(raw.received_objects)
        localObjects = Int(raw.local_objects)
        totalDeltas = Int(raw.total_deltas)
        indexedDeltas = Int(raw.indexed_deltas)
        receivedBytes = raw.received_bytes
    }
}

/// How far an upload has got.
public struct PushProgress: Sendable, Hashable {
    public var current: Int
    public var total: Int
    public var bytes: Int
}

/// What a fetch or push asks of its caller: credentials, host key decisions, progress, cancellation.
///
/// Each closure runs synchronously on the thread performing the operation. None of them can throw;
/// their decisions are carried back to the operation, which throws the resulting ``GitError``.
public struct RemoteCallbacks: Sendable {
    /// Supplies a credential for `(url, usernameFromURL, allowedTypes)`, or nil to give up with `.auth`.
    ///
    /// libgit2 asks again after every rejected credential; after ``maxCredentialAttempts`` requests
    /// the operation fails with `.auth` instead of looping.
    public var credentials: (@Sendable (_ url: String, _ usernameFromURL: String?, _ allowed: CredentialTypes) -> Credential?)?
    /// Decides whether to trust an SSH host key; when nil, libgit2 trusts only keys in `known_hosts`.
    ///
    /// TLS certificates go to ``serverCertificate``.
    public var certificateCheck: (@Sendable (HostKeyInfo) -> Bool)?
    /// Decides whether to trust a TLS server's certificate (`https://`), told libgit2's own
    /// verdict; when nil, that verdict stands.
    public var serverCertificate: (@Sendable (ServerCertificate) -> Bool)?
    /// Reports download progress.
    public var transferProgress: (@Sendable (TransferProgress) -> Void)?
    /// Reports upload progress.
    public var pushProgress: (@Sendable (PushProgress) -> Void)?
    /// Receives the server's progress text (the "remote:" lines).
    public var remoteMessage: (@Sendable (String) -> Void)?
    /// Polled at every callback; returning true stops the operation with `.user`.
    public var shouldCancel: (@Sendable () -> Bool)?
    /// How many credentials to offer before giving up.
    public var maxCredentialAttempts: Int

    public init(
        credentials: (@Sendable (_ url: String, _ usernameFromURL: String?, _ allowed: CredentialTypes) -> Credential?)? = nil,
        certificateCheck: (@Sendable (HostKeyInfo) -> Bool)? = nil,
        serverCertificate: (@Sendable (ServerCertificate) -> Bool)? = nil,
        transferProgress: (@Sendable (TransferProgress) -> Void)? = nil,
        pushProgress: (@Sendable (PushProgress) -> Void)? = nil,
        remoteMessage: (@Sendable (String) -> Void)? = nil,
        shouldCancel: (@Sendable () -> Bool)? = nil,
        maxCredentialAttempts: Int = 3
    ) {
        self.credentials = credentials
        self.certificateCheck = certificateCheck
        self.serverCertificate = serverCertificate
        self.transferProgress = transferProgress
        self.pushProgress = pushProgress
        self.remoteMessage = remoteMessage
        self.shouldCancel = shouldCancel
        self.maxCredentialAttempts = maxCredentialAttempts
    }
}

/// The state one remote operation shares with its C callbacks, passed as their payload.
///
/// C cannot carry Swift errors, so callbacks record their verdict here and return a plain code;
/// ``finish(_:)`` turns the verdict into the thrown error afterwards.
final class CallbackBox {
    let callbacks: RemoteCallbacks
    let function: String
    /// Ends the operation when it stalls or is cancelled, even inside a blocking read or connect.
    let watchdog: TransferWatchdog
    var credentialAttempts = 0
    var stashed: GitError?
    var rejections: [(reference: String, status: String)] = []

    /// `url` is the remote's, to tell the operation's sockets from others in the process.
    init(callbacks: RemoteCallbacks, function: String, limits: TransferLimits, url: String) {
        self.callbacks = callbacks
        self.function = function
        self.watchdog = TransferWatchdog(
            limits: limits, sockets: TransferWatchdog.Sockets(url: url), shouldCancel: callbacks.shouldCancel)
    }

    /// Runs `operation` (the libgit2 call) with this box's watchdog as the one folio's socket
    /// stream answers to on this thread.
    func watching<R>(_ operation: () throws -> R) rethrows -> R {
        let outer = SocketStream.current
        SocketStream.current = watchdog
        defer { SocketStream.current = outer }
        return try withExtendedLifetime(self) { try operation() }
    }

    deinit {
        // However the operation ended (even before libgit2 ran), its watchdog stops with it.
        watchdog.stop()
    }

    static func from(_ payload: UnsafeMutableRawPointer?) -> CallbackBox? {
        payload.map { Unmanaged<CallbackBox>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Records the first failure; later ones are consequences of it.
    func stash(_ error: GitError) {
        if stashed == nil { stashed = error }
    }

    /// The error for the watchdog's verdict.
    func error(for verdict: TransferWatchdog.Verdict) -> GitError {
        switch verdict {
        case .cancelled:
            Self.cancelled(function)
        case .limit(let hit):
            // The transfer stalled or dragged on the network, as a failed read would have: class net.
            GitError(code: .user, klass: GitError.ErrorClass.net.rawValue, message: hit.description, function: function, transferLimit: hit)
        }
    }

    /// The caller stopped the operation: class callback.
    static func cancelled(_ function: String) -> GitError {
        GitError(code: .user, klass: GitError.ErrorClass.callback.rawValue, message: "cancelled", function: function)
    }

    /// A negative code when the operation must stop (already failed, cancelled or out of time), else nil.
    ///
    /// Every callback is progress, so it also tells the watchdog the operation is alive.
    func interruption() -> Int32? {
        if stashed != nil { return GIT_EUSER.rawValue }
        if callbacks.shouldCancel?() == true || Task.isCancelled {
            stash(Self.cancelled(function))
            return GIT_EUSER.rawValue
        }
        if let verdict = watchdog.callback() {
            stash(error(for: verdict))
            return GIT_EUSER.rawValue
        }
        return nil
    }

    /// Stops the watchdog, then throws the stashed verdict, the watchdog's (a failure after it
    /// shut the connection down is its doing), or else libgit2's error for `code`.
    func finish(_ code: Int32) throws {
        watchdog.stop()
        if let stashed {
            discardLibraryError()
            throw stashed
        }
        if code < 0, let verdict = watchdog.verdict {
            discardLibraryError()
            throw error(for: verdict)
        }
        try check(code, function)
    }

    /// Wires this box and the C trampolines into `raw`; the box must outlive the operation.
    func install(into raw: inout git_remote_callbacks) {
        raw.payload = Unmanaged.passUnretained(self).toOpaque()
        raw.sideband_progress = { text, length, payload in
            guard let box = CallbackBox.from(payload) else { return GIT_EUSER.rawValue }
            if let text, length > 0, let report = box.callbacks.remoteMessage {
                let bytes = UnsafeRawBufferPointer(start: text, count: Int(length))
                report(String(decoding: bytes, as: UTF8.self))
            }
            return box.interruption() ?? 0
        }
        raw.transfer_progress = { stats, payload in
            guard let box = CallbackBox.from(payload) else { return GIT_EUSER.rawValue }
            if let stats {
                if stats.pointee.received_bytes > 0 { box.watchdog.historyArrives() }
                box.callbacks.transferProgress?(TransferProgress(stats.pointee))
            }
            return box.interruption() ?? 0
        }
        raw.push_transfer_progress = { current, total, bytes, payload in
            guard let box = CallbackBox.from(payload) else { return GIT_EUSER.rawValue }
            box.callbacks.pushProgress?(PushProgress(current: Int(current), total: Int(total), bytes: bytes))
            return box.interruption() ?? 0
        }
        raw.pack_progress = { _, _, _, payload in
            guard let box = CallbackBox.from(payload) else { return GIT_EUSER.rawValue }
            return box.interruption() ?? 0
        }
        raw.push_update_reference = { reference, status, payload in
            guard let box = CallbackBox.from(payload) else { return GIT_EUSER.rawValue }
            // A non-NULL status is the server's reason for refusing this one reference.
            if let status = string(status) {
                box.rejections.append((string(reference) ?? "", status))
            }
            return 0
        }
        if callbacks.credentials != nil {
            raw.credentials = { out, url, usernameFromURL, allowed, payload in
                guard let box = CallbackBox.from(payload), let out else { return GIT_EUSER.rawValue }
                return box.acquireCredential(
                    out, url: string(url) ?? "", usernameFromURL: string(usernameFromURL),
                    allowed: CredentialTypes(rawValue: allowed))
            }
        }
        if callbacks.certificateCheck != nil || callbacks.serverCertificate != nil {
            raw.certificate_check = { cert, valid, host, payload in
                guard let box = CallbackBox.from(payload) else { return GIT_EUSER.rawValue }
                if let code = box.interruption() { return code }
                guard let cert else { return GIT_PASSTHROUGH.rawValue }
                switch cert.pointee.cert_type {
                case GIT_CERT_HOSTKEY_LIBSSH2:
                    guard let decide = box.callbacks.certificateCheck else { return GIT_PASSTHROUGH.rawValue }
                    // libgit2 hands a git_cert_hostkey whenever the type is GIT_CERT_HOSTKEY_LIBSSH2.
                    let key = UnsafeRawPointer(cert).assumingMemoryBound(to: git_cert_hostkey.self).pointee
                    let info = HostKeyInfo(key, host: string(host) ?? "", valid: valid != 0)
                    if decide(info) { return 0 }
                    box.stash(
                        GitError(
                            code: .certificate, klass: Int32(GIT_ERROR_SSH.rawValue),
                            message: "host key for \(info.host) was rejected", function: box.function))
                    return GIT_ECERTIFICATE.rawValue
                case GIT_CERT_X509:
                    guard let decide = box.callbacks.serverCertificate else { return GIT_PASSTHROUGH.rawValue }
                    // libgit2 hands a git_cert_x509 (the DER bytes) whenever the type is GIT_CERT_X509.
                    let x509 = UnsafeRawPointer(cert).assumingMemoryBound(to: git_cert_x509.self).pointee
                    guard let data = x509.data, x509.len > 0, x509.len <= 1 << 20 else { return GIT_PASSTHROUGH.rawValue }
                    let der = [UInt8](UnsafeRawBufferPointer(start: data, count: x509.len))
                    let certificate = ServerCertificate(der: der, host: string(host) ?? "", trustedByHandshake: valid != 0)
                    if decide(certificate) { return 0 }
                    box.stash(
                        GitError(
                            code: .certificate, klass: Int32(GIT_ERROR_SSL.rawValue),
                            message: "the certificate of \(certificate.host) was rejected", function: box.function))
                    return GIT_ECERTIFICATE.rawValue
                default:
                    return GIT_PASSTHROUGH.rawValue
                }
            }
        }
    }

    private func acquireCredential(
        _ out: UnsafeMutablePointer<UnsafeMutablePointer<git_credential>?>, url: String, usernameFromURL: String?, allowed: CredentialTypes
    ) -> Int32 {
        if let code = interruption() { return code }
        guard let provide = callbacks.credentials else { return GIT_PASSTHROUGH.rawValue }

        // SSH first asks only for a user name; that is not an attempt at authenticating.
        if allowed == .username {
            guard let username = provide(url, usernameFromURL, allowed)?.username ?? usernameFromURL,
                !username.utf8.contains(0)
            else {
                stash(GitError(code: .auth, message: "no usable user name for \(url)", function: function))
                return GIT_EAUTH.rawValue
            }
            return git_credential_username_new(out, username)
        }

        credentialAttempts += 1
        if credentialAttempts > callbacks.maxCredentialAttempts {
            stash(
                GitError(
                    code: .auth,
                    message: "authentication for \(url) failed after \(callbacks.maxCredentialAttempts) attempts",
                    function: function))
            return GIT_EAUTH.rawValue
        }
        guard let credential = provide(url, usernameFromURL, allowed) else {
            stash(GitError(code: .auth, message: "no credentials for \(url)", function: function))
            return GIT_EAUTH.rawValue
        }
        let strings: [String?] =
            switch credential {
            case .sshAgent(let username): [username]
            case .sshKey(let username, let publicKeyPath, let privateKeyPath, let passphrase):
                [username, publicKeyPath, privateKeyPath, passphrase]
            case .userPassword(let username, let password): [username, password]
            case .default: []
            }
        // C would silently cut a secret at a NUL byte; refuse it instead.
        if strings.contains(where: { $0?.utf8.contains(0) == true }) {
            stash(GitError(code: .invalid, message: "credential contains a NUL byte", function: function))
            return GIT_EUSER.rawValue
        }
        switch credential {
        case .sshAgent(let username):
            return git_credential_ssh_key_from_agent(out, username)
        case .sshKey(let username, let publicKeyPath, let privateKeyPath, let passphrase):
            return git_credential_ssh_key_new(out, username, publicKeyPath, privateKeyPath, passphrase)
        case .userPassword(let username, let password):
            return git_credential_userpass_plaintext_new(out, username, password)
        case .default:
            return git_credential_default_new(out)
        }
    }
}

extension HostKeyInfo {
    init(_ key: git_cert_hostkey, host: String, valid: Bool) {
        let available = key.type.rawValue
        var sha256: String?
        if available & GIT_CERT_SSH_SHA256.rawValue != 0 {
            let digest = withUnsafeBytes(of: key.hash_sha256) { Data($0) }
            sha256 = String(digest.base64EncodedString().prefix { $0 != "=" })
        }
        var rawKey: Data?
        if available & GIT_CERT_SSH_RAW.rawValue != 0, let bytes = key.hostkey, key.hostkey_len > 0 {
            rawKey = Data(bytes: bytes, count: key.hostkey_len)
        }
        let keyType: HostKeyType =
            switch key.raw_type {
            case GIT_CERT_SSH_RAW_TYPE_RSA: .rsa
            case GIT_CERT_SSH_RAW_TYPE_DSS: .dss
            case GIT_CERT_SSH_RAW_TYPE_KEY_ECDSA_256: .ecdsa256
            case GIT_CERT_SSH_RAW_TYPE_KEY_ECDSA_384: .ecdsa384
            case GIT_CERT_SSH_RAW_TYPE_KEY_ECDSA_521: .ecdsa521
            case GIT_CERT_SSH_RAW_TYPE_KEY_ED25519: .ed25519
            default: .unknown
            }
        self.init(host: host, sha256: sha256, keyType: keyType, rawKey: rawKey, knownHostsMatch: valid)
    }
}
