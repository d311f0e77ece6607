/// A parsed YAML node that remembers where it came from and how it was written.
public struct Node: Sendable, Hashable {
    public enum ScalarStyle: Sendable, Hashable {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    public enum CollectionStyle: Sendable, Hashable {
        case block, flow
    }

    public struct Pair: Sendable, Hashable {
        public var key: Node
        public var value: Node
        public init(key: Node, value: Node) {
            self.key = key
            self.value = value
        }
    }

    public enum Content: Sendable, Hashable {
        case scalar(String, ScalarStyle)
        case sequence([Node], CollectionStyle)
        case mapping([Pair], CollectionStyle)
        /// An alias resolved to the node it names, kept so the text is never expanded on write.
        case alias(String)
    }

    public var content: Content
    public var tag: String?
    public var anchor: String?
    /// For an alias (`*name`): the anchor it repeats; its content is a copy of that node's.
    public var alias: String?
    /// Where the node was parsed from; nil for nodes built in code.
    public var span: Span?

    public init(_ content: Content, tag: String? = nil, anchor: String? = nil, span: Span? = nil) {
        self.content = content
        self.tag = tag
        self.anchor = anchor
        self.span = span
    }

    // MARK: - Building nodes in code

    public static func string(_ text: String, style: ScalarStyle = .plain) -> Node {
        Node(.scalar(text, style), tag: style == .plain ? Node.stringTag : nil)
    }

    /// A plain scalar whose text is already valid YAML for its type (a number, a date, true).
    public static func raw(_ text: String) -> Node {
        Node(.scalar(text, .plain))
    }

    public static func sequence(_ items: [Node], style: CollectionStyle = .block) -> Node {
        Node(.sequence(items, style))
    }

    public static func mapping(_ pairs: [(String, Node)], style: CollectionStyle = .block) -> Node {
        Node(.mapping(pairs.map { Pair(key: .string($0.0), value: $0.1) }, style))
    }

    public static let null = Node(.scalar("null", .plain))
    public static let stringTag = "tag:yaml.org,2002:str"

    // MARK: - Reading

    public var scalarText: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    public var scalarStyle: ScalarStyle? {
        if case .scalar(_, let style) = content { return style }
        return nil
    }

    public var items: [Node]? {
        if case .sequence(let items, _) = content { return items }
        return nil
    }

    public var pairs: [Pair]? {
        if case .mapping(let pairs, _) = content { return pairs }
        return nil
    }

    /// The value for a key in a mapping, comparing keys as scalar text.
    public subscript(key: String) -> Node? {
        pairs?.first { $0.key.scalarText == key }?.value
    }

    /// The value this node stands for under the YAML 1.2 core schema.
    public var resolved: Value { Value(resolving: self) }
}
