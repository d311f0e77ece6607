import Foundation

/// The orders `folio tags` lists tags in (counting them is ``CatalogSelection/tagUses()``).
public enum TagOrder: String, Sendable, CaseIterable {
    /// The newest use first; ties by count, then by name.
    case recent
    /// The most used first; ties by name.
    case count
    /// By name, without regard to case (the exact spelling breaks ties).
    case name
}

extension Array where Element == TagUse {
    public func sorted(by order: TagOrder) -> [TagUse] {
        func byName(_ a: TagUse, _ b: TagUse) -> Bool {
            let order = a.tag.lowercased().compare(b.tag.lowercased())
            return order != .orderedSame ? order == .orderedAscending : a.tag < b.tag
        }
        return sorted { a, b in
            let dayA = a.lastUsed?.day10 ?? ""
            let dayB = b.lastUsed?.day10 ?? ""
            switch order {
            case .recent:
                if dayA != dayB { return dayA > dayB }
                if a.count != b.count { return a.count > b.count }
                return byName(a, b)
            case .count:
                if a.count != b.count { return a.count > b.count }
                return byName(a, b)
            case .name:
                return byName(a, b)
            }
        }
    }
}
