import Foundation

/// File-name slugs made from titles: readable, CJK kept, safe on every file system.
public enum Slug {
    /// Longest slug in UTF-8 bytes; file systems cap names at 255 bytes and dates take 11.
    public static let maxBytes = 80

    /// Lower-cased letters and digits of `title` joined by `-`; an empty result becomes `untitled`.
    public static func make(_ title: String) -> String {
        var out = ""
        var pendingDash = false
        for scalar in title.precomposedStringWithCompatibilityMapping.lowercased().unicodeScalars {
            let keep =
                scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                || scalar.properties.generalCategory == .nonspacingMark
            if keep {
                if pendingDash && !out.isEmpty { out.append("-") }
                pendingDash = false
                out.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
            if out.utf8.count >= maxBytes { break }
        }
        while out.utf8.count > maxBytes { out.removeLast() }
        while out.hasSuffix("-") { out.removeLast() }
        // Lower-casing can undo the composition (`İ` becomes `i` and a combining dot): names are NFC.
        return out.isEmpty ? "untitled" : out.precomposedStringWithCanonicalMapping
    }
}
