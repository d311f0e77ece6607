import FolioCore
import FolioStore
import Foundation

/// The merge `folio conflicts resolve FILE` makes of a file holding conflict markers another git
/// client committed: both sides are rebuilt from the markers and merged by sync's own
/// ``RecordMerge``, so a conflict lands the same whether sync met it or another client committed
/// it. The base is the one git merged from: the file as the merge base of the merge that committed
/// the markers had it (``History/markerBase(of:id:from:)``), so a key only one side changed keeps
/// that change. When history knows none (a rebase or a hand commit made the markers, or both sides
/// added the file), it is the base every hunk carries (diff3 style), else the lines both sides share
/// (each hunk taken for lines both sides added). The front matter merges key by key: a key changed on
/// one side keeps that change, `tags` merge as sets, `created` keeps the earliest and `modified`
/// the latest. The body merges line by line (libgit2's three-way merge, as `git merge-file`): a
/// side the base shows unchanged takes the other's lines, changes to different lines are joined.
/// Where both sides changed the same key or the same lines, the side with the newer `modified`
/// (then the greater bytes: the same on every device) stays, and the other side's whole version is
/// kept beside the record as a conflict copy named after its marker label. No line is lost: each
/// is in the record or in the copy.
///
/// A file without front matter on either side (a plain note) is merged as sync merges any text.
/// Nil when a side does not read as a record (or the two disagree on having front matter): such a
/// file is merged by hand.
public enum MarkerMerger {
    /// - Parameter historyBase: the base history holds (``History/markerBase(of:id:from:)``), nil when none.
    public static func merge(_ markers: ConflictMarkers, path: String, time: Date, historyBase: Data? = nil) -> MarkerMerge? {
        guard let oursText = markers.text(.ours), let theirsText = markers.text(.theirs) else { return nil }
        let shape = document(oursText)
        guard shape != .broken, document(theirsText) == shape else { return nil }
        // A base that does not read as the sides do is no base: both sides then count as added.
        let historyText = historyBase.flatMap { String(validating: Array($0), as: UTF8.self) }
        let base = [historyText, markers.text(.base), markers.text(.shared)].compactMap { $0 }.first { document($0) == shape }
        let first = markers.hunks.first
        let outcome = RecordMerge.merge(
            path: path, base: base.map { Data($0.utf8) },
            ours: MergeVersion(data: Data(oursText.utf8), device: side(first?.oursLabel, else: "ours"), commitTime: time),
            theirs: MergeVersion(data: Data(theirsText.utf8), device: side(first?.theirsLabel, else: "theirs"), commitTime: time))
        guard let data = outcome.data, let text = String(validating: Array(data), as: UTF8.self) else { return nil }
        let copy = outcome.additionalFiles.first.flatMap { file in
            String(validating: Array(file.data), as: UTF8.self).map { (path: file.path, text: $0) }
        }
        return MarkerMerge(text: text, conflictingKeys: outcome.conflicts, copy: copy)
    }

    /// The record's `id` as either side of the markers has it, to find the record in history.
    public static func recordID(_ markers: ConflictMarkers) -> String? {
        for side in [ConflictMarkers.Side.ours, .theirs] {
            guard let text = markers.text(side) else { continue }
            do {
                if let id = try FrontMatterDocument(parsing: text).string("id") { return id }
            } catch {
                continue  // This side does not read as a record; the other may.
            }
        }
        return nil
    }

    /// The name a side's conflict copy carries: its marker label's first word (`HEAD`,
    /// `origin/main`), a commit id shortened to 8 characters; `fallback` when there is none.
    static func side(_ label: String?, else fallback: String) -> String {
        let word = label?.split(separator: " ").first.map(String.init) ?? ""
        if word.count > 8, word.allSatisfy(\.isHexDigit) { return String(word.prefix(8)) }
        return word.isEmpty ? fallback : word
    }

    private enum Shape {
        case record
        case plain
        case broken
    }

    private static func document(_ text: String) -> Shape {
        do {
            _ = try FrontMatterDocument(parsing: text)
            return .record
        } catch {
            return error.kind == .missing ? .plain : .broken
        }
    }
}

/// What `folio conflicts resolve` settled: a conflict copy of folio's, or the conflict markers of a file.
public enum SettledConflict: Sendable {
    case copy(ConflictResolution)
    /// Merged (no `--keep`, or `both`), or one side kept whole (`mine`, `theirs`).
    case markers(MarkedFile, MarkerMerge, kept: ConflictKeep?)
}

extension Vault {
    /// `folio conflicts resolve REFERENCE [--keep K]`, in one commit: with `keep`, the conflict copy
    /// `reference` names is settled; when it names none, the file with conflict markers it names
    /// keeps one side whole (`mine`: the side before `=======`, this device's; `theirs`: the other)
    /// or, with `both` or no `keep`, both sides merged by ``MarkerMerger`` against the base `history` holds.
    public func settleConflict(
        _ reference: String, keep: ConflictKeep?, workingDirectory: URL?, history: History?
    ) throws(FolioError) -> SettledConflict {
        if let keep {
            do {
                return .copy(try resolveConflict(try findConflictCopy(reference, workingDirectory: workingDirectory), keep: keep))
            } catch {
                // A reference that names no copy may name a file with markers; otherwise the copy's error stands.
                guard case .conflict(.notACopy) = error.message, hasConflictMarkers(reference, workingDirectory: workingDirectory) else {
                    throw error
                }
            }
        }
        guard let side = keep.flatMap({ $0 == .mine ? ConflictMarkers.Side.ours : $0 == .theirs ? .theirs : nil }) else {
            let (file, merged) = try mergeConflictMarkers(reference, workingDirectory: workingDirectory, history: history)
            return .markers(file, merged, kept: keep)
        }
        let file = try markedFile(reference, workingDirectory: workingDirectory)
        let kept = try resolveConflictMarkers(file) { markers, _ in markers.text(side).map { MarkerMerge(text: $0) } }
        return .markers(file, kept, kept: keep)
    }

    private func hasConflictMarkers(_ reference: String, workingDirectory: URL?) -> Bool {
        do {
            _ = try markedFile(reference, workingDirectory: workingDirectory)
            return true
        } catch {
            return false
        }
    }

    /// `folio conflicts resolve FILE`: the file with conflict markers `reference` names, merged by
    /// ``MarkerMerger`` in one commit, against the base `history` holds for them (none without it).
    public func mergeConflictMarkers(
        _ reference: String, workingDirectory: URL?, history: History?
    ) throws(FolioError) -> (MarkedFile, MarkerMerge) {
        let file = try markedFile(reference, workingDirectory: workingDirectory)
        let time = clock.now()
        let merged = try resolveConflictMarkers(file) { markers, _ in
            let base = history?.markerBase(of: file.path, id: MarkerMerger.recordID(markers))
            return MarkerMerger.merge(markers, path: file.path, time: time, historyBase: base)
        }
        return (file, merged)
    }
}
