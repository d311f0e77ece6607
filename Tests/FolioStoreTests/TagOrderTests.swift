import FolioCore
import FolioStore
import Testing

@Suite("tags in the orders `folio tags` lists them")
struct TagOrderTests {
    let uses = [
        TagUse(tag: "walk", count: 2, lastUsed: Timestamp("2026-11-20")),
        TagUse(tag: "Rain", count: 5, lastUsed: Timestamp("2026-11-22")),
        TagUse(tag: "coffee", count: 5, lastUsed: Timestamp("2026-11-01")),
        TagUse(tag: "rain", count: 1, lastUsed: Timestamp("2026-11-22")),
        TagUse(tag: "old", count: 9, lastUsed: nil),
    ]

    @Test("recent: the newest use first, then the most used, then by name")
    func recent() {
        #expect(uses.sorted(by: .recent).map(\.tag) == ["Rain", "rain", "walk", "coffee", "old"])
    }

    @Test("count: the most used first, then by name without case")
    func count() {
        #expect(uses.sorted(by: .count).map(\.tag) == ["old", "coffee", "Rain", "walk", "rain"])
    }

    @Test("name: without case, the spelling breaking ties")
    func name() {
        #expect(uses.sorted(by: .name).map(\.tag) == ["coffee", "old", "Rain", "rain", "walk"])
    }
}
