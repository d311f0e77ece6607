import Clibgit2
import Foundation
import TestSupport
import Testing

@testable import Git

/// Drives the real C trampolines directly, for the SSH paths no local server here can exercise.
@Suite struct CallbackTests {
    /// A box installed into a fresh `git_remote_callbacks`, as fetch and push do.
    final class Installed {
        let box: CallbackBox
        var raw = git_remote_callbacks()

        init(_ callbacks: RemoteCallbacks) throws {
            try initializeLibrary()
            box = CallbackBox(
                callbacks: callbacks, function: "git_remote_fetch", limits: TransferLimits(), url: "ssh://vault.example/journal.git")
            _ = git_remote_init_callbacks(&raw, UInt32(GIT_REMOTE_CALLBACKS_VERSION))
            box.install(into: &raw)
        }

        func hostKey(sha256Bytes: [UInt8], type: git_cert_ssh_raw_type_t, rawKey: [UInt8], host: String) throws -> Int32 {
            let check = try #require(raw.certificate_check)
            var key = git_cert_hostkey()
            key.parent.cert_type = GIT_CERT_HOSTKEY_LIBSSH2
            key.type = git_cert_ssh_t(GIT_CERT_SSH_SHA256.rawValue | GIT_CERT_SSH_RAW.rawValue)
            withUnsafeMutableBytes(of: &key.hash_sha256) { bytes in
                for (position, byte) in sha256Bytes.enumerated() { bytes[position] = byte }
            }
            key.raw_type = type
            return rawKey.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    key.hostkey = chars.baseAddress
                    key.hostkey_len = chars.count
                    return withUnsafeMutablePointer(to: &key) { pointer in
                        pointer.withMemoryRebound(to: git_cert.self, capacity: 1) { cert in
                            check(cert, 0, host, raw.payload)
                        }
                    }
                }
            }
        }

        func credential(url: String, username: String?, allowed: git_credential_t) throws -> (Int32, git_credential_t?) {
            let acquire = try #require(raw.credentials)
            var out: UnsafeMutablePointer<git_credential>?
            let code = acquire(&out, url, username, allowed.rawValue, raw.payload)
            defer { git_credential_free(out) }
            return (code, out?.pointee.credtype)
        }
    }

    @Test func hostKeyDecisionsReachTheCaller() throws {
        let seen = Locked<[HostKeyInfo]>([])
        let trusted = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8"
        let installed = try Installed(
            RemoteCallbacks(certificateCheck: { info in
                seen.withValue { $0.append(info) }
                return info.sha256 == trusted
            }))

        let accepted = try installed.hostKey(
            sha256Bytes: Array(0..<32), type: GIT_CERT_SSH_RAW_TYPE_KEY_ED25519, rawKey: Array("key".utf8), host: "vault.example")
        #expect(accepted == 0)
        #expect(installed.box.stashed == nil)
        #expect(
            seen.current == [
                HostKeyInfo(
                    host: "vault.example", sha256: trusted, keyType: .ed25519, rawKey: Data("key".utf8), knownHostsMatch: false)
            ])

        let rejected = try installed.hostKey(
            sha256Bytes: Array(repeating: 7, count: 32), type: GIT_CERT_SSH_RAW_TYPE_RSA, rawKey: [1], host: "evil.example")
        #expect(rejected == GIT_ECERTIFICATE.rawValue)
        #expect(seen.current.last?.keyType == .rsa)
        let error = try #require(throws: GitError.self) { try installed.box.finish(rejected) }
        #expect(error.code == .certificate)
        #expect(error.message.contains("evil.example"))
        #expect(error.function == "git_remote_fetch")
    }

    @Test func tlsCertificatesKeepTheSystemVerdict() throws {
        let installed = try Installed(RemoteCallbacks(certificateCheck: { _ in false }))
        let check = try #require(installed.raw.certificate_check)
        var cert = git_cert(cert_type: GIT_CERT_X509)
        #expect(check(&cert, 1, "example.com", installed.raw.payload) == GIT_PASSTHROUGH.rawValue)
        #expect(installed.box.stashed == nil)
    }

    @Test func sshUserNameRequestIsNotAnAttempt() throws {
        let asked = Locked<[CredentialTypes]>([])
        let installed = try Installed(
            RemoteCallbacks(credentials: { _, _, allowed in
                asked.withValue { $0.append(allowed) }
                return .sshKey(username: "git", publicKeyPath: nil, privateKeyPath: "/nonexistent/id_ed25519", passphrase: nil)
            }))
        let url = "ssh://vault.example/journal.git"

        let name = try installed.credential(url: url, username: nil, allowed: GIT_CREDENTIAL_USERNAME)
        #expect(name.0 == 0)
        #expect(name.1 == GIT_CREDENTIAL_USERNAME)
        #expect(installed.box.credentialAttempts == 0)

        let allowed = git_credential_t(GIT_CREDENTIAL_SSH_KEY.rawValue | GIT_CREDENTIAL_SSH_CUSTOM.rawValue)
        for _ in 0..<3 {
            let key = try installed.credential(url: url, username: "git", allowed: allowed)
            #expect(key.0 == 0)
            #expect(key.1 == GIT_CREDENTIAL_SSH_KEY)
        }
        let fourth = try installed.credential(url: url, username: "git", allowed: allowed)
        #expect(fourth.0 < 0)
        #expect(fourth.1 == nil)
        #expect(asked.current.count == 4)
        #expect(asked.current.first == .username)
        let error = try #require(throws: GitError.self) { try installed.box.finish(fourth.0) }
        #expect(error.code == .auth)
    }

    @Test func credentialsWithNULBytesAreRefused() throws {
        let installed = try Installed(
            RemoteCallbacks(credentials: { _, _, _ in
                .userPassword(username: "ada", password: "se\u{0}cret")
            }))
        let result = try installed.credential(url: "https://example.com/x.git", username: nil, allowed: GIT_CREDENTIAL_USERPASS_PLAINTEXT)
        #expect(result.0 < 0)
        #expect(installed.box.stashed?.code == .invalid)
    }
}
