import Ccmark

/// The source split into lines the way CommonMark splits them: at LF, CRLF or a lone CR.
struct SourceLines {
    let bytes: [UInt8]
    /// Where each line starts: line `n` starts at `starts[n - 1]`.
    let starts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() {
            let endsLine = byte == .lineFeed || (byte == .carriageReturn && (offset + 1 == bytes.count || bytes[offset + 1] != .lineFeed))
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

/// Finds where each of a block's links opens, in the lines cmark says the block covers.
///
/// cmark's positions for inline nodes drift in cmark 0.30 (a paragraph that begins with link
/// reference definitions counts its lines from the first one; line breaks inside a link's title
/// are not counted), while its block positions are sound. So each link cmark found is looked up
/// in its block's text, in order: an inline link by its destination (`](…`, read back through
/// cmark, so escapes and entities compare as cmark decoded them), else an autolink by its address
/// (`<…>`), else a reference link by its text (`[…]` not followed by `(` or `:`), each after the
/// previous link's opener. A link's opener is its `[` (`!` for an image, `<` for an autolink).
struct LinkFinder {
    private let bytes: [UInt8]
    private let range: Range<Int>
    /// Each `[` whose `]` is followed by `(`, with that `]`, in order of the `[`; and where they are.
    private let inlineBrackets: [(open: Int, close: Int)]
    private let inlineOpens: [Int]
    /// Each `[…]` that can be a reference link's text (``referenceOpener(of:)``), in order; and where they are.
    private let referenceBrackets: [(open: Int, close: Int)]
    private let referenceOpens: [Int]
    /// Where each `<` is, in order.
    private let angles: [Int]
    /// Each `[` with the `]` that balances it, in order of the `[`, and where the `[`s are.
    private let brackets: [(open: Int, close: Int)]
    private let bracketOpens: [Int]
    /// Links open in order: the next one opens at or after this.
    private var cursor: Int
    /// What ``destination(after:)`` and ``looseText(open:close:)`` have read, so a bracket
    /// tried for several links is read once.
    private var destinations: [Int: String?] = [:]
    private var looseTexts: [Int: String] = [:]

    /// How many places past the previous opener a link is looked for, and how long a destination
    /// or text is compared: a block of thousands of brackets that are no links costs time in
    /// proportion to its length, not its square.
    private static let window = 256
    private static let comparedLength = 2048

    init(bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        self.range = range
        cursor = range.lowerBound
        var stack: [Int] = []
        var brackets: [(open: Int, close: Int)] = []
        var openOf: [Int: Int] = [:]
        var destinationStarts = Set<Int>()
        var angles: [Int] = []
        var escaped = false
        var offset = range.lowerBound - 1
        // Lengths of backtick runs known to have no closing run from some point on.
        var unclosed: Set<Int> = []
        while offset + 1 < range.upperBound {
            offset += 1
            defer { escaped = !escaped && bytes[offset] == .backslash }
            guard !escaped else { continue }
            switch bytes[offset] {
            case .backtick:
                // A code span: what it holds opens no link.
                let run = Self.backticks(in: bytes, at: offset, upTo: range.upperBound)
                if !unclosed.contains(run), let end = Self.closingRun(of: run, in: bytes, from: offset + run, upTo: range.upperBound) {
                    offset = end - 1
                } else {
                    unclosed.insert(run)
                    offset += run - 1
                }
            case .openBracket: stack.append(offset)
            case .closeBracket:
                if let open = stack.popLast() {
                    brackets.append((open, offset))
                    openOf[offset] = open
                }
                if openOf[offset] != nil, offset + 1 < range.upperBound, bytes[offset + 1] == .openParenthesis {
                    destinationStarts.insert(offset)
                }
            case .lessThan: angles.append(offset)
            default: break
            }
        }
        self.brackets = brackets.sorted { $0.open < $1.open }
        bracketOpens = self.brackets.map(\.open)
        inlineBrackets = self.brackets.filter { destinationStarts.contains($0.close) }
        inlineOpens = inlineBrackets.map(\.open)
        // What can be a reference link's text is known from the source alone: chosen once, so a
        // page of inline links (nested images, say) is not searched again for each link.
        referenceBrackets = self.brackets.filter { open, close in
            let after = close + 1 < range.upperBound ? bytes[close + 1] : nil
            return (open == range.lowerBound || bytes[open - 1] != .closeBracket) && after != .openParenthesis && after != .colon
                && close - open <= Self.comparedLength
        }
        referenceOpens = referenceBrackets.map(\.open)
        self.angles = angles
    }

    /// How many backticks stand in a row from `start`.
    private static func backticks(in bytes: [UInt8], at start: Int, upTo upper: Int) -> Int {
        var end = start
        while end < upper, bytes[end] == .backtick { end += 1 }
        return end - start
    }

    /// Just past the next run of exactly `length` backticks from `start`, which closes a code span.
    private static func closingRun(of length: Int, in bytes: [UInt8], from start: Int, upTo upper: Int) -> Int? {
        var offset = start
        while offset < upper {
            guard bytes[offset] == .backtick else {
                offset += 1
                continue
            }
            let run = backticks(in: bytes, at: offset, upTo: upper)
            if run == length { return offset + run }
            offset += run
        }
        return nil
    }

    /// The offset where `link` opens, or nil when its block does not show it: an inline link with
    /// the link's destination and text, else an autolink with its address, else a reference link
    /// with its text, else an inline link with its destination (whose text cmark reads otherwise,
    /// an image inside it, say). Brackets that are no link (`[sic]`) can hold the same text as a
    /// link after them, so a destination written out decides first.
    mutating func opener(of link: ParsedLink) -> Int? {
        let inline = inlineOpener(of: link)
        let found = inline?.sameText ?? autolinkOpener(of: link) ?? referenceOpener(of: link) ?? inline?.first
        if let found { cursor = found + 1 }
        return found
    }

    /// The bytes of the link that opens at `opener`: to its `>` (an autolink), to the `)` after
    /// its destination and title (an inline link), or to the `]` of its text or label; nil when
    /// the source does not close it the way cmark read it.
    func extent(from opener: Int) -> Range<Int>? {
        if bytes[opener] == .lessThan {
            return bytes[opener..<range.upperBound].firstIndex(of: .greaterThan).map { opener..<($0 + 1) }
        }
        let open = bytes[opener] == .exclamation ? opener + 1 : opener
        guard let close = closeOf(open) else { return nil }
        let next = close + 1 < range.upperBound ? bytes[close + 1] : nil
        if next == .openBracket, let label = closeOf(close + 1) { return opener..<(label + 1) }
        guard next == .openParenthesis else { return opener..<(close + 1) }
        guard let written = Self.destination(in: bytes, from: close + 2, upTo: range.upperBound) else { return nil }
        var offset = written.endIndex
        func skipSpace() { while offset < range.upperBound, bytes[offset].isWhitespace { offset += 1 } }
        skipSpace()
        if offset < range.upperBound,
            let quote = [UInt8.quote: UInt8.quote, .apostrophe: .apostrophe, .openParenthesis: .closeParenthesis][bytes[offset]]
        {
            offset += 1
            while offset < range.upperBound, bytes[offset] != quote {
                offset += bytes[offset] == .backslash ? 2 : 1
            }
            offset += 1
            skipSpace()
        }
        guard offset < range.upperBound, bytes[offset] == .closeParenthesis else { return nil }
        return opener..<(offset + 1)
    }

    /// The `]` that balances the `[` at `open`.
    private func closeOf(_ open: Int) -> Int? {
        let index = Self.firstIndex(in: bracketOpens, atOrAfter: open)
        guard index < brackets.count, brackets[index].open == open else { return nil }
        return brackets[index].close
    }

    // MARK: - Inline links

    /// The first `[text](destination` whose destination is the link's, opening at or after the
    /// cursor, and the first whose text is the link's too (two links to one file, or a reference
    /// link to a file an inline link names after it). Brackets are tried in the order they open,
    /// as cmark gives links: nested ones (`[![a](x)](y)`) close in the other order, and trying
    /// them by their `](` found each outer link's text inside at a cost per link, which made a
    /// page of thousands of nested images take minutes.
    private mutating func inlineOpener(of link: ParsedLink) -> (first: Int, sameText: Int?)? {
        var first: Int?
        var afterFirst = 0
        // Read only when a bracket is short enough to compare: most links of a long page are not.
        var wanted: String?
        let start = Self.firstIndex(in: inlineOpens, atOrAfter: cursor)
        for (open, close) in inlineBrackets[start...].prefix(Self.window) {
            // Past the first link to the destination, a link of the same text is looked for
            // nearby only: every link of a page nested in one another has the same destination.
            if first != nil {
                afterFirst += 1
                if afterFirst > Self.sameTextWindow { break }
            }
            guard let opener = opener(at: open, isImage: link.isImage), destination(after: close) == link.destination else { continue }
            if close - open <= Self.comparedLength, looseText(open: open, close: close) == wanted.settled({ link.text.looseText }) {
                return (first ?? opener, opener)
            }
            first = first ?? opener
        }
        return first.map { ($0, nil) }
    }

    /// How many links past the first to the same destination are tried for the same text.
    private static let sameTextWindow = 32

    /// The destination written after the `](` at `close`, as cmark reads it; each read once.
    private mutating func destination(after close: Int) -> String? {
        if let known = destinations[close] { return known }
        let decoded = Self.destination(in: bytes, from: close + 2, upTo: range.upperBound).flatMap(Self.decoded)
        destinations[close] = .some(decoded)
        return decoded
    }

    /// The letters and digits between the `[` at `open` and the `]` at `close`; each read once.
    private mutating func looseText(open: Int, close: Int) -> String {
        if let known = looseTexts[open] { return known }
        let text = String(decoding: bytes[(open + 1)..<close], as: UTF8.self).looseText
        looseTexts[open] = text
        return text
    }

    /// A link destination as written after `(`: `<…>` on one line, or a run without white space
    /// whose parentheses balance. Nil for a `<` that no `>` closes on its line, which is no
    /// destination, and for one too long to compare.
    static func destination(in bytes: [UInt8], from start: Int, upTo upper: Int) -> ArraySlice<UInt8>? {
        let upper = min(upper, start + comparedLength)
        var offset = start
        while offset < upper, bytes[offset] == .space || bytes[offset] == .tab { offset += 1 }
        if offset < upper, bytes[offset] == .lessThan {
            var close = offset + 1
            while close < upper, bytes[close] != .greaterThan {
                if bytes[close] == .lineFeed || bytes[close] == .carriageReturn { return nil }
                if bytes[close] == .backslash, close + 1 < upper, bytes[close + 1].isASCIIPunctuation { close += 1 }
                close += 1
            }
            return close < upper ? bytes[offset...close] : nil
        }
        var depth = 0
        var close = offset
        while close < upper, !bytes[close].isWhitespace {
            // A backslash escapes punctuation only: before a line break it is itself, and the destination ends there.
            if bytes[close] == .backslash, close + 1 < upper, bytes[close + 1].isASCIIPunctuation {
                close += 2
                continue
            }
            if bytes[close] == .openParenthesis { depth += 1 }
            if bytes[close] == .closeParenthesis {
                if depth == 0 { break }
                depth -= 1
            }
            close += 1
        }
        return bytes[offset..<min(close, upper)]
    }

    /// A destination as cmark reads it: escapes and entities undone, `<…>` unwrapped. Plain
    /// text is itself; anything else is read by cmark as the destination of a link of its own.
    static func decoded(_ written: ArraySlice<UInt8>) -> String? {
        if !written.contains(where: { $0 == .backslash || $0 == .ampersand || $0 == .lessThan }) {
            return String(decoding: written, as: UTF8.self)
        }
        let probe = Array("[x](".utf8) + written + [.closeParenthesis]
        // The probe's own link, not one inside its destination (`<x@y.z>` is an autolink of its own).
        guard let link = CommonMarkTree.links(in: probe).first, link.text == "x", !link.isImage else { return nil }
        return link.destination
    }

    // MARK: - Autolinks and reference links

    /// `<address>`: the destination as written, or an e-mail address without cmark's `mailto:`.
    private func autolinkOpener(of link: ParsedLink) -> Int? {
        guard !link.isImage else { return nil }
        let addresses = [link.destination] + (link.destination.hasPrefix("mailto:") ? [String(link.destination.dropFirst(7))] : [])
        let needles = addresses.map { Array($0.utf8) + [.greaterThan] }
        let start = Self.firstIndex(in: angles, atOrAfter: cursor)
        return angles[start...].prefix(Self.window).first { angle in
            needles.contains { bytes[(angle + 1)...].starts(with: $0) }
        }
    }

    /// `[text]`, `[text][label]` or `[label][]`, whose text is the link's (letters and digits
    /// compared), and which is neither an inline link's `[text](` nor a definition's `[label]:`
    /// nor the `[label]` after another's text.
    private mutating func referenceOpener(of link: ParsedLink) -> Int? {
        var wanted: String?
        let start = Self.firstIndex(in: referenceOpens, atOrAfter: cursor)
        for (open, close) in referenceBrackets[start...].prefix(Self.window) {
            guard looseText(open: open, close: close) == wanted.settled({ link.text.looseText }),
                let opener = opener(at: open, isImage: link.isImage)
            else { continue }
            return opener
        }
        return nil
    }

    // MARK: - Shared

    /// The opener of a link whose `[` is at `open`: the `!` before it for an image; nil when the
    /// source's kind (image or not) is not the link's, or it lies before the cursor.
    private func opener(at open: Int, isImage: Bool) -> Int? {
        let bang = open > range.lowerBound && bytes[open - 1] == .exclamation && !isEscaped(open - 1)
        guard bang == isImage else { return nil }
        let opener = bang ? open - 1 : open
        return opener >= cursor ? opener : nil
    }

    /// Whether an odd number of backslashes stands just before `offset`.
    private func isEscaped(_ offset: Int) -> Bool {
        var count = 0
        var before = offset - 1
        while before >= range.lowerBound, bytes[before] == .backslash {
            count += 1
            before -= 1
        }
        return count % 2 == 1
    }

    /// The index of the first of the ascending `offsets` at or after `offset`.
    private static func firstIndex(in offsets: [Int], atOrAfter offset: Int) -> Int {
        var low = 0
        var high = offsets.count
        while low < high {
            let middle = (low + high) / 2
            if offsets[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

extension Optional where Wrapped == String {
    /// The value, made by `make` the first time it is asked for.
    fileprivate mutating func settled(_ make: () -> String) -> String {
        if let value = self { return value }
        let value = make()
        self = value
        return value
    }
}

extension String {
    /// Letters and digits only, so `*emphasis*` in the source and `emphasis` from cmark compare
    /// equal; entity references (`&amp;`, `&#169;`) are dropped first, since cmark has already
    /// turned them into (mostly) symbols.
    fileprivate var looseText: String {
        var kept = ""
        var rest = Substring(self)
        while let ampersand = rest.firstIndex(of: "&") {
            kept += rest[..<ampersand]
            let entity = rest[ampersand...].dropFirst().prefix(32)
            if let semicolon = entity.firstIndex(of: ";"), entity.startIndex < semicolon,
                entity[..<semicolon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "#") })
            {
                rest = rest[rest.index(after: semicolon)...]
            } else {
                rest = rest[rest.index(after: ampersand)...]
            }
        }
        kept += rest
        return String(kept.filter { $0.isLetter || $0.isNumber }).lowercased()
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
    fileprivate static let openBracket = UInt8(ascii: "[")
    fileprivate static let backslash = UInt8(ascii: "\\")
    fileprivate static let closeBracket = UInt8(ascii: "]")
    fileprivate static let backtick = UInt8(ascii: "`")
    fileprivate static let quote = UInt8(ascii: "\"")
    fileprivate static let apostrophe = UInt8(ascii: "'")

    fileprivate var isWhitespace: Bool {
        self == .space || self == .tab || self == .lineFeed || self == .carriageReturn
    }

    fileprivate var isASCIIPunctuation: Bool {
        (0x21...0x2F).contains(self) || (0x3A...0x40).contains(self) || (0x5B...0x60).contains(self) || (0x7B...0x7E).contains(self)
    }
}
