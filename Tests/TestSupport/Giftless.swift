import Foundation

/// giftless, a Git LFS server from PyPI, on 127.0.0.1 with local storage in a folder of its own:
/// a real LFS server for the tests, from the virtualenv `make giftless` (part of `make test`) fills.
/// Anonymous clients may read and write. Stopped when released.
public final class Giftless: @unchecked Sendable {
    public let port: Int
    public let storage: URL
    private let process: ChildProcess

    /// The virtualenv's Python: the repository's `.build-venv-giftless` (where the Makefile puts it;
    /// not the MCP client's `.build-venv`, whose PyJWT giftless cannot use).
    static var python: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build-venv-giftless/bin/python")
    }

    public init(in folder: URL) throws {
        let python = try Tool.require(Self.python.path, package: "giftless (make giftless)")
        storage = folder.appendingPathComponent("giftless-storage")
        try FileManager.default.createDirectory(at: storage, withIntermediateDirectories: true)
        let config = folder.appendingPathComponent("giftless.yaml")
        try """
        AUTH_PROVIDERS:
          - giftless.auth.allow_anon:read_write
        LEGACY_ENDPOINTS: false
        TRANSFER_ADAPTERS:
          basic:
            factory: giftless.transfer.basic_streaming:factory
            options:
              storage_class: giftless.storage.local_storage:LocalStorage
              storage_options:
                path: \(storage.path)
        """.write(to: config, atomically: true, encoding: .utf8)
        var lastError: (any Error)?
        for _ in 0..<5 {
            let port = try freePort()
            var environment = Tool.environment()
            environment["GIFTLESS_CONFIG_FILE"] = config.path
            let process = try ChildProcess(
                python, ["-m", "flask", "--app", "giftless.wsgi_entrypoint", "run", "--host", "127.0.0.1", "--port", "\(port)"],
                environment: environment, output: folder.appendingPathComponent("giftless.log"))
            do {
                try waitForPort(port, timeout: 30, alive: { process.isRunning })
                self.port = port
                self.process = process
                return
            } catch {
                process.stop()
                lastError = error
            }
        }
        throw HarnessError(description: "giftless did not start: \(lastError.map { "\($0)" } ?? "")")
    }

    /// The batch API's base for the repository `name` (`http://127.0.0.1:<port>/folio/<name>.git/info/lfs`).
    public func url(_ name: String) -> String {
        "http://127.0.0.1:\(port)/folio/\(name).git/info/lfs"
    }

    deinit {
        process.stop()
    }
}
