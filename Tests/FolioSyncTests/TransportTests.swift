import Crypto
import FolioCore
import Foundation
import Git
import TestSupport
import Testing

@testable import FolioSync

// MARK: - Helpers

/// A synthetic key blob in the SSH wire format: string `type`, then string `bytes`.
private func blob(_ type: String, _ seed: UInt8, count: Int = 32) -> Data {
    func string(_ bytes: [UInt8]) -> [UInt8] {
        let length = UInt32(bytes.count)
        return [UInt8(length >> 24), UInt8(length >> 16 & 0xff), UInt8(length >> 8 & 0xff), UInt8(length & 0xff)] + bytes
    }
    return Data(string(Array(type.utf8)) + string([UInt8](repeating: seed, count: count)))
}

private func line(_ hosts: String, _ key: Data, type: String = "ssh-ed25519", marker: String? = nil) -> String {
    [marker, hosts, type, key.base64EncodedString(), "comment"].compactMap { $0 }.joined(separator: " ")
}

/// Runs `body` with `operation`'s callbacks; returns how its failure was classified, or nil when it succeeded.
private func failure(of operation: RemoteOperation, _ body: (RemoteCallbacks) throws -> Void) -> TransportFailure? {
    do {
        try body(operation.callbacks)
        return nil
    } catch {
        return operation.classify(error)
    }
}

private let timeout: Duration = .seconds(30)

/// The user name a credential carries.
private func user(_ credential: Credential?) -> String? {
    switch credential {
    case .sshAgent(let username), .sshKey(let username, _, _, _), .userPassword(let username, _): username
    case .default, nil: nil
    }
}

// MARK: - known_hosts

@Suite struct TransportKnownHostsTests {
    let keyA = blob("ssh-ed25519", 1)
    let keyB = blob("ssh-ed25519", 2)
    let rsa = blob("ssh-rsa", 3, count: 64)

    @Test func plainPatternsWithCommasCommentsAndBlankLines() {
        let hosts = KnownHosts(
            """
            # a comment, then a blank line

              example.com,10.0.0.7 \(keyA.base64EncodedString())
            example.com ssh-rsa \(keyA.base64EncodedString())
            \(line("example.com,10.0.0.7", keyA))
            \(line("Mixed.Example.COM", keyB))\r
            """)
        #expect(hosts.entries.count == 2)
        // Line 3 lacks the key type; on line 4 the type contradicts the key blob.
        #expect(hosts.skippedLines.map(\.line) == [3, 4])
        #expect(hosts.verdict(host: "example.com", port: nil, keyType: "ssh-ed25519", key: keyA) == .trusted)
        #expect(hosts.verdict(host: "example.com", port: 22, keyType: "ssh-ed25519", key: keyA) == .trusted)
        #expect(hosts.verdict(host: "10.0.0.7", port: nil, keyType: "ssh-ed25519", key: keyA) == .trusted)
        #expect(hosts.verdict(host: "EXAMPLE.com", port: nil, keyType: "ssh-ed25519", key: keyA) == .trusted)
        #expect(hosts.verdict(host: "mixed.example.com", port: nil, keyType: "ssh-ed25519", key: keyB) == .trusted)
        #expect(hosts.verdict(host: "example.org", port: nil, keyType: "ssh-ed25519", key: keyA) == .unknown)
        // A plain line is for port 22 only.
        #expect(hosts.verdict(host: "example.com", port: 2222, keyType: "ssh-ed25519", key: keyA) == .unknown)
        #expect(hosts.verdict(host: "example.co", port: nil, keyType: "ssh-ed25519", key: keyA) == .unknown)
    }

    @Test func bracketedPortForm() {
        let hosts = KnownHosts(line("[127.0.0.1]:2222,[vault.example]:2200", keyA))
        #expect(KnownHosts.hostName(host: "127.0.0.1", port: 2222) == "[127.0.0.1]:2222")
        #expect(KnownHosts.hostName(host: "Vault.Example", port: 22) == "vault.example")
        #expect(hosts.verdict(host: "127.0.0.1", port: 2222, keyType: "ssh-ed25519", key: keyA) == .trusted)
        #expect(hosts.verdict(host: "vault.example", port: 2200, keyType: "ssh-ed25519", key: keyA) == .trusted)
        #expect(hosts.verdict(host: "127.0.0.1", port: nil, keyType: "ssh-ed25519", key: keyA) == .unknown)
        #expect(hosts.verdict(host: "127.0.0.1", port: 2223, keyType: "ssh-ed25519", key: keyA) == .unknown)
    }

    @Test func hashedEntriesWrittenBySshKeygen() throws {
        let scratch = try Scratch()
        let file = try scratch.write(
            "known_hosts",
            [line("vault.example", keyA), line("[127.0.0.1]:2222", keyB), line("git.example.org", rsa, type: "ssh-rsa")]
                .joined(separator: "\n") + "\n")
        try Tool.run(Tool.find("ssh-keygen", package: "openssh-client"), ["-H", "-f", file.path])
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(!text.contains("vault.example"))
        #expect(text.split(separator: "\n").allSatisfy { $0.hasPrefix("|1|") })

        let hosts = KnownHosts(files: [file, scratch.path("missing")])
        #expect(hosts.entries.count == 3)
        #expect(hosts.entries.allSatisfy { if case .hashed = $0.hosts { true } else { false } })
        #expect(hosts.entries.first?.source == file.path)
        #expect(hosts.verdict(host: "vault.example", port: nil, keyType: "ssh-ed25519", key: keyA) == .trusted)
        #expect(hosts.verdict(host: "VAULT.example", port: 22, keyType: "ssh-ed25519", key: keyA) == .trusted)
        #expect(hosts.verdict(host: "127.0.0.1", port: 2222, keyType: "ssh-ed25519", key: keyB) == .trusted)
        #expect(hosts.verdict(host: "127.0.0.1", port: nil, keyType: "ssh-ed25519", key: keyB) == .unknown)
        #expect(hosts.verdict(host: "git.example.org", port: nil, keyType: "ssh-rsa", key: rsa) == .trusted)
        #expect(hosts.verdict(host: "vault.example", port: nil, keyType: "ssh-ed25519", key: keyB) == .changed)
        #expect(hosts.verdict(host: "other.example", port: nil, keyType: "ssh-ed25519", key: keyA) == .unknown)
    }

