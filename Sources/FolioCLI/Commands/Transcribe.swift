import ArgumentParser
import FolioCore

/// `folio transcribe`: speech to text (the companion diary's F-011).
struct Transcribe: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "transcribe",
            abstract: bilingual("Turn a voice recording into text (needs an OpenAI-compatible provider).", "把錄音轉成文字（需要相容 OpenAI 的服務）。"),
            discussion: bilingual(
                """
                The recording goes to ai.base_url's /audio/transcriptions with ai.transcription_model \
                (whisper-1 when not set); the text is printed. Nothing is written to the vault. With \
                privacy.send_media false the recording is not sent. `folio diary --voice FILE` puts the text \
                in the page.
                Example: folio transcribe voice.m4a
                """,
                """
                錄音送到 ai.base_url 的 /audio/transcriptions，使用 ai.transcription_model（沒設定時用 whisper-1）；
                印出轉好的文字，不會寫進資料庫。privacy.send_media 是 false 時不會送出錄音。`folio diary --voice 檔案`
                會把文字放進日記頁。
                例如：folio transcribe voice.m4a
                """))
    }

    @Argument(help: bilingual("The recording: m4a, mp3, wav, ogg, webm, flac…", "錄音檔：m4a、mp3、wav、ogg、webm、flac……")) var file: String
    @OptionGroup var output: OutputFormat<JSON>
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() async throws {
        let context = try Context.open(global)
        let text = try await VoiceInput.transcribe(context.absoluteURL(file), displayName: file, context: context)
        if output.json { return context.json(.object([("file", .string(file)), ("text", .string(text))])) }
        Console.out(text.withVisibleControls)
    }

    enum JSON: HelpText {
        static var help: String { bilingual("Print as JSON: {\"file\", \"text\"}.", "以 JSON 輸出：`{\"file\", \"text\"}`。") }
    }
}
