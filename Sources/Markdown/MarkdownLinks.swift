import Ccmark

/// A link or image in a Markdown text, as CommonMark reads it.
public struct MarkdownLink: Sendable, Equatable {
    /// The destination as written, after CommonMark unescaping (`../../media/ab/ab12.jpg`).
    public var destination: String
    public var isImage: Bool
    /// The link text or image description, as plain text.
    public var text: String
    /// 1-based line of the text where the link starts.
    public var line: Int

    public init(destination: String, isImage: Bool, text: String, line: Int) {
        self.destination = destination
        self.isImage = isImage
        self.text = text
        self.line = line
    }
}

public enum MarkdownLinks {
    /// Every inline link and image of `markdown`, in order (not those in code).
    ///
    /// Reference links (`[text][ref]`, `[ref]`) come with the destination their definition
    /// gives. Autolinks (`<https://example.com>`) are included: cmark makes them ordinary link
    /// nodes, and telling them apart would mean re-reading the source. A link's line is the
    /// line of its `[` (`!` for an image, `<` for an autolink).
    public static func links(in markdown: String) -> [MarkdownLink] {
        located(in: markdown).map(\.link)
    }

    /// The same links, each with the bytes of `markdown` it is written in (its `[` or `<` to its
    /// `)`, `]` or `>`); nil for a link whose source could not be told (cmark read it past recognition).
    public static func located(in markdown: String) -> [(link: MarkdownLink, bytes: Range<Int>?)] {
        let source = Array(markdown.utf8)
        let found = CommonMarkTree.links(in: source)
        guard !found.isEmpty else { return [] }
        let lines = SourceLines(source)
        var result: [(link: MarkdownLink, bytes: Range<Int>?)] = []
        result.reserveCapacity(found.count)
        // Links arrive grouped by their block, in order; each block is searched on its own.
        var start = 0
        while start < found.count {
            var end = start + 1
            while end < found.count, found[end].block == found[start].block { end += 1 }
            let block = found[start].block
            var finder = LinkFinder(bytes: source, range: lines.bytes(first: block.firstLine, last: block.lastLine))
            var line = max(1, block.firstLine)
            for link in found[start..<end] {
                let opener = finder.opener(of: link)
                // A link its block does not show (cmark decoded it past recognition) is given the line before it.
                line = opener.map(lines.line(at:)) ?? line
                result.append(
                    (
                        MarkdownLink(destination: link.destination, isImage: link.isImage, text: link.text, line: line),
                        opener.flatMap(finder.extent(from:))
                    ))
            }
            start = end
        }
        return result
    }
}

/// A link as cmark parsed it, with the block (paragraph or heading) that holds it.
struct ParsedLink {
    var destination: String
    var isImage: Bool
    var text: String
    var block: BlockSpan
}

/// The lines a block covers, by cmark's block source positions, which are dependable.
struct BlockSpan: Equatable {
    /// Tells apart two blocks that happen to cover the same lines.
    var identity: Int
    var firstLine: Int
    var lastLine: Int
}

