import Foundation

/// A real HTTPS git server on 127.0.0.1: nginx in front of `git http-backend` (through fcgiwrap),
/// with HTTP basic auth, and a certificate from a private CA made here with the `openssl` CLI.
///
/// What a person runs at home, on purpose: the CA is nobody's but the test's, so the system does
/// not trust it, and the server's certificate names `127.0.0.1` by IP address (a subject
/// alternative name of type IP) unless ``Leaf`` says otherwise. Repositories live under
/// ``repositories``; `/git/<name>` asks for the login ``user``/``password``, `/open/<name>` serves
/// the same repositories to anyone (read-only). Everything lives in a private temporary folder,
/// removed with the server.
///
/// A missing nginx, fcgiwrap or openssl is an error saying to run `make deps`: the test fails, it never skips.
public final class HTTPSGitServer: @unchecked Sendable {
    /// The certificate the server presents.
    public enum Leaf: Sendable {
        /// Signed by the CA, for IP 127.0.0.1.
        case address
        /// Signed by the CA, for a DNS name only.
        case name(String)
        /// Signed by itself (no CA), for IP 127.0.0.1.
        case selfSigned
    }

    public let directory: URL
    public let repositories: URL
    public let port: Int
    /// The private CA's certificate (PEM): what `http.sslCAInfo` names.
    public let caFile: URL
    /// A folder holding the CA under its OpenSSL hash name (`openssl rehash`): what `http.sslCAPath` names.
    public let caFolder: URL
    public let user = "ada"
    public let password = "correct-horse-battery"
    private let nginx: ChildProcess
    private let fcgiwrap: ChildProcess

