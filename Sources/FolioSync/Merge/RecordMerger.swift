import FolioCore
import Foundation
import Git
import YAML

/// The merge of `.md` files whose versions all read as records (front matter + body).
enum RecordMerger {
    private struct Side {
        var version: MergeVersion
        var document: FrontMatterDocument

        var modified: Timestamp? { document.string("modified").flatMap(Timestamp.init) }

        var id: String? {
            guard let id = document.string("id"), !id.isEmpty else { return nil }
            return id
        }
    }

    /// The merged outcome, or nil when a version is not a readable record (or the merged record
    /// could not be written back faithfully): the caller then merges the whole file as text.
    static func merge(path: String, base: Data?, ours: MergeVersion, theirs: MergeVersion) -> MergeOutcome? {
        let versions = [base, ours.data, theirs.data].compactMap { $0 }
        if versions.contains(where: MergeBytes.isBinary) { return nil }
        let normalise = versions.contains(where: MergeBytes.hasCRLF)
        func read(_ data: Data) -> FrontMatterDocument? {
            guard let text = MergeBytes.utf8(normalise ? MergeBytes.toLF(data) : data) else { return nil }
            // try?: a side that is not a record is merged as text, keeping both sides' lines.
            return try? FrontMatterDocument(parsing: text)
        }
        guard let oursDocument = read(ours.data), let theirsDocument = read(theirs.data) else { return nil }
        var baseDocument: FrontMatterDocument?
        if let base {
            guard let document = read(base) else { return nil }
            baseDocument = document
        }
        let a = Side(version: ours, document: oursDocument)
        let b = Side(version: theirs, document: theirsDocument)

        // Two different records created at the same path: keep both.
        if base == nil, let idA = a.id, let idB = b.id, idA != idB {
            let (first, second, secondID) = idA < idB ? (a, b, idB) : (b, a, idA)
            return MergeOutcome(
                data: first.version.data,
                additionalFiles: [
                    MergedFile(
                        path: RecordMerge.renamedRecordPath(for: path, id: secondID), data: second.version.data,
                        reason: .renamedRecord)
                ])
        }

        let (winner, loser) = wins(a, over: b) ? (a, b) : (b, a)
        guard let combined = combine(base: baseDocument, winner: winner.document, loser: loser.document) else { return nil }
        var data = Data(combined.document.text.utf8)
        if normalise && MergeBytes.prefersCRLF(winner.version.data) { data = MergeBytes.toCRLF(data) }
        guard !combined.conflicts.isEmpty else { return MergeOutcome(data: data) }
        let seconds = loser.modified?.epochSeconds ?? RecordMerge.epochSeconds(loser.version.commitTime)
        let copy = MergedFile(
            path: RecordMerge.conflictCopyPath(for: path, device: loser.version.device, epochSeconds: seconds),
            data: loser.version.data, reason: .conflictCopy)
        return MergeOutcome(data: data, additionalFiles: [copy], conflicts: combined.conflicts)
    }

    /// Whether `a` wins over `b`: the later `modified`, else the later commit, else the greater bytes.
    private static func wins(_ a: Side, over b: Side) -> Bool {
        if let ma = a.modified, let mb = b.modified, ma.epochSeconds != mb.epochSeconds {
            return ma.epochSeconds > mb.epochSeconds
        }
        let ta = MergeBytes.timeKey(a.version.commitTime)
        let tb = MergeBytes.timeKey(b.version.commitTime)
        if ta != tb { return ta > tb }
        return MergeBytes.greater(a.version.data, b.version.data)
    }

    // MARK: - Combining two documents

    struct Combined {
        var document: FrontMatterDocument
        var conflicts: [String]
    }

    /// The winner's document with the loser's changes against `base` applied to it.
    static func combine(base: FrontMatterDocument?, winner: FrontMatterDocument, loser: FrontMatterDocument) -> Combined? {
        var keys: [String] = []
        var seen = Set<String>()
        for key in winner.keys + loser.keys + (base?.keys ?? []) where seen.insert(key).inserted { keys.append(key) }

        var conflicts: [String] = []
        var changes: [(key: String, value: Node?)] = []
        for key in keys {
            let b = base?[key]
            let w = winner[key]
            let l = loser[key]
            // Same on both sides, or changed by the winner alone: the winner's entry stays.
            if same(w, l) || same(b, l) { continue }
            // Changed by the loser alone.
            if same(b, w) {
                changes.append((key, l))
                continue
            }
            switch key {
            case "tags":
                guard let merged = mergeTags(base: b, winner: w, loser: l) else {
                    conflicts.append(key)
                    continue
                }
                if !same(merged, w) { changes.append((key, merged)) }
            case "created", "modified":
                let chosen = pickTime(winner: w, loser: l, latest: key == "modified")
                if !same(chosen, w) { changes.append((key, chosen)) }
            default:
                conflicts.append(key)
            }
        }

        let baseBody = Data((base?.body ?? "").utf8)
        let winnerBody = Data(winner.body.utf8)
        let loserBody = Data(loser.body.utf8)
        var body = winnerBody
        if winnerBody != loserBody && baseBody != loserBody {
            if baseBody == winnerBody {
                body = loserBody
            } else {
                let (merged, clean) = MergeBytes.linesMerged(base: baseBody, winner: winnerBody, loser: loserBody)
                body = merged
                if !clean { conflicts.append("body") }
            }
        }

        var document = winner
        do {
            for change in changes {
                if let value = change.value {
                    try document.set(change.key, value, preceding: Array(loser.keys.prefix { $0 != change.key }))
                } else {
                    try document.remove(change.key)
                }
            }
            if Data(document.body.utf8) != body { try document.replaceBody(String(decoding: body, as: UTF8.self)) }
        } catch {
            return nil
        }

        // Check the written document says exactly what was decided.
        for key in keys {
            let wanted = changes.first { $0.key == key }.map(\.value) ?? winner[key]
            guard same(document[key], wanted) else { return nil }
        }
        guard document.keys.allSatisfy(seen.contains), Data(document.body.utf8) == body else { return nil }
        return Combined(document: document, conflicts: conflicts)
    }

