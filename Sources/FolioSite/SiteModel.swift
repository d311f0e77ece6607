import Crypto
import FolioCore
import FolioStore
import Foundation

/// One record as the site shows it.
struct SiteRecord: Sendable {
    var summary: RecordSummary
    /// `records/<name>.html`, site-relative.
    var page: String
    /// `YYYY-MM-DD` of `created` (else `modified`), nil when undated.
    var day: String?
    /// The file's stamp as text (empty when it must be read again).
    var stamp: String
    var firstLine: String
    var media: [SiteMedia]

    var title: String { summary.title.isEmpty ? "" : summary.title }
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

    /// Whether browsers show the file itself (HEIC and TIFF they do not).
    var browserShows: Bool {
        switch (file as NSString).pathExtension.lowercased() {
        case "heic", "heif", "tif", "tiff": false
        default: true
        }
    }

    /// Where the site keeps its copy of a vault media file: the vault's own path for a file of
    /// `media/` (`media/ab/<hash>.jpg`), else a name made from the path under `media/other/`.
    static func sitePath(of vaultPath: String) -> String {
        if vaultPath.hasPrefix("media/"), SiteFolder.isSafe(vaultPath), !vaultPath.contains("/.tmp-") { return vaultPath }
        let ext = (vaultPath as NSString).pathExtension.lowercased()
        let safeExt =
            !ext.isEmpty && ext.utf8.count <= 8 && ext.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x7A).contains($0) }
        return "media/other/" + String(sha256Hex(vaultPath).prefix(32)) + (safeExt ? "." + ext : "")
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
    /// Vault-relative record path → site-relative page, for every record in the site.
    var pageByPath: [String: String]
    /// Record id → site-relative page.
    var pageByID: [String: String]
    /// Record id → title, for every record of the vault (a parent outside the site is named, not linked).
    var titleByID: [String: String]
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
struct WikilinkNames: Sendable {
    /// Name → the position of its page in `pages`; -1 when several records answer to it.
    private var exact: [String: Int] = [:]
    private var folded: [String: Int] = [:]
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
        func add(_ name: String, _ position: Int, to table: inout [String: Int]) {
            guard !name.isEmpty else { return }
            if let there = table[name], there < 0 || pages[there] != pages[position] { table[name] = -1 } else { table[name] = position }
        }
        for i in 0..<count {
            let (names, page) = record(i)
            pages.append(page)
            for name in Set(names) {
                add(name, i, to: &exact)
                add(name.lowercased(), i, to: &folded)
            }
        }
        // The hash of `name<U+1>page` for every name in order, joined by U+2.
        var hasher = SHA256()
        for (i, name) in exact.keys.sorted().enumerated() {
            if i > 0 { hasher.update(data: [0x02]) }
            let position = exact[name] ?? -1
            hasher.update(data: Array((name + "\u{1}" + (position < 0 ? "" : pages[position])).utf8))
        }
        key = String(MediaNaming.hex(hasher.finalize()).prefix(32))
    }

    /// The page `name` finds, when exactly one record answers to it.
    func page(_ name: String) -> String? {
        guard let position = exact[name] ?? folded[name.lowercased()], position >= 0 else { return nil }
        return pages[position]
    }
}
