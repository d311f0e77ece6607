import FolioApp
import FolioCompanion
import FolioCore
import FolioStore
import Foundation

/// The steps of a chat turn, shared by `chat` and the diary's one-page flow.
enum ChatTurn {
    /// One turn without prompting: `message` saved (when given; else `--retry`), then the reply to
    /// the user's last message (``FolioApp/Companion/chatTurn(_:message:greeting:chain:moment:onPiece:)``,
    /// the same turn the web app takes). Returns the page as it stands after.
    static func once(_ page: Record, message: String?, echo: Bool, context: Context) async throws(FolioError) -> Record {
        guard message != nil || Conversation.parse(page.document.body).last?.speaker == .me else {
            nothingToRetry(echo: echo, context: context)
            return page
        }
        let chain = chain(context)
        let moment = await environment(chain, context: context)
        let outcome = try await turn(page, message: message, chain: chain, moment: moment, echo: echo, context: context)
        if case .failed(_, let error) = outcome { throw error }
        return outcome.page
    }

    /// A chat turn on the terminal: the reply printed as it streams in (unless `echo` is off), a
    /// note when there is nothing to reply to or the companion only listens (unless said already).
    static func turn(
        _ page: Record, message: String?, greeting: String? = nil, chain: ProviderChain, moment: [String], echo: Bool,
        listeningNote: Bool = true, context: Context
    ) async throws(FolioError) -> ChatTurnOutcome {
        let started = LockedState(false)
        let outcome = try await context.companion.chatTurn(page, message: message, greeting: greeting, chain: chain, moment: moment) {
            piece in
            started.withValue { $0 = true }
            if echo { Console.outInline(piece.withVisibleControls) }
        }
        switch outcome {
        case .replied: if echo { Console.out("") }
        case .nothingToReply: nothingToRetry(echo: echo, context: context)
        case .onlyListening: if listeningNote { offlineNote(context) }
        // The reason was said through the face; the caller says what the failure means.
        case .failed: if started.current && echo { Console.out("") }
        }
        return outcome
    }

    /// A note, not the turn's output: with --json, standard output is the JSON alone.
    private static func nothingToRetry(echo: Bool, context: Context) {
        if echo { context.say(.ai(.nothingToRetry)) } else { Console.err(Message.ai(.nothingToRetry).text(context.language)) }
    }

    /// A session on a terminal until /save (the page summarised), /cancel (the session's
    /// messages taken back) or Ctrl-D.
    static func talk(about page: Record, context: Context) async throws(FolioError) {
        let original = Conversation.parse(page.document.body)
        let chain = chain(context)
        switch try await session(
            page, chain: chain, environment: await environment(chain, context: context), help: .chatHelp, context: context)
        {
        case .saved(let page): try await SummaryStep.run(page, chain: chain, context: context, json: false)
        case .cancelled(let page):
            try context.vault.resetConversation(of: page, to: original)
            context.say(.cancelled)
        case .left: Console.out("")
        }
    }

    /// The providers a chat talks to; made once per session.
    static func chain(_ context: Context, sendsMedia: Bool = false) -> ProviderChain {
        AIRun.chain(context) { .companion(.chat(withMedia: sendsMedia), $0) }
    }

    /// What the companion is told of the moment: the local time, and place and weather when
    /// `privacy.share_location` allows (the weather read once per session, skipped when unreachable).
    static func environment(_ chain: ProviderChain, context: Context) async -> [String] {
        await context.companion.moment(chain)
    }

    static func offlineNote(_ context: Context) {
        Console.err(context.terminal.dim(Message.ai(.failed(provider: "builtin", problem: .needsNetworkProvider)).text(context.language)))
    }

    /// How an interactive conversation ended, with the page as it stands.
    enum SessionEnd {
        case saved(Record)
        case cancelled(Record)
        case left(Record)
    }

    /// The interactive chat: a line is a message, saved before the AI is asked and its reply saved
    /// after; `/save`, `/cancel` and Ctrl-D end it. `greeting`, when given, is saved before the
    /// first message (it opened the conversation).
    static func session(
        _ start: Record, chain: ProviderChain, environment: [String], help: AIMessage, greeting: String? = nil,
        context: Context
    ) async throws(FolioError) -> SessionEnd {
        var current = start
        var greeting = greeting
        Console.err(context.terminal.dim(Message.ai(help).text(context.language)))
        if !chain.canReply { offlineNote(context) }
        while true {
            Console.errInline("> ")
            guard let line = try StandardInput.line() else { return .left(current) }
            switch line.trimmingCharacters(in: .whitespaces) {
            case "": continue
            case "/cancel": return .cancelled(current)
            case "/save": return .saved(current)
            default:
                // A turn is one commit: the greeting it answers (the first time), the message, the reply.
                let opening = greeting
                greeting = nil
                // A failed reply was said on stderr; the message is saved and the chat goes on.
                current = try await turn(
                    current, message: line, greeting: opening, chain: chain, moment: environment, echo: true, listeningNote: false,
                    context: context
                ).page
            }
        }
    }
}
