import FolioCore
import FolioStore
import Foundation
import Markdown
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// `folio export markdown`: a folder another tool opens as it is (Obsidian opens it as a vault).
///
/// Each record keeps its path and its whole file, front matter included; the media its body links
/// or its `media` lists are copied to `attachments/` under the names they were imported with
/// (`IMG_2041.jpg`, `-2` added on a clash), and the body's links point there.
public enum MarkdownExport {
    public struct Result: Sendable {
        public var records: Int
        public var media: Int
    }

    /// Writes the records of `batches` under `folder`, which must be empty or not exist yet, a
    /// batch at a time (``Vault/recordBatches(at:)``): never the whole vault in memory.
    /// - Throws: ``FolioError`` `.exchange(.outputNotEmpty)`, or `.writeFailed` naming the file.
    public static func export(_ batches: some Sequence<[Record]>, vault: Vault, to folder: URL, shown: String) throws(FolioError) -> Result
    {
        let existing = try Vault.folderNames(at: folder.path, shown: shown)
        if !existing.isEmpty { throw FolioError(.exchange(.outputNotEmpty(shown))) }
        try AtomicFile.makeDirectory(folder)
        var attachments: [String: String] = [:]
        var used = Set<String>()
        func attachment(for media: String, name: String?) throws(FolioError) -> String {
            if let known = attachments[media] { return known }
            let base = safeName(name ?? "") ?? (media as NSString).lastPathComponent
            var candidate = base
            var counter = 2
            while !used.insert(candidate.lowercased()).inserted {
                let ext = (base as NSString).pathExtension
                let stem = (base as NSString).deletingPathExtension
                candidate = ext.isEmpty ? "\(stem)-\(counter)" : "\(stem)-\(counter).\(ext)"
                counter += 1
            }
            let path = "attachments/\(candidate)"
            try copy(vault.url(media), to: folder.appendingPathComponent(path))
            attachments[media] = path
            return path
        }
        var written = 0
        for record in batches.joined() {
            written += 1
            let names = Dictionary(
                MediaEntry.entries(of: record.document).map { ($0.file, $0.name) }, uniquingKeysWith: { first, _ in first })
            var targets: [String: String] = [:]
            for link in MarkdownLinks.links(in: record.document.body) {
                let destination = link.destination
                guard let media = MediaLinks.resolve(destination, fromRecord: record.path), media.hasPrefix("media/"),
                    FileManager.default.fileExists(atPath: vault.url(media).path), !vault.isNotDownloaded(media)
                else { continue }
                let path = try attachment(for: media, name: names[media] ?? Self.fileName(inText: link.text, for: media))
                targets[destination] = MediaLinks.relativeTarget(fromRecord: record.path, to: path)
            }
            // A file not downloaded yet (an LFS pointer) is not exported as if it were the photo.
            for (file, name) in names
            where file.hasPrefix("media/") && FileManager.default.fileExists(atPath: vault.url(file).path) && !vault.isNotDownloaded(file) {
                _ = try attachment(for: file, name: name)
            }
            let body = LinkRewriter.rewrite(record.document.body) { targets[$0] }
            let head = String(decoding: Array(record.document.text.utf8)[..<record.document.bodyStart], as: UTF8.self)
            try AtomicFile.write(head + body, to: folder.appendingPathComponent(record.path))
        }
        return Result(records: written, media: attachments.count)
    }

    /// The name a link's text gives its file, when the text is one with the file's extension: an
    /// Obsidian embed imported as `![scan.png|200](…)` keeps `scan.png` (a note lists no `media`).
    static func fileName(inText text: String, for media: String) -> String? {
        let name = String(text.prefix { $0 != "|" }).trimmingCharacters(in: .whitespaces)
        let own = (media as NSString).pathExtension.lowercased()
        let written = (name as NSString).pathExtension.lowercased()
        let same = written == own || (["jpg", "jpeg"].contains(written) && ["jpg", "jpeg"].contains(own))
        guard !own.isEmpty, same, (name as NSString).deletingPathExtension.count > 0 else { return nil }
        return safeName(name)
    }

    /// A file name fit for `attachments/`: no folder, no control character, not hidden.
    static func safeName(_ name: String) -> String? {
        let last = (name as NSString).lastPathComponent
        guard !last.isEmpty, !last.hasPrefix("."), last != "..", !last.unicodeScalars.contains(where: { $0.value < 0x20 }),
            PortablePath.problem(last) == nil
        else { return nil }
        return last
    }

    /// A media file into the export, streamed (a video is never read whole into memory).
    static func copy(_ source: URL, to target: URL) throws(FolioError) {
        do {
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw FolioError(.writeFailed(.other("\(error)")), file: target.deletingLastPathComponent().path)
        }
        guard let failure = FileCopy.replace(target.path, withCopyOf: source.path) else { return }
        guard access(source.path, R_OK) == 0 else { throw FolioError(.fileUnreadable(source.path)) }
        throw FolioError(.writeFailed(SystemReason(errno: failure)), file: target.path)
    }
}
