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

    /// Writes the export to `out` piece by piece, so a large vault is never held as one string.
    public static func export(_ records: [Record], media: [String], vault: Vault, out: (String) -> Void) throws(FolioError) {
        out("{\"format\":\"\(format)\",\"version\":1,\"exported\":")
        out(JSONText.quote(vault.clock.timestamp.text))
        out(",\"records\":[")
        for (index, record) in records.enumerated() {
            if index > 0 { out(",\n") } else { out("\n") }
            out(JSONText.record(record))
        }
        out("],\"media\":[")
        for (index, file) in media.enumerated() {
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

    /// The media files the records link or list, vault-relative, each once, in order.
    public static func mediaFiles(of records: [Record], vault: Vault) -> [String] {
        var seen = Set<String>()
        var files: [String] = []
        for record in records {
            let listed = MediaEntry.entries(of: record.document).map(\.file)
            let linked = MarkdownLinksInBody.targets(record.document.body, recordPath: record.path)
            for file in listed + linked where file.hasPrefix("media/") && seen.insert(file).inserted {
                // A file not downloaded yet (an LFS pointer) is not embedded as if it were the photo.
                if FileManager.default.fileExists(atPath: vault.url(file).path), !vault.isNotDownloaded(file) { files.append(file) }
            }
        }
        return files
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
                head = (try? FrontMatterDocument.make(fields: ordered, body: ""))?.text ?? ""
            }
            let document: FrontMatterDocument
            do throws(FrontMatterError) {
                document = try FrontMatterDocument(parsing: head + body)
            } catch {
                throw bad(.frontMatter(FolioError(error, file: path, text: nil).message.text(.en)))
            }
            guard String(decoding: Array(document.text.utf8)[..<document.bodyStart], as: UTF8.self) == head else {
                throw bad(.frontMatter("'front_matter' holds more than the front matter"))
            }
            let id = document.string("id") ?? StableID.named("folio-json\n\(path)")
            if document.string("id") != nil, !ids.insert(id.lowercased()).inserted { throw bad(.duplicateID(id)) }
            result.append(
                ImportEntry(
                    source: "\(file): \(name)", id: id, kind: document.string("kind") ?? "", title: document.string("title") ?? path,
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
