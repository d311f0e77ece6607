/// How much one record's front matter may ask of folio. A file past a limit is named as unreadable
/// (never rewritten) and the rest of the vault goes on; the limits are settings
/// (`front_matter.max_bytes`, `front_matter.max_depth`, `front_matter.max_nodes`).
public struct FrontMatterLimits: Sendable, Hashable {
    /// Bytes between the `---` lines.
    public var maxBytes: Int
    /// Collections inside collections.
    public var maxDepth: Int
    /// Values, counting each alias as the values it repeats (an alias bomb stops here).
    public var maxNodes: Int

    public init(maxBytes: Int, maxDepth: Int, maxNodes: Int) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
    }

    /// 256 KiB, 64 levels, 100,000 values: far past any record a person or folio writes (a
    /// billiard session of 2,000 shots is about 14,000 values), and read in well under a second.
    public static let standard = FrontMatterLimits(maxBytes: 262_144, maxDepth: 64, maxNodes: 100_000)
}
