/// The source split into lines the way CommonMark splits them: at LF, CRLF or a lone CR.
struct SourceLines {
    let bytes: [UInt8]
    /// Where each line starts: line `n` starts at `starts[n - 1]`.
    let starts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() {
            let endsLine = byte == .lineFeed
                || (byte == .carriageReturn && bytes.byte(after: offset) != .lineFeed)
            if endsLine { starts.append(offset + 1) }
        }
        self.starts = starts
    }

    /// The 1-based line holding byte `offset`.
    func line(at offset: Int) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    /// The bytes of lines `first` through `last`, or of the whole text when those make no sense.
    func bytes(first: Int, last: Int) -> Range<Int> {
        guard first >= 1, first <= starts.count, last >= first else { return 0..<bytes.count }
        let end = last < starts.count ? starts[last] : bytes.count
        return starts[first - 1]..<max(starts[first - 1], end)
    }
}

/// Finds the line each link starts on by reading the source of its block again.
///
/// cmark 0.30's positions for inline nodes drift: a paragraph that begins with link reference
/// definitions numbers its lines from the first definition, line breaks inside a link's title
/// or after a backslash are not counted, and a link whose text spans lines gets the line of its
/// closing bracket. Block positions are sound, so each block's text is scanned for the places
/// a link can open (`[`, `![`, `<`), skipping code spans and escapes, and cmark's links are
/// matched to them in order: an inline link by its destination, a reference link by its text,
/// an autolink by its address.
struct LinkLocator {
    private let lines: SourceLines
    private let fallbackLine: Int
    private let openers: [Opener]
    /// Openers before this one already belong to earlier links.
    private var next = 0

    init(lines: SourceLines, firstLine: Int, lastLine: Int) {
        self.lines = lines
        self.fallbackLine = max(1, firstLine)
        self.openers = OpenerScanner(bytes: lines.bytes, range: lines.bytes(first: firstLine, last: lastLine)).openers
    }

    mutating func line(of link: ParsedLink) -> Int {
        let remaining = openers.indices.dropFirst(next)
        let wanted = Wanted(link)
        // When nothing agrees (an entity in the text, say), the next opener of the right kind
        // is still a far better guess than the block's first line.
        let match = remaining.first { openers[$0].agrees(with: wanted) }
            ?? remaining.first { openers[$0].isImage == link.isImage }
        guard let match else { return fallbackLine }
        next = match + 1
        return lines.line(at: openers[match].offset)
    }
}

/// A place in the source where a link or image may open.
struct Opener {
    enum Shape {
        /// `[text](destination …)`: the destination as written, escapes and all.
        case inline(destination: [UInt8])
        /// `[text][label]`, `[label][]` or `[label]`: what is between the first brackets, unless
        /// it is too long to be worth comparing.
        case reference(text: [UInt8]?)
        /// `<scheme:…>` or `<name@host>`.
        case autolink(address: [UInt8])
    }

    /// Of the `[`, the `!` before it, or the `<`.
    var offset: Int
    var isImage: Bool
    var shape: Shape

    func agrees(with link: Wanted) -> Bool {
        guard isImage == link.isImage else { return false }
        switch shape {
        case .inline(let destination):
            // Entities are decoded by cmark and not here; an `&` gives the benefit of the doubt.
            return String(decoding: destination.removingBackslashEscapes(), as: UTF8.self) == link.destination
                || destination.contains(.ampersand)
        case .reference(let text):
            guard let text else { return false }
            return String(decoding: text, as: UTF8.self).looseText == link.looseText
        case .autolink(let address):
            let written = String(decoding: address, as: UTF8.self)
            return written == link.destination || "mailto:" + written == link.destination
        }
    }
}

/// What an opener is compared with, worked out once per link.
struct Wanted {
    var destination: String
    var isImage: Bool
    var looseText: String

    init(_ link: ParsedLink) {
        destination = link.destination
        isImage = link.isImage
        looseText = link.text.looseText
    }
}

/// One pass over a block's bytes: marks what cannot open a link, pairs brackets, reads shapes.
struct OpenerScanner {
    /// Link texts and destinations longer than this are not compared, which keeps a block of
    /// thousands of nested brackets from costing time in the square of its length.
    private static let comparedLength = 2048

