import Crypto
import FolioCore
import FolioStore
import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// Everything a whole site is made from, as one key: each record file of the vault by its path and
/// stamp (size, times, inode) and whether the site holds it, the kinds' keys, the language, the
/// front matter limits, where the vault is seen from the site, which of the records' media files
/// are there, and the thumbnail tool. The pages are a function of these, so when the key the last
/// export wrote is this run's key, every record it read is in its manifest and every file it wrote
/// is still there, nothing can have changed: the export is done without reading a record, building
/// a page or writing a byte.
///
/// Every record of the vault counts, not only those the site holds: a parent outside the site is
/// still named on its children's pages. A file written too recently for its stamp to tell a later
/// change apart has no settled stamp, and then there is no key (the export is done in full).
enum SiteInputs {
    static func key(
        catalog: Catalog, selected: [Int], language: Language, limits: FrontMatterLimits, vaultFromSite: String,
        kinds: [String: Kind], presentMedia: Set<String>, tool: String
    ) -> String? {
        var bytes: [UInt8] = []
        func add(_ text: String) {
            bytes.append(contentsOf: text.utf8)
            bytes.append(0)
        }
        add(SiteExporter.version)
        add(language.rawValue)
        add(String(describing: limits))
        add(vaultFromSite)
        add(tool)
        for name in kinds.keys.sorted() {
            guard let kind = kinds[name] else { continue }
            add(name + "\u{1}" + kind.fields.map { $0.name + ":" + String(describing: $0.type) }.joined(separator: ",") + kind.displayKey)
        }
        for file in presentMedia.sorted() { add(file) }
        add("records")
        var isSelected = [Bool](repeating: false, count: catalog.count)
        for position in selected where position >= 0 && position < catalog.count { isSelected[position] = true }
        // Each record's part is written on all cores, a run of rows each, and hashed in order a
        // few runs at a time: the whole key's bytes were 33 MB at 300,000 records, held twice.
        var hasher = SHA256()
        hasher.update(data: bytes)
        let run = 8_192
        let chosen = isSelected
        let partCount = (catalog.count + run - 1) / run
        for first in stride(from: 0, to: partCount, by: 8) {
            let parts: [[UInt8]?] = parallelMap(min(8, partCount - first), minimumChunk: 1) { offset in
                let part = first + offset
                var bytes: [UInt8] = []
                bytes.reserveCapacity(run * 96)
                // As bytes, not texts: at 100,000 records three texts a record were a tenth of an
                // export with nothing to do. A path holds no NUL, so the fixed-width stamp after
                // it cannot run into the next record's part.
                for position in (part * run)..<min(catalog.count, (part + 1) * run) {
                    guard let stamp = catalog.settledStamp(position) else { return nil }
                    catalog.appendPath(position, to: &bytes)
                    bytes += [0, chosen[position] ? UInt8(ascii: "+") : UInt8(ascii: "-")]
                    for number in [
                        stamp.size, UInt64(bitPattern: stamp.modifiedNanoseconds), UInt64(bitPattern: stamp.changedNanoseconds),
                        stamp.inode,
                    ] {
                        withUnsafeBytes(of: number.littleEndian) { bytes += $0 }
                    }
                }
                return bytes
            }
            for part in parts {
                guard let part else { return nil }
                hasher.update(data: part)
            }
        }
        return MediaNaming.hex(hasher.finalize())
    }

    /// A record file's stamp as the manifest keeps it.
    static func stampText(_ stamp: FileStamp) -> String {
        String(stamp.size) + "-" + String(stamp.modifiedNanoseconds) + "-" + String(stamp.changedNanoseconds) + "-" + String(stamp.inode)
    }

    /// The media files of `media` that a page may point at and that are there (regular files in the vault).
    static func presentMedia(_ media: some Sequence<SiteMedia>, vaultRoot: String) -> Set<String> {
        var seen = Set<String>()
        var present = Set<String>()
        for item in media where seen.insert(item.file).inserted {
            // A file not downloaded yet (an LFS pointer) is shown as missing, not as a broken picture.
            if SiteLinks.resolve(item.file, from: "x") == item.file && isRegularFile(vaultRoot + "/" + item.file)
                && !Vault.holdsLFSPointer(URL(fileURLWithPath: vaultRoot + "/" + item.file))
            {
                present.insert(item.file)
            }
        }
        return present
    }

    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }
}

extension ExportRun {
    /// The report of an export that found nothing changed (``SiteInputs``), or nil when something
    /// may have: then the export is done in full. The site's folders are checked as a full export
    /// checks them (one that became a symbolic link is refused), and every file the last export
    /// wrote must still be there.
    func unchangedReport(catalog: Catalog, selection: CatalogSelection, tool: String) throws(FolioError) -> SiteReport? {
        // Only the manifest's outline is read, up to its first record: not the stamps, input keys
        // and first lines, most of it (at 300,000 records the whole manifest decoded was 500 MB).
        let pagesWanted = options.live != nil
        guard let old = folder.readManifestOutline(keepingPages: pagesWanted), !old.key.isEmpty,
            old.recordCount == selection.count
        else { return nil }
        // The key names every record of the vault with whether the site holds it, so the site
        // holds the same records as when the manifest was written; the manifest's records are
        // some of those (each once), and as many: all of them.
        let media = old.media.compactMap(SiteMedia.init(encoded:))
        let present = SiteInputs.presentMedia(media, vaultRoot: vault.root.path)
        guard
            SiteInputs.key(
                catalog: catalog, selected: selection.recordPositions, language: language, limits: vault.frontMatterLimits,
                vaultFromSite: vaultFromSite, kinds: vault.kinds, presentMedia: present, tool: tool) == old.key
        else { return nil }
        for directory in [""] + SiteFolder.directories(of: old.files) { try folder.makeDirectory(directory) }
        guard folder.allExist(old.files) else { return nil }
        // A manifest names each file once (its files are in path order).
        return SiteReport(
            indexURL: folder.root.appendingPathComponent("index.html"), records: selection.count, written: 0, removed: 0,
            unchanged: old.files.count - (old.files.contains(SiteFolder.termsName) ? 1 : 0), thumbnailsMade: 0,
            missingThumbnailTool: tool.isEmpty && media.contains { $0.kind == .photo || $0.kind == .video },
            skipped: [], pages: old.pages, media: pagesWanted ? present : [], readNotices: ReadNotices.of(catalog))
    }
}
