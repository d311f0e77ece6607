import FolioCore
import FolioSecrets
import FolioStore
import Foundation
import YAML

/// Records as the tools answer them, every one naming its `id` and `path`; keys and tokens
/// masked (``ConfiguredSecrets``), as everywhere folio shows text.
enum RecordJSON {
    static let scheme = "folio://record/"

    static func uri(_ id: String) -> String { scheme + id }

    /// The id in `folio://record/<id>`: a UUID as folio writes them (lower-case hex and dashes),
    /// nothing else, so the URI can name no path.
    static func id(inURI uri: String) -> String? {
        guard uri.hasPrefix(scheme) else { return nil }
        let id = String(uri.dropFirst(scheme.count))
        guard (1...64).contains(id.utf8.count), id.utf8.allSatisfy({ isHex($0) || $0 == UInt8(ascii: "-") }) else { return nil }
        return id
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    /// What a listing shows of a record: id, path, kind, title, dates, tags, and `done` where the
    /// record has it.
    static func summary(_ record: Record, extra: [(String, JSONValue)] = []) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("id", record.id.map(JSONValue.string) ?? .null), ("path", .string(record.path)),
            ("kind", record.kind.map(JSONValue.string) ?? .null), ("title", .string(record.title)),
            ("created", record.document.string("created").map(JSONValue.string) ?? .null),
            ("tags", .array(record.tags.map(JSONValue.string))),
        ]
        if let done = record.document.value("done"), case .bool(let flag) = done { pairs.append(("done", .bool(flag))) }
        return masked(.object(pairs + extra))
    }

    /// A whole record: `id`, `path`, `front_matter` (every key as written) and `body`. Past
    /// `budget` characters the body gives way to `outline` (its sections) and the `section` asked
    /// for (the first by default), itself cut to the budget.
    static func whole(_ record: Record, budget: Int, section: Int?) throws(FolioError) -> JSONValue {
        var frontMatter: [(String, JSONValue)] = []
        if case .map(let fields) = record.document.root.resolved { frontMatter = fields.map { ($0.0, JSONValue($0.1)) } }
        let head: [(String, JSONValue)] = [
            ("id", record.id.map(JSONValue.string) ?? .null), ("path", .string(record.path)), ("front_matter", .object(frontMatter)),
        ]
        let body = record.document.body
        let whole = JSONValue.object(head + [("body", .string(body))])
        if section == nil, whole.text.count <= budget { return masked(whole) }
        let outline = RecordOutline(body)
        let index = section ?? 0
        guard outline.sections.indices.contains(index) else {
            throw FolioError(.mcp(.noSuchSection(section: index, count: outline.sections.count)))
        }
        let chosen = outline.sections[index]
        let room = max(1_000, budget - JSONValue.object(head).text.count - 200 * outline.sections.count)
        let text = outline.text(of: index)
        let cut = text.count > room
        let contents = outline.sections.enumerated().map { number, part in
            JSONValue.object([
                ("section", .int(number)), ("heading", .string(part.heading)), ("line", .int(part.line)),
                ("characters", .int(part.characters)),
            ])
        }
        return masked(
            .object(
                head + [
                    ("body_characters", .int(body.count)), ("outline", .array(contents)),
                    (
                        "section",
                        .object([
                            ("section", .int(index)), ("heading", .string(chosen.heading)),
                            ("text", .string(cut ? String(text.prefix(room)) : text)),
                            ("truncated", .bool(cut)),
                        ])
                    ),
                ]))
    }

    /// Every string of `value` with keys and tokens masked.
    static func masked(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text): .string(ConfiguredSecrets.redact(text))
        case .array(let items): .array(items.map(masked))
        case .object(let pairs): .object(pairs.map { ($0.0, masked($0.1)) })
        default: value
        }
    }
}

/// A Markdown body cut at its headings (`#` to `######` outside fenced code): section 0 is what
/// comes before the first heading.
struct RecordOutline {
    struct Section {
        var heading: String
        /// 1-based line of the body where the section starts.
        var line: Int
        var characters: Int
    }

    let lines: [Substring]
    private(set) var sections: [Section] = []
    private var starts: [Int] = []

    init(_ body: String) {
        lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        var fenced = false
        starts = [0]
        sections = [Section(heading: "", line: 1, characters: 0)]
        for (number, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") { fenced.toggle() }
            guard !fenced, let heading = Self.heading(line) else { continue }
            starts.append(number)
            sections.append(Section(heading: heading, line: number + 1, characters: 0))
        }
        for index in sections.indices { sections[index].characters = text(of: index).count }
    }

    /// The body with section `index` (its heading line included) replaced by `text`.
    func replacing(section index: Int, with text: String) -> String {
        let end = index + 1 < starts.count ? starts[index + 1] : lines.count
        var replacement = text
        // The next section's heading starts a line of its own.
        if end < lines.count, !replacement.isEmpty, !replacement.hasSuffix("\n") { replacement += "\n" }
        let kept = lines[..<starts[index]].map { $0 + "\n" }.joined() + replacement
        return kept + lines[end...].joined(separator: "\n")
    }

    func text(of index: Int) -> String {
        let end = index + 1 < starts.count ? starts[index + 1] : lines.count
        return lines[starts[index]..<end].joined(separator: "\n")
    }

    private static func heading(_ line: Substring) -> String? {
        let hashes = line.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes), line.dropFirst(hashes).first == " " else { return nil }
        return String(line.dropFirst(hashes + 1)).trimmingCharacters(in: .whitespaces)
    }
}

/// A page of a listing: where it starts (from the opaque `cursor` the last page handed out) and
/// how many items it holds.
struct PageRequest: Sendable {
    let listing: String
    let offset: Int
    let limit: Int

    /// Reads `cursor` (nil: the first page); a cursor of another listing or not folio's is refused.
    init(listing: String, cursor: String?, limit: Int) throws(ToolFailure) {
        self.listing = listing
        self.limit = limit
        guard let cursor else {
            offset = 0
            return
        }
        guard cursor.utf8.count <= 200, let data = Data(base64Encoded: cursor), let text = String(data: data, encoding: .utf8),
            text.hasPrefix(listing + ":"), let start = Int(text.dropFirst(listing.count + 1)), (0...10_000_000).contains(start)
        else { throw .arguments(.badCursor) }
        offset = start
    }

    var nextCursor: String { Data("\(listing):\(offset + limit)".utf8).base64EncodedString() }

    /// `{"<key>": items, "next_cursor": … or null[, "total"]}`; items past `budget` characters
    /// move to the next page (at least one item is always given).
    func answer(_ key: String, _ items: [JSONValue], hasMore: Bool, budget: Int, total: Int? = nil) -> JSONValue {
        var kept: [JSONValue] = []
        var used = 100
        for item in items {
            let size = item.text.count + 1
            if !kept.isEmpty, used + size > budget { break }
            kept.append(item)
            used += size
        }
        let more = hasMore || kept.count < items.count
        let next = more ? Data("\(listing):\(offset + kept.count)".utf8).base64EncodedString() : nil
        var pairs: [(String, JSONValue)] = [(key, .array(kept)), ("next_cursor", next.map(JSONValue.string) ?? .null)]
        if let total { pairs.append(("total", .int(total))) }
        return .object(pairs)
    }
}
