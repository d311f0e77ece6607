import Testing

@testable import YAML

/// ``BlockWriter`` against what js-yaml's `dump` (no line width) writes, and against the parser:
/// whatever it writes reads back as the value given.
@Suite("Block writer: js-yaml's style, read back alike")
struct BlockWriterTests {
    /// A string and how js-yaml writes it as a mapping's value. Where PyYAML writes otherwise
    /// (`-x`, `...`, `1e3`, `y`), js-yaml is followed: Obsidian writes with it.
    static let strings: [(String, String)] = [
        ("下雨的傍晚", "下雨的傍晚"), ("it's", "it's"), ("C# notes", "C# notes"), ("a,b [c] {d}", "a,b [c] {d}"),
        ("2026", "'2026'"), ("3.14", "'3.14'"), ("1e3", "'1e3'"), ("1_000", "'1_000'"), ("0x1F", "'0x1F'"), ("0o17", "'0o17'"),
        ("yes", "'yes'"), ("y", "'y'"), ("Off", "'Off'"), ("null", "'null'"), ("~", "'~'"), ("true", "'true'"), ("TRUE", "'TRUE'"),
        ("12:30", "'12:30'"), ("<<", "'<<'"), (".inf", "'.inf'"), ("", "''"),
        ("a: b", "'a: b'"), ("a #b", "'a #b'"), ("#tag", "'#tag'"), ("-x", "'-x'"), ("- x", "'- x'"), ("?q", "'?q'"), (":c", "':c'"),
        ("trailing:", "'trailing:'"), (" padded", "' padded'"), ("padded ", "'padded '"), ("'quoted'", "'''quoted'''"),
        ("\"double\"", "'\"double\"'"), ("=", "'='"), ("@at", "'@at'"), ("`tick`", "'`tick`'"), ("%p", "'%p'"), ("!bang", "'!bang'"),
        ("&a", "'&a'"), ("*a", "'*a'"), ("|bar", "'|bar'"), (">gt", "'>gt'"), ("...", "..."), ("---", "'---'"),
        ("2026-11-22", "2026-11-22"), ("2026-11-22T18:04:11+08:00", "2026-11-22T18:04:11+08:00"), ("1.2.3", "1.2.3"),
        ("http://x.org/a?b=c#d", "http://x.org/a?b=c#d"), ("😀 emoji", "😀 emoji"), ("e\u{301}", "e\u{301}"),
        ("tab\there", "\"tab\\there\""), ("bell \u{7}", "\"bell \\a\""), ("nel \u{85}", "\"nel \\N\""), ("nb\u{A0}sp", "\"nb\\_sp\""),
        ("bom\u{FEFF}", "\"bom\\uFEFF\""), ("cr\r\nlf", "\"cr\\r\\nlf\""),
        ("one\ntwo", "|-\n  one\n  two"), ("one\ntwo\n", "|\n  one\n  two"), ("one\n\n", "|+\n  one\n"), ("\n", "|2+\n"),
        (" lead\nx", "|2-\n   lead\n  x"), ("a\n\nb", "|-\n  a\n\n  b"),
    ]

    @Test("strings are written as js-yaml writes them, and read back as the same string")
    func strings() throws {
        for (text, written) in Self.strings {
            let entry = BlockWriter.entry(key: "k", value: .string(text))
            let expected = written.hasPrefix("|") ? "k: \(written)\n" : "k: \(written)\n"
            #expect(entry == expected, "\(text.debugDescription): \(entry.debugDescription)")
            let parsed = try Parser.parse(entry)
            #expect(
                parsed["k"]?.resolved == .string(text), "\(text.debugDescription) read back as \(String(describing: parsed["k"]?.resolved))"
            )
        }
    }

    @Test("values that are no strings are written as given; a null as nothing when given nothing")
    func rawValues() {
        #expect(BlockWriter.entry(key: "count", value: .raw("42")) == "count: 42\n")
        #expect(BlockWriter.entry(key: "b", value: .raw("true")) == "b: true\n")
        #expect(BlockWriter.entry(key: "y", value: .raw("1")) == "'y': 1\n")
        #expect(BlockWriter.entry(key: "z", value: .null) == "z: null\n")
        #expect(BlockWriter.entry(key: "e", value: .raw("")) == "e:\n")
        #expect(BlockWriter.entry(key: "d", value: .raw("2026-11-22T18:04:11+08:00")) == "d: 2026-11-22T18:04:11+08:00\n")
    }

    @Test("collections: lists two spaces under their key, maps in lists compact, empty ones in flow, nested literal blocks")
    func collections() throws {
        let node = Node.mapping([
            ("tags", .sequence([.string("rain"), .string("2026")])),
            (
                "media",
                .sequence([.mapping([("file", .string("a.jpg")), ("note", .string("x\ny")), ("size", .sequence([.raw("4"), .raw("3")]))])])
            ),
            ("grid", .sequence([.sequence([.raw("1"), .raw("2")]), .sequence([])])),
            ("context", .mapping([("place", .string("Taipei")), ("deep", .mapping([("a", .mapping([]))]))])),
            ("notes", .sequence([.string("a\nb")])),
        ])
        let expected = """
            tags:
              - rain
              - '2026'
            media:
              - file: a.jpg
                note: |-
                  x
                  y
                size:
                  - 4
                  - 3
            grid:
              - - 1
                - 2
              - []
            context:
              place: Taipei
              deep:
                a: {}
            notes:
              - |-
                a
                b

            """
        let written = BlockWriter.document(node)
        #expect(written == expected, "\(written)")
        #expect(try Parser.parse(written).resolved == node.resolved)
    }

    @Test("a parsed flow collection or quoted scalar is written in the block style")
    func parsedNodes() throws {
        let parsed = try Parser.parse("tags: [a, 'b c', \"2026\"]\ncontext: {place: Taipei, at: '12:30'}\n")
        #expect(
            BlockWriter.document(parsed) == "tags:\n  - a\n  - b c\n  - '2026'\ncontext:\n  place: Taipei\n  at: '12:30'\n")
    }
}
