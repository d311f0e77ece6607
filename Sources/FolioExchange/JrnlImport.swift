import FolioCore
import FolioStore
import Foundation
import YAML

/// jrnl's journals: the text file and folder jrnl keeps (``JrnlText``), and `jrnl --export json`: `{"tags": {...}, "entries": [{"title", "body", "date", "time", "tags", "starred"}]}`.
///
/// `date` and `time` are local, without a zone: they are taken in the vault's (this machine's)
/// zone. `@` goes from tags; a starred entry gets `starred: true`. Keys folio does not know are
/// kept under `jrnl:`. jrnl entries have no id: one is made from the date, time and title (and
/// how many entries before shared them), so importing the same export again finds them.
enum JrnlImport {
    static let knownKeys: Set<String> = ["title", "body", "date", "time", "tags", "starred"]
    /// The most folio reads of one jrnl journal file (256 MiB): ten years of daily pages are a
    /// few dozen MiB.
    static let maxBytes: UInt64 = 256 << 20

    static func entries(_ json: JSONValue, file: String, builder: EntryBuilder, zone: TimeZone) throws(FolioError) -> [ImportEntry] {
        guard case .object = json else {
            throw FolioError(.exchange(.notAnExport(format: "jrnl", file: file, problem: .notAnObject)))
        }
        guard let list = json["entries"] else {
            throw FolioError(.exchange(.notAnExport(format: "jrnl", file: file, problem: .noList("entries"))))
        }
        guard let items = list.array else {
            throw FolioError(.exchange(.notAnExport(format: "jrnl", file: file, problem: .notAList("entries"))))
        }
        var seen: [String: Int] = [:]
        var result: [ImportEntry] = []
        for (index, item) in items.enumerated() {
            var name = ExportEntry.entry(index + 1, detail: nil)
            func bad(_ problem: EntryProblem) -> FolioError { FolioError(.exchange(.badEntry(file: file, entry: name, problem: problem))) }
            guard let fields = item.object else { throw bad(.wrongType(key: "entries[\(index)]", expected: "object")) }
            func text(_ key: String, required: Bool) throws(FolioError) -> String? {
                guard let value = fields[key], value != .null else {
                    if required { throw bad(.missingKey(key)) }
                    return nil
                }
                guard let string = value.string else { throw bad(.wrongType(key: key, expected: "text")) }
                return string
            }
            let date = try text("date", required: true) ?? ""
            let time = try text("time", required: false) ?? "00:00"
            name = .entry(index + 1, detail: "\(date.prefix(20)) \(time.prefix(8))")
            guard date.utf8.count == 10, let created = ImportDates.timestamp("\(date)T\(time)", zone: zone) else {
                throw bad(.badDate(key: "date", value: "\(date.prefix(40)) \(time.prefix(20))"))
            }
            let title = try text("title", required: false) ?? ""
            let body = try text("body", required: false) ?? ""
            var tags: [String] = []
            if let value = fields["tags"], value != .null {
                guard let list = value.array else { throw bad(.wrongType(key: "tags", expected: "list")) }
                for tag in list {
                    guard var word = tag.string else { throw bad(.wrongType(key: "tags", expected: "list")) }
                    while let first = word.first, "@#".contains(first) { word.removeFirst() }
                    tags.append(word)
                }
            }
            var extra: [(String, Node)] = []
            if let value = fields["starred"], value != .null {
                guard let starred = value.bool else { throw bad(.wrongType(key: "starred", expected: "true/false")) }
                if starred { extra.append(("starred", .raw("true"))) }
            }
            let key = "jrnl\n\(date)T\(time)\n\(title)"
            let occurrence = seen[key, default: 0]
            seen[key] = occurrence + 1
            let id = StableID.named(occurrence == 0 ? key : "\(key)\n\(occurrence)")
            let unknown = fields.filter { !knownKeys.contains($0.key) }
            if !unknown.isEmpty { extra.append(("jrnl", JSONValue.sortedObject(unknown).node)) }
            let shownTitle = title.isEmpty ? (ImportDates.title(fromText: body) ?? "jrnl \(date) \(time)") : title
            result.append(
                builder.entry(
                    source: "\(file): \(name.label)", id: id, title: shownTitle, created: created, modified: nil,
                    tags: tags, extra: extra, body: body))
        }
        return result
    }

    /// A journal as jrnl keeps it: a folder of `YYYY/MM/DD.txt`, its text file, or (a file whose
    /// text starts with `{`) its JSON export.
    static func read(_ url: URL, shown: String, builder: EntryBuilder, zone: TimeZone) throws(FolioError) -> [ImportEntry] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw FolioError(.exchange(.sourceMissing(shown)))
        }
        if isFolder.boolValue {
            var parsed: [(JrnlText.Entry, source: String)] = []
            for (file, day) in try JrnlText.folderFiles(url) {
                let name = "\(shown)/\(file.pathComponents.suffix(3).joined(separator: "/"))"
                for var entry in JrnlText.parse(try text(file, shown: name), dayless: true) {
                    // The folder says the day; the entry's own header, the time.
                    entry.date = day
                    parsed.append((entry, name))
                }
            }
            guard !parsed.isEmpty else { throw FolioError(.exchange(.notAnExport(format: "jrnl", file: shown, problem: .noEntries))) }
            return try JrnlText.entries(parsed, builder: builder, zone: zone)
        }
        // An entry past the limit is refused while the file streams past, before it is read whole.
        if try EntrySizeScan.jrnlText(url, displayName: shown) == 0 {
            try EntrySizeScan.jsonStrings(url, displayName: shown)
        }
        let data = try FileInput.read(url, displayName: shown, maxBytes: maxBytes)
        let first = data.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        if first == UInt8(ascii: "{") {
            return try entries(try JSONInput.parse(data, displayName: shown), file: shown, builder: builder, zone: zone)
        }
        guard let text = String(data: data, encoding: .utf8) else { throw FolioError(.notUTF8, file: shown) }
        let parsed = JrnlText.parse(text)
        guard !parsed.isEmpty else {
            // A text journal starts with `[date]`; any other `[` is JSON that is not jrnl's export.
            if first == UInt8(ascii: "[") {
                return try entries(try JSONInput.parse(data, displayName: shown), file: shown, builder: builder, zone: zone)
            }
            throw FolioError(.exchange(.notAnExport(format: "jrnl", file: shown, problem: .noEntries)))
        }
        return try JrnlText.entries(parsed.map { ($0, shown) }, builder: builder, zone: zone)
    }

    private static func text(_ url: URL, shown: String) throws(FolioError) -> String {
        try EntrySizeScan.jrnlText(url, displayName: shown, dayless: true)
        let data = try FileInput.read(url, displayName: shown, maxBytes: maxBytes)
        guard let text = String(data: data, encoding: .utf8) else { throw FolioError(.notUTF8, file: shown) }
        return text
    }
}
