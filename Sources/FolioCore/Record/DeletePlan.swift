/// What removing some records does to the rest: which go, which lose their parent, what blocks it.
public struct DeletePlan: Sendable, Equatable {
    /// Indexes of records to delete, parents before their children.
    public var removals: [Int] = []
    /// Indexes of records that stay but whose `parent` key is cleared (rule `keep`).
    public var unlinks: [Int] = []
    /// A child whose rule is `refuse`, with the parent it blocks.
    public var refusals: [(child: Int, parent: Int)] = []

    public static func == (lhs: DeletePlan, rhs: DeletePlan) -> Bool {
        lhs.removals == rhs.removals && lhs.unlinks == rhs.unlinks
            && lhs.refusals.map(\.child) == rhs.refusals.map(\.child) && lhs.refusals.map(\.parent) == rhs.refusals.map(\.parent)
    }

    /// Plans removing `roots` and, following each child kind's rule, their descendants.
    public init(removing roots: [Int], from records: [some ParentLinked], rules: (String) -> DeleteRule) {
        var childrenByParent: [String: [Int]] = [:]
        for (index, record) in records.enumerated() {
            if let parent = record.parent { childrenByParent[parent, default: []].append(index) }
        }
        var seen = Set<Int>()
        var queue = roots
        while !queue.isEmpty {
            let index = queue.removeFirst()
            guard seen.insert(index).inserted else { continue }
            removals.append(index)
            guard let id = records[index].id else { continue }
            for child in childrenByParent[id] ?? [] where !seen.contains(child) {
                switch rules(records[child].kind ?? "") {
                case .cascade: queue.append(child)
                case .keep: if !unlinks.contains(child) { unlinks.append(child) }
                case .refuse: refusals.append((child, index))
                }
            }
        }
        // A child removed through another path needs no unlink and blocks nothing.
        unlinks.removeAll { seen.contains($0) }
        refusals.removeAll { seen.contains($0.child) }
    }
}
