import FolioCore
import FolioSecrets
import Foundation
import Git

/// An SSH host key that was refused, in the terms a person checks it with.
public struct HostKeyReport: Sendable, Hashable {
    /// The host as written in the remote URL.
    public var host: String
    /// The port from the URL; nil means 22.
    public var port: Int?
    /// The OpenSSH key type, e.g. `ssh-ed25519`.
    public var keyType: String
    /// The short type name `ssh-keygen -l` prints, e.g. `ED25519`.
    public var keyLabel: String
    /// `SHA256:` and the unpadded base64 digest, exactly as `ssh-keygen -lf` prints it.
    public var fingerprint: String

    public init(host: String, port: Int?, keyType: String, keyLabel: String, fingerprint: String) {
        self.host = host
        self.port = port
        self.keyType = keyType
        self.keyLabel = keyLabel
        self.fingerprint = fingerprint
    }

    /// The host as `ssh` and `known_hosts` name it: `host`, or `[host]:port` off port 22.
    public var hostLabel: String {
        guard let port, port != 22 else { return host }
        return "[\(host)]:\(port)"
    }

    /// `ED25519 key SHA256:…`.
    public var keyDescription: String {
        "\(keyLabel) key \(fingerprint)"
    }

    /// The command that appends the server's keys to the user's `known_hosts`.
    public var trustCommand: String {
        let portOption = port.map { $0 == 22 ? "" : "-p \($0) " } ?? ""
        return "ssh-keyscan \(portOption)\(host) >> ~/.ssh/known_hosts"
    }
}

/// Why folio refused to talk to a remote, or could not authenticate to it, before libgit2 could say.
public enum TransportProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// No `known_hosts` line names this host with a key of this type.
    case unknownHost(HostKeyReport)
    /// `known_hosts` lists a different key of this type for this host.
    case hostKeyChanged(HostKeyReport)
    /// The key is marked `@revoked` for this host.
    case hostKeyRevoked(HostKeyReport)
    /// The HTTPS credentials file can be read by the group or others (`mode` is its permission bits).
    case credentialsFileTooOpen(path: String, mode: Int)
    /// The HTTPS credentials file exists but is not readable or not in the documented format.
    case credentialsFileUnreadable(path: String, reason: String)
    /// The key file configured in `sync.ssh_key` does not exist.
    case sshKeyMissing(path: String)
    /// There was nothing to offer the server: no agent, no key file, no token.
    case noCredentials(url: String)
    /// A token would be needed, and the remote is plain `http://` to another machine.
    case cleartextRemote(url: String)
    /// A login would be needed, and the server's certificate went unchecked (`setting` turned the checks off).
    case uncheckedCertificate(url: String, host: String, setting: String)

    /// What to tell the user, from folio's message catalog.
    public var message: Message {
        switch self {
        case .unknownHost(let report):
            .unknownHost(host: report.hostLabel, key: report.keyDescription, command: report.trustCommand)
        case .hostKeyChanged(let report):
            .hostKeyChanged(host: report.hostLabel, key: report.keyDescription)
        case .hostKeyRevoked(let report):
            .hostKeyRevoked(host: report.hostLabel)
        case .credentialsFileTooOpen(let path, _):
            .credentialsFileTooOpen(path: path)
        case .credentialsFileUnreadable(let path, let reason):
            .credentialsFileUnreadable(path: path, reason: reason)
        case .sshKeyMissing(let path):
            .sshKeyMissing(path: path)
        case .noCredentials(let url):
            .authenticationFailed(url: url, reason: "no credentials to offer")
        case .cleartextRemote(let url):
            .remote(.cleartextRemote(url: url))
        case .uncheckedCertificate(let url, let host, let setting):
            .remote(.noSecretWithoutChecks(url: url, host: host, setting: setting))
        }
    }

    /// The host key involved, for the three host key problems.
    public var hostKey: HostKeyReport? {
        switch self {
        case .unknownHost(let report), .hostKeyChanged(let report), .hostKeyRevoked(let report): report
        default: nil
        }
    }

    /// Whether the fix is on this machine (a file's mode or path) rather than on the server.
    var isLocalSetup: Bool {
        switch self {
        case .credentialsFileTooOpen, .credentialsFileUnreadable, .sshKeyMissing, .cleartextRemote, .uncheckedCertificate: true
        default: false
        }
    }

    public var description: String {
        message.text(.en)
    }
}

/// A server's certificate folio refused: the remote, its host, and why.
public struct CertificateRefusal: Sendable, Hashable {
    public var url: String
    public var host: String
    public var problem: CertificateProblem

    public var message: RemoteMessage { .certificateNotTrusted(url: url, host: host, problem: problem) }
}

