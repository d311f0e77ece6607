import Foundation
import TestSupport
import Testing

/// What each browser test of ``WebBrowserTests`` starts: `folio serve` on its vault, then one of
/// the scripts in `Browser/` in headless Chromium (Selenium and chromedriver from `make
/// selenium`; a missing one skips visibly). The script prints a line per check, which the test
/// reads back (``passed(_:)``).
struct BrowserSession {
    let lines: String
    let status: Int32?
    let serverErrors: String

    /// Serves `folio`'s vault and runs `script` with the `arguments` made from the pairing link and
    /// the file the server writes its messages to, for at most `timeout` seconds.
    init(
        _ folio: FolioProcess, script: String, timeout: TimeInterval = 300, arguments: (_ pair: String, _ serverErrors: URL) -> [String]
    ) throws {
        let (serve, pair, errors) = try Self.serve(folio)
        defer { serve.stop() }
        try self.init(folio, script: script, timeout: timeout, arguments: arguments(pair, errors), serverErrors: errors)
    }

    /// Runs `script` with `arguments` against a server the caller started, whose messages go to `serverErrors`.
    init(_ folio: FolioProcess, script: String, timeout: TimeInterval = 300, arguments: [String], serverErrors errors: URL) throws {
        let python = WebBrowserTests.repository.appendingPathComponent(".build-venv-selenium/bin/python").path
        _ = try Tool.require(python, package: "selenium (make selenium)")
        let chromedriver = try Tool.find("chromedriver", package: "chromium-driver")
        let chromium = try Tool.find("chromium", package: "chromium")
        let scratch = try #require(folio.scratch)

        var environment = Tool.environment(home: scratch.path("browser-home"))
        environment["CHROMEDRIVER"] = chromedriver
        environment["CHROMIUM"] = chromium
        // The scripts share Browser/checks.py: no bytecode left beside them in the repository.
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        // The phone of the apps' users keeps Taipei's time, as the pages the tests write do: a
        // browser on the machine's UTC would see another day from 16:00 UTC on ("on this day").
        environment["TZ"] = "Asia/Taipei"
        let output = scratch.path("browser-\(script).out")
        let path = WebBrowserTests.repository.appendingPathComponent("Tests/FolioCLITests/Browser/\(script).py").path
        let browser = try ChildProcess(python, [path] + arguments, environment: environment, output: output)
        status = browser.wait(timeout: timeout)
        lines = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        serverErrors = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
    }

    /// `folio serve --port 0` on `folio`'s vault, with its pairing link once its first pages are
    /// written, and the file it writes its messages to. The caller stops it.
    static func serve(_ folio: FolioProcess, port: Int = 0, errors name: String = "serve.err", extra: [String] = []) throws -> (
        server: ChildProcess, pair: String, errors: URL
    ) {
        let errors = try #require(folio.scratch).path(name)
        let serve = try ChildProcess(
            FolioBinary.url.path, ["--vault", folio.directory.path, "serve", "--port", String(port)] + extra,
            environment: folio.environment,
            errors: errors)
        guard let pair = WebBrowserTests.pairingLink(in: errors) else {
            serve.stop()
            throw BrowserSessionError.noPairingLink((try? String(contentsOf: errors, encoding: .utf8)) ?? "")
        }
        return (serve, pair, errors)
    }

    /// Expects the script to have passed, and each of `checks` to be among its passed lines.
    func passed(_ checks: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(status == 0, "the browser's checks:\n\(lines)\nserver:\n\(serverErrors)", sourceLocation: sourceLocation)
        for check in checks { #expect(lines.contains("ok \(check)\n"), "\(check):\n\(lines)", sourceLocation: sourceLocation) }
    }
}

enum BrowserSessionError: Error {
    /// `folio serve` printed no pairing link within a minute: what it printed instead.
    case noPairingLink(String)
}
