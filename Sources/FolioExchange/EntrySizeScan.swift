import FolioCore
import Foundation

/// Refuses an export with an entry past the size one imported record may be, reading the file a
/// piece at a time before anything is parsed: a refusal costs a piece's memory, never the file's.
/// (Parsing a 200 MB jrnl entry to find it too large took 2.4 GB; its JSON export 1 GB.)
///
/// The scan looks at what makes an entry: a jrnl text journal's `[date time] ` headers (each
/// entry is what lies between two), and a JSON export's strings (an entry's text is one string).
/// What passes is parsed as before, and every entry's whole text is checked again there.
enum EntrySizeScan {
    /// How much of the file is held at once.
    static let pieceBytes = 1 << 20

    /// A jrnl text journal: the text of each entry, from its header to the next, at most `limit` bytes.
    /// - Returns: how many entries the journal has (none: it is not a text journal).
    @discardableResult
    static func jrnlText(_ url: URL, displayName: String, limit: Int = ImportEntry.maxTextBytes, dayless: Bool = false)
        throws(FolioError) -> Int
    {
        var scan = JrnlHeaders(limit: limit, dayless: dayless)
        try pieces(of: url, displayName: displayName) { piece throws(FolioError) in
            if let over = scan.read(piece) { throw refusal(displayName, over) }
        }
        if let over = scan.finish() { throw refusal(displayName, over) }
        return scan.entries
    }

    /// A JSON export: every string at most `limit` bytes as written.
    static func jsonStrings(_ url: URL, displayName: String, limit: Int = ImportEntry.maxTextBytes) throws(FolioError) {
        var scan = JSONStrings(limit: limit)
        try pieces(of: url, displayName: displayName) { piece throws(FolioError) in
            if let over = scan.read(piece) { throw refusal(displayName, over) }
        }
        if let over = scan.finish() { throw refusal(displayName, over) }
    }

    /// An entry found too large: which one, and its size (counted to its end, a piece at a time).
    struct Oversize: Equatable {
        var entry: ExportEntry
        var bytes: Int
        var limit: Int
    }

    static func refusal(_ file: String, _ over: Oversize) -> FolioError {
        FolioError(.exchange(.badEntry(file: file, entry: over.entry, problem: .tooLarge(bytes: over.bytes, limit: over.limit))))
    }

    private static func pieces(of url: URL, displayName: String, _ body: (Data) throws(FolioError) -> Void) throws(FolioError) {
        // Only a regular file is scanned; anything else is refused by the read that follows.
        // try?: a file whose type cannot be read is left to that read, which says why.
        guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { return }
        let handle: FileHandle
        do { handle = try FileHandle(forReadingFrom: url) } catch { throw FolioError(.fileUnreadable(displayName)) }
        defer { try? handle.close() }
        while true {
            let piece: Data?
            do { piece = try handle.read(upToCount: pieceBytes) } catch { throw FolioError(.fileUnreadable(displayName)) }
            guard let piece, !piece.isEmpty else { return }
            try body(piece)
        }
    }

    /// The headers of a jrnl text journal, found line by line; only a line's first bytes are kept.
    struct JrnlHeaders {
        let limit: Int
        let dayless: Bool
        /// The first bytes of the line being read (a header is at most a date and a time long).
        private var lineStart: [UInt8] = []
        private var atLineStart = true
        private var lineDone = false
        /// Bytes since the current entry's header; the entry's number and header.
        private var entryBytes = 0
        private var entryNumber = 0
        private var entryHeader: String?

        var entries: Int { entryNumber }

        init(limit: Int, dayless: Bool) {
            self.limit = limit
            self.dayless = dayless
        }

        mutating func read(_ piece: Data) -> Oversize? {
            for byte in piece {
                if atLineStart {
                    atLineStart = false
                    lineStart.removeAll(keepingCapacity: true)
                    lineDone = false
                }
                if !lineDone {
                    if byte == UInt8(ascii: "\n") || lineStart.count >= Self.lineBytesKept {
                        lineDone = true
                        if let found = header() {
                            // The header line's bytes read so far were counted to the entry before it.
                            entryBytes -= lineStart.count
                            if let over = closeEntry() { return over }
                            entryNumber += 1
                            entryHeader = found.text
                            // The header's own bytes are not the entry's text.
                            entryBytes = lineStart.count - found.length
                        }
                    } else {
                        lineStart.append(byte)
                    }
                }
                entryBytes += 1
                if byte == UInt8(ascii: "\n") { atLineStart = true }
            }
            return nil
        }

        mutating func finish() -> Oversize? {
            if !lineDone, !atLineStart, let found = header() {
                entryBytes -= lineStart.count
                if let over = closeEntry() { return over }
                entryNumber += 1
                entryHeader = found.text
                entryBytes = lineStart.count - found.length
            }
            return closeEntry()
        }

