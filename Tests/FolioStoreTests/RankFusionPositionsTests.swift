import FolioSearch
import FolioStore
import Testing

/// The fusion of catalog positions in arrays (what `folio search` uses) against the generic one
/// with dictionaries, its oracle.
@Suite("Rank fusion over catalog positions")
struct RankFusionPositionsTests {
    @Test("the same items, scores and order as the generic fusion, for every limit, on random rankings")
    func agreesWithGenericFusion() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<300 {
            let count = Int.random(in: 1...60, using: &generator)
            // Rankings of distinct items, some overlapping, some empty; ties are common with two equal-length ranks.
            let rankings = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                Array((0..<count).shuffled(using: &generator).prefix(Int.random(in: 0...count, using: &generator)))
            }
            let oracle = RankFusion.fused(rankings)
            let all = RankFusion.fused(positions: rankings, count: count, limit: nil)
            #expect(all.total == oracle.count, "round \(round)")
            #expect(all.best.map(\.item) == oracle.map(\.item), "round \(round): \(rankings)")
            #expect(all.best.map(\.score) == oracle.map(\.score), "round \(round)")
            let limit = Int.random(in: 0...(count + 2), using: &generator)
            let first = RankFusion.fused(positions: rankings, count: count, limit: limit)
            #expect(first.best.map(\.item) == Array(oracle.prefix(limit).map(\.item)), "round \(round), limit \(limit)")
            #expect(first.total == oracle.count)
        }
    }

    @Test("positions outside the catalog are left out, never a crash")
    func outsideTheCatalog() {
        let fused = RankFusion.fused(positions: [[3, -1, 0, 9], [0, 7]], count: 4, limit: nil)
        #expect(fused.best.map(\.item) == [0, 3] && fused.total == 2)
    }
}
