import FolioCore
import FolioSecrets
import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// What the terminal can show: colour, width, and whether a person is there to answer.
public struct Terminal: Sendable {
    public var isInteractive: Bool
    public var useColor: Bool
    public var width: Int
    public var height: Int
    /// Whether standard output is a terminal, so long lines are cut to its width (a pipe gets them whole).
    public var cutsLongLines = false
    /// Whether standard output is a terminal (a file's text then shows its control characters as pictures).
    public var writesToTerminal: Bool { cutsLongLines }

    public static func current(noColor: Bool, environment: [String: String]) -> Terminal {
        let outIsTTY = isatty(STDOUT_FILENO) == 1
        let size = TerminalSize.of(STDOUT_FILENO)
        // COLUMNS wins, as for ls: a user (or a test) can say how wide the window is.
        let columns = environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
        return Terminal(
            isInteractive: isatty(STDIN_FILENO) == 1 && outIsTTY,
            useColor: outIsTTY && !noColor && environment["NO_COLOR"].map(\.isEmpty) ?? true && environment["TERM"] != "dumb",
            width: columns ?? size?.columns ?? 100,
            height: size?.rows ?? 40,
            cutsLongLines: outIsTTY)
    }

    public func paint(_ text: String, _ code: String) -> String {
        useColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    public func dim(_ text: String) -> String { paint(text, "2") }
    public func bold(_ text: String) -> String { paint(text, "1") }
    public func accent(_ text: String) -> String { paint(text, "36") }
    public func warn(_ text: String) -> String { paint(text, "33") }
    public func fail(_ text: String) -> String { paint(text, "31") }
}

/// Writes text to standard output, through a pager when it is long and a person is reading.
///
/// Every write shows the control characters of its text as pictures (`␛`), but newline, tab and
/// folio's own styles (``Swift/String/withVisibleControlsKeepingStyles``): text from a file, a
/// server or an AI can never drive the terminal, whichever printer forgot it. Only
/// ``verbatim(_:terminal:environment:)`` writes bytes as they are, and only to a pipe or a file.
///
/// Output that nobody reads any more is dropped (see ``ConsoleStream``), never a crash.
public enum Console {
    public static func out(_ text: String) {
        let safe = text.withVisibleControlsKeepingStyles
        ConsoleStream.standardOutput.write(safe.hasSuffix("\n") ? safe : safe + "\n")
    }

    /// Writes to stdout without a newline (a reply streaming in). Each piece is made safe on its
    /// own, so an escape cut between two pieces shows as `␛` and never completes.
    public static func outInline(_ text: String) {
        ConsoleStream.standardOutput.write(text.withVisibleControlsKeepingStyles)
    }

    /// A file's text as it is (`show`, `profile`, `config get`): on a terminal with its control
    /// characters as pictures, like any output; to a pipe or a file byte for byte, as `cat` would,
    /// so `folio show x > copy.md` is the file.
    ///
    /// `notes` (folio's own lines after the file: children, media, the last AI failure) are made
    /// safe either way.
    public static func verbatim(_ text: String, notes: String = "", terminal: Terminal, environment: [String: String]) {
        guard !terminal.writesToTerminal else { return page(text + notes, terminal: terminal, environment: environment) }
        ConsoleStream.standardOutput.write(text)
        if !notes.isEmpty { outInline(notes) }
        if !(notes.isEmpty ? text : notes).hasSuffix("\n") { outInline("\n") }
    }

    /// Runs `body` while `note` stands on the terminal's last line (stderr), then erases it; without
    /// a terminal it just runs `body`, so pipes and logs never see the note.
    public static func whileShowing<T, E: Error>(_ note: String, on terminal: Terminal, _ body: () throws(E) -> T) throws(E) -> T {
        guard terminal.isInteractive else { return try body() }
        statusLine(terminal.dim(note))
        defer { clearStatusLine() }
        return try body()
    }

    /// The same, for work that waits.
    public static func whileShowing<T, E: Error>(_ note: String, on terminal: Terminal, _ body: () async throws(E) -> T)
        async throws(E) -> T
    {
        guard terminal.isInteractive else { return try await body() }
        statusLine(terminal.dim(note))
        defer { clearStatusLine() }
        return try await body()
    }

    /// Writes to stderr without a newline (a prompt).
    public static func errInline(_ text: String) {
        ConsoleStream.standardError.write(ConfiguredSecrets.redact(text).withVisibleControlsKeepingStyles)
    }