        private mutating func closeEntry() -> Oversize? {
            guard entryNumber > 0, entryBytes > limit else { return nil }
            return Oversize(entry: .entry(entryNumber, detail: entryHeader), bytes: entryBytes, limit: limit)
        }

        /// `date time` when the line read so far opens with a header as ``JrnlText/parse(_:dayless:)`` reads one.
        /// The header's `date time` and its length in bytes (`[`, the date and time, `] `).
        private func header() -> (text: String, length: Int)? {
            guard lineStart.first == UInt8(ascii: "[") else { return nil }
            let scalars = Array(String(decoding: lineStart, as: UTF8.self).unicodeScalars)
            guard let (date, time, textStart) = JrnlText.header(in: scalars, at: 0, dayless: dayless) else { return nil }
            // The header's scalars are whole (the line is kept past any header's length).
            let length = scalars[..<textStart].reduce(0) { $0 + UTF8.width($1) }
            // The entry named as jrnl shows it: its date and time, then the start of its first line.
            var title = String(String.UnicodeScalarView(scalars[textStart...]))
            // A line cut mid-character ends in a replacement character: not the entry's.
            if lineStart.count >= Self.lineBytesKept, title.unicodeScalars.last == "\u{FFFD}" { title.unicodeScalars.removeLast() }
            title = title.trimmingCharacters(in: .whitespaces)
            let when = date.isEmpty ? time : "\(date) \(time)"
            return (title.isEmpty ? when : "\(when), \(title)", length)
        }

        /// A line's first bytes kept: any header whole, and the start of the entry's first line.
        static let lineBytesKept = JrnlText.headerBytesAtMost + 96
    }

    /// The strings of a JSON text, each measured as it streams past; the n-th object in a list
    /// (an export's entry) named when one is too long, with its `title` when it has one.
    struct JSONStrings {
        let limit: Int
        private var strings = JSONStringBounds()
        private var length = 0
        /// The string being read, kept only while it is short enough to be a key or a title.
        private var text: [UInt8] = []
        private var lastString: [UInt8]?
        private var key: [UInt8]?
        /// How deep the text is, the two outermost containers (`{` or `[`), and how many objects
        /// have opened as entries: in a list at the top, or in a list that is a value at the top.
        private var depth = 0
        private var outer: [UInt8] = []
        private var entries = 0
        private var entryDepth: Int?
        private var title: String?
        /// A string found too long: told when its entry closes, so its title can be named.
        private var over: Oversize?

        init(limit: Int) { self.limit = limit }

        mutating func read(_ piece: Data) -> Oversize? {
            for byte in piece {
                switch strings.place(of: byte) {
                case .inside:
                    length += 1
                    if text.count < 256 { text.append(byte) }
                    continue
                case .closing:
                    closeString()
                    continue
                case .opening:
                    length = 0
                    text.removeAll(keepingCapacity: true)
                    continue
                case .outside:
                    break
                }
                switch byte {
                case UInt8(ascii: ":"):
                    key = lastString
                case UInt8(ascii: ","):
                    key = nil
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    let list = UInt8(ascii: "[")
                    if byte == UInt8(ascii: "{"), (depth == 1 && outer == [list]) || (depth == 2 && outer == [UInt8(ascii: "{"), list]) {
                        if let over { return named(over) }
                        entries += 1
                        entryDepth = depth + 1
                        title = nil
                    }
                    if depth < 2 { outer.append(byte) }
                    depth += 1
                    key = nil
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if let entry = entryDepth, depth == entry {
                        entryDepth = nil
                        if let over { return named(over) }
                    }
                    depth = max(0, depth - 1)
                    if outer.count > depth { outer.removeLast() }
                    key = nil
                default:
                    break
                }
                // A string too long outside any entry is told at once.
                if entryDepth == nil, let over { return over }
            }
            return nil
        }

        private mutating func closeString() {
            lastString = text.count < 256 ? text : nil
            if key == Array("title".utf8), entryDepth != nil {
                title = String(decoding: text.prefix(200), as: UTF8.self)
            }
            if length > limit, over == nil {
                over = Oversize(entry: .entry(max(entries, 1), detail: nil), bytes: length, limit: limit)
            }
        }

        private func named(_ over: Oversize) -> Oversize {
            guard case .entry(let n, _) = over.entry, let title, !title.isEmpty else { return over }
            return Oversize(entry: .entry(n, detail: title), bytes: over.bytes, limit: over.limit)
        }

        /// A string or an entry still open at the end counts as it is.
        func finish() -> Oversize? { over.map(named) }
    }
}
