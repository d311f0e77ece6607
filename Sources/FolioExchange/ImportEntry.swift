import FolioCore
import FolioStore
import Foundation
import Markdown
import YAML

/// One record an import would create, in a form every source is translated to.
public struct ImportEntry {
    /// How messages name it: `entry 3 (2013-04-09 15:39)`, a file's path.
    public var source: String
    /// The most one imported record may hold (16 MiB, as standard input): a page of a journal is
    /// far less; a 300 MB entry is a paste gone wrong, refused before anything is written.
    static let maxTextBytes = 16 << 20
    public var id: String
    public var kind: String
    public var title: String
    /// The vault-relative path it would like (`-2` is added when a file is there).
    public var path: String
    public var content: Content
    public var media: [ImportMediaItem] = []
    /// Other files the body links (PDFs beside a note), copied to the same place beside the record.
    public var attachments: [NewAttachment] = []
    /// Wikilinks to those files (`[[manual.pdf]]`, exactly as written) → the copy's path in the vault.
    public var fileLinks: [String: String] = [:]
    /// Link destinations in the body (as CommonMark reads them) that mean one of ``attachments``,
    /// by the attachment's vault path; an attachment no destination names gets a link of its own
    /// (a Day One PDF the text never shows), under `name`.
    public var attachmentLinks: [(destinations: Set<String>, path: String, name: String)] = []
    /// The part of the source it came from, for a report by part: a Day One entry's journal.
    public var group: String?
    /// Links to files the source does not have: left as written, and said.
    public var unresolvedLinks: [ImportLink] = []
    /// Wikilinks whose name several files of the source have: the one taken is said.
    public var ambiguousLinks: [ImportLink] = []

    public enum Content {
        /// Front matter keys in order (folio adds `media` after `tags` when there is media) and the body.
        case fields([(String, Node)], body: String)
        /// A whole file: its front matter part exactly as it is, and its body.
        case text(head: String, body: String)
    }
}

/// A link an import could not resolve, or resolved among several files of one name.
public struct ImportLink: Sendable, Equatable {
    /// The note, as the import names it (`vault/people/Bob.md`).
    public var file: String
    /// 1-based line of the note's file.
    public var line: Int
    /// The link as written: `![[scan.png|200]]`, `[the form](forms/form.pdf)`.
    public var link: String
    /// For a name several files have: the one taken (its path in the source) and how many there were.
    public var chosen: String?
    public var candidates: Int

    public init(file: String, line: Int, link: String, chosen: String? = nil, candidates: Int = 0) {
        self.file = file
        self.line = line
        self.link = link
        self.chosen = chosen
        self.candidates = candidates
    }
}

/// A media file an entry brings along, and how its body refers to it.
public struct ImportMediaItem {
    public var url: URL
    /// The file's name where it came from, for the `media` list and the link text.
    public var name: String
    /// Link destinations in the body (as CommonMark reads them) that mean this file.
    public var destinations: Set<String> = []
    /// Obsidian embeds (`![[photo.jpg]]`, exactly as written) that mean this file.
    public var embeds: [String] = []
    /// Whether to add a link to the body when no destination names it (a Day One photo the text
    /// never shows).
    public var linkWhenUnused = false
}

extension ImportEntry {
    /// The file's text once its media lie in the vault at `stored` (by source file path).
    /// - Throws: ``FolioError`` naming the entry when its keys make no front matter folio can
    ///   read back (nested past the limits): never an empty text in its place.
    func text(at path: String, stored: [String: ImportedMedia], vault: Vault) throws(FolioError) -> String {
        let mine = media.compactMap { item in stored[item.url.path].map { (item, $0) } }
        var targets: [String: String] = [:]
        for (item, imported) in mine {
            for destination in item.destinations { targets[destination] = MediaLinks.relativeTarget(fromRecord: path, to: imported.path) }
        }
        for attachment in attachmentLinks {
            for destination in attachment.destinations {
                targets[destination] = MediaLinks.relativeTarget(fromRecord: path, to: attachment.path)
            }
        }
        var wikilinks: [String: (target: String, media: Bool)] = [:]
        for (written, vaultPath) in fileLinks { wikilinks[written] = (MediaLinks.relativeTarget(fromRecord: path, to: vaultPath), false) }
        for (item, imported) in mine {
            for embed in item.embeds { wikilinks[embed] = (MediaLinks.relativeTarget(fromRecord: path, to: imported.path), true) }
        }
        func rewritten(_ body: String) -> String {
            let present = Set(MarkdownLinks.links(in: body).map(\.destination))
            var body = LinkRewriter.rewrite(body) { targets[$0] }
            if !wikilinks.isEmpty {
                body = Wikilinks.rewrite(body) { link in
                    wikilinks[link.written].map { LinkRewriter.markdown(link, target: $0.target, image: $0.media && link.isEmbed) }
                }
            }
            let unused = mine.filter { item, _ in
                item.linkWhenUnused && item.embeds.isEmpty && item.destinations.isDisjoint(with: present)
            }
            let links = unused.map { item, imported in
                MediaLinks.markdown(
                    name: item.name, type: imported.facts.type.rawValue,
                    target: MediaLinks.relativeTarget(fromRecord: path, to: imported.path))
            }
            let unlinked = attachmentLinks.filter { $0.destinations.isDisjoint(with: present) }.map { attachment in
                MediaLinks.markdown(
                    name: attachment.name, type: nil, target: MediaLinks.relativeTarget(fromRecord: path, to: attachment.path))
            }
            return MediaLinks.insert(links + unlinked, into: body, recordPath: path)
        }
        switch content {
        case .text(let head, let body):
            return head + rewritten(body)
        case .fields(var fields, let body):
            if !mine.isEmpty {
                let node = Node.sequence(mine.map { item, imported in vault.mediaNode(imported, name: item.name) })
                let at = (fields.firstIndex { $0.0 == "tags" }).map { $0 + 1 } ?? fields.endIndex
                fields.insert(("media", node), at: at)
            }
            do throws(FrontMatterError) {
                return try FrontMatterDocument.make(fields: fields, body: rewritten(body)).text
            } catch {
                throw FolioError(
                    .exchange(
                        .badEntry(
                            file: source, entry: .named(title),
                            problem: .frontMatter(FolioError(error, file: path, text: nil).message, line: nil))))
            }
        }
    }
}

