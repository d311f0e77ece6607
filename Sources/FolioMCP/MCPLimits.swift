/// The bounds `folio mcp` holds every client to. They are this device's own (no synced setting
/// raises them): an assistant is a program reading the journal on the user's behalf, and the
/// server must stay up and small whatever it sends.
public struct MCPLimits: Sendable, Equatable {
    /// The longest message read, in bytes; a longer line (stdio) or body (HTTP) is refused while it
    /// is read, without keeping it.
    public var maxRequestBytes = 1_048_576
    /// The deepest nesting of arrays and objects in a message.
    public var maxJSONDepth = 32
    /// Requests answered per second, on average over a burst of ``burst``.
    public var requestsPerSecond = 50
    public var burst = 100
    /// The text a tool answers with, in characters (about 4,000 tokens): longer listings are cut
    /// and go on with `cursor`, longer records give their table of contents.
    public var maxResultCharacters = 16_000
    /// Items in one page of a listing when the client asks for no `limit`, and the most it may ask.
    public var defaultPageSize = 20
    public var maxPageSize = 100
    /// The longest text argument: a query, a title, a reference.
    public var maxShortText = 1_000
    /// The longest body or conversation turn a write tool takes.
    public var maxLongText = 65_536
    /// Resources listed per page of `resources/list`.
    public var resourcePageSize = 100

    public init() {}
}
