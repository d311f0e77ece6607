import Foundation

/// A `git daemon` serving the repositories under a directory over `git://127.0.0.1:<port>/`,
/// with pushes allowed (`--enable=receive-pack`) and every repository exported.
///
/// ``stop()`` kills it at once (SIGKILL), which is how tests make a remote unreachable: the
/// port then refuses connections. It is also stopped when released.
public final class GitDaemon: @unchecked Sendable {
    public let base: URL
    public let port: Int
    private let process: ChildProcess

    /// Serves `base`; waits until the daemon accepts connections. With `port`, on that port only
    /// (to bring a stopped remote back at the same URL).
    public init(serving base: URL, port fixedPort: Int? = nil) throws {
        self.base = base
        // Run git-daemon itself rather than the `git daemon` wrapper, so the signal reaches the server.
        let execPath = try Tool.git(["--exec-path"], in: base)
        let daemon = try Tool.require(execPath + "/git-daemon", package: "git")
        var lastError: (any Error)?
        for _ in 0..<5 {
            let port = try fixedPort ?? freePort()
            let process = try ChildProcess(
                daemon,
                [
                    "--reuseaddr", "--export-all", "--enable=receive-pack", "--base-path=\(base.path)",
                    "--listen=127.0.0.1", "--port=\(port)", base.path,
                ],
                environment: Tool.environment())
            do {
                try waitForPort(port, alive: { process.isRunning })
                self.port = port
                self.process = process
                return
            } catch {
                process.stop()
                lastError = error
            }
        }
        throw HarnessError(description: "git daemon did not start: \(lastError.map { "\($0)" } ?? "")")
    }

    /// `git://127.0.0.1:<port>/<repository>`, `repository` being a path under the served directory.
    public func url(_ repository: String) -> String {
        "git://127.0.0.1:\(port)/\(repository)"
    }

    /// Kills the daemon with SIGKILL: the remote becomes unreachable (connection refused).
    public func stop() {
        process.kill9()
    }

    deinit {
        stop()
    }
}
