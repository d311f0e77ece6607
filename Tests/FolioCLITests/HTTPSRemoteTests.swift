import Foundation
import TestSupport
import Testing

/// A vault on the user's own HTTPS git server, as people run one at home: nginx and
/// `git http-backend` with a login, behind a certificate of their own CA made for the server's IP
/// address. folio trusts what git's settings trust, asks git's `store` helper for the password,
/// and says in the user's language why it refused a certificate and what to run.
@Suite("HTTPS remotes with a private CA, as git's settings name it", .serialized)
struct HTTPSRemoteTests {
    /// A vault with one idea, pushed to `server`'s `vault.git` by the real git (which trusts the CA).
    func seeded(_ server: HTTPSGitServer, scratch: Scratch, checked: Bool = true) throws {
        try server.makeRepository("vault.git")
        var a = FolioProcess(directory: scratch.path("A"), scratch: scratch)
        try FileManager.default.createDirectory(at: a.directory, withIntermediateDirectories: true)
        a.environment["FOLIO_DEVICE"] = "A"
        #expect(try a.run("init", ".", "--name", "林小雨", "--language", "en").status == 0)
        #expect(try a.run("idea", "在家架自己的 git 伺服器").status == 0)
        let withLogin = server.url("vault.git").replacingOccurrences(
            of: "https://", with: "https://\(server.user):\(server.password)@")
        _ = try Tool.run(
            try Tool.find("git", package: "git"),
            ["-c", checked ? "http.sslCAInfo=\(server.caFile.path)" : "http.sslVerify=false", "push", "-q", withLogin, "main"],
            in: a.directory, environment: Tool.environment(home: scratch.path("A-home")))
    }

    /// A device whose git keeps the server's password in git's `store` helper, as `git push` left it.
    func device(_ name: String, _ server: HTTPSGitServer, scratch: Scratch) throws -> FolioProcess {
        var device = FolioProcess(directory: scratch.url, scratch: scratch)
        let home = scratch.path("home-\(name)")
        device.environment["HOME"] = home.path
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let stored = home.appendingPathComponent(".git-credentials")
        try "https://\(server.user):\(server.password)@127.0.0.1:\(server.port)\n".write(to: stored, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: stored.path)
        try gitConfig(device, "credential.helper", "store")
        device.environment["FOLIO_DEVICE"] = name
        return device
    }

    func gitConfig(_ device: FolioProcess, _ key: String, _ value: String) throws {
        _ = try Tool.run(
            try Tool.find("git", package: "git"), ["config", "--global", key, value], in: device.directory,
            environment: device.environment)
    }

    @Test("a server of the user's own CA, named by IP: refused with the fix in both languages, then trusted through http.sslCAInfo")
    func privateCAByAddress() throws {
        let scratch = try Scratch("https")
        let server = try HTTPSGitServer()
        try seeded(server, scratch: scratch)
        var b = try device("B", server, scratch: scratch)

        let refused = try b.run("clone", server.url("vault.git"), "B")
        #expect(refused.status != 0)
        #expect(
            refused.stderr.contains("folio does not trust the certificate of 127.0.0.1")
                && refused.stderr.contains("it was not issued by a CA this device trusts")
                && refused.stderr.contains("git config http.sslCAInfo"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("B").path), "a refused clone leaves no folder")
        #expect(!server.log.contains("user \"ada\""), "the password went to a server whose certificate was refused")

