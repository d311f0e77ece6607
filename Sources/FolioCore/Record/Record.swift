import YAML

/// One record file: where it lives in the vault and its parsed front matter and body.
public struct Record: Sendable, Referable {
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

    /// The front matter `tags`, in the order written; one text is the names a comma (or `，`,
    /// `、`) parts, as Obsidian reads `tags: books, later` and as every writer of tags splits them.
    public var tags: [String] {
        switch document["tags"]?.content {
        case .sequence(let items, _): items.compactMap(\.scalarText).filter { !$0.isEmpty }
        case .scalar(let text, _): TextRule.splitTags(text)
        default: []
        }
    }

    /// The time a listing sorts by: `created`, else `modified`.
    public var sortTime: Timestamp? { created ?? modified }
}
