import Foundation

/// Whether a path in the vault can be written on every device a vault may be synced to: Linux,
/// macOS and Windows, through git and any git host.
///
/// A name Windows cannot create (`CON.md`, `a:b.md`, `notes.` …) makes a Windows clone of the
/// whole vault fail to check out, and a name with a newline or an escape sequence misleads every
/// listing; such files stay out of folio's commits, with a warning naming them, until renamed.
public enum PortablePath {
    /// Why `path` (vault-relative, `/`-separated) cannot travel, or nil when it can.
    public static func problem(_ path: String) -> NameProblem? {
        if path.unicodeScalars.contains("\u{FFFD}") { return .notUTF8 }
        for component in path.split(separator: "/", omittingEmptySubsequences: false) {
            if component.isEmpty { return .emptyComponent }
            if component.utf8.count > 255 { return .tooLong(String(component.prefix(16)) + "…") }
            if let control = component.unicodeScalars.first(where: \.isControl) { return .controlCharacter(control.value) }
            if let reserved = component.unicodeScalars.first(where: { reservedCharacters.contains($0) }) {
                return .windowsCharacter(Character(reserved))
            }
            if component.hasSuffix(".") && component != "." && component != ".." || component.hasSuffix(" ") {
                return .endsWithDotOrSpace(String(component))
            }
            let stem = component.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            if reservedNames.contains(stem.trimmingTrailingSpaces.uppercased()) { return .windowsDeviceName(String(component)) }
        }
        return nil
    }

    public enum NameProblem: Sendable, Equatable {
        case notUTF8
        case emptyComponent
        case tooLong(String)
        case controlCharacter(UInt32)
        case windowsCharacter(Character)
        case endsWithDotOrSpace(String)
        case windowsDeviceName(String)
    }

    /// What two names must not share to live side by side on every device: the name in NFC,
    /// lower-cased. macOS compares names without regard to normalisation or case, Windows without
    /// regard to case: two names with one key are one file there.
    public static func collisionKey(_ name: String) -> [UInt8] {
        Array(name.precomposedStringWithCanonicalMapping.lowercased().precomposedStringWithCanonicalMapping.utf8)
    }

    /// How `one` and `other` (different bytes, one key) collide.
    public static func collision(_ one: String, _ other: String) -> FileMessage.NameCollision {
        Array(one.precomposedStringWithCanonicalMapping.utf8) == Array(other.precomposedStringWithCanonicalMapping.utf8)
            ? .normalisation : .letterCase
    }

    /// `name` as folio writes every name it makes: in NFC (a `é` is one character, as macOS,
    /// Windows and every git host keep it).
    public static func composed(_ name: String) -> String {
        name.precomposedStringWithCanonicalMapping
    }

    /// Whether `name` is spelled as every other device spells it: in NFC. A decomposed name (as
    /// macOS hands names back) is another file to git on a Mac and to a link typed anywhere.
    public static func isComposed(_ name: String) -> Bool {
        Array(composed(name).utf8) == Array(name.utf8)
    }

    /// `component` (one name, valid UTF-8) made one every device holds and sees the same: in NFC,
    /// control and reserved characters as `-`, no dot or space at its end, a device name's stem
    /// followed by `_`, and at most 240 bytes (room for a counter) with its extension kept.
    public static func portableName(_ component: String) -> String {
        var name = String(
            String.UnicodeScalarView(
                composed(component).unicodeScalars.map { $0.isControl || reservedCharacters.contains($0) ? "-" : $0 }))
        while name.hasSuffix(".") || name.hasSuffix(" ") { name.removeLast() }
        if name.isEmpty { name = "untitled" }
        let stemEnd = name.firstIndex(of: ".") ?? name.endIndex
        if reservedNames.contains(String(name[..<stemEnd]).trimmingTrailingSpacesText.uppercased()) {
            name.insert("_", at: stemEnd)
        }
        let limit = 240
        guard name.utf8.count > limit else { return name }
        let ext = (name as NSString).pathExtension
        let suffix = ext.isEmpty || ext.utf8.count > 16 ? "" : "." + ext
        var stem = suffix.isEmpty ? name : String(name.dropLast(suffix.count))
        while stem.utf8.count + suffix.utf8.count > limit { stem.removeLast() }
        return composed(stem + suffix)
    }

    private static let reservedCharacters: Set<Unicode.Scalar> = ["<", ">", ":", "\"", "\\", "|", "?", "*"]
    private static let reservedNames: Set<String> = {
        var names: Set<String> = ["CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"]
        for digit in 1...9 {
            names.insert("COM\(digit)")
            names.insert("LPT\(digit)")
        }
        return names
    }()
}

extension String {
    fileprivate var trimmingTrailingSpacesText: Substring { Substring(self).trimmingTrailingSpaces }
}

extension Substring {
    fileprivate var trimmingTrailingSpaces: Substring {
        var text = self
        while text.last == " " { text = text.dropLast() }
        return text
    }
}
