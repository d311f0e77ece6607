import Foundation

/// The site manifest's readers, reachable by folio's fuzz harnesses (`Tests/FuzzTargets`) without
/// `@testable`: any bytes in place of `.folio-site/manifest`, and the promises its readers keep.
/// Not for any other use.
public enum SiteManifestFuzzing {
    /// Reads `bytes` as a manifest through the file at `scratch` (overwritten), a chunk of
    /// `chunkSize` bytes at a time, and returns the first promise broken, or nil:
    /// - read a chunk at a time, the manifest is the one its text decoded whole gives (none when
    ///   the bytes are not UTF-8);
    /// - its outline with the pages (read to the end) is none exactly when the manifest is none,
    ///   and otherwise holds the manifest's key, number of records, media in the records' order,
    ///   pages and files;
    /// - its outline without the pages (read up to the first record) is there whenever the
    ///   manifest is, and then holds the same but the pages.
    public static func brokenPromise(in bytes: [UInt8], scratch: URL, chunkSize: Int) -> String? {
        do {
            try Data(bytes).write(to: scratch)
        } catch {
            // Said, never taken for an input that kept every promise.
            return "the scratch file could not be written: \(error)"
        }
        let whole = String(validating: bytes, as: UTF8.self).flatMap(SiteManifest.decode)
        let read = SiteManifest.read(from: scratch.path, chunkSize: chunkSize)
        guard read == whole else { return "read a chunk at a time, the manifest is not the one decoded whole" }
        let outline = SiteManifest.read(outlineFrom: scratch.path, keepingPages: true, chunkSize: chunkSize)
        guard let read else { return outline == nil ? nil : "a manifest that is none has an outline" }
        guard let outline else { return "a manifest has no outline" }
        let rows = read.rows.keys.sorted().compactMap { read.rows[$0] }
        guard outline.key == read.key, outline.recordCount == rows.count, outline.media == rows.flatMap(\.media),
            outline.pages == read.rows.mapValues(\.page), outline.files == read.files.keys.sorted()
        else { return "the outline is not what the manifest holds" }
        guard var short = SiteManifest.read(outlineFrom: scratch.path, keepingPages: false, chunkSize: chunkSize) else {
            return "a manifest has no outline up to its first record"
        }
        guard short.pages.isEmpty else { return "the outline up to the first record has pages" }
        short.pages = outline.pages
        guard short.key == outline.key, short.recordCount == outline.recordCount, short.media == outline.media,
            short.files == outline.files
        else { return "the outline up to the first record is not the whole outline" }
        return nil
    }

    /// Manifests folio writes: an empty site, and one with records, media, escaped text and
    /// thumbnails that failed.
    public static func seeds() -> [[UInt8]] {
        var full = SiteManifest()
        full.key = "3f2a"
        full.thumbnailTool = "ffmpeg 7.1"
        full.files = ["index.html": "aa", "records/a.html": "bb", "search.js": "cc"]
        full.rows = [
            "diary/2026/11/a.md": SiteManifest.Row(
                page: "records/a.html", path: "diary/2026/11/a.md", stamp: "12-3-4-5", inputKey: "ik",
                firstLine: "下雨了\t100%\r\n", media: ["photo:media/ab/ab.jpg", "video:media/cd/cd.mov"]),
            "ideas/b.md": SiteManifest.Row(page: "records/b.html", path: "ideas/b.md", stamp: "", inputKey: "", firstLine: "", media: []),
        ]
        full.failedThumbnails = ["ef"]
        return [SiteManifest().encoded(), full.encoded()].map { Array($0.utf8) }
    }
}
