import FolioCompanion
import FolioStore
import Testing

/// Tags come from an AI's reply, from a command line and from imported notes: a tag of any length
/// is read in one pass.
@Suite("Tags of any length")
struct TagGrowthTests {
    static let hashes = String(repeating: "#", count: 1_000_000)

    @Test("an AI's tag of a million `#` before its word is the word, at once")
    func aiTags() {
        #expect(PageSummary.normalizedTags([Self.hashes + "rain", "##walk"], existing: []) == ["rain", "walk"])
        #expect(PageSummary.normalizedTags([Self.hashes], existing: []).isEmpty)
    }

    @Test("a typed tag of a million `#` before its word is the word, at once")
    func typedTags() {
        #expect(Vault.normalisedTags([Self.hashes + "下雨", " #散步 "]) == ["下雨", "散步"])
    }
}
