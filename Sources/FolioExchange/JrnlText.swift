import FolioCore
import FolioStore
import Foundation
import YAML

/// jrnl's own journal file, as jrnl writes and reads it:
///
/// ```
/// [2013-04-09 15:39] Planning a trip. We could go to @kyoto in spring.
///
/// [2013-04-10 09:00] A starred morning *
/// The body, any number of lines.
/// ```
///
/// An entry starts where a line starts with `[date] `; its first line is the title (with no line
/// break in the entry, its first sentence), a trailing `*` stars it, the rest is the body; `@tag`
/// and `#tag` anywhere are its tags, lower-cased as jrnl counts them. Dates are read in the forms
/// jrnl writes (`%Y-%m-%d %H:%M`, its default `%F %r` with AM/PM, with or without seconds), in
/// the vault's time zone. A bracket that is not such a date (a Markdown footnote) is text of the
/// entry, as it is for jrnl. A folder journal (`YYYY/MM/DD.txt`) is read file by file, the
/// folder giving each entry's day.
public enum JrnlText {
    /// One entry as jrnl splits it.
    struct Entry: Equatable {
        var date: String
        var time: String
        var title: String
        var body: String
        var starred: Bool
        var tags: [String]
    }

    // MARK: - Reading

    /// The entries of a journal's text, in the order written. In a folder journal (`dayless`) a
    /// header may be a time alone (`[07:00] `, a `timeformat` without the date): the file names the day.
    static func parse(_ text: String, dayless: Bool = false) -> [Entry] {
        let scalars = Array(text.unicodeScalars)
        var starts: [(headerStart: Int, textStart: Int, date: String, time: String)] = []
        var index = 0
        while index < scalars.count {
            let atLineStart = index == 0 || scalars[index - 1] == "\n"
            if atLineStart, let found = header(in: scalars, at: index, dayless: dayless) {
                starts.append((index, found.textStart, found.date, found.time))
                index = found.textStart
                continue
            }
            index += 1
        }
        return starts.enumerated().map { number, start in
            // The line break before the next header belongs to neither entry.
            var end = number + 1 < starts.count ? starts[number + 1].headerStart : scalars.count
            if number + 1 < starts.count, end > start.textStart, scalars[end - 1] == "\n" { end -= 1 }
            let raw = String(String.UnicodeScalarView(scalars[start.textStart..<max(start.textStart, end)]))
            return entry(raw, date: start.date, time: start.time)
        }
    }

    /// The header a line opening at `start` holds (`[date time] `): its date, time and where the
    /// entry's text starts. The one rule of a header, for the parser and for the size scan that
    /// runs before it (``EntrySizeScan``), so the two never disagree on where an entry begins.
    static func header(in scalars: [Unicode.Scalar], at start: Int, dayless: Bool) -> (date: String, time: String, textStart: Int)? {
        guard start < scalars.count, scalars[start] == "[", let close = closingBracket(in: scalars, from: start),
            close + 1 < scalars.count, scalars[close + 1] == " ",
            let (date, time) = dateTime(String(String.UnicodeScalarView(scalars[(start + 1)..<close])), dayless: dayless)
        else { return nil }
        return (date, time, close + 2)
    }

    /// The most a header's line can hold before its text starts, in bytes: `[`, 40 scalars of
    /// date and time of at most 4 bytes each, `]` and a space.
    static let headerBytesAtMost = 1 + 40 * 4 + 2

    /// The `]` of a header that starts at `start`, looked for on that line only and within a
    /// date's length: a journal of lines opening `[` without closing it stays linear to read.
    static func closingBracket(in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start + 1
        while index < scalars.count, index - start <= 40 {
            if scalars[index] == "]" { return index }
            if scalars[index] == "\n" { return nil }
            index += 1
        }
        return nil
    }

    /// An entry's text split as jrnl splits it: a first line ending in `*` stars the entry; the
    /// first line is the title, or without a line break the first sentence.
    static func entry(_ raw: String, date: String, time: String) -> Entry {
        var lines = raw.components(separatedBy: "\n")
        var starred = false
        if let first = lines.first, first.trimmingCharacters(in: .whitespaces).hasSuffix("*") {
            starred = true
            lines[0] = first.trimmingCharacters(in: CharacterSet(charactersIn: " *\n"))
        }
        let text = lines.joined(separator: "\n")
        let title: String
        let body: String
        let lead = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
        if let newline = lead.firstIndex(of: "\n") {
            title = lead[..<newline].trimmingCharacters(in: .whitespaces)
            body = lead[lead.index(after: newline)...].trimmingCharacters(in: .whitespacesAndNewlines)
        } else if case let sentence = String(lead), let split = sentenceEnd(in: sentence) {
            // The index is the new string's: a Substring's indices are its base's, so `lead[split]`
            // read the wrong place, and past the end of an entry that followed others it trapped.
            title = String(sentence[..<split]).trimmingCharacters(in: .whitespaces)
            body = String(sentence[split...]).trimmingCharacters(in: .whitespacesAndNewlines)
        } else {
            title = lead.trimmingCharacters(in: .whitespaces)
            body = ""
        }
        return Entry(date: date, time: time, title: title, body: body, starred: starred, tags: tags(in: text))
    }

