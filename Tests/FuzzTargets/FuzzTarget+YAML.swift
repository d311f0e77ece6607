import YAML

extension FuzzTarget {
    /// `Parser.parse` on any bytes.
    ///
    /// Promises: an error's mark lies inside the text; every node's span lies inside the text and
    /// starts and ends on character boundaries (edits splice bytes there); a tree without anchors
    /// or aliases, written by `Emitter.emit`, reads back as the same values.
    static let yaml = FuzzTarget(
        name: "yaml",
        summary: "YAML Parser.parse: spans inside the text on character boundaries; emit → parse keeps values"
    ) { bytes throws(InvariantFailure) in
        try YAMLFuzz.run(bytes)
    }
}

enum YAMLFuzz {
    static let limits = Parser.Limits(maxDepth: 32, maxNodes: 10_000)

    static func run(_ bytes: [UInt8]) throws(InvariantFailure) {
        let root: Node
        do {
            root = try Parser.parse(utf8: bytes[...], limits: limits)
        } catch {
            try expect(
                error.mark.line >= 1 && error.mark.column >= 1 && (0...bytes.count).contains(error.mark.offset),
                "error mark \(error.mark) (offset \(error.mark.offset)) outside a text of \(bytes.count) bytes")
            _ = error.description
            return
        }
        var plain = true
        try walk(root, bytes: bytes, plain: &plain)
        // A document whose root is a scalar is written without one when it is null; folio writes
        // mappings only.
        guard plain, root.scalarText == nil else { return }
        try blockWritten(root)
        let text: String
        do {
            text = try Emitter.emit(root)
        } catch {
            return  // libyaml refused to write the tree: nothing was written, nothing lost
        }
        let again: Node
        do {
            again = try Parser.parse(text, limits: Parser.Limits(maxDepth: 64, maxNodes: 20_000))
        } catch {
            throw InvariantFailure("emitted YAML does not parse (\(error)):\n\(excerpt(text, limit: 400))")
        }
        try expect(
            again.resolved == root.resolved,
            "emitted YAML reads back differently:\n  was  \(excerpt("\(root.resolved)", limit: 300))\n  now  \(excerpt("\(again.resolved)", limit: 300))\n  text \(excerpt(text, limit: 300))"
        )
    }

    /// What `BlockWriter` (the style folio writes records in) writes of a tree whose keys are
    /// scalars reads back as the same values.
    static func blockWritten(_ root: Node) throws(InvariantFailure) {
        func scalarKeys(_ node: Node) -> Bool {
            switch node.content {
            case .mapping(let pairs, _): pairs.allSatisfy { $0.key.scalarText != nil && scalarKeys($0.value) }
            case .sequence(let items, _): items.allSatisfy(scalarKeys)
            case .scalar, .alias: true
            }
        }
        guard scalarKeys(root) else { return }
        let text = BlockWriter.document(root)
        let again: Node
        do {
            again = try Parser.parse(text, limits: Parser.Limits(maxDepth: 64, maxNodes: 20_000))
        } catch {
            throw InvariantFailure("block-written YAML does not parse (\(error)):\n\(excerpt(text, limit: 400))")
        }
        try expect(
            again.resolved == root.resolved,
            "block-written YAML reads back differently:\n  was  \(excerpt("\(root.resolved)", limit: 300))\n  now  \(excerpt("\(again.resolved)", limit: 300))\n  text \(excerpt(text, limit: 300))"
        )
    }

    /// Checks every span; `plain` turns false when the tree has anchors, aliases or tags of its own
    /// (which the emitter writes differently by design).
    static func walk(_ node: Node, bytes: [UInt8], plain: inout Bool) throws(InvariantFailure) {
        if let span = node.span {
            for mark in [span.start, span.end] {
                try expect(
                    mark.line >= 1 && mark.column >= 1 && (0...bytes.count).contains(mark.offset),
                    "span mark \(mark) (offset \(mark.offset)) outside a text of \(bytes.count) bytes")
                try expect(
                    mark.offset == bytes.count || bytes[mark.offset] & 0xC0 != 0x80,
                    "span mark \(mark) at byte \(mark.offset) is inside a character")
            }
            try expect(
                span.start.offset <= span.end.offset || node.scalarText == "",
                "span \(span.start)–\(span.end) ends before it starts (offsets \(span.start.offset), \(span.end.offset))")
        }
        if node.anchor != nil || node.alias != nil { plain = false }
        // The emitter leaves core tags implicit by design, so only text that reads as its tag
        // says survives; folio builds string-tagged and untagged nodes only.
        if let tag = node.tag, tag != Node.stringTag { plain = false }
        switch node.content {
        case .scalar, .alias:
            break
        case .sequence(let items, _):
            for item in items { try walk(item, bytes: bytes, plain: &plain) }
        case .mapping(let pairs, _):
            for pair in pairs {
                try walk(pair.key, bytes: bytes, plain: &plain)
                try walk(pair.value, bytes: bytes, plain: &plain)
            }
        }
    }
}
