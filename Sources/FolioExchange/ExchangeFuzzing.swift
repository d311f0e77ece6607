import FolioCore
import FolioStore
import Foundation

/// The importers' readers, reachable by folio's fuzz harnesses (`Tests/FuzzTargets`) without
/// `@testable`: bytes of an export in, the files an import would write out. Not for any other use.
public enum ExchangeFuzzing {
    public enum Format: CaseIterable, Sendable {
        case jrnl, dayOne, folioJSON, markdownNote, jrnlText
    }

    /// jrnl's own text format read as `folio import jrnl journal.txt` reads it; the entries found.
    public static func jrnlTextEntries(_ text: String) -> Int { JrnlText.parse(text).count }

    /// How `export markdown` and the importers read a body's links: rewritten (each kept as it
    /// is), and listed; the sizes of what they give, for the growth harness.
    public static func linkReaders(_ body: String) -> Int {
        LinkRewriter.rewrite(body) { _ in nil }.utf8.count + LinkScan.destinations(body).count
    }

    /// A file an import would write, or why the input was refused.
    public struct File: Sendable {
        public var id: String
        public var path: String
        public var text: String
        /// For a Markdown note: the note as read.
        public var original: String?
    }

    /// Reads `bytes` as `format` with a vault at `root` (which need not exist: nothing is written)
    /// and renders every entry as its file.
    public static func files(_ bytes: [UInt8], as format: Format, root: URL) -> Result<[File], FolioError> {
        let vault = Vault(
            root: root,
            clock: Clock(now: { Date(timeIntervalSince1970: 1_800_000_000) }, zone: TimeZone(identifier: "Asia/Taipei") ?? .current))
        do throws(FolioError) {
            let entries: [ImportEntry]
            var original: String?
            switch format {
            case .jrnl:
                let builder = EntryBuilder(vault: vault, kind: try vault.kind("diary"))
                entries = try JrnlImport.entries(
                    try JSONInput.parse(Data(bytes), displayName: "fuzz.json"), file: "fuzz.json",
                    builder: builder, zone: vault.clock.zone)
            case .dayOne:
                var warnings: [FolioError] = []
                let builder = EntryBuilder(vault: vault, kind: try vault.kind("diary"))
                entries = try DayOneImport.entries(
                    try JSONInput.parse(Data(bytes), displayName: "Journal.json"), file: "Journal.json",
                    folder: root, builder: builder, zone: vault.clock.zone, warnings: &warnings)
            case .folioJSON:
                entries = try FolioJSON.entries(
                    try JSONInput.parse(Data(bytes), displayName: "vault.json"), file: "vault.json", scratch: nil
                ).entries
            case .jrnlText:
                guard let text = String(validating: bytes, as: UTF8.self) else { return .success([]) }
                let builder = EntryBuilder(vault: vault, kind: try vault.kind("diary"))
                entries = try JrnlText.entries(
                    JrnlText.parse(text).map { ($0, source: "fuzz.txt") }, builder: builder, zone: vault.clock.zone)
            case .markdownNote:
                guard let text = String(validating: bytes, as: UTF8.self) else { return .success([]) }
                original = text
                let stamp = vault.clock.timestamp
                entries = [
                    try MarkdownImport.note(
                        text, relative: "folder/2026-11-22 note.md", path: "notes/folder/2026-11-22 note.md",
                        kind: try vault.kind("note"), zone: vault.clock.zone, mtime: stamp,
                        limits: vault.frontMatterLimits
                    ) { FolioError(.exchange(.badEntry(file: "fuzz", entry: .named("note"), problem: $0))) }
                ]
            }
            try Importer.checkUnique(entries)
            var files: [File] = []
            for entry in entries {
                files.append(
                    File(
                        id: entry.id, path: entry.path, text: try entry.text(at: entry.path, stored: [:], vault: vault), original: original)
                )
            }
            return .success(files)
        } catch {
            return .failure(error)
        }
    }
}
