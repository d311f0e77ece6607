import FolioCore
import Markdown

extension FuzzTarget {
    /// The Markdown link finder (cmark, then each link looked up in its block's lines) on any body.
    ///
    /// Promises: every link's line is a line of the text; the same body with CRLF line breaks
    /// (written on Windows) has the same links on the same lines.
    static let markdownLinks = FuzzTarget(
        name: "markdown-links",
        summary: "MarkdownLinks.links(in:) on a record body: links on lines of the text, the same with CRLF"
    ) { bytes throws(InvariantFailure) in
        let text = String(decoding: bytes, as: UTF8.self)
        // Lines as CommonMark counts them: LF, CRLF and a lone CR each end one.
        let utf8 = Array(text.utf8)
        var lineCount = 1
        for (offset, byte) in utf8.enumerated()
        where byte == 0x0A || (byte == 0x0D && (offset + 1 == utf8.count || utf8[offset + 1] != 0x0A)) {
            lineCount += 1
        }
        let links = MarkdownLinks.links(in: text)
        for link in links {
            try expect(
                link.line >= 1 && link.line <= lineCount,
                "link to \(excerpt(link.destination)) on line \(link.line) of a \(lineCount)-line text")
        }
        if let crlf = withCRLF(utf8) {
            let again = MarkdownLinks.links(in: crlf)
            try expect(
                again == links,
                "with CRLF line breaks the links are \(again.map { ($0.destination, $0.line) }), not \(links.map { ($0.destination, $0.line) })"
            )
        }
    }

    /// The inline `#tag` finder on any body.
    ///
    /// Promises: a tag is not empty, holds no `#` or whitespace, and has a letter; the same body with
    /// CRLF line breaks has the same tags; the tags are those `extractReadingEveryLine` (the oracle) finds;
    /// `InlineTags.mayHoldTags` is true wherever there are tags.
    static let inlineTags = FuzzTarget(
        name: "inline-tags",
        summary: "InlineTags.extract(from:) on a record body: well-formed tags, the same with CRLF"
    ) { bytes throws(InvariantFailure) in
        let text = String(decoding: bytes, as: UTF8.self)
        let tags = InlineTags.extract(from: text)
        for tag in tags {
            try expect(
                !tag.isEmpty && !tag.contains("#") && !tag.contains(where: \.isWhitespace) && tag.contains(where: \.isLetter),
                "a tag \(excerpt(tag))")
        }
        // The byte-wise line pass gives what reading every line scalar by scalar gives.
        let oracle = InlineTags.extractReadingEveryLine(from: text)
        try expect(tags == oracle, "the byte-wise line pass found \(tags), reading every line \(oracle)")
        // The byte look that spares most bodies the reading never says "none" where there are tags.
        if !tags.isEmpty {
            let mayHold = Array(text.utf8).withUnsafeBufferPointer(InlineTags.mayHoldTags)
            try expect(mayHold, "the byte look found no possible tag where there are \(tags)")
        }
        if let crlf = withCRLF(Array(text.utf8)) {
            let again = InlineTags.extract(from: crlf)
            try expect(again == tags, "with CRLF line breaks the tags are \(again), not \(tags)")
        }
    }
}

/// The text with each LF made CRLF, when it has LFs and no CR of its own (whose meaning would change).
func withCRLF(_ utf8: [UInt8]) -> String? {
    guard utf8.contains(0x0A), !utf8.contains(0x0D) else { return nil }
    var out: [UInt8] = []
    out.reserveCapacity(utf8.count + 16)
    for byte in utf8 {
        if byte == 0x0A { out.append(0x0D) }
        out.append(byte)
    }
    return String(decoding: out, as: UTF8.self)
}