    @Test func wildcardsAndNegation() {
        let hosts = KnownHosts(
            """
            \(line("*.example.com,!secret.example.com", keyA))
            \(line("git?.example.org", keyA))
            \(line("[10.0.0.*]:2222", keyB))
            """)
        #expect(hosts.verdict(host: "a.example.com", port: nil, keyType: "ssh-ed25519", key: keyA) == .trusted)
        #expect(hosts.verdict(host: "a.b.example.com", port: nil, keyType: "ssh-ed25519", key: keyA) == .trusted)
        #expect(hosts.verdict(host: "example.com", port: nil, keyType: "ssh-ed25519", key: keyA) == .unknown)
        #expect(hosts.verdict(host: "secret.example.com", port: nil, keyType: "ssh-ed25519", key: keyA) == .unknown)
        #expect(hosts.verdict(host: "git1.example.org", port: nil, keyType: "ssh-ed25519", key: keyA) == .trusted)
        #expect(hosts.verdict(host: "git.example.org", port: nil, keyType: "ssh-ed25519", key: keyA) == .unknown)
        #expect(hosts.verdict(host: "git12.example.org", port: nil, keyType: "ssh-ed25519", key: keyA) == .unknown)
        #expect(hosts.verdict(host: "10.0.0.42", port: 2222, keyType: "ssh-ed25519", key: keyB) == .trusted)
        #expect(hosts.verdict(host: "10.0.0.42", port: 22, keyType: "ssh-ed25519", key: keyB) == .unknown)
    }

    @Test func revokedKeysAreRefusedEvenWhenListed() {
        let hosts = KnownHosts(
            """
            \(line("vault.example", keyA))
            \(line("vault.example", keyB))
            \(line("*", keyA, marker: "@revoked"))
            """)
        #expect(hosts.verdict(host: "vault.example", port: nil, keyType: "ssh-ed25519", key: keyA) == .revoked)
        #expect(hosts.verdict(host: "anything.example", port: 2222, keyType: "ssh-ed25519", key: keyA) == .revoked)
        #expect(hosts.verdict(host: "vault.example", port: nil, keyType: "ssh-ed25519", key: keyB) == .trusted)
        #expect(hosts.entries.first { $0.marker == .revoked }?.line == 3)
    }

    @Test func changedKeyOfTheSameTypeOnly() {
        let hosts = KnownHosts(line("vault.example", keyA))
        #expect(hosts.verdict(host: "vault.example", port: nil, keyType: "ssh-ed25519", key: keyB) == .changed)
        // Known with an ed25519 key, presenting RSA: unknown, as ssh treats it.
        #expect(hosts.verdict(host: "vault.example", port: nil, keyType: "ssh-rsa", key: rsa) == .unknown)
    }

    @Test func certificateAuthoritiesUnknownMarkersAndBrokenLinesAreIgnored() {
        let hosts = KnownHosts(
            """
            \(line("*.example.com", keyA, marker: "@cert-authority"))
            \(line("vault.example.com", keyA, marker: "@frobnicate"))
            vault.example.com ssh-ed25519 not*base64
            |1|broken|hash ssh-ed25519 \(keyA.base64EncodedString())
            vault.example.com 1024 35 1234567
            """)
        #expect(hosts.entries.count == 1)
        #expect(hosts.entries.first?.marker == .certificateAuthority)
        #expect(hosts.skippedLines.map(\.line) == [2, 3, 4, 5])
        #expect(hosts.verdict(host: "vault.example.com", port: nil, keyType: "ssh-ed25519", key: keyA) == .unknown)
    }

    @Test func fingerprintFallbackAndKeyTypes() {
        let hosts = KnownHosts(line("vault.example", keyA))
        let fingerprint = KnownHosts.fingerprint(of: keyA)
        #expect(fingerprint.hasPrefix("SHA256:"))
        #expect(!fingerprint.hasSuffix("="))
        #expect(fingerprint.count == "SHA256:".count + 43)
        #expect(hosts.verdict(host: "vault.example", port: nil, keyType: "ssh-ed25519", sha256Fingerprint: fingerprint) == .trusted)
        #expect(
            hosts.verdict(host: "vault.example", port: nil, keyType: "ssh-ed25519", sha256Fingerprint: String(fingerprint.dropFirst(7)))
                == .trusted)
        #expect(
            hosts.verdict(
                host: "vault.example", port: nil, keyType: "ssh-ed25519", sha256Fingerprint: KnownHosts.fingerprint(of: keyB))
                == .changed)

        #expect(KnownHosts.keyType(ofBlob: keyA) == "ssh-ed25519")
        #expect(KnownHosts.keyType(ofBlob: Data([0, 0])) == nil)
        let pairs: [(HostKeyType, String, String)] = [
            (.rsa, "ssh-rsa", "RSA"), (.dss, "ssh-dss", "DSA"), (.ecdsa256, "ecdsa-sha2-nistp256", "ECDSA"),
            (.ecdsa384, "ecdsa-sha2-nistp384", "ECDSA"), (.ecdsa521, "ecdsa-sha2-nistp521", "ECDSA"),
            (.ed25519, "ssh-ed25519", "ED25519"),
        ]
        for (type, name, label) in pairs {
            #expect(type.openSSHName == name)
            #expect(type.label == label)
            #expect(HostKeyType(openSSHName: name) == type)
        }
        #expect(HostKeyType.unknown.openSSHName == nil)
    }
}

