import Foundation

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
final class ConsoleStream: @unchecked Sendable {
    let descriptor: Int32
    private let lock = NSLock()
    private var broken = false

    init(_ descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Writes all of `text`, unless the stream is (or becomes) broken.
    func write(_ text: String) {
        lock.withLock {
            guard !broken else { return }
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { buffer -> Int in
                    guard let base = buffer.baseAddress else { return 0 }
                    return systemWrite(descriptor, base, buffer.count)
                }
                if written > 0 {
                    bytes = bytes.dropFirst(written)
                } else if written < 0 && errno == EINTR {
                    continue
                } else if written < 0 && errno == EAGAIN {
                    // A non-blocking descriptor inherited from the shell: wait until it takes more.
                    var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, -1)
                } else {
                    broken = true
                    return
                }
            }
        }
    }

    #if canImport(Glibc)
        private let systemWrite = Glibc.write
    #else
        private let systemWrite = Darwin.write
    #endif

    static let standardOutput = ConsoleStream(STDOUT_FILENO)
    static let standardError = ConsoleStream(STDERR_FILENO)
}
