import FolioCore
import Foundation
import Synchronization

/// One tag across a set of records.
public struct TagUse: Sendable, Equatable {
    /// The spelling of the oldest record carrying the tag.
    public var tag: String
    public var count: Int
    /// The newest `created` (else `modified`) of the records carrying it.
    public var lastUsed: Timestamp?

    public init(tag: String, count: Int, lastUsed: Timestamp?) {
        self.tag = tag
        self.count = count
        self.lastUsed = lastUsed
    }
}

/// The records of a catalog a filter takes, answered from the catalog's rows: only the records a
/// command shows are decoded into summaries.
public struct CatalogSelection: Sendable {
    public let catalog: Catalog
    /// Record positions in the catalog, in catalog order.
    let positions: [Int]

    /// How many records were taken.
    public var count: Int { positions.count }

    /// Their summaries, in no particular order.
    public var summaries: [RecordSummary] {
        if positions.count == catalog.count { return catalog.summaries }
        return positions.map(catalog.summary)
    }

    /// Newest first (by `created`, else `modified`, to the millisecond; undated last), then by
    /// path; with `limit`, only that many, found without sorting every record.
    public func newestFirst(limit: Int? = nil) -> [RecordSummary] {
        let catalog = self.catalog
        let candidates = positions.map { (position: $0, epoch: catalog.entries[Int(catalog.records[$0])].epoch) }
        let shown: [(position: Int, epoch: Int64)]
        if let limit, limit < 1_000 {
            // A path is decoded only when two times are equal.
            shown = candidates.firstInOrder(limit) { a, b in
                a.epoch != b.epoch ? a.epoch > b.epoch : catalog.path(a.position) < catalog.path(b.position)
            }
        } else {
            // Every record is shown: their paths are decoded once, not at every comparison.
            let paths = Dictionary(uniqueKeysWithValues: positions.map { ($0, catalog.path($0)) })
            shown = Array(
                candidates.sorted { a, b in
                    a.epoch != b.epoch ? a.epoch > b.epoch : (paths[a.position] ?? "") < (paths[b.position] ?? "")
                }.prefix(limit ?? .max))
        }
        return shown.map { catalog.summary($0.position) }
    }

    /// How many records fall on each day (`YYYY-MM-DD` of `created`, else `modified`); undated ones count nowhere.
    public func countsByDay() -> [String: Int] {
        var byDay: [Int32: Int] = [:]
        for position in positions {
            let day = catalog.entries[Int(catalog.records[position])].day
            if day != 0 { byDay[day, default: 0] += 1 }
        }
        var counts: [String: Int] = [:]
        for (day, count) in byDay { counts[Self.dayText(day)] = count }
        return counts
    }

    static func dayText(_ day: Int32) -> String {
        var bytes = [UInt8](repeating: UInt8(ascii: "-"), count: 10)
        func put(_ value: Int32, _ at: Int, _ width: Int) {
            var v = max(0, value)
            for i in stride(from: at + width - 1, through: at, by: -1) {
                bytes[i] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
            }
        }
        put(day / 10_000, 0, 4)
        put(day / 100 % 100, 5, 2)
        put(day % 100, 8, 2)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Every tag of the records with how many carry it and when it was last used. Tags that differ
    /// only in case are one, spelled as the oldest record carrying it wrote it (oldest by `created`,
    /// then by path), so the spelling does not depend on the order files are read in.
    public func tagUses() -> [TagUse] {
        let catalog = self.catalog
        // Tag numbers that differ only in case share a group.
        var groupOf = [Int](repeating: 0, count: catalog.tagNames.count)
        var groups: [String: Int] = [:]
        for (n, name) in catalog.tagNames.enumerated() {
            let key = name.lowercased()
            if let group = groups[key] {
                groupOf[n] = group
            } else {
                groups[key] = groups.count
                groupOf[n] = groups.count - 1
            }
        }
        struct Tally {
            var count = 0
            /// The oldest record carrying it (undated ones count as newest) and its spelling there.
            var oldest: (epoch: Int64, position: Int, tag: UInt32)?
            /// The newest dated record carrying it (the later path among equal times).
            var newest: (epoch: Int64, position: Int)?
        }
        var tallies = [Tally](repeating: Tally(), count: groups.count)
        var met: [Int] = []
        for position in positions {
            let epoch = catalog.entries[Int(catalog.records[position])].epoch
            let age = epoch == Int64.min ? Int64.max : epoch
            // One record's tags, read where they lie: no array per record.
            catalog.forEachTagNumber(position) { tag in
                guard Int(tag) < groupOf.count else { return }
                let group = groupOf[Int(tag)]
                if tallies[group].count == 0 { met.append(group) }
                tallies[group].count += 1
                if let oldest = tallies[group].oldest {
                    if age < oldest.epoch
                        || (age == oldest.epoch && oldest.position != position
                            && catalog.path(position) < catalog.path(oldest.position))
                    {
                        tallies[group].oldest = (age, position, tag)
                    }
                } else {
                    tallies[group].oldest = (age, position, tag)
                }
                guard epoch != Int64.min else { return }
                if let newest = tallies[group].newest {
                    if epoch > newest.epoch
                        || (epoch == newest.epoch && newest.position != position
                            && catalog.path(position) > catalog.path(newest.position))
                    {
                        tallies[group].newest = (epoch, position)
                    }
                } else {
                    tallies[group].newest = (epoch, position)
                }
            }
        }
        return met.map { group in
            let tally = tallies[group]
            return TagUse(
                tag: tally.oldest.map { catalog.tagName($0.tag) } ?? "", count: tally.count,
                lastUsed: tally.newest.flatMap { catalog.sortTime($0.position) })
        }
    }
}

extension Catalog {
    /// Every record, the owner's profile too (a filter without a kind leaves the profile out).
    public var all: CatalogSelection { CatalogSelection(catalog: self, positions: Array(0..<count)) }

