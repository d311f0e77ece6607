extension NewRecord {
    /// A diary page's title from its text: the first 30 characters of its first line, tabs and
    /// control characters as spaces; nil when the text has no words (the kind's own title is used then).
    public static func diaryTitle(from text: String) -> String? {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? text
        let title = String(Vault.oneLineTitle(line, limit: .max).prefix(30)).trimmingCharacters(in: .whitespaces)
        return title.isEmpty ? nil : title
    }
}
