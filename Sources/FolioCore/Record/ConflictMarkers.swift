/// Conflict markers another git client committed into a file: GitJournal, obsidian-git on a phone
/// or a plain `git merge` committed as it stood leave both versions of a hunk in the file, between
/// marker lines:
///
///     <<<<<<< ours
///     this device's lines
///     ||||||| base          (diff3 style only)
///     the merge base's lines
///     =======
///     the other side's lines
///     >>>>>>> theirs
///
/// A marker line is what git itself takes for one: exactly seven `<`, `|`, `=` or `>` at the start
/// of a line, followed by a space or the end of the line (a `\r` before the line break is ignored).
/// Only a complete set counts, in order: a start, an optional base, a separator and an end; a start
/// or a separator standing alone is text. Marker lines inside a fenced code block (between two
/// lines of ``` or ~~~) are text too: a journal that documents git keeps its examples. A real
/// conflict inside a code block is then left as it is, both sides still in the file.
public struct ConflictMarkers: Sendable, Equatable {
    /// One conflicting hunk: the lines of each side, without their line breaks.
    public struct Hunk: Sendable, Equatable {
        /// The line (1-based) of the hunk's `<<<<<<<` in the file.
        public var line: Int
        public var ours: [String]
        /// The merge base's lines (diff3 style), nil when the markers carry no base.
        public var base: [String]?
        public var theirs: [String]
        /// The words after `<<<<<<<` and `>>>>>>>` (`HEAD`, a branch, a commit), trimmed.
        public var oursLabel: String
        public var theirsLabel: String
    }

    /// The file in order: lines both sides share, and hunks.
    public enum Segment: Sendable, Equatable {
        case common([String])
        case hunk(Hunk)
    }

    public let segments: [Segment]
    /// Whether the file ended with a line break.
    public let endsWithNewline: Bool

    public var hunks: [Hunk] { segments.compactMap { if case .hunk(let hunk) = $0 { hunk } else { nil } } }
    /// The line of the first `<<<<<<<`.
    public var firstLine: Int { hunks.first?.line ?? 1 }

    /// Which version to rebuild from the markers: a side, the merge base, or only the lines both
    /// sides share (each hunk left out), what the two sides certainly had in common.
    public enum Side: Sendable { case ours, base, theirs, shared }

    /// The text one side had: the common lines with that side's lines of every hunk. `base` is nil
    /// unless every hunk carries its base (diff3 style); `shared` is the common lines alone.
    public func text(_ side: Side) -> String? {
        var lines: [String] = []
        for segment in segments {
            switch segment {
            case .common(let common): lines += common
            case .hunk(let hunk):
                switch side {
                case .ours: lines += hunk.ours
                case .theirs: lines += hunk.theirs
                case .shared: break
                case .base:
                    guard let base = hunk.base else { return nil }
                    lines += base
                }
            }
        }
        return Self.join(lines, endsWithNewline: endsWithNewline)
    }

    static func join(_ lines: [String], endsWithNewline: Bool) -> String {
        guard !lines.isEmpty else { return "" }
        return lines.joined(separator: "\n") + (endsWithNewline ? "\n" : "")
    }

    /// The markers in `text`, or nil when it holds no complete set outside fenced code blocks.
    public static func find(in text: String) -> ConflictMarkers? {
        // Cheap refusal first: nearly every file has no marker at all.
        guard text.utf8.count >= 7, text.contains("<<<<<<<") else { return nil }
        // By bytes: a `\r\n` is one Character, and a CRLF file's lines keep their `\r`.
        var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        let endsWithNewline = lines.last == ""
        if endsWithNewline { lines.removeLast() }
        var segments: [Segment] = []
        var common: [String] = []
        var fence: Fence?
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if let open = fence {
                if open.closes(line) { fence = nil }
            } else if let opened = Fence(opening: line) {
                fence = opened
            } else if marker(line) == "<", let (hunk, next) = hunk(in: lines, from: index) {
                if !common.isEmpty { segments.append(.common(common)) }
                common = []
                segments.append(.hunk(hunk))
                index = next
                continue
            }
            common.append(line)
            index += 1
        }
        guard segments.contains(where: { if case .hunk = $0 { true } else { false } }) else { return nil }
        if !common.isEmpty { segments.append(.common(common)) }
        return ConflictMarkers(segments: segments, endsWithNewline: endsWithNewline)
    }

    /// The complete hunk whose `<<<<<<<` is at `start`, and the index after its `>>>>>>>`; nil when
    /// another start comes before it is complete, or the file ends first.
    private static func hunk(in lines: [String], from start: Int) -> (Hunk, Int)? {
        var ours: [String] = []
        var base: [String]?
        var theirs: [String] = []
        var part = 0  // 0 ours, 1 base, 2 theirs
        for index in (start + 1)..<lines.count {
            let line = lines[index]
            switch (marker(line), part) {
            case ("<", _): return nil
            case ("|", 0):
                base = []
                part = 1
            case ("=", 0), ("=", 1): part = 2
            case (">", 2):
                let hunk = Hunk(
                    line: start + 1, ours: ours, base: base, theirs: theirs, oursLabel: label(lines[start]), theirsLabel: label(line))
                return (hunk, index + 1)
            default:
                switch part {
                case 0: ours.append(line)
                case 1: base?.append(line)
                default: theirs.append(line)
                }
            }
        }
        return nil
    }

    /// `<`, `|`, `=` or `>` when `line` is a marker line: seven of that character at its start,
    /// then a space, a tab or the end of the line.
    static func marker(_ line: String) -> Character? {
        let utf8 = Array(line.utf8.prefix(8))
        guard utf8.count >= 7, let first = utf8.first,
            [UInt8(ascii: "<"), UInt8(ascii: "|"), UInt8(ascii: "="), UInt8(ascii: ">")].contains(first),
            utf8[0..<7].allSatisfy({ $0 == first })
        else { return nil }
        if utf8.count == 8, ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains(utf8[7]) { return nil }
        return Character(Unicode.Scalar(first))
    }

    private static func label(_ line: String) -> String {
        String(line.dropFirst(7)).trimmed(of: [" ", "\t", "\r"])
    }

    /// A fenced code block's opening line: three or more backticks or tildes, indented at most three spaces.
    struct Fence {
        var character: Character
        var length: Int

        init?(opening line: String) {
            let trimmed = line.drop { $0 == " " }
            guard line.count - trimmed.count <= 3, let first = trimmed.first, first == "`" || first == "~" else { return nil }
            let run = trimmed.prefix { $0 == first }.count
            guard run >= 3 else { return nil }
            // A backtick fence's info string holds no backtick.
            if first == "`", trimmed.dropFirst(run).contains("`") { return nil }
            (character, length) = (first, run)
        }

        func closes(_ line: String) -> Bool {
            let trimmed = line.drop { $0 == " " }
            guard line.count - trimmed.count <= 3 else { return false }
            let run = trimmed.prefix { $0 == character }.count
            return run >= length && trimmed.dropFirst(run).allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" }
        }
    }
}

extension String {
    fileprivate func trimmed(of set: Set<Character>) -> String {
        var scalars = Substring(self)
        while let first = scalars.first, set.contains(first) { scalars.removeFirst() }
        while let last = scalars.last, set.contains(last) { scalars.removeLast() }
        return String(scalars)
    }
}
