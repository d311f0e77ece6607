import Crypto
import FolioCore
import FolioStore
import Foundation
import SystemIO

/// One record as the site shows it: its place in the catalog, and what the export worked out for
/// it. What its summary holds (path, title, kind, tags) is decoded from the catalog when asked: kept
/// decoded for every record it was most of an export's memory (45 MB of summaries and 26 MB of
/// entries at 100,000 records).
struct SiteRecord: Sendable {
    let catalog: Catalog
    let position: Int32
    /// Whether the record's body may hold a wikilink, once it was read this run (its page then
    /// depends on every name of the site).
    var hasWikilinks: Bool?
    /// `records/<name>.html`, site-relative.
    var page: String
    /// Where the first line of the page lies in the export's scratch file (``FirstLines``); nil
    /// when it has none.
    var firstLine: ScratchFile.Place?
    var media: [SiteMedia]

    init(catalog: Catalog, position: Int, page: String) {
        self.catalog = catalog
        self.position = Int32(truncatingIfNeeded: position)
        self.page = page
        media = []
    }

    var summary: RecordSummary { catalog.summary(Int(position)) }
    /// Vault-relative, as the summary has it.
    var path: String { catalog.path(Int(position)) }
    var kind: String? { catalog.names[Int(position)].kind }
    var id: String? { catalog.names[Int(position)].id }
    /// `YYYY-MM-DD` of `created` (else `modified`), nil when undated.
    var day: String? { catalog.sortTime(Int(position))?.day10 }
    /// The file's stamp when settled (nil when it must be read again).
    var settledStamp: FileStamp? { catalog.settledStamp(Int(position)) }
    /// The stamp as text (empty when it must be read again).
    var stamp: String { settledStamp.map(SiteInputs.stampText) ?? "" }
}

/// One media file of a record.
struct SiteMedia: Sendable, Hashable {
    enum Kind: String, Sendable {
        case photo, video, audio, other
    }

    var kind: Kind
    /// Vault-relative: `media/ab/ab12….jpg`.
    var file: String

    /// `photo:media/ab/…` as the manifest keeps it.
    var encoded: String { kind.rawValue + ":" + file }

    init(kind: Kind, file: String) {
        self.kind = kind
        self.file = file
    }

    init?(encoded: String) {
        guard let colon = encoded.firstIndex(of: ":") else { return nil }
        self.init(kind: Kind(rawValue: String(encoded[..<colon])) ?? .other, file: String(encoded[encoded.index(after: colon)...]))
    }

    /// The kind a media entry's `type` says, else its extension.
    static func kind(type: String?, file: String) -> Kind {
        switch type?.lowercased() {
        case "photo", "image": return .photo
        case "video": return .video
        case "audio", "voice": return .audio
        default: break
        }
        switch MediaExtension.noun(for: (file as NSString).pathExtension) {
        case "photo": return .photo
        case "video": return .video
        case "audio": return .audio
        default: return .other
        }
    }

    /// Whether browsers show the file itself (HEIC and TIFF they do not; an SVG is kept in the
    /// site only as a download, ``sitePath(of:)``).
    var browserShows: Bool {
        switch (file as NSString).pathExtension.lowercased() {
        case "heic", "heif", "tif", "tiff": false
        case let ext: Self.isPassive(ext)
        }
    }

    /// Where the site keeps its copy of a vault media file: the vault's own path for a file of
    /// `media/` (`media/ab/<hash>.jpg`), else a name made from the path under `media/other/`.
    /// A file of any other type (an SVG, an HTML page, a script, a file with no extension) is
    /// kept as `.bin`: a host types a published file by its name, and would serve those as
    /// documents that run in the site's origin. As `.bin` a browser only downloads them.
    static func sitePath(of vaultPath: String) -> String {
        let ext = (vaultPath as NSString).pathExtension.lowercased()
        let passive = isPassive(ext)
        if passive, vaultPath.hasPrefix("media/"), SiteFolder.isSafe(vaultPath), !vaultPath.contains("/.tmp-") { return vaultPath }
        return "media/other/" + String(sha256Hex(vaultPath).prefix(32)) + "." + (passive ? ext : "bin")
    }

    /// Whether a host serving a file named with `ext` serves something no browser runs: a
    /// photo, video or recording (``MediaExtension``), or a PDF (shown by the browser's own
    /// viewer, not in the page's origin).
    static func isPassive(_ ext: String) -> Bool {
        MediaExtension.noun(for: ext) != nil || ext == "pdf"
    }

    /// The hash the file is named by (its name without the extension), when it looks like one.
    var hash: String? {
        let stem = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        guard stem.utf8.count >= 16, stem.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
            return nil
        }
        return stem
    }
}

