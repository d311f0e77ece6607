import FolioCore
import FolioStore
import Foundation
import YAML

/// Day One's "JSON in Zip" export: one JSON file per journal (`Journal.json`, `Work.json`:
/// `metadata`, `entries[]`) beside `photos/`, `videos/`, `audios/` and `pdfs/`, each file named
/// `<md5>.<type>` (a recording's by its `format`). A PDF is copied into `media/` by its content
/// (as a Markdown import keeps one) and linked from the page; `pdfAttachments` stay under `dayone:`.
///
/// An entry's `uuid` becomes its id (as a UUID), `creationDate` (UTC) is shown in the entry's
/// `timeZone`, `text` is the body with `dayone-moment:` links turned into links to the vault's
/// media, `starred` becomes `starred: true`, location and weather go into `context` (a place
/// name, coordinates, a weather line), and every key folio has no place for is kept, as Day One
/// wrote it, under `dayone:`, with the name of the journal the entry was in (`journal`).
enum DayOneImport {
    static let mappedKeys: Set<String> = ["uuid", "creationDate", "modifiedDate", "timeZone", "text", "tags", "starred"]
    /// Each list of attachments an entry has, the folder its files lie in, and the extension of
    /// a file whose object names none.
    static let mediaLists = [
        (key: "photos", folder: "photos", usual: "jpeg"), (key: "videos", folder: "videos", usual: "mov"),
        (key: "audios", folder: "audios", usual: "m4a"),
    ]

