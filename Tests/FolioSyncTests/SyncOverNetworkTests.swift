import FolioCore
import FolioStore
import Foundation
import Git
import TestSupport
import Testing

@testable import FolioSync

/// One device: a vault on disk and its history, committing every change like the folio command does.
struct Device {
    let vault: Vault
    let history: History

    static func environment(_ name: String) -> [String: String] { ["FOLIO_DEVICE": name] }

    /// The first device: a new vault with an owner, its first commit, and `remote` as origin.
    static func first(at directory: URL, name: String, remote: String) throws -> Device {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try History.initialise(at: directory)
        let vault = try Vault.initialise(
            at: directory, owner: Owner(name: "林小雨"), language: .en, clock: Clock.from(environment: [:]))
        let history = try #require(try History.open(vault, environment: environment(name)))
        try history.setRemote(remote, during: .config)
        _ = try history.commitHandChanges(in: vault, message: "init: new vault")
        vault.recorder = history
        return Device(vault: vault, history: history)
    }

    /// A further device joining with `folio clone`.
    static func clone(_ url: String, at directory: URL, name: String, transport: SyncTransport) async throws -> Device {
        try await History.clone(url: url, into: directory, transport: transport)
        let vault = Vault(root: directory, clock: Clock.from(environment: [:]))
        let history = try #require(try History.open(vault, environment: environment(name)))
        vault.recorder = history
        return Device(vault: vault, history: history)
    }

    @discardableResult
    func idea(_ title: String) throws -> Record {
        try vault.create(NewRecord(kind: "idea", title: title))
    }

    func titles() -> Set<String> {
        Set(vault.loadRecords().records.filter { $0.kind == "idea" }.map(\.title))
    }

    @discardableResult
    func sync(_ transport: SyncTransport) async throws -> SyncReport {
        try await history.sync(vault: vault, transport: transport)
    }
}

@Suite("Sync over git:// and ssh://", .serialized)
struct SyncOverNetworkTests {
    @Test("git daemon: A's idea reaches B; a stopped daemon is reported unreachable, the next sync sends everything")
    func gitDaemon() async throws {
        let scratch = try Scratch()
        try Tool.git(["init", "-q", "--bare", "-b", "main", scratch.path("remote.git").path], in: scratch.url)
        let daemon = try GitDaemon(serving: scratch.url)
        let url = daemon.url("remote.git")
        let transport = SyncTransport(environment: [:], home: scratch.path("home"), timeout: .seconds(20))
        let a = try Device.first(at: scratch.path("a"), name: "A", remote: url)
        try a.idea("設備間同步測試")
        try await a.sync(transport)
        let b = try await Device.clone(url, at: scratch.path("b"), name: "B", transport: transport)
        #expect(b.titles() == ["設備間同步測試"])

        try b.idea("B 寫的")
        daemon.stop()
        await #expect {
            try await b.sync(transport)
        } throws: { error in
            guard let error = error as? FolioError, case .remoteUnreachable(let failed, _) = error.message else { return false }
            return failed == url
        }
        #expect(try b.history.handChanges(during: .status).isEmpty, "everything stays committed on the device")

        let again = try GitDaemon(serving: scratch.url, port: daemon.port)
        let report = try await b.sync(transport)
        #expect(report.sent >= 1)
        try await a.sync(transport)
        #expect(a.titles() == ["設備間同步測試", "B 寫的"])
        again.stop()
    }

    @Test("ssh with a key and known_hosts: two devices edit the same idea and both changes survive")
    func sshKey() async throws {
        let scratch = try Scratch()
        let server = try SSHServer(directory: scratch.path("sshd"))
        defer { server.stop() }
        let bare = scratch.path("remote.git")
        try Tool.git(["init", "-q", "--bare", "-b", "main", bare.path], in: scratch.url)
        let home = try server.makeHome(at: scratch.path("home"))
        let transport = SyncTransport(environment: [:], home: home, timeout: .seconds(20))
        let url = server.url(bare)
        #expect(url.hasPrefix("ssh://"))

        let a = try Device.first(at: scratch.path("a"), name: "A", remote: url)
        let idea = try a.idea("透過 SSH")
        try await a.sync(transport)
        let b = try await Device.clone(url, at: scratch.path("b"), name: "B", transport: transport)
        let onB = try #require(b.vault.loadRecords().records.first { $0.title == "透過 SSH" })
        try a.vault.markDone(idea, done: true)
        try b.vault.update(onB, set: [("description", "從 B 補上")], allowExtraKeys: true)
        try await a.sync(transport)
        try await b.sync(transport)
        try await a.sync(transport)
        for device in [a, b] {
            let text = try String(contentsOf: device.vault.url(idea.path), encoding: .utf8)
            #expect(text.contains("done: true") && text.contains("description: 從 B 補上"), "\(text)")
        }
    }

    @Test("ssh to an unknown host is refused with its fingerprint and the command that trusts it")
    func sshUnknownHost() async throws {
        let scratch = try Scratch()
        let server = try SSHServer(directory: scratch.path("sshd"))
        defer { server.stop() }
        let bare = scratch.path("remote.git")
        try Tool.git(["init", "-q", "--bare", "-b", "main", bare.path], in: scratch.url)
        let home = try server.makeHome(at: scratch.path("home"), trusted: false)
        let transport = SyncTransport(environment: [:], home: home, timeout: .seconds(20))
        let a = try Device.first(at: scratch.path("a"), name: "A", remote: server.url(bare))
        try a.idea("不該送出")
        await #expect {
            try await a.sync(transport)
        } throws: { error in
            guard let error = error as? FolioError, case .unknownHost(_, let key, let command) = error.message else { return false }
            return key.contains(server.hostFingerprint) && command.contains("ssh-keyscan")
        }
        // Nothing reached the remote.
        let log = try Tool.git(["log", "--oneline", "--all"], in: bare)
        #expect(!log.contains("不該送出"))
    }
}
