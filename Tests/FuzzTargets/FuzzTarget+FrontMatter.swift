import FolioCore
import FolioMedia
import FolioStore
import YAML

extension FuzzTarget {
    /// `FrontMatterDocument(parsing:)` on any text; on what parses, `set` and `remove` of its keys.
    ///
    /// Promises: an edit either refuses with a layout or limit error, or leaves text that parses
    /// again, with the edited key holding the value set (or gone), every other key holding the value
    /// it had, in the same order, and the opening line and the body unchanged. An error on a file
    /// that does not parse renders without a control character that could drive a terminal.
    static let frontMatter = FuzzTarget(
        name: "front-matter",
        summary: "FrontMatterDocument(parsing:), then set/remove of each key: reparses, other keys kept"
    ) { bytes throws(InvariantFailure) in
        try FrontMatterFuzz.run(bytes)
    }
}

enum FrontMatterFuzz {
    /// Smaller than a vault's, so one input is quick; the limit checks run the same.
    static let limits = FrontMatterLimits(maxBytes: 65_536, maxDepth: 32, maxNodes: 10_000)

    /// Values of the kinds folio writes: plain and ambiguous strings, text that needs quoting or
    /// a block, CJK, numbers, booleans, dates, lists in both styles, a small map.
    static let values: [Node] = [
        .string("fuzz value"), .string("yes"), .string("a: b # c"), .string("two\nlines\n"),
        .string("下雨的傍晚"), .raw("42"), .raw("true"), .raw("2026-11-22T18:04:11+08:00"),
        .sequence([.string("rain"), .string("walk home")], style: .flow), .sequence([.string("x"), .string("- y")]),
        .mapping([("inner", .string("v")), ("n", .raw("1"))]), .string(""), .string(" padded "),
        .string("#not a comment"), .string("'quote\" both"), .string("[not, a, list]"), .string("*star"),
        .string("line\r\nbreak"), .string("tab\there"), .null,
    ]

    static func run(_ bytes: [UInt8]) throws(InvariantFailure) {
        let text = String(decoding: bytes, as: UTF8.self)
        let document: FrontMatterDocument
        do {
            document = try FrontMatterDocument(parsing: text, limits: limits)
        } catch {
            try checkRendering(FolioError(error, file: "diary/fuzz.md", text: text))
            return
        }
        _ = document.yamlText
        for key in document.keys {
            _ = document.string(key)
        }
        // The record's media list, as `show` and the companion read it: numbers they can use.
        for entry in MediaEntry.entries(of: document) {
            if let duration = entry.duration {
                try expect(
                    duration.isFinite && duration >= 0 && duration <= MediaFacts.maxDuration,
                    "a media entry lasting \(duration) s")
            }
        }
        let keys = Array(document.keys.prefix(6))
        for (n, key) in keys.enumerated() {
            try check("remove \(excerpt(key))", document, key: key, expected: nil) { doc throws(FrontMatterError) in
                try doc.remove(key)
            }
            let value = values[(n + bytes.count) % values.count]
            try check("set \(excerpt(key))", document, key: key, expected: value.resolved) { doc throws(FrontMatterError) in
                try doc.set(key, value)
            }
        }
        let added = "fuzz_added"
        if !document.keys.contains(added) {
            let value = values[bytes.count % values.count]
            try check("add \(added)", document, key: added, expected: value.resolved) { doc throws(FrontMatterError) in
                try doc.set(added, value, preceding: keys.first.map { [$0] } ?? [])
            }
        }
        // A key inside a block mapping: the mapping's other keys stay as they were.
        if let outer = keys.first(where: { key in
            if case .mapping(_, .block) = document[key]?.content { return true } else { return false }
        }), case .map(var inner)? = document.value(outer) {
            if let index = inner.firstIndex(where: { $0.0 == added }) {
                inner[index].1 = .string("v")
            } else {
                inner.append((added, .string("v")))
            }
            try check("set \(excerpt(outer)).\(added)", document, key: outer, expected: nil, expectedMap: inner) {
                doc throws(FrontMatterError) in
                try doc.set(path: [outer, added], .string("v"))
            }
        }
    }

    /// Applies `edit` to a copy of `before` and checks the promises of an edit of `key`.
    static func check(
        _ action: String, _ before: FrontMatterDocument, key: String, expected: Value?, expectedMap: [(String, Value)]? = nil,
        edit: (inout FrontMatterDocument) throws(FrontMatterError) -> Void
    ) throws(InvariantFailure) {
        var after = before
        do {
            try edit(&after)
        } catch {
            switch error.kind {
            case .unsupportedLayout, .anchorUsedElsewhere, .tooLarge, .tooManyNodes, .tooDeep:
                return  // refused, and said why: the file is untouched
            default:
                throw InvariantFailure(
                    "\(action): the edit left text that does not parse (\(error.kind) at \(error.line):\(error.column)):\n\(excerpt(after.text, limit: 400))"
                )
            }
        }
        let reread: FrontMatterDocument
        do {
            reread = try FrontMatterDocument(parsing: after.text, limits: limits)
        } catch {
            throw InvariantFailure("\(action): the edited file does not parse when read again: \(error.kind)")
        }
        try expect(reread.body == before.body, "\(action): the body changed: \(excerpt(before.body)) → \(excerpt(reread.body))")
        try expect(
            Array(reread.text.utf8.prefix(reread.yamlStart)) == Array(before.text.utf8.prefix(before.yamlStart)),
            "\(action): the opening line changed")
        let others = entries(before).filter { $0.0 != key }
        let othersAfter = entries(reread).filter { $0.0 != key }
        try expect(
            others.count == othersAfter.count && zip(others, othersAfter).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 },
            "\(action): other keys changed:\n  before \(describe(others))\n  after  \(describe(othersAfter))\n\(excerpt(after.text, limit: 400))"
        )
        if let expectedMap {
            guard case .map(let found)? = reread.value(key) else {
                throw InvariantFailure("\(action): \(excerpt(key)) is no longer a map")
            }
            try expect(
                found.count == expectedMap.count && zip(found, expectedMap).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 },
                "\(action): the map holds \(describe(found)), expected \(describe(expectedMap))")
        } else if let expected {
            let found = reread.value(key)
            try expect(
                found == expected,
                "\(action): reads back as \(found.map { "\($0)" } ?? "nothing"), expected \(expected)\n\(excerpt(after.text, limit: 400))")
        } else {
            try expect(reread[key] == nil, "\(action): the key is still there")
        }
    }

    /// The top-level entries as values, in file order.
    static func entries(_ document: FrontMatterDocument) -> [(String, Value)] {
        if case .map(let pairs) = document.root.resolved { return pairs }
        return []
    }

    static func describe(_ pairs: [(String, Value)]) -> String {
        excerpt(pairs.map { "\($0.0)=\($0.1)" }.joined(separator: ", "), limit: 300)
    }

    /// What a user sees for a file that does not parse: no control character but line breaks and tabs.
    static func checkRendering(_ error: FolioError) throws(InvariantFailure) {
        for language in Language.allCases {
            let shown = error.rendered(in: language)
            let control = shown.unicodeScalars.first { scalar in
                scalar != "\n" && scalar != "\t" && (scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value))
            }
            try expect(
                control == nil,
                "an error shows control character U+\(String(control?.value ?? 0, radix: 16)): \(excerpt(shown, limit: 300))")
        }
    }
}
