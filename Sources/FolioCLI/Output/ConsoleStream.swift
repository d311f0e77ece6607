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
        broken.withLock { broken in
            guard !broken else { return }
            let written = Array(text.utf8).withUnsafeBytes { Descriptor.writeAll(descriptor, $0) }
            if !written { broken = true }
        }
    }

    static let standardOutput = ConsoleStream(STDOUT_FILENO)
    static let standardError = ConsoleStream(STDERR_FILENO)
}