// MARK: - URLs, credentials order, tokens, classification (no server)

@Suite struct TransportAccessTests {
    @Test func remoteURLs() {
        let ssh = RemoteEndpoint(url: "ssh://ada@127.0.0.1:2222/srv/vault.git")
        #expect(ssh == RemoteEndpoint(transport: .ssh, user: "ada", host: "127.0.0.1", port: 2222))
        #expect(RemoteEndpoint(url: "git@github.com:ada/vault.git") == RemoteEndpoint(transport: .ssh, user: "git", host: "github.com"))
        #expect(RemoteEndpoint(url: "vault.example:journal") == RemoteEndpoint(transport: .ssh, host: "vault.example"))
        #expect(RemoteEndpoint(url: "ssh://[::1]:22/x.git") == RemoteEndpoint(transport: .ssh, host: "::1", port: 22))
        #expect(
            RemoteEndpoint(url: "https://x%40y:pw@git.example.com:8443/v.git")
                == RemoteEndpoint(transport: .https, user: "x@y", host: "git.example.com", port: 8443))
        #expect(RemoteEndpoint(url: "git://127.0.0.1:9418/v.git").transport == .git)
        #expect(RemoteEndpoint(url: "/srv/vault.git").transport == .local)
        #expect(RemoteEndpoint(url: "./relative/dir:with-colon").transport == .local)
        #expect(RemoteEndpoint(url: "file:///srv/vault.git").transport == .local)
        #expect(RemoteEndpoint(url: "http://localhost:8080/v.git").isLoopback)
        #expect(!RemoteEndpoint(url: "http://example.com/v.git").isLoopback)
    }

    /// The credentials callback, driven by hand: agent, ed25519, rsa, each once; the user name request consumes nothing.
    @Test func sshCredentialsAreOfferedOnceEachInOrder() throws {
        let scratch = try Scratch()
        let home = scratch.path("home")
        try scratch.write("home/.ssh/id_ed25519", "not really a key\n", mode: 0o600)
        try scratch.write("home/.ssh/id_ed25519.pub", "ssh-ed25519 AAAA\n")
        try scratch.write("home/.ssh/id_rsa", "not really a key\n", mode: 0o600)
        let access = try RemoteAccess(
            url: "ssh://vault.example/srv/v.git", environment: ["SSH_AUTH_SOCK": "/tmp/agent.sock"], home: home)
        let operation = access.operation()
        let ask = try #require(operation.callbacks.credentials)
        let url = access.url
        let keys: CredentialTypes = [.sshKey, .sshCustom]

        #expect(user(ask(url, nil, .username)) == "git")
        #expect(ask(url, "git", keys) == .sshAgent(username: "git"))
        #expect(
            ask(url, "git", keys)
                == .sshKey(
                    username: "git", publicKeyPath: home.path + "/.ssh/id_ed25519.pub", privateKeyPath: home.path + "/.ssh/id_ed25519",
                    passphrase: nil))
        #expect(
            ask(url, "git", keys)
                == .sshKey(username: "git", publicKeyPath: nil, privateKeyPath: home.path + "/.ssh/id_rsa", passphrase: nil))
        #expect(ask(url, "git", keys) == nil)
        #expect(operation.offered == ["ssh-agent", "~/.ssh/id_ed25519", "~/.ssh/id_rsa"])
        #expect(operation.callbacks.maxCredentialAttempts == 4)
        #expect(operation.callbacks.certificateCheck != nil)

        // A new operation starts over; without SSH_AUTH_SOCK there is no agent.
        let again = try RemoteAccess(url: "ssh://ada@vault.example/srv/v.git", environment: [:], home: home).operation()
        #expect(user(again.callbacks.credentials?(url, "ada", keys)) == "ada")
        #expect(again.offered == ["~/.ssh/id_ed25519"])

        // A configured key replaces the defaults; a missing one is named.
        let configured = try RemoteAccess(url: url, environment: [:], home: home, sshKey: "~/.ssh/id_rsa").operation()
        #expect(user(configured.callbacks.credentials?(url, "git", keys)) == "git")
        #expect(configured.offered == ["~/.ssh/id_rsa"])
        #expect(configured.callbacks.credentials?(url, "git", keys) == nil)
        let missing = try RemoteAccess(url: url, environment: [:], home: home, sshKey: "keys/none").operation()
        #expect(missing.callbacks.credentials?(url, "git", keys) == nil)
        let failure = missing.classify(GitError(code: .auth, message: "no credentials for \(url)", function: "git_remote_fetch"))
        #expect(
            failure
                == .authenticationFailed(
                    reason: TransportProblem.sshKeyMissing(path: "~/keys/none").description,
                    problem: .sshKeyMissing(path: "~/keys/none")))
    }

    @Test func credentialsFileFormatAndLookup() throws {
        let file = try CredentialsFile(
            parsing: """
                # tokens for folio
                git_tokens:
                  GitHub.com: ghp_one
                  git.example.com:8443: glpat_two
                git_token: fallback_three
                something_later: ignored
                """, path: "credentials.yaml")
        #expect(file.token(host: "github.com", port: nil) == "ghp_one")
        #expect(file.token(host: "git.example.com", port: 8443) == "glpat_two")
        #expect(file.token(host: "git.example.com", port: nil) == "fallback_three")
        #expect(file.token(host: "elsewhere.org", port: 443) == "fallback_three")
        #expect(throws: TransportProblem.self) { try CredentialsFile(parsing: "git_tokens: [a, b]\n", path: "c.yaml") }
        #expect(throws: TransportProblem.self) { try CredentialsFile(parsing: "- just a list\n", path: "c.yaml") }
        #expect(try CredentialsFile(parsing: "", path: "c.yaml").token(host: "x", port: nil) == nil)
    }

    @Test func openCredentialsFileIsRefused() throws {
        let scratch = try Scratch()
        let home = scratch.path("home")
        let file = try scratch.write("home/.config/folio/credentials.yaml", "git_token: secret\n", mode: 0o644)
        #expect(CredentialsFile.location(home: home).path == file.path)
        let problem = try #require(throws: TransportProblem.self) {
            _ = try RemoteAccess(url: "https://git.example.com/v.git", environment: [:], home: home)
        }
        #expect(problem == .credentialsFileTooOpen(path: file.path, mode: 0o644))
        #expect(problem.description.contains("chmod 600 \(file.path)"))
        #expect(problem.message == .credentialsFileTooOpen(path: file.path))

        // Group-readable only is refused too; SSH remotes and an environment token never read the file.
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.path)
        #expect(throws: TransportProblem.credentialsFileTooOpen(path: file.path, mode: 0o640)) {
            _ = try RemoteAccess(url: "https://git.example.com/v.git", environment: [:], home: home)
        }
        _ = try RemoteAccess(url: "ssh://git.example.com/v.git", environment: [:], home: home)
        _ = try RemoteAccess(url: "https://git.example.com/v.git", environment: ["FOLIO_GIT_TOKEN": "t"], home: home)

        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        let access = try RemoteAccess(url: "https://git.example.com/v.git", environment: [:], home: home)
        #expect(
            access.operation().callbacks.credentials?(access.url, nil, .userPassword)
                == .userPassword(username: "x-access-token", password: "secret"))
    }

    @Test func plainHTTPTokensStayOnThisMachine() throws {
        let scratch = try Scratch()
        let environment = ["FOLIO_GIT_TOKEN": "tok"]
        let remote = try RemoteAccess(url: "http://git.example.com/v.git", environment: environment, home: scratch.url)
        #expect(remote.operation().callbacks.credentials?(remote.url, nil, .userPassword) == nil)
        let local = try RemoteAccess(url: "http://127.0.0.1:8080/v.git", environment: environment, home: scratch.url)
        #expect(local.operation().callbacks.credentials?(local.url, nil, .userPassword) != nil)
        // HTTPS keeps the system's TLS verdict: no certificate callback at all.
        let https = try RemoteAccess(url: "https://git.example.com/v.git", environment: environment, home: scratch.url)
        #expect(https.operation().callbacks.certificateCheck == nil)
        let operation = https.operation()
        let ask = try #require(operation.callbacks.credentials)
        #expect(ask(https.url, nil, .userPassword) == .userPassword(username: "x-access-token", password: "tok"))
        #expect(ask(https.url, nil, .userPassword) == nil)
        #expect(operation.offered == ["a token"])
    }

    @Test func missingToolsFailLoudlyWithTheFix() {
        let error = #expect(throws: HarnessError.self) {
            _ = try Tool.require("/nonexistent/sbin/sshd", package: "openssh-server")
        }
        #expect(error?.description == "/nonexistent/sbin/sshd is missing: run `make deps` (it installs openssh-server)")
    }

    @Test func classification() throws {
        let scratch = try Scratch()
        let operation = try RemoteAccess(url: "ssh://vault.example/v.git", environment: [:], home: scratch.url).operation()
        // Each failure as libgit2 1.5.1 reports it: its code, its class, and its words, which are
        // only passed on. A failure of the system carries strerror's text, from which its errno is read.
        func classify(_ code: GitError.Code, _ errorClass: GitError.ErrorClass, _ message: String) -> TransportFailure {
            operation.classify(GitError(code: code, klass: errorClass.rawValue, message: message, function: "git_remote_fetch"))
        }
        let refused = "failed to connect to 127.0.0.1: " + String(cString: strerror(ECONNREFUSED))
        #expect(classify(.other(-1), .os, refused) == .unreachable(reason: refused))
        #expect(classify(.other(-1), .net, "failed to resolve address for nowhere.invalid: Name or service not known").isUnreachable)
        #expect(classify(.other(-1), .os, "failed to connect to 10.1.1.1: " + String(cString: strerror(ENETUNREACH))).isUnreachable)
        #expect(classify(.user, .net, "timed out after 60.0 seconds").isUnreachable)
        #expect(classify(.user, .callback, "cancelled") == .cancelled)
        #expect(
            classify(.nonFastForward, .none, "remote rejected refs/heads/main: fetch first")
                == .rejectedNonFastForward(reason: "remote rejected refs/heads/main: fetch first"))
        #expect(
            classify(.auth, .none, "no credentials for ssh://vault.example/v.git")
                == .authenticationFailed(reason: "no credentials to offer", problem: .noCredentials(url: "ssh://vault.example/v.git")))
        #expect(
            classify(.certificate, .ssl, "the SSL certificate is invalid")
                == .certificateRejected(reason: "the SSL certificate is invalid", problem: nil)
        )
        // A connection that broke mid-transfer is as unreachable as one never made: nothing was lost.
        #expect(classify(.other(-1), .net, "early EOF") == .unreachable(reason: "early EOF"))
        #expect(classify(.other(-1), .net, "error sending data: Broken pipe").isUnreachable)
        #expect(classify(.other(-1), .net, "error receiving socket data: Connection reset by peer").isUnreachable)
        #expect(classify(.other(-1), .ssh, "SSH could not write data: Failure while draining incoming flow").isUnreachable)
        #expect(classify(.other(-1), .ssh, "SSH could not read data: Socket recv failed").isUnreachable)
        #expect(classify(.other(-1), .ssl, "SSL error: received early EOF").isUnreachable)
        #expect(classify(.user, .net, "timed out: nothing moved for 2 seconds").isUnreachable)
        // The git daemon's refusal comes over the network as class net, as a broken connection does.
        #expect(classify(.other(-1), .net, "remote error: access denied or repository not exported").isUnreachable)
        // The words decide nothing: the same words of another class are another failure.
        #expect(classify(.other(-1), .http, "unexpected http status code: 404") == .other(reason: "unexpected http status code: 404"))
        #expect(classify(.other(-1), .none, "early EOF") == .other(reason: "early EOF"))
        let full = "failed to write pack: " + String(cString: strerror(ENOSPC))
        #expect(classify(.other(-1), .os, full) == .diskFull(reason: full))
        let denied = "failed to write pack: " + String(cString: strerror(EACCES))
        #expect(classify(.other(-1), .os, denied) == .other(reason: denied))
        #expect(operation.classify(HarnessError(description: "odd")) == .other(reason: "odd"))

        let unreachable = TransportFailure.unreachable(reason: "Connection refused")
        #expect(unreachable.message(url: "ssh://x/v.git") == .remoteUnreachable(url: "ssh://x/v.git", reason: "Connection refused"))
        #expect(TransportFailure.rejectedNonFastForward(reason: "r").message(url: "u") == .pushRejected("r"))
    }
}

