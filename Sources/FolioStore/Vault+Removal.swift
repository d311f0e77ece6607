import FolioCore
import Foundation

/// What `folio rm` removes: records by their kinds' rules (children with them, or unlinked, or
/// refused) and conflict copies named by their paths, all in one commit.
public struct Removal: Sendable {
    public let plan: DeletePlan
    /// The catalog's summaries the plan's indexes point into.
    public let records: [RecordSummary]
    /// The records named or chosen, before their children are added.
    public let roots: [String]
    public let copies: [ConflictCopy]

    public var isEmpty: Bool { roots.isEmpty && copies.isEmpty }
    /// How many files go: records and conflict copies.
    public var count: Int { plan.removals.count + copies.count }
}

extension Vault {
    /// The removal of the records and conflict copies `names` names (found as `show` finds
    /// them), or else of the records every filter (and `search`) chooses. The plan is made among
    /// the catalog's summaries: parents, kinds and ids are all it needs.
    public func planRemoval(names: [String], filter: RecordFilter, search: String?, in catalog: Catalog, workingDirectory: URL)
        throws(FolioError) -> Removal
    {
        let typed = names.map { ($0, conflictCopy(typed: $0, workingDirectory: workingDirectory)) }
        let copies = typed.compactMap(\.1)
        let roots: [String]
        if names.isEmpty {
            roots = try select(filter, search: search, in: catalog, workingDirectory: workingDirectory).map(\.path)
        } else {
            roots = try typed.filter { $0.1 == nil }.map { name, _ throws(FolioError) in
                try findRecord(name, workingDirectory: workingDirectory, in: catalog).path
            }
        }
        let records = catalog.summaries
        return Removal(plan: planDelete(rootPaths: roots, among: records), records: records, roots: roots, copies: copies)
    }

    /// Fails when a kind's rule refuses a removal (a child of kind `refuse` with a parent that would go).
    public func checkRefusals(_ removal: Removal) throws(FolioError) {
        try checkRefusals(removal.plan, among: removal.records)
    }

    /// Removes it all in one commit, so one `folio undo` brings it all back.
    public func remove(_ removal: Removal) throws(FolioError) {
        let both =
            "remove \(removal.plan.removals.count) record(s) and \(removal.copies.count) conflict cop\(removal.copies.count == 1 ? "y" : "ies")"
        try inOneCommit({ $0.count == 1 ? $0[0] : both }) { () throws(FolioError) in
            if !removal.plan.removals.isEmpty || !removal.plan.unlinks.isEmpty { try execute(removal.plan, among: removal.records) }
            try removeConflictCopies(removal.copies)
        }
    }
}