    // MARK: - Special keys

    /// The tags of both sides merged as sets against the base, compared without case: the winner's
    /// tags in its order less those the loser removed, then the loser's additions in its order.
    /// Nil when a side's `tags` is not a list of scalars (or one scalar).
    static func mergeTags(base: Node?, winner: Node?, loser: Node?) -> Node?? {
        guard let baseItems = tagItems(base), let winnerItems = tagItems(winner), let loserItems = tagItems(loser) else {
            return nil
        }
        func fold(_ node: Node) -> String { (node.scalarText ?? "").lowercased() }
        let inBase = Set(baseItems.map(fold))
        let inLoser = Set(loserItems.map(fold))
        var seen = Set<String>()
        var items: [Node] = []
        for item in winnerItems where !(inBase.contains(fold(item)) && !inLoser.contains(fold(item))) {
            if seen.insert(fold(item)).inserted { items.append(item) }
        }
        for item in loserItems where !inBase.contains(fold(item)) {
            if seen.insert(fold(item)).inserted { items.append(item) }
        }
        if items.map(fold) == winnerItems.map(fold) && items.count == winnerItems.count { return .some(winner) }
        var style = Node.CollectionStyle.block
        if case .sequence(_, let written)? = winner?.content {
            style = written
        } else if case .sequence(_, let written)? = loser?.content {
            style = written
        }
        return .some(Node(.sequence(items, style)))
    }

    /// The tags a node lists, as the scalar nodes written (one text: a node for each name it
    /// holds, as ``Record/tags`` reads it); nil for anything but scalars.
    private static func tagItems(_ node: Node?) -> [Node]? {
        guard let node else { return [] }
        switch node.content {
        case .sequence(let items, _):
            guard items.allSatisfy({ $0.scalarText != nil }) else { return nil }
            return items.filter { !($0.scalarText ?? "").isEmpty }
        case .scalar(let text, _):
            let names = TextRule.splitTags(text)
            return names == [text] ? [node] : names.map { Node.string($0) }
        case .mapping, .alias:
            return nil
        }
    }

    /// The earliest (or latest) of two timestamps: by instant when both read as timestamps,
    /// else by their text; a missing value never wins over a present one; a tie keeps the winner's.
    static func pickTime(winner: Node?, loser: Node?, latest: Bool) -> Node? {
        guard let winner else { return loser }
        guard let loser else { return winner }
        if let w = winner.scalarText.flatMap(Timestamp.init), let l = loser.scalarText.flatMap(Timestamp.init) {
            if w.epochSeconds == l.epochSeconds { return winner }
            return (l.epochSeconds > w.epochSeconds) == latest ? loser : winner
        }
        let w = winner.scalarText ?? winner.resolved.plainText
        let l = loser.scalarText ?? loser.resolved.plainText
        if w == l { return winner }
        return (l > w) == latest ? loser : winner
    }

    // MARK: - Comparing values

    /// Whether two optional values mean the same, ignoring where and how they were written.
    static func same(_ a: Node?, _ b: Node?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case (let a?, let b?): equivalent(a, b)
        default: false
        }
    }

    /// Structural equality: scalars by their resolved value (and any custom tag), collections item
    /// by item, aliases by name; spans, quoting and flow/block style do not count.
    static func equivalent(_ a: Node, _ b: Node) -> Bool {
        switch (a.content, b.content) {
        case (.scalar, .scalar):
            return customTag(a) == customTag(b) && a.resolved == b.resolved
        case (.sequence(let x, _), .sequence(let y, _)):
            return customTag(a) == customTag(b) && x.count == y.count && zip(x, y).allSatisfy { equivalent($0, $1) }
        case (.mapping(let x, _), .mapping(let y, _)):
            return customTag(a) == customTag(b) && x.count == y.count
                && zip(x, y).allSatisfy { equivalent($0.key, $1.key) && equivalent($0.value, $1.value) }
        case (.alias(let x), .alias(let y)):
            return x == y
        default:
            return false
        }
    }

    private static func customTag(_ node: Node) -> String? {
        guard let tag = node.tag, tag != "!", !tag.hasPrefix("tag:yaml.org,2002:") else { return nil }
        return tag
    }
}
