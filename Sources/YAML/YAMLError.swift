/// A YAML text that could not be read: what went wrong and where.
public struct YAMLError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        case reader, scanner, parser, composer
        /// The same key twice in one mapping: YAML forbids it and a reader could keep either.
        case duplicateKey(String)
        /// Bytes that are not UTF-8.
        case encoding
        /// Collections nested deeper than the limit.
        case tooDeep(Int)
        /// More nodes than the limit, counting what aliases repeat (an alias bomb).
        case tooManyNodes(Int)
        /// `*name` with no `&name` before it.
        case undefinedAlias(String)
    }

    public var kind: Kind
    /// libyaml's words for the problem, e.g. "found unexpected end of stream".
    public var problem: String
    /// What the parser was reading when it failed, e.g. "while scanning a quoted scalar".
    public var context: String?
    public var mark: Mark

    public init(kind: Kind, problem: String, context: String? = nil, mark: Mark) {
        self.kind = kind
        self.problem = problem
        self.context = context
        self.mark = mark
    }

    public var description: String {
        if let context { return "\(mark): \(context), \(problem)" }
        return "\(mark): \(problem)"
    }
}
