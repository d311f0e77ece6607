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
    ///
    /// With `wikilink`, Obsidian's `[[Bob]]`, `[[Bob|shown text]]` and `[[Bob#heading]]` (outside
    /// code; embeds stay as written) become links to the URL it gives, or, when it gives none,
    /// their text in `<span class="unresolved">`: never raw brackets.
    public static func render(
        _ markdown: String, rewrite: (_ destination: String, _ isImage: Bool) -> LinkRewrite,
        wikilink: ((Wikilink) -> String?)? = nil
    ) -> String {
        var wikilinks: [Wikilink] = []
        var markdown = markdown
        if wikilink != nil {
            markdown = Wikilinks.rewrite(markdown) { link in
                guard !link.isEmbed else { return nil }
                wikilinks.append(link)
                return "[\(escaped(label(of: link)))](\(wikilinkScheme)\(wikilinks.count - 1))"
            }
        }
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
            if !isImage, let wikilink, destination.hasPrefix(wikilinkScheme),
                let number = Int(destination.dropFirst(wikilinkScheme.count)), wikilinks.indices.contains(number)
            {
                if let url = wikilink(wikilinks[number]) {
                    _ = url.withCString { cmark_node_set_url(node, $0) }
                } else {
                    markUnresolved(node)
                }
                freed.insert(node)
                continue
            }
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

    /// The destination a wikilink is given until it is resolved: `folio-wikilink:3`.
    static let wikilinkScheme = "folio-wikilink:"

    /// What a wikilink shows: the text after `|`, else its name (`Bob > heading`, as Obsidian shows it).
    public static func label(of link: Wikilink) -> String {
        if let display = link.display { return display }
        guard let fragment = link.fragment, !fragment.isEmpty else { return link.path }
        return link.path.isEmpty ? fragment : "\(link.path) > \(fragment)"
    }

    /// `text` with every ASCII punctuation character backslash-escaped: read by CommonMark as the text it is.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII,
                (0x21...0x2F).contains(scalar.value) || (0x3A...0x40).contains(scalar.value)
                    || (0x5B...0x60).contains(scalar.value) || (0x7B...0x7E).contains(scalar.value)
            {
                out.unicodeScalars.append("\\")
            }
            out.unicodeScalars.append(scalar == "\n" ? " " : scalar)
        }
        return out
    }

    /// A link replaced by its text inside `<span class="unresolved">` (a custom inline node: cmark
    /// writes its two fixed strings as they are, and the text between them escaped as always).
    private static func markUnresolved(_ node: OpaquePointer) {
        guard let span = cmark_node_new(CMARK_NODE_CUSTOM_INLINE) else { return }
        _ = cmark_node_set_on_enter(span, "<span class=\"unresolved\">")
        _ = cmark_node_set_on_exit(span, "</span>")
        while let child = cmark_node_first_child(node) {
            cmark_node_unlink(child)
            _ = cmark_node_append_child(span, child)
        }
        cmark_node_insert_before(node, span)
        cmark_node_unlink(node)
        cmark_node_free(node)
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
