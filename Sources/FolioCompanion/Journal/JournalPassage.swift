import FolioCore
import FolioSearch
import FolioStore
import Foundation

/// A few lines of one record that bear on a question: what an answer cites, and what the
/// companion is reminded of. `lines` are the file's own line numbers, so `folio show` and any
/// editor find them.
public struct JournalPassage: Sendable, Equatable {
    public var recordID: String
    public var title: String
    /// The day the record was written, `YYYY-MM-DD`; empty when it has no date.
    public var day: String
    /// Vault-relative.
    public var path: String
    /// First and last line of the passage in the file, from 1.
    public var lines: ClosedRange<Int>
    public var text: String

    public init(recordID: String, title: String, day: String, path: String, lines: ClosedRange<Int>, text: String) {
        self.recordID = recordID
        self.title = title
        self.day = day
        self.path = path
        self.lines = lines
        self.text = text
    }

    /// How an answer names it: the record's short id (what `folio show` takes) and its lines.
    public var citation: String {
        let short = String(recordID.prefix(8))
        return lines.count == 1 ? "\(short):\(lines.lowerBound)" : "\(short):\(lines.lowerBound)-\(lines.upperBound)"
    }

    /// The longest a passage is, in characters: a paragraph or two, never a whole page.
    public static let maxCharacters = 400

    /// The paragraph of `record`'s body that holds the most of `words` (the first one when none
    /// does: the record matched on its title or tags), with its line numbers in the file.
    public static func best(in record: Record, words: [String], tokenizer: Tokenizer = Tokenizer()) -> JournalPassage? {
        guard let id = record.id else { return nil }
        let paragraphs = Paragraph.all(in: record.document)
        guard !paragraphs.isEmpty else { return nil }
        var best = paragraphs[0]
        var bestScore = 0
        for paragraph in paragraphs {
            let score = words.filter { tokenizer.contains(phrase: $0, in: paragraph.text) }.count
            if score > bestScore {
                best = paragraph
                bestScore = score
            }
        }
        return JournalPassage(
            recordID: id, title: record.title, day: record.sortTime.map { String($0.text.prefix(10)) } ?? "", path: record.path,
            lines: best.lines, text: shortened(best.text))
    }

    /// The lines `lines` of `record`'s file as a passage: the chunk a search by meaning matched. A
    /// chunk of the front matter (the title, a text key) gives the body's first paragraph instead,
    /// which reads as the page.
    public static func chunk(of record: Record, lines: ClosedRange<Int>) -> JournalPassage? {
        guard let id = record.id else { return nil }
        let paragraphs = Paragraph.all(in: record.document)
        let bodyLine = paragraphs.first?.lines.lowerBound ?? Int.max
        var chosen: Paragraph
        if lines.lowerBound < bodyLine {
            guard let first = paragraphs.first else { return nil }
            chosen = first
        } else {
            let fileLines = record.document.text.split(separator: "\n", omittingEmptySubsequences: false)
            let upper = min(lines.upperBound, fileLines.count)
            guard lines.lowerBound <= upper else { return nil }
            let text = fileLines[(lines.lowerBound - 1)..<upper].joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { return nil }
            chosen = Paragraph(text: text, lines: lines.lowerBound...upper)
        }
        return JournalPassage(
            recordID: id, title: record.title, day: record.sortTime.map { String($0.text.prefix(10)) } ?? "", path: record.path,
            lines: chosen.lines, text: shortened(chosen.text))
    }

    static func shortened(_ text: String) -> String {
        guard text.count > maxCharacters else { return text }
        return String(text.prefix(maxCharacters - 1)) + "…"
    }
}

/// A paragraph of a record's body: lines between blank lines, with their line numbers in the file
/// (cut as search by meaning cuts them, ``TextChunker``), headings alone left out.
struct Paragraph: Equatable {
    var text: String
    var lines: ClosedRange<Int>

    static func all(in document: FrontMatterDocument) -> [Paragraph] {
        let text = document.text
        let body = String(decoding: text.utf8.dropFirst(document.bodyStart), as: UTF8.self)
        return TextChunker.paragraphs(TextChunker.Section(body, firstLine: document.bodyFirstLine))
            .filter { !($0.text.hasPrefix("#") && $0.lines.count == 1) }
            .map { Paragraph(text: $0.text, lines: $0.lines) }
    }
}
