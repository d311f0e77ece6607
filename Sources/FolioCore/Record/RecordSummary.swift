/// What listings, tags, calendars and search results need of a record, without its text.
///
/// A vault of 100,000 records keeps 100,000 of these in memory instead of their parsed documents,
/// and the catalog cache stores them, so most read commands never parse a file that did not change.
public struct RecordSummary: Sendable, Hashable, Referable {
    /// Whether a record is an open or a finished to-do.
    public enum Completion: UInt8, Sendable, Hashable {
        /// No `done` key (and not an idea).
        case none = 0
        case open = 1
        case done = 2
    }

    /// Path relative to the vault, with `/` separators.
    public var path: String
    public var id: String?
    public var kind: String?
    /// The `title`, else the file's stem.
    public var title: String
    public var parent: String?
    /// The front matter `tags`, in the order written.
    public var tags: [String]
    /// The front matter tags, then the body's inline `#tags`, each once (``Record/allTags``).
    public var allTags: [String]
    /// `created`, else `modified`.
    public var sortTime: Timestamp?
    public var completion: Completion
    /// Other names the record is found by (``Aliases``).
    public var aliases: [String]

    public init(
        path: String, id: String?, kind: String?, title: String, parent: String?, tags: [String],
        allTags: [String], sortTime: Timestamp?, completion: Completion, aliases: [String] = []
    ) {
        self.path = path
        self.id = id
        self.kind = kind
        self.title = title
        self.parent = parent
        self.tags = tags
        self.allTags = allTags
        self.sortTime = sortTime
        self.completion = completion
        self.aliases = aliases
    }

    public init(_ record: Record) {
        let completion: Completion
        if record.kind == "idea" || record.document["done"] != nil {
            completion = record.document.value("done") == .bool(true) ? .done : .open
        } else {
            completion = .none
        }
        self.init(
            path: record.path, id: record.id, kind: record.kind, title: record.title, parent: record.parent,
            tags: record.tags, allTags: record.allTags, sortTime: record.sortTime, completion: completion, aliases: record.aliases)
    }

    /// Whether the record carries `tag` or a tag nested in it, front matter or inline, compared
    /// without case (``TagName/filter(_:takes:)``).
    public func hasTag(_ tag: String) -> Bool {
        allTags.contains { TagName.filter(tag, takes: $0) }
    }
}
