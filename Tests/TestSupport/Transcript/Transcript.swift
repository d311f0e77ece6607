import Foundation

/// A transcript: a session at the terminal written down, commands with what they printed and how
/// they exited, which ``TranscriptSession`` plays again and compares.
///
/// The form, line by line:
///
///     # a comment                     (outside a command's block; blank lines there too)
///     $ folio idea "paint the fence"  a command, run by bash in the session
///     > a further line                of the same command (a here-document's body, say)
///     added idea …                    a line the command printed on standard output
///     ! error: …                      a line it printed on standard error
///     ? 1                             its exit status, which closes the block
///
/// Inside a block every line is output, blank lines and lines starting with `#` included; a line
/// of standard output that starts with `$ ` or one of `> ! ? % \` is written with a `\` before it. A stream
/// whose last line has no newline is followed by `% no newline at end`.
public struct Transcript: Equatable, Sendable {
    /// What a command printed and how it exited.
    public struct Output: Equatable, Sendable {
        public var stdout: String
        public var stderr: String
        public var status: Int32

        public init(stdout: String, stderr: String, status: Int32) {
            self.stdout = stdout
            self.stderr = stderr
            self.status = status
        }
    }

    public enum Item: Equatable, Sendable {
        /// A comment or a blank line between blocks, kept as written.
        case text(String)
        /// A command (its lines joined by newlines) and the output written under it.
        case command(String, Output)
    }

    public var items: [Item]

    public init(items: [Item]) { self.items = items }

    public var commands: [String] {
        items.compactMap {
            if case .command(let command, _) = $0 { return command }
            return nil
        }
    }

    static let noNewline = "% no newline at end"

    /// Reads a transcript; a block without its `? N` line, or output before any command, is an error
    /// naming the line.
    public init(parsing text: String, name: String = "transcript") throws {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        var items: [Item] = []
        var index = 0
        func fail(_ message: String) -> HarnessError {
            HarnessError(description: "\(name):\(index + 1): \(message)")
        }
        while index < lines.count {
            let line = lines[index]
            guard line.hasPrefix("$ ") else {
                guard line.isEmpty || line.hasPrefix("#") else {
                    throw fail("output outside a command's block (a comment starts with #, a command with $)")
                }
                items.append(.text(line))
                index += 1
                continue
            }
            var command = [String(line.dropFirst(2))]
            index += 1
            while index < lines.count, lines[index] == ">" || lines[index].hasPrefix("> ") {
                command.append(String(lines[index].dropFirst(2)))
                index += 1
            }
            var stdout: [String] = []
            var stderr: [String] = []
            var status: Int32?
            var lastStream = 0
            var open = [false, false]  // a stream ended without a newline
            while index < lines.count, status == nil {
                let line = lines[index]
                index += 1
                if line.hasPrefix("? "), let code = Int32(line.dropFirst(2)) {
                    status = code
                } else if line == Self.noNewline {
                    guard lastStream != 0 || !stdout.isEmpty else { throw fail("\(Self.noNewline) after no output") }
                    open[lastStream - 1] = true
                } else if line == "!" || line.hasPrefix("! ") {
                    stderr.append(String(line.dropFirst(2)))
                    lastStream = 2
                } else if line.hasPrefix("\\") {
                    stdout.append(String(line.dropFirst()))
                    lastStream = 1
                } else if line.hasPrefix("$ ") {
                    throw fail("a command before the '? STATUS' line of the one above")
                } else if let first = line.first, ">?%".contains(first) {
                    throw fail("'\(line)' in a block: write a line of output that starts with \(first) as \\\(line)")
                } else {
                    stdout.append(line)
                    lastStream = 1
                }
            }
            guard let status else { throw fail("the command '\(command[0])' has no '? STATUS' line") }
            func joined(_ lines: [String], _ open: Bool) -> String {
                lines.isEmpty ? "" : lines.joined(separator: "\n") + (open ? "" : "\n")
            }
            items.append(
                .command(
                    command.joined(separator: "\n"),
                    Output(stdout: joined(stdout, open[0]), stderr: joined(stderr, open[1]), status: status)))
        }
        self.items = items
    }

    /// The transcript's text, as a person reads it and as ``init(parsing:name:)`` reads it back.
    public var text: String {
        var lines: [String] = []
        for item in items {
            switch item {
            case .text(let line):
                lines.append(line)
            case .command(let command, let output):
                let commandLines = command.split(separator: "\n", omittingEmptySubsequences: false)
                lines.append("$ " + commandLines[0])
                for line in commandLines.dropFirst() { lines.append(line.isEmpty ? ">" : "> " + line) }
                lines += Self.lines(output.stdout) { line in
                    guard let first = line.first, ">!?%\\".contains(first) || line.hasPrefix("$ ") else { return line }
                    return "\\" + line
                }
                lines += Self.lines(output.stderr) { $0.isEmpty ? "!" : "! " + $0 }
                lines.append("? \(output.status)")
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// A stream's lines as written in a block, then the mark of a missing last newline.
    private static func lines(_ stream: String, _ mark: (String) -> String) -> [String] {
        guard !stream.isEmpty else { return [] }
        let open = !stream.hasSuffix("\n")
        let body = open ? stream : String(stream.dropLast())
        return body.split(separator: "\n", omittingEmptySubsequences: false).map { mark(String($0)) } + (open ? [noNewline] : [])
    }
}
