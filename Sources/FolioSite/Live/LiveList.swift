import FolioCore
import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// The served app's lists, a page at a time. The home page holds the newest
/// ``pageSize`` lines of each kind; the rest, a tag's pages, a day's and "on this day" come from
/// the server ``pageSize`` at a time, from `list.txt`, which the export writes beside the home
/// page: one line per record, newest first, with what a list is chosen by and the markup the home
/// page shows for it. At 100,000 records the home page is then a few dozen kilobytes, not 60 MB.
public enum LiveList {
    public static let fileName = "list.txt"
    /// Lines in a page of a list (and in each kind's section of the home page).
    public static let pageSize = 50
    /// Tag tiles on the home page; the others are on `tags.html`.
    public static let homeTiles = 12
    /// A line longer than this was not written by the export: it is passed over.
    static let maxLine = 1 << 20

    /// One record's line: kind, day, its tags (lowercased) and the markup, tab-separated. A tab or
    /// line break in the first three becomes a space; the markup is folio's own, with each line
    /// break written as a character reference (the same in an attribute or in text).
    static func line(kind: String, day: String, tags: [String], item: SafeHTML) -> String {
        func field(_ text: String) -> String {
            text.contains(where: { $0 == "\t" || $0.isNewline || $0 == separator })
                ? String(text.map { $0 == "\t" || $0.isNewline || $0 == separator ? " " : $0 }) : text
        }
        var markup = item.text
        while markup.last?.isNewline == true { markup.removeLast() }
        markup = markup.replacingOccurrences(of: "\r\n", with: "&#10;").replacingOccurrences(of: "\n", with: "&#10;")
            .replacingOccurrences(of: "\r", with: "&#13;")
        return field(kind) + "\t" + field(day) + "\t" + tags.map(field).joined(separator: String(separator)) + "\t" + markup + "\n"
    }

    static let separator: Character = "\u{1F}"
}

/// Which records a list page shows: each part that is set narrows it.
public struct LiveListQuery: Sendable, Equatable {
    public var kind: String?
    /// A tag, with the tags nested in it (`mood` takes `mood/good`), as `--tag` and a tile do.
    public var tag: String?
    /// One day, `YYYY-MM-DD` (the calendar's).
    public var day: String?
    /// "On this day": a month and day, `MM-DD`, in the years before `beforeYear` (the reader's clock).
    public var onThisDay: String?
    public var beforeYear: Int?
    /// How many lines of the list come before this page.
    public var from: Int

    public init(
        kind: String? = nil, tag: String? = nil, day: String? = nil, onThisDay: String? = nil, beforeYear: Int? = nil, from: Int = 0
    ) {
        self.kind = kind
        self.tag = tag
        self.day = day
        self.onThisDay = onThisDay
        self.beforeYear = beforeYear
        self.from = from
    }

    /// From a request's query: an empty or malformed part is left out; `from` is never negative.
    public init(parameter: (String) -> String?) {
        func value(_ name: String) -> String? { parameter(name).flatMap { $0.isEmpty ? nil : $0 } }
        self.init(
            kind: value("kind"), tag: value("tag")?.lowercased(), day: value("day").flatMap { Self.day($0) == nil ? nil : $0 },
            onThisDay: value("otd").flatMap { Self.monthDay($0) == nil ? nil : $0 }, beforeYear: value("year").flatMap { Int($0) },
            from: max(0, min(Int(value("from") ?? "") ?? 0, Int(Int32.max))))
    }

    /// The address of this list from `from` on.
    public func address(from: Int) -> String {
        var parts: [(String, String)] = []
        if let kind { parts.append(("kind", kind)) }
        if let tag { parts.append(("tag", tag)) }
        if let day { parts.append(("day", day)) }
        if let onThisDay { parts.append(("otd", onThisDay)) }
        if let beforeYear { parts.append(("year", String(beforeYear))) }
        if from > 0 { parts.append(("from", String(from))) }
        let query = parts.map { $0.0 + "=" + HTML.fragment($0.1) }.joined(separator: "&")
        return "/list" + (query.isEmpty ? "" : "?" + query)
    }

    /// `YYYY-MM-DD` as the number `YYYYMMDD`; nil for anything else.
    static func day(_ text: String) -> Int32? {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        var number: Int32 = 0
        for (index, byte) in bytes.enumerated() where index != 4 && index != 7 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            number = number * 10 + Int32(byte - UInt8(ascii: "0"))
        }
        return number
    }

    /// `MM-DD` as the number `MMDD`; nil for anything else.
    static func monthDay(_ text: String) -> Int32? { day("2000-" + text).map { $0 % 10_000 } }
}

/// A page of a list: the lines' markup (the export's own), how many lines the whole list has, and
/// where the next page starts (nil on the last).
public struct LiveListPage: Sendable {
    public var items: [String]
    public var total: Int
    public var next: Int?
}

/// `list.txt` as read once for each version of it: what each line is chosen by, in memory (a few
/// megabytes at 100,000 records), and the markup left on disk, read a page at a time. The file
/// stays open, so a page is read from the version the index was made of even after the export
/// has put a new one in its place.
public final class LiveListIndex: Sendable {
    struct Row {
        var offset: Int64
        var length: Int32
        var kind: Int32
        /// `YYYYMMDD`; 0 for a record without a date.
        var day: Int32
        var tagStart: Int32
        var tagCount: Int32
    }

    /// The file's identity when it was read: a new file in its place is read again.
    public let stamp: FileIdentity
    private let descriptor: Int32
    private let rows: [Row]
    private let tags: [Int32]
    private let tagNames: [String]
    private let kindNames: [String]