// MARK: - A real sshd

@Suite struct TransportSSHTests {
    /// What libgit2 1.5.1 hands the certificate check: the raw key blob, exactly as in known_hosts.
    @Test func libgit2GivesTheRawHostKey() throws {
        let scratch = try Scratch()
        let server = try SSHServer()
        _ = try Repository.create(at: scratch.path("hub.git"), bare: true)
        let clone = try Repository.create(at: scratch.path("clone"))
        try clone.setRemote(url: server.url(scratch.path("hub.git")))

        let seen = Locked<[HostKeyInfo]>([])
        let user = server.user
        let key = server.clientKey.path
        try clone.fetch(
            callbacks: RemoteCallbacks(
                credentials: { _, _, _ in .sshKey(username: user, publicKeyPath: nil, privateKeyPath: key, passphrase: nil) },
                certificateCheck: { info in
                    seen.withValue { $0.append(info) }
                    return true
                }),
            timeout: timeout)
        let info = try #require(seen.current.first)
        #expect(seen.current.count == 1)
        #expect(info.host == "127.0.0.1")
        #expect(info.keyType == .ed25519)
        #expect(info.rawKey == server.hostKeyBlob)
        #expect(info.sha256.map { "SHA256:" + $0 } == server.hostFingerprint)
        #expect(KnownHosts.fingerprint(of: server.hostKeyBlob) == server.hostFingerprint)
    }

