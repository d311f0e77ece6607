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
    /// Files that could not be read while the links were looked for: a link to one of them shows
    /// as unresolved, and this says why.
    public var problems: [FolioError] = []
}

extension Vault {
    /// `record`'s links to other records (Markdown links to their files, wikilinks to their path,
    /// file name, title or alias, in any case, as Obsidian resolves them) and the records that
    /// link to it. Links to media, to the web and inside code are not links between records.
    ///
    /// Both directions resolve through one table of names (``LinkTargets``), read in one pass
    /// over the vault: a link is outgoing from A to B exactly when it is a backlink of B from A,
    /// and a name two records share leads to neither. A file that could not be read is named in
    /// ``RecordLinks/problems``, never taken for a missing record in silence.
    public func links(of record: Record) -> RecordLinks {
        var found = RecordLinks()
        var targets = LinkTargets()
        var linking: [(path: String, title: String, links: [BodyLink])] = []
        forEachRecordBatch { batch in
            found.problems += batch.problems
            for other in batch.records {
                targets.add(other)
                let links = other.path == record.path ? [] : recordLinks(in: other)
                if !links.isEmpty { linking.append((other.path, other.title, links)) }
            }
        }
        targets.add(record)
        for link in recordLinks(in: record) {
            guard let target = targets.resolve(link) else {
                found.unresolved.append((link.written, link.line))
                continue
            }
            guard target != record.path, !found.outgoing.contains(where: { $0.path == target && $0.line == link.line }) else { continue }
            found.outgoing.append(RecordLink(path: target, title: targets.title(of: target), line: link.line, written: link.written))
        }
        for other in linking {
            var lines = Set<Int>()
            for link in other.links where targets.resolve(link) == record.path && lines.insert(link.line).inserted {
                found.backlinks.append(RecordLink(path: other.path, title: other.title, line: link.line, written: link.written))
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
}

/// Every record's names, as a link may give them: the one resolution of ``Vault/links(of:)``, for
/// links out of a record and into it alike.
struct LinkTargets {
    private var pathsByName: [String: Set<String>] = [:]
    /// Every path by each of its endings from a `/` on, in lower case, with and without `.md`:
    /// a wikilink with folders finds its record in one look, not by trying every path.
    private var pathsByEnding: [String: Set<String>] = [:]
    private var titles: [String: String] = [:]

    mutating func add(_ record: Record) {
        guard titles.updateValue(record.title, forKey: record.path) == nil else { return }
        for name in Vault.linkNames(of: record) { pathsByName[name, default: []].insert(record.path) }
        let lowered = record.path.lowercased()
        for slash in lowered.indices where lowered[slash] == "/" {
            let ending = String(lowered[slash...])
            pathsByEnding[ending, default: []].insert(record.path)
            if ending.hasSuffix(".md") { pathsByEnding[String(ending.dropLast(3)), default: []].insert(record.path) }
        }
    }

    func title(of path: String) -> String { titles[path] ?? path }

    /// The path of the one record `link` leads to; nil when none does, or when several share the
    /// name. A Markdown link names its file exactly; a wikilink by any name, in any case, and one
    /// written with folders (`[[notes/Bob]]`) also by the end of a path when no name is its own.
    func resolve(_ link: Vault.BodyLink) -> String? {
        switch link {
        case .file(let path, _, _):
            return titles[path] == nil ? nil : path
        case .name(let name, _, _):
            let wanted = name.lowercased()
            if let paths = pathsByName[wanted] { return paths.count == 1 ? paths.first : nil }
            guard wanted.contains("/"), let matches = pathsByEnding["/" + wanted] else { return nil }
            return matches.count == 1 ? matches.first : nil
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
