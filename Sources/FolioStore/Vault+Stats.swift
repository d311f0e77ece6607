import FolioCore
import Foundation
import YAML

extension Vault {
    /// `folio stats` over the records a filter took: each record's front matter is read from its
    /// file only when a figure needs field values (counts by kind, month and tag come from the catalog).
    /// - Throws: ``FolioError`` `.unknownKind` for a kind the vault does not define.
    public func statistics(_ request: StatsRequest, of selection: CatalogSelection) throws(FolioError) -> StatsReport {
        let records = selection.summaries
        // Each record's computed values join its keys, so `--sum duration_minutes` adds them up.
        let kinds = self.kinds
        let kind = try request.kind.map { name throws(FolioError) in try self.kind(name) }
        var roots: [Value] = []
        if request.needsFields {
            // The files are read a batch at a time (never the whole vault), and of each record's
            // front matter only what a figure can read is kept.
            let keysReadWhole = request.keysReadWhole(kind: kind)
            roots.reserveCapacity(records.count)
            for run in Self.batchRuns(records.count) {
                let batch = records[run]
                for (summary, record) in zip(batch, self.records(at: batch.map(\.path))) {
                    let root = record?.document.root.resolved ?? .null
                    let whole = summary.kind.flatMap { kinds[$0] }?.withComputed(root) ?? root
                    roots.append(whole.projectedForStats(keepingWhole: keysReadWhole))
                }
            }
        } else {
            roots = Array(repeating: .null, count: records.count)
        }
        let tagCounts = selection.tagUses().sorted(by: .count).map { ($0.tag, $0.count) }
        return StatsReport(request, records: records, roots: roots, tagCounts: tagCounts, kind: kind)
    }
}