    public init(leaf: Leaf = .address) throws {
        let nginxBinary = try Tool.require("/usr/sbin/nginx", package: "nginx-light")
        let fcgiwrapBinary = try Tool.require("/usr/sbin/fcgiwrap", package: "fcgiwrap")
        let openssl = try Tool.find("openssl", package: "openssl")
        let execPath = try Tool.git(["--exec-path"], in: URL(fileURLWithPath: NSTemporaryDirectory()))
        let backend = try Tool.require(execPath + "/git-http-backend", package: "git")
        directory = URL(fileURLWithPath: NSTemporaryDirectory()).resolvingSymlinksInPath()
            .appendingPathComponent("folio-https-\(UUID().uuidString.prefix(8))", isDirectory: true)
        repositories = directory.appendingPathComponent("repositories", isDirectory: true)
        caFile = directory.appendingPathComponent("ca.pem")
        caFolder = directory.appendingPathComponent("ca-folder", isDirectory: true)
        let manager = FileManager.default
        for folder in [repositories, caFolder, directory.appendingPathComponent("temp")] {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try Self.makeCertificates(openssl, in: directory, leaf: leaf)
        try manager.copyItem(at: caFile, to: caFolder.appendingPathComponent("ca.pem"))
        _ = try Tool.run(openssl, ["rehash", caFolder.path], in: directory)
        let hash = try Tool.run(openssl, ["passwd", "-apr1", password], in: directory).trimmingCharacters(in: .whitespacesAndNewlines)
        try "\(user):\(hash)\n".write(to: directory.appendingPathComponent("htpasswd"), atomically: true, encoding: .utf8)

        let socket = directory.appendingPathComponent("fcgi.sock").path
        fcgiwrap = try ChildProcess(fcgiwrapBinary, ["-c", "2", "-s", "unix:\(socket)"], environment: Tool.environment())
        let started = Date()
        while !manager.fileExists(atPath: socket) {
            guard fcgiwrap.isRunning, Date().timeIntervalSince(started) < 10 else {
                throw HarnessError(description: "fcgiwrap did not start")
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        var lastError: (any Error)?
        for _ in 0..<5 {
            let port = try freePort()
            let config = directory.appendingPathComponent("nginx.conf")
            try Self.configuration(port: port, directory: directory, socket: socket, backend: backend)
                .write(to: config, atomically: true, encoding: .utf8)
            let process = try ChildProcess(
                nginxBinary, ["-p", directory.path, "-c", config.path, "-e", directory.appendingPathComponent("error.log").path],
                environment: Tool.environment())
            do {
                try waitForPort(port, alive: { process.isRunning })
                self.port = port
                self.nginx = process
                return
            } catch {
                process.stop()
                lastError = error
            }
        }
        fcgiwrap.stop()
        let log = (try? String(contentsOf: directory.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
        throw HarnessError(description: "nginx did not start: \(lastError.map { "\($0)" } ?? "") \(log)")
    }

    /// `https://127.0.0.1:<port>/git/<name>`, which asks for the login.
    public func url(_ name: String) -> String { "https://127.0.0.1:\(port)/git/\(name)" }

    /// `https://127.0.0.1:<port>/open/<name>`, read-only and open to anyone.
    public func openURL(_ name: String) -> String { "https://127.0.0.1:\(port)/open/\(name)" }

    /// A bare repository `name` under ``repositories``: git's http-backend takes pushes only from
    /// a logged-in user (`/git/`).
    @discardableResult
    public func makeRepository(_ name: String) throws -> URL {
        let path = repositories.appendingPathComponent(name)
        _ = try Tool.git(["init", "--bare", "-q", "-b", "main", path.path], in: repositories)
        return path
    }

    /// nginx's error log, for failure messages.
    public var log: String {
        (try? String(contentsOf: directory.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
    }

    public func stop() {
        nginx.stop()
        fcgiwrap.stop()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    private static func configuration(port: Int, directory: URL, socket: String, backend: String) -> String {
        let temp = directory.appendingPathComponent("temp").path
        let backendLocation = { (prefix: String, login: Bool) in
            """
                    location ~ ^/\(prefix)(/.*)$ {
                        \(login ? "auth_basic \"folio\";\n                auth_basic_user_file \(directory.path)/htpasswd;" : "")
                        client_max_body_size 0;
                        include /etc/nginx/fastcgi_params;
                        fastcgi_param SCRIPT_FILENAME \(backend);
                        fastcgi_param GIT_PROJECT_ROOT \(directory.path)/repositories;
                        fastcgi_param GIT_HTTP_EXPORT_ALL "";
                        fastcgi_param PATH_INFO $1;
                        fastcgi_param REMOTE_USER $remote_user;
                        fastcgi_pass unix:\(socket);
                    }
            """
        }
        return """
            worker_processes 1;
            daemon off;
            master_process off;
            pid \(directory.path)/nginx.pid;
            error_log \(directory.path)/error.log;
            events { worker_connections 64; }
            http {
                access_log off;
                client_body_temp_path \(temp)/body;
                fastcgi_temp_path \(temp)/fastcgi;
                proxy_temp_path \(temp)/proxy;
                uwsgi_temp_path \(temp)/uwsgi;
                scgi_temp_path \(temp)/scgi;
                server {
                    listen 127.0.0.1:\(port) ssl;
                    ssl_certificate \(directory.path)/server.pem;
                    ssl_certificate_key \(directory.path)/server.key;
            \(backendLocation("git", true))
            \(backendLocation("open", false))
                }
            }

            """
    }

    /// The CA, and the server's key and certificate, with the real `openssl`.
    private static func makeCertificates(_ openssl: String, in directory: URL, leaf: Leaf) throws {
        func run(_ arguments: [String]) throws { _ = try Tool.run(openssl, arguments, in: directory) }
        let curve = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try run(["req", "-x509"] + curve + ["-keyout", "ca.key", "-out", "ca.pem", "-days", "3650", "-subj", "/CN=folio test CA"])
        let names: String
        switch leaf {
        case .address, .selfSigned: names = "IP:127.0.0.1"
        case .name(let name): names = "DNS:\(name)"
        }
        try """
        subjectAltName = \(names)
        basicConstraints = critical, CA:FALSE
        keyUsage = critical, digitalSignature
        extendedKeyUsage = serverAuth

        """.write(to: directory.appendingPathComponent("server.ext"), atomically: true, encoding: .utf8)
        if case .selfSigned = leaf {
            try run(
                ["req", "-x509"] + curve + [
                    "-keyout", "server.key", "-out", "server.pem", "-days", "30", "-subj", "/CN=folio test server",
                    "-addext", "subjectAltName = \(names)",
                ])
            return
        }
        try run(["req"] + curve + ["-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=folio test server"])
        try run([
            "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out", "server.pem",
            "-days", "30", "-extfile", "server.ext",
        ])
    }
}