    /// Draws `text` over the terminal's last line on stderr (a progress line redrawn in place):
    /// the line is erased first; `text` itself can move nothing.
    public static func statusLine(_ text: String) {
        ConsoleStream.standardError.write("\r\u{1B}[2K" + ConfiguredSecrets.redact(text).withVisibleControlsKeepingStyles)
    }

    /// A progress line: drawn like ``statusLine(_:)``, at most ten times a second
    /// (``RedrawThrottle``), and always when `isFinal` (the transfer's last state).
    static func progressLine(_ text: String, isFinal: Bool = false) {
        RedrawThrottle.statusLine.draw(isFinal: isFinal) { statusLine(text) }
    }

    /// Erases the line ``statusLine(_:)`` drew.
    public static func clearStatusLine() {
        RedrawThrottle.statusLine.reset()
        ConsoleStream.standardError.write("\r\u{1B}[2K")
    }

    /// Writes a line to stderr, where every error and warning goes: configured keys and tokens, and
    /// anything that looks like one, are masked here whatever the message, as a last line of defence.
    public static func err(_ text: String) {
        let safe = ConfiguredSecrets.redact(text).withVisibleControlsKeepingStyles
        ConsoleStream.standardError.write(safe.hasSuffix("\n") ? safe : safe + "\n")
    }

    /// Writes a line to stderr without masking: only for `folio serve`'s pairing link, the one
    /// secret folio shows on purpose (made by this server a moment ago, for the person at this
    /// terminal, and worthless once it stops).
    public static func errShowingPairingLink(_ text: String) {
        let shown = text.withVisibleControlsKeepingStyles
        ConsoleStream.standardError.write(shown.hasSuffix("\n") ? shown : shown + "\n")
    }

    /// Prints `text`; on a terminal, output taller than the screen goes through `$PAGER` (`less -FRX`).
    public static func page(_ text: String, terminal: Terminal, environment: [String: String]) {
        let text = text.withVisibleControlsKeepingStyles
        guard terminal.isInteractive else { return out(text) }
        // Bytes, not characters, and only as far as a screenful: a record may be many megabytes.
        var lines = 0
        for byte in text.utf8 where byte == UInt8(ascii: "\n") {
            lines += 1
            if lines >= terminal.height - 1 { break }
        }
        guard lines >= terminal.height - 1 else { return out(text) }
        let pager = environment["PAGER"].flatMap { $0.isEmpty ? nil : $0 } ?? "less -FRX"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", pager]
        var env = environment
        if env["LESS"] == nil { env["LESS"] = "FRX" }
        process.environment = env
        let pipe = Pipe()
        process.standardInput = pipe
        do {
            try process.run()
        } catch {
            return out(text)
        }
        // Quitting the pager early closes the pipe: the rest of the text is dropped.
        ConsoleStream(pipe.fileHandleForWriting.fileDescriptor).write(text)
        try? pipe.fileHandleForWriting.close()
        // blocking: on the command's own thread (CommandThread), until the person quits the pager.
        process.waitUntilExit()
    }

    /// Asks a yes/no question on the terminal; `defaultYes` is taken for an empty answer.
    public static func confirm(_ prompt: String, defaultYes: Bool = false) -> Bool {
        errInline(prompt)
        // No answer, or one too long to be one, is no.
        // try?: no answer (end of input, an unreadable one) is "no": nothing is done without a yes.
        guard let line = try? StandardInput.line() else { return false }
        let answer = line.trimmingCharacters(in: .whitespaces).lowercased()
        if answer.isEmpty { return defaultYes }
        return ["y", "yes", "是", "好", "確定"].contains(answer)
    }

    public static func ask(_ prompt: String) -> String? {
        errInline(prompt)
        // No answer, or one too long to be one, is none.
        // try?: no answer is no answer; the caller asks again or stops.
        guard let line = try? StandardInput.line() else { return nil }
        return line.trimmingCharacters(in: .whitespaces)
    }
}

extension String {
    func padded(to width: Int) -> String {
        self + String(repeating: " ", count: Swift.max(0, width - displayWidth))
    }

    /// The text without the spaces at its end.
    var trimmingTrailingSpaces: String {
        var text = Substring(self)
        while text.hasSuffix(" ") { text = text.dropLast() }
        return String(text)
    }
}
