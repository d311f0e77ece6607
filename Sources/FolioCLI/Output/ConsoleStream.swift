import Foundation
import Synchronization
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// One of folio's output streams (standard output or error), written with `write(2)`.
///
/// When the reader has gone away — `folio list | head -1`, a pager quit early, a closed terminal —
/// a write fails with `EPIPE` (SIGPIPE is ignored, see ``Folio/run(_:)``). The stream then stops
/// writing and every later write is dropped, while the command goes on to its end: a command that
/// changes the vault is never cut short between its change and its commit because nobody reads
/// what it says, and its exit status is what the command itself decides.
final class ConsoleStream: Sendable {
    let descriptor: Int32
    /// Whether a write failed; held while writing, so lines from two threads never interleave.
    private let broken = Mutex(false)

    init(_ descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Writes all of `text`, unless the stream is (or becomes) broken.
    func write(_ text: String) {
        if let capture = ConsoleCapture.current { return capture.append(text, standardError: descriptor == STDERR_FILENO) }
        broken.withLock { broken in
            guard !broken else { return }
            let written = Array(text.utf8).withUnsafeBytes { Descriptor.writeAll(descriptor, $0) }
            if !written { broken = true }
        }
    }

    static let standardOutput = ConsoleStream(STDOUT_FILENO)
    static let standardError = ConsoleStream(STDERR_FILENO)
}

/// Both streams of one in-process run of a printer, for its tests: while a capture is the task's
/// (``ConsoleCapture/current``), what folio would write to standard output and error lands here.
final class ConsoleCapture: Sendable {
    @TaskLocal static var current: ConsoleCapture?

    private let streams = Mutex((output: "", errors: ""))

    var output: String { streams.withLock { $0.output } }
    var errors: String { streams.withLock { $0.errors } }

    fileprivate func append(_ text: String, standardError: Bool) {
        streams.withLock { streams in
            if standardError { streams.errors += text } else { streams.output += text }
        }
    }

    /// What `body` printed, as a person would see it in a pipe.
    static func printed(_ body: () throws -> Void) rethrows -> (output: String, errors: String) {
        let capture = ConsoleCapture()
        try $current.withValue(capture) { try body() }
        return (capture.output, capture.errors)
    }
}