    @Test func pushAndFetchWithTheDefaultKeyAndKnownHosts() throws {
        let scratch = try Scratch()
        let server = try SSHServer()
        let home = try server.makeHome(at: scratch.path("home"))
        let hub = scratch.path("hub.git")
        _ = try Repository.create(at: hub, bare: true)
        let url = server.url(hub)
        let access = try RemoteAccess(url: url, environment: [:], home: home)

        let alice = try Repository.create(at: scratch.path("alice"))
        try alice.setRemote(url: url)
        let first = try alice.commitFiles(["a.md": "one\n"], "one", minute: 0)
        let pushes = Locked(0)
        let push = access.operation(pushProgress: { _ in pushes.withValue { $0 += 1 } })
        try alice.push(refspec: "refs/heads/main:refs/heads/main", callbacks: push.callbacks, timeout: timeout)
        #expect(try Tool.git(["rev-parse", "refs/heads/main"], in: hub) == first.hex)
        #expect(push.offered == ["~/.ssh/id_ed25519"])
        #expect(push.hostKey?.verdict == .trusted)
        #expect(push.hostKey?.report.fingerprint == server.hostFingerprint)
        #expect(push.hostKeyProblem == nil)
        #expect(pushes.current > 0)
        #expect(server.log.contains("Accepted publickey for \(server.user)"))

        let bob = try Repository.create(at: scratch.path("bob"))
        try bob.setRemote(url: url)
        let received = Locked(0)
        try access.perform(transferProgress: { _ in received.withValue { $0 += 1 } }) { callbacks in
            try bob.fetch(callbacks: callbacks, timeout: timeout)
        }
        #expect(try bob.reference(named: "refs/remotes/origin/main") == first)
        #expect(received.current > 0)

        // A push that would lose alice's commit is classified as such.
        try bob.fastForward(to: first)
        try bob.commitFiles(["b.md": "bob\n"], "bob", minute: 1)
        try access.perform { try bob.push(refspec: "refs/heads/main:refs/heads/main", callbacks: $0, timeout: timeout) }
        try alice.commitFiles(["a.md": "two\n"], "alice", minute: 2)
        let refused = failure(of: access.operation()) {
            try alice.push(refspec: "refs/heads/main:refs/heads/main", callbacks: $0, timeout: timeout)
        }
        guard case .rejectedNonFastForward = refused else {
            Issue.record("expected a non-fast-forward rejection, got \(String(describing: refused))")
            return
        }
    }

