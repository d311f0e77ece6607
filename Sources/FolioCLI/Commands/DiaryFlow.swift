import ArgumentParser
import FolioCompanion
import FolioCore
import FolioStore
import Foundation

/// `folio diary`: the companion diary's one page — media and text in, a welcome, the AI's
/// greeting, a chat, then `/save` (the page in your words and its tags) or `/cancel`.
struct Diary: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Start a diary page with the AI companion: photo, text, a chat, then save with a summary and tags.",
        discussion: """
            On a terminal: a fixed welcome, the draft page is written (and committed) with your media and \
            text, the AI looks at the media and greets you, then you chat. Every message and reply is saved \
            as it happens, so closing the terminal loses at most the line being typed. /save writes the \
            page in your voice with 3 to 8 tags (as `folio summarize`); /cancel removes the draft and the \
            media only it used (one commit: `folio undo` brings it back); Ctrl-D leaves keeping the draft.

            With -m, --no-chat, or without a terminal the same steps run without prompting: -m is one chat \
            turn; then the page is saved. A failed AI step keeps the draft, says how to retry, and makes \
            the exit status 1. `folio new diary` writes a page with no AI step at all.
            Examples:
              folio diary --media ~/Pictures/IMG_2041.jpg --text "下班路上"
              folio diary --media IMG_2041.jpg --voice voice.m4a
              folio diary --media clip.mp4 -m "今天走了很久" --json
            """)

    @Option(name: .customLong("text"), help: "What happened, in a few words (kept as the page's text); - reads standard input.")
    var typedText: InputText?
    @Option(help: "A voice recording to transcribe into the text (needs an AI provider).") var voice: String?
    @Option(
        name: [.customShort("m"), .customLong("message")], help: "One message to the companion, without prompting; - reads standard input.")
    var typedMessage: InputText?
    var text: String? { typedText?.text }
    var message: String? { typedMessage?.text }
    @Flag(help: "No chat: write, analyse, greet and save without prompting.") var noChat = false
    @OptionGroup var input: RecordInput
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        try context.vault.requireProfile()
        // A blank message is refused before anything is written.
        if let message, message.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { throw FolioError(.ai(.emptyMessage)) }
        if let message { try context.vault.checkInput([(.message, message)]) }
        let flow = DiaryFlow(context: context, json: input.json)
        flow.show(Message.ai(.welcome).text(context.language))
        var text = text
        if let voice { text = try flow.listen(to: voice, typed: text, prompting: message == nil && !noChat) }
        let draft = try writeDraft(text: text, context: context)
        flow.created(draft)
        try flow.converse(draft, message: message, interactive: context.terminal.isInteractive && message == nil && !noChat)
    }

    /// The page as the user gave it, with its media, written and committed before any AI step.
    private func writeDraft(text: String?, context: Context) throws -> Record {
        let fields = try input.fields.map(keyValue) + (text.map { [("text", $0)] } ?? [])
        let title = input.title ?? text.flatMap(DiaryTitle.from)
        var request = NewRecord(kind: "diary", title: title, fields: fields, tags: input.tag, parent: input.parent, date: input.date)
        request.allowsExtraKeys = input.extra
        return try context.vault.create(
            request, importing: input.mediaSources(context), dateFromMedia: input.dateFromMedia, records: nil)
    }
}

/// A diary title from its text: the first 30 characters of its first line, tabs and control
/// characters as spaces; nil when the text has no words (the kind's own title is used then).
enum DiaryTitle {
    static func from(_ text: String) -> String? {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? text
        let title = String(Vault.oneLineTitle(line, limit: .max).prefix(30)).trimmingCharacters(in: .whitespaces)
        return title.isEmpty ? nil : title
    }
}

/// The steps of the diary's one page, in order; each AI step that fails is said and remembered,
/// and the draft stays as written.
struct DiaryFlow {
    let context: Context
    let json: Bool

    /// A line the companion says: on stdout, or on stderr when stdout carries JSON.
    func show(_ line: String) {
        if json { Console.err(line) } else { Console.out(line) }
    }

    /// The text of a voice recording; on a terminal the user may take it or type it as it should be.
    func listen(to voice: String, typed: String?, prompting: Bool) throws(FolioError) -> String {
        let heard = try VoiceInput.transcribe(context.absoluteURL(voice), displayName: voice, context: context)
        var text = heard
        if prompting && context.terminal.isInteractive {
            Console.err(Message.ai(.heard(heard)).text(context.language))
            if let typed = Console.ask(Message.ai(.useHeardText).text(context.language)), !typed.isEmpty { text = typed }
        } else if !json {
            Console.err(context.terminal.dim(Message.ai(.heard(heard)).text(context.language)))
        }
        return [typed, text].compactMap { $0 }.joined(separator: "\n")
    }

