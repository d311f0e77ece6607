/// How a user names a record: its id, a unique id prefix, its path, or its slug.
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
    /// Tried in order, first hit wins: full id, path, id prefix, slug or file stem, title.
    public static func resolve(_ text: String, in records: [Record]) -> Resolution {
        let lowered = text.lowercased()
        if let index = records.firstIndex(where: { $0.id == lowered }) { return .found(index) }
        let pathLike = text.hasSuffix(".md") ? text : text + ".md"
        if let index = records.firstIndex(where: { $0.path == pathLike || $0.path == text }) { return .found(index) }
        if lowered.count >= minimumPrefix, lowered.allSatisfy({ $0.isHexDigit || $0 == "-" }) {
            let hits = records.indices.filter { records[$0].id?.hasPrefix(lowered) ?? false }
            if let result = single(hits) { return result }
        }
        let slugHits = records.indices.filter { records[$0].slug == text || records[$0].fileStem == text }
        if let result = single(slugHits) { return result }
        let titleHits = records.indices.filter { records[$0].title == text }
        if let result = single(titleHits) { return result }
        let folded = records.indices.filter { records[$0].title.lowercased() == lowered || records[$0].slug.lowercased() == lowered }
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
