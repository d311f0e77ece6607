import Foundation
import TestSupport
import Testing

/// A bare remote served over `git://` (git daemon) or `ssh://` (sshd), reached through a
/// ``FaultProxy`` the test can break, and devices syncing with it through the real `folio` binary.
final class NetworkRig: @unchecked Sendable {
    enum Transport: String, CaseIterable, Sendable, CustomStringConvertible {
        case git, ssh
        var description: String { rawValue + "://" }
    }

    let transport: Transport
    let scratch: Scratch
    /// The remote's bare repository on disk.
    let bare: URL
    /// The home folder every device uses: `.ssh` with the client key and a `known_hosts` line for the proxy.
    let home: URL
    let proxy: FaultProxy
    /// The remote's URL through the proxy.
    let url: String
    /// The remote's URL straight to the server, without the proxy.
    let directURL: String
    private let daemon: GitDaemon?
    private let sshd: SSHServer?
    private(set) var devices: [String: FolioProcess] = [:]

    /// The server and its proxy (passing everything), device A's new vault synced to the remote,
    /// and clones for the `others`.
    init(_ transport: Transport, others: [String] = ["B"]) throws {
        self.transport = transport
        scratch = try Scratch("network-\(transport.rawValue)")
        bare = scratch.path("remote.git")
        try Tool.git(["init", "-q", "--bare", "-b", "main", bare.path], in: scratch.url)
        home = scratch.path("home")
        switch transport {
        case .git:
            let daemon = try GitDaemon(serving: scratch.url)
            self.daemon = daemon
            sshd = nil
            proxy = try FaultProxy(to: daemon.port)
            url = "git://127.0.0.1:\(proxy.port)/remote.git"
            directURL = daemon.url("remote.git")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        case .ssh:
            let server = try SSHServer(directory: scratch.path("sshd"))
            sshd = server
            daemon = nil
            proxy = try FaultProxy(to: server.port)
            try server.makeHome(at: home)
            // The proxy's port is the one folio (and libgit2) look up in known_hosts.
            let key = server.hostPublicKey.split(separator: " ").prefix(2).joined(separator: " ")
            try "\(server.knownHostsLine)\n[127.0.0.1]:\(proxy.port) \(key)\n".write(
                to: home.appendingPathComponent(".ssh/known_hosts"), atomically: true, encoding: .utf8)
            url = "ssh://\(server.user)@127.0.0.1:\(proxy.port)\(bare.path)"
            directURL = server.url(bare)
        }
        var a = device("A")
        try FileManager.default.createDirectory(at: a.directory, withIntermediateDirectories: true)
        let made = try a.run("init", ".", "--name", "林小雨", "--language", "en", "--remote", url)
        guard made.status == 0 else { throw HarnessError(description: "init: \(made.stderr)") }
        let first = try a.run("sync")
        guard first.status == 0 else { throw HarnessError(description: "first sync over \(transport): \(first.stderr)") }
        a.environment["FOLIO_NOW"] = "2026-11-22T10:00:00+08:00"
        devices["A"] = a
        for name in others {
            let cloned = try device("clone").run("clone", url, name)
            guard cloned.status == 0 else { throw HarnessError(description: "clone: \(cloned.stderr)") }
            devices[name] = device(name)
        }
    }

    /// ``init(_:others:)`` off Swift concurrency's threads (see ``offPool(_:)``).
    static func make(_ transport: Transport, others: [String] = ["B"]) async throws -> NetworkRig {
        try await offPool { try NetworkRig(transport, others: others) }
    }

    deinit {
        proxy.stop()
        sshd?.stop()
        daemon?.stop()
    }

    /// A folio process for the device folder `name`, with this rig's home and the device's name.
    func device(_ name: String) -> FolioProcess {
        var device = FolioProcess(directory: name == "clone" ? scratch.url : scratch.path(name), now: "2026-11-22T09:00:00+08:00")
        device.environment["FOLIO_DEVICE"] = name
        device.environment["HOME"] = home.path
        device.environment.removeValue(forKey: "SSH_AUTH_SOCK")
        return device
    }

