import Dispatch
import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// A short-lived program of the user's that folio asks one thing (a credential helper, `ssh` for
/// `git-lfs-authenticate`): it gets `input` on its standard input and has `timeout` seconds in
/// all to answer, at most `maxBytes`, on its standard output.
enum HelperProcess {
    /// How a helper's run ended.
    enum Outcome: Equatable {
        /// It exited with 0 in time, having written this within the cap.
        case answered(Data)
        /// The deadline passed first: it was killed.
        case timedOut
        /// It wrote more than the cap: it was killed.
        case tooLong
        /// It exited with this status (nil: ended by a signal).
        case failed(status: Int32?)
        case notStarted

        var answer: Data? {
            if case .answered(let data) = self { return data }
            return nil
        }
    }

    /// The program's standard output when it exits with 0 in time and within `maxBytes`; nil
    /// otherwise (it is killed at the deadline or past the size). Blocks the calling thread: call
    /// it where blocking is the rule (a libgit2 callback), or from a thread of its own.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String], input: Data = Data(), timeout: Double,
        maxBytes: Int, keepsErrors: Bool = false
    ) -> Data? {
        outcome(
            executable, arguments, environment: environment, input: input, timeout: timeout, maxBytes: maxBytes, keepsErrors: keepsErrors
        ).answer
    }

    /// The same, saying why there is no answer.
    static func outcome(
        _ executable: String, _ arguments: [String], environment: [String: String], input: Data = Data(), timeout: Double,
        maxBytes: Int, keepsErrors: Bool = false
    ) -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        let feed = Pipe()
        process.standardOutput = output
        process.standardError = keepsErrors ? FileHandle.standardError : FileHandle.nullDevice
        process.standardInput = input.isEmpty ? FileHandle.nullDevice : feed
        do {
            try process.run()
        } catch {
            return .notStarted
        }
        if !input.isEmpty {
            // A full pipe must not block folio (written on a thread), nor a helper that exits
            // without reading end folio with SIGPIPE, whoever runs this library.
            let writer = feed.fileHandleForWriting
            OffThePool.start("folio-feed") { writeIgnoringBrokenPipe(input, to: writer) }
        }
        // The deadline holds for reading too: a helper's own child (a shell's `sleep`) may keep
        // the pipe open after the helper is gone, so the answer is read with poll, not to its end.
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(min(max(0, timeout), 86_400) * 1e9)
        let descriptor = output.fileHandleForReading.fileDescriptor
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        var finished = false
        while data.count <= maxBytes {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { break }
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let waited = poll(&ready, 1, Int32(clamping: (deadline - now) / 1_000_000 + 1))
            if waited < 0 && errno == EINTR { continue }
            guard waited > 0 else { break }
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                finished = count == 0
                break
            }
            data.append(contentsOf: buffer[0..<count])
        }
        // A helper that closed its output may still be running: it too has until the deadline.
        while finished, process.isRunning, DispatchTime.now().uptimeNanoseconds < deadline { usleep(1_000) }
        let stopped = process.isRunning || !finished
        if stopped {
            // The whole group (Process starts each child in a group of its own): a shell's
            // `sleep` or a pipeline left behind would outlive folio, holding the pipe.
            kill(-process.processIdentifier, SIGKILL)
            kill(process.processIdentifier, SIGKILL)
        }
        // blocking: the helper was killed above if it outlived its deadline; callers come through OffThePool.run.
        process.waitUntilExit()
        if data.count > maxBytes { return .tooLong }
        if stopped { return .timedOut }
        guard process.terminationReason == .exit else { return .failed(status: nil) }
        guard process.terminationStatus == 0 else { return .failed(status: process.terminationStatus) }
        return .answered(data)
    }

    /// Writes `data` and closes the pipe. SIGPIPE is blocked on this thread only (a broken pipe
    /// is then an `EPIPE` here), and one left pending is taken before the thread ends.
    private static func writeIgnoringBrokenPipe(_ data: Data, to writer: FileHandle) {
        var pipeOnly = sigset_t()
        sigemptyset(&pipeOnly)
        sigaddset(&pipeOnly, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeOnly, nil)
        let descriptor = writer.fileDescriptor
        var written = 0
        data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            while written < bytes.count {
                let count = write(descriptor, base + written, bytes.count - written)
                if count < 0 && errno == EINTR { continue }
                // A helper that stops reading early had what it needed; its answer decides.
                guard count > 0 else { return }
                written += count
            }
        }
        // try?: closing our end of a pipe the helper may already have left cannot change its answer.
        try? writer.close()
        var none = timespec(tv_sec: 0, tv_nsec: 0)
        while sigtimedwait(&pipeOnly, nil, &none) == SIGPIPE {}
    }
}
