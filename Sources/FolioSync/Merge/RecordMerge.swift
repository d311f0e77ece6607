import FolioCore
import Foundation
import Git
import YAML

/// One side of a three-way merge: the file as that device has it.
public struct MergeVersion: Sendable, Hashable {
    /// The file's bytes on this side.
    public var data: Data
    /// The device that last changed the file on this side; names the conflict copy when this side loses.
    public var device: String
    /// The time of the last commit touching the file on this side.
    public var commitTime: Date

    public init(data: Data, device: String, commitTime: Date) {
        self.data = data
        self.device = device
        self.commitTime = commitTime
    }
}

/// A file the merge writes besides the merged file itself.
public struct MergedFile: Sendable, Hashable {
    /// Why the file exists.
    public enum Reason: Sendable, Hashable {
        /// The losing side's whole original file, kept beside the merged one.
        case conflictCopy
        /// A second record added at the same path with a different id, moved aside.
        case renamedRecord
    }

    /// Path relative to the vault, with `/` separators, in the merged file's directory.
    public var path: String
    public var data: Data
    public var reason: Reason

    public init(path: String, data: Data, reason: Reason) {
        self.path = path
        self.data = data
        self.reason = reason
    }
}

/// What a three-way merge of one path produced.
public struct MergeOutcome: Sendable, Hashable {
    /// The merged file at the path; nil when the file is deleted.
    public var data: Data?
    /// Conflict copies and a renamed second record, in a stable order.
    public var additionalFiles: [MergedFile]
    /// What collided, for messages: front matter keys and/or `"body"`, or `"file"` when a whole
    /// file (not a record, or a record that cannot be read as one) was merged as text. Empty when clean.
    public var conflicts: [String]

    public init(data: Data?, additionalFiles: [MergedFile] = [], conflicts: [String] = []) {
        self.data = data
        self.additionalFiles = additionalFiles
        self.conflicts = conflicts
    }

    /// Whether both sides' changes were combined without anything being set aside.
    public var isClean: Bool { conflicts.isEmpty }
}

