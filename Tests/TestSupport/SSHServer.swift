import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A throw-away OpenSSH server on 127.0.0.1, for sync tests over `ssh://`.
///
/// Everything lives in a private temporary directory: an ed25519 host key, an ed25519 client key
/// authorised for the current user (root here, so `PermitRootLogin yes`), the `sshd_config`, the
/// pid file and sshd's log (``log``, handy in failure messages). Password and PAM logins are off;
/// `StrictModes no` lets sshd accept the temporary files. The server runs `sshd -D -e` in its own
/// process group and is stopped by ``stop()`` or when released.
///
/// Git runs on the server side as `git-upload-pack '<path>'`, so a repository's URL is
/// ``url(_:)`` of its absolute path. A client needs a home directory with the key and a
/// `known_hosts` line: ``makeHome(at:key:trusted:)`` writes one.
///
/// A missing `/usr/sbin/sshd` or `ssh-keygen` is an error saying to run `make deps`: the test fails, it never skips.
public final class SSHServer: @unchecked Sendable {
    public static let sshd = "/usr/sbin/sshd"

    /// The private directory with keys, config and log; removed on release.
    public let directory: URL
    public let port: Int
    /// The account the client logs in as: the current user.
    public let user: String
    /// The server's private host key; ``hostPublicKey`` is its public line.
    public let hostKey: URL
    /// `ssh-ed25519 AAAA… folio-test-host`, as in the host key's `.pub` file.
    public let hostPublicKey: String
    /// `SHA256:…` of the host key, as `ssh-keygen -lf` prints it.
    public let hostFingerprint: String
    /// A private key (no passphrase) in `authorized_keys`; its public half is `clientKey.path + ".pub"`.
    public let clientKey: URL
    private let process: ChildProcess
    private let ownsDirectory: Bool