/// The cmark side: parse, walk, copy out, free.
enum CommonMarkTree {
    /// `source` parsed by cmark; the caller frees it.
    private static func document(_ source: [UInt8]) -> OpaquePointer? {
        source.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                guard let base = characters.baseAddress else { return nil }
                // The options only change rendering, and nothing is rendered here.
                return cmark_parse_document(base, characters.count, CMARK_OPT_DEFAULT)
            }
        }
    }

    static func links(in source: [UInt8]) -> [ParsedLink] {
        guard let document = document(source) else { return [] }
        defer { cmark_node_free(document) }
        guard let iterator = cmark_iter_new(document) else { return [] }
        defer { cmark_iter_free(iterator) }

        // One walk: a link's text is gathered as the walk passes its text nodes, and its block is
        // the paragraph or heading the walk is in. Asking each link for its text and its block
        // (a walk of its subtree, a climb to its block) costs the square of the nesting depth:
        // a page of 10,000 images nested in one another took minutes.
        var links: [ParsedLink] = []
        var open: [(index: Int, start: Int)] = []
        var text: [UInt8] = []
        var block = BlockSpan(identity: 0, firstLine: 0, lastLine: 0)
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            switch (event, type) {
            case (CMARK_EVENT_ENTER, CMARK_NODE_PARAGRAPH), (CMARK_EVENT_ENTER, CMARK_NODE_HEADING):
                block = BlockSpan(
                    identity: Int(bitPattern: node), firstLine: Int(cmark_node_get_start_line(node)),
                    lastLine: Int(cmark_node_get_end_line(node)))
            case (CMARK_EVENT_ENTER, CMARK_NODE_LINK), (CMARK_EVENT_ENTER, CMARK_NODE_IMAGE):
                open.append((links.count, text.count))
                links.append(
                    ParsedLink(
                        destination: cmark_node_get_url(node).map { String(cString: $0) } ?? "", isImage: type == CMARK_NODE_IMAGE,
                        text: "", block: block))
            case (CMARK_EVENT_EXIT, CMARK_NODE_LINK), (CMARK_EVENT_EXIT, CMARK_NODE_IMAGE):
                guard let closed = open.popLast() else { continue }
                links[closed.index].text = Self.text(text[closed.start...], whole: open.isEmpty)
                if open.isEmpty { text.removeAll(keepingCapacity: true) }
            case (CMARK_EVENT_ENTER, CMARK_NODE_TEXT), (CMARK_EVENT_ENTER, CMARK_NODE_CODE):
                guard !open.isEmpty, let literal = cmark_node_get_literal(node) else { continue }
                text.append(contentsOf: String(cString: literal).utf8)
            case (CMARK_EVENT_ENTER, CMARK_NODE_SOFTBREAK), (CMARK_EVENT_ENTER, CMARK_NODE_LINEBREAK):
                if !open.isEmpty { text.append(UInt8(ascii: " ")) }
            default:
                continue
            }
        }
        return links
    }

    /// The most of a link's text kept for a link inside another link or image: nothing reads
    /// more of it (a listing shows the outermost link's text), and keeping all of each would
    /// cost the square of the nesting depth.
    static let nestedTextBytes = 256

    /// The text gathered for a link: all of it for an outermost link, whose texts never overlap;
    /// at most ``nestedTextBytes`` (cut before a whole character) for one inside another.
    private static func text(_ bytes: ArraySlice<UInt8>, whole: Bool) -> String {
        guard !whole, bytes.count > nestedTextBytes else { return String(decoding: bytes, as: UTF8.self) }
        var end = bytes.startIndex + nestedTextBytes
        while end > bytes.startIndex, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return String(decoding: bytes[bytes.startIndex..<end], as: UTF8.self)
    }

    /// Text, code and line breaks (as spaces) of everything under `node`, images' alt included:
    /// the plain form of the rule ``links(in:)`` gathers in its one walk, kept as its oracle.
    static func plainText(of node: OpaquePointer) -> String {
        guard let iterator = cmark_iter_new(node) else { return "" }
        defer { cmark_iter_free(iterator) }
        var text = ""
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let child = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(child) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                text += cmark_node_get_literal(child).map { String(cString: $0) } ?? ""
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                text += " "
            default:
                break
            }
        }
        return text
    }

    /// ``links(in:)`` asking each link node for its text (``plainText(of:)``) and climbing to its
    /// block: the slow, plain form, kept as the oracle of the one walk (`MarkdownLinksTests`).
    static func linksAskingEachNode(in source: [UInt8]) -> [ParsedLink] {
        guard let document = document(source) else { return [] }
        defer { cmark_node_free(document) }
        guard let iterator = cmark_iter_new(document) else { return [] }
        defer { cmark_iter_free(iterator) }
        var links: [ParsedLink] = []
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE else { continue }
            var block = BlockSpan(identity: 0, firstLine: 0, lastLine: 0)
            var current = cmark_node_parent(node)
            while let candidate = current {
                if cmark_node_get_type(candidate).rawValue < CMARK_NODE_FIRST_INLINE.rawValue {
                    block = BlockSpan(
                        identity: Int(bitPattern: candidate), firstLine: Int(cmark_node_get_start_line(candidate)),
                        lastLine: Int(cmark_node_get_end_line(candidate)))
                    break
                }
                current = cmark_node_parent(candidate)
            }
            links.append(
                ParsedLink(
                    destination: cmark_node_get_url(node).map { String(cString: $0) } ?? "", isImage: type == CMARK_NODE_IMAGE,
                    text: plainText(of: node), block: block))
        }
        return links
    }
}