/// What every page needs to know about the site as a whole.
struct SiteContext: Sendable {
    var language: Language
    /// From the site's root folder to the vault's, as URL components (`../../..`).
    var vaultFromSite: String
    /// Vault-relative media paths whose files are there.
    var presentMedia: Set<String>
    /// Vault-relative media path → site-relative thumbnail path.
    var thumbnails: [String: String]
    /// The site's pages by record path and id, and every record's title by id (a parent outside
    /// the site is named, not linked).
    var lookup = SiteLookup()
    /// Kind → what it is called in the vault's language (its label), for kinds that have one.
    var kindNames: [String: String] = [:]
    /// What a wikilink (`[[Bob]]`) may name a record of the site by ``WikilinkNames``.
    var names = WikilinkNames()
    /// Set for the pages `folio serve` answers with (its forms); nil for an export.
    var live: LiveSite?
    /// Whether the site holds copies of the media it shows (an export, which may be moved or
    /// published); else pages point at the vault's files (the served app answers for them).
    var mediaInSite = false

    func text(_ text: SiteText) -> String { text.text(language) }

    /// What a record's kind is called on a page: its label, else its name.
    func kindName(_ kind: String?) -> String {
        guard let kind else { return "" }
        return kindNames[kind] ?? kind
    }

    /// The URL of a vault file from a page `depth` folders below the site's root.
    func vaultURL(_ vaultPath: String, depth: Int) -> String {
        String(repeating: "../", count: depth) + vaultFromSite + "/" + HTML.pathURL(vaultPath)
    }

    /// The URL of a media file of the vault from a page `depth` folders below the site's root: the
    /// site's copy of it when the site holds one, else the vault's file.
    func mediaURL(_ vaultPath: String, depth: Int) -> String {
        mediaInSite ? siteURL(SiteMedia.sitePath(of: vaultPath), depth: depth) : vaultURL(vaultPath, depth: depth)
    }

    /// The URL of a site file from a page `depth` folders below the site's root.
    func siteURL(_ sitePath: String, depth: Int) -> String {
        String(repeating: "../", count: depth) + HTML.pathURL(sitePath)
    }

    /// A list thumbnail for `media` from a page at `depth`: the thumbnail made for it, else the
    /// photo itself (when a browser can show it), else nil.
    func thumbnailURL(_ media: [SiteMedia], depth: Int) -> String? {
        for item in media where (item.kind == .photo || item.kind == .video) && presentMedia.contains(item.file) {
            if let thumb = thumbnails[item.file] { return siteURL(thumb, depth: depth) }
            if item.kind == .photo, item.browserShows { return mediaURL(item.file, depth: depth) }
        }
        return nil
    }
}

extension Timestamp {
    /// `2026-11-22 18:04` as written (the record's own offset), for a page.
    var shown: String {
        let t = text
        guard t.utf8.count >= 16 else { return day10 }
        let date = String(t.prefix(10))
        let time = String(t.dropFirst(11).prefix(5))
        return time.contains(":") ? date + " " + time : date
    }
}

/// The names a wikilink finds a record of the site by: its title, its aliases and its file's name
/// (`[[Bob]]` is Obsidian's link to `Bob.md`). A name written exactly as one record's wins; else
/// one that differs only in case; a name several records share at that step finds none.
///
/// Names are kept as 128-bit digests (``TextDigest``), not as text: at 100,000 records the names and
/// their lower-case forms were 52 MB of an export's peak, their digests 14 MB. Two names with one
/// digest would take each other's place; at 128 bits that is as likely as a SHA-256 collision.
struct WikilinkNames: Sendable {
    /// A name's digest → the position of its page in `pages`; -1 when several records answer to it.
    private var exact: [TextDigest: Int32] = [:]
    private var folded: [TextDigest: Int32] = [:]
    private var pages: [String] = []
    /// Every name and the page it finds ("" for several): what a page's key holds of the others.
    private(set) var key = ""

    init() {}

    /// The names of `count` records, `record(i)` giving the names and page of each. Made without
    /// a list of them all: at 100,000 records their tables and key were the export's peak.
    init(count: Int, _ record: (Int) -> (names: [String], page: String)) {
        exact.reserveCapacity(count * 2)
        folded.reserveCapacity(count * 2)
        pages.reserveCapacity(count)
        func add(_ name: TextDigest, _ position: Int, to table: inout [TextDigest: Int32]) {
            if let there = table[name], there < 0 || pages[Int(there)] != pages[position] {
                table[name] = -1
            } else {
                table[name] = Int32(position)
            }
        }
        for i in 0..<count {
            let (names, page) = record(i)
            pages.append(page)
            for name in Set(names) where !name.isEmpty {
                add(TextDigest(name), i, to: &exact)
                add(TextDigest(name.lowercased()), i, to: &folded)
            }
        }
        // The hash of each name's digest and the page it finds, in the digests' order.
        var hasher = SHA256()
        for digest in exact.keys.sorted() {
            let position = exact[digest] ?? -1
            digest.append(to: &hasher)
            hasher.update(data: Array(((position < 0 ? "" : pages[Int(position)]) + "\u{2}").utf8))
        }
        key = String(MediaNaming.hex(hasher.finalize()).prefix(32))
    }

    /// The page `name` finds, when exactly one record answers to it.
    func page(_ name: String) -> String? {
        guard let position = exact[TextDigest(name)] ?? folded[TextDigest(name.lowercased())], position >= 0 else { return nil }
        return pages[Int(position)]
    }
}

