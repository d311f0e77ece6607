import FolioCore
import Markdown

/// Markdown as a person reads it in one line of a listing: a link is its text, an image what it
/// shows (`![IMG_2041.jpg](../../../media/…)` is `[照片 IMG_2041.jpg]`). The links are the ones
/// cmark finds, so a link in a code span stays as it is written.
public enum ReadableText {
    public static func plain(_ markdown: String, language: Language) -> String {
        let utf8 = Array(markdown.utf8)
        var out: [UInt8] = []
        var copied = 0
        for (link, bytes) in MarkdownLinks.located(in: markdown) {
            // An image inside a link goes with the link's text.
            guard let bytes, bytes.lowerBound >= copied else { continue }
            out += utf8[copied..<bytes.lowerBound]
            let shown =
                link.isImage
                ? "[" + mediaWord(for: link.destination, language) + (link.text.isEmpty ? "" : " " + link.text) + "]" : link.text
            out += shown.utf8
            copied = bytes.upperBound
        }
        guard copied > 0 else { return markdown }
        out += utf8[copied...]
        return String(decoding: out, as: UTF8.self)
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
