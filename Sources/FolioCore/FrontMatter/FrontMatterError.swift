import YAML

/// Why a record file's front matter could not be read, and where (file line and column).
public struct FrontMatterError: Error, Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// The file does not start with a `---` line.
        case missing
        /// The opening `---` has no closing `---` line.
        case unclosed
        /// libyaml could not read it; the problem in libyaml's words.
        case syntax(String)
        case duplicateKey(String)
        /// The front matter is a list or a single value instead of keys and values.
        case notMapping
        /// The bytes are not UTF-8.
        case notUTF8
        /// A key folio would have to edit is written in a way it cannot splice safely.
        case unsupportedLayout(String)
        /// The front matter is longer than the limit (bytes, limit).
        case tooLarge(Int, Int)
        /// Collections nested deeper than the limit.
        case tooDeep(Int)
        /// More nodes than the limit, counting what aliases repeat.
        case tooManyNodes(Int)
        /// `*name` with no `&name` before it.
        case undefinedAlias(String)
        /// Changing `key` would drop an anchor an alias elsewhere repeats (key, anchor).
        case anchorUsedElsewhere(String, String)
    }

    public var kind: Kind
    /// 1-based line in the whole file.
    public var line: Int
    /// 1-based column in Unicode scalars.
    public var column: Int

    public init(kind: Kind, line: Int, column: Int) {
        self.kind = kind
        self.line = line
        self.column = column
    }
}