/// The site's records and the vault's, found by path or id: a record's page by its path or id,
/// any record's title by its id. Each table keeps a text's ``TextDigest`` and a number, and every
/// answer is checked against the catalog, so two texts sharing a digest find nothing rather than
/// the wrong record. As tables of strings (page by path, page by id, title by id) they were 140 MB
/// of a first export at 300,000 records; these take about 30 MB.
struct SiteLookup: Sendable {
    private let catalog: Catalog?
    /// The site's records, in the site's order: their pages and catalog positions.
    private var pages: [String] = []
    private var positions: [Int32] = []
    private var siteByPath: [TextDigest: Int32] = [:]
    private var siteByID: [TextDigest: Int32] = [:]
    /// Every record of the vault by id (the first in catalog order), as a catalog position.
    private var vaultByID: [TextDigest: Int32] = [:]

    /// Finds nothing (pages made without a site around them).
    init() { catalog = nil }

    init(catalog: Catalog) {
        self.catalog = catalog
        vaultByID.reserveCapacity(catalog.count)
    }

    /// Notes the record at catalog `position` with `id`, unless a record before it has that id.
    mutating func addVaultRecord(id: String, position: Int) {
        let digest = TextDigest(id)
        if vaultByID[digest] == nil { vaultByID[digest] = Int32(truncatingIfNeeded: position) }
    }

    /// Notes the site's records, in the site's order (an id two records share finds the first).
    mutating func addSite(_ entries: [SiteRecord]) {
        pages = entries.map(\.page)
        positions = entries.map(\.position)
        siteByPath.reserveCapacity(entries.count)
        siteByID.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            let number = Int32(truncatingIfNeeded: index)
            let path = TextDigest(entry.path)
            if siteByPath[path] == nil { siteByPath[path] = number }
            if let id = entry.id {
                let digest = TextDigest(id)
                if siteByID[digest] == nil { siteByID[digest] = number }
            }
        }
    }

    /// The page of the site's record at vault-relative `path`.
    func page(path: String) -> String? {
        guard let catalog, let index = siteByPath[TextDigest(path)].map(Int.init), index < pages.count,
            catalog.path(Int(positions[index])) == path
        else { return nil }
        return pages[index]
    }

    /// The page of the site's record with `id`.
    func page(id: String) -> String? {
        guard let catalog, let index = siteByID[TextDigest(id)].map(Int.init), index < pages.count,
            catalog.names[Int(positions[index])].id == id
        else { return nil }
        return pages[index]
    }

    /// The title of the vault's record with `id`.
    func title(id: String) -> String? {
        guard let catalog, let position = vaultByID[TextDigest(id)].map(Int.init), position < catalog.count else { return nil }
        let name = catalog.names[position]
        return name.id == id ? name.title : nil
    }
}

/// A record page's SHA-256 as the export keeps it until the manifest is written: 32 bytes, where
/// as the manifest's 64 hex digits it was 35 MB more at 300,000 records.
struct PageHash: Sendable, Equatable {
    private let words: (UInt64, UInt64, UInt64, UInt64)

    /// The hash in 64 lower-case hex digits (as ``sha256Hex(_:)`` writes it); nil for other text.
    init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.count == 64 else { return nil }
        var words: [UInt64] = []
        for start in stride(from: 0, to: 64, by: 16) {
            var word: UInt64 = 0
            for digit in digits[start..<start + 16] {
                switch digit {
                case 0x30...0x39: word = word << 4 | UInt64(digit - 0x30)
                case 0x61...0x66: word = word << 4 | UInt64(digit - 0x61 + 10)
                default: return nil
                }
            }
            words.append(word)
        }
        self.words = (words[0], words[1], words[2], words[3])
    }

    static func == (a: PageHash, b: PageHash) -> Bool { a.words == b.words }

    var hex: String {
        withUnsafeBytes(of: (words.0.bigEndian, words.1.bigEndian, words.2.bigEndian, words.3.bigEndian)) { MediaNaming.hex($0) }
    }
}

/// The first 128 bits of a text's SHA-256: what ``WikilinkNames`` keeps of a name, and what an
/// export keeps of each page's key until it writes the key as text (``hex``) in the manifest.
struct TextDigest: Hashable, Comparable, Sendable {
    let high: UInt64
    let low: UInt64

    init(_ name: String) {
        let digest = SHA256.hash(data: Array(name.utf8))
        (high, low) = digest.withUnsafeBytes {
            (UInt64(bigEndian: $0.loadUnaligned(as: UInt64.self)), UInt64(bigEndian: $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
        }
    }

    /// The 32 hexadecimal digits of the digest, as `sha256Hex(text).prefix(32)` writes them.
    var hex: String { withUnsafeBytes(of: (high.bigEndian, low.bigEndian)) { MediaNaming.hex($0) } }

    static func < (a: TextDigest, b: TextDigest) -> Bool { (a.high, a.low) < (b.high, b.low) }

    func append(to hasher: inout SHA256) {
        withUnsafeBytes(of: (high.bigEndian, low.bigEndian)) { hasher.update(bufferPointer: $0) }
    }
}