/// The record-aware three-way merge `folio sync` uses when two devices changed the same file.
///
/// The merge is symmetric: swapping `ours` and `theirs` gives the same `data` and the same
/// `additionalFiles`, so two devices merging the same pair at the same time converge. To get
/// there, every choice is made between a WINNER and a LOSER, never between ours and theirs:
///
/// - For a record (a `.md` path whose versions all read as front matter + body), the winner is
///   the side whose `modified` is the later instant; when that does not decide (equal, missing or
///   unparsable on either side) the later `commitTime` wins; when that ties too, the side whose
///   bytes are lexicographically greater wins.
/// - For any other file, the winner is the later `commitTime`, then the greater bytes. A `.md` file
///   is merged this way too when its base or either side is not valid UTF-8 front matter + body,
///   holds a NUL byte, or when the merged record could not be written back exactly as decided.
///
/// Records are merged key by key against the base (top-level front matter keys): a key changed on
/// one side takes that change; the same new value on both is fine; different values on both are a
/// conflict settled by the winner's value, except `tags` (merged as a set, compared without case),
/// `created` (the earliest instant) and `modified` (the latest instant), which never conflict.
/// The body is merged line by line by libgit2 (winner as "ours"): changes to different lines are
/// joined; where both sides changed the same lines the winner's version of them stays and `"body"`
/// is a conflict (so the loser's whole file is kept as a copy). When libgit2 cannot merge at all,
/// the winner's body stays whole. The same rule merges a record's conflict markers another git
/// client committed (``MarkerMerger``), so a conflict lands the same by either route. The result is built by editing the winner's document in place,
/// so its formatting, comments and key order survive.
///
/// When anything conflicted the loser's whole original file is kept beside the merged one as
/// `<stem>.conflict-<device>-<YYYYMMDD-HHMMSS><ext>`: the loser's device slugged to `[a-z0-9-]`
/// (`device` when nothing is left) and the loser's `modified` in UTC (its `commitTime` in UTC when it
/// has none, and always for files that are not merged as records). Same inputs, same name on every device.
///
/// Records added on both sides (no base) with different `id`s are both kept: the one whose id sorts
/// first stays at `path`, the other moves to `<stem>-<first 8 characters of its id>.md`.
///
/// Files with a NUL byte are never line-merged: the winner stays and the loser is copied aside.
/// CRLF files are compared with their line endings normalised; the result takes the winner's line
/// ending style. Nothing here throws or traps, and no conflict markers are ever written (text that
/// already contained marker lines is of course kept as it was).
public enum RecordMerge {
    /// Merges the three versions of the file at `path`.
    ///
    /// - Parameters:
    ///   - base: the common ancestor's bytes; nil when the file was added on both sides.
    ///   - ours: this device's version; nil when this device deleted the file.
    ///   - theirs: the other device's version; nil when the other device deleted the file.
    ///   - markerBase: for a side another git client committed with conflict markers, the base its
    ///     markers were made from, as history holds it (``History/markerBase(of:id:from:)``), given
    ///     the side and the record's `id`; asked only for a side with markers. Nil when none.
    public static func merge(
        path: String, base: Data?, ours: MergeVersion?, theirs: MergeVersion?,
        markerBase: (MarkedSide, String?) -> Data? = { _, _ in nil }
    ) -> MergeOutcome {
        guard let ours, let theirs else {
            guard let kept = ours ?? theirs else { return MergeOutcome(data: nil) }
            // Deleted on one side: unchanged on the other means deleted, changed (or added) means kept.
            if let base, kept.data == base { return MergeOutcome(data: nil) }
            return MergeOutcome(data: kept.data)
        }
        if ours.data == theirs.data { return MergeOutcome(data: ours.data) }
        if let base {
            if ours.data == base { return MergeOutcome(data: theirs.data) }
            if theirs.data == base { return MergeOutcome(data: ours.data) }
        }
        if path.hasSuffix(".md"),
            let cleared = mergingMarkersFirst(path: path, base: base, ours: ours, theirs: theirs, markerBase: markerBase)
        {
            return cleared
        }
        if path.hasSuffix(".md"), let outcome = RecordMerger.merge(path: path, base: base, ours: ours, theirs: theirs) {
            return outcome
        }
        if path == ".gitattributes", let union = linesAddedOnBothSides(base: base, ours: ours.data, theirs: theirs.data) {
            return MergeOutcome(data: union)
        }
        return TextMerger.merge(path: path, base: base, ours: ours, theirs: theirs)
    }

    /// A side that another git client committed with conflict markers (GitJournal) is first
    /// merged within itself, as `conflicts resolve` merges it, before the two sides are merged:
    /// otherwise the side that loses would be kept whole as the conflict copy, markers and all.
    /// Nil when neither side holds markers (or a marked side cannot be merged that way: it then
    /// goes on as it is, and `check` names it).
    static func mergingMarkersFirst(
        path: String, base: Data?, ours: MergeVersion, theirs: MergeVersion, markerBase: (MarkedSide, String?) -> Data?
    ) -> MergeOutcome? {
        var copies: [MergedFile] = []
        func cleared(_ version: MergeVersion, _ side: MarkedSide) -> MergeVersion {
            guard let text = String(validating: Array(version.data), as: UTF8.self), let markers = ConflictMarkers.find(in: text),
                let merged = MarkerMerger.merge(
                    markers, path: path, time: version.commitTime, historyBase: markerBase(side, MarkerMerger.recordID(markers))),
                // Markers nested in markers are left to be merged by hand, not merged again and again.
                ConflictMarkers.find(in: merged.text) == nil
            else { return version }
            if let copy = merged.copy { copies.append(MergedFile(path: copy.path, data: Data(copy.text.utf8), reason: .conflictCopy)) }
            var clean = version
            clean.data = Data(merged.text.utf8)
            return clean
        }
        let (clearOurs, clearTheirs) = (cleared(ours, .ours), cleared(theirs, .theirs))
        guard clearOurs != ours || clearTheirs != theirs else { return nil }
        var outcome = merge(path: path, base: base, ours: clearOurs, theirs: clearTheirs)
        outcome.additionalFiles = copies + outcome.additionalFiles
        return outcome
    }

    /// Which side of a merge holds conflict markers.
    public enum MarkedSide: Sendable {
        case ours
        case theirs
    }

