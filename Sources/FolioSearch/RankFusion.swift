/// Reciprocal rank fusion: several rankings of the same items made one, each item scoring the sum
/// of 1 / (k + rank) over the rankings it is in (rank from 1). `folio search` fuses its ranks by
/// words and by meaning with it, and `folio recall` its passages.
public enum RankFusion {
    /// The constant of the usual formulation (Cormack et al., 2009).
    public static let k = 60.0

    /// Each item of `rankings` with its fused score, best first; ties in the order items were first seen.
    public static func fused<Item: Hashable>(_ rankings: [[Item]]) -> [(item: Item, score: Double)] {
        var scores: [Item: Double] = [:]
        var firstSeen: [Item: Int] = [:]
        for ranking in rankings {
            for (rank, item) in ranking.enumerated() {
                scores[item, default: 0] += 1 / (k + Double(rank + 1))
                if firstSeen[item] == nil { firstSeen[item] = firstSeen.count }
            }
        }
        return scores.map { (item: $0.key, score: $0.value) }
            .sorted { $0.score != $1.score ? $0.score > $1.score : (firstSeen[$0.item] ?? 0) < (firstSeen[$1.item] ?? 0) }
    }
}
