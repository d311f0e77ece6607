import FolioApp
import FolioCompanion
import FolioCore
import FolioStore
import Foundation

/// The steps of a chat turn, shared by `chat` and the diary's one-page flow.
enum ChatTurn {
    /// One turn without prompting: `message` saved (when given; else `--retry`), then the reply to
    /// the user's last message, from a chain made for it. Returns the page as it stands after.
    /// The turn is one commit: the message is on disk before the AI is asked, and committed with
    /// the reply (or alone, when none comes).
    static func once(_ page: Record, message: String?, echo: Bool, context: Context) async throws(FolioError) -> Record {
        try await context.vault.inOneCommit(Vault.describe("chat", page)) { () async throws(FolioError) -> Record in
            let asked = try message.map { text throws(FolioError) in try context.vault.appendUserMessage(text, to: page) } ?? page
            guard Conversation.parse(asked.document.body).last?.speaker == .me else {
                // A note, not the turn's output: with --json, standard output is the JSON alone.
                if echo { context.say(.ai(.nothingToRetry)) } else { Console.err(Message.ai(.nothingToRetry).text(context.language)) }
                return asked
            }
            let chain = chain(context)
            return try await reply(
                to: asked, chain: chain, environment: await environment(chain, context: context), context: context, echo: echo)
        }
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

    /// Asks the providers for the companion's reply to the page's conversation, prints it as it
    /// streams in (unless `echo` is off), and saves it. On failure the page keeps the user's
    /// message and the error is kept for `show`.
    @discardableResult
    static func reply(to record: Record, chain: ProviderChain, environment: [String], context: Context, echo: Bool = true)
        async throws(FolioError) -> Record
    {
        // Offline providers never reply: the message is kept, and no retry is suggested that could not work.
        guard chain.canReply else {
            offlineNote(context)
            return record
        }
        let entry = try DiaryEntry(record)
        var asked = entry.chatRequest(environment: environment)
        asked.related = GreetingStep.relatedPages(entry, chain: chain, context: context)
        let request = asked
        let started = LockedState(false)
        let reply: (value: String, provider: String)
        do {
            // The reply streams onto the terminal, so the waiting note gets a line of its own.
            if context.terminal.isInteractive { Console.err(context.terminal.dim(Message.ai(.waiting).text(context.language))) }
            reply = try await AIRun.cancellable { () async throws(FolioError) in
                let answer = try await chain.first { provider async throws(AIProblem) in
                    ReplyText(
                        try await provider.chat(request) { piece in
                            started.withValue { $0 = true }
                            if echo { Console.outInline(piece.withVisibleControls) }
                        }, part: .reply)
                }
                return (answer.value.text, answer.provider)
            }
        } catch {
            if started.current && echo { Console.out("") }
            AIRun.remember(error, step: "chat", for: record, context: context)
            context.warn(error)
            throw FolioError(.ai(.chatFailed(reference: record.shortID)))
        }
        if echo { Console.out("") }
        AIRun.remember(nil, step: "chat", for: record, context: context)
        return try context.vault.appendCompanionLine(reply.value, to: record)
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
        let canReply = chain.canReply
        Console.err(context.terminal.dim(Message.ai(help).text(context.language)))
        if !canReply { offlineNote(context) }
        while true {
            Console.errInline("> ")
            guard let line = try StandardInput.line() else { return .left(current) }
            switch line.trimmingCharacters(in: .whitespaces) {
            case "": continue
            case "/cancel": return .cancelled(current)
            case "/save": return .saved(current)
            default:
                // A turn is one commit: the greeting it answers (the first time), the message, the reply.
                current = try await context.vault.inOneCommit(Vault.describe("chat", current)) { () async throws(FolioError) -> Record in
                    var page = current
                    if let opening = greeting {
                        page = try context.vault.appendCompanionLine(opening, to: page, part: .greeting)
                        greeting = nil
                    }
                    page = try context.vault.appendUserMessage(line, to: page)
                    guard canReply else { return page }
                    do {
                        return try await reply(to: page, chain: chain, environment: environment, context: context)
                    } catch {
                        return page  // Said on stderr; the message is saved and the chat goes on.
                    }
                }
            }
        }
    }
}