/// Rewrites link destinations in Markdown, on the lines CommonMark finds the links on.
enum LinkRewriter {
    /// `body` with every link or image whose destination `replacement` maps given the new
    /// destination; the rest of each line is left as written.
    static func rewrite(_ body: String, _ replacement: (String) -> String?) -> String {
        let links = MarkdownLinks.links(in: body)
        guard links.contains(where: { replacement($0.destination) != nil }) else { return body }
        var lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for number in Set(links.map(\.line)) where number >= 1 && number <= lines.count {
            lines[number - 1] = rewriteLine(lines[number - 1], replacement)
        }
        return lines.joined(separator: "\n")
    }

    /// Each `](destination)` of a line, with `<…>` and a title allowed, mapped through `replacement`.
    static func rewriteLine(_ line: String, _ replacement: (String) -> String?) -> String {
        var out = ""
        var rest = Substring(line)
        while let open = rest.range(of: "](") {
            out += rest[..<open.upperBound]
            rest = rest[open.upperBound...]
            let angled = rest.hasPrefix("<")
            let end: String.Index?
            if angled {
                end = rest.firstIndex(of: ">").map { rest.index(after: $0) }
            } else {
                var depth = 0
                end = rest.firstIndex { character in
                    if character == "(" { depth += 1 }
                    if character == ")" {
                        if depth == 0 { return true }
                        depth -= 1
                    }
                    return character == " " && depth == 0
                }
            }
            guard let end else { continue }
            let written = String(rest[..<end])
            var destination = angled ? String(written.dropFirst().dropLast()) : written
            destination = destination.replacingOccurrences(of: "\\", with: "")
            let candidates = [
                destination, destination.removingPercentEncoding ?? destination,
                destination.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? destination,
            ]
            if let new = candidates.lazy.compactMap(replacement).first {
                out += new.contains(" ") || new.contains(")") ? "<\(new)>" : new
            } else {
                out += written
            }
            rest = rest[end...]
        }
        return out + rest
    }

    /// A wikilink to a file as a standard Markdown link to `target`: an embedded photo, video or
    /// audio file an image (`![[scan.png|200]]` → `![scan.png|200](../media/…png)`, the size kept
    /// where Obsidian reads it for a Markdown image: after `|` in the description), anything else
    /// a link (`[[manual.pdf|the manual]]` → `[the manual](manual.pdf)`); a `#page=3` stays.
    static func markdown(_ link: Wikilink, target: String, image: Bool) -> String {
        let name = link.path.split(separator: "/").last.map(String.init) ?? link.path
        let text: String
        if image {
            text = link.size.map { "\(name)|\($0)" } ?? link.display ?? name
        } else {
            text = link.display ?? link.path
        }
        var destination = target
        if let fragment = link.fragment, !fragment.isEmpty {
            destination += "#" + (fragment.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed) ?? fragment)
        }
        if destination.contains(" ") || destination.contains("(") || destination.contains(")") || destination.contains("<") {
            destination = "<\(destination.replacingOccurrences(of: "<", with: "%3C").replacingOccurrences(of: ">", with: "%3E"))>"
        }
        return (image ? "!" : "") + "[\(label(text))](\(destination))"
    }

    /// Link text with the characters that would end it escaped.
    static func label(_ text: String) -> String {
        var out = ""
        for character in text {
            if "[]\\".contains(character) { out.append("\\") }
            out.append(character == "\n" ? " " : character)
        }
        return out
    }
}
