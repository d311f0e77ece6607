#if canImport(Glibc)
    import Glibc
#endif

/// The size of the terminal window a descriptor writes to, as the terminal says it.
public struct TerminalSize: Sendable, Equatable {
    public var columns: Int
    public var rows: Int

    /// The window of `descriptor`, or nil when it is no terminal or says no width.
    public static func of(_ descriptor: Int32) -> TerminalSize? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }
}
