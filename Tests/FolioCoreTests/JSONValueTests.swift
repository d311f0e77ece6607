import Foundation
import Testing

@testable import FolioCore

@Suite("JSON: one value type that reads what others export and writes what folio answers")
struct JSONValueTests {
    private func decode(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    @Test("what is read is written back as the same JSON, keys sorted, whole numbers still whole")
    func roundTrip() throws {
        let read = try decode(#"{"b":[1,2.5,true,null],"a":{"id":20201231,"name":"河邊"}}"#)
        #expect(read.text == #"{"a":{"id":20201231,"name":"河邊"},"b":[1,2.5,true,null]}"#)
        #expect(try decode(read.text) == read)
    }

    @Test("lookups answer nothing for the wrong kind of value, never a wrong value")
    func lookups() throws {
        let read = try decode(#"{"list":["x"],"n":3,"flag":false}"#)
        #expect(read["list"]?[0]?.string == "x")
        #expect(read["list"]?[1] == nil)
        #expect(read["n"]?.number == 3)
        #expect(read["n"]?.string == nil)
        #expect(read["flag"]?.bool == false)
        #expect(read.keys == ["flag", "list", "n"])
        #expect(read[0] == nil)
        #expect(JSONValue.string("s")["key"] == nil)
    }

    @Test("objects are equal only with the same pairs in the same order")
    func equality() {
        let ab = JSONValue.object([("a", .int(1)), ("b", .int(2))])
        #expect(ab == .object([("a", .int(1)), ("b", .int(2))]))
        #expect(ab != .object([("b", .int(2)), ("a", .int(1))]))
        #expect(JSONValue.sortedObject(["b": .int(2), "a": .int(1)]) == ab)
        #expect(JSONValue.int(1) != .double(1))
    }
}
