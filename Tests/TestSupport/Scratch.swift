import Foundation
import Git
import Synchronization

/// A temporary directory for one test, removed with everything in it when released.
///
/// Keep a reference for as long as the test uses the directory (servers started in it included).
public final class Scratch: @unchecked Sendable {
    public let url: URL

    public init(_ name: String = #function) throws {
        let safe = name.filter { $0.isLetter || $0.isNumber }.prefix(40)
        let base = URL(fileURLWithPath: NSTemporaryDirectory()).resolvingSymlinksInPath()
        url = base.appendingPathComponent("folio-\(safe)-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        LiveScratches.shared.add(url.path)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
        LiveScratches.shared.remove(url.path)
    }

    /// `component` (may contain slashes) inside the directory; nothing is created.
    public func path(_ component: String) -> URL {
        url.appendingPathComponent(component)
    }

    /// Writes `text` to `component`, creating directories, with permission bits `mode`.
    @discardableResult
    public func write(_ component: String, _ text: String, mode: Int = 0o644) throws -> URL {
        let file = path(component)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
        return file
    }
}

/// The scratch folders not yet released, removed when the test process exits: a folder a static
/// holds (a vault shared by a suite's tests) is never released, and would outlive the run.
final class LiveScratches: Sendable {
    static let shared: LiveScratches = {
        atexit { LiveScratches.shared.removeAll() }
        return LiveScratches()
    }()

    private let paths = Mutex(Set<String>())

    func add(_ path: String) { paths.withLock { _ = $0.insert(path) } }
    func remove(_ path: String) { paths.withLock { _ = $0.remove(path) } }

    func removeAll() {
        for path in paths.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
    }
}

/// A value written by callbacks on other threads and read by the test, behind a lock.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) { self.value = value }

    public func withValue<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    public var current: Value { withValue { $0 } }
}

/// A signature at a fixed, distinct moment, so commit order by time is deterministic.
public func signature(_ minute: Int, name: String = "Ada Lovelace") -> Signature {
    Signature(
        name: name, email: "ada@example.com",
        time: Date(timeIntervalSince1970: 1_700_000_000 + TimeInterval(minute * 60)), offsetMinutes: 60)
}

extension Repository {
    /// Writes `files` (path → text) into the working directory and commits exactly them at `minute`.
    @discardableResult
    public func commitFiles(_ files: [String: String], _ message: String, minute: Int) throws -> OID {
        guard let root = workdir else { throw HarnessError(description: "commitFiles needs a working directory") }
        for (path, text) in files {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        return try commit(
            message: message, author: signature(minute), committer: signature(minute), paths: Array(files.keys))
    }
}
