import FolioCore
import FolioMedia
import Foundation
import Markdown
import YAML

/// One item of a record's `media` list, as folio reads it back.
public struct MediaEntry: Sendable, Equatable {
    /// Vault-relative: `media/ab/ab12…ef.jpg`.
    public var file: String
    public var type: String?
    public var name: String?
    public var bytes: UInt64?
    public var width: Int?
    public var height: Int?
    public var duration: Double?
    public var taken: String?
    public var camera: String?
    public var latitude: Double?
    public var longitude: Double?

    public init(file: String) {
        self.file = file
    }

    /// The media a record lists, in order; an item written as a bare path counts too.
    public static func entries(of document: FrontMatterDocument) -> [MediaEntry] {
        guard let items = document["media"]?.items else {
            if let single = document["media"]?.scalarText, !single.isEmpty { return [MediaEntry(file: single)] }
            return []
        }
        return items.compactMap { item in
            if let path = item.scalarText { return path.isEmpty ? nil : MediaEntry(file: path) }
            guard let file = item["file"]?.scalarText, !file.isEmpty else { return nil }
            var entry = MediaEntry(file: file)
            entry.type = item["type"]?.scalarText
            entry.name = item["name"]?.scalarText
            entry.bytes = item["bytes"]?.scalarText.flatMap { UInt64($0) }
            entry.width = item["width"]?.scalarText.flatMap { Int($0) }
            entry.height = item["height"]?.scalarText.flatMap { Int($0) }
            // Shown as a clock and turned into whole seconds: a record claiming `inf` or 1e300 has none.
            entry.duration = item["duration"]?.scalarText.flatMap { Double($0) }.flatMap(MediaFacts.plausibleDuration)
            entry.taken = item["taken"]?.scalarText
            entry.camera = item["camera"]?.scalarText
            entry.latitude = item["latitude"]?.scalarText.flatMap { Double($0) }
            entry.longitude = item["longitude"]?.scalarText.flatMap { Double($0) }
            return entry
        }
    }

    /// The sha256 the file is named by, when it is named by one.
    public var sha256: String? {
        MediaNaming.sha(ofStoredName: (file as NSString).lastPathComponent)
    }

    /// The entry for a freshly imported file; `taken` already in the vault's form.
    init(_ imported: ImportedMedia, taken: Timestamp?) {
        file = imported.path
        type = imported.facts.type.rawValue
        name = imported.originalName
        bytes = imported.bytes
        width = imported.facts.width
        height = imported.facts.height
        duration = imported.facts.duration
        self.taken = taken?.text
        camera = imported.facts.camera
        latitude = imported.facts.latitude
        longitude = imported.facts.longitude
    }

    /// The entry as front matter: a block mapping, keys in a fixed order, only those known.
    var node: Node {
        var pairs: [(String, Node)] = [("file", .string(file))]
        if let type { pairs.append(("type", .string(type))) }
        if let name { pairs.append(("name", .string(name))) }
        if let bytes { pairs.append(("bytes", .raw(String(bytes)))) }
        if let width { pairs.append(("width", .raw(String(width)))) }
        if let height { pairs.append(("height", .raw(String(height)))) }
        if let duration { pairs.append(("duration", .raw(Self.number(duration, digits: 3)))) }
        if let taken { pairs.append(("taken", .raw(taken))) }
        if let camera { pairs.append(("camera", .string(camera))) }
        if let latitude { pairs.append(("latitude", .raw(Self.number(latitude, digits: 6)))) }
        if let longitude { pairs.append(("longitude", .raw(Self.number(longitude, digits: 6)))) }
        return .mapping(pairs)
    }