    /// `.gitattributes` when each side only added lines (two devices tracking new LFS files, as
    /// `git lfs track` adds a line per file): our file, then their new lines. Nil when a side
    /// removed or changed a line of the base: a real edit, merged as text.
    static func linesAddedOnBothSides(base: Data?, ours: Data, theirs: Data) -> Data? {
        func lines(_ data: Data) -> [Substring] {
            String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        }
        let baseLines = Set(base.map(lines) ?? [])
        let ourLines = lines(ours)
        let theirLines = lines(theirs)
        guard baseLines.isSubset(of: Set(ourLines)), baseLines.isSubset(of: Set(theirLines)) else { return nil }
        var seen = Set(ourLines)
        let added = theirLines.filter { seen.insert($0).inserted }
        var text = String(decoding: ours, as: UTF8.self)
        if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
        return Data((text + added.map { $0 + "\n" }.joined()).utf8)
    }

    // MARK: - Names

    /// `<stem>.conflict-<device>-<YYYYMMDD-HHMMSS><ext>` beside `path`.
    ///
    /// `.md` paths keep `.md` as extension; other names split at their last dot (a leading dot
    /// is part of the stem, so `.gitignore` gets `.gitignore.conflict-…`).
    public static func conflictCopyPath(for path: String, device: String, epochSeconds: Int) -> String {
        let (directory, stem, ext) = splitPath(path)
        return directory + stem + ".conflict-" + deviceSlug(device) + "-" + utcStamp(epochSeconds) + ext
    }

    /// `<stem>-<first 8 characters of id>.md` beside `path`; characters unsafe in a file name become `-`.
    public static func renamedRecordPath(for path: String, id: String) -> String {
        let (directory, stem, ext) = splitPath(path)
        let fragment = String(id.prefix(8).map { ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "-" })
        return directory + stem + "-" + (fragment.isEmpty ? "record" : fragment) + ext
    }

    /// A device name as `[a-z0-9-]`: ASCII letters lower-cased, digits kept, every other run of
    /// characters one `-`, no dash at either end, at most 64 bytes; `device` when nothing is left.
    /// ASCII only on purpose, so every platform produces the same name.
    public static func deviceSlug(_ device: String) -> String {
        var out: [UInt8] = []
        var pendingDash = false
        for byte in device.utf8 {
            var kept: UInt8?
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): kept = byte
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): kept = byte + 32
            default: kept = nil
            }
            guard let kept else {
                pendingDash = true
                continue
            }
            if pendingDash && !out.isEmpty { out.append(UInt8(ascii: "-")) }
            pendingDash = false
            out.append(kept)
            if out.count >= 64 { break }
        }
        while out.last == UInt8(ascii: "-") { out.removeLast() }
        return out.isEmpty ? "device" : String(decoding: out, as: UTF8.self)
    }

    /// `YYYYMMDD-HHMMSS` of an instant in UTC, clamped to the years 1 to 9999.
    public static func utcStamp(_ epochSeconds: Int) -> String {
        let seconds = min(max(epochSeconds, -62_135_596_800), 253_402_300_799)
        let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        let rest = seconds - days * 86_400
        let (year, month, day) = CivilDate.date(fromDays: days)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return pad(year, 4) + pad(month, 2) + pad(day, 2) + "-" + pad(rest / 3600, 2) + pad(rest % 3600 / 60, 2) + pad(rest % 60, 2)
    }

    /// Whole seconds since 1970 of a date, finite and clamped to the years 1 to 9999.
    static func epochSeconds(_ date: Date) -> Int {
        let interval = date.timeIntervalSince1970
        guard interval.isFinite else { return 0 }
        return Int(min(max(interval, -62_135_596_800), 253_402_300_799).rounded(.down))
    }

    /// Directory (with its trailing `/`), stem and extension (with its dot) of a path.
    static func splitPath(_ path: String) -> (String, String, String) {
        let directory: String
        let name: String
        if let slash = path.lastIndex(of: "/") {
            directory = String(path[...slash])
            name = String(path[path.index(after: slash)...])
        } else {
            directory = ""
            name = path
        }
        if name.hasSuffix(".md") { return (directory, String(name.dropLast(3)), ".md") }
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            return (directory, String(name[..<dot]), String(name[dot...]))
        }
        return (directory, name, "")
    }
}
