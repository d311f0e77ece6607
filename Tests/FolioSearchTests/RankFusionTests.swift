import FolioSearch
import Testing

@Suite("Reciprocal rank fusion")
struct RankFusionTests {
    @Test func anItemInBothRankingsBeatsOneFirstInOnlyOne() {
        let fused = RankFusion.fused([["a", "b", "c"], ["b", "d"]])
        #expect(fused.map(\.item) == ["b", "a", "d", "c"])
        #expect(fused.first?.score == 1 / 62.0 + 1 / 61.0)
        // Ties go to the item seen first.
        #expect(RankFusion.fused([["x"], ["y"]]).map(\.item) == ["x", "y"])
        #expect(RankFusion.fused([[String](), []]).isEmpty)
    }
}
