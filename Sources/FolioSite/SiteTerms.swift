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
/// Terms made this run go to a scratch file in the site's marker folder, unlinked as soon as it
/// is opened (a killed export leaves nothing behind). Terms of records not read this run come from
/// the last export's terms file, whose lines are looked through once for where each page's terms
/// are. Both are read back a page at a time when `search.js` is written.
final class SiteTerms {
    private struct Place {
        var fromScratch: Bool
        var offset: Int
        var count: Int
    }

    /// A line of the last export's file longer than this is not used: its record is read again.
    static let longestLine = 16 << 20

    private let markerFolder: String
    private var scratch: Int32 = -1
    private var scratchEnd = 0
    private var old: Int32 = -1
    private var places: [String: Place] = [:]
    /// Pages whose terms were made this run.
    private(set) var madeCount = 0

    init(markerFolder: String) {
        self.markerFolder = markerFolder
    }

    deinit {
        if scratch >= 0 { close(scratch) }
        if old >= 0 { close(old) }
    }

    func has(_ page: String) -> Bool { places[page] != nil }

    /// Whether `page`'s terms were made this run (not kept from the last export).
    func madeThisRun(_ page: String) -> Bool { places[page]?.fromScratch == true }

    /// Keeps `terms` for `page`, in place of any it had.
    func add(_ terms: String, for page: String) throws(FolioError) {
        if scratch < 0 {
            let path = markerFolder + "/.tmp-terms-\(getpid())"
            scratch = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard scratch >= 0 else { throw FolioError(.writeFailed(SystemReason(errno: errno)), file: path) }
            unlink(path)
        }
        var text = terms
        let written = text.withUTF8 { Descriptor.writeAll(scratch, UnsafeRawBufferPointer($0)) }
        guard written else { throw FolioError(.writeFailed(SystemReason(errno: errno)), file: SiteFolder.termsName) }
        places[page] = Place(fromScratch: true, offset: scratchEnd, count: text.utf8.count)
        scratchEnd += text.utf8.count
        madeCount += 1
    }

    /// Looks through the last export's terms file (`page<TAB>terms` lines) for where the terms of
    /// `pages` are, for those that have none from this run; lines of other pages are not kept. A
    /// line that is not UTF-8, has no tab or is too long is passed over: its record is read again.
    /// Anything but a regular file there is not read.
    func useOld(at path: String, for pages: Set<String>) {
        guard let fd = FileLines.openRegularFile(path) else { return }
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
        places[page] = Place(fromScratch: false, offset: offset + tab + 1, count: line.count - tab - 1)
    }

    /// The terms kept for `page`; nil when it has none.
    func terms(of page: String) throws(FolioError) -> String? {
        guard let place = places[page] else { return nil }
        guard place.count > 0 else { return "" }
        var bytes = [UInt8](repeating: 0, count: place.count)
        let fd = place.fromScratch ? scratch : old
        let read = bytes.withUnsafeMutableBytes { Descriptor.read(fd, into: $0, at: off_t(place.offset)) }
        guard read == place.count else {
            throw FolioError(.writeFailed(SystemReason(errno: read < 0 ? errno : EIO)), file: SiteFolder.termsName)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
