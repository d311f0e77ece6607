import Foundation
import Git

/// Byte-level helpers for the merge: binary detection, line endings, ordering.
enum MergeBytes {
    static let lf = UInt8(ascii: "\n")
    static let cr = UInt8(ascii: "\r")

    /// Whether the data holds a NUL byte, git's own test for binary content.
    static func isBinary(_ data: Data) -> Bool { data.contains(0) }

    static func hasCRLF(_ data: Data) -> Bool {
        var previous: UInt8 = 0
        for byte in data {
            if byte == lf && previous == cr { return true }
            previous = byte
        }
        return false
    }

    /// Whether most line breaks are CRLF.
    static func prefersCRLF(_ data: Data) -> Bool {
        var crlf = 0
        var lone = 0
        var previous: UInt8 = 0
        for byte in data {
            if byte == lf { if previous == cr { crlf += 1 } else { lone += 1 } }
            previous = byte
        }
        return crlf > lone
    }

    /// Every CRLF as LF.
    static func toLF(_ data: Data) -> Data {
        var out = Data()
        out.reserveCapacity(data.count)
        var pendingCR = false
        for byte in data {
            if pendingCR {
                if byte != lf { out.append(cr) }
                pendingCR = false
            }
            if byte == cr { pendingCR = true } else { out.append(byte) }
        }
        if pendingCR { out.append(cr) }
        return out
    }

    /// Every LF as CRLF (the inverse of ``toLF(_:)`` on text whose breaks were all CRLF).
    static func toCRLF(_ data: Data) -> Data {
        var out = Data()
        out.reserveCapacity(data.count + data.count / 16)
        for byte in data {
            if byte == lf { out.append(cr) }
            out.append(byte)
        }
        return out
    }

    /// The text of valid UTF-8 data; nil when decoding would change a byte.
    static func utf8(_ data: Data) -> String? {
        let text = String(decoding: data, as: UTF8.self)
        return text.utf8.elementsEqual(data) ? text : nil
    }

    /// A commit time as a number that orders totally (NaN sorts first).
    static func timeKey(_ date: Date) -> Double {
        let interval = date.timeIntervalSince1970
        return interval.isNaN ? -Double.infinity : interval
    }

    /// The one line rule for a record's body and a note: libgit2's three-way merge with the winner as
    /// "ours". Clean: the merge, and true. Where both sides changed the same lines: the same merge
    /// with the winner's version of those lines (changes to other lines still joined), and false, so
    /// the caller keeps the loser's whole file as a copy. When libgit2 cannot merge, or makes bytes
    /// that are not UTF-8: the winner's text, and false.
    static func linesMerged(base: Data?, winner: Data, loser: Data) -> (Data, clean: Bool) {
        // try?: a merge libgit2 cannot make keeps the winner's text; the caller copies the loser's aside.
        guard let merged = try? MergeFile.merge(ancestor: base, ours: winner, theirs: loser), utf8(merged.data) != nil else {
            return (winner, false)
        }
        if merged.automergeable { return (merged.data, true) }
        // try?: as above; the winner's text stays whole.
        guard let favored = try? MergeFile.merge(ancestor: base, ours: winner, theirs: loser, favor: .ours), favored.automergeable,
            utf8(favored.data) != nil
        else { return (winner, false) }
        return (favored.data, false)
    }

    /// The stable tie-break: whether `a`'s bytes sort after `b`'s.
    static func greater(_ a: Data, _ b: Data) -> Bool {
        b.lexicographicallyPrecedes(a)
    }
}

/// The merge of files that are not read as records: libgit2's line merge of the whole file.
enum TextMerger {
    /// The winner is the later `commitTime`, then the greater bytes; a clean line merge is kept,
    /// otherwise the winner stays and the loser is copied aside (time: its commit time in UTC). A
    /// `.md` note keeps the other side's changes to other lines too (``MergeBytes/linesMerged(base:winner:loser:)``).
    static func merge(path: String, base: Data?, ours: MergeVersion, theirs: MergeVersion) -> MergeOutcome {
        let oursTime = MergeBytes.timeKey(ours.commitTime)
        let theirsTime = MergeBytes.timeKey(theirs.commitTime)
        let oursWins = oursTime != theirsTime ? oursTime > theirsTime : MergeBytes.greater(ours.data, theirs.data)
        let (winner, loser) = oursWins ? (ours, theirs) : (theirs, ours)
        let conflicted = MergeOutcome(
            data: winner.data,
            additionalFiles: [
                MergedFile(
                    path: RecordMerge.conflictCopyPath(
                        for: path, device: loser.device, epochSeconds: RecordMerge.epochSeconds(loser.commitTime)),
                    data: loser.data, reason: .conflictCopy)
            ],
            conflicts: ["file"])

        let versions = [base, winner.data, loser.data].compactMap { $0 }
        if versions.contains(where: MergeBytes.isBinary) { return conflicted }
        let normalise = versions.contains(where: MergeBytes.hasCRLF)
        func prepared(_ data: Data) -> Data { normalise ? MergeBytes.toLF(data) : data }
        let winnerText = prepared(winner.data)
        let loserText = prepared(loser.data)
        // Only the line endings differ: the winner's file as it is.
        if winnerText == loserText { return MergeOutcome(data: winner.data) }
        // A note (`.md` without front matter) is a body: merged by the body's rule, lines both
        // sides changed keeping the winner's version, the loser's whole file kept as a copy.
        if path.hasSuffix(".md") {
            let (merged, clean) = MergeBytes.linesMerged(base: base.map(prepared), winner: winnerText, loser: loserText)
            let data = normalise && MergeBytes.prefersCRLF(winner.data) ? MergeBytes.toCRLF(merged) : merged
            return clean
                ? MergeOutcome(data: data) : MergeOutcome(data: data, additionalFiles: conflicted.additionalFiles, conflicts: ["file"])
        }
        // try?: text the merge cannot join keeps both versions (below); nothing is dropped.
        guard let merged = try? MergeFile.merge(ancestor: base.map(prepared), ours: winnerText, theirs: loserText),
            merged.automergeable
        else { return conflicted }
        let data = normalise && MergeBytes.prefersCRLF(winner.data) ? MergeBytes.toCRLF(merged.data) : merged.data
        return MergeOutcome(data: data)
    }
}
