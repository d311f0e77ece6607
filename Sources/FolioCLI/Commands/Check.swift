import ArgumentParser
import FolioCore
import FolioStore
import FolioSync
import Foundation

struct Check: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: """
            Find what hand edits, crashes and syncs leave behind: orphans, duplicate ids, unreadable files, unknown kinds, \
            damaged or missing media, broken links, conflict copies, and keys or tokens that must not be committed.
            """,
        discussion: """
            Every media file is hashed again and compared with its name (--quick only checks that it is         there with the size its record says). --fix never deletes a damaged file: it names the records         that use it; `folio log --media FILE` finds the commits that hold its good bytes.
            Examples: folio check · folio check --quick · folio check --fix --yes
            """)

    @Flag(
        help: """
            Repair what can be repaired: apply each orphan's delete rule, remove leftover temporary files,         restore missing media from history, relink links to media a record moved away from, give a file         shared with one outside the vault (a hard link) a copy of its own.
            """) var fix = false
    @Flag(help: "Check media by presence and size only, without hashing.") var quick = false
    @Flag(name: .shortAndLong, help: "Do not ask before fixing.") var yes = false
    @OptionGroup var output: OutputFormat<JSON>
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try Context.open(global)
        let check = VaultCheck(vault: context.vault, history: context.history)
        let set = context.records(quiet: true)
        // Ctrl-C ends a check at once, as before: the LFS server is asked without sync's interrupt.
        let transport = SyncTransport(vault: context.vault, environment: context.environment)
        let findings =
            check.findings(set, quick: quick, progress: output.json ? nil : CheckPrinter.progress(context))
            + (await check.lfsFindings(quick: quick, transport: transport))
        CheckPrinter.print(findings, recordCount: set.records.count, json: output.json, context: context)
        guard !findings.isEmpty else { return }
        guard fix else { throw ExitCode.failure }
        guard yes || context.terminal.isInteractive else { throw FolioError(.check(.fixNeedsYes)) }
        try check.repair(findings, in: set, confirm: { CheckPrinter.confirm($0, yes: yes, context: context) }, said: context.say)
        // Success means nothing is left to fix, as `check` would now report.
        guard CheckPrinter.fixed(check.remaining(after: findings), context: context) else { throw ExitCode.failure }
    }

    enum JSON: HelpText {
        static let help = "Print findings as JSON."
    }
}