    @Test func unknownHostIsRefusedWithItsFingerprint() throws {
        let scratch = try Scratch()
        let server = try SSHServer()
        let home = try server.makeHome(at: scratch.path("home"), trusted: false)
        try scratch.write("home/.ssh/known_hosts", "# nothing trusted yet\n")
        _ = try Repository.create(at: scratch.path("hub.git"), bare: true)
        let url = server.url(scratch.path("hub.git"))
        let clone = try Repository.create(at: scratch.path("clone"))
        try clone.setRemote(url: url)

        let operation = try RemoteAccess(url: url, environment: [:], home: home).operation()
        let refused = failure(of: operation) { try clone.fetch(callbacks: $0, timeout: timeout) }
        let expected = HostKeyReport(
            host: "127.0.0.1", port: server.port, keyType: "ssh-ed25519", keyLabel: "ED25519", fingerprint: server.hostFingerprint)
        #expect(refused == .hostKeyRefused(.unknownHost(expected)))
        #expect(expected.hostLabel == "[127.0.0.1]:\(server.port)")
        #expect(expected.trustCommand == "ssh-keyscan -p \(server.port) 127.0.0.1 >> ~/.ssh/known_hosts")
        #expect(
            refused?.message(url: url)
                == .unknownHost(
                    host: "[127.0.0.1]:\(server.port)", key: "ED25519 key \(server.hostFingerprint)",
                    command: "ssh-keyscan -p \(server.port) 127.0.0.1 >> ~/.ssh/known_hosts"))
        #expect(operation.offered.isEmpty)  // refused before any key went out
        #expect(!server.log.contains("Accepted publickey"))

        // Trusting it as the message says makes the same fetch work.
        try (server.knownHostsLine + "\n").write(to: home.appendingPathComponent(".ssh/known_hosts"), atomically: true, encoding: .utf8)
        try RemoteAccess(url: url, environment: [:], home: home).perform { try clone.fetch(callbacks: $0, timeout: timeout) }
    }

    @Test func changedAndRevokedHostKeysAreRefused() throws {
        let scratch = try Scratch()
        let server = try SSHServer()
        let home = try server.makeHome(at: scratch.path("home"), trusted: false)
        _ = try Repository.create(at: scratch.path("hub.git"), bare: true)
        let url = server.url(scratch.path("hub.git"))
        let clone = try Repository.create(at: scratch.path("clone"))
        try clone.setRemote(url: url)
        let knownHosts = home.appendingPathComponent(".ssh/known_hosts")
        let report = HostKeyReport(
            host: "127.0.0.1", port: server.port, keyType: "ssh-ed25519", keyLabel: "ED25519", fingerprint: server.hostFingerprint)

        try (line("[127.0.0.1]:\(server.port)", blob("ssh-ed25519", 9)) + "\n").write(to: knownHosts, atomically: true, encoding: .utf8)
        let first = failure(of: try RemoteAccess(url: url, environment: [:], home: home).operation()) {
            try clone.fetch(callbacks: $0, timeout: timeout)
        }
        #expect(first == .hostKeyRefused(.hostKeyChanged(report)))

        let revoked = "\(server.knownHostsLine)\n@revoked * \(server.hostPublicKey)\n"
        try revoked.write(to: knownHosts, atomically: true, encoding: .utf8)
        let second = failure(of: try RemoteAccess(url: url, environment: [:], home: home).operation()) {
            try clone.fetch(callbacks: $0, timeout: timeout)
        }
        #expect(second == .hostKeyRefused(.hostKeyRevoked(report)))
        #expect(second?.message(url: url) == .hostKeyRevoked(host: "[127.0.0.1]:\(server.port)"))

        // /etc/ssh/ssh_known_hosts-style second files are read too.
        try "".write(to: knownHosts, atomically: true, encoding: .utf8)
        let global = try scratch.write("ssh_known_hosts", server.knownHostsLine + "\n")
        try RemoteAccess(url: url, environment: [:], home: home, knownHostsFiles: [knownHosts, global]).perform {
            try clone.fetch(callbacks: $0, timeout: timeout)
        }
    }

    @Test func wrongKeyIsAnAuthenticationFailure() throws {
        let scratch = try Scratch()
        let server = try SSHServer()
        let stranger = try SSHServer.makeUnauthorisedKey(at: scratch.path("stranger"))
        let home = try server.makeHome(at: scratch.path("home"), key: stranger)
        _ = try Repository.create(at: scratch.path("hub.git"), bare: true)
        let url = server.url(scratch.path("hub.git"))
        let clone = try Repository.create(at: scratch.path("clone"))
        try clone.setRemote(url: url)

        let operation = try RemoteAccess(url: url, environment: [:], home: home).operation()
        let refused = failure(of: operation) { try clone.fetch(callbacks: $0, timeout: timeout) }
        #expect(refused == .authenticationFailed(reason: "refused ~/.ssh/id_ed25519", problem: nil))
        #expect(operation.offered == ["~/.ssh/id_ed25519"])
        #expect(operation.hostKey?.verdict == .trusted)
        #expect(!server.log.contains("Accepted publickey"))
        #expect(refused?.message(url: url) == .authenticationFailed(url: url, reason: "refused ~/.ssh/id_ed25519"))

        // No key at all: nothing to offer.
        try FileManager.default.removeItem(at: home.appendingPathComponent(".ssh/id_ed25519"))
        let bare = try RemoteAccess(url: url, environment: [:], home: home).operation()
        #expect(
            failure(of: bare) { try clone.fetch(callbacks: $0, timeout: timeout) }
                == .authenticationFailed(reason: "no credentials to offer", problem: .noCredentials(url: url)))
    }

    @Test func nextKeyAfterARefusedOneAndTheConfiguredKey() throws {
        let scratch = try Scratch()
        let server = try SSHServer()
        let stranger = try SSHServer.makeUnauthorisedKey(at: scratch.path("stranger"))
        let home = try server.makeHome(at: scratch.path("home"), key: stranger)
        // The authorised key under the second default name: offered after the refused id_ed25519.
        try FileManager.default.copyItem(at: server.clientKey, to: home.appendingPathComponent(".ssh/id_rsa"))
        _ = try Repository.create(at: scratch.path("hub.git"), bare: true)
        let url = server.url(scratch.path("hub.git"))
        let clone = try Repository.create(at: scratch.path("clone"))
        try clone.setRemote(url: url)

        let operation = try RemoteAccess(url: url, environment: [:], home: home).operation()
        try clone.fetch(callbacks: operation.callbacks, timeout: timeout)
        #expect(operation.offered == ["~/.ssh/id_ed25519", "~/.ssh/id_rsa"])

        // sync.ssh_key: only that key is offered (here the server's authorised key, outside ~).
        let configured = try RemoteAccess(url: url, environment: [:], home: home, sshKey: server.clientKey.path).operation()
        try clone.fetch(callbacks: configured.callbacks, timeout: timeout)
        #expect(configured.offered == [server.clientKey.path])
        let strangerOnly = try RemoteAccess(url: url, environment: [:], home: home, sshKey: stranger.path).operation()
        #expect(
            failure(of: strangerOnly) { try clone.fetch(callbacks: $0, timeout: timeout) }
                == .authenticationFailed(reason: "refused \(stranger.path)", problem: nil))
    }

    @Test func stoppedServersAreUnreachable() throws {
        let scratch = try Scratch()
        let server = try SSHServer()
        let home = try server.makeHome(at: scratch.path("home"))
        _ = try Repository.create(at: scratch.path("hub.git"), bare: true)
        let url = server.url(scratch.path("hub.git"))
        let clone = try Repository.create(at: scratch.path("clone"))
        try clone.setRemote(url: url)
        let access = try RemoteAccess(url: url, environment: [:], home: home)
        try access.perform { try clone.fetch(callbacks: $0, timeout: timeout) }
        server.stop()
        #expect(server.log.contains("Received signal 15"))  // SIGTERM reached sshd: its mask was cleared
        let failed = failure(of: access.operation()) { try clone.fetch(callbacks: $0, timeout: timeout) }
        guard case .unreachable(let reason) = failed else {
            Issue.record("expected unreachable, got \(String(describing: failed))")
            return
        }
        #expect(reason.contains("Connection refused"))
    }
}

