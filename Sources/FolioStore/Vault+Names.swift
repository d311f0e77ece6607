import FolioCore

extension Vault {
    /// What shell completion offers for a record: its slug (its file name without the date), or
    /// its short id where another record has the same slug.
    public func recordNames() -> [String] {
        let summaries = catalog().summaries
        var counts: [String: Int] = [:]
        for summary in summaries { counts[summary.slug, default: 0] += 1 }
        return summaries.map { counts[$0.slug] == 1 ? $0.slug : $0.shortID }
    }
}
