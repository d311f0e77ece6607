import FolioCore
import FolioStore
import Foundation
import YAML

/// folio's own export, `folio export json`: every record whole, so that importing it into an
/// empty vault gives back the same files byte for byte.
///
/// ```json
/// {"format": "folio-export", "version": 1, "exported": "…",
///  "records": [{<front matter keys>, "path": "…", "body": "…", "front_matter": "---\n…---\n"}],
///  "media": [{"file": "media/ab/….jpg", "sha256": "…", "bytes": 123, "base64": "…"}]}
/// ```
///
/// A record's keys are there for `jq`; `front_matter` (the file up to its body, exactly as
/// written, comments and all) and `body` are what the import writes back. A record given without
/// `front_matter` (written by hand, or by another tool) gets one made from its keys.
public enum FolioJSON {
    public static let format = "folio-export"

    // MARK: - Export

    /// Writes the export to `out` piece by piece, so a large vault is never held as one string,
    /// nor as records: `batches` are read one after another (``Vault/recordBatches(at:)``), and
    /// with `media` the files they link or list are embedded after them.
    public static func export(
        _ batches: some Sequence<[Record]>, media: Bool, vault: Vault, out: (String) -> Void
    ) throws(FolioError) {
        out("{\"format\":\"\(format)\",\"version\":1,\"exported\":")
        out(JSONText.quote(vault.clock.timestamp.text))
        out(",\"records\":[")
        var media = media ? MediaFiles() : nil
        var first = true
        for batch in batches {
            for record in batch {
                out(first ? "\n" : ",\n")
                first = false
                out(JSONText.record(record))
            }
            media?.add(of: batch, vault: vault)
        }
        out("],\"media\":[")
        for (index, file) in (media?.files ?? []).enumerated() {
            guard let bytes = Vault.readFile(vault.url(file).path) else { throw FolioError(.fileUnreadable(file)) }
            let data = Data(bytes)
            if index > 0 { out(",\n") } else { out("\n") }
            let sha = (file as NSString).lastPathComponent.split(separator: ".").first.map(String.init) ?? ""
            out("{\"file\":\(JSONText.quote(file)),\"sha256\":\(JSONText.quote(sha)),\"bytes\":\(data.count),\"base64\":\"")
            out(data.base64EncodedString())
            out("\"}")
        }
        out("]}\n")
    }

    /// The media files records link or list, vault-relative, each once, in the order first met.
    public struct MediaFiles {
        public private(set) var files: [String] = []
        private var seen = Set<String>()

        public init() {}

        /// Adds the files of `records` not met before.
        public mutating func add(of records: [Record], vault: Vault) {
            for record in records {
                let listed = MediaEntry.entries(of: record.document).map(\.file)
                let linked = MarkdownLinksInBody.targets(record.document.body, recordPath: record.path)
                for file in listed + linked where file.hasPrefix("media/") && seen.insert(file).inserted {
                    // A file not downloaded yet (an LFS pointer) is not embedded as if it were the photo.
                    if FileManager.default.fileExists(atPath: vault.url(file).path), !vault.isNotDownloaded(file) { files.append(file) }
                }
            }
        }
    }

    // MARK: - Import

