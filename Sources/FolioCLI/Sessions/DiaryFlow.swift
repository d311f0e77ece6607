import FolioCompanion
import FolioCore
import FolioStore

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
            page = try context.vault.appendCompanionLine(greeting, to: page, part: .greeting)
            page = try context.vault.appendUserMessage(message, to: page)
            if !chain.canReply {
                ChatTurn.offlineNote(context)
            } else {
                do {
                    page = try await ChatTurn.reply(to: page, chain: chain, environment: environment, context: context, echo: !json)
                } catch {
                    Console.err(error.rendered(in: context.language))
                    failed = true
                }
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
