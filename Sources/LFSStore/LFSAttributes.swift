import Foundation

/// The `.gitattributes` lines that hand files to LFS, as `git lfs track` writes them, and the
/// lines of an encrypted vault, which hand them to git-crypt's clean and then LFS's
/// (`filter=folio-crypt-lfs`: the LFS server holds ciphertext).
public enum LFSAttributes {
    /// The attributes `git lfs track` gives a pattern.
    public static let suffix = "filter=lfs diff=lfs merge=lfs -text"
    /// The same for an encrypted vault: only the filter differs.
    public static let encryptedSuffix = "filter=folio-crypt-lfs diff=lfs merge=lfs -text"

    /// `git lfs track "<pattern>"`'s line: the pattern, spaces escaped as `[[:space:]]` (as
    /// `git-lfs` writes them), then the attributes (the encrypted filter's when `encrypted`).
    public static func line(for pattern: String, encrypted: Bool = false) -> String {
        pattern.replacingOccurrences(of: " ", with: "[[:space:]]") + " " + (encrypted ? encryptedSuffix : suffix)
    }

    /// Every file of the media folder: `media/** filter=lfs diff=lfs merge=lfs -text`.
    public static let mediaFolderLine = line(for: "media/**")

    /// Every file of the media folder of an encrypted vault.
    public static let encryptedMediaFolderLine = line(for: "media/**", encrypted: true)

    /// Whether `text` (a `.gitattributes`) already hands `pattern` to LFS with this exact line.
    public static func tracks(_ pattern: String, in text: String, encrypted: Bool = false) -> Bool {
        let wanted = line(for: pattern, encrypted: encrypted)
        return text.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == wanted }
    }

    /// Whether `text` hands any file to LFS, plain or encrypted.
    public static func handsFilesToLFS(_ text: String) -> Bool {
        text.contains("filter=lfs") || text.contains("filter=folio-crypt-lfs")
    }
}
