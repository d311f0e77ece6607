import FolioCore
import FolioSearch

extension RankFusion {
    /// The same for rankings of positions `0..<count` (records in a catalog), in arrays instead of
    /// dictionaries: the `limit` best (all when nil) and how many items there are in all. Ties go
    /// in the order items were first seen, as ``fused(_:)``'s do; ``fused(_:)`` is its oracle.
    public static func fused(positions rankings: [[Int]], count: Int, limit: Int?) -> (best: [(item: Int, score: Double)], total: Int) {
        var scores = [Double](repeating: 0, count: count)
        var firstSeen = [Int](repeating: -1, count: count)
        var seen: [Int] = []
        for ranking in rankings {
            for (rank, item) in ranking.enumerated() where item >= 0 && item < count {
                scores[item] += 1 / (k + Double(rank + 1))
                if firstSeen[item] < 0 {
                    firstSeen[item] = seen.count
                    seen.append(item)
                }
            }
        }
        let before = { (a: Int, b: Int) -> Bool in scores[a] != scores[b] ? scores[a] > scores[b] : firstSeen[a] < firstSeen[b] }
        let best = limit.map { seen.firstInOrder($0, by: before) } ?? seen.sorted(by: before)
        return (best.map { (item: $0, score: scores[$0]) }, seen.count)
    }
}
