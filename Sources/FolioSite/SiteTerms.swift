import FolioCore
import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// Each record's search terms while an export runs, by page, kept on disk instead of in memory:
/// at 100,000 records they are 89 MB, and held as strings with the last export's beside them
/// they were the largest part of a first export's memory.
///
/// Terms made this run go to a scratch file in the site's marker folder (``ScratchFile``). Terms of records not read this run come from
/// the last export's terms file, whose lines are looked through once for where each page's terms
/// are. Both are read back a page at a time when `search.js` is written.
final class SiteTerms {
    private struct Place {
        var fromScratch: Bool
        var place: ScratchFile.Place
    }

    /// A line of the last export's file longer than this is not used: its record is read again.
    static let longestLine = 16 << 20

    private let scratch: ScratchFile
    private var old: Int32 = -1
    private var places: [String: Place] = [:]
    /// Pages whose terms were made this run.
    private(set) var madeCount = 0

    init(markerFolder: String) {
        scratch = ScratchFile(folder: markerFolder, shownName: SiteFolder.termsName)
    }

    deinit {
        if old >= 0 { close(old) }
    }

    func has(_ page: String) -> Bool { places[page] != nil }

    /// Whether `page`'s terms were made this run (not kept from the last export).
    func madeThisRun(_ page: String) -> Bool { places[page]?.fromScratch == true }

    /// Keeps `terms` for `page`, in place of any it had.
    func add(_ terms: String, for page: String) throws(FolioError) {
        places[page] = Place(fromScratch: true, place: try scratch.append(terms))
        madeCount += 1
    }

    /// Looks through the last export's terms file (`page<TAB>terms` lines) for where the terms of
    /// `pages` are, for those that have none from this run; lines of other pages are not kept. A
    /// line that is not UTF-8, has no tab or is too long is passed over: its record is read again.
    /// Anything but a regular file there is not read.
    func useOld(at path: String, for pages: Set<String>) {
        guard let (fd, _) = Descriptor.openRegular(path) else { return }
        old = fd
        _ = FileLines.read(fd, longestLine: Self.longestLine, chunkSize: 1 << 20) { lines in
            // A last line without its LF was cut short.
            for line in lines where line.ended { if let bytes = line.bytes { note(bytes, at: line.offset, for: pages) } }
            return true
        }
    }

    private func note(_ line: [UInt8], at offset: Int, for pages: Set<String>) {
        guard let tab = line.firstIndex(of: 0x09), line.withUnsafeBufferPointer(CatalogFrontMatter.isValidUTF8) else { return }
        let page = String(decoding: line[..<tab], as: UTF8.self)
        guard places[page] == nil, pages.contains(page) else { return }
        places[page] = Place(
            fromScratch: false, place: ScratchFile.Place(offset: offset + tab + 1, count: Int32(clamping: line.count - tab - 1)))
    }

    /// Forgets every page's terms (once `search.js` is written: at 300,000 records the table is 30 MB).
    func release() {
        places = [:]
        if old >= 0 { close(old) }
        old = -1
    }

    /// The terms kept for `page`; nil when it has none.
    func terms(of page: String) throws(FolioError) -> String? {
        guard let kept = places[page] else { return nil }
        return kept.fromScratch
            ? try scratch.text(kept.place) : try ScratchFile.text(at: kept.place, in: old, shownName: SiteFolder.termsName)
    }
}
