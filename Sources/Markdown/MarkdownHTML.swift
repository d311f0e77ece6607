import Ccmark

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What to do with one link or image of a Markdown text before it is rendered as HTML.
public enum LinkRewrite: Sendable, Equatable {
    /// Keep it, pointing at this URL.
    case keep(String)
    /// Show its text (an image's description) as plain text, with no link.
    case unwrap
    /// Leave it out with its text.
    case remove
}

/// CommonMark to HTML through cmark, in its safe mode: raw HTML is left out, and cmark drops
/// `javascript:`, `vbscript:`, `file:` and non-image `data:` destinations. Every link and image
/// first goes through a caller's rewrite, so a caller decides what may stay clickable.
public enum MarkdownHTML {
    /// The HTML of `markdown`; `rewrite` is asked once per link and image, with its destination as
    /// written (after CommonMark unescaping) and whether it is an image.
    public static func render(_ markdown: String, rewrite: (_ destination: String, _ isImage: Bool) -> LinkRewrite) -> String {
        let source = Array(markdown.utf8)
        let parsed: OpaquePointer? = source.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                guard let base = characters.baseAddress else { return cmark_parse_document("", 0, CMARK_OPT_DEFAULT) }
                return cmark_parse_document(base, characters.count, CMARK_OPT_DEFAULT)
            }
        }
        guard let document = parsed else { return "" }
        defer { cmark_node_free(document) }

        // Collected first: changing the tree while an iterator walks it is not allowed.
        var links: [OpaquePointer] = []
        if let iterator = cmark_iter_new(document) {
            while true {
                let event = cmark_iter_next(iterator)
                if event == CMARK_EVENT_DONE { break }
                guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
                let type = cmark_node_get_type(node)
                if type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE { links.append(node) }
            }
            cmark_iter_free(iterator)
        }
        // Innermost last in document order is fine: a link's children are visited after it, and
        // unwrapping moves children out before the node goes, so every collected node stays valid
        // until its own turn (a removed node's children are never collected twice: see below).
        var freed = Set<OpaquePointer>()
        for node in links where !freed.contains(node) {
            let isImage = cmark_node_get_type(node) == CMARK_NODE_IMAGE
            let destination = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            switch rewrite(destination, isImage) {
            case .keep(let url):
                _ = url.withCString { cmark_node_set_url(node, $0) }
            case .unwrap:
                if isImage {
                    // An image's description becomes text.
                    let text = CommonMarkTree.plainText(of: node)
                    if let replacement = cmark_node_new(CMARK_NODE_TEXT) {
                        _ = text.withCString { cmark_node_set_literal(replacement, $0) }
                        cmark_node_insert_before(node, replacement)
                    }
                    markDescendants(of: node, in: &freed)
                    cmark_node_unlink(node)
                    cmark_node_free(node)
                } else {
                    while let child = cmark_node_first_child(node) {
                        cmark_node_unlink(child)
                        cmark_node_insert_before(node, child)
                    }
                    cmark_node_unlink(node)
                    cmark_node_free(node)
                }
            case .remove:
                markDescendants(of: node, in: &freed)
                let parent = cmark_node_parent(node)
                cmark_node_unlink(node)
                cmark_node_free(node)
                // A paragraph that held only the removed link (and spaces) goes too.
                if let parent, cmark_node_get_type(parent) == CMARK_NODE_PARAGRAPH, isBlank(parent) {
                    cmark_node_unlink(parent)
                    cmark_node_free(parent)
                }
            }
            freed.insert(node)
        }
        guard let html = cmark_render_html(document, CMARK_OPT_DEFAULT) else { return "" }
        defer { free(html) }
        return String(cString: html)
    }

    /// Whether a paragraph holds nothing but spaces and line breaks.
    private static func isBlank(_ paragraph: OpaquePointer) -> Bool {
        var child = cmark_node_first_child(paragraph)
        while let node = child {
            switch cmark_node_get_type(node) {
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: break
            case CMARK_NODE_TEXT:
                let text = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
                if !text.allSatisfy({ $0 == " " || $0 == "\t" }) { return false }
            default: return false
            }
            child = cmark_node_next(node)
        }
        return true
    }

    /// Links inside a node about to be freed must not be visited afterwards.
    private static func markDescendants(of node: OpaquePointer, in freed: inout Set<OpaquePointer>) {
        guard let iterator = cmark_iter_new(node) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            if event == CMARK_EVENT_ENTER, let child = cmark_iter_get_node(iterator), child != node { freed.insert(child) }
        }
    }
}
