import FolioCore
import FolioStore
import Foundation
import YAML

/// Builds the entries of sources that carry no front matter of their own (jrnl, Day One).
struct EntryBuilder {
    let vault: Vault
    let kind: Kind

    /// A record in the kind's usual place, `diary/2013/04/2013-04-09-<slug>.md`, its keys in the
    /// design's order: `id`, `kind`, `title`, `created`, `modified`, `tags`, then `extra`.
    func entry(
        source: String, id: String, title: String, created: Timestamp, modified: Timestamp?, tags: [String],
        extra: [(String, Node)], body: String, media: [ImportMediaItem] = []
    ) -> ImportEntry {
        var fields: [(String, Node)] = [
            ("id", .string(id)), ("kind", .string(kind.name)), ("title", .string(title)),
            ("created", .raw(created.text)), ("modified", .raw((modified ?? created).text)),
            ("tags", .sequence(Vault.normalisedTags(tags).map { .string($0) })),
        ]
        fields += extra
        var text = body
        if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
        let path = "\(vault.folder(for: kind, created: created))/\(created.day10)-\(Slug.make(title)).md"
        return ImportEntry(
            source: source, id: id, kind: kind.name, title: title, path: path,
            content: .fields(fields, body: text), media: media)
    }
}

/// Dates as exports write them.
enum ImportDates {
    /// `2013-04-09`, `2013-04-09 15:39`, `2013-04-09T15:39:00`, with or without an offset; a time
    /// without an offset is taken in `zone`.
    static func timestamp(_ text: String, zone: TimeZone) -> Timestamp? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.utf8.count <= 40 else { return nil }
        let full = trimmed.utf8.count == 10 ? trimmed + "T00:00" : trimmed
        guard let node = FieldType.datetime.node(from: full, zone: zone), let written = node.scalarText else { return nil }
        return Timestamp(written)
    }

    /// A time in UTC (`2020-01-10T12:22:12Z`) as the clock in `zone` showed it.
    static func inZone(_ text: String, zone: TimeZone) -> Timestamp? {
        guard text.utf8.count <= 40, let stamp = Timestamp(text), stamp.offsetSeconds != nil || text.hasSuffix("Z") else { return nil }
        return Timestamp(date: stamp.date, zone: zone)
    }

    /// A first line fit for a title (``TitleText/firstLine(of:limit:)``), at most 80 characters.
    static func title(fromText text: String) -> String? {
        TitleText.firstLine(of: text, limit: 80)
    }
}
