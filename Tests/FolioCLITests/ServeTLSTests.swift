import Foundation
import TestSupport
import Testing

/// `folio serve --tls-cert --tls-key`: the app over HTTPS with the user's own certificate (made
/// here by the real `openssl`, as `mkcert` or `tailscale cert` would), asked by the real `curl`
/// that trusts only that certificate. A certificate folio cannot use stops it before it listens,
/// saying which file and why.
@Suite("folio serve over HTTPS with the user's certificate")
struct ServeTLSTests {
    /// A certificate for 127.0.0.1 and `folio.test` and its key, in `folder`; a second key that is not its.
    static func certificate(in folder: URL) throws -> (certificate: URL, key: URL, otherKey: URL) {
        let openssl = try Tool.find("openssl", package: "openssl")
        let certificate = folder.appendingPathComponent("folio.test.pem")
        let key = folder.appendingPathComponent("folio.test-key.pem")
        let otherKey = folder.appendingPathComponent("other-key.pem")
        try Tool.run(
            openssl,
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", key.path, "-out",
                certificate.path, "-days", "30", "-subj", "/CN=folio.test", "-addext", "subjectAltName=DNS:folio.test,IP:127.0.0.1",
            ])
        try Tool.run(openssl, ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-out", otherKey.path])
        return (certificate, key, otherKey)
    }

    @Test("paired over HTTPS: the link is https, the cookie Secure, pages and the service worker answered; plain HTTP is not")
    func servesHTTPS() throws {
        let folio = try FolioProcess.vault()
        let scratch = try #require(folio.scratch)
        let files = try Self.certificate(in: scratch.path(""))
        let curl = try Tool.find("curl", package: "curl")
        let errors = scratch.path("serve-tls.err")
        let server = try ChildProcess(
            FolioBinary.url.path,
            ["--vault", folio.directory.path, "serve", "--port", "0", "--tls-cert", files.certificate.path, "--tls-key", files.key.path],
            environment: folio.environment, errors: errors)
        defer { server.stop() }
        let link = try #require(Self.link(in: errors), "\((try? String(contentsOf: errors, encoding: .utf8)) ?? "")")
        #expect(link.hasPrefix("https://127.0.0.1:"), "\(link)")
        let base = String(link.prefix { $0 != "?" }.dropLast("/pair".count))

        let jar = scratch.path("cookies")
        let paired = try Tool.run(
            curl, ["-sS", "--cacert", files.certificate.path, "-c", jar.path, "-o", "/dev/null", "-D", "-", link])
        #expect(paired.contains("303") && paired.lowercased().contains("set-cookie: folio_session="), "\(paired)")
        #expect(paired.contains("; Secure"), "the session cookie is never sent over plain HTTP: \(paired)")

        let home = try Tool.run(curl, ["-sS", "--cacert", files.certificate.path, "-b", jar.path, base + "/"])
        #expect(home.contains("id=\"compose\""), "the home page, paired: \(home.prefix(300))")
        let worker = try Tool.run(curl, ["-sS", "--cacert", files.certificate.path, "-D", "-", base + "/sw.js"])
        #expect(worker.lowercased().contains("content-type: text/javascript") && worker.contains("folio-shell-"), "\(worker.prefix(300))")
        // A form from the plain-HTTP origin of the same address is another site's.
        let forged = try Tool.run(
            curl,
            [
                "-sS", "--cacert", files.certificate.path, "-b", jar.path, "-o", "/dev/null", "-w", "%{http_code}", "-H",
                "Origin: " + base.replacingOccurrences(of: "https://", with: "http://"), "--data", "title=x", base + "/ideas",
            ])
        #expect(forged == "403", "\(forged)")
        // The same port does not speak plain HTTP: nothing is answered in the clear.
        let plain = Process()
        plain.executableURL = URL(fileURLWithPath: curl)
        plain.arguments = ["-sS", "-m", "5", base.replacingOccurrences(of: "https://", with: "http://") + "/"]
        let ended = try plain.runToEnd()
        #expect(ended.status != 0 || !ended.output.contains("<html"), "\(ended.status) \(ended.output.prefix(200))")
    }

    @Test("a key that is not the certificate's, a missing file, one of the two: refused before listening, saying which and why")
    func refusesBadFiles() throws {
        let folio = try FolioProcess.vault()
        let scratch = try #require(folio.scratch)
        let files = try Self.certificate(in: scratch.path(""))
        let mismatch = try folio.run("serve", "--port", "0", "--tls-cert", files.certificate.path, "--tls-key", files.otherKey.path)
        #expect(mismatch.status == 1)
        #expect(mismatch.stderr.contains("other-key.pem: this key is not the certificate's"), "\(mismatch.stderr)")
        let missing = try folio.run("serve", "--port", "0", "--tls-cert", "nowhere.pem", "--tls-key", files.key.path)
        #expect(missing.status == 1 && missing.stderr.contains("nowhere.pem: no such file"), "\(missing.stderr)")
        let notCertificate = try folio.run("serve", "--port", "0", "--tls-cert", files.key.path, "--tls-key", files.key.path)
        #expect(notCertificate.status == 1 && notCertificate.stderr.contains("not a PEM certificate"), "\(notCertificate.stderr)")
        let half = try folio.run("serve", "--port", "0", "--tls-cert", files.certificate.path)
        #expect(half.status == 1 && half.stderr.contains("HTTPS needs both --tls-cert and --tls-key"), "\(half.stderr)")
    }

    /// The https pairing link the server prints once its pages are ready, waited for up to 60 s.
    static func link(in errors: URL) -> String? {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if let text = try? String(contentsOf: errors, encoding: .utf8), text.contains("Pages ready"),
                let range = text.range(of: #"https://127\.0\.0\.1:[0-9]+/pair\?secret=[A-Za-z0-9_-]+"#, options: .regularExpression)
            {
                return String(text[range])
            }
            if let text = try? String(contentsOf: errors, encoding: .utf8), text.contains("error:") { return nil }
            usleep(20_000)
        }
        return nil
    }
}
