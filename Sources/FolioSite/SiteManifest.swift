import FolioCore
import Foundation
import SystemIO

/// What folio remembers of a site it wrote, in `<site>/.folio-site/manifest`: every file it wrote
/// with the hash of its bytes, and for each record what its page was made from. Its presence is
/// what makes an output folder folio's own; it is derived, and a damaged one only costs a full export.
///
/// Text, one entry per line, fields separated by tabs, each field with `%`, tab, CR and LF
/// percent-escaped: read with no decoder that could trap, and fast enough for 100,000 lines.
///
/// Its lines, in this order: the header, the thumbnail tool, the key, how many records it has and
/// their media (in the records' order: the outline), the files, the records, the thumbnails that
/// failed. An export with nothing to do reads it up to its first record (``read(outlineFrom:keepingPages:)``).
/// The outline repeats what the records say, and a manifest whose outline does not is none.
struct SiteManifest: Sendable, Equatable {
    /// Version 1 had no outline: a manifest of it is none, and costs one full export.
    static let header = "folio-site 2"

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
        encode(into: &out, rows: rows.keys.sorted().compactMap { rows[$0] })
    }

    /// The same with `rows`, in path order, in place of the manifest's own.
    func encode(into out: inout some TextOutputStream, rows: [Row]) {
        encode(
            into: &out, rows: rows, recordCount: rows.count, media: rows.lazy.flatMap(\.media),
            pages: [(path: String, hash: String)]())
    }

    /// The same with `rows` made one at a time as they are written (an export makes each record's
    /// row then), `recordCount` of them, whose media are `media` in the same order; and `pages`
    /// (files in path order, with their hashes) written among `files` as if they were in it: an
    /// export keeps its record pages' hashes apart until now. A path in both is written once,
    /// with `files`' hash.
    func encode(
        into out: inout some TextOutputStream, rows: some Sequence<Row>, recordCount: Int, media: some Sequence<String>,
        pages: some Sequence<(path: String, hash: String)>
    ) {
        out.write(Self.header + "\n")
        out.write("tool\t" + Self.escape(thumbnailTool) + "\n")
        out.write("key\t" + Self.escape(key) + "\n")
        out.write("records\t" + String(recordCount) + "\n")
        for file in media { out.write("media\t" + Self.escape(file) + "\n") }
        func file(_ path: String, _ hash: String) { out.write("file\t" + Self.escape(path) + "\t" + Self.escape(hash) + "\n") }
        var others = pages.makeIterator()
        var next = others.next()
        for path in files.keys.sorted() {
            while let page = next, page.path <= path {
                if page.path != path { file(page.path, page.hash) }
                next = others.next()
            }
            file(path, files[path] ?? "")
        }
        while let page = next {
            file(page.path, page.hash)
            next = others.next()
        }
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

    /// The manifest in `text`; nil when it is not one (a later run then writes the whole site
    /// again). ``read(from:)`` reads the same from a file a chunk at a time; this is its oracle.
    static func decode(_ text: String) -> SiteManifest? {
        var reader = EntryReader()
        guard let entries = reader.entries(text.utf8.split(separator: 0x0A).map { Array($0) }), reader.isWhole else { return nil }
        var manifest = SiteManifest()
        manifest.add(entries)
        return manifest
    }

    /// The manifest in the file at `path`, read a chunk at a time; nil when it is none.
    static func read(from path: String, chunkSize: Int = 1 << 22) -> SiteManifest? {
        var manifest = SiteManifest()
        let read = readEntries(from: path, chunkSize: chunkSize) { entries in
            manifest.add(entries)
            return true
        }
        return read == .whole ? manifest : nil
    }

    /// A line longer than this makes the manifest none: folio writes none so long.
    static let longestLine = 64 << 20

    /// What an export with nothing to do needs of the last manifest (``read(outlineFrom:keepingPages:)``):
    /// the lines before the first record's, a fifth of it at 100,000 records.
    struct Outline: Sendable {
        var key = ""
        /// How many records the manifest has, each once.
        var recordCount = 0
        /// Every record's media, `type:path`, in the records' order.
        var media: [String] = []
        /// Record path → page, when asked for (then the records are read too).
        var pages: [String: String] = [:]
        /// The site-relative paths of the files written, in the manifest's order.
        var files: [String] = []
    }

    /// The outline of the manifest at `path`, read up to its first record unless `keepingPages`;
    /// nil when what was read of it is not a manifest's (a damaged record further on is found by
    /// the next export that has something to do, which reads it whole).
    static func read(outlineFrom path: String, keepingPages: Bool, chunkSize: Int = 1 << 22) -> Outline? {
        var outline = Outline()
        var declared: Int?
        let read = readEntries(from: path, chunkSize: chunkSize) { entries in
            for entry in entries {
                switch entry {
                case .key(let key): outline.key = key
                case .records(let count): declared = count
                case .media(let file): outline.media.append(file)
                case .file(let path, _): outline.files.append(path)
                case .row(let row):
                    guard keepingPages else { return false }
                    outline.pages[row.path] = row.page
                case .tool, .noThumbnail: break
                }
            }
            return true
        }
        guard read != .none, let declared else { return nil }
        outline.recordCount = declared
        return outline
    }

    /// How far ``readEntries(from:chunkSize:_:)`` read a manifest.
    private enum Reading { case none, stopped, whole }

    /// Gives `body` the entries of the manifest at `path`, a chunk's lines at a time, until it
    /// returns false: whether what was read is a manifest's, to its end or to where `body` stopped.
    private static func readEntries(from path: String, chunkSize: Int, _ body: ([Entry]) -> Bool) -> Reading {
        var reader = EntryReader()
        var stopped = false
        let read = FileLines.read(path, longestLine: longestLine, chunkSize: chunkSize) { lines in
            // Empty lines are passed over; a line too long (nil) is no entry.
            guard let entries = reader.entries(lines.filter { $0.bytes != [] }.map(\.bytes)) else { return false }
            stopped = !body(entries)
            return !stopped
        }
        if stopped { return reader.sawHeader ? .stopped : .none }
        return read && reader.isWhole ? .whole : .none
    }

    /// A manifest's lines turned into entries, a batch at a time, each checked against those before
    /// it: the first line must be the header; the outline, the files, the records and the failed
    /// thumbnails come in that order, the files and the records each once in path order; and the
    /// outline says how many records follow and what their media are.
    private struct EntryReader {
        var sawHeader = false
        /// The section of the last entry (``Entry/section``).
        private var section = 0
        private var declaredRecords: Int?
        private var recordLines = 0
        private var lastPath: String?
        private var lastFile: String?
        private var outlineMedia = Hasher()
        private var recordsMedia = Hasher()
        private var broken = false

        /// Whether the lines so far are a whole manifest.
        var isWhole: Bool {
            sawHeader && !broken && declaredRecords == recordLines && outlineMedia.finalize() == recordsMedia.finalize()
        }

        /// The entries of the next lines (nil: one too long); nil when they are not a manifest's.
        mutating func entries(_ lines: [[UInt8]?]) -> [Entry]? {
            var lines = lines[...]
            if !sawHeader {
                guard let first = lines.first else { return [] }
                guard first.map({ $0.elementsEqual(header.utf8) }) == true else { return nil }
                sawHeader = true
                lines = lines.dropFirst()
            }
            let decoded = SiteManifest.entries(Array(lines))
            var entries: [Entry] = []
            entries.reserveCapacity(decoded.count)
            for entry in decoded {
                guard let entry, take(entry) else {
                    broken = true
                    return nil
                }
                entries.append(entry)
            }
            return entries
        }

        /// Whether `entry` may follow the entries before it.
        private mutating func take(_ entry: Entry) -> Bool {
            guard entry.section >= section else { return false }
            section = entry.section
            switch entry {
            case .records(let count):
                guard declaredRecords == nil else { return false }
                declaredRecords = count
            case .media(let file): Self.combine(file, into: &outlineMedia)
            case .file(let path, _):
                if let lastFile, !(lastFile < path) { return false }
                lastFile = path
            case .row(let row):
                if let lastPath, !(lastPath < row.path) { return false }
                lastPath = row.path
                recordLines += 1
                for file in row.media { Self.combine(file, into: &recordsMedia) }
            case .tool, .key, .noThumbnail: break
            }
            return true
        }

        /// `text`'s bytes and a separator, so that `["ab"]` and `["a", "b"]` differ.
        private static func combine(_ text: String, into hasher: inout Hasher) {
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            hasher.combine(0xFF as UInt8)
        }
    }

    /// Takes `entries` in: a later line for the same path or key replaces an earlier one.
    private mutating func add(_ entries: [Entry]) {
        // Room for every entry at once: growing a dictionary of 100,000 paths hashes each again.
        let fileCount = entries.count { if case .file = $0 { true } else { false } }
        files.reserveCapacity(files.count + fileCount)
        rows.reserveCapacity(rows.count + entries.count { if case .row = $0 { true } else { false } })
        for entry in entries {
            switch entry {
            case .tool(let tool): thumbnailTool = tool
            case .key(let key): self.key = key
            case .file(let path, let hash): files[path] = hash
            case .row(let row): rows[row.path] = row
            case .noThumbnail(let hash): failedThumbnails.insert(hash)
            // The outline repeats what the records say (checked as it is read).
            case .records, .media: break
            }
        }
    }

    /// Lines after the header decoded on all cores; nil for one that is not a manifest's
    /// (too long, not UTF-8, or no entry).
    private static func entries(_ lines: [[UInt8]?]) -> [Entry?] {
        parallelMap(lines.count, minimumChunk: 4_096) { i in
            guard let line = lines[i] else { return nil }
            return line.withUnsafeBufferPointer { CatalogFrontMatter.isValidUTF8($0) ? entry(bytes: $0) : nil }
        }
    }

    /// One line of the manifest, after its header.
    private enum Entry: Sendable {
        case tool(String)
        case key(String)
        case records(Int)
        case media(String)
        case file(path: String, hash: String)
        case row(Row)
        case noThumbnail(String)

        /// Where the entry's lines come in a manifest: the outline, the files, the records, the
        /// failed thumbnails.
        var section: Int {
            switch self {
            case .tool, .key, .records, .media: 0
            case .file: 1
            case .row: 2
            case .noThumbnail: 3
            }
        }
    }

    /// The line in `bytes`; nil when it is none a manifest holds.
    private static func entry(bytes: UnsafeBufferPointer<UInt8>) -> Entry? {
        let fields = bytes.split(separator: 0x09, omittingEmptySubsequences: false).map { unescape(bytes: $0) }
        guard let tag = fields.first else { return nil }
        switch tag {
        case "tool" where fields.count == 2: return .tool(fields[1])
        case "key" where fields.count == 2: return .key(fields[1])
        case "records" where fields.count == 2:
            // Digits only: `Int("+5")` would take a sign folio never writes.
            guard fields[1].utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let count = Int(fields[1]) else { return nil }
            return .records(count)
        case "media" where fields.count == 2: return .media(fields[1])
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
