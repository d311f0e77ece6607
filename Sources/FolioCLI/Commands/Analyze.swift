import ArgumentParser
import FolioCompanion
import FolioCore
import FolioStore

/// `folio analyze`: the diary spec's "re-analyse" — what the AI sees in the page's media.
struct Analyze: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analyze",
        abstract: "Describe a diary page's photos and videos (the chat's background), saved as its `analysis`.",
        discussion: """
            builtin describes the media's metadata (time taken, camera, size, length). An OpenAI-compatible \
            provider looks at the pictures with ai.vision_model (else ai.model): photos as data URLs with \
            their EXIF removed, a video as three frames taken with ffmpeg when it is installed (else its \
            metadata only). With privacy.send_media false no media byte is sent; GPS positions are only \
            described with privacy.share_location true. `analyzed_by` and `analyzed_at` say who and when.
            Examples:
              folio analyze 5b0c
              folio analyze 5b0c --again
            """)

    @OptionGroup var page: RecordArgument<ADiaryPage>
    @Flag(help: "Analyse again even when the page has an analysis.") var again = false
    @OptionGroup var output: OutputFormat<RecordJSON>
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try Context.open(global)
        try context.vault.requireProfile()
        let found = try context.record(page.record)
        let printer = AnalysisPrinter(json: output.json, context: context)
        if let analysis = try DiaryEntry(found).analysis, !again { return printer.already(analysis, of: found) }
        await OnDemandMedia.fetch(for: [found], context: context)
        let (changed, provider) = try AnalysisStep.run(found, chain: ChatTurn.chain(context, sendsMedia: true), context: context)
        printer.analyzed(changed, by: provider)
    }
}