        b.environment["LANG"] = "zh_TW.UTF-8"
        let chinese = try b.run("clone", server.url("vault.git"), "B")
        #expect(
            chinese.status != 0 && chinese.stderr.contains("folio 不信任 127.0.0.1 的憑證")
                && chinese.stderr.contains("git config http.sslCAInfo 憑證機構.pem"), "\(chinese.stderr)")
        b.environment["LANG"] = "C.UTF-8"

        try gitConfig(b, "http.sslCAInfo", server.caFile.path)
        let cloned = try b.run("clone", server.url("vault.git"), "B")
        #expect(cloned.status == 0, "\(cloned.stderr) \(server.log)")
        let environment = b.environment
        b = FolioProcess(directory: scratch.path("B"), scratch: scratch)
        b.environment = environment
        #expect(try b.run("list").stdout.contains("在家架自己的 git 伺服器"))

        #expect(try b.run("idea", "從 B 推上去").status == 0)
        let synced = try b.run("sync")
        #expect(synced.status == 0, "\(synced.stderr)")
        let bare = server.repositories.appendingPathComponent("vault.git")
        #expect(try Tool.git(["log", "-1", "--format=%s", "main"], in: bare).contains("從 B 推上去"))
        // git's store helper was told the password worked, and keeps it.
        let home = URL(fileURLWithPath: b.environment["HOME"] ?? "")
        #expect(try String(contentsOf: home.appendingPathComponent(".git-credentials"), encoding: .utf8).contains("ada:"))
    }

    @Test("SSL_CERT_FILE, http.sslCAPath and a setting scoped to the server's URL trust the CA; GIT_SSL_CAINFO wins over the setting")
    func whereTheCAIsNamed() throws {
        let scratch = try Scratch("https-settings")
        let server = try HTTPSGitServer()
        try seeded(server, scratch: scratch)
        var b = try device("B", server, scratch: scratch)

        b.environment["SSL_CERT_FILE"] = server.caFile.path
        let byEnvironment = try b.run("clone", server.url("vault.git"), "by-environment")
        #expect(byEnvironment.status == 0, "\(byEnvironment.stderr)")
        b.environment["SSL_CERT_FILE"] = nil

        try gitConfig(b, "http.sslCAPath", server.caFolder.path)
        let byFolder = try b.run("clone", server.url("vault.git"), "by-folder")
        #expect(byFolder.status == 0, "\(byFolder.stderr)")
        _ = try Tool.run(
            try Tool.find("git", package: "git"), ["config", "--global", "--unset", "http.sslCAPath"], in: scratch.url,
            environment: b.environment)

        try gitConfig(b, "http.https://other.example.org/.sslCAInfo", server.caFile.path)
        let otherScope = try b.run("clone", server.url("vault.git"), "other-scope")
        #expect(otherScope.status != 0 && otherScope.stderr.contains("not issued by a CA this device trusts"), "\(otherScope.stderr)")
        try gitConfig(b, "http.https://127.0.0.1:\(server.port)/git/.sslCAInfo", server.caFile.path)
        let scoped = try b.run("clone", server.url("vault.git"), "scoped")
        #expect(scoped.status == 0, "\(scoped.stderr)")

        // As in git, the environment's GIT_SSL_CAINFO overrides every setting: here, a file without the CA.
        b.environment["GIT_SSL_CAINFO"] = scratch.path("A/.folio/config.yaml").path
        let overridden = try b.run("clone", server.url("vault.git"), "overridden")
        #expect(overridden.status != 0)
        #expect(overridden.stderr.contains("that GIT_SSL_CAINFO names cannot be read, or holds no certificate"), "\(overridden.stderr)")
        b.environment["GIT_SSL_CAINFO"] = scratch.path("no-such-ca.pem").path
        let missing = try b.run("clone", server.url("vault.git"), "missing")
        #expect(
            missing.status != 0 && missing.stderr.contains("no-such-ca.pem that GIT_SSL_CAINFO names cannot be read"), "\(missing.stderr)")
    }

    @Test("http.sslVerify false: a warning, an open remote is read, and no password goes to a server nobody checked")
    func checksOff() throws {
        let scratch = try Scratch("https-unchecked")
        let server = try HTTPSGitServer()
        try seeded(server, scratch: scratch)
        let b = try device("B", server, scratch: scratch)
        try gitConfig(b, "http.sslVerify", "false")

        let open = try b.run("clone", server.openURL("vault.git"), "open")
        #expect(open.status == 0, "\(open.stderr)")
        #expect(open.stderr.contains("warning: http.sslVerify turns certificate checks off"), "\(open.stderr)")
        #expect(open.stderr.components(separatedBy: "turns certificate checks off").count == 2, "said once: \(open.stderr)")
        var inOpen = FolioProcess(directory: scratch.path("open"), scratch: scratch)
        inOpen.environment = b.environment
        let synced = try inOpen.run("sync")
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(synced.stderr.components(separatedBy: "turns certificate checks off").count == 2, "said once a sync: \(synced.stderr)")

        let login = try b.run("clone", server.url("vault.git"), "login")
        #expect(login.status != 0)
        #expect(
            login.stderr.contains("asks for a login, and http.sslVerify turns certificate checks off")
                && login.stderr.contains("folio sends no token or password"), "\(login.stderr)")
        #expect(!server.log.contains("user \"ada\""), "a password went to a server whose certificate was not checked")
    }

    @Test("a certificate made for another name, and one that signs itself: the message says which")
    func wrongCertificates() throws {
        let scratch = try Scratch("https-wrong")
        let named = try HTTPSGitServer(leaf: .name("git.example.test"))
        try seeded(named, scratch: scratch, checked: false)
        let b = try device("B", named, scratch: scratch)
        try gitConfig(b, "http.sslCAInfo", named.caFile.path)
        let otherName = try b.run("clone", named.url("vault.git"), "other-name")
        #expect(otherName.status != 0)
        #expect(otherName.stderr.contains("it is made for git.example.test, not 127.0.0.1"), "\(otherName.stderr)")

        let selfSigned = try HTTPSGitServer(leaf: .selfSigned)
        try selfSigned.makeRepository("vault.git")
        let c = try device("C", selfSigned, scratch: scratch)
        let signsItself = try c.run("clone", selfSigned.url("vault.git"), "self-signed")
        #expect(signsItself.status != 0)
        #expect(signsItself.stderr.contains("it signs itself"), "\(signsItself.stderr)")
    }

    @Test("a synced .lfsconfig or setting that turns checks off or names a CA changes nothing: the certificate is still refused")
    func syncedFilesCannotLoosenChecks() throws {
        let scratch = try Scratch("https-synced")
        let server = try HTTPSGitServer()
        try server.makeRepository("vault.git")
        var a = FolioProcess(directory: scratch.path("A"), scratch: scratch)
        try FileManager.default.createDirectory(at: a.directory, withIntermediateDirectories: true)
        a.environment["FOLIO_DEVICE"] = "A"
        #expect(try a.run("init", ".", "--name", "林小雨", "--language", "en").status == 0)
        // What someone who can push could commit: every spelling git and git-lfs would read.
        let scoped = "https://127.0.0.1:\(server.port)"
        try a.write(
            ".lfsconfig",
            "[http]\n\tsslVerify = false\n\tsslCAInfo = /etc/hostile-ca.pem\n[http \"\(scoped)\"]\n\tsslVerify = false\n"
                + "[lfs]\n\turl = \(server.url("vault.git/info/lfs"))\n")
        try a.write(".gitattributes", "* -text\n")
        #expect(try a.run("commit", "-m", "loosen").status == 0)
        let withLogin = server.url("vault.git").replacingOccurrences(of: "https://", with: "https://\(server.user):\(server.password)@")
        _ = try Tool.run(
            try Tool.find("git", package: "git"), ["-c", "http.sslCAInfo=\(server.caFile.path)", "push", "-q", withLogin, "main"],
            in: a.directory, environment: Tool.environment(home: scratch.path("A-home")))

        var b = try device("B", server, scratch: scratch)
        b.environment["GIT_SSL_NO_VERIFY"] = nil
        let refused = try b.run("clone", server.url("vault.git"), "B")
        #expect(refused.status != 0 && refused.stderr.contains("folio does not trust the certificate of 127.0.0.1"), "\(refused.stderr)")
        #expect(!server.log.contains("user \"ada\""))

        // Trusted here: the vault arrives, and what it carries turns nothing off.
        try gitConfig(b, "http.sslCAInfo", server.caFile.path)
        #expect(try b.run("clone", server.url("vault.git"), "B").status == 0)
        var inVault = FolioProcess(directory: scratch.path("B"), scratch: scratch)
        inVault.environment = b.environment
        let synced = try inVault.run("sync")
        #expect(!synced.stderr.contains("turns certificate checks off"), "\(synced.stderr)")
        try gitConfig(b, "http.sslCAInfo", scratch.path("no-such-ca.pem").path)
        let untrusted = try inVault.run("sync")
        #expect(untrusted.status != 0, "\(untrusted.stderr)")
    }
}