    /// Generates the keys and config and starts sshd, waiting until it accepts connections.
    /// - Parameter directory: where to keep the files; a new temporary directory when nil.
    public init(directory: URL? = nil) throws {
        let sshd = try Tool.require(Self.sshd, package: "openssh-server")
        let keygen = try Tool.find("ssh-keygen", package: "openssh-client")
        ownsDirectory = directory == nil
        let directory =
            directory
            ?? URL(fileURLWithPath: NSTemporaryDirectory()).resolvingSymlinksInPath()
            .appendingPathComponent("folio-sshd-\(UUID().uuidString.prefix(8))", isDirectory: true)
        self.directory = directory
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        user = Self.currentUser()

        hostKey = directory.appendingPathComponent("host_ed25519")
        clientKey = directory.appendingPathComponent("client_ed25519")
        try Self.generateKey(keygen, at: hostKey, comment: "folio-test-host")
        try Self.generateKey(keygen, at: clientKey, comment: "folio-test-client")
        hostPublicKey = try String(contentsOf: URL(fileURLWithPath: hostKey.path + ".pub"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        hostFingerprint = try Self.fingerprint(keygen, of: URL(fileURLWithPath: hostKey.path + ".pub"))
        let authorizedKeys = directory.appendingPathComponent("authorized_keys")
        try FileManager.default.copyItem(atPath: clientKey.path + ".pub", toPath: authorizedKeys.path)

        // sshd refuses to start without its privilege separation directory.
        if geteuid() == 0, !FileManager.default.fileExists(atPath: "/run/sshd") {
            try FileManager.default.createDirectory(
                atPath: "/run/sshd", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        }

        // A port can be taken between freePort() and sshd's bind: try a few.
        var lastError: (any Error)?
        for _ in 0..<5 {
            let port = try freePort()
            let config = directory.appendingPathComponent("sshd_config")
            try Self.config(
                port: port, hostKey: hostKey, authorizedKeys: authorizedKeys,
                pidFile: directory.appendingPathComponent("sshd.pid")
            ).write(to: config, atomically: true, encoding: .utf8)
            let log = directory.appendingPathComponent("sshd.log")
            let process = try ChildProcess(
                sshd, ["-D", "-e", "-f", config.path], environment: Tool.environment(), output: log)
            do {
                try waitForPort(port, alive: { process.isRunning })
                self.port = port
                self.process = process
                return
            } catch {
                process.stop()
                let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                lastError = HarnessError(description: "sshd did not start on port \(port): \(error)\n\(text)")
                if !text.contains("Address already in use") { break }
            }
        }
        if ownsDirectory { try? FileManager.default.removeItem(at: directory) }
        throw lastError ?? HarnessError(description: "sshd did not start")
    }

    deinit {
        stop()
        if ownsDirectory { try? FileManager.default.removeItem(at: directory) }
    }

    /// Stops sshd (SIGTERM to its process group, then SIGKILL); idempotent.
    public func stop() {
        process.stop()
    }

    /// Whether sshd is still running.
    public var isRunning: Bool { process.isRunning }

    /// sshd's log so far (`-e`: what it would send to syslog), e.g. `Accepted publickey for root …`.
    public var log: String {
        (try? String(contentsOf: directory.appendingPathComponent("sshd.log"), encoding: .utf8)) ?? ""
    }

    /// `ssh://<user>@127.0.0.1:<port><path>` for the repository at absolute `path`.
    public func url(_ path: URL) -> String {
        "ssh://\(user)@127.0.0.1:\(port)\(path.path)"
    }

    /// The `known_hosts` line that trusts this server: `[127.0.0.1]:<port> ssh-ed25519 AAAA…`.
    public var knownHostsLine: String {
        let fields = hostPublicKey.split(separator: " ")
        return "[127.0.0.1]:\(port) \(fields[0]) \(fields[1])"
    }

    /// The host key blob, base64-decoded from ``hostPublicKey`` (what `known_hosts` holds).
    public var hostKeyBlob: Data {
        Data(base64Encoded: String(hostPublicKey.split(separator: " ")[1])) ?? Data()
    }

    /// Makes `home` a home directory for a client of this server: `.ssh/id_ed25519` (+ `.pub`) is
    /// `key` (the authorised client key by default) and, when `trusted`, `.ssh/known_hosts` holds
    /// ``knownHostsLine``. Returns `home`.
    @discardableResult
    public func makeHome(at home: URL, key: URL? = nil, trusted: Bool = true) throws -> URL {
        let ssh = home.appendingPathComponent(".ssh")
        try FileManager.default.createDirectory(at: ssh, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let key = key ?? clientKey
        let target = ssh.appendingPathComponent("id_ed25519")
        try? FileManager.default.removeItem(at: target)
        try? FileManager.default.removeItem(atPath: target.path + ".pub")
        try FileManager.default.copyItem(at: key, to: target)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target.path)
        if FileManager.default.fileExists(atPath: key.path + ".pub") {
            try FileManager.default.copyItem(atPath: key.path + ".pub", toPath: target.path + ".pub")
        }
        if trusted {
            try (knownHostsLine + "\n").write(to: ssh.appendingPathComponent("known_hosts"), atomically: true, encoding: .utf8)
        }
        return home
    }

    /// A new key pair (no passphrase) that this server does not accept, at `path` and `path.pub`.
    public static func makeUnauthorisedKey(at path: URL) throws -> URL {
        try generateKey(Tool.find("ssh-keygen", package: "openssh-client"), at: path, comment: "folio-test-stranger")
        return path
    }

    /// `SHA256:…` of a public key file, from `ssh-keygen -lf`.
    public static func fingerprint(_ keygen: String, of publicKey: URL) throws -> String {
        let line = try Tool.run(keygen, ["-lf", publicKey.path])
        let fields = line.split(separator: " ")
        guard fields.count >= 2, fields[1].hasPrefix("SHA256:") else {
            throw HarnessError(description: "unexpected ssh-keygen -lf output: \(line)")
        }
        return String(fields[1])
    }

    private static func generateKey(_ keygen: String, at path: URL, comment: String) throws {
        try Tool.run(keygen, ["-q", "-t", "ed25519", "-N", "", "-C", comment, "-f", path.path])
    }

    private static func currentUser() -> String {
        if let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name { return String(cString: name) }
        return ProcessInfo.processInfo.environment["USER"] ?? "root"
    }

    private static func config(port: Int, hostKey: URL, authorizedKeys: URL, pidFile: URL) -> String {
        """
        # A throw-away sshd for folio's sync tests: loopback only, public keys only.
        ListenAddress 127.0.0.1
        Port \(port)
        HostKey \(hostKey.path)
        PidFile \(pidFile.path)
        AuthorizedKeysFile \(authorizedKeys.path)
        PubkeyAuthentication yes
        PasswordAuthentication no
        KbdInteractiveAuthentication no
        StrictModes no
        UsePAM no
        PermitRootLogin \(geteuid() == 0 ? "yes" : "no")
        UseDNS no
        PrintMotd no
        X11Forwarding no
        AllowTcpForwarding no
        LoginGraceTime 30
        MaxStartups 64
        LogLevel VERBOSE

        """
    }
}
