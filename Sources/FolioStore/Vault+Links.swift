import FolioCore
import Foundation
import Markdown

/// One link between two records: the other record, and where the link is written.
public struct RecordLink: Sendable, Equatable {
    /// The record at the other end: linked to (outgoing) or linking (a backlink).
    public var path: String
    public var title: String
    /// The 1-based line of the linking record's file where the link is written.
    public var line: Int
    /// The link as written: `[[Bob]]`, or a Markdown link's destination.
    public var written: String
}

/// A record's links to other records and the records that link to it, as Obsidian's outgoing
/// links and backlinks panes show them.
public struct RecordLinks: Sendable {
    /// How many records the links lead to, and come from (a record linked on two lines counts once).
    public var linkedRecords: Int { Set(outgoing.map(\.path)).count }
    public var linkingRecords: Int { Set(backlinks.map(\.path)).count }

    public var outgoing: [RecordLink] = []
    /// Links that lead to no one record (a note not written yet, a name two records share, a
    /// file that is gone): as written, with their line.
    public var unresolved: [(written: String, line: Int)] = []
    public var backlinks: [RecordLink] = []
}

extension Vault {
    /// `record`'s links to other records (Markdown links to their files, wikilinks to their path,
    /// file name, title or alias, in any case, as Obsidian resolves them) and the records that
    /// link to it. Links to media, to the web and inside code are not links between records.
    /// The records are read a batch at a time for the backlinks.
    public func links(of record: Record) -> RecordLinks {
        var found = RecordLinks()
        for link in recordLinks(in: record) {
            let target: Record
            do throws(FolioError) {
                // By path, slug, title or alias; a name two records share names neither.
                switch link {
                case .file(let path, _, _): target = try findRecord(path, workingDirectory: nil)
                case .name(let name, _, _): target = try findRecord(name, workingDirectory: nil)
                }
            } catch {
                found.unresolved.append((link.written, link.line))
                continue
            }
            guard target.path != record.path, !found.outgoing.contains(where: { $0.path == target.path && $0.line == link.line }) else {
                continue
            }
            found.outgoing.append(RecordLink(path: target.path, title: target.title, line: link.line, written: link.written))
        }
        let names = Self.linkNames(of: record)
        forEachRecordBatch { batch in
            for other in batch.records where other.path != record.path {
                var lines = Set<Int>()
                for link in recordLinks(in: other)
                where Self.link(link, reaches: record.path, names: names) && lines.insert(link.line).inserted {
                    found.backlinks.append(RecordLink(path: other.path, title: other.title, line: link.line, written: link.written))
                }
            }
        }
        found.backlinks.sort { ($0.path, $0.line) < ($1.path, $1.line) }
        return found
    }

    /// A link of a record's body that may lead to another record.
    enum BodyLink {
        /// A Markdown link to a `.md` file, resolved from the record's folder.
        case file(path: String, line: Int, written: String)
        /// A wikilink to a note, by its name.
        case name(String, line: Int, written: String)

        var line: Int {
            switch self {
            case .file(_, let line, _), .name(_, let line, _): line
            }
        }

        var written: String {
            switch self {
            case .file(_, _, let written), .name(_, _, let written): written
            }
        }
    }

    func recordLinks(in record: Record) -> [BodyLink] {
        let body = record.document.body
        let firstLine = record.document.bodyFirstLine
        var links: [BodyLink] = []
        if Self.mayHoldLinks(body) {
            for link in MarkdownLinks.links(in: body) where !link.isImage {
                guard let path = MediaLinks.resolve(link.destination, fromRecord: record.path), path.lowercased().hasSuffix(".md") else {
                    continue
                }
                links.append(.file(path: path, line: firstLine + link.line - 1, written: link.destination))
            }
        }
        if Wikilinks.mayHold(body) {
            for link in Wikilinks.links(in: body) where !link.namesFile && !link.isEmbed && !link.path.isEmpty {
                links.append(.name(link.path, line: firstLine + link.line - 1, written: link.written))
            }
        }
        return links.sorted { $0.line < $1.line }
    }

    /// The names a wikilink may give `record`, lower-cased: its path with and without `.md`, its
    /// file name without it, its title and aliases.
    static func linkNames(of record: Record) -> Set<String> {
        let path = record.path.lowercased()
        let withoutExtension = path.hasSuffix(".md") ? String(path.dropLast(3)) : path
        let stem = (withoutExtension as NSString).lastPathComponent
        return Set([path, withoutExtension, stem, record.title.lowercased()] + record.aliases.map { $0.lowercased() })
    }

    /// Whether `link` leads to the record at `path` (whose names are `names`). A wikilink written
    /// with folders (`[[notes/Bob]]`) matches the end of the path.
    static func link(_ link: BodyLink, reaches path: String, names: Set<String>) -> Bool {
        switch link {
        case .file(let target, _, _):
            return target == path
        case .name(let name, _, _):
            let wanted = name.lowercased()
            if names.contains(wanted) { return true }
            let bare = path.lowercased().hasSuffix(".md") ? String(path.lowercased().dropLast(3)) : path.lowercased()
            return wanted.contains("/") && (bare.hasSuffix("/" + wanted) || path.lowercased().hasSuffix("/" + wanted))
        }
    }
}

extension RecordLinks {
    /// The links as `folio links --json` and the MCP tool `links` answer them: `outgoing`,
    /// `unresolved`, `backlinks`, each link with its path, title, line and how it is written
    /// (at most `limit` of each; `truncated` says when more were left out).
    public func json(of record: Record, limit: Int = .max) -> JSONValue {
        func item(_ link: RecordLink) -> JSONValue {
            .object([
                ("path", .string(link.path)), ("title", .string(link.title)), ("line", .int(link.line)), ("written", .string(link.written)),
            ])
        }
        return .object([
            ("id", record.id.map(JSONValue.string) ?? .null), ("path", .string(record.path)),
            ("outgoing", .array(outgoing.prefix(limit).map(item))),
            ("unresolved", .array(unresolved.prefix(limit).map { .object([("written", .string($0.written)), ("line", .int($0.line))]) })),
            ("backlinks", .array(backlinks.prefix(limit).map(item))),
            ("truncated", .bool([outgoing.count, unresolved.count, backlinks.count].contains { $0 > limit })),
        ])
    }
}