/// What became of a fetch or push that threw: the cases a caller acts on differently.
public enum TransportFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server could not be reached: no network, connection refused, name not resolved, timed
    /// out. Nothing is lost and a later sync may work; the command exits with status 3.
    case unreachable(reason: String)
    /// The server refused every credential offered, or there was none; `problem` says why when
    /// folio knows more than "refused" (no key, a configured key missing, a too-open token file).
    case authenticationFailed(reason: String, problem: TransportProblem?)
    /// folio refused the SSH server's host key (unknown, changed or revoked).
    case hostKeyRefused(TransportProblem)
    /// A TLS certificate was refused: `problem` says why and what to do, when folio checked it
    /// (else `reason`, libgit2's words).
    case certificateRejected(reason: String, problem: CertificateRefusal?)
    /// The push would have lost commits on the remote: fetch and merge first.
    case rejectedNonFastForward(reason: String)
    /// The disk holding the vault is full (or the quota spent): nothing was written half-way.
    case diskFull(reason: String)
    /// One of the operation's limits ended it (a deadline, silence, too slow, too much): nothing
    /// is lost and a later sync may work; the command exits with status 3.
    case timedOut(TransferLimitHit)
    /// The remote sent folio to another host, which folio does not follow (libgit2's words).
    case redirectRefused(reason: String)
    /// The caller's `shouldCancel` (or the task) stopped the operation.
    case cancelled
    /// Anything else, with libgit2's words.
    case other(reason: String)

    /// The same failure with its reason passed through `redactor`.
    public func redacted(_ redactor: Redactor) -> TransportFailure {
        switch self {
        case .unreachable(let reason): .unreachable(reason: redactor.redact(reason))
        case .authenticationFailed(let reason, let problem): .authenticationFailed(reason: redactor.redact(reason), problem: problem)
        case .hostKeyRefused: self
        case .certificateRejected(let reason, let problem): .certificateRejected(reason: redactor.redact(reason), problem: problem)
        case .rejectedNonFastForward(let reason): .rejectedNonFastForward(reason: redactor.redact(reason))
        case .diskFull(let reason): .diskFull(reason: redactor.redact(reason))
        case .timedOut: self
        case .redirectRefused(let reason): .redirectRefused(reason: redactor.redact(reason))
        case .cancelled: self
        case .other(let reason): .other(reason: redactor.redact(reason))
        }
    }

    var isCancelled: Bool {
        if case .cancelled = self { return true }
        return false
    }

    /// Whether the remote was simply not reachable, or not in time (exit status 3).
    public var isUnreachable: Bool {
        switch self {
        case .unreachable: true
        case .timedOut(let hit): if case .tooLarge = hit.limit { false } else { true }
        default: false
        }
    }

    /// The limit `hit` in a message's terms, naming the setting of `settings` that holds it.
    static func networkLimit(_ hit: TransferLimitHit, settings: LimitSettings) -> NetworkLimit {
        func seconds(_ duration: Duration) -> Int { Int(duration.components.seconds) }
        let kind: NetworkLimit.Kind
        let setting: String
        switch hit.limit {
        case .idle(let duration): (kind, setting) = (.silence(seconds: seconds(duration)), settings.idle)
        case .total(let duration): (kind, setting) = (.total(seconds: seconds(duration)), settings.total)
        case .tooSlow(let rate):
            (kind, setting) = (.tooSlow(bytesPerSecond: rate.bytesPerSecond, seconds: seconds(rate.window)), settings.idle)
        // The list of branches has a fixed cap of its own, no setting.
        case .tooLarge(let bytes): (kind, setting) = (.tooLarge(bytes: bytes), hit.phase == .listing ? "" : settings.size)
        }
        let phase: NetworkLimit.Phase =
            switch hit.phase {
            case .resolving(let host): .resolving(host: host)
            case .connecting(let host): .connecting(host: host)
            case .transferring: .transferring
            case .listing: .listing
            }
        return NetworkLimit(kind: kind, phase: phase, setting: setting)
    }

    /// The settings that hold a transfer's limits, for messages.
    struct LimitSettings {
        var idle = "sync.timeout"
        var total = "sync.deadline"
        var size = "sync.max_bytes"
    }

    /// What to tell the user about `url`, from folio's message catalog.
    public func message(url: String) -> Message {
        switch self {
        case .unreachable(let reason): .remoteUnreachable(url: url, reason: reason)
        case .authenticationFailed(let reason, let problem):
            switch problem {
            case .some(let problem) where problem.isLocalSetup: problem.message
            default: .authenticationFailed(url: url, reason: reason)
            }
        case .hostKeyRefused(let problem): problem.message
        case .certificateRejected(_, let refusal?): .remote(refusal.message)
        case .certificateRejected(let reason, nil): .gitFailed(.sync, .other(reason))
        case .rejectedNonFastForward(let reason): .pushRejected(reason)
        case .diskFull(let reason): .remote(.diskFull(reason: reason))
        case .timedOut(let hit): .remote(.timedOut(url: url, limit: Self.networkLimit(hit, settings: LimitSettings())))
        case .redirectRefused(let reason): .remote(.redirectRefused(url: url, detail: reason))
        case .cancelled: .gitFailed(.sync, .other("cancelled"))
        case .other(let reason): .gitFailed(.sync, .other(reason))
        }
    }

    public var description: String {
        switch self {
        case .unreachable(let reason): "unreachable: \(reason)"
        case .authenticationFailed(let reason, _): "authentication failed: \(reason)"
        case .hostKeyRefused(let problem): problem.description
        case .certificateRejected(let reason, _): "certificate rejected: \(reason)"
        case .rejectedNonFastForward(let reason): "rejected (non-fast-forward): \(reason)"
        case .diskFull(let reason): "disk full: \(reason)"
        case .timedOut(let hit): hit.description
        case .redirectRefused(let reason): "redirect refused: \(reason)"
        case .cancelled: "cancelled"
        case .other(let reason): reason
        }
    }
}
