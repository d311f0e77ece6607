/// Markdown as a person reads it in one line of a listing: a media link is what it shows
/// (`![IMG_2041.jpg](../../../media/…)` is `[照片 IMG_2041.jpg]`), a link is its text.
public enum ReadableText {
    public static func plain(_ markdown: String, language: Language) -> String {
        let characters = Array(markdown)
        var out = ""
        var index = 0
        while index < characters.count {
            let isImage = characters[index] == "!" && index + 1 < characters.count && characters[index + 1] == "["
            let start = isImage ? index + 1 : index
            if characters[start] == "[", let link = link(in: characters, at: start) {
                let label = String(characters[(start + 1)..<link.closeBracket])
                if isImage {
                    out +=
                        "[" + mediaWord(for: String(characters[(link.closeBracket + 2)..<link.closeParen]), language)
                        + (label.isEmpty ? "" : " " + label) + "]"
                } else {
                    out += label
                }
                index = link.closeParen + 1
                continue
            }
            out.append(characters[index])
            index += 1
        }
        return out
    }

    /// `[label](destination)` starting at `open`: where its `]` and its `)` are. One line, no nesting.
    private static func link(in characters: [Character], at open: Int) -> (closeBracket: Int, closeParen: Int)? {
        var close = open + 1
        while close < characters.count, characters[close] != "]", characters[close] != "[", !characters[close].isNewline { close += 1 }
        guard close + 1 < characters.count, characters[close] == "]", characters[close + 1] == "(" else { return nil }
        var paren = close + 2
        while paren < characters.count, characters[paren] != ")", !characters[paren].isNewline { paren += 1 }
        guard paren < characters.count, characters[paren] == ")" else { return nil }
        return (close, paren)
    }

    /// What a media file is, by its extension, in the vault's language.
    static func mediaWord(for destination: String, _ language: Language) -> String {
        let name = destination.split(separator: "/").last.map(String.init) ?? destination
        let noun = MediaExtension.noun(for: name.split(separator: ".").last.map(String.init) ?? "")
        switch language {
        case .zhHant: return noun == "video" ? "影片" : noun == "audio" ? "錄音" : "照片"
        case .en: return noun == "video" ? "video" : noun == "audio" ? "voice note" : "photo"
        }
    }
}
