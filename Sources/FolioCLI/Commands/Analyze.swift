import ArgumentParser
import FolioCompanion
import FolioCore
import FolioStore

/// `folio analyze`: the diary spec's "re-analyse" — what the AI sees in the page's media.
struct Analyze: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "analyze",
            abstract: bilingual(
                "Describe a diary page's photos and videos (the chat's background), saved as its `analysis`.",
                "描述日記頁的照片和影片（聊天的背景），存成它的 `analysis`。"),
            discussion: bilingual(
                """
                builtin describes the media's metadata (time taken, camera, size, length). An OpenAI-compatible \
                provider looks at the pictures with ai.vision_model (else ai.model): photos as data URLs with \
                their EXIF removed, a video as three frames taken with ffmpeg when it is installed (else its \
                metadata only). With privacy.send_media false no media byte is sent; GPS positions are only \
                described with privacy.share_location true. `analyzed_by` and `analyzed_at` say who and when.
                Examples:
                  folio analyze 5b0c
                  folio analyze 5b0c --again
                """,
                """
                builtin 只描述媒體的中繼資料（拍攝時間、相機、尺寸、長度）。相容 OpenAI 的服務會用 ai.vision_model
                （沒有就用 ai.model）看圖：照片去掉 EXIF 後內嵌在請求裡送出，影片在有安裝 ffmpeg 時取三個畫面（沒有就只送
                中繼資料）。privacy.send_media 是 false 時不會送出任何媒體；privacy.share_location 是 true 時才會描述 GPS 位置。
                `analyzed_by` 和 `analyzed_at` 記下是誰、什麼時候分析的。
                例如：
                  folio analyze 5b0c
                  folio analyze 5b0c --again
                """))
    }

    @OptionGroup var page: RecordArgument<ADiaryPage>
    @Flag(help: bilingual("Analyse again even when the page has an analysis.", "即使這頁已經分析過，也再分析一次。")) var again = false
    @OptionGroup var output: OutputFormat<RecordJSON>
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() async throws {
        let context = try Context.open(global)
        try context.vault.requireProfile()
        let found = try context.record(page.record)
        let printer = AnalysisPrinter(json: output.json, context: context)
        if let analysis = try DiaryEntry(found).analysis, !again { return printer.already(analysis, of: found) }
        await OnDemandMedia.fetch(for: [found], context: context)
        let (changed, provider) = try await AnalysisStep.run(found, chain: ChatTurn.chain(context, sendsMedia: true), context: context)
        printer.analyzed(changed, by: provider)
    }
}
