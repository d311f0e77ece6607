import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// A file of folio's own, a site's manifest or terms, read by lines a chunk at a time: at 300,000
/// records the manifest is 165 MB, and held whole beside what was decoded from it, it was most of
/// an export with nothing to do.
enum FileLines {
    struct Line {
        /// The line without its LF; nil when it is longer than the limit.
        var bytes: [UInt8]?
        /// Where it starts in the file.
        var offset: Int
        /// Whether an LF ends it (the file's last line may have none).
        var ended: Bool
    }

    /// Calls `body` with the lines of the regular file at `path`, in order, a batch of about
    /// `chunkSize` bytes at a time, until it returns false. False when the file is not a regular
    /// file (a pipe there would make `open` wait), cannot be read, or `body` stopped.
    static func read(_ path: String, longestLine: Int, chunkSize: Int = 1 << 22, _ body: ([Line]) -> Bool) -> Bool {
        guard let (fd, _) = Descriptor.openRegular(path) else { return false }
        defer { close(fd) }
        return read(fd, longestLine: longestLine, chunkSize: chunkSize, body)
    }

    /// The same from `fd`, a regular file read from its current position.
    static func read(_ fd: Int32, longestLine: Int, chunkSize: Int = 1 << 22, _ body: ([Line]) -> Bool) -> Bool {
        var chunk = [UInt8](repeating: 0, count: max(chunkSize, 1))
        var line: [UInt8] = []
        var lineStart = 0
        var tooLong = false
        var offset = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { Descriptor.read(fd, into: $0) }
            guard count >= 0 else { return false }
            var lines: [Line] = []
            var start = 0
            while start < count {
                let end = chunk[start..<count].firstIndex(of: 0x0A)
                let piece = chunk[start..<(end ?? count)]
                if !tooLong {
                    if line.count + piece.count > longestLine {
                        tooLong = true
                        line = []
                    } else {
                        line += piece
                    }
                }
                guard let end else { break }
                lines.append(Line(bytes: tooLong ? nil : line, offset: lineStart, ended: true))
                line = []
                tooLong = false
                lineStart = offset + end + 1
                start = end + 1
            }
            offset += count
            if count < chunk.count {
                if tooLong || !line.isEmpty { lines.append(Line(bytes: tooLong ? nil : line, offset: lineStart, ended: false)) }
                return body(lines)
            }
            guard body(lines) else { return false }
        }
    }
}
