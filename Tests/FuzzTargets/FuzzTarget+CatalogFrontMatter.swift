import FolioCore

extension FuzzTarget {
    /// The catalog's fast front matter reader against the full parser, on the input as a file, on the
    /// input wrapped as front matter (with LF and with CRLF line breaks), and on a prefix of it, under
    /// the standard and under small limits.
    ///
    /// Promise: whenever `CatalogFrontMatter.summary` answers, its summary is, byte for byte, the one
    /// `RecordSummary(Record(path:document:))` gives from `FrontMatterDocument(parsing:limits:)`; it
    /// answers nil (use the full parser) for any file that parser refuses. And its UTF-8 check
    /// accepts exactly what `String(validating:)` accepts.
    static let catalogFrontMatter = FuzzTarget(
        name: "catalog-front-matter",
        summary: "CatalogFrontMatter.summary: when it answers, the summary the full libyaml parse gives",
        generatedSeeds: { CatalogFrontMatterFuzz.seeds.map { Array($0.utf8) } }
    ) { bytes throws(InvariantFailure) in
        try CatalogFrontMatterFuzz.run(bytes)
    }
}

enum CatalogFrontMatterFuzz {
    static func run(_ bytes: [UInt8]) throws(InvariantFailure) {
        // The UTF-8 automaton both ways: what it accepts and what it refuses, against the standard library.
        let valid = String(validating: bytes, as: UTF8.self) != nil
        if bytes.withUnsafeBufferPointer(CatalogFrontMatter.isValidUTF8) != valid {
            throw InvariantFailure("isValidUTF8 says \(!valid) for \(bytes.prefix(64)) (String(validating:) says \(valid))")
        }
        // Limits small enough that inputs reach them, chosen by the input itself.
        let selector = Int(bytes.first ?? 0)
        let small = FrontMatterLimits(maxBytes: 16 + selector * 8, maxDepth: 1 + selector % 5, maxNodes: selector % 40)
        let wrapped = Array("---\n".utf8) + bytes + Array("\n---\nbody #tag\n".utf8)
        try check(bytes, limits: .standard)
        try check(wrapped, limits: .standard)
        try check(wrapped, limits: small)
        // The same lines as a Windows editor saves them.
        if let crlf = withCRLF(wrapped) { try check(Array(crlf.utf8), limits: .standard) }
        if bytes.count > 2 {
            try check(Array(wrapped.prefix(wrapped.count - Int(bytes[1]) % wrapped.count)), limits: .standard)
        }
    }

    static func check(_ bytes: [UInt8], limits: FrontMatterLimits) throws(InvariantFailure) {
        let path = "diary/2026/11/2026-11-22-fuzz.md"
        guard let fast = bytes.withUnsafeBufferPointer({ CatalogFrontMatter.summary(path: path, bytes: $0, limits: limits) }) else {
            return
        }
        let text = String(validating: bytes, as: UTF8.self)
        let document = text.flatMap { try? FrontMatterDocument(parsing: $0, limits: limits) }
        guard let document else {
            throw InvariantFailure(
                "the fast reader read what the full parser refuses: \(excerpt(String(decoding: bytes, as: UTF8.self), limit: 400))")
        }
        let full = RecordSummary(Record(path: path, document: document))
        if let difference = difference(fast, full) {
            throw InvariantFailure("\(difference) in \(excerpt(String(decoding: bytes, as: UTF8.self), limit: 400))")
        }
    }

    /// What differs, text compared byte for byte (`String`'s `==` forgives Unicode normalisation).
    static func difference(_ fast: RecordSummary, _ full: RecordSummary) -> String? {
        func same(_ a: String?, _ b: String?) -> Bool { a.map { Array($0.utf8) } == b.map { Array($0.utf8) } }
        func same(_ a: [String], _ b: [String]) -> Bool { a.count == b.count && zip(a, b).allSatisfy { same($0, $1) } }
        var fields: [String] = []
        if !same(fast.id, full.id) { fields.append("id \(fast.id.map { excerpt($0) } ?? "nil") ≠ \(full.id.map { excerpt($0) } ?? "nil")") }
        if !same(fast.kind, full.kind) { fields.append("kind") }
        if !same(fast.title, full.title) { fields.append("title \(excerpt(fast.title)) ≠ \(excerpt(full.title))") }
        if !same(fast.parent, full.parent) { fields.append("parent") }
        if !same(fast.tags, full.tags) { fields.append("tags \(fast.tags) ≠ \(full.tags)") }
        if !same(fast.allTags, full.allTags) { fields.append("allTags \(fast.allTags) ≠ \(full.allTags)") }
        if !same(fast.sortTime?.text, full.sortTime?.text) || fast.sortTime != full.sortTime { fields.append("sortTime") }
        if fast.completion != full.completion { fields.append("completion \(fast.completion) ≠ \(full.completion)") }
        if fields.isEmpty && fast != full { fields.append("the summaries") }
        return fields.isEmpty ? nil : "the fast reader differs from the full parser: " + fields.joined(separator: "; ")
    }

    /// Records in the forms the fast reader takes, to start the fuzzer inside its subset.
    static let seeds = [
        "---\nid: 917568fa-15f7-1d74-178a-30aeda2afd46\nkind: diary\ntitle: \"開心辦公室 rain\"\ncreated: 2015-01-04T17:51:00+08:00\nmodified: 2015-01-04T17:51:00+08:00\ntags: [\"tag347\", \"旅行\"]\ntext: \"walk 咖啡晚上 \\\"q\\\" \\u00e9\"\nmedia: []\n---\ntrip #rain 寶寶\n",
        "---\nid: 0a1b2c3d\nkind: idea\ntitle: 'it''s'\ncreated: 2019-03-07\ntags:\n- work\n- '123'\ndone: true\ndone_at: 2019-03-08T10:00:00Z\n---\n",
        "---\r\nkind: diary\r\ntitle: 下雨的傍晚  # c\r\ntags:\r\n  - rain\r\nmedia:\r\n- file: media/ab/ab.jpg\r\n  type: photo\r\n  size: [4032, 3024]\r\nanalysis: |-\r\n  one\r\n\r\n  two\r\ncontext: {place: Taipei, wind: [3, {a: b}]}\r\n...\r\n#x\r\n",
        "title: null\ntags: 2024\nparent: ~\nmodified: 2026-11-22 18:04\nnested:\n  a:\n    - b\n    -\n  c: >+\n    d\n",
        // As folio and Obsidian (js-yaml) write records: block lists and maps, quotes only where needed.
        "---\nid: 5b0c1c8e-8c1f-4f57-9d55-0c3d8a9f6a21\nkind: diary\ntitle: '2026'\ncreated: 2026-11-22T18:04:11+08:00\nmodified: 2026-11-22T18:30:02+08:00\ntags:\n  - rain\n  - _2026\n  - 台北/信義\nmedia:\n  - file: media/ab/ab.jpg\n    type: photo\n    size:\n      - 4032\n      - 3024\ntext: |-\n  第一行\n\n  第二行\ncontext:\n  local_time: 2026-11-22T18:04:11+08:00\n  location: Taipei\nlinks: []\n---\n今天 #rain\n",
    ]
}
