import YAML

/// One record file: where it lives in the vault and its parsed front matter and body.
public struct Record: Sendable {
    /// Path relative to the vault, with `/` separators.
    public var path: String
    public var document: FrontMatterDocument

    public init(path: String, document: FrontMatterDocument) {
        self.path = path
        self.document = document
    }

    public var id: String? { document.string("id") }
    public var kind: String? { document.string("kind") }
    public var title: String { document.string("title") ?? fileStem }
    public var parent: String? { document.string("parent") }
    public var created: Timestamp? { document.string("created").flatMap(Timestamp.init) }
    public var modified: Timestamp? { document.string("modified").flatMap(Timestamp.init) }

    /// The front matter `tags`, in the order written; a single string counts as one tag.
    public var tags: [String] {
        switch document["tags"]?.content {
        case .sequence(let items, _): items.compactMap(\.scalarText).filter { !$0.isEmpty }
        case .scalar(let text, _): text.isEmpty ? [] : [text]
        default: []
        }
    }

    /// The file name without `.md`.
    public var fileStem: String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasSuffix(".md") ? String(name.dropLast(3)) : name
    }

    /// The file name's slug: the stem without its leading `YYYY-MM-DD-`.
    public var slug: String {
        let stem = fileStem
        let bytes = Array(stem.utf8)
        if bytes.count > 11, Timestamp(String(decoding: bytes[0..<10], as: UTF8.self)) != nil, bytes[10] == UInt8(ascii: "-") {
            return String(decoding: bytes[11...], as: UTF8.self)
        }
        return stem
    }

    /// The first 8 characters of the id, as `list` shows it.
    public var shortID: String { String((id ?? "").prefix(8)) }

    /// The time a listing sorts by: `created`, else `modified`.
    public var sortTime: Timestamp? { created ?? modified }
}
