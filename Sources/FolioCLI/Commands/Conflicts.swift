import ArgumentParser
import FolioCore
import FolioStore
import Foundation

struct Conflicts: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the conflict copies sync kept beside records, and settle them.",
        discussion: """
            When two devices changed the same record, sync keeps the losing side's whole file beside the \
            merged record as <name>.conflict-<device>-<time>.md. `folio conflicts` lists them; `folio \
            conflicts resolve` settles one in one commit (so `folio undo` brings the copy back):
              --keep mine     the record as it is; the copy is removed
              --keep theirs   the copy's version replaces the record
              --keep both     the record, with the copy's body appended under a heading that lists the
                              keys whose values differed in the copy
            `folio show COPY` prints a copy, `folio rm COPY` removes one.
            Examples:
              folio conflicts
              folio conflicts resolve ideas/2026/11/2026-11-22-x.conflict-laptop-20261122-020000.md --keep both
              folio conflicts resolve 5b0c --keep theirs
            """,
        subcommands: [ConflictsList.self, ConflictsResolve.self],
        defaultSubcommand: ConflictsList.self)
}

struct ConflictsList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List every conflict copy with the record it was kept beside.")

    @Flag(help: "Print a JSON array: [{\"copy\", \"record\", \"record_exists\", \"device\", \"time\"}].") var json = false
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        ConflictPrinter.list(context.vault.listConflictCopies(), json: json, context: context)
    }
}

struct ConflictsResolve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve", abstract: "Settle one conflict copy: keep mine, theirs or both; the copy is removed, in one commit.")

    @Argument(
        help: "The conflict copy (its path), or the record it was kept beside when it has only one.",
        completion: .custom(Completions.conflictCopies))
    var reference: String
    @Option(help: "mine (the record as it is), theirs (the copy's version) or both (the copy's body appended).") var keep: ConflictKeep
    @Flag(help: "Print what was done as JSON.") var json = false
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        let copy = try context.vault.findConflictCopy(reference, workingDirectory: context.workingDirectory)
        ConflictPrinter.resolved(try context.vault.resolveConflict(copy, keep: keep), json: json, context: context)
    }
}

extension ConflictKeep: ExpressibleByArgument {}

/// `folio conflicts`: each copy with the record it was kept beside, its device and time; or JSON.
enum ConflictPrinter {
    static func json(_ copy: ConflictCopy) -> JSONWriter.JSON {
        .object([
            ("copy", .string(copy.path)), ("record", .string(copy.record)), ("record_exists", .bool(copy.recordExists)),
            ("device", .string(copy.device)), ("time", .string(copy.time)),
        ])
    }

    static func list(_ copies: [ConflictCopy], json: Bool, context: Context) {
        if json { return context.json(.array(copies.map(Self.json))) }
        guard !copies.isEmpty else { return context.say(.conflict(.none)) }
        let terminal = context.terminal
        Console.out(terminal.warn(Message.conflict(.header(copies.count)).text(context.language)))
        for copy in copies {
            let gone = copy.recordExists ? "" : "  " + Message.conflict(.recordGone).text(context.language)
            let origin = [copy.device, copy.time].filter { !$0.isEmpty }.joined(separator: ", ")
            Console.out(
                "  " + copy.path.quotedPath + " → " + copy.record.quotedPath + gone
                    + (origin.isEmpty ? "" : "  " + terminal.dim("(" + origin + ")")))
        }
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
