import Foundation
import Testing

@testable import YAML

/// Texts written to hurt a reader: each is refused quickly with where it went wrong, never
/// followed into a stack overflow or an exponential expansion.
@Suite("Hostile YAML")
struct HostileYAMLTests {
    @Test("100,000 nested flow lists are refused at the depth limit, line 1, column of the 65th [")
    func deepFlowNesting() {
        let text = "a: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "\n"
        #expect {
            _ = try Parser.parse(text)
        } throws: { error in
            guard let error = error as? YAMLError, case .tooDeep(64) = error.kind else { return false }
            return error.mark.line == 1 && error.mark.column == 4 + 63
        }
    }

    @Test("deep block nesting is refused at the depth limit on the line where it goes too deep")
    func deepBlockNesting() {
        var text = ""
        for level in 0..<200 { text += String(repeating: " ", count: level) + "k\(level):\n" }
        text += String(repeating: " ", count: 200) + "end\n"
        #expect {
            _ = try Parser.parse(text)
        } throws: { error in
            guard let error = error as? YAMLError, case .tooDeep(64) = error.kind else { return false }
            return error.mark.line == 65
        }
    }

    @Test("a billion laughs is refused at the node limit without expanding it")
    func aliasBomb() {
        var text = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        let names = ["b", "c", "d", "e", "f", "g", "h", "i"]
        var previous = "a"
        for name in names {
            text += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
            previous = name
        }
        #expect {
            _ = try Parser.parse(text)
        } throws: { error in
            guard let error = error as? YAMLError, case .tooManyNodes(100_000) = error.kind else { return false }
            return error.mark.line >= 5
        }
    }

    @Test("an alias with no anchor is an error at its line and column, never null")
    func undefinedAlias() {
        #expect {
            _ = try Parser.parse("title: x\nother: *nowhere\n")
        } throws: { error in
            guard let error = error as? YAMLError, case .undefinedAlias("nowhere") = error.kind else { return false }
            return error.mark.line == 2 && error.mark.column == 8
        }
    }

    @Test("ordinary anchors and aliases read as before; an alias knows what it repeats")
    func ordinaryAliases() throws {
        let root = try Parser.parse("tags: &t [x, y]\nother: *t\n")
        #expect(root["other"]?.alias == "t")
        #expect(root["other"]?.anchor == nil)
        #expect(root["tags"]?.anchor == "t")
        #expect(root["other"]?.items?.compactMap(\.scalarText) == ["x", "y"])
    }

    @Test("the limits are the caller's: a smaller depth or node budget refuses sooner")
    func customLimits() throws {
        _ = try Parser.parse("a: [[[1]]]\n", limits: Parser.Limits(maxDepth: 4, maxNodes: 100))
        #expect(throws: YAMLError.self) { try Parser.parse("a: [[[[1]]]]\n", limits: Parser.Limits(maxDepth: 4, maxNodes: 100)) }
        #expect(throws: YAMLError.self) {
            try Parser.parse("a: &a [1, 2, 3]\nb: [*a, *a, *a]\n", limits: Parser.Limits(maxDepth: 8, maxNodes: 12))
        }
    }
}

/// Found by `make fuzz` (harnesses `front-matter` and `yaml`).
@Suite("Text a reader would not see")
struct UnseenYAMLTests {
    @Test(
        "a second document is an error where it starts, never silently dropped",
        arguments: [
            ("S:\n--- }\n", 2), ("title: x\n---\nhidden: y\n", 2), ("a: 1\n... # end\nb: 2\n", 3),
        ])
    func secondDocument(text: String, line: Int) {
        #expect {
            _ = try Parser.parse(text)
        } throws: { error in
            guard let error = error as? YAMLError else { return false }
            // libyaml itself refuses a bare document after `...`; a `---` one is folio's refusal.
            return error.mark.line == line
        }
    }

    @Test(
        "keys that are the same text are duplicates whatever their tags",
        arguments: [
            "? !!r\n?\n", "!!int 1: a\n1: b\n", "!!str title: a\ntitle: b\n",
        ])
    func taggedDuplicateKeys(text: String) {
        #expect {
            _ = try Parser.parse(text)
        } throws: { error in
            guard let error = error as? YAMLError, case .duplicateKey = error.kind else { return false }
            return error.mark.line == 2
        }
    }
}
