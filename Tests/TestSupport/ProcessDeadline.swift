import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The time a child a test starts may take, from its start to its end, before it is killed: a
/// hung `folio`, `git` or browser fails its test instead of hanging `make test`. Generous, since a
/// sanitized build on two busy cores is slow; a test that expects less passes its own.
public let childDeadline: TimeInterval = 300

/// A total deadline on one started process: when it passes and the process still runs, the
/// process and its group are SIGKILLed, which also ends every read of its pipes.
public final class ProcessDeadline: Sendable {
    private struct State {
        var ended = false
        var fired = false
    }
    private let state = Mutex(State())
    public let seconds: TimeInterval

    init(seconds: TimeInterval) { self.seconds = seconds }

    /// Whether the process was killed for running past its deadline.
    public var fired: Bool { state.withLock { $0.fired } }

    /// Throws when the deadline was what ended the process, naming `what` ran.
    public func check(_ what: String) throws {
        if fired { throw HarnessError(description: "\(what) was still running after \(Int(seconds)) s and was killed") }
    }

    fileprivate func arm(pid: pid_t) {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
            // Under the lock the end is not yet seen, so the pid is still the child's (not reaped).
            state.withLock { state in
                guard !state.ended else { return }
                state.fired = true
                kill(-pid, SIGKILL)
                kill(pid, SIGKILL)
            }
        }
    }

    fileprivate func ended() { state.withLock { $0.ended = true } }
}

extension Process {
    /// Starts the process with a total deadline of `seconds` (``childDeadline`` unless the test
    /// knows better). The deadline keeps the process's termination handler for itself.
    @discardableResult
    public func run(deadline seconds: TimeInterval = childDeadline) throws -> ProcessDeadline {
        let deadline = ProcessDeadline(seconds: seconds)
        terminationHandler = { _ in deadline.ended() }
        try run()
        deadline.arm(pid: processIdentifier)
        return deadline
    }
}

/// Reads a pipe to its end on a thread of its own, so a child that fills one pipe while the test
/// reads the other cannot hang; its wait ends when the child ends (by itself or its deadline).
public final class PipeReader: Sendable {
    private let data = Mutex<Data?>(nil)
    private let done = DispatchSemaphore(value: 0)

    public init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            let read = handle.readDataToEndOfFile()
            data.withLock { $0 = read }
            done.signal()
        }
    }

    /// Everything the pipe carried; waits no longer than `seconds` (a writer that passed its pipe to
    /// a grandchild which outlived it would otherwise keep it open), then gives what arrived: none.
    public func readToEnd(seconds: TimeInterval = childDeadline) -> Data {
        guard done.wait(timeout: .now() + seconds) == .success else { return Data() }
        return data.withLock { $0 } ?? Data()
    }
}

/// What a child that ran to its end left: its status (or 128 + signal) and both streams.
public struct ChildOutput: Sendable {
    public var status: Int32
    public var stdout: Data
    public var stderr: Data

    public var output: String { String(decoding: stdout, as: UTF8.self) }
    public var errors: String { String(decoding: stderr, as: UTF8.self) }
}

extension Process {
    /// Runs the process to its end within `seconds`: standard input empty, standard output and
    /// error read at once, into one when `mergingErrors` (whatever the test set for the three is
    /// replaced: Foundation's defaults are the test runner's own). Throws when it could not start
    /// or its deadline killed it.
    public func runToEnd(mergingErrors: Bool = false, deadline seconds: TimeInterval = childDeadline) throws -> ChildOutput {
        standardInput = FileHandle.nullDevice
        let output = Pipe()
        standardOutput = output
        let errorPipe = mergingErrors ? nil : Pipe()
        standardError = errorPipe ?? output
        let deadline = try run(deadline: seconds)
        let errors = errorPipe.map { PipeReader($0.fileHandleForReading) }
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors?.readToEnd() ?? Data()
        waitUntilExit()
        try deadline.check(([executableURL?.lastPathComponent ?? "a child"] + (arguments ?? [])).joined(separator: " "))
        return ChildOutput(status: terminationStatus, stdout: stdout, stderr: stderr)
    }
}
