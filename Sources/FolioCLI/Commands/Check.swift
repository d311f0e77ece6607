import ArgumentParser
import FolioCore
import FolioSecrets
import FolioStore
import FolioSync
import Foundation

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
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
    @Flag(help: "Print findings as JSON.") var json = false
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        let set = context.records(quiet: true)
        let findings = allFindings(set, context: context)
        CheckPrinter.print(findings, recordCount: set.records.count, json: json, context: context)
        guard !findings.isEmpty else { return }
        guard fix else { throw ExitCode.failure }
        guard yes || context.terminal.isInteractive else { throw FolioError(.check(.fixNeedsYes)) }
        // Everything --fix changes is one commit, so one `folio undo` puts it all back.
        try context.vault.inOneCommit({ $0.count == 1 ? $0[0] : "check: fix \($0.count) problems" }) { () throws(FolioError) in
            try repair(findings, set: set, context: context)
        }
        try checkAgain(after: findings, context: context)
    }

    /// After `--fix`, success means nothing is left to fix, as `check` would now report. --fix
    /// never touches a corrupt file, so those stand as found; the rest of the media need no
    /// second hashing.
    private func checkAgain(after findings: [CheckFinding], context: Context) throws {
        let corrupt = findings.filter { if case .mediaCorrupt = $0 { true } else { false } }
        let remaining = allFindings(context.vault.loadRecords(), quick: true, context: context) + corrupt
        guard remaining.isEmpty else {
            Console.out(Message.checkProblems(remaining.count).text(context.language))
            throw ExitCode.failure
        }
    }

    /// The record checks, then the media checks, with progress on a terminal while files are hashed.
    private func allFindings(_ set: RecordSet, quick: Bool? = nil, context: Context) -> [CheckFinding] {
        var progress: (@Sendable (Int, Int) -> Void)?
        if context.terminal.isInteractive && !json {
            let language = context.language
            progress = { done, total in
                if done == total || done % 16 == 0 {
                    Console.errInline(
                        "\r" + Message.media(.checking(done: done, total: total)).text(language) + (done == total ? "\r\u{1B}[K" : ""))
                }
            }
        }
        let files = context.vault.allFiles()
        // What a commit would hold: git's view when there is a history (ignored files are never committed).
        let publishable = (try? context.history?.publishablePaths()) ?? files.filter { !AtomicFile.isTemporaryPath($0) }
        return context.vault.check(set) + context.vault.linksLeadingOutside(publishable, in: set)
            + context.vault.conflictCopies(files) + context.vault.hardLinksOutside(publishable)
            + context.vault.checkMedia(set, quick: quick ?? self.quick, progress: progress)
            + context.vault.checkSecrets(publishable, in: set) + context.vault.namesNotPortable(files)
            + ((try? context.history?.storedUnencrypted(vault: context.vault)) ?? []).map(CheckFinding.storedUnencrypted)
    }

    private func repair(_ findings: [CheckFinding], set: RecordSet, context: Context) throws(FolioError) {
        let strays = findings.compactMap { if case .strayTemporaryFile(let path) = $0 { path } else { nil } }
        if !strays.isEmpty { try context.vault.removeStrayTemporaryFiles(strays) }
        let shared = findings.compactMap { if case .hardLink(let path, _) = $0 { path } else { nil } }
        try context.vault.separateHardLinks(shared)
        for path in shared { context.say(.guarded(.hardLinkSeparated(path))) }
        let links = findings.compactMap { if case .brokenLink(let link) = $0 { link } else { nil } }
        for link in try context.vault.repairLinks(links) {
            context.say(.media(.relinked(record: link.record, from: link.destination, to: link.repair ?? "")))
        }
        if let history = context.history {
            let missing = Set(findings.compactMap { if case .mediaMissing(let file, _) = $0 { file } else { nil } })
            for file in missing.sorted() where try history.restoreMedia(file, in: context.vault) {
                context.say(.media(.restored(file)))
            }
        }
        for finding in findings {
            guard case .orphan(let path, _, let rule) = finding,
                let record = set.records.first(where: { $0.path == path })
            else { continue }
            switch rule {
            case .refuse:
                continue
            case .keep:
                if yes || (context.terminal.isInteractive && Console.confirm("\(path): keep, clear parent? [y/N] ")) {
                    try context.vault.update(record, set: [], unset: ["parent"])
                    context.say(.orphanUnlinked(path))
                }
            case .cascade:
                let plan = context.vault.planDelete([record], in: set)
                printPlan(plan, records: set.records, context: context)
                if yes
                    || (context.terminal.isInteractive
                        && Console.confirm(Message.confirmDelete(plan.removals.count).text(context.language)))
                {
                    try context.vault.execute(plan, in: set)
                    context.say(.deleted(plan.removals.count))
                }
            }
        }
    }
}

/// What `check` found: each finding as `file:line:column: error|warning: …` (keys masked, also in
/// a quoted line), then the count; "no problems" with the number of records; or a JSON array.
enum CheckPrinter {
    static func print(_ findings: [CheckFinding], recordCount: Int, json: Bool, context: Context) {
        if json {
            return context.json(
                .array(
                    findings.map { finding in
                        let error = finding.message
                        var pairs: [(String, JSONWriter.JSON)] = [
                            ("message", .string(ConfiguredSecrets.redact(error.message.text(context.language)))),
                            ("severity", .string(finding.isWarning ? "warning" : "error")),
                        ]
                        if let file = error.file { pairs.append(("file", .string(file))) }
                        if let line = error.line { pairs.append(("line", .int(line))) }
                        if let column = error.column { pairs.append(("column", .int(column))) }
                        return .object(pairs)
                    }))
        }
        guard !findings.isEmpty else { return context.say(.checkClean(recordCount)) }
        for finding in findings {
            Console.out(ConfiguredSecrets.redact(finding.message.rendered(in: context.language, asWarning: finding.isWarning)))
        }
        Console.out(Message.checkProblems(findings.count).text(context.language))
    }
}
