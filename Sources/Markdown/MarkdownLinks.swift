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
    static func links(in source: [UInt8]) -> [ParsedLink] {
        let parsed: OpaquePointer? = source.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                guard let base = characters.baseAddress else { return nil }
                // The options only change rendering, and nothing is rendered here.
                return cmark_parse_document(base, characters.count, CMARK_OPT_DEFAULT)
            }
        }
        guard let document = parsed else { return [] }
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
            links.append(
                ParsedLink(
                    destination: cmark_node_get_url(node).map { String(cString: $0) } ?? "",
                    isImage: type == CMARK_NODE_IMAGE,
                    text: plainText(of: node),
                    block: block(containing: node)))
        }
        return links
    }

    /// Text, code and line breaks (as spaces) of everything under `node`, images' alt included.
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

    /// The nearest enclosing block; inline nodes' own positions are not trusted (see ``LinkFinder``).
    private static func block(containing node: OpaquePointer) -> BlockSpan {
        var current = cmark_node_parent(node)
        while let candidate = current {
            let type = cmark_node_get_type(candidate)
            if type.rawValue < CMARK_NODE_FIRST_INLINE.rawValue {
                return BlockSpan(
                    identity: Int(bitPattern: candidate),
                    firstLine: Int(cmark_node_get_start_line(candidate)),
                    lastLine: Int(cmark_node_get_end_line(candidate)))
            }
            current = cmark_node_parent(candidate)
        }
        return BlockSpan(identity: 0, firstLine: 0, lastLine: 0)
    }
}
