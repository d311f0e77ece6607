import FolioCore
import Foundation

extension Vault {
    /// `folio stats` over the records a filter took: each record's front matter is read from its
    /// file only when a figure needs field values (counts by kind, month and tag come from the catalog).
    /// - Throws: ``FolioError`` `.unknownKind` for a kind the vault does not define.
    public func statistics(_ request: StatsRequest, of selection: CatalogSelection) throws(FolioError) -> StatsReport {
        let records = selection.summaries
        // Each record's computed values join its keys, so `--sum duration_minutes` adds them up.
        let kinds = self.kinds
        let roots =
            request.needsFields
            ? zip(records, self.records(at: records.map(\.path))).map { summary, record in
                let root = record?.document.root.resolved ?? .null
                return summary.kind.flatMap { kinds[$0] }?.withComputed(root) ?? root
            }
            : Array(repeating: .null, count: records.count)
        let tagCounts = selection.tagUses().sorted(by: .count).map { ($0.tag, $0.count) }
        return StatsReport(
            request, records: records, roots: roots, tagCounts: tagCounts,
            kind: try request.kind.map { name throws(FolioError) in try kind(name) })
    }
}
