import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

@testable import Git

/// A failure in the test harness itself, with a message saying what to fix.
struct HarnessError: Error, CustomStringConvertible {
    var description: String
}

/// A temporary directory that is removed when the last reference goes away.
final class Scratch {
    let url: URL

    init(_ name: String = #function) throws {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        let base = FileManager.default.temporaryDirectory.resolvingSymlinksInPath()
        url = base.appendingPathComponent("git-tests-\(safe)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    func path(_ component: String) -> URL {
        url.appendingPathComponent(component)
    }
}

/// Runs the `git` executable; tests use it only to verify what the binding did.
enum GitCLI {
    /// The `git` executable on PATH; a missing one fails the test loudly instead of skipping it.
    static func executable() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("git")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw HarnessError(description: "the git executable is not on PATH (\(path)); GitTests need it to verify repositories")
    }

    static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_AUTHOR_NAME"] = "CLI"
        environment["GIT_AUTHOR_EMAIL"] = "cli@example.com"
        environment["GIT_COMMITTER_NAME"] = "CLI"
        environment["GIT_COMMITTER_EMAIL"] = "cli@example.com"
        environment["GIT_TERMINAL_PROMPT"] = "0"
        return environment
    }

    /// Runs `git args` in `directory` and returns its trimmed standard output; a non-zero exit throws.
    @discardableResult
    static func run(_ args: [String], in directory: URL) throws -> String {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = args
        process.currentDirectoryURL = directory
        process.environment = environment
        let output = Pipe()
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("git-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errors) }
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0 else {
            let message = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw HarnessError(description: "git \(args.joined(separator: " ")) exited \(process.terminationStatus): \(message)")
        }
        return text
    }
}

/// A signature at a fixed, distinct moment, so ordering by time is deterministic.
func signature(_ minute: Int, name: String = "Ada Lovelace") -> Signature {
    Signature(
        name: name, email: "ada@example.com",
        time: Date(timeIntervalSince1970: 1_700_000_000 + TimeInterval(minute * 60)), offsetMinutes: 60)
}

extension Repository {
    /// The working directory, which every non-bare test repository has.
    func root() throws -> URL {
        try #require(workdir)
    }

    /// Writes `text` to `path` in the working directory, creating directories as needed.
    func write(_ path: String, _ text: String) throws {
        let file = try root().appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// Reads `path` from the working directory.
    func read(_ path: String) throws -> String {
        try String(contentsOf: root().appendingPathComponent(path), encoding: .utf8)
    }

    /// Deletes `path` from the working directory.
    func remove(_ path: String) throws {
        try FileManager.default.removeItem(at: root().appendingPathComponent(path))
    }

    /// Writes files and commits exactly them at `minute`.
    @discardableResult
    func commitFiles(_ files: [String: String], _ message: String, minute: Int) throws -> OID {
        for (path, text) in files { try write(path, text) }
        return try commit(message: message, author: signature(minute), committer: signature(minute), paths: Array(files.keys))
    }
}

/// Reserves a free TCP port on 127.0.0.1 by binding port 0 and releasing it.
func freePort() throws -> UInt16 {
    let listener = try Listener()
    return listener.port
}

/// A listening TCP socket on 127.0.0.1 with a kernel-chosen port.
final class Listener {
    let descriptor: Int32
    let port: UInt16

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw HarnessError(description: "socket() failed: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw HarnessError(description: "bind/listen failed: \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.descriptor = descriptor
        self.port = UInt16(bigEndian: address.sin_port)
    }

    deinit {
        close(descriptor)
    }
}

/// Waits until something accepts TCP connections on 127.0.0.1:`port`.
func waitForPort(_ port: UInt16, timeout: TimeInterval = 10) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(probe, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        close(probe)
        if connected == 0 { return }
        Thread.sleep(forTimeInterval: 0.05)
    }
    throw HarnessError(description: "nothing listened on 127.0.0.1:\(port) within \(timeout)s")
}

/// A thread-safe box for values written by callbacks.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withValue<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }

    var current: Value { withValue { $0 } }
}