    static func entries(_ json: JSONValue, file: String, scratch: ScratchFolder?) throws(FolioError) -> (
        entries: [ImportEntry], media: [MediaSource]
    ) {
        func refuse(_ problem: ExportShapeProblem) -> FolioError {
            FolioError(.exchange(.notAnExport(format: "folio JSON", file: file, problem: problem)))
        }
        guard case .object = json else { throw refuse(.notAnObject) }
        guard json["format"]?.string == format else { throw refuse(.wrongFormat(format)) }
        guard let records = json["records"]?.array else { throw refuse(.noList("records")) }
        var result: [ImportEntry] = []
        var ids = Set<String>()
        for (index, item) in records.enumerated() {
            var name = ExportEntry.record(index + 1, path: nil)
            func bad(_ problem: EntryProblem) -> FolioError { FolioError(.exchange(.badEntry(file: file, entry: name, problem: problem))) }
            guard let fields = item.object else { throw bad(.wrongType(key: "records[\(index)]", expected: "object")) }
            guard let path = fields["path"]?.string else { throw bad(.missingKey("path")) }
            name = .record(index + 1, path: String(path.prefix(200)))
            guard Vault.isSafeRecordPath(path) || path == "profile.md" else { throw bad(.nameLeavesFolder(path)) }
            guard let body = fields["body"]?.string else { throw bad(.missingKey("body")) }
            var head: String
            if let value = fields["front_matter"], value != .null {
                guard let text = value.string else { throw bad(.wrongType(key: "front_matter", expected: "text")) }
                head = text
            } else {
                let keys = fields.filter { !["path", "body", "front_matter"].contains($0.key) }
                let ordered = keys.sorted { order($0.key) < order($1.key) }.map { ($0.key, $0.value.node) }
                do throws(FrontMatterError) {
                    head = try FrontMatterDocument.make(fields: ordered, body: "").text
                } catch {
                    throw bad(.frontMatter(FolioError(error, file: path, text: nil).message, line: nil))
                }
            }
            let document: FrontMatterDocument
            do throws(FrontMatterError) {
                document = try FrontMatterDocument(parsing: head + body)
            } catch {
                throw bad(.frontMatter(FolioError(error, file: path, text: nil).message, line: nil))
            }
            guard String(decoding: Array(document.text.utf8)[..<document.bodyStart], as: UTF8.self) == head else {
                throw bad(.frontMatterHoldsMore)
            }
            let id = document.string("id") ?? StableID.named("folio-json\n\(path)")
            if document.string("id") != nil, !ids.insert(id.lowercased()).inserted { throw bad(.duplicateID(id)) }
            result.append(
                ImportEntry(
                    source: "\(file): \(name.label)", id: id, kind: document.string("kind") ?? "", title: document.string("title") ?? path,
                    path: path, content: .text(head: head, body: body)))
        }
        var media: [MediaSource] = []
        if let items = json["media"]?.array, let scratch {
            for (index, item) in items.enumerated() {
                let name = ExportEntry.media(index + 1)
                func bad(_ problem: EntryProblem) -> FolioError {
                    FolioError(.exchange(.badEntry(file: file, entry: name, problem: problem)))
                }
                guard let stored = item["file"]?.string else { throw bad(.missingKey("file")) }
                let fileName = (stored as NSString).lastPathComponent
                guard stored.hasPrefix("media/"), ZipArchive.isSafe(stored), let sha = MediaNaming.sha(ofStoredName: fileName) else {
                    throw bad(.nameLeavesFolder(stored))
                }
                guard let encoded = item["base64"]?.string, let data = Data(base64Encoded: encoded),
                    MediaNaming.hex(SHA256Digest.of(data)) == sha
                else { throw bad(.badMediaData(stored)) }
                let url = scratch.url.appendingPathComponent(fileName)
                do {
                    try data.write(to: url)
                } catch {
                    throw FolioError(.writeFailed(SystemReason(error)), file: url.path)
                }
                media.append(MediaSource(url: url, displayName: stored))
            }
        }
        return (result, media)
    }

    // MARK: - A plain list of records

    /// Keys `list`, `search` and `show --json` add to a record that are not its front matter.
    static let outputKeys: Set<String> = ["path", "body", "front_matter", "computed", "score", "snippet", "children", "conflict_copy_of"]

