import FolioCompanion
import FolioCore
import FolioStore

/// The steps of the diary's one page, in order; each AI step that fails is said and remembered,
/// and the draft stays as written.
struct DiaryFlow {
    let context: Context
    let json: Bool

    /// What `folio diary` was given for its page.
    struct Page {
        var typedText: InputText?
        var voice: String?
        /// One message to the companion, without prompting.
        var message: String?
        /// False with `--no-chat`: no conversation, at the terminal or not.
        var chats: Bool
        /// Writes the draft record with the page's text.
        var draft: (String?) throws(FolioError) -> Record
    }

    /// The whole page: the draft, what the AI saw, its greeting, the turn and the summary in one
    /// commit; a session at the terminal commits the draft first, then each turn and the summary.
    /// Returns whether an AI step failed (the page stays as far as it got).
    func write(_ given: Page) async throws -> Bool {
        let message = given.message
        // A blank message is refused before anything is written.
        if let message, message.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { throw FolioError(.ai(.emptyMessage)) }
        if let message { try context.vault.checkInput([(.message, message)]) }
        show(Message.ai(.welcome).text(context.language))
        // Text piped in without a `-` is the page's text.
        var text = try StandardInput.text(given.typedText, option: "--text")
        if let voice = given.voice { text = try await listen(to: voice, typed: text, prompting: message == nil && given.chats) }
        let interactive = context.terminal.isInteractive && message == nil && given.chats
        let chain = ChatTurn.chain(context, sendsMedia: true)
        var page: Record?
        let failed = try await context.vault.inOneCommit({ _ in page.map { Vault.describe("add", $0) } ?? "diary: add" }) {
            () async throws(FolioError) -> Bool in
            let draft = try given.draft(text)
            page = draft
            created(draft)
            let analyzed = await analyze(draft, chain: chain)
            page = analyzed.page
            guard !interactive else { return analyzed.failed }
            return try await converse(analyzed.page, chain: chain, failed: analyzed.failed, message: message, interactive: false)
        }
        guard interactive, let page else { return failed }
        return try await converse(page, chain: chain, failed: failed, message: nil, interactive: true)
    }

    /// A line the companion says: on stdout, or on stderr when stdout carries JSON.
    func show(_ line: String) {
        if json { Console.err(line) } else { Console.out(line) }
    }

    /// The text of a voice recording; on a terminal the user may take it or type it as it should be.
    func listen(to voice: String, typed: String?, prompting: Bool) async throws(FolioError) -> String {
        let heard = try await VoiceInput.transcribe(context.absoluteURL(voice), displayName: voice, context: context)
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
            CreatedPrinter.print(record, json: false, context: context)
        }
    }

    /// Analyses the draft's media (when it has any): the page with what the AI saw, and whether
    /// the step failed (its message already said; the draft stays as written).
    func analyze(_ draft: Record, chain: ProviderChain) async -> (page: Record, failed: Bool) {
        guard !MediaEntry.entries(of: draft.document).isEmpty else { return (draft, false) }
        do {
            return (try await AnalysisStep.run(draft, chain: chain, context: context).record, false)
        } catch {
            Console.err(error.rendered(in: context.language))
            return (draft, true)
        }
    }

    /// Greet, chat, save, after ``analyze(_:chain:)``. Returns whether a step failed (its message
    /// already said), so the command can end with status 1 after everything is committed.
    ///
    /// Without a terminal every write is the caller's one commit; in an interactive session each
    /// chat turn is a commit of its own (``ChatTurn/session(_:chain:environment:help:greeting:context:)``)
    /// and so is the summary.
    func converse(_ analyzed: Record, chain: ProviderChain, failed analysisFailed: Bool, message: String?, interactive: Bool)
        async throws(FolioError) -> Bool
    {
        var page = analyzed
        var failed = analysisFailed
        let environment = await ChatTurn.environment(chain, context: context)
        let greeting = await GreetingStep.run(page, chain: chain, environment: environment, context: context)
        show(context.terminal.accent("folio") + "  " + greeting.withVisibleControls)
        if interactive {
            switch try await ChatTurn.session(
                page, chain: chain, environment: environment, help: .diaryHelp, greeting: greeting, context: context)
            {
            case .saved(let written): page = written
            case .cancelled(let written):
                let removed = try context.vault.discardDraft(written)
                context.say(.ai(.draftDiscarded(mediaRemoved: removed)))
                return failed
            case .left(let written):
                Console.out("")
                context.say(.ai(.draftKept(reference: written.shortID)))
                return failed
            }
        } else if let message {
            let outcome = try await ChatTurn.turn(
                page, message: message, greeting: greeting, chain: chain, moment: environment, echo: !json, context: context)
            page = outcome.page
            if case .failed(_, let error) = outcome {
                // The greeting and the message are saved; the summary still comes.
                Console.err(error.rendered(in: context.language))
                failed = true
            }
        }
        return !(await save(page, chain: chain)) || failed
    }

    /// "End and save": the page in the user's voice and its tags, when they have written anything
    /// or given media.
    /// - Returns: false when the summary failed (its message is said; the draft stays).
    func save(_ page: Record, chain: ProviderChain) async -> Bool {
        // try?: a page that is not a diary entry has nothing to summarise.
        guard (try? DiaryEntry(page))?.hasSomethingToSummarize == true else {
            if json { context.json(JSONWriter.record(page, body: true, kinds: context.vault.kinds)) }
            Console.err(Message.ai(.draftKept(reference: page.shortID)).text(context.language))
            return true
        }
        do {
            try await SummaryStep.run(page, chain: chain, context: context, json: json)
            return true
        } catch {
            // A failed summary changed nothing: the page is as it was.
            Console.err(error.rendered(in: context.language))
            if json { context.json(JSONWriter.record(page, body: true, kinds: context.vault.kinds)) }
            return false
        }
    }
}
