import FolioCore
import Foundation
import Markdown

/// Where the links and images of a record's body may point on its page.
///
/// - `http:`, `https:` and `mailto:` links stay clickable (a person follows them; the page itself
///   never loads anything remote: a remote image shows its description as text).
/// - Any other scheme (`javascript:`, `data:`, `file:`, and schemes hidden behind tabs or
///   controls, which browsers strip) loses its link: the text stays, nothing is clickable.
/// - `#anchors` stay. A relative link is read from the record's folder inside the vault: the
///   record's own media are left out (the page shows them above the text); other media point at
///   the vault's file; another record's file points at its page when it is in the site. Anything
///   else, or a path that climbs out of the vault, loses its link.
struct SiteLinks: Sendable {
    let recordPath: String
    let media: Set<String>
    let context: SiteContext

    func rewrite(_ destination: String, _ isImage: Bool) -> LinkRewrite {
        let trimmed = destination.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return .unwrap }
        if trimmed.hasPrefix("#") { return isImage ? .unwrap : .keep(trimmed) }
        if let scheme = Self.scheme(of: trimmed) {
            guard !isImage, ["http", "https", "mailto"].contains(scheme) else { return .unwrap }
            return .keep(trimmed)
        }
        if Self.hasUnsafeCharacters(trimmed) || trimmed.hasPrefix("/") || trimmed.hasPrefix("\\") { return .unwrap }
        var pathPart = Substring(trimmed)
        var suffix = ""
        if let cut = pathPart.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            suffix = pathPart[cut...].hasPrefix("#") ? String(pathPart[cut...]) : ""
            pathPart = pathPart[..<cut]
        }
        let decoded = String(pathPart).removingPercentEncoding ?? String(pathPart)
        guard let target = Self.resolve(decoded, from: recordPath) else { return .unwrap }
        if media.contains(target) { return .remove }
        if target.hasPrefix("media/") {
            guard context.presentMedia.contains(target) else { return .unwrap }
            return .keep(context.mediaURL(target, depth: 1))
        }
        if !isImage, let page = context.lookup.page(path: target) {
            return .keep("../" + HTML.pathURL(page) + (suffix.hasPrefix("#") ? "#" + HTML.fragment(String(suffix.dropFirst())) : ""))
        }
        return .unwrap
    }

    /// The URL of the page a wikilink names (`[[Bob]]`, `[[Bob#heading]]`, `[[notes/Bob]]`) by
    /// ``WikilinkNames`` or by its path in the vault; nil when no one record of the site answers.
    func wikilink(_ link: Wikilink) -> String? {
        let fragment = link.fragment.map { "#" + HTML.fragment($0) } ?? ""
        if link.path.isEmpty { return fragment.isEmpty ? nil : fragment }
        let byPath = [link.path, link.path + ".md"].lazy.compactMap { Self.resolve($0, from: "x") }.compactMap {
            context.lookup.page(path: $0)
        }.first
        guard let page = byPath ?? context.names.page(link.path) else { return nil }
        return "../" + HTML.pathURL(page) + fragment
    }

    /// The scheme of a URL (lower-cased), when it has one: text before the first `:` that comes
    /// before any `/`, `?` or `#`. A "scheme" that is not plain letters, digits, `+ - .` counts as
    /// one too (returned as is), so `java\tscript:` never stays clickable.
    static func scheme(of url: String) -> String? {
        guard let colon = url.firstIndex(of: ":") else { return nil }
        let head = url[..<colon]
        if head.contains(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { return nil }
        let plain = head.unicodeScalars.allSatisfy {
            ($0.value < 0x80) && (CharacterSet.alphanumerics.contains($0) || "+-.".unicodeScalars.contains($0))
        }
        return plain ? head.lowercased() : String(head)
    }

    /// Controls and backslashes a browser would strip or turn into `/`.
    static func hasUnsafeCharacters(_ url: String) -> Bool {
        url.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" }
    }

    /// `destination` read from the folder of `recordPath`, as a vault-relative path; nil when it
    /// climbs out of the vault.
    static func resolve(_ destination: String, from recordPath: String) -> String? {
        RelativePath.resolve(destination, from: recordPath).flatMap { $0.isEmpty ? nil : $0 }
    }
}
