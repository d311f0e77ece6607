import FolioCore
import FolioStore
import FolioSync
import Foundation

/// `folio conflicts`: each copy with the record it was kept beside, its device and time; or JSON.
enum ConflictPrinter {
    /// `time` as the copy's name says it (UTC); `local_time` on this device's clock.
    static func json(_ copy: ConflictCopy, zone: TimeZone) -> JSONWriter.JSON {
        .object([
            ("copy", .string(copy.path)), ("record", .string(copy.record)), ("record_exists", .bool(copy.recordExists)),
            ("device", .string(copy.device)), ("time", .string(copy.time)), ("local_time", .string(copy.localTime(in: zone))),
        ])
    }

    /// A file with conflict markers: its path, the line of the first hunk, how many hunks.
    static func json(_ file: MarkedFile) -> JSONWriter.JSON {
        .object([("markers", .string(file.path)), ("line", .int(file.line)), ("hunks", .int(file.hunks))])
    }

    static func list(_ copies: [ConflictCopy], marked: [MarkedFile], json: Bool, context: Context) {
        let zone = context.vault.clock.zone
        if json { return context.json(.array(copies.map { Self.json($0, zone: zone) } + marked.map(Self.json))) }
        guard !copies.isEmpty || !marked.isEmpty else { return context.say(.conflict(.none)) }
        let terminal = context.terminal
        if !copies.isEmpty { Console.out(terminal.warn(Message.conflict(.header(copies.count)).text(context.language))) }
        for copy in copies {
            let gone = copy.recordExists ? "" : "  " + Message.conflict(.recordGone).text(context.language)
            let origin = [copy.device, copy.localTime(in: zone)].filter { !$0.isEmpty }.joined(separator: ", ").oneLine
            Console.out(
                "  " + copy.path.quotedPath + " → " + copy.record.quotedPath + gone
                    + (origin.isEmpty ? "" : "  " + terminal.dim("(" + origin + ")")))
        }
        listMarked(marked, context: context)
    }

    static func listMarked(_ marked: [MarkedFile], context: Context) {
        guard !marked.isEmpty else { return }
        Console.out(context.terminal.warn(Message.conflict(.markedHeader(marked.count)).text(context.language)))
        for file in marked {
            let hunks = Message.conflict(.hunkCount(file.hunks)).text(context.language)
            Console.out("  " + file.path.quotedPath + ":\(file.line)  " + context.terminal.dim("(" + hunks + ")"))
        }
    }

    static func settled(_ settled: SettledConflict, json: Bool, context: Context) {
        switch settled {
        case .copy(let resolution): resolved(resolution, json: json, context: context)
        case .markers(let file, let merged, let kept): markersSettled(file, merged, kept: kept, json: json, context: context)
        }
    }

    static func markersSettled(_ file: MarkedFile, _ merged: MarkerMerge, kept: ConflictKeep?, json: Bool, context: Context) {
        let side = kept == .mine || kept == .theirs ? kept : nil
        if json {
            return context.json(
                .object([
                    ("file", .string(file.path)), ("hunks", .int(file.hunks)),
                    ("keep", side.map { .string($0.rawValue) } ?? .null),
                    ("conflicting_keys", .array(merged.conflictingKeys.map { .string($0) })),
                    ("copy", merged.copy.map { .string($0.path) } ?? .null),
                ]))
        }
        if let side { return context.say(.conflict(.markersSideKept(path: file.path, hunks: file.hunks, mine: side == .mine))) }
        context.say(.conflict(.markersMerged(path: file.path, hunks: file.hunks, keys: merged.conflictingKeys, copy: merged.copy?.path)))
    }

    static func resolved(_ result: ConflictResolution, json: Bool, context: Context) {
        let copy = result.copy
        if json {
            return context.json(
                .object([
                    ("copy", .string(copy.path)), ("record", .string(copy.record)), ("keep", .string(result.keep.rawValue)),
                    ("differing_keys", .array(result.differingKeys.map { .string($0) })),
                ]))
        }
        switch result.keep {
        case .mine: context.say(.conflict(.keptMine(record: copy.record, copy: copy.path)))
        case .theirs: context.say(.conflict(.keptTheirs(record: copy.record, copy: copy.path)))
        case .both: context.say(.conflict(.keptBoth(record: copy.record, copy: copy.path, keys: result.differingKeys)))
        }
    }
}