    /// A JSON list of records with folio's keys (`[{"kind": "idea", "title": "…", "body": "…"}]`,
    /// what `folio list --json` or `show --json` print, or another tool wrote): each becomes a record
    /// of its `kind` (else `defaultKind`) with its keys in the kind's order; `id`, `created`,
    /// `modified` and `path` are made when missing, and a `path` given must stay in the vault.
    static func listEntries(_ items: [JSONValue], file: String, vault: Vault, defaultKind: String?) throws(FolioError) -> [ImportEntry] {
        var result: [ImportEntry] = []
        for (index, item) in items.enumerated() {
            let name = ExportEntry.record(index + 1, path: item["path"]?.string.map { String($0.prefix(200)) })
            func bad(_ problem: EntryProblem) -> FolioError { FolioError(.exchange(.badEntry(file: file, entry: name, problem: problem))) }
            guard let fields = item.object else { throw bad(.wrongType(key: "[\(index)]", expected: "object")) }
            for key in ["id", "kind", "title", "created", "modified", "path", "body"] {
                if let value = fields[key], value != .null, value.string == nil { throw bad(.wrongType(key: key, expected: "text")) }
            }
            let kindName = fields["kind"]?.string ?? defaultKind ?? "note"
            let kind = try vault.kindForWriting(kindName)
            let now = vault.clock.timestamp
            func stamp(_ key: String) throws(FolioError) -> Timestamp? {
                guard let text = fields[key]?.string else { return nil }
                guard let value = ImportDates.timestamp(text, zone: vault.clock.zone) else {
                    throw bad(.badDate(key: key, value: String(text.prefix(40))))
                }
                return value
            }
            let created = try stamp("created") ?? now
            let modified = try stamp("modified") ?? created
            let body = fields["body"]?.string ?? ""
            let title = fields["title"]?.string ?? ImportDates.title(fromText: body) ?? kind.shownName(vault.settings.language)
            var tags: [String] = []
            if let value = fields["tags"], value != .null {
                guard let list = value.array, list.allSatisfy({ $0.string != nil }) else {
                    throw bad(.wrongType(key: "tags", expected: "list"))
                }
                tags = list.compactMap(\.string)
            }
            let id = fields["id"]?.string ?? StableID.named("folio-json-list\n\(kindName)\n\(created.text)\n\(title)")
            var pairs: [(String, Node)] = [
                ("id", .string(id)), ("kind", .string(kind.name)), ("title", .string(Vault.oneLineTitle(title, limit: 200))),
                ("created", .raw(created.text)), ("modified", .raw(modified.text)),
                ("tags", .sequence(Vault.normalisedTags(tags).map { .string($0) })),
            ]
            let rest = fields.filter { !Kind.commonKeys.contains($0.key) && !outputKeys.contains($0.key) && $0.value != .null }
            let order = kind.keyOrder
            for (key, value) in rest.sorted(by: { a, b in
                let ia = order.firstIndex(of: a.key) ?? order.count
                let ib = order.firstIndex(of: b.key) ?? order.count
                return ia != ib ? ia < ib : a.key < b.key
            }) {
                pairs.append((key, value.node))
            }
            let path: String
            if let given = fields["path"]?.string {
                guard Vault.isSafeRecordPath(given) || given == kind.fixedPath else { throw bad(.nameLeavesFolder(given)) }
                path = given
            } else {
                path = kind.fixedPath ?? "\(vault.folder(for: kind, created: created))/\(created.day10)-\(Slug.make(title)).md"
            }
            var text = body
            if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
            result.append(
                ImportEntry(
                    source: "\(file): \(index + 1)", id: id, kind: kind.name, title: title, path: path, content: .fields(pairs, body: text))
            )
        }
        return result
    }

    /// Keys in the design's order first, the rest after them as JSON gave them (sorted).
    static func order(_ key: String) -> (Int, String) {
        (Kind.commonKeys.firstIndex(of: key) ?? Kind.commonKeys.count, key)
    }
}

/// The vault-relative targets of a body's links into the vault.
enum MarkdownLinksInBody {
    static func targets(_ body: String, recordPath: String) -> [String] {
        guard body.contains("](") else { return [] }
        return LinkScan.destinations(body).compactMap { MediaLinks.resolve($0, fromRecord: recordPath) }
    }
}