    /// The draft as written; with --json the record is printed once, at the end.
    func created(_ record: Record) {
        if json {
            for warning in context.vault.warnings where warning.message == .media(.noDateTaken) { context.warn(warning) }
        } else {
            reportCreated(record, json: false, context: context)
        }
    }

    /// Analyse, greet, chat, save. Throws `ExitCode.failure` after the end when a step failed, its
    /// message already said.
    func converse(_ draft: Record, message: String?, interactive: Bool) throws {
        var page = draft
        var failed = false
        let chain = ChatTurn.chain(context, sendsMedia: true)
        let environment = ChatTurn.environment(chain, context: context)
        if !MediaEntry.entries(of: page.document).isEmpty {
            do {
                page = try AnalysisStep.run(page, chain: chain, context: context).record
            } catch {
                Console.err(error.rendered(in: context.language))
                failed = true
            }
        }
        let greeting = GreetingStep.run(page, chain: chain, environment: environment, context: context)
        show(context.terminal.accent("folio") + "  " + greeting)
        if interactive {
            switch try ChatTurn.session(
                page, chain: chain, environment: environment, help: .diaryHelp, greeting: greeting, context: context)
            {
            case .saved(let written): page = written
            case .cancelled(let written):
                let removed = try context.vault.discardDraft(written)
                return context.say(.ai(.draftDiscarded(mediaRemoved: removed)))
            case .left(let written):
                Console.out("")
                context.say(.ai(.draftKept(reference: written.shortID)))
                if failed { throw ExitCode.failure }
                return
            }
        } else if let message {
            page = try ChatTurn.note(greeting, in: page, context: context)
            page = try ChatTurn.say(message, in: page, context: context)
            if !ChatTurn.canReply(chain) {
                ChatTurn.offlineNote(context)
            } else {
                do {
                    page = try ChatTurn.reply(to: page, chain: chain, environment: environment, context: context, echo: !json)
                } catch {
                    Console.err(error.rendered(in: context.language))
                    failed = true
                }
            }
        }
        failed = !save(page, chain: chain) || failed
        if failed { throw ExitCode.failure }
    }

    /// "End and save": the page in the user's voice and its tags, when they have written anything
    /// or given media.
    /// - Returns: false when the summary failed (its message is said; the draft stays).
    func save(_ page: Record, chain: ProviderChain) -> Bool {
        guard (try? DiaryEntry(page))?.hasSomethingToSummarize == true else {
            if json { context.json(JSONWriter.record(page, body: true)) }
            Console.err(Message.ai(.draftKept(reference: page.shortID)).text(context.language))
            return true
        }
        do {
            try SummaryStep.run(page, chain: chain, context: context, json: json)
            return true
        } catch {
            // A failed summary changed nothing: the page is as it was.
            Console.err(error.rendered(in: context.language))
            if json { context.json(JSONWriter.record(page, body: true)) }
            return false
        }
    }
}

/// `folio analyze`: the diary spec's "re-analyse" — what the AI sees in the page's media.
struct Analyze: ParsableCommand {
    static let configuration = CommandConfiguration(
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

    @Argument(help: "The diary page: id, id prefix, path or slug.", completion: .custom(Completions.records)) var record: String
    @Flag(help: "Analyse again even when the page has an analysis.") var again = false
    @Flag(help: "Print the record as JSON.") var json = false
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        try context.vault.requireProfile()
        let found = try context.record(record)
        let entry = try DiaryEntry(found)
        if let analysis = entry.analysis, !again {
            if json { return context.json(JSONWriter.record(found, body: true)) }
            Console.out(analysis)
            return Console.err(context.terminal.dim(Message.ai(.alreadyAnalyzed(reference: found.shortID)).text(context.language)))
        }
        let (changed, provider) = try AnalysisStep.run(found, chain: ChatTurn.chain(context, sendsMedia: true), context: context)
        if json { return context.json(JSONWriter.record(changed, body: true)) }
        Console.out(changed.document.string("analysis") ?? "")
        Console.err(context.terminal.dim(Message.ai(.analyzedBy(provider)).text(context.language)))
    }
}