    /// Where the first sentence ends (after its terminal and the blanks that follow), as jrnl's
    /// sentence splitter finds it: `.` `!` `?` `…` then blanks, or a CJK full stop alone.
    static func sentenceEnd(in text: String) -> String.Index? {
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if "。！？｡．".contains(character) { return next }
            if ".!?…".contains(character) {
                var after = next
                while after < text.endIndex, "'\"’”)]".contains(text[after]) { after = text.index(after: after) }
                if after < text.endIndex, text[after].isWhitespace {
                    while after < text.endIndex, text[after].isWhitespace { after = text.index(after: after) }
                    return after
                }
            }
            index = next
        }
        return nil
    }

    /// `@word` and `#word` not preceded by a letter or digit, lower-cased, without the mark, each once.
    static func tags(in text: String) -> [String] {
        var found: [String] = []
        var previous: Character = " "
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if (character == "@" || character == "#") && previous.isWhitespace {
                var end = text.index(after: index)
                while end < text.endIndex, text[end].isLetter || text[end].isNumber || "_-+*#/".contains(text[end]) {
                    end = text.index(after: end)
                }
                let word = String(text[text.index(after: index)..<end]).lowercased()
                // `##` of a Markdown heading is no tag for folio (jrnl would count it).
                if word.contains(where: { $0.isLetter || $0.isNumber }), !found.contains(word) { found.append(word) }
                previous = end < text.endIndex ? text[end] : " "
                index = end
                continue
            }
            previous = character
            index = text.index(after: index)
        }
        return found
    }

    /// `2013-04-09 15:39`, `2013-04-09 15:39:12`, `2013-04-09 03:39:00 PM`, `2013-04-09T15:39`,
    /// `2013-04-09` as (`2013-04-09`, `15:39`); nil for anything else.
    static func dateTime(_ blob: String, dayless: Bool = false) -> (String, String)? {
        let parts = blob.trimmingCharacters(in: .whitespaces).split(separator: " ").map(String.init)
        if dayless, let first = parts.first, first.contains(":"), !first.contains("-") {
            return dateTime("1970-01-01 " + blob.trimmingCharacters(in: .whitespaces)).map { ("", $0.1) }
        }
        guard let day = parts.first.map({ String($0.prefix(10)) }), day.utf8.count == 10, Timestamp(day) != nil else { return nil }
        var rest = Array(parts.dropFirst())
        if let first = parts.first, first.utf8.count > 10 {
            guard first.dropFirst(10).first == "T" else { return nil }
            rest.insert(String(first.dropFirst(11)), at: 0)
        }
        guard !rest.isEmpty else { return (day, "00:00") }
        let clock = rest[0].split(separator: ":").map { Int($0) }
        guard (2...3).contains(clock.count), let hour = clock[0], let minute = clock[1], clock.allSatisfy({ $0 != nil }),
            (0...23).contains(hour), (0...59).contains(minute), rest.count <= 2
        else { return nil }
        var hours = hour
        if rest.count == 2 {
            switch rest[1].uppercased() {
            case "AM":
                guard (1...12).contains(hour) else { return nil }
                hours = hour % 12
            case "PM":
                guard (1...12).contains(hour) else { return nil }
                hours = hour % 12 + 12
            default: return nil
            }
        }
        return (day, String(format: "%02d:%02d", hours, minute))
    }

    /// A folder journal's files, `YYYY/MM/DD.txt`, in date order, with the day each names.
    /// - Throws: when a folder of the journal is there and cannot be listed: its days would be
    ///   left out of the import without a word.
    static func folderFiles(_ folder: URL) throws(FolioError) -> [(url: URL, day: String)] {
        var found: [(URL, String)] = []
        func digits(_ name: String, _ count: Int) -> Bool { name.utf8.count == count && name.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
        func names(_ url: URL) throws(FolioError) -> [String] {
            // A file where a year or a month would be is not part of the journal; a link to a
            // folder is followed, as before.
            var info = stat()
            guard stat(url.path, &info) != 0 || info.st_mode & S_IFMT == S_IFDIR else { return [] }
            return try Vault.folderNames(at: url.path, shown: url.path).sorted()
        }
        for year in try names(folder) where digits(year, 4) {
            let yearURL = folder.appendingPathComponent(year)
            for month in try names(yearURL) where digits(month, 2) {
                let monthURL = yearURL.appendingPathComponent(month)
                for file in try names(monthURL)
                where file.hasSuffix(".txt") && digits(String(file.dropLast(4)), 2) {
                    let day = "\(year)-\(month)-\(file.dropLast(4))"
                    if Timestamp(day) != nil { found.append((monthURL.appendingPathComponent(file), day)) }
                }
            }
        }
        return found
    }

    // MARK: - Into records

    /// The records a journal's entries become, ids made as for jrnl's JSON export (so the same
    /// journal read as text or JSON, twice or once, is imported once).
    static func entries(_ parsed: [(Entry, source: String)], builder: EntryBuilder, zone: TimeZone) throws(FolioError)
        -> [ImportEntry]
    {
        var seen: [String: Int] = [:]
        var result: [ImportEntry] = []
        for (number, (entry, source)) in parsed.enumerated() {
            let name = ExportEntry.entry(number + 1, detail: "\(entry.date) \(entry.time)")
            guard let created = ImportDates.timestamp("\(entry.date)T\(entry.time)", zone: zone) else {
                throw FolioError(.exchange(.badEntry(file: source, entry: name, problem: .badDate(key: "date", value: entry.date))))
            }
            let key = "jrnl\n\(entry.date)T\(entry.time)\n\(entry.title)"
            let occurrence = seen[key, default: 0]
            seen[key] = occurrence + 1
            let id = StableID.named(occurrence == 0 ? key : "\(key)\n\(occurrence)")
            let title = entry.title.isEmpty ? (ImportDates.title(fromText: entry.body) ?? "jrnl \(entry.date) \(entry.time)") : entry.title
            let extra: [(String, Node)] = entry.starred ? [("starred", .raw("true"))] : []
            result.append(
                builder.entry(
                    source: "\(source): \(entry.date) \(entry.time)", id: id, title: Vault.oneLineTitle(title, limit: 200),
                    created: created,
                    modified: nil, tags: entry.tags, extra: extra, body: entry.body))
        }
        return result
    }

    // MARK: - Writing

    /// The records as one journal file jrnl reads back (`jrnl --import` or as its journal):
    /// oldest first, each `[YYYY-MM-DD HH:MM] title[ *]`, then the body, a blank line between.
    /// The time is the record's own local time; `starred: true` is the star; tags are kept where
    /// the text has them (jrnl finds tags in the text only), and the front matter's other tags are
    /// added at the end of the body as `@tag`.
    ///
    /// The records at `paths`, already oldest first (``Vault/exportedPaths(_:in:workingDirectory:oldestFirst:leavingOut:)``),
    /// are written to `out` an entry at a time, read a batch at a time (``Vault/recordBatches(at:)``),
    /// so a large vault is never held whole.
    public static func export(paths: [String], vault: Vault, out: (String) -> Void) {
        export(vault.recordBatches(at: paths), out: out)
    }

    /// Writes the entries of `batches`, in order, a blank line between entries.
    static func export(_ batches: some Sequence<[Record]>, out: (String) -> Void) {
        var first = true
        for record in batches.joined() {
            guard let time = record.sortTime else { continue }
            out((first ? "" : "\n") + entry(record, time: time))
            first = false
        }
    }

    /// One record as a jrnl entry, ending with a line break, so jrnl takes the whole first line as the title.
    static func entry(_ record: Record, time: Timestamp) -> String {
        let clock = String(time.text.dropFirst(11).prefix(5))
        var title = Vault.oneLineTitle(record.title, limit: 10_000)
        // A title ending in `*` would read as a star; one starting with `[date] ` as a new entry.
        if title.hasSuffix("*") { title += "." }
        var body = record.document.body.trimmingCharacters(in: .whitespacesAndNewlines)
        body = body.components(separatedBy: "\n").map { line in
            line.hasPrefix("[") && dateTime(String(line.dropFirst().prefix { $0 != "]" })) != nil ? " " + line : line
        }.joined(separator: "\n")
        let present = Set(tags(in: title + "\n" + body))
        let missing = record.tags.map { $0.replacingOccurrences(of: " ", with: "-") }.filter { !present.contains($0.lowercased()) }
        if !missing.isEmpty { body += (body.isEmpty ? "" : "\n\n") + missing.map { "@" + $0 }.joined(separator: " ") }
        let star = record.document.value("starred") == .bool(true) ? " *" : ""
        return "[\(time.day10) \(clock)] \(title)\(star)" + (body.isEmpty ? "" : "\n" + body) + "\n"
    }
}
