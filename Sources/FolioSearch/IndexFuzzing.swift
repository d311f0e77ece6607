/// What the fuzz harnesses check of a decoded index beyond its answers (Tests/FuzzTargets).
public enum IndexFuzzing {
    /// The first term whose documents and per-field counts, read straight from a packed segment's
    /// bytes (``PackedPostings/fieldCounts(_:documentCount:fieldCount:)``), differ from those its
    /// occurrences give, the fast path's oracle; nil when every term agrees.
    public static func countsApartFromOccurrences(in index: TextIndex) -> String? {
        for (s, segment) in index.segments.enumerated() where segment.packed != nil {
            for t in 0..<segment.termTotal {
                let counted = segment.matchSingle(t)
                let unpacked = segment.matchSingleByOccurrences(t)
                if counted.documents != unpacked.documents || counted.counts != unpacked.counts { return "segment \(s), term \(t)" }
            }
        }
        return nil
    }
}