    /// The export's JSON files and the folder its media lie in; `keep` holds an unzipped copy alive.
    /// A zip is unpacked with each member held to `memberLimit` while it is read.
    static func locate(_ url: URL, displayName: String, memberLimit: (String) -> UInt64) throws(FolioError) -> (
        files: [URL], folder: URL, keep: ScratchFolder?
    ) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw FolioError(.exchange(.sourceMissing(displayName)))
        }
        if !isDirectory.boolValue && !isZip(url) { return ([url], url.deletingLastPathComponent(), nil) }
        var keep: ScratchFolder?
        var folder = url
        if !isDirectory.boolValue {
            let scratch = try ZipArchive.unpack(url, displayName: displayName, memberLimit: memberLimit)
            keep = scratch
            folder = scratch.url
        }
        for candidate in [folder] + (try subfolders(of: folder)) {
            let files = try jsonFiles(in: candidate)
            if !files.isEmpty { return (files, candidate, keep) }
        }
        throw FolioError(.exchange(.notAnExport(format: "Day One", file: displayName, problem: .noFile("Journal.json"))))
    }

    static func isZip(_ url: URL) -> Bool {
        // The first bytes of a regular file only: a pipe is never waited on.
        guard let head = Vault.readFile(url.path, atMost: 4, followingLinks: true) else { return false }
        return head == [0x50, 0x4B, 0x03, 0x04] || head == [0x50, 0x4B, 0x05, 0x06]
    }

    /// - Throws: when the folder is there and cannot be listed: an export read in part is never
    ///   taken for the whole.
    static func subfolders(of folder: URL) throws(FolioError) -> [URL] {
        let names = try Vault.folderNames(at: folder.path, shown: folder.path)
        return names.sorted().filter { !$0.hasPrefix(".") && !$0.hasPrefix("__") }.map { folder.appendingPathComponent($0) }.filter {
            candidate in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
    }

    /// Every `.json` of the folder: one per journal of the export (`Journal.json`, `Work.json`).
    static func jsonFiles(in folder: URL) throws(FolioError) -> [URL] {
        let names = try Vault.folderNames(at: folder.path, shown: folder.path)
        return names.filter { $0.lowercased().hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// The journal a JSON file of the export holds: its name without `.json`.
    static func journalName(of file: URL) -> String {
        (file.lastPathComponent as NSString).deletingPathExtension
    }

    static func entries(
        _ json: JSONValue, file: String, journal: String? = nil, journalTag: String? = nil, folder: URL, builder: EntryBuilder,
        zone: TimeZone, warnings: inout [FolioError]
    ) throws(FolioError) -> [ImportEntry] {
        func refuse(_ problem: ExportShapeProblem) -> FolioError {
            FolioError(.exchange(.notAnExport(format: "Day One", file: file, problem: problem)))
        }
        guard case .object = json else { throw refuse(.notAnObject) }
        guard json["metadata"]?.object != nil else { throw refuse(.noKey("metadata")) }
        guard let items = json["entries"]?.array else { throw refuse(.noList("entries")) }
        var result: [ImportEntry] = []
        var folderFiles = MediaFolderFiles(folder: folder)
        for (index, item) in items.enumerated() {
            var name = ExportEntry.entry(index + 1, detail: nil)
            func bad(_ problem: EntryProblem) -> FolioError { FolioError(.exchange(.badEntry(file: file, entry: name, problem: problem))) }
            guard let fields = item.object else { throw bad(.wrongType(key: "entries[\(index)]", expected: "object")) }
            func text(_ key: String) throws(FolioError) -> String? {
                guard let value = fields[key], value != .null else { return nil }
                guard let string = value.string else { throw bad(.wrongType(key: key, expected: "text")) }
                return string
            }
            guard let uuid = try text("uuid") else { throw bad(.missingKey("uuid")) }
            name = .entry(index + 1, detail: String(uuid.prefix(40)))
            guard let id = StableID.fromHex32(uuid) else { throw bad(.wrongType(key: "uuid", expected: "text")) }
            guard let createdText = try text("creationDate") else { throw bad(.missingKey("creationDate")) }
            let zoneName = try text("timeZone")
            let entryZone = zoneName.flatMap { TimeZone(identifier: $0) } ?? zone
            guard let created = ImportDates.inZone(createdText, zone: entryZone) else {
                throw bad(.badDate(key: "creationDate", value: String(createdText.prefix(40))))
            }
            var modified: Timestamp?
            if let modifiedText = try text("modifiedDate") {
                guard let stamp = ImportDates.inZone(modifiedText, zone: entryZone) else {
                    throw bad(.badDate(key: "modifiedDate", value: String(modifiedText.prefix(40))))
                }
                modified = stamp
            }
            let body = try text("text") ?? ""
            var tags: [String] = []
            if let value = fields["tags"], value != .null {
                guard let list = value.array, list.allSatisfy({ $0.string != nil }) else {
                    throw bad(.wrongType(key: "tags", expected: "list"))
                }
                tags = list.compactMap(\.string)
            }
            var starred = false
            if let value = fields["starred"], value != .null {
                guard let flag = value.bool else { throw bad(.wrongType(key: "starred", expected: "true/false")) }
                starred = flag
            }
            var media: [ImportMediaItem] = []
            for list in mediaLists {
                let key = list.key
                guard let value = fields[key], value != .null else { continue }
                guard let moments = value.array else { throw bad(.wrongType(key: key, expected: "list")) }
                for moment in moments {
                    guard let object = moment.object else { throw bad(.wrongType(key: key, expected: "list")) }
                    guard let identifier = object["identifier"]?.string else { throw bad(.missingKey("\(key)[].identifier")) }
                    guard let md5 = object["md5"]?.string else { continue }
                    // A photo or video says its `type`, a recording its `format` (`m4a`).
                    let type = object["type"]?.string ?? object["format"]?.string ?? list.usual
                    let fileName = "\(md5).\(type)"
                    guard ZipArchive.isSafe(fileName), !md5.contains("/"), !type.contains("/"), !md5.isEmpty else {
                        throw bad(.nameLeavesFolder(fileName))
                    }
                    // Under the name the object gives, else the one file of its folder named by its md5.
                    guard let url = try folderFiles.file(named: fileName, md5: md5, in: list.folder) else {
                        warnings.append(
                            FolioError(.exchange(.mediaNotInExport(file: file, entry: name, media: "\(list.folder)/\(fileName)"))))
                        continue
                    }
                    var item = ImportMediaItem(url: url, name: object["filename"]?.string ?? fileName)
                    item.destinations = momentLinks(identifier, in: body)
                    item.linkWhenUnused = true
                    media.append(item)
                }
            }
            // A PDF is kept by its real format: copied into `media/` under its content's hash (as
            // a Markdown import keeps one), linked where the text shows it, else at the end.
            var documents: [NewAttachment] = []
            var documentLinks: [(destinations: Set<String>, path: String, name: String)] = []
            if let value = fields["pdfAttachments"], value != .null {
                guard let attachments = value.array else { throw bad(.wrongType(key: "pdfAttachments", expected: "list")) }
                for attachment in attachments {
                    guard let object = attachment.object else { throw bad(.wrongType(key: "pdfAttachments", expected: "list")) }
                    let md5 = object["md5"]?.string ?? ""
                    let type = object["type"]?.string ?? "pdf"
                    let fileName = "\(md5).\(type)"
                    guard !md5.isEmpty, ZipArchive.isSafe(fileName), !md5.contains("/"), !type.contains("/") else {
                        throw bad(.nameLeavesFolder(fileName))
                    }
                    guard let url = try folderFiles.file(named: fileName, md5: md5, in: "pdfs"),
                        let path = Vault.contentAddressedPath(of: url)
                    else {
                        warnings.append(FolioError(.exchange(.mediaNotInExport(file: file, entry: name, media: "pdfs/\(fileName)"))))
                        continue
                    }
                    documents.append(NewAttachment(path: path, source: url))
                    let destinations = object["identifier"]?.string.map { momentLinks($0, in: body) } ?? []
                    documentLinks.append((destinations, path, object["filename"]?.string ?? fileName))
                }
            }
            var context: [(String, Node)] = [("local_time", .raw(created.text))]
            if let zoneName { context.append(("time_zone", .string(zoneName))) }
            if let location = fields["location"]?.object {
                let place = ["placeName", "localityName", "administrativeArea", "country"].compactMap { location[$0]?.string }
                    .filter { !$0.isEmpty }
                if !place.isEmpty { context.append(("location", .string(place.joined(separator: ", ")))) }
                if let latitude = location["latitude"]?.number, let longitude = location["longitude"]?.number {
                    context.append(("latitude", JSONValue.double(latitude).node))
                    context.append(("longitude", JSONValue.double(longitude).node))
                }
            }
            if let weather = fields["weather"]?.object {
                var words: [String] = []
                if let description = weather["conditionsDescription"]?.string { words.append(description) }
                if let celsius = weather["temperatureCelsius"]?.number { words.append(String(format: "%.0f°C", celsius)) }
                if !words.isEmpty { context.append(("weather", .string(words.joined(separator: ", ")))) }
            }
            // The diary kind's own key: `folio export jrnl` writes it back as jrnl's star.
            var extra: [(String, Node)] = starred ? [("starred", .raw("true"))] : []
            extra.append(("context", .mapping(context)))
            var unknown = fields.filter { !mappedKeys.contains($0.key) }
            if let journal, unknown["journal"] == nil { unknown["journal"] = .string(journal) }
            if !unknown.isEmpty { extra.append(("dayone", JSONValue.sortedObject(unknown).node)) }
            let title = ImportDates.title(fromText: body) ?? "Day One \(created.day10)"
            var entry = builder.entry(
                source: "\(file): \(name.label)", id: id, title: title, created: created, modified: modified,
                tags: tags + (journalTag.map { [$0] } ?? []), extra: extra, body: body, media: media)
            entry.attachments = documents
            entry.attachmentLinks = documentLinks
            entry.group = journal
            result.append(entry)
        }
        return result
    }

    /// The files of the export's media folders, each folder listed once when a file is not under
    /// the name its object gives.
    struct MediaFolderFiles {
        let folder: URL
        private var listed: [String: [String]] = [:]

        init(folder: URL) { self.folder = folder }

        mutating func file(named fileName: String, md5: String, in subfolder: String) throws(FolioError) -> URL? {
            let directory = folder.appendingPathComponent(subfolder)
            let named = directory.appendingPathComponent(fileName)
            if FileManager.default.fileExists(atPath: named.path) { return named }
            if listed[subfolder] == nil {
                var isDirectory: ObjCBool = false
                let exists = FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) && isDirectory.boolValue
                listed[subfolder] = exists ? try Vault.folderNames(at: directory.path, shown: directory.path) : []
            }
            let matches = (listed[subfolder] ?? []).filter { ($0 as NSString).deletingPathExtension == md5 && !$0.hasPrefix(".") }
            return matches.count == 1 ? directory.appendingPathComponent(matches[0]) : nil
        }
    }

    /// The `dayone-moment:` destinations in `body` that name `identifier` (`dayone-moment://ID`,
    /// `dayone-moment:/video/ID`, `dayone-moment:/audio/ID`).
    static func momentLinks(_ identifier: String, in body: String) -> Set<String> {
        guard body.contains(identifier) else { return [] }
        return Set([
            "dayone-moment://\(identifier)", "dayone-moment:/video/\(identifier)", "dayone-moment:/audio/\(identifier)",
            "dayone-moment:/pdfAttachment/\(identifier)",
        ])
    }
}
