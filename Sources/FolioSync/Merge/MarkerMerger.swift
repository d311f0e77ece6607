import FolioCore
import FolioStore
import Foundation

/// The merge `folio conflicts resolve FILE` makes of a file holding conflict markers another git
/// client committed: both sides are rebuilt from the markers (and the base, when every hunk carries
/// one: diff3 style), the bodies are joined line by line so that no line of either side is lost
/// (``LineUnion``: a side the base shows unchanged takes the other's version; otherwise what both
/// share once, then this side's lines, then the other's), and the front matter is merged key by key
/// by sync's own ``RecordMerge``: a key changed on one side keeps that change, `tags` merge as sets,
/// `created` keeps the earliest and `modified` the latest; a key changed to different values on both
/// sides takes the value of the side with the newer `modified`, and the other side's whole version
/// is kept beside the record as a conflict copy named after its marker label.
///
/// A file without front matter on either side (a plain note) is joined line by line as a whole.
/// Nil when a side does not read as a record (or the two disagree on having front matter): such a
/// file is merged by hand.
public enum MarkerMerger {
    public static func merge(_ markers: ConflictMarkers, path: String, time: Date) -> MarkerMerge? {
        guard let oursText = markers.text(.ours), let theirsText = markers.text(.theirs) else { return nil }
        let baseText = markers.text(.base)
        let ours = document(oursText)
        let theirs = document(theirsText)
        guard case .record(let oursDocument) = ours, case .record(let theirsDocument) = theirs else {
            guard case .plain = ours, case .plain = theirs else { return nil }
            let joined = LineUnion.merge(base: baseText.map(lines), ours: lines(oursText), theirs: lines(theirsText))
            return MarkerMerge(text: joined.joined(separator: "\n"))
        }
        var baseDocument: FrontMatterDocument?
        if let baseText, case .record(let document) = document(baseText) { baseDocument = document }
        let body = LineUnion.merge(
            base: baseDocument.map { lines($0.body) }, ours: lines(oursDocument.body), theirs: lines(theirsDocument.body)
        )
        .joined(separator: "\n")
        // The bodies are joined already: the record merge sees them equal and merges the keys.
        guard let oursData = withBody(oursDocument, body), let theirsData = withBody(theirsDocument, body) else { return nil }
        let first = markers.hunks.first
        let outcome = RecordMerge.merge(
            path: path, base: baseDocument.flatMap { withBody($0, body) },
            ours: MergeVersion(data: oursData, device: side(first?.oursLabel, else: "ours"), commitTime: time),
            theirs: MergeVersion(data: theirsData, device: side(first?.theirsLabel, else: "theirs"), commitTime: time))
        guard let data = outcome.data, let text = String(validating: Array(data), as: UTF8.self) else { return nil }
        let copy = outcome.additionalFiles.first.flatMap { file in
            String(validating: Array(file.data), as: UTF8.self).map { (path: file.path, text: $0) }
        }
        return MarkerMerge(text: text, conflictingKeys: outcome.conflicts, copy: copy)
    }

    /// The name a side's conflict copy carries: its marker label's first word (`HEAD`,
    /// `origin/main`), a commit id shortened to 8 characters; `fallback` when there is none.
    static func side(_ label: String?, else fallback: String) -> String {
        let word = label?.split(separator: " ").first.map(String.init) ?? ""
        if word.count > 8, word.allSatisfy(\.isHexDigit) { return String(word.prefix(8)) }
        return word.isEmpty ? fallback : word
    }

    private enum Parsed {
        case record(FrontMatterDocument)
        case plain
        case broken
    }

    private static func document(_ text: String) -> Parsed {
        do {
            return .record(try FrontMatterDocument(parsing: text))
        } catch {
            return error.kind == .missing ? .plain : .broken
        }
    }

    /// Lines by bytes, so a CRLF line keeps its `\r`; a final line break is an empty last line.
    private static func lines(_ text: String) -> [String] {
        text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }

    private static func withBody(_ document: FrontMatterDocument, _ body: String) -> Data? {
        var document = document
        do {
            if document.body != body { try document.replaceBody(body) }
        } catch {
            return nil
        }
        return Data(document.text.utf8)
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
    /// or, with `both` or no `keep`, both sides merged by ``MarkerMerger``.
    public func settleConflict(_ reference: String, keep: ConflictKeep?, workingDirectory: URL?) throws(FolioError) -> SettledConflict {
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
            let (file, merged) = try mergeConflictMarkers(reference, workingDirectory: workingDirectory)
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
    /// ``MarkerMerger`` in one commit.
    public func mergeConflictMarkers(_ reference: String, workingDirectory: URL?) throws(FolioError) -> (MarkedFile, MarkerMerge) {
        let file = try markedFile(reference, workingDirectory: workingDirectory)
        let time = clock.now()
        let merged = try resolveConflictMarkers(file) { markers, _ in MarkerMerger.merge(markers, path: file.path, time: time) }
        return (file, merged)
    }
}
