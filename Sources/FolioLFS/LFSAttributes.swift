import Foundation

/// The `.gitattributes` lines that hand files to LFS, as `git lfs track` writes them.
public enum LFSAttributes {
    /// The attributes `git lfs track` gives a pattern.
    public static let suffix = "filter=lfs diff=lfs merge=lfs -text"

    /// `git lfs track "<pattern>"`'s line: the pattern, spaces escaped as `[[:space:]]` (as
    /// `git-lfs` writes them), then the attributes.
    public static func line(for pattern: String) -> String {
        pattern.replacingOccurrences(of: " ", with: "[[:space:]]") + " " + suffix
    }

    /// Every file of the media folder: `media/** filter=lfs diff=lfs merge=lfs -text`.
    public static let mediaFolderLine = line(for: "media/**")

    /// Whether `text` (a `.gitattributes`) already hands `pattern` to LFS with this exact line.
    public static func tracks(_ pattern: String, in text: String) -> Bool {
        let wanted = line(for: pattern)
        return text.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == wanted }
    }
}
