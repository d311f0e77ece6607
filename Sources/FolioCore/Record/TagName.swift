/// A tag as folio writes it: one that Obsidian reads as the same tag.
///
/// Obsidian's tags are letters of any script, digits, `_`, `-` and `/` (nested tags), with at
/// least one character that is not a digit. Every tag folio writes into a record — typed with
/// `--tag` or `set tags=`, given by an AI or the builtin tagger, brought in by an import, sent
/// through `folio mcp` — goes through ``normalised(_:)`` first.
public enum TagName {
    /// Whether a filter for `wanted` takes a record tagged `tag`: the same tag, or one nested in
    /// it (`mood` takes `mood/good` and `mood/good/calm`, as Obsidian's tag search does; `mood/good`
    /// does not take `mood`, nor `moody`). Compared without case. The one rule for every filter
    /// by tag: `--tag`, `tag:` in a search, MCP's `tags`, the web app's tiles.
    public static func filter(_ wanted: String, takes tag: String) -> Bool {
        if tag.caseInsensitiveCompare(wanted) == .orderedSame { return true }
        guard tag.utf8.count > wanted.utf8.count + 1, !wanted.isEmpty else { return false }
        return tag.range(of: wanted + "/", options: [.caseInsensitive, .anchored]) != nil
    }

    /// `text` as a tag: `#` in front dropped; a space or any other character a tag cannot hold
    /// becomes `-` (one for a run of them, none at either end); `/` only between two parts; a tag
    /// of digits alone (`2026`, which Obsidian does not take for a tag) gets `_` in front. nil
    /// when nothing is left.
    public static func normalised(_ text: String) -> String? {
        var out = ""
        var pendingDash = false
        for character in text.drop(while: { $0 == "#" || $0.isWhitespace }) {
            if isTagCharacter(character) || character == "_" {
                if pendingDash && !out.isEmpty && out.last != "/" { out.append("-") }
                pendingDash = false
                out.append(character)
            } else if character == "/" {
                pendingDash = false
                if !out.isEmpty && out.last != "/" { out.append("/") }
            } else {
                pendingDash = true  // `-`, a space, `#` or a sign: one `-` if more of the tag follows
            }
        }
        while out.last == "/" { out.removeLast() }
        guard !out.isEmpty else { return nil }
        if out.allSatisfy(isDigit) { out = "_" + out }
        return out
    }

    /// Whether `text` is already a tag Obsidian reads as written.
    public static func isValid(_ text: String) -> Bool { normalised(text) == text }

    /// Letters of any script (with their combining marks) and digits.
    static func isTagCharacter(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { scalar in
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
                true
            default:
                false
            }
        }
    }

    static func isDigit(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { $0.properties.generalCategory == .decimalNumber }
    }
}
