import Testing

@testable import YAML

/// What the emitter writes reads back as the same values (found by `make fuzz`, harness `yaml`).
@Suite("Emitter round trips")
struct EmitterTests {
    @Test(
        "a null inside a flow collection is written as null, not as an empty string",
        arguments: [
            "{n}", "{a: , b: 1}", "[a, {x: }, b]", "x: {y: }", "x: [~, null, '']",
        ])
    func nullInFlow(text: String) throws {
        let node = try Parser.parse(text)
        let written = try Emitter.emit(node)
        #expect(try Parser.parse(written).resolved == node.resolved, "\(written.debugDescription)")
    }

    @Test("an empty string stays an empty string, and a block mapping's null value stays bare")
    func emptyStringAndBlockNull() throws {
        #expect(try Emitter.emit(.mapping([("a", .string("")), ("b", .null)])) == "a: ''\nb: null\n")
        let block = try Parser.parse("a:\nb: 1\n")
        #expect(try Emitter.emit(block) == "a:\nb: 1\n")
    }
}