    /// A number with at most `digits` decimals and no trailing zeros: `12.5`, `25.033964`.
    static func number(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return "0" }
        var text = String(format: "%.\(digits)f", value)
        while text.contains("."), text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

/// Markdown links from a record to media files, relative to the record's folder so that
/// GitHub, Obsidian and VS Code previews find them.
public enum MediaLinks {
    /// The page part of a body (before its conversation) taken apart: the paragraphs whose every
    /// line is one link into `media/` (as written, trimmed), and the rest as written, which is what
    /// the person wrote (a page's editor shows it; ``PageBody`` puts the links back after it).
    public static func splitPage(_ page: String, recordPath: String) -> (words: String, mediaParagraphs: [String]) {
        let linkLines = mediaLinkLines(in: page, recordPath: recordPath)
        var media: [String] = []
        var wordLines: [String] = []
        var paragraph: [(number: Int, text: String)] = []
        func close() {
            let isMedia =
                !paragraph.isEmpty
                && paragraph.allSatisfy { line in
                    let text = line.text.trimmingCharacters(in: .whitespaces)
                    return linkLines.contains(line.number) && text.hasSuffix(")") && (text.hasPrefix("[") || text.hasPrefix("!["))
                }
            if isMedia {
                media.append(paragraph.map { $0.text.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n"))
            } else if !paragraph.isEmpty {
                if !wordLines.isEmpty { wordLines.append("") }
                wordLines += paragraph.map(\.text)
            }
            paragraph = []
        }
        // Lines split on scalars, without a CRLF's CR: a Swift String holds CRLF as one Character,
        // so a page written on Windows would be one line and its media links would be dropped.
        for (index, scalars) in page.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(String.UnicodeScalarView(scalars.last == "\r" ? scalars.dropLast() : scalars))
            if line.trimmingCharacters(in: .whitespaces).isEmpty { close() } else { paragraph.append((index + 1, line)) }
        }
        close()
        return (wordLines.joined(separator: "\n"), media)
    }

    /// `../../../media/ab/….jpg` for a record in `diary/2026/11/`.
    public static func relativeTarget(fromRecord recordPath: String, to vaultPath: String) -> String {
        let depth = recordPath.split(separator: "/").count - 1
        return String(repeating: "../", count: max(0, depth)) + vaultPath
    }

    /// The vault-relative path a link in the record at `recordPath` points to; nil for URLs, anchors
    /// and links that leave the vault.
    public static func resolve(_ destination: String, fromRecord recordPath: String) -> String? {
        var target = destination
        if let cut = target.firstIndex(where: { $0 == "#" || $0 == "?" }) { target = String(target[..<cut]) }
        target = target.removingPercentEncoding ?? target
        guard !target.isEmpty, !target.hasPrefix("/"), !target.contains(":") else { return nil }
        return RelativePath.resolve(target, from: recordPath)
    }

    /// The Markdown for one media file: an image for a photo (previewers show it), a link otherwise.
    public static func markdown(name: String, type: String?, target: String) -> String {
        let label = escapeLabel(name.isEmpty ? (target as NSString).lastPathComponent : name)
        return type == MediaType.photo.rawValue ? "![\(label)](\(target))" : "[\(label)](\(target))"
    }

    /// Adds `links` to `body`: after the last link to media it has, else before `## Conversation` (`## 對話`),
    /// else at the end; each link a paragraph of its own.
    public static func insert(_ links: [String], into body: String, recordPath: String) -> String {
        guard !links.isEmpty else { return body }
        var lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let block = links.flatMap { ["", $0] }
        var insertAt = lines.count
        if let last = mediaLinkLines(in: body, recordPath: recordPath).max(), last <= lines.count {
            insertAt = last
        } else if let heading = lines.firstIndex(where: { Conversation.headingLanguage($0.trimmingCharacters(in: .whitespaces)) != nil }) {
            insertAt = heading
            while insertAt > 0 && lines[insertAt - 1].trimmingCharacters(in: .whitespaces).isEmpty { insertAt -= 1 }
        }
        var inserted = Array(block)
        // A paragraph right before would swallow the first link; keep a blank line after it too.
        if insertAt == 0 { inserted.removeFirst() }
        if insertAt < lines.count { inserted.append("") }
        if insertAt < lines.count, lines[insertAt].trimmingCharacters(in: .whitespaces).isEmpty { inserted.removeLast() }
        lines.insert(contentsOf: inserted, at: insertAt)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The 1-based lines of `body` where a link or image into `media/` starts (not in code).
    public static func mediaLinkLines(in body: String, recordPath: String) -> Set<Int> {
        Set(
            MarkdownLinks.links(in: body).filter { link in
                resolve(link.destination, fromRecord: recordPath)?.hasPrefix("media/") == true
            }.map(\.line))
    }

    static func escapeLabel(_ text: String) -> String {
        var out = ""
        for character in text {
            if "[]\\".contains(character) { out.append("\\") }
            if character == "\n" { out.append(" ") } else { out.append(character) }
        }
        return out
    }
}
