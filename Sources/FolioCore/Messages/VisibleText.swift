/// Text from files and servers made safe to print on a terminal: a title or a file name may hold
/// an escape sequence, a newline or bytes that are not UTF-8, and none of those may reach the
/// terminal as such (recolouring it, faking a line, hiding text).
extension String {
    /// A file name as git quotes one (`core.quotePath=false`): unchanged when it is plain, else in
    /// double quotes with `\n`, `\t`, `\"`, `\\` and other control characters as `\ooo` octal.
    public var quotedPath: String {
        let needsQuotes = unicodeScalars.contains { $0.isControl || $0.isBidiControl || $0 == "\"" || $0 == "\\" }
        guard needsQuotes else { return self }
        var out = "\""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.isControl || scalar.isBidiControl:
                for byte in String(scalar).utf8 { out += "\\" + String.octal(byte) }
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A file name whose bytes are not UTF-8, quoted as git does: each byte that is not part of a
    /// character as `\ooo`.
    public static func quotedPath(bytes: [UInt8]) -> String {
        var out = "\""
        var index = 0
        while index < bytes.count {
            let width = utf8Width(bytes, at: index)
            if width > 0, let character = String(validating: bytes[index..<(index + width)], as: UTF8.self) {
                out += character.quotedPath.trimmingQuotes
                index += width
            } else {
                out += "\\" + octal(bytes[index])
                index += 1
            }
        }
        return out + "\""
    }

    /// Control characters (but newline and tab) shown as their Unicode pictures (`␛`, `␇`), and the
    /// bidirectional controls as their code point (`<U+202E>`), so a message quoting a file's or a
    /// server's text can neither drive the terminal nor reorder what is shown around it.
    public var withVisibleControls: String {
        guard unicodeScalars.contains(where: \.isHiddenFromTerminal) else { return self }
        var out = String.UnicodeScalarView()
        for scalar in unicodeScalars { scalar.appendVisibly(to: &out) }
        return String(out)
    }

    /// What folio writes to a terminal or a pipe, whatever the text: ``withVisibleControls``, but
    /// the colour and weight sequences of folio's own styles stay (SGR, `ESC [ 1 ; 36 m`, with
    /// only the parameters in ``terminalStyles``). Any other escape — OSC 52 writing the clipboard,
    /// a title, cursor moves, erasing, a hidden-text style — and any lone ESC shows as `␛`, so text
    /// cut anywhere (a reply streamed in pieces) can never finish a sequence in the next write.
    public var withVisibleControlsKeepingStyles: String {
        guard unicodeScalars.contains(where: \.isHiddenFromTerminal) else { return self }
        let scalars = Array(unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\u{1B}", let end = Self.styleSequenceEnd(scalars, from: index) {
                out.append(contentsOf: scalars[index...end])
                index = end + 1
                continue
            }
            scalar.appendVisibly(to: &out)
            index += 1
        }
        return String(out)
    }

    /// The SGR parameters folio's own styles use: reset, bold, dim, inverse, red, green, yellow, cyan.
    public static let terminalStyles: Set<Int> = [0, 1, 2, 7, 31, 32, 33, 36]

    /// The index of the `m` that ends an SGR sequence of ``terminalStyles`` starting at the ESC at
    /// `start`; nil for anything else.
    private static func styleSequenceEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var index = start + 2
        var number = 0
        var digits = 0
        while index < scalars.count, index - start <= 16 {
            let scalar = scalars[index]
            switch scalar {
            case "0"..."9":
                number = number * 10 + Int(scalar.value - 0x30)
                digits += 1
                if digits > 2 { return nil }
            case ";", "m":
                guard digits > 0, terminalStyles.contains(number) else { return nil }
                if scalar == "m" { return index }
                number = 0
                digits = 0
            default: return nil
            }
            index += 1
        }
        return nil
    }

    /// One line for a table cell: every control character, newline and tab included, as its picture;
    /// bidirectional controls as their code point.
    public var oneLine: String {
        guard unicodeScalars.contains(where: { $0.isControl || $0.isBidiControl }) else { return self }
        var out = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if scalar.isControl {
                out.append(scalar.controlPicture)
            } else {
                scalar.appendVisibly(to: &out)
            }
        }
        return String(out)
    }

    private var trimmingQuotes: String {
        hasPrefix("\"") && hasSuffix("\"") && count >= 2 ? String(dropFirst().dropLast()) : self
    }

    private static func octal(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 8)
        return String(repeating: "0", count: Swift.max(0, 3 - digits.count)) + digits
    }

    private static func utf8Width(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let width = lead < 0x80 ? 1 : lead >= 0xF0 && lead < 0xF8 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0
        return index + width <= bytes.count ? width : 0
    }
}

extension Unicode.Scalar {
    /// C0 and C1 control characters and DEL.
    public var isControl: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }

    /// The bidirectional formatting characters (Unicode's Bidi_Control): the embeddings and
    /// overrides U+202A–U+202E, the isolates U+2066–U+2069 and the marks U+200E, U+200F and
    /// U+061C. A right-to-left override in a title would show the rest of a line of `list` or
    /// `log` backwards (a forged date, id or file name), so none of them reaches a terminal as such.
    public var isBidiControl: Bool {
        switch value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// What a terminal must not be handed as it is: a control character but newline and tab, or a
    /// bidirectional control.
    var isHiddenFromTerminal: Bool { (isControl && self != "\n" && self != "\t") || isBidiControl }

    /// Appends this scalar as a terminal may show it: a control as its picture (newline and tab
    /// as they are), a bidirectional control as `<U+202E>`, anything else as it is.
    func appendVisibly(to out: inout String.UnicodeScalarView) {
        if isBidiControl {
            let digits = String(value, radix: 16, uppercase: true)
            out.append(contentsOf: "<U+\(String(repeating: "0", count: Swift.max(0, 4 - digits.count)))\(digits)>".unicodeScalars)
        } else if isControl && self != "\n" && self != "\t" {
            out.append(controlPicture)
        } else {
            out.append(self)
        }
    }

    /// The Unicode picture of a C0 control (`␛` for ESC), `␡` for DEL, `�` for a C1 control.
    public var controlPicture: Unicode.Scalar {
        switch value {
        case 0..<0x20: Unicode.Scalar(0x2400 + value) ?? "\u{FFFD}"
        case 0x7F: "\u{2421}"
        default: "\u{FFFD}"
        }
    }
}
