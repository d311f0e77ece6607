/// The source split into lines the way CommonMark splits them: at LF, CRLF or a lone CR.
struct SourceLines {
    let bytes: [UInt8]
    /// Where each line starts: line `n` starts at `starts[n - 1]`.
    let starts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() {
            let endsLine =
                byte == .lineFeed
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
/// a link can open (`[`, `![`, `<`), skipping code spans, escapes and brackets whose label
/// nothing defines, and cmark's links are matched to them in order: an inline link by its
/// destination, a reference link by its text, an autolink by its address.
struct LinkLocator {
    private let lines: SourceLines
    private let fallbackLine: Int
    private let openers: [Opener]
    /// Openers before this one already belong to earlier links.
    private var next = 0

    /// `definitions` are the normalised labels the document defines (see ``ReferenceDefinitions``).
    init(lines: SourceLines, firstLine: Int, lastLine: Int, definitions: Set<String>) {
        self.lines = lines
        self.fallbackLine = max(1, firstLine)
        self.openers = OpenerScanner(
            bytes: lines.bytes, range: lines.bytes(first: firstLine, last: lastLine), definitions: definitions
        ).openers()
    }

    /// How many openers past the last match are tried. Openers that are no link are rare, and
    /// the bound keeps a block of links that never agree (say, each with an entity in its text)
    /// from costing time in the square of their number.
    private static let searchWindow = 256

    mutating func line(of link: ParsedLink) -> Int {
        let window = openers.indices.dropFirst(next).prefix(Self.searchWindow)
        let wanted = Wanted(link)
        // When nothing agrees (an entity in the text, say), the next opener of the right kind
        // is still a far better guess than the block's first line.
        let match =
            window.first { openers[$0].agrees(with: wanted) }.map { preferringInner($0, for: wanted) }
            ?? window.first { openers[$0].isImage == link.isImage }
        guard let match else { return fallbackLine }
        next = match + 1
        return lines.line(at: openers[match].offset)
    }

    /// Brackets that are no link can agree by text with a link inside them (`[see [x]]`,
    /// `[mail <me@x.org>]`). A link cannot hold another link, so an agreeing opener inside the
    /// span of a reference-shaped one is the real link: by destination if any agrees so, else
    /// the innermost that agrees by text.
    private func preferringInner(_ match: Int, for wanted: Wanted) -> Int {
        var chosen = match
        while case .reference = openers[chosen].shape {
            let inside = openers.indices.dropFirst(chosen + 1).prefix(Self.searchWindow)
                .prefix { openers[$0].offset < openers[chosen].end }
            guard
                let inner = inside.first(where: { openers[$0].agreesExactly(with: wanted) })
                    ?? inside.first(where: { openers[$0].agrees(with: wanted) })
            else { break }
            chosen = inner
        }
        return chosen
    }
}

/// A place in the source where a link or image may open.
struct Opener {
    enum Shape {
        /// `[text](destination …)`: the destination as written, backslash escapes undone, and
        /// whether it holds an entity (which cmark decodes and this scan does not).
        case inline(destination: String, hasEntity: Bool)
        /// `[text][label]`, `[label][]` or `[label]` whose label the document defines: the
        /// letters and digits between the first brackets, unless too long to be worth comparing.
        case reference(looseText: String?)
        /// `<scheme:…>` or `<name@host>`.
        case autolink(address: String)
    }

    /// Of the `[`, the `!` before it, or the `<`.
    var offset: Int
    /// Just past the closing `]` or `>`.
    var end: Int
    var isImage: Bool
    var shape: Shape

    /// Agreement by destination, which a reference link's text cannot give.
    func agreesExactly(with link: Wanted) -> Bool {
        if case .reference = shape { return false }
        return agrees(with: link)
    }

    func agrees(with link: Wanted) -> Bool {
        guard isImage == link.isImage else { return false }
        switch shape {
        case .inline(let destination, let hasEntity):
            return destination == link.destination || hasEntity
        case .reference(let looseText):
            return looseText != nil && looseText == link.looseText
        case .autolink(let address):
            return address == link.destination || "mailto:" + address == link.destination
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
    private let definitions: Set<String>
    /// Inside a code span, or escaped by a backslash.
    private var inert: [Bool]

    init(bytes: [UInt8], range: Range<Int>, definitions: Set<String>) {
        self.bytes = bytes
        self.range = range
        self.definitions = definitions
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

    func openers() -> [Opener] {
        let closers = matchingBrackets()
        var found: [Opener] = []
        // The `[label]` of a full reference names a definition; it opens nothing.
        var labels: Set<Int> = []
        for offset in range where !isInert(offset) {
            switch bytes[offset] {
            case .openBracket:
                guard !labels.contains(offset), let close = closers[offset],
                    let shape = shape(open: offset, close: close, closers: closers)
                else { continue }
                if closers[close + 1] != nil { labels.insert(close + 1) }
                let bang = offset - 1
                let isImage = bang >= range.lowerBound && bytes[bang] == .exclamation && !isInert(bang)
                found.append(Opener(offset: isImage ? bang : offset, end: close + 1, isImage: isImage, shape: shape))
            case .lessThan:
                if let address = autolinkAddress(at: offset) {
                    let shape = Opener.Shape.autolink(address: String(decoding: address, as: UTF8.self))
                    found.append(Opener(offset: offset, end: offset + address.count + 2, isImage: false, shape: shape))
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

    /// What follows the `]` says what kind of link this would be. Nil for what cannot be one:
    /// a reference definition (`[label]: …` at the start of a line), or brackets whose label
    /// nothing defines (`[sic]`), which CommonMark leaves as text.
    private func shape(open: Int, close: Int, closers: [Int: Int]) -> Opener.Shape? {
        let text = close - open <= Self.comparedLength ? Array(bytes[(open + 1)..<close]) : nil
        let after = close + 1
        var label = text
        if after < range.upperBound {
            switch bytes[after] {
            case .openParenthesis:
                guard let written = destination(from: after + 1) else { return nil }
                return .inline(
                    destination: String(decoding: written.removingBackslashEscapes(), as: UTF8.self),
                    hasEntity: written.contains(.ampersand))
            case .colon where startsLine(open):
                return nil
            case .openBracket:
                if let labelClose = closers[after], labelClose > after + 1 {
                    label = labelClose - after <= Self.comparedLength ? Array(bytes[(after + 1)..<labelClose]) : nil
                }
            default:
                break
            }
        }
        // An overlong label is kept as a possible link rather than compared.
        if let label, !definitions.contains(ReferenceDefinitions.normalized(label)) { return nil }
        return .reference(looseText: text.map { String(decoding: $0, as: UTF8.self).looseText })
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
    /// balanced parentheses. A backslash escapes punctuation only: before a line break it is
    /// itself, and the destination ends there. Nil for a `<` that no `>` closes on its line, which CommonMark does
    /// not take for a link (a line or CRLF later, another link could otherwise be matched to it).
    private func destination(from start: Int) -> [UInt8]? {
        var offset = start
        let end = min(range.upperBound, start + Self.comparedLength)
        while offset < end, bytes[offset].isWhitespace { offset += 1 }
        guard offset < end else { return [] }
        var written: [UInt8] = []
        if bytes[offset] == .lessThan {
            offset += 1
            while offset < end, bytes[offset] != .greaterThan {
                if bytes[offset] == .lineFeed || bytes[offset] == .carriageReturn { return nil }
                if bytes[offset] == .backslash, offset + 1 < end, bytes[offset + 1].isASCIIPunctuation {
                    written.append(bytes[offset])
                    offset += 1
                }
                written.append(bytes[offset])
                offset += 1
            }
            // Cut off at the compared length, the rest unseen, it may still close; at the end of the block it cannot.
            if offset == range.upperBound { return nil }
            return written
        }
        var depth = 0
        while offset < end, !bytes[offset].isWhitespace {
            let byte = bytes[offset]
            if byte == .backslash, offset + 1 < end, bytes[offset + 1].isASCIIPunctuation {
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

/// The labels of a document's link reference definitions, found by a line scan so that a
/// bracketed word which is no link can be told from a reference link.
enum ReferenceDefinitions {
    static func labels(in lines: SourceLines) -> Set<String> {
        var labels: Set<String> = []
        for (index, start) in lines.starts.enumerated() {
            let end = index + 1 < lines.starts.count ? lines.starts[index + 1] : lines.bytes.count
            if let label = label(lines.bytes[start..<end]) { labels.insert(normalized(label)) }
        }
        return labels
    }

    /// The label of a line of the form `[label]: …`, once indentation, block-quote markers and
    /// list markers are set aside.
    private static func label(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        var rest = line
        while true {
            rest = rest.drop { $0 == .space || $0 == .tab }
            if rest.first == .greaterThan {
                rest = rest.dropFirst()
            } else if let marker = listMarkerLength(rest) {
                rest = rest.dropFirst(marker)
            } else {
                break
            }
        }
        guard rest.first == .openBracket else { return nil }
        let inside = rest.dropFirst()
        var offset = inside.startIndex
        while offset < inside.endIndex {
            switch inside[offset] {
            case .backslash:
                offset += 1
            case .openBracket:
                return nil
            case .closeBracket:
                let next = offset + 1
                guard next < inside.endIndex, inside[next] == .colon, offset > inside.startIndex else { return nil }
                return inside[inside.startIndex..<offset]
            default:
                break
            }
            offset += 1
        }
        return nil
    }

    /// `- `, `* `, `+ `, or up to nine digits and `.` or `)` and a space.
    private static func listMarkerLength(_ text: ArraySlice<UInt8>) -> Int? {
        let bullets: [UInt8] = [UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+")]
        if let first = text.first, bullets.contains(first) {
            return text.dropFirst().first == .space ? 2 : nil
        }
        let digits = text.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.count
        guard (1...9).contains(digits), let delimiter = text.dropFirst(digits).first,
            delimiter == .period || delimiter == .closeParenthesis,
            text.dropFirst(digits + 1).first == .space
        else { return nil }
        return digits + 2
    }

    /// CommonMark matches labels case-insensitively with runs of white space as one space.
    static func normalized<Label: Collection<UInt8>>(_ label: Label) -> String {
        String(decoding: label, as: UTF8.self).lowercased()
            .split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
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
    /// Letters and digits only, so `*emphasis*` in the source and `emphasis` from cmark compare
    /// equal; entity references (`&amp;`, `&#169;`) are dropped first, since cmark has
    /// already turned them into (mostly) symbols.
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
    fileprivate static let period = UInt8(ascii: ".")
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
