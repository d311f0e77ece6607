import FolioCore

extension Vault {
    /// What shell completion offers for a record: its slug (its file name without the date), or
    /// its short id where another record has the same slug; and its title and aliases where they
    /// name it alone (`folio show 買一把新雨傘` finds it as surely as its slug does). A title with a
    /// blank in it is left to its slug: bash would split it into words.
    public func recordNames() -> [String] {
        let summaries = catalog().summaries
        var counts: [String: Int] = [:]
        var names: [String: Int] = [:]
        for summary in summaries {
            counts[summary.slug, default: 0] += 1
            for name in Set([summary.title] + summary.aliases) { names[name, default: 0] += 1 }
        }
        let slugs = summaries.map { counts[$0.slug] == 1 ? $0.slug : $0.shortID }
        let titles = names.filter { name, count in count == 1 && !name.contains(where: \.isWhitespace) && !name.hasPrefix("-") }.keys
        return slugs + titles.sorted()
    }
}
