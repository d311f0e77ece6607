import Foundation
import Testing

/// The folio command as a user runs it is in Transcripts/; what needs code (processes at once) is here.
@Suite("The folio command, as a user runs it")
struct CommandLineTests {
    @Test("twenty folio idea processes at once make twenty records")
    func concurrentWriters() throws {
        let folio = try FolioProcess.vault()
        let started = try (1...20).map { try folio.start(["idea", "同時 \($0 % 3)"]) }
        let results = started.map(folio.finish)
        #expect(results.allSatisfy { $0.status == 0 }, "\(results.map(\.stderr))")
        let ideas = try #require(try folio.json("list", "idea", "--json") as? [[String: Any]])
        #expect(ideas.count == 20)
        #expect(Set(ideas.compactMap { $0["path"] as? String }).count == 20)
        #expect(Set(ideas.compactMap { $0["id"] as? String }).count == 20)
    }
}
