import FolioCore

extension FuzzTarget {
    /// A kind's template file made of any bytes, as it may arrive from another device: read as a
    /// kind (``Kind/init(template:source:fallbackName:)``) and, when it is one, its body rendered
    /// for a record.
    ///
    /// Promises: reading ends with a kind or an error naming the template file, at a line of the
    /// file when it gives one; a template whose sections nest deeper than ``Kind/maxSectionDepth``
    /// is never a kind; a kind renders (whatever the record's values) without crashing.
    static let template = FuzzTarget(
        name: "template",
        summary: "Kind(template:): a kind or an error naming the file and a line in it; sections too deep are refused; a kind renders",
        generatedSeeds: {
            [
                "---\nkind: trip\nfields:\n  place: text\n---\n{{#place}}{{place}}{{/place}}\n",
                "{{#a}}{{^b}}{{$c}}x{{/c}}{{/b}}{{/a}}",
                "{{=<% %>=}}<%#a%><%{b}%><%/a%>",
                "---\nkind: x\nlabel: {zh-Hant: 旅行, en: Trip}\n---\n{{{body}}}{{> other}}",
                String(repeating: "{{#a}}", count: 40) + String(repeating: "{{/a}}", count: 40),
            ].map { Array($0.utf8) }
        }
    ) { bytes throws(InvariantFailure) in
        try TemplateFuzz.run(bytes)
    }
}

enum TemplateFuzz {
    static let source = ".folio/templates/trip.md"

    static func run(_ bytes: [UInt8]) throws(InvariantFailure) {
        let raw = String(decoding: bytes, as: UTF8.self)
        // Inputs without front matter get one, so the body's reader is reached at once.
        let text = raw.hasPrefix("---") ? raw : "---\nkind: trip\nfields:\n  place: text\n---\n" + raw
        let kind: Kind
        do {
            kind = try Kind(template: text, source: source, fallbackName: "trip")
        } catch {
            try expect(error.file == source, "an error naming \(error.file ?? "no file"): \(error.message)")
            if let line = error.line {
                let lines = text.utf8.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
                try expect(line >= 1 && line <= lines, "line \(line) of a \(lines)-line template \(excerpt(text))")
            }
            return
        }
        try expect(
            sectionDepth(kind.bodyTemplateText(in: text)) <= Kind.maxSectionDepth || usesOtherDelimiters(text),
            "a template nesting sections past \(Kind.maxSectionDepth) was read: \(excerpt(text))")
        _ = kind.renderBody(["place": "台南", "title": "x", "body": text, "tags": ["a", "b"]])
        _ = kind.renderBody([:])
    }

    /// The deepest nesting of `{{#`, `{{^` and `{{$` in `body`, counted without the template library.
    static func sectionDepth(_ body: String) -> Int {
        var depth = 0
        var deepest = 0
        var rest = Substring(body)
        while let open = rest.range(of: "{{") {
            rest = rest[open.upperBound...]
            let sigil = rest.drop { $0 == " " || $0 == "\t" }.first
            if sigil == "#" || sigil == "^" || sigil == "$" {
                depth += 1
                deepest = max(deepest, depth)
            } else if sigil == "/" {
                depth = max(0, depth - 1)
            }
        }
        return deepest
    }

    /// Whether a `{{=` tag may have changed the delimiters, after which ``sectionDepth(_:)`` does not apply.
    static func usesOtherDelimiters(_ text: String) -> Bool { text.contains("=") }
}

extension Kind {
    /// The body of a template's text: what follows its front matter.
    fileprivate func bodyTemplateText(in text: String) -> String {
        guard text.hasPrefix("---"), let end = text.range(of: "\n---", range: text.index(text.startIndex, offsetBy: 3)..<text.endIndex)
        else {
            return text
        }
        return String(text[end.upperBound...])
    }
}
