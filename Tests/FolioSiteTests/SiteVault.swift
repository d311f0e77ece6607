import Crypto
import FolioCore
import Foundation
import TestSupport

@testable import FolioSite
@testable import FolioStore

/// A vault written by hand in a fresh temporary folder, with a fixed clock, for the site's tests.
struct SiteVault {
    let root: URL
    /// The vault's folder and its siblings (``outside(_:)``), removed with the last copy.
    private let scratch: Scratch

    /// An English vault with one record per id, the n-th dated the 10th of month n + 1:
    /// `slug`n, titled `title` n, with `tags(n)` and `body(n)`.
    static func monthly(
        _ ids: [String], slug: String, title: String, tags: (Int) -> [String], body: (Int) -> String
    ) throws -> SiteVault {
        let vault = try SiteVault(language: "en")
        for (n, id) in ids.enumerated() {
            try vault.record(
                "\(slug)\(n)", id: id, title: "\(title) \(n)", day: String(format: "2026-%02d-10", n + 1), tags: tags(n), body: body(n))
        }
        return vault
    }

    init(language: String = "zh-Hant") throws {
        scratch = try Scratch("site")
        root = scratch.path("vault")
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".folio/local"), withIntermediateDirectories: true)
        try write(".folio/config.yaml", "language: \(language)\n")
    }

    var vault: Vault {
        let date = Timestamp("2026-11-22T18:04:11+08:00")?.date ?? Date()
        return Vault(root: root, clock: Clock(now: { date }, zone: TimeZone(secondsFromGMT: 8 * 3600) ?? .current))
    }

    var site: URL { root.appendingPathComponent(".folio/local/site") }

    /// Exports as `folio export html` does a while after the files were written: the catalog sees
    /// every file as settled, so the next export reuses what it can.
    func settledExport() throws -> SiteReport {
        let later = Vault.nowNanoseconds() + 10_000_000_000
        return try SiteExporter.export(vault, options: SiteOptions()) { vault.catalog(scanStart: later) }
    }

    /// A folder beside the vault (an output elsewhere, a link's target), gone with the vault.
    func outside(_ name: String) -> URL { scratch.path(name) }

    func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// A record file; `media` are vault paths listed under `media`.
    @discardableResult
    func record(
        _ slug: String, id: String, title: String, kind: String = "diary", day: String = "2026-11-22",
        tags: [String] = [], media: [(String, String)] = [], extra: String = "", body: String = ""
    ) throws -> String {
        let dir = kind == "idea" ? "ideas" : kind
        let path = "\(dir)/\(day.prefix(4))/\(day.dropFirst(5).prefix(2))/\(day)-\(slug).md"
        var text =
            "---\nid: \(id)\nkind: \(kind)\ntitle: \(yamlQuoted(title))\ncreated: \(day)T18:04:11+08:00\nmodified: \(day)T18:04:11+08:00\n"
        text += "tags: [\(tags.map(yamlQuoted).joined(separator: ", "))]\n"
        if !media.isEmpty {
            text += "media:\n"
            for (type, file) in media { text += "  - file: \(file)\n    type: \(type)\n" }
        }
        text += extra + "---\n" + body
        try write(path, text)
        return path
    }

    /// Stores `bytes` as a media file named by their hash; returns its vault path.
    func media(_ bytes: [UInt8], ext: String) throws -> String {
        let hash = SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
        let path = "media/\(hash.prefix(2))/\(hash).\(ext)"
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        return path
    }

    func siteText(_ relative: String) -> String? {
        try? String(contentsOf: site.appendingPathComponent(relative), encoding: .utf8)
    }

    func sitePages() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: site.path)
        var pages: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".html") { pages.append(path) }
        }
        return pages.sorted()
    }

    func inode(_ relative: String) -> UInt64? {
        (try? FileManager.default.attributesOfItem(atPath: site.appendingPathComponent(relative).path))?[.systemFileNumber] as? UInt64
    }

    private func yamlQuoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
