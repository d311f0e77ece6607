import ArgumentParser
import FolioCompanion
import FolioCore
import FolioSync

struct Status: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "status",
            abstract: bilingual(
                "What is not committed, not pushed, or in conflict; the last sync's result; records with an AI step to retry. Never uses the network.",
                "哪些還沒提交、還沒送出或有衝突；上次同步的結果；還有哪些紀錄的 AI 步驟待重試。不會連網路。"))
    }

    @OptionGroup var output: OutputFormat<JSON>
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() throws {
        let context = try Context.open(global)
        let history = try context.requireHistory()
        var status = try history.status(settings: context.vault.settings, localDirectory: context.vault.localDirectory)
        status.ignored = try history.ignoredFiles(in: context.vault)
        let heldBack = try history.heldBackNotes(status.changed, in: context.vault)
        let failures = AIState(localDirectory: context.vault.localDirectory).failures
        let pendingAI = failures.isEmpty ? [] : StatusPrinter.pending(failures, in: context.catalog(quiet: true))
        let media = try history.lfsMediaCounts(context.vault)
        StatusPrinter(status: status, heldBack: heldBack, pendingAI: pendingAI, media: media).print(json: output.json, context: context)
    }

    enum JSON: HelpText {
        static var help: String { bilingual("Print the status as JSON.", "以 JSON 輸出狀態。") }
    }
}
