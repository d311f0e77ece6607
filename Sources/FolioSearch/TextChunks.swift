/// A piece of a document's text small enough to embed, with the lines of the file it comes from.
public struct TextChunk: Sendable, Equatable {
    public var text: String
    /// The 1-based lines of the file the text spans, first and last.
    public var lines: ClosedRange<Int>

    public init(text: String, lines: ClosedRange<Int>) {
        self.text = text
        self.lines = lines
    }
}

/// Cuts a document's text into chunks of at most ``limit`` characters at paragraph boundaries, so
/// each can be embedded and found on its own. Knows nothing of records or of the terminal.
///
/// A document is given as sections, each a text with the file line it starts on (a title, the
/// text keys of the front matter, the body). Paragraphs (runs of non-blank lines) are joined into
/// one chunk while they fit; a paragraph longer than the limit is cut at a sentence end, a space,
/// or else at the limit, each piece keeping the paragraph's lines.
public enum TextChunker {
    /// About a short paragraph or two: what small embedding models (512 tokens) take whole.
    public static let limit = 600
    /// Raised whenever the same text comes out in other chunks: kept vectors are then cut again.
    public static let version = 1

    public struct Section: Sendable {
        public var text: String
        public var firstLine: Int
        public init(_ text: String, firstLine: Int) {
            self.text = text
            self.firstLine = max(1, firstLine)
        }
    }

    public static func chunks(_ sections: [Section], limit: Int = limit) -> [TextChunk] {
        var chunks: [TextChunk] = []
        var current: TextChunk?
        func flush() {
            if let chunk = current { chunks.append(chunk) }
            current = nil
        }
        for paragraph in sections.flatMap(paragraphs) {
            for piece in cut(paragraph, limit: limit) {
                if var chunk = current, chunk.text.count + 1 + piece.text.count <= limit {
                    chunk.text += "\n" + piece.text
                    chunk.lines = chunk.lines.lowerBound...max(chunk.lines.upperBound, piece.lines.upperBound)
                    current = chunk
                } else {
                    flush()
                    current = piece
                }
            }
        }
        flush()
        return chunks
    }

    /// The paragraphs of a section, each with its lines, blank lines dropped and lines trimmed.
    public static func paragraphs(_ section: Section) -> [TextChunk] {
        var found: [TextChunk] = []
        var lines: [Substring] = []
        var start = section.firstLine
        var number = section.firstLine
        func close() {
            if !lines.isEmpty { found.append(TextChunk(text: lines.joined(separator: "\n"), lines: start...(number - 1))) }
            lines = []
        }
        for raw in section.text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let line = raw.trimmingWhitespace()
            if line.isEmpty {
                close()
            } else {
                if lines.isEmpty { start = number }
                lines.append(line)
            }
            number += 1
        }
        close()
        return found
    }

    /// `paragraph` itself when it fits, else pieces of at most `limit` characters.
    static func cut(_ paragraph: TextChunk, limit: Int) -> [TextChunk] {
        guard paragraph.text.count > limit, limit > 1 else { return [paragraph] }
        var pieces: [TextChunk] = []
        var rest = Substring(paragraph.text)
        while rest.count > limit {
            let window = rest.prefix(limit)
            let sentenceEnds: Set<Character> = ["。", "！", "？", ".", "!", "?", "\n", "；", ";"]
            var end = window.lastIndex(where: { sentenceEnds.contains($0) }).map { window.index(after: $0) }
            if let found = end, window.distance(from: window.startIndex, to: found) < limit / 2 { end = nil }
            if end == nil, let space = window.lastIndex(of: " "), window.distance(from: window.startIndex, to: space) >= limit / 2 {
                end = space
            }
            let cutAt = end ?? window.endIndex
            let piece = rest[..<cutAt].trimmingWhitespace()
            if !piece.isEmpty { pieces.append(TextChunk(text: String(piece), lines: paragraph.lines)) }
            rest = rest[cutAt...]
        }
        let last = rest.trimmingWhitespace()
        if !last.isEmpty { pieces.append(TextChunk(text: String(last), lines: paragraph.lines)) }
        return pieces
    }
}

extension Substring {
    fileprivate func trimmingWhitespace() -> Substring {
        var start = startIndex
        var end = endIndex
        while start < end, self[start].isWhitespace { start = index(after: start) }
        while end > start, self[index(before: end)].isWhitespace { end = index(before: end) }
        return self[start..<end]
    }
}
