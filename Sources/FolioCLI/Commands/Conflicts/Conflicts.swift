import ArgumentParser

struct Conflicts: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conflicts",
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