/// Analysing a page's media, for `analyze` and the diary flow.
enum AnalysisStep {
    /// - Throws: ``FolioError`` `.media(.required)` for a page without media; the F-003 message
    ///   (the draft is kept) when no provider could analyse.
    static func run(_ record: Record, chain: ProviderChain, context: Context) throws(FolioError) -> (record: Record, provider: String) {
        let entry = try DiaryEntry(record)
        guard !entry.media.isEmpty else { throw FolioError(.media(.required), file: record.path) }
        let views = MediaViews.views(
            of: entry.media, in: context.vault, configuration: chain.configuration,
            searchPath: context.environment["PATH"])
        let request = entry.analysisRequest(views: views)
        let outcome = try AIRun.step(
            "analyze", for: record, chain: chain, context: context, failure: .analysisFailed(reference: record.shortID)
        ) {
            provider async throws(AIProblem) in try await provider.analyze(request)
        }
        let changed = try context.vault.applyAnalysis(outcome.value, to: record, provider: outcome.provider)
        return (changed, outcome.provider)
    }
}

/// The companion's first line on a new page (the companion diary's F-016).
enum GreetingStep {
    /// The first provider's greeting; when none can greet, the generic one (no weather, no place).
    static func run(_ record: Record, chain: ProviderChain, environment: [String], context: Context) -> String {
        let localTime = ConversationClock.text(context.vault.clock.timestamp)
        let fallback = BuiltinGreeting.text(
            localTime: localTime, mediaType: MediaEntry.entries(of: record.document).first?.type, language: context.language)
        guard let entry = try? DiaryEntry(record) else { return fallback }
        let request = entry.greetingRequest(localTime: localTime, environment: environment)
        do {
            return try AIRun.first(chain, context: context) { provider async throws(AIProblem) in try await provider.greet(request) }.value
        } catch {
            context.warn(error)
            return fallback
        }
    }
}

/// `folio transcribe`: speech to text (the companion diary's F-011).
struct Transcribe: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Turn a voice recording into text (needs an OpenAI-compatible provider).",
        discussion: """
            The recording goes to ai.base_url's /audio/transcriptions with ai.transcription_model \
            (whisper-1 when not set); the text is printed. Nothing is written to the vault. With \
            privacy.send_media false the recording is not sent. `folio diary --voice FILE` puts the text \
            in the page.
            Example: folio transcribe voice.m4a
            """)

    @Argument(help: "The recording: m4a, mp3, wav, ogg, webm, flac…") var file: String
    @Flag(help: "Print as JSON: {\"file\", \"text\"}.") var json = false
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        let text = try VoiceInput.transcribe(context.absoluteURL(file), displayName: file, context: context)
        if json { return context.json(.object([("file", .string(file)), ("text", .string(text))])) }
        Console.out(text)
    }
}

/// Reading a recording and asking the providers for its words.
enum VoiceInput {
    /// The API takes recordings up to 25 MB.
    static let maxBytes: UInt64 = 25 * 1024 * 1024

    static let mediaTypes = [
        "m4a": "audio/mp4", "mp4": "audio/mp4", "mp3": "audio/mpeg", "mpga": "audio/mpeg", "mpeg": "audio/mpeg",
        "wav": "audio/wav", "ogg": "audio/ogg", "oga": "audio/ogg", "opus": "audio/ogg", "webm": "audio/webm",
        "flac": "audio/flac", "aac": "audio/aac",
    ]

    /// - Throws: ``FolioError`` for a file that cannot be read; the F-011 message ("聽不清楚，請再試一次")
    ///   after the reason, when no provider could transcribe it.
    static func transcribe(_ url: URL, displayName: String, context: Context) throws(FolioError) -> String {
        let clip = try read(url, displayName: displayName)
        let chain = AIRun.chain(context, sends: .recording)
        do {
            return try AIRun.first(chain, context: context) { provider async throws(AIProblem) in try await provider.transcribe(clip) }
                .value
        } catch {
            context.warn(error)
            throw FolioError(.ai(.transcriptionFailed))
        }
    }

    static func read(_ url: URL, displayName: String) throws(FolioError) -> AudioClip {
        let data = try MediaImporter.readWhole(url, displayName: displayName, maxBytes: maxBytes)
        return AudioClip(
            data: data, filename: url.lastPathComponent, mediaType: mediaTypes[url.pathExtension.lowercased()] ?? "application/octet-stream"
        )
    }
}