    private let bytes: [UInt8]
    private let range: Range<Int>
    /// Inside a code span, or escaped by a backslash.
    private var inert: [Bool]

    init(bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        self.range = range
        self.inert = Array(repeating: false, count: range.count)
        markInert()
    }

    private func isInert(_ offset: Int) -> Bool {
        inert[offset - range.lowerBound]
    }

    /// Backslash escapes and code spans, as CommonMark defines them: a run of backticks opens
    /// a span only when a later run of the same length closes it.
    private mutating func markInert() {
        var offset = range.lowerBound
        // Lengths of backtick runs known to have no closing run from some point on; later runs
        // of those lengths cannot close either, which keeps hostile input from going quadratic.
        var unclosedLengths: Set<Int> = []
        while offset < range.upperBound {
            let byte = bytes[offset]
            if byte == .backslash, offset + 1 < range.upperBound, bytes[offset + 1].isASCIIPunctuation {
                inert[offset + 1 - range.lowerBound] = true
                offset += 2
                continue
            }
            guard byte == .backtick else {
                offset += 1
                continue
            }
            let runStart = offset
            let runLength = backtickRun(at: offset)
            offset += runLength
            guard !unclosedLengths.contains(runLength), let closeEnd = closingRun(of: runLength, from: offset) else {
                unclosedLengths.insert(runLength)
                continue
            }
            for inside in runStart..<closeEnd { inert[inside - range.lowerBound] = true }
            offset = closeEnd
        }
    }

    private func backtickRun(at start: Int) -> Int {
        var end = start
        while end < range.upperBound, bytes[end] == .backtick { end += 1 }
        return end - start
    }

    private func closingRun(of length: Int, from start: Int) -> Int? {
        var offset = start
        while offset < range.upperBound {
            if bytes[offset] == .backtick {
                let run = backtickRun(at: offset)
                if run == length { return offset + run }
                offset += run
            } else {
                offset += 1
            }
        }
        return nil
    }

    var openers: [Opener] {
        let closers = matchingBrackets()
        var found: [Opener] = []
        for offset in range where !isInert(offset) {
            switch bytes[offset] {
            case .openBracket:
                guard let close = closers[offset], let shape = shape(open: offset, close: close) else { continue }
                let bang = offset - 1
                let isImage = bang >= range.lowerBound && bytes[bang] == .exclamation && !isInert(bang)
                found.append(Opener(offset: isImage ? bang : offset, isImage: isImage, shape: shape))
            case .lessThan:
                if let address = autolinkAddress(at: offset) {
                    found.append(Opener(offset: offset, isImage: false, shape: .autolink(address: address)))
                }
            default:
                break
            }
        }
        return found
    }

    /// Each `[` with the `]` that balances it, in one pass with a stack.
    private func matchingBrackets() -> [Int: Int] {
        var open: [Int] = []
        var pairs: [Int: Int] = [:]
        for offset in range where !isInert(offset) {
            if bytes[offset] == .openBracket {
                open.append(offset)
            } else if bytes[offset] == .closeBracket, let opener = open.popLast() {
                pairs[opener] = offset
            }
        }
        return pairs
    }

    /// What follows the `]` says what kind of link this would be; nil for a reference
    /// definition (`[label]: …` at the start of a line), which is not a link.
    private func shape(open: Int, close: Int) -> Opener.Shape? {
        let text = close - open <= Self.comparedLength ? Array(bytes[(open + 1)..<close]) : nil
        let after = close + 1
        guard after < range.upperBound else { return .reference(text: text) }
        switch bytes[after] {
        case .openParenthesis:
            return .inline(destination: destination(from: after + 1))
        case .colon where startsLine(open):
            return nil
        default:
            return .reference(text: text)
        }
    }

    /// Whether only indentation or block-quote markers come before `offset` on its line.
    private func startsLine(_ offset: Int) -> Bool {
        var before = offset - 1
        while before >= range.lowerBound, bytes[before] != .lineFeed, bytes[before] != .carriageReturn {
            guard bytes[before] == .space || bytes[before] == .tab || bytes[before] == .greaterThan else {
                return false
            }
            before -= 1
        }
        return true
    }

