import Foundation

/// A write that is only rehearsed: while a vault has one (``Vault/rehearsal``), its use cases run
/// as usual — every check, the writers' lock, the file's text made — but the text is kept here
/// instead of written, and nothing is committed. `folio mcp`'s dry runs show it as a diff.
public final class Rehearsal {
    /// One file the use case would have written: its text before (nil: a new file) and after.
    public struct Write: Sendable, Equatable {
        public var path: String
        public var before: String?
        public var after: String
    }

    public private(set) var writes: [Write] = []

    public init() {}

    func note(_ path: String, before: String?, after: String) {
        writes.append(Write(path: path, before: before, after: after))
    }
}
