import ArgumentParser
import FolioCore

/// `folio transcribe`: speech to text (the companion diary's F-011).
struct Transcribe: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transcribe",
        abstract: "Turn a voice recording into text (needs an OpenAI-compatible provider).",
        discussion: """
            The recording goes to ai.base_url's /audio/transcriptions with ai.transcription_model \
            (whisper-1 when not set); the text is printed. Nothing is written to the vault. With \
            privacy.send_media false the recording is not sent. `folio diary --voice FILE` puts the text \
            in the page.
            Example: folio transcribe voice.m4a
            """)

    @Argument(help: "The recording: m4a, mp3, wav, ogg, webm, flac…") var file: String
    @OptionGroup var output: OutputFormat<JSON>
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        let text = try VoiceInput.transcribe(context.absoluteURL(file), displayName: file, context: context)
        if output.json { return context.json(.object([("file", .string(file)), ("text", .string(text))])) }
        Console.out(text.withVisibleControls)
    }

    enum JSON: HelpText {
        static let help = "Print as JSON: {\"file\", \"text\"}."
    }
}
