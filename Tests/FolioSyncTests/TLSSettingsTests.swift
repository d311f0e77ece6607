import Foundation
import Git
import Testing

@testable import FolioSync

/// Which CAs and whether to check, from git's settings and the environment, in git's order.
@Suite("TLS settings as git reads them")
struct TLSSettingsTests {
    let home = URL(fileURLWithPath: "/home/ada")
    let url = "https://git.example.com:8443/team/vault.git"

    @Test("nothing configured: the system's CAs, checks on")
    func defaults() {
        let settings = TLSSettings.configured([], for: url, environment: [:], home: home)
        #expect(settings == .system)
        #expect(settings.verify && settings.fileSetting == nil && settings.configuredTrust == nil)
        #expect(settings.trust.file != nil, "OpenSSL names the system's CA file")
    }

    @Test("a setting scoped to the remote's URL wins over an unscoped one whatever the order; ~ is the home folder")
    func scopes() {
        let entries: [(name: String, value: String)] = [
            ("http.https://git.example.com:8443/team.sslcainfo", "~/ca/team.pem"),
            ("http.sslcainfo", "/etc/ca/general.pem"),
            ("http.https://other.example.com.sslcainfo", "/etc/ca/other.pem"),
            ("http.sslcapath", "/etc/ca/folder"),
        ]
        let settings = TLSSettings.configured(entries, for: url, environment: [:], home: home)
        #expect(settings.trust.file == "/home/ada/ca/team.pem")
        #expect(settings.fileSetting == "http.https://git.example.com:8443/team.sslCAInfo")
        #expect(settings.trust.folder == "/etc/ca/folder" && settings.folderSetting == "http.sslCAPath")
        let elsewhere = TLSSettings.configured(entries, for: "https://git.example.com/team/vault.git", environment: [:], home: home)
        #expect(elsewhere.trust.file == "/etc/ca/general.pem", "another port is another server")
    }

    @Test("git's variables override the settings; OpenSSL's count only where git names nothing")
    func environment() {
        let entries: [(name: String, value: String)] = [("http.sslcainfo", "/etc/ca/setting.pem"), ("http.sslverify", "true")]
        let both = TLSSettings.configured(
            entries, for: url, environment: ["GIT_SSL_CAINFO": "/env/git.pem", "SSL_CERT_FILE": "/env/openssl.pem"], home: home)
        #expect(both.trust.file == "/env/git.pem" && both.fileSetting == "GIT_SSL_CAINFO")
        let openssl = TLSSettings.configured([], for: url, environment: ["SSL_CERT_FILE": "/env/openssl.pem"], home: home)
        #expect(openssl.trust.file == "/env/openssl.pem" && openssl.fileSetting == "SSL_CERT_FILE")
        let setting = TLSSettings.configured(entries, for: url, environment: ["SSL_CERT_FILE": "/env/openssl.pem"], home: home)
        #expect(setting.trust.file == "/etc/ca/setting.pem")
        let folderOnly = TLSSettings.configured([], for: url, environment: ["SSL_CERT_DIR": "/env/certs"], home: home)
        #expect(folderOnly.trust.folder == "/env/certs" && folderOnly.trust.file == CertificateTrust.system.file)
        #expect(both.verify)
        let off = TLSSettings.configured(entries, for: url, environment: ["GIT_SSL_NO_VERIFY": "1"], home: home)
        #expect(!off.verify && off.verifySetting == "GIT_SSL_NO_VERIFY")
    }

    @Test("http.sslVerify: only git's words for false turn the checks off")
    func verify() {
        for (value, verifies) in [("false", false), ("No", false), ("off", false), ("0", false), ("true", true), ("yes", true), ("", true)]
        {
            let settings = TLSSettings.configured([("http.sslverify", value)], for: url, environment: [:], home: home)
            #expect(settings.verify == verifies, "http.sslVerify = \(value)")
            if !verifies { #expect(settings.verifySetting == "http.sslVerify") }
        }
        let scoped = TLSSettings.configured(
            [("http.https://git.example.com:8443.sslverify", "false"), ("http.sslverify", "true")], for: url, environment: [:], home: home)
        #expect(!scoped.verify && scoped.verifySetting == "http.https://git.example.com:8443.sslVerify")
    }

    @Test("a certificate that is not one is never trusted")
    func garbage() {
        let certificate = ServerCertificate(der: Array("not a certificate".utf8), host: "127.0.0.1", trustedByHandshake: false)
        #expect(certificate.problem(trust: .system) != nil)
        #expect(certificate.names.isEmpty && certificate.notAfter == nil)
        #expect(ServerCertificate(der: [], host: "example.com", trustedByHandshake: false).problem(trust: .system) != nil)
    }
}