// MARK: - git daemon and HTTP

@Suite struct TransportNetworkTests {
    @Test func stoppedGitDaemonIsUnreachable() throws {
        let scratch = try Scratch()
        _ = try Repository.create(at: scratch.path("hub.git"), bare: true)
        let daemon = try GitDaemon(serving: scratch.url)
        let url = daemon.url("hub.git")
        let alice = try Repository.create(at: scratch.path("alice"))
        try alice.setRemote(url: url)
        let first = try alice.commitFiles(["a.md": "one\n"], "one", minute: 0)
        let access = try RemoteAccess(url: url, environment: [:], home: scratch.url)
        try access.perform { try alice.push(refspec: "refs/heads/main:refs/heads/main", callbacks: $0, timeout: timeout) }
        #expect(try Tool.git(["rev-parse", "refs/heads/main"], in: scratch.path("hub.git")) == first.hex)

        daemon.stop()
        do {
            try access.perform { try alice.fetch(callbacks: $0, timeout: timeout) }
            Issue.record("fetch from a stopped daemon succeeded")
        } catch {
            guard case .unreachable(let reason) = error else {
                Issue.record("expected unreachable, got \(error)")
                return
            }
            #expect(reason.contains("Connection refused"))
            #expect(error.message(url: url) == .remoteUnreachable(url: url, reason: reason))
        }
    }

    @Test func tokenFromTheEnvironmentGoesInTheAuthorizationHeader() throws {
        let scratch = try Scratch()
        let server = try RecordingHTTPServer()
        let clone = try Repository.create(at: scratch.path("clone"))
        let url = server.url("vault.git")
        try clone.setRemote(url: url)
        // A too-open credentials file is not even read when the environment has the token.
        try scratch.write("home/.config/folio/credentials.yaml", "git_token: from-file\n", mode: 0o644)

        let operation = try RemoteAccess(url: url, environment: ["FOLIO_GIT_TOKEN": "s3cr3t-env"], home: scratch.path("home"))
            .operation()
        let failed = failure(of: operation) { try clone.fetch(callbacks: $0, timeout: timeout) }
        #expect(failed == .authenticationFailed(reason: "refused a token", problem: nil))
        let expected = "Basic " + Data("x-access-token:s3cr3t-env".utf8).base64EncodedString()
        #expect(server.authorizations.current == [expected])  // sent once, then given up
        #expect(server.requests.current.first?.hasPrefix("GET /vault.git/info/refs?service=git-upload-pack") == true)
    }

    @Test func tokenFromTheCredentialsFileWithTheURLsUser() throws {
        let scratch = try Scratch()
        let server = try RecordingHTTPServer()
        let clone = try Repository.create(at: scratch.path("clone"))
        let url = "http://ada@127.0.0.1:\(server.port)/vault.git"
        try clone.setRemote(url: url)
        try scratch.write(
            "home/.config/folio/credentials.yaml", "git_tokens:\n  127.0.0.1:\(server.port): from-file\n", mode: 0o600)

        let access = try RemoteAccess(url: url, environment: [:], home: scratch.path("home"))
        #expect(throws: TransportFailure.authenticationFailed(reason: "refused a token", problem: nil)) {
            try access.perform { try clone.fetch(callbacks: $0, timeout: timeout) }
        }
        // libgit2 first tries the URL's user with an empty password on its own, then asks the callback.
        #expect(
            server.authorizations.current == [
                "Basic " + Data("ada:".utf8).base64EncodedString(), "Basic " + Data("ada:from-file".utf8).base64EncodedString(),
            ])
    }
}

// MARK: - Where a token may go

