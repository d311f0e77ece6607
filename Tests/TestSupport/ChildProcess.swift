import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A failure of the test harness itself (a missing tool, a server that would not start), with a
/// message saying what to fix. Tests that hit one fail; they never skip silently.
public struct HarnessError: Error, CustomStringConvertible {
    public var description: String

    public init(description: String) { self.description = description }
}

/// A background process (a server) started with `posix_spawn`, in its own process group, with an
/// empty signal mask, default signal handlers, and no descriptor of the test process but its
/// standard input, output and error.
///
/// Foundation's `Process` lets a child inherit the test runner's blocked signals, so SIGTERM may
/// never arrive; this type clears them, and ``stop(grace:)`` signals the whole group (a server
/// and its per-connection children) with SIGTERM, then SIGKILL.
public final class ChildProcess: @unchecked Sendable {
    public let pid: pid_t
    public let executable: String
    private let lock = NSLock()
    private var exitStatus: Int32?

    /// Starts `executable` with `arguments`; standard input is /dev/null, standard output goes to
    /// `output` (created or truncated) or to /dev/null, standard error to `errors` when given, else
    /// with standard output.
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String], output: URL? = nil, errors: URL? = nil
    ) throws {
        self.executable = executable
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        let sink = output?.path ?? "/dev/null"
        posix_spawn_file_actions_addopen(&actions, 1, sink, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0o644)
        if let errors {
            posix_spawn_file_actions_addopen(&actions, 2, errors.path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0o644)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        // Nothing else of the test process: a server that inherited the write end of a pipe another
        // test reads to its end (a folio process's output) would keep that test waiting for ever.
        Self.closeInheritedDescriptors(&actions)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let result = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw HarnessError(description: "could not start \(executable): \(String(cString: strerror(result)))")
        }
        pid = child
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc
    /// module does not show, looked up at run time.
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let closeFrom: CloseFrom? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: CloseFrom.self) }

    /// Makes the child close every descriptor above standard error: all at once where glibc can,
    /// else each one open now (one opened in the instant before the spawn may slip through).
    private static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        if let closeFrom, closeFrom(&actions, 3) == 0 { return }
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in open.compactMap(Int32.init) where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
    }

    /// The exit status (or 128 + signal) once the process has ended, else nil; reaps it.
    public var exited: Int32? {
        lock.lock()
        defer { lock.unlock() }
        if let exitStatus { return exitStatus }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        guard result == pid else { return nil }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import.
        let signal = status & 0x7f
        exitStatus = signal == 0 ? (status >> 8) & 0xff : 128 + signal
        return exitStatus
    }

    public var isRunning: Bool { exited == nil }

    /// Waits for the process to end and returns its status; nil when `timeout` ran out first
    /// (the process is left running).
    public func wait(timeout: TimeInterval) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        var pause: useconds_t = 200
        while Date() < deadline {
            if let status = exited { return status }
            usleep(pause)
            pause = min(pause * 2, 10_000)
        }
        return exited
    }

    /// Sends SIGTERM to the process group, waits up to `grace`, then SIGKILLs the group; idempotent.
    public func stop(grace: TimeInterval = 2) {
        guard isRunning else { return }
        kill(-pid, SIGTERM)
        let deadline = Date().addingTimeInterval(grace)
        while isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
        while isRunning { Thread.sleep(forTimeInterval: 0.01) }
    }

    /// SIGKILLs the process group at once: a server that vanishes without a word.
    public func kill9() {
        guard isRunning else { return }
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
        while isRunning { Thread.sleep(forTimeInterval: 0.01) }
    }

    deinit {
        stop(grace: 0.5)
    }
}

/// Runs the command-line tools tests use to set up and verify (`git`, `ssh-keygen`), failing
/// loudly when one is missing.
public enum Tool {
    /// `path` if it is executable; otherwise an error telling the reader to install `package`.
    public static func require(_ path: String, package: String) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw HarnessError(description: "\(path) is missing: run `make deps` (it installs \(package))")
        }
        return path
    }

    /// The first executable called `name` on PATH; an error naming the package when there is none.
    public static func find(_ name: String, package: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") + ["/usr/bin", "/bin", "/usr/sbin"] {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw HarnessError(description: "\(name) is not on PATH: run `make deps` (it installs \(package))")
    }

    /// A small, predictable environment for tools: PATH, a HOME that is not the user's, no agent.
    public static func environment(home: URL? = nil) -> [String: String] {
        var environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin",
            "LANG": "C",
            "GIT_AUTHOR_NAME": "CLI", "GIT_AUTHOR_EMAIL": "cli@example.com",
            "GIT_COMMITTER_NAME": "CLI", "GIT_COMMITTER_EMAIL": "cli@example.com",
            "GIT_TERMINAL_PROMPT": "0", "GIT_CONFIG_NOSYSTEM": "1",
        ]
        environment["HOME"] = (home ?? FileManager.default.temporaryDirectory).path
        // Under `make asan` / `make tsan` the folio these tests start is sanitized too, and must
        // run with the same sanitizer options (suppressions, leak detection) as the tests.
        for name in ["ASAN_OPTIONS", "TSAN_OPTIONS", "LSAN_OPTIONS", "SWIFT_BACKTRACE"] {
            if let value = ProcessInfo.processInfo.environment[name] { environment[name] = value }
        }
        return environment
    }

    /// Runs `executable arguments` to completion and returns its trimmed standard output; a
    /// non-zero exit throws with the standard error.
    @discardableResult
    public static func run(
        _ executable: String, _ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil
    ) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = environment ?? Self.environment()
        let ended = try process.runToEnd()
        guard ended.status == 0 else {
            throw HarnessError(description: "\(executable) \(arguments.joined(separator: " ")) exited \(ended.status): \(ended.errors)")
        }
        return ended.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs `git arguments` in `directory`; tests use git only to set up and verify, never the product.
    @discardableResult
    public static func git(_ arguments: [String], in directory: URL) throws -> String {
        try run(find("git", package: "git"), arguments, in: directory)
    }
}

/// Runs `body` on a thread of its own and waits for it without holding one of Swift
/// concurrency's threads, which are as few as the machine's cores: a test that waits seconds on
/// processes and servers then leaves them to the async tests running beside it (whose own time
/// limits would otherwise run out while they cannot be scheduled).
///
/// `body` must not record expectations (they belong on the test's own task): return what it saw.
public func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(with: Result { try body() })
        }
    }
}

/// Runs `git-lfs` (the interop oracle, Debian's package) with `arguments` in `directory`.
public func gitLFS(_ arguments: [String], in directory: URL) throws -> String {
    let executable = try Tool.find("git-lfs", package: "git-lfs")
    return try Tool.run(executable, arguments, in: directory)
}
