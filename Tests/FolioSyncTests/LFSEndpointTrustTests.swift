import FolioCore
import FolioStore
import Foundation
import Git
import TestSupport
import Testing

@testable import FolioSync

/// Which LFS server this device may send photos and tokens to without asking: the one it derives
/// from its own remote, one on that origin, one in its own git configuration; a committed
/// `.lfsconfig` naming anything else waits for `folio config trust lfs.url`.
@Suite("The LFS server a committed .lfsconfig names is confirmed per device")
struct LFSEndpointTrustTests {
    static let remote = "http://127.0.0.1:8080/me/vault.git"

    func vault(_ scratch: Scratch) throws -> (vault: Vault, history: History) {
        let made = try History.makeVault(
            at: scratch.path("vault"), shownDirectory: "vault", owner: Owner(name: "林小雨", birthday: nil, gender: nil), language: .en,
            remote: nil, allowSecrets: false, environment: ["FOLIO_DEVICE": "A"])
        let history = try #require(try History.open(made.vault, environment: ["FOLIO_DEVICE": "A"]))
        return (made.vault, history)
    }

    @Test(
        "the remote's origin needs nothing; 127.0.0.2, another port or another scheme needs config trust; this device's git config needs nothing",
        arguments: [
            ("http://127.0.0.1:8080/other/info/lfs", true), ("http://127.0.0.2:8080/me/vault.git/info/lfs", false),
            ("http://127.0.0.1:9999/me/vault.git/info/lfs", false), ("https://127.0.0.1:8080/me/vault.git/info/lfs", false),
        ])
    func namedBySyncedFile(_ named: String, _ sameOrigin: Bool) throws {
        let scratch = try Scratch("lfs-endpoint")
        let (vault, history) = try vault(scratch)
        try "[lfs]\n\turl = \(named)\n".write(to: vault.root.appendingPathComponent(".lfsconfig"), atomically: true, encoding: .utf8)
        let found = try #require(try history.lfsEndpoint(remoteURL: Self.remote))
        #expect(found.endpoint.display == named)
        #expect(found.confirmed == sameOrigin, "\(named)")

        _ = try history.trustLFSEndpoint(localDirectory: vault.localDirectory)
        #expect(try history.lfsEndpoint(remoteURL: Self.remote)?.confirmed == true, "confirmed here: \(named)")
    }

    @Test("lfs.url in this device's .git/config is its own choice; the remote's derived server needs nothing")
    func ownConfiguration() throws {
        let scratch = try Scratch("lfs-endpoint")
        let (_, history) = try vault(scratch)
        #expect(try history.lfsEndpoint(remoteURL: Self.remote)?.confirmed == true)
        try history.repository.setConfig([("lfs.url", "http://127.0.0.2:7000/lfs")])
        let own = try #require(try history.lfsEndpoint(remoteURL: Self.remote))
        #expect(own.endpoint.display == "http://127.0.0.2:7000/lfs" && own.confirmed)
    }
}
