import Foundation
import SystemIO

/// What folio remembers of a site it wrote, in `<site>/.folio-site/manifest`: every file it wrote
/// with the hash of its bytes, and for each record what its page was made from. Its presence is
/// what makes an output folder folio's own; it is derived, and a damaged one only costs a full export.
///
/// Text, one entry per line, fields separated by tabs, each field with `%`, tab, CR and LF
/// percent-escaped: read with no decoder that could trap, and fast enough for 100,000 lines.
struct SiteManifest: Sendable, Equatable {
    static let header = "folio-site 1"

    /// What a record's page was made from, and what the index needs of it without reading it again.
    struct Row: Sendable, Equatable {
        /// Site-relative page path, `records/<name>.html`.
        var page: String
        /// Vault-relative record path.
        var path: String
        /// The record file's stamp when it was read (empty: read it again).
        var stamp: String
        /// Hash of everything the page shows (file, neighbours, media, language).
        var inputKey: String
        /// The first line of the page, for the list.
        var firstLine: String
        /// The record's media: `type:vault-relative-path` each.
        var media: [String]
    }

    /// Site-relative path → sha256 of the bytes written.
    var files: [String: String] = [:]
    /// Record path → row.
    var rows: [String: Row] = [:]
    /// Media hashes whose thumbnail the tool could not make (not tried again while the tool is the same).
    var failedThumbnails: Set<String> = []
    /// The tool the failures are for.
    var thumbnailTool = ""
    /// What the whole site was made from (``SiteInputs``); empty when some record's stamp was not settled.
    var key = ""

    func encoded() -> String {
        var text = ""
        encode(into: &text)
        return text
    }

    /// The manifest written out a line at a time: at 100,000 records it is 55 MB, and as lines
    /// joined into one text it was held three times.
    func encode(into out: inout some TextOutputStream) {
        encode(into: &out, rows: rows.keys.sorted().lazy.compactMap { rows[$0] })
    }

    /// The same with `rows`, in path order, in place of the manifest's own: an export makes each
    /// record's row as it is written.
    func encode(into out: inout some TextOutputStream, rows: some Sequence<Row>) {
        out.write(Self.header + "\n")
        out.write("tool\t" + Self.escape(thumbnailTool) + "\n")
        out.write("key\t" + Self.escape(key) + "\n")
        for path in files.keys.sorted() { out.write("file\t" + Self.escape(path) + "\t" + Self.escape(files[path] ?? "") + "\n") }
        for row in rows {
            out.write("rec")
            for field in [row.page, row.path, row.stamp, row.inputKey, row.firstLine] + row.media {
                out.write("\t")
                out.write(Self.escape(field))
            }
            out.write("\n")
        }
        for hash in failedThumbnails.sorted() { out.write("nothumb\t" + Self.escape(hash) + "\n") }
    }

    /// The manifest in `text`; nil when it is not one (a later run then writes the whole site again).
    ///
    /// Lines and fields are cut at their bytes (LF and tab are never part of a field: they are
    /// escaped). The lines are read on all cores, then gathered in order: at 100,000 records
    /// the manifest is 55 MB, and reading it is most of an export with nothing to do.
    static func decode(_ text: String) -> SiteManifest? {
        var text = text
        let lines: [Range<Int>] = text.withUTF8 { bytes in
            var lines: [Range<Int>] = []
            var start = 0
            while start < bytes.count {
                let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
                if end > start { lines.append(start..<end) }
                start = end + 1
            }
            return lines
        }
        guard let first = lines.first, text.utf8.dropFirst(first.lowerBound).prefix(first.count).elementsEqual(header.utf8) else {
            return nil
        }
        let utf8 = text.utf8
        let entries: [Entry?] = parallelMap(lines.count - 1, minimumChunk: 4_096) { i in
            let line = lines[i + 1]
            let start = utf8.index(utf8.startIndex, offsetBy: line.lowerBound)
            var slice = Substring(utf8[start..<utf8.index(start, offsetBy: line.count)])
            return slice.withUTF8 { entry(bytes: $0) }
        }
        var manifest = SiteManifest()
        // Room for every entry at once: growing a dictionary of 100,000 paths hashes each again.
        let fileCount = entries.count { if case .file = $0 { true } else { false } }
        manifest.files.reserveCapacity(fileCount)
        manifest.rows.reserveCapacity(entries.count - fileCount)
        for entry in entries {
            switch entry {
            case nil: return nil
            case .tool(let tool): manifest.thumbnailTool = tool
            case .key(let key): manifest.key = key
            case .file(let path, let hash): manifest.files[path] = hash
            case .row(let row): manifest.rows[row.path] = row
            case .noThumbnail(let hash): manifest.failedThumbnails.insert(hash)
            }
        }
        return manifest
    }

    /// One line of the manifest, after its header.
    private enum Entry: Sendable {
        case tool(String)
        case key(String)
        case file(path: String, hash: String)
        case row(Row)
        case noThumbnail(String)
    }

    /// The line in `bytes`; nil when it is none a manifest holds.
    private static func entry(bytes: UnsafeBufferPointer<UInt8>) -> Entry? {
        let fields = bytes.split(separator: 0x09, omittingEmptySubsequences: false).map { unescape(bytes: $0) }
        guard let tag = fields.first else { return nil }
        switch tag {
        case "tool" where fields.count == 2: return .tool(fields[1])
        case "key" where fields.count == 2: return .key(fields[1])
        case "file" where fields.count == 3: return .file(path: fields[1], hash: fields[2])
        case "rec" where fields.count >= 6:
            return .row(
                Row(
                    page: fields[1], path: fields[2], stamp: fields[3], inputKey: fields[4], firstLine: fields[5],
                    media: Array(fields.dropFirst(6))))
        case "nothumb" where fields.count == 2: return .noThumbnail(fields[1])
        default: return nil
        }
    }

    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x25 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\t": out += "%09"
            case "\n": out += "%0A"
            case "\r": out += "%0D"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func unescape(bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes), as: UTF8.self)
        guard bytes.contains(0x25) else { return text }
        return text.replacingOccurrences(of: "%09", with: "\t").replacingOccurrences(of: "%0A", with: "\n")
            .replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%25", with: "%")
    }
}
