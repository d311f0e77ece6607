/// Obsidian's `aliases`: other names a record is found by, as a title is.
///
/// Read as Obsidian reads them: a list of names, or one text of names separated by commas
/// (`aliases: Bob, Robert`); each name trimmed of white space, empty ones left out; a null or a
/// mapping gives none. The older singular `alias`, which Obsidian no longer reads, is not a name.
public enum Aliases {
    /// The front matter key.
    public static let key = "aliases"

    /// The names of a list's items (the texts of its scalar items, in order).
    public static func names(items: [String]) -> [String] {
        items.compactMap(trimmed)
    }

    /// The names in one text: split at its commas.
    public static func names(text: String) -> [String] {
        text.split(separator: ",", omittingEmptySubsequences: true).compactMap { trimmed(String($0)) }
    }

    private static func trimmed(_ name: String) -> String? {
        guard let first = name.firstIndex(where: { !$0.isWhitespace }), let last = name.lastIndex(where: { !$0.isWhitespace }) else {
            return nil
        }
        return String(name[first...last])
    }
}

extension Record {
    /// The record's ``Aliases``.
    public var aliases: [String] {
        switch document[Aliases.key]?.content {
        case .sequence(let items, _): Aliases.names(items: items.compactMap(\.scalarText))
        case .scalar: document.string(Aliases.key).map(Aliases.names(text:)) ?? []
        default: []
        }
    }
}
