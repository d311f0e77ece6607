import Foundation
import YAML

/// Keeping both versions of a record that a sync conflict split in two: the record as it stands
/// (mine) and the conflict copy kept beside it (theirs). No I/O: texts in, text out.
public enum ConflictMerge {
    /// Keys whose values differ are listed; `modified` is left out, since it differs whenever both
    /// sides changed the record and says nothing about its content.
    static let ignoredKeys: Set<String> = ["modified"]

    /// The top-level keys whose values differ between the two versions: theirs in their order,
    /// then the keys only mine has.
    public static func differingKeys(mine: FrontMatterDocument, theirs: FrontMatterDocument) -> [String] {
        var keys = theirs.keys
        keys += mine.keys.filter { !keys.contains($0) }
        return keys.filter { key in
            !ignoredKeys.contains(key) && mine[key]?.resolved != theirs[key]?.resolved
        }
    }

    /// Mine, with theirs appended at the end of its body: `heading`, then (when any differ) `keysLine`
    /// and each differing key with theirs' value as written, then theirs' body when it is not the
    /// same as mine. Mine's front matter is kept byte for byte. Returns the new text and the keys
    /// that differ; nothing is appended when the two versions differ only in `modified`.
    /// - Throws: ``FrontMatterError`` when mine's body cannot be replaced (it always can for a
    ///   document that parsed).
    public static func keepBoth(
        mine: FrontMatterDocument, theirs: FrontMatterDocument, heading: String,
        keysLine: String
    ) throws(FrontMatterError) -> (text: String, keys: [String]) {
        let keys = differingKeys(mine: mine, theirs: theirs)
        let sameBody = trimmed(mine.body) == trimmed(theirs.body)
        guard !keys.isEmpty || !sameBody else { return (mine.text, []) }
        var parts: [String] = []
        if !trimmed(mine.body).isEmpty { parts.append(trimmedEnd(mine.body)) }
        parts.append(heading)
        if !keys.isEmpty {
            parts.append(
                keysLine + "\n\n"
                    + keys.map { key in
                        let value = theirs.location(of: key)?.text ?? ""
                        return "- " + key + ":" + (value.isEmpty ? "" : " " + value.replacingOccurrences(of: "\n", with: " "))
                    }.joined(separator: "\n"))
        }
        if !sameBody && !trimmed(theirs.body).isEmpty { parts.append(trimmed(theirs.body)) }
        var document = mine
        let lead = mine.body.prefix { $0 == "\n" || $0 == "\r" }
        try document.replaceBody((trimmed(mine.body).isEmpty ? String(lead) : "") + parts.joined(separator: "\n\n") + "\n")
        return (document.text, keys)
    }

    private static func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func trimmedEnd(_ text: String) -> String {
        var text = text
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return text
    }
}