@Suite struct TokenDestinationTests {
    /// A server on 127.0.0.1 that redirects every request to `elsewhere` on `host`.
    private func redirecting(to elsewhere: RecordingHTTPServer, host: String = "localhost") throws -> RecordingHTTPServer {
        try RecordingHTTPServer { line, _ in
            let path = line.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
            return Array(
                "HTTP/1.1 302 Found\r\nLocation: http://\(host):\(elsewhere.port)\(path)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                    .utf8)
        }
    }

    @Test(arguments: ["environment", "file for the host", "file for any host", "URL"])
    func aTokenNeverFollowsARedirectToAnotherHost(source: String) throws {
        let scratch = try Scratch()
        let elsewhere = try RecordingHTTPServer()
        let moved = try redirecting(to: elsewhere)
        let clone = try Repository.create(at: scratch.path("clone"))
        var url = moved.url("vault.git")
        var environment: [String: String] = [:]
        switch source {
        case "environment": environment["FOLIO_GIT_TOKEN"] = "token-for-127-only"
        case "file for the host":
            try scratch.write("home/.config/folio/credentials.yaml", "git_tokens:\n  127.0.0.1: token-for-127-only\n", mode: 0o600)
        case "file for any host": try scratch.write("home/.config/folio/credentials.yaml", "git_token: token-for-127-only\n", mode: 0o600)
        default: url = "http://ada:token-for-127-only@127.0.0.1:\(moved.port)/vault.git"
        }
        try clone.setRemote(url: url)
        let access = try RemoteAccess(url: url, environment: environment, home: scratch.path("home"))
        let failure = #expect(throws: TransportFailure.self) { try access.perform { try clone.fetch(callbacks: $0, timeout: timeout) } }
        guard case .redirectRefused(let reason)? = failure else {
            Issue.record("expected a refused redirect, got \(String(describing: failure))")
            return
        }
        #expect(reason.contains("localhost"))
        #expect(failure?.message(url: url) == .remote(.redirectRefused(url: url, detail: reason)))
        #expect(elsewhere.requests.current.isEmpty, "\(elsewhere.requests.current)")
        #expect(elsewhere.authorizations.current.isEmpty)
    }

    @Test func theCallbackOffersNoTokenForAnotherURLThanTheRemotes() throws {
        let scratch = try Scratch()
        let access = try RemoteAccess(
            url: "https://git.example.com/v.git", environment: ["FOLIO_GIT_TOKEN": "tok-123456"], home: scratch.url)
        for other in ["https://evil.example/v.git", "https://git.example.com:8443/v.git", "http://git.example.com/v.git"] {
            #expect(access.operation().callbacks.credentials?(other, nil, .userPassword) == nil, "\(other)")
        }
        #expect(access.operation().callbacks.credentials?("https://GIT.example.com/other.git", nil, .userPassword) != nil)
    }

    @Test func aNameThatOnlyStartsWith127IsNotThisMachine() throws {
        let scratch = try Scratch()
        let access = try RemoteAccess(
            url: "http://127.0.0.1.attacker.example/v.git", environment: ["FOLIO_GIT_TOKEN": "tok-123456"], home: scratch.url)
        #expect(access.operation().callbacks.credentials?(access.url, nil, .userPassword) == nil)
    }

    @Test(arguments: ["environment", "URL"])
    func noTokenCrossesTheNetworkInClearText(source: String) throws {
        guard let address = nonLoopbackAddress() else {
            Issue.record("skipped: this machine has no address besides loopback to serve plain HTTP on")
            return
        }
        let scratch = try Scratch()
        let server = try RecordingHTTPServer(address: address)
        let clone = try Repository.create(at: scratch.path("clone"))
        var environment: [String: String] = [:]
        var url = "http://\(address):\(server.port)/vault.git"
        if source == "environment" {
            environment["FOLIO_GIT_TOKEN"] = "cleartext-token-42"
        } else {
            url = "http://ada:cleartext-token-42@\(address):\(server.port)/vault.git"
        }
        try clone.setRemote(url: url)
        let access = try RemoteAccess(url: url, environment: environment, home: scratch.url)
        let failure = #expect(throws: TransportFailure.self) { try access.perform { try clone.fetch(callbacks: $0, timeout: timeout) } }
        let shown = "http://\(source == "URL" ? "ada@" : "")\(address):\(server.port)/vault.git"
        #expect(
            failure
                == .authenticationFailed(
                    reason: TransportProblem.cleartextRemote(url: shown).description, problem: .cleartextRemote(url: shown)))
        #expect(failure?.message(url: url) == .remote(.cleartextRemote(url: shown)))
        let passwords = server.authorizations.current.compactMap(RecordingHTTPServer.basicPassword)
        #expect(!passwords.contains("cleartext-token-42"), "\(passwords)")
        #expect(!server.requests.current.isEmpty, "the server was never asked")
    }

    @Test func aTimedOutTransferSaysWhichLimitAndSetting() {
        let hit = TransferLimitHit(limit: .total(.seconds(600)), phase: .resolving(host: "git.example.com"))
        let failure = TransportFailure.timedOut(hit)
        #expect(failure.isUnreachable)
        let message = failure.message(url: "https://git.example.com/v.git")
        #expect(
            message
                == .remote(
                    .timedOut(
                        url: "https://git.example.com/v.git",
                        limit: NetworkLimit(
                            kind: .total(seconds: 600), phase: .resolving(host: "git.example.com"), setting: "sync.deadline"))))
        #expect(
            message.text(.en)
                == "gave up on the remote https://git.example.com/v.git: looking up git.example.com: it took longer than 600 seconds in all (sync.deadline). Nothing is lost: everything is committed on this device and goes out with the next sync."
        )
        let slow = TransportFailure.timedOut(
            TransferLimitHit(limit: .tooSlow(.init(bytesPerSecond: 16, window: .seconds(60))), phase: .transferring))
        #expect(slow.message(url: "u").text(.en).contains("less than 16 bytes a second moved over 60 seconds (sync.timeout)"))
    }
}
