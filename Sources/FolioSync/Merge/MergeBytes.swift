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

    /// The stable tie-break: whether `a`'s bytes sort after `b`'s.
    static func greater(_ a: Data, _ b: Data) -> Bool {
        b.lexicographicallyPrecedes(a)
    }
}

/// The merge of files that are not read as records: libgit2's line merge of the whole file.
enum TextMerger {
    /// The winner is the later `commitTime`, then the greater bytes; a clean line merge is kept,
    /// otherwise the winner stays and the loser is copied aside (time: its commit time in UTC).
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
        // try?: text the merge cannot join keeps both versions (below); nothing is dropped.
        guard let merged = try? MergeFile.merge(ancestor: base.map(prepared), ours: winnerText, theirs: loserText),
            merged.automergeable
        else { return conflicted }
        let data = normalise && MergeBytes.prefersCRLF(winner.data) ? MergeBytes.toCRLF(merged.data) : merged.data
        return MergeOutcome(data: data)
    }
}
