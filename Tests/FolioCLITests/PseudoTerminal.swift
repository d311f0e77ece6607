import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

extension FolioProcess {
    /// Runs folio with a pseudo-terminal as its standard input, output and error, as a person at a
    /// terminal runs it: folio sees a terminal (colour unless NO_COLOR, the pager for long output).
    /// The terminal is raw (no `\n` → `\r\n`), so what comes back is the bytes folio wrote, both
    /// streams in the order written.
    func runOnRawTerminal(_ arguments: String...) throws -> (status: Int32, output: Data) {
        try runOnRawTerminal(arguments)
    }

    func runOnRawTerminal(_ arguments: [String], columns: UInt16 = 100, rows: UInt16 = 40) throws -> (status: Int32, output: Data) {
        // posix_openpt, unlockpt and ptsname are not visible to Swift here; /dev/ptmx with Linux's
        // ioctls does the same (TIOCSPTLCK = _IOW('T', 0x31, int), TIOCGPTN = _IOR('T', 0x30, unsigned)).
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            throw HarnessError(description: "no pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        defer { close(master) }
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        let name = "/dev/pts/\(number)"
        let slave = open(name, O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw HarnessError(description: "cannot open \(name)") }
        var settings = termios()
        tcgetattr(slave, &settings)
        cfmakeraw(&settings)
        tcsetattr(slave, TCSANOW, &settings)

        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        let deadline = try process.run(deadline: childDeadline)
        close(slave)

        // Read until every holder of the terminal's other end has closed it (EIO on Linux).
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = Glibc.read(master, &buffer, buffer.count)
            if count > 0 {
                output.append(contentsOf: buffer[0..<count])
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        process.waitUntilExit()
        try deadline.check("folio \(arguments.joined(separator: " ")) on a pseudo-terminal")
        return (process.terminationStatus, output)
    }
}

/// What a terminal would act on in folio's output, other than line breaks, tabs and folio's own
/// styles: every control character (C0, DEL, C1) and every escape sequence folio does not write.
enum TerminalBytes {
    /// The control characters and escape sequences in `output` that a terminal would act on,
    /// leaving out newline, tab and the SGR styles folio paints with, and the bidirectional
    /// controls, which would show the rest of a line in another order.
    static func unsafe(in output: Data) -> [String] {
        let text = String(decoding: output, as: UTF8.self)
        var found: [String] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            defer { index += 1 }
            if bidiControls.contains(scalar.value) {
                found.append(String(format: "U+%04X at %d", scalar.value, index))
                continue
            }
            guard scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value), scalar != "\n", scalar != "\t" else { continue }
            if scalar == "\u{1B}", let end = styleEnd(scalars, index) {
                index = end
                continue
            }
            found.append(String(format: "U+%04X at %d", scalar.value, index))
        }
        return found
    }

    /// Unicode's Bidi_Control characters, listed here apart from folio's own list.
    static let bidiControls: Set<UInt32> = [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]

    /// `ESC [ n ; n m` with folio's style numbers only.
    private static func styleEnd(_ scalars: [Unicode.Scalar], _ start: Int) -> Int? {
        guard start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var index = start + 2
        var number = ""
        while index < scalars.count {
            let scalar = scalars[index]
            if ("0"..."9").contains(scalar) {
                number.unicodeScalars.append(scalar)
            } else if scalar == ";" || scalar == "m" {
                guard let value = Int(number), [0, 1, 2, 7, 31, 32, 33, 36].contains(value) else { return nil }
                if scalar == "m" { return index }
                number = ""
            } else {
                return nil
            }
            index += 1
        }
        return nil
    }
}
