/// What a reference can name a record by. A parsed ``Record`` and a cached ``RecordSummary``
/// answer alike, so a reference resolved in the catalog means what it means in the files.
public protocol Referable {
    /// Path relative to the vault, with `/` separators.
    var path: String { get }
    var id: String? { get }
    /// The `title`, else the file's stem.
    var title: String { get }
    var kind: String? { get }
    /// Other names the record answers to as it does to its title (``Aliases``).
    var aliases: [String] { get }
}

extension Referable {
    /// The first 8 characters of the id, as `list` shows it.
    public var shortID: String { String((id ?? "").prefix(8)) }

    /// The file name without `.md`.
    public var fileStem: String {
        // By bytes: resolving a name asks every record of the vault for its stem.
        let path = self.path
        let utf8 = path.utf8
        let start = utf8.lastIndex(of: UInt8(ascii: "/")).map { utf8.index(after: $0) } ?? utf8.startIndex
        var end = utf8.endIndex
        if utf8.distance(from: start, to: end) >= 3, utf8[utf8.index(end, offsetBy: -3)...].elementsEqual(".md".utf8) {
            end = utf8.index(end, offsetBy: -3)
        }
        return String(path[start..<end])
    }

    /// The file name's slug: the stem without its leading `YYYY-MM-DD-`.
    public var slug: String {
        let stem = fileStem
        let bytes = Array(stem.utf8)
        // The shape first: resolving a name looks at every record's slug, and most have no date to parse.
        if bytes.count > 11, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "-"),
            Timestamp(String(decoding: bytes[0..<10], as: UTF8.self)) != nil
        {
            return String(decoding: bytes[11...], as: UTF8.self)
        }
        return stem
    }
}

/// What a delete plan and its listing need of a record besides its names: its parent and its
/// time. A parsed ``Record`` and a cached ``RecordSummary`` answer alike, so `rm` can plan from
/// the catalog.
public protocol ParentLinked: Referable {
    var parent: String? { get }
    /// `created`, else `modified`.
    var sortTime: Timestamp? { get }
}

extension Record: ParentLinked {}
extension RecordSummary: ParentLinked {}

/// How a user names a record: its id, a unique id prefix, its path, its slug, its title or an alias.
public enum RecordReference {
    /// Shortest id prefix accepted, so a word is not mistaken for an id by accident.
    public static let minimumPrefix = 4

    public enum Resolution: Equatable {
        case found(Int)
        case ambiguous([Int])
        case notFound
    }

    /// Finds the record `text` names among `records`; paths must already be vault-relative.
    ///
    /// Tried in order, first hit wins: full id, path, id prefix, slug or file stem, title or alias,
    /// then title, alias or slug compared without case. Several records at one step are ambiguous.
    public static func resolve<Records: RandomAccessCollection>(_ text: String, in records: Records) -> Resolution
    where Records.Element: Referable, Records.Index == Int {
        let lowered = text.lowercased()
        // A hand-copied file can share an id; naming either by it would be a guess.
        if let result = single(records.indices.filter { records[$0].id == lowered }) { return result }
        let pathLike = text.hasSuffix(".md") ? text : text + ".md"
        if let index = records.firstIndex(where: {
            let path = $0.path
            return path == pathLike || path == text
        }) {
            return .found(index)
        }
        if lowered.count >= minimumPrefix, lowered.allSatisfy({ $0.isHexDigit || $0 == "-" }) {
            let hits = records.indices.filter { records[$0].id?.hasPrefix(lowered) ?? false }
            if let result = single(hits) { return result }
        }
        let slugHits = records.indices.filter {
            let record = records[$0]
            return record.fileStem == text || record.slug == text
        }
        if let result = single(slugHits) { return result }
        let titleHits = records.indices.filter { records[$0].title == text || records[$0].aliases.contains(text) }
        if let result = single(titleHits) { return result }
        let folded = records.indices.filter {
            let record = records[$0]
            return record.title.lowercased() == lowered || record.slug.lowercased() == lowered
                || record.aliases.contains { $0.lowercased() == lowered }
        }
        return single(folded) ?? .notFound
    }

    private static func single(_ hits: [Int]) -> Resolution? {
        switch hits.count {
        case 0: nil
        case 1: .found(hits[0])
        default: .ambiguous(hits)
        }
    }
}