    private init(descriptor: Int32, stamp: FileIdentity, rows: [Row], tags: [Int32], tagNames: [String], kindNames: [String]) {
        self.descriptor = descriptor
        self.stamp = stamp
        self.rows = rows
        self.tags = tags
        self.tagNames = tagNames
        self.kindNames = kindNames
    }

    deinit { close(descriptor) }

    /// The identity of the file at `path` now; nil when there is no regular file.
    public static func stamp(of path: String) -> FileIdentity? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileIdentity(status)
    }

    /// Reads the list at `path` (streamed, a megabyte at a time); nil when there is none or it
    /// cannot be read.
    public static func load(_ path: String, chunkSize: Int = 1 << 20) -> LiveListIndex? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return nil
        }
        let stamp = FileIdentity(status)
        var parser = Parser()
        var chunk = [UInt8](repeating: 0, count: max(1, chunkSize))
        var offset: Int64 = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else {
                close(descriptor)
                return nil
            }
            if count == 0 { break }
            chunk.withUnsafeBytes { parser.feed(UnsafeRawBufferPointer(rebasing: $0[0..<count]), at: offset) }
            offset += Int64(count)
        }
        return LiveListIndex(
            descriptor: descriptor, stamp: stamp, rows: parser.rows, tags: parser.tags, tagNames: parser.tagNames,
            kindNames: parser.kindNames)
    }

    /// The page of the list `query` asks for.
    public func page(_ query: LiveListQuery, size: Int = LiveList.pageSize) -> LiveListPage {
        let kind: Int32? = query.kind.map { wanted in kindNames.firstIndex(of: wanted).map(Int32.init) ?? -1 }
        let tagTaken: [Bool]? = query.tag.map { wanted in tagNames.map { $0 == wanted || $0.hasPrefix(wanted + "/") } }
        let day = query.day.flatMap(LiveListQuery.day)
        let monthDay = query.onThisDay.flatMap(LiveListQuery.monthDay)
        var chosen: [Int] = []
        var total = 0
        for (index, row) in rows.enumerated() {
            if let kind, row.kind != kind { continue }
            if let day, row.day != day { continue }
            if let monthDay {
                guard row.day != 0, row.day % 10_000 == monthDay else { continue }
                if let before = query.beforeYear, Int(row.day / 10_000) >= before { continue }
            }
            if let tagTaken {
                let start = Int(row.tagStart)
                guard tags[start..<(start + Int(row.tagCount))].contains(where: { tagTaken[Int($0)] }) else { continue }
            }
            if total >= query.from, chosen.count < size { chosen.append(index) }
            total += 1
        }
        let items = chosen.compactMap { markup(rows[$0]) }
        let end = query.from + chosen.count
        return LiveListPage(items: items, total: total, next: end < total && !chosen.isEmpty ? end : nil)
    }

    private func markup(_ row: Row) -> String? {
        var bytes = [UInt8](repeating: 0, count: Int(row.length))
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress.map { $0 + done }, buffer.count - done, off_t(row.offset) + off_t(done))
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            done += count
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Cuts the file into lines as it arrives; a line split between two chunks is kept until its end.
    private struct Parser {
        var rows: [Row] = []
        var tags: [Int32] = []
        var tagNames: [String] = []
        var tagNumbers: [String: Int32] = [:]
        var kindNames: [String] = []
        var kindNumbers: [String: Int32] = [:]
        /// The start of the line not ended yet, and its bytes.
        var pendingStart: Int64 = 0
        var pending: [UInt8] = []
        var skipping = false

        mutating func feed(_ bytes: UnsafeRawBufferPointer, at offset: Int64) {
            var start = 0
            while start < bytes.count {
                guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else {
                    if pending.isEmpty { pendingStart = offset + Int64(start) }
                    if !skipping { pending.append(contentsOf: bytes[start...]) }
                    if pending.count > LiveList.maxLine {
                        skipping = true
                        pending = []
                    }
                    return
                }
                if pending.isEmpty && !skipping {
                    line(UnsafeRawBufferPointer(rebasing: bytes[start..<newline]), at: offset + Int64(start))
                } else {
                    if !skipping {
                        pending.append(contentsOf: bytes[start..<newline])
                        let lineStart = pendingStart
                        pending.withUnsafeBytes { line($0, at: lineStart) }
                    }
                    pending = []
                    skipping = false
                }
                start = newline + 1
            }
        }

        private mutating func line(_ bytes: UnsafeRawBufferPointer, at offset: Int64) {
            guard bytes.count <= LiveList.maxLine else { return }
            var tabs: [Int] = []
            for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\t") {
                tabs.append(index)
                if tabs.count == 3 { break }
            }
            guard tabs.count == 3 else { return }
            let kind = String(decoding: bytes[0..<tabs[0]], as: UTF8.self)
            let day = LiveListQuery.day(String(decoding: bytes[(tabs[0] + 1)..<tabs[1]], as: UTF8.self)) ?? 0
            let tagText = String(decoding: bytes[(tabs[1] + 1)..<tabs[2]], as: UTF8.self)
            let tagStart = Int32(tags.count)
            for name in tagText.split(separator: LiveList.separator) {
                let name = String(name)
                if let number = tagNumbers[name] {
                    tags.append(number)
                } else {
                    let number = Int32(tagNames.count)
                    tagNames.append(name)
                    tagNumbers[name] = number
                    tags.append(number)
                }
            }
            let kindNumber: Int32
            if let known = kindNumbers[kind] {
                kindNumber = known
            } else {
                kindNumber = Int32(kindNames.count)
                kindNames.append(kind)
                kindNumbers[kind] = kindNumber
            }
            rows.append(
                Row(
                    offset: offset + Int64(tabs[2] + 1), length: Int32(bytes.count - tabs[2] - 1), kind: kindNumber, day: day,
                    tagStart: tagStart, tagCount: Int32(tags.count) - tagStart))
        }
    }
}