    /// The records `filter` takes, judged at `now` in `zone`. Its kind rule is decided once per kind
    /// name and read from the rows' kind numbers; the rest of it, when it asks for more, row by row.
    public func select(_ filter: RecordFilter, now: Timestamp, zone: TimeZone) -> CatalogSelection {
        let taken = kindNames.map { filter.takesKind($0) }
        let takesNoKind = filter.takesKind(nil)
        let judgesEachRow = !filter.asksOnlyForKind
        let matcher = TagMatcher(tagNames: tagNames)
        // The children of one record: their parent's bytes are compared in the rows, not decoded.
        let parent = filter.parent.map(ReferenceText.init)
        var positions: [Int] = []
        positions.reserveCapacity(count)
        for position in 0..<count {
            let kind = Int(entries[Int(records[position])].kind)
            guard kind >= 0 && kind < taken.count ? taken[kind] : takesNoKind else { continue }
            if let parent {
                guard let bytes = detail(position).flatMap({ RecordDetail.textBytes(2, in: $0) }), parent.equals(bytes) else { continue }
            }
            if judgesEachRow, !filter.matches(CatalogRow(catalog: self, position: position, tags: matcher), now: now, zone: zone) {
                continue
            }
            positions.append(position)
        }
        return CatalogSelection(catalog: self, positions: positions)
    }
}

/// Which tag numbers a filter's tag names mean (the tag and those nested in it, compared without
/// case: ``TagName/filter(_:takes:)``), worked out once per name.
final class TagMatcher: Sendable {
    private let tagNames: [String]
    private let numbers = Mutex<[String: Set<UInt32>]>([:])

    init(tagNames: [String]) { self.tagNames = tagNames }

    func numbers(for tag: String) -> Set<UInt32> {
        numbers.withLock { numbers in
            if let known = numbers[tag] { return known }
            var found = Set<UInt32>()
            for (n, name) in tagNames.enumerated() where TagName.filter(tag, takes: name) { found.insert(UInt32(n)) }
            numbers[tag] = found
            return found
        }
    }
}

/// A record of the catalog as a filter sees it, decoding a field only when the filter asks for it.
struct CatalogRow: FilterableRecord {
    let catalog: Catalog
    let position: Int
    let tags: TagMatcher

    private var entry: Catalog.Entry { catalog.entries[Int(catalog.records[position])] }
    var kind: String? { catalog.kindName(entry.kind) }
    var completion: RecordSummary.Completion { entry.completion }
    var sortTime: Timestamp? { catalog.sortTime(position) }
    var parent: String? { catalog.detailText(2, position) }

    func hasTag(_ tag: String) -> Bool {
        let wanted = tags.numbers(for: tag)
        return !wanted.isEmpty && catalog.allTagNumbers(position).contains { wanted.contains($0) }
    }
}
