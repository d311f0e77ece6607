extension NewRecord {
    /// A diary page's title from its text: the first 30 characters of its first line as a reader
    /// sees it (``TitleText``: a link as its text, images and heading marks gone), tabs and control
    /// characters as spaces; nil when the text has no words (the kind's own title is used then).
    public static func diaryTitle(from text: String) -> String? {
        guard let line = TitleText.firstLine(of: text, limit: 30, ellipsis: false) else { return nil }
        let title = Vault.oneLineTitle(line, limit: .max).trimmingCharacters(in: .whitespaces)
        return title.isEmpty ? nil : title
    }
}