    /// A link destination as written after `(`: `<…>` or a run without spaces and with
    /// balanced parentheses.
    private func destination(from start: Int) -> [UInt8] {
        var offset = start
        let end = min(range.upperBound, start + Self.comparedLength)
        while offset < end, bytes[offset].isWhitespace { offset += 1 }
        guard offset < end else { return [] }
        var written: [UInt8] = []
        if bytes[offset] == .lessThan {
            offset += 1
            while offset < end, bytes[offset] != .greaterThan, bytes[offset] != .lineFeed {
                if bytes[offset] == .backslash, offset + 1 < end {
                    written.append(bytes[offset])
                    offset += 1
                }
                written.append(bytes[offset])
                offset += 1
            }
            return written
        }
        var depth = 0
        while offset < end, !bytes[offset].isWhitespace {
            let byte = bytes[offset]
            if byte == .backslash, offset + 1 < end {
                written.append(byte)
                offset += 1
            } else if byte == .openParenthesis {
                depth += 1
            } else if byte == .closeParenthesis {
                if depth == 0 { break }
                depth -= 1
            }
            written.append(bytes[offset])
            offset += 1
        }
        return written
    }

    /// `<scheme:…>` or `<user@host>` with no spaces inside.
    private func autolinkAddress(at open: Int) -> [UInt8]? {
        var offset = open + 1
        var address: [UInt8] = []
        while offset < range.upperBound, bytes[offset] != .greaterThan {
            let byte = bytes[offset]
            guard !byte.isWhitespace, byte != .lessThan else { return nil }
            address.append(byte)
            offset += 1
        }
        guard offset < range.upperBound, address.contains(.colon) || address.contains(.at) else { return nil }
        return address
    }
}

extension [UInt8] {
    fileprivate func byte(after offset: Int) -> UInt8? {
        offset + 1 < count ? self[offset + 1] : nil
    }

    fileprivate func removingBackslashEscapes() -> [UInt8] {
        var result: [UInt8] = []
        var offset = 0
        while offset < count {
            if self[offset] == .backslash, offset + 1 < count, self[offset + 1].isASCIIPunctuation {
                offset += 1
            }
            result.append(self[offset])
            offset += 1
        }
        return result
    }
}

extension String {
    /// Letters and digits only, so `*emphasis*` in the source and `emphasis` from cmark compare equal.
    fileprivate var looseText: String {
        String(filter { $0.isLetter || $0.isNumber }).lowercased()
    }
}

extension UInt8 {
    fileprivate static let tab = UInt8(ascii: "\t")
    fileprivate static let lineFeed = UInt8(ascii: "\n")
    fileprivate static let carriageReturn = UInt8(ascii: "\r")
    fileprivate static let space = UInt8(ascii: " ")
    fileprivate static let exclamation = UInt8(ascii: "!")
    fileprivate static let ampersand = UInt8(ascii: "&")
    fileprivate static let openParenthesis = UInt8(ascii: "(")
    fileprivate static let closeParenthesis = UInt8(ascii: ")")
    fileprivate static let colon = UInt8(ascii: ":")
    fileprivate static let lessThan = UInt8(ascii: "<")
    fileprivate static let greaterThan = UInt8(ascii: ">")
    fileprivate static let at = UInt8(ascii: "@")
    fileprivate static let openBracket = UInt8(ascii: "[")
    fileprivate static let backslash = UInt8(ascii: "\\")
    fileprivate static let closeBracket = UInt8(ascii: "]")
    fileprivate static let backtick = UInt8(ascii: "`")

    fileprivate var isWhitespace: Bool {
        self == .space || self == .tab || self == .lineFeed || self == .carriageReturn
    }

    fileprivate var isASCIIPunctuation: Bool {
        (0x21...0x2F).contains(self) || (0x3A...0x40).contains(self)
            || (0x5B...0x60).contains(self) || (0x7B...0x7E).contains(self)
    }
}
