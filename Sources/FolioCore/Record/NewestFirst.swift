extension Collection where Element == RecordSummary {
    /// Newest first (by `created`, else `modified`; undated last), then by path. With `limit`,
    /// only that many, kept in order without sorting every record; indexes move, not records.
    public func newestFirst(limit: Int? = nil) -> [RecordSummary] {
        let records = Array(self)
        let candidates = records.indices.map { (index: $0, epoch: records[$0].sortTime?.epochSeconds ?? Int.min) }
        let newerFirst = { (a: (index: Int, epoch: Int), b: (index: Int, epoch: Int)) -> Bool in
            a.epoch != b.epoch ? a.epoch > b.epoch : records[a.index].path < records[b.index].path
        }
        let shown = if let limit, limit < 1_000 { candidates.firstInOrder(limit, by: newerFirst) } else {
            Array(candidates.sorted(by: newerFirst).prefix(limit ?? .max))
        }
        return shown.map { records[$0.index] }
    }
}

extension Sequence where Element == RecordSummary {
    /// How many records fall on each day (`YYYY-MM-DD` of `created`, else `modified`); undated ones count nowhere.
    public func countsByDay() -> [String: Int] {
        var counts: [String: Int] = [:]
        for record in self {
            if let day = record.sortTime?.day10 { counts[day, default: 0] += 1 }
        }
        return counts
    }
}