    subscript(name: String) -> FolioProcess {
        get { devices[name] ?? device(name) }
        set { devices[name] = newValue }
    }

    /// Runs folio on device `name` off Swift concurrency's threads.
    func run(_ name: String, _ arguments: String...) async throws -> FolioProcess.Result {
        let device = self[name]
        return try await offPool { try device.run(arguments) }
    }

    /// Runs folio on device `name`, killing it after `seconds` (a hang guard); also how long it took.
    func run(_ name: String, _ arguments: [String], killAfter seconds: Double) async throws
        -> (result: FolioProcess.Result, killed: Bool, took: Duration)
    {
        let device = self[name]
        return try await offPool {
            let started = ContinuousClock.now
            let (result, killed) = try device.run(arguments, killAfter: seconds)
            return (result, killed, ContinuousClock.now - started)
        }
    }

    /// Runs `folio sync` on `name` and expects it to succeed.
    @discardableResult
    func sync(_ name: String, _ comment: String = "") async throws -> FolioProcess.Result {
        let result = try await run(name, "sync")
        #expect(result.status == 0, "sync on \(name) over \(transport): \(result.stderr) \(comment)")
        return result
    }

    /// Adds an idea on `name` whose body is `kibibytes` KiB of random text (which does not
    /// compress, so the transfer is at least that large), committed; returns its path.
    @discardableResult
    func bigIdea(_ title: String, on name: String, kibibytes: Int = 256) async throws -> String {
        let device = self[name]
        return try await offPool {
            let made = try device.run(["idea", title])
            guard made.status == 0 else { throw HarnessError(description: "idea: \(made.stderr)") }
            let listed = try device.run(["list", "--json"])
            let list = (try? JSONSerialization.jsonObject(with: Data(listed.stdout.utf8))) as? [[String: Any]] ?? []
            guard let path = list.first(where: { $0["title"] as? String == title })?["path"] as? String else {
                throw HarnessError(description: "the idea \(title) is not listed")
            }
            var generator = SystemRandomNumberGenerator()
            let bytes = (0..<(kibibytes * 768)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let body = Data(bytes).base64EncodedString(options: .lineLength76Characters).replacingOccurrences(of: "\r\n", with: "\n")
            try device.write(path, (device.read(path) ?? "") + body + "\n")
            let committed = try device.run(["commit", "-m", "a large idea"])
            guard committed.status == 0 else { throw HarnessError(description: "commit: \(committed.stderr)") }
            return path
        }
    }

    /// Where device `name` keeps the record titled `title` ("" when it has none).
    func path(of title: String, on name: String) async throws -> String {
        let listed = try await run(name, "list", "--json")
        let list = (try? JSONSerialization.jsonObject(with: Data(listed.stdout.utf8))) as? [[String: Any]] ?? []
        return list.first { $0["title"] as? String == title }?["path"] as? String ?? ""
    }

    /// Every file of a device's vault but git's and the device's own state.
    func files(_ name: String) -> [String: String] {
        self[name].vaultFiles()
    }

    /// `git fsck --full` in device `name`'s repository and in the remote; throws with git's words when either is not clean.
    func fsck(_ names: String...) throws {
        for directory in names.map({ self[$0].directory }) + [bare] {
            try Tool.git(["fsck", "--full", "--no-dangling", "--no-progress"], in: directory)
        }
    }

    /// The commit ids on `ref` (a branch or `HEAD`) in `directory`, newest first.
    func commits(_ ref: String, in directory: URL) throws -> [String] {
        try Tool.git(["rev-list", ref], in: directory).split(separator: "\n").map(String.init)
    }

    /// Whether everything on device `name` is committed (`git status --porcelain` is empty).
    func isClean(_ name: String) throws -> Bool {
        try Tool.git(["status", "--porcelain"], in: self[name].directory).isEmpty
    }
}
