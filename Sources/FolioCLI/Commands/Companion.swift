import ArgumentParser
import FolioCompanion
import FolioCore
import FolioStore
import Foundation

/// `folio summarize`: the companion diary's "end and save" — the page in the user's voice and its tags.
struct Summarize: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a diary page in your own voice from its text and conversation, with 3 to 8 tags.",
        discussion: """
            The page part of the body is replaced (media links and the conversation stay); `tags`, and with \
            ai.auto_title the title, are set; `summarized_by` and `summarized_at` say which provider wrote it \
            and when. One commit, so `folio undo` takes it back. Run it again any time.

            The builtin provider (offline) builds the page from your own sentences and the tags from your \
            words, preferring tags the vault already has. If the summary fails, nothing changes: the chat \
            is kept, and the error is shown by `folio show` until a summary succeeds.
            Examples:
              folio summarize 5b0c
              folio summarize 下班路上 --json | jq '.tags'
            """)

    @Argument(help: "The diary page: id, id prefix, path or slug.", completion: .custom(Completions.records)) var record: String
    @Flag(help: "Print the summarized record as JSON.") var json = false
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        try context.vault.requireProfile()
        let found = try context.record(record)
        try SummaryStep.run(found, context: context, json: json)
    }
}

/// Summarising a page, for `summarize`, the chat's `/save` and the diary flow.
enum SummaryStep {
    /// - Parameter chain: the providers of a session already under way; else the settings' chain.
    static func run(_ found: Record, chain: ProviderChain? = nil, context: Context, json: Bool) throws(FolioError) {
        let entry = try DiaryEntry(found)
        let existing = context.catalog(quiet: true).all.tagUses().sorted(by: .count).map(\.tag)
        let chain = chain ?? AIRun.chain(context, sends: .entry(media: false, location: false))
        let request = entry.summaryRequest(existingTags: existing, configuration: chain.configuration)
        let outcome = try AIRun.step(
            "summarize", for: found, chain: chain, context: context, failure: .summaryFailed(reference: found.shortID)
        ) {
            provider async throws(AIProblem) in try await provider.summarize(request)
        }
        let changed = try context.vault.applySummary(
            outcome.value, to: found, provider: outcome.provider, configuration: chain.configuration)
        if json { return context.json(JSONWriter.record(changed, body: true)) }
        Console.out(outcome.value.page)
        Console.err(
            context.terminal.dim(
                Message.ai(
                    .summarized(
                        title: changed.title, tags: outcome.value.tags, provider: outcome.provider)
                ).text(context.language)))
    }
}

/// `folio chat`: talk with the companion about a diary page; every turn is saved as it happens.
struct Chat: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Chat with the AI companion about a diary page; the conversation is kept in the page.",
        discussion: """
            Each message is written to the page's `## Conversation` (and committed) before the AI is asked, \
            so nothing you type is lost; the reply streams in and is saved the same way. The conversation \
            continues from what the page holds, on any day and any device.

            On a terminal without -m: type a message and Enter; /save ends and writes the page and its tags \
            (as `folio summarize`), /cancel leaves and takes back this session's messages, Ctrl-D leaves \
            keeping them. With -m: one turn, for scripts. --retry asks again for a reply to your last \
            message when the AI did not answer it.
            Examples:
              folio chat 5b0c
              folio chat 5b0c -m "其實我今天有點累"
              folio chat 5b0c --retry
            """)

    @Argument(help: "The diary page: id, id prefix, path or slug.", completion: .custom(Completions.records)) var record: String
    @Option(name: [.customShort("m"), .customLong("message")], help: "One message, without prompting; - reads standard input.")
    var typedMessage: InputText?
    var message: String? { typedMessage?.text }
    @Flag(help: "Ask for a reply to your last message again.") var retry = false
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        try context.vault.requireProfile()
        let page = try context.record(record)
        _ = try DiaryEntry(page)
        if let message {
            try ChatTurn.reply(to: try ChatTurn.say(message, in: page, context: context), context: context)
        } else if retry {
            guard Conversation.parse(page.document.body).last?.speaker == .me else { return context.say(.ai(.nothingToRetry)) }
            try ChatTurn.reply(to: page, context: context)
        } else if context.terminal.isInteractive {
            try talk(about: page, context: context)
        } else {
            throw ValidationError("Without a terminal, give the message with -m (or --retry).")
        }
    }

    /// A session on a terminal until /save (the page summarised), /cancel (the session's
    /// messages taken back) or Ctrl-D.
    private func talk(about page: Record, context: Context) throws {
        let original = Conversation.parse(page.document.body)
        let chain = ChatTurn.chain(context)
        switch try ChatTurn.session(
            page, chain: chain, environment: ChatTurn.environment(chain, context: context), help: .chatHelp, context: context)
        {
        case .saved(let page): try SummaryStep.run(page, chain: chain, context: context, json: false)
        case .cancelled(let page):
            try context.vault.resetConversation(of: page, to: original)
            context.say(.cancelled)
        case .left: Console.out("")
        }
    }
}

/// The steps of a chat turn, shared by `chat` and the diary's one-page flow.
enum ChatTurn {
    /// One reply to the page's last message, from a chain made for it.
    static func reply(to page: Record, context: Context) throws(FolioError) {
        let chain = chain(context)
        try reply(to: page, chain: chain, environment: environment(chain, context: context), context: context)
    }

    /// Saves the user's message in the page (committed) and returns the page as written.
    static func say(_ text: String, in record: Record, context: Context) throws(FolioError) -> Record {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw FolioError(.ai(.emptyMessage)) }
        let time = ConversationClock.text(context.vault.clock.timestamp)
        return try context.vault.appendMessage(ConversationMessage(speaker: .me, time: time, text: trimmed), to: record)
    }

    /// The providers a chat talks to; made once per session.
    static func chain(_ context: Context, sendsMedia: Bool = false) -> ProviderChain {
        AIRun.chain(context) { .entry(media: sendsMedia && $0.sendMedia, location: $0.shareLocation) }
    }

    /// What the companion is told of the moment: the local time, and place and weather when
    /// `privacy.share_location` allows (the weather read once per session, skipped when unreachable).
    static func environment(_ chain: ProviderChain, context: Context) -> [String] {
        let configuration = chain.configuration
        let weather =
            configuration.shareLocation && configuration.weatherURL != nil
            ? (try? AIRun.blocking { () async throws(FolioError) in await Weather.current(configuration) }) ?? nil
            : nil
        return DiaryEntry.environment(
            now: context.vault.clock.timestamp, zone: context.vault.clock.zone, configuration: configuration, weather: weather)
    }

    /// Asks the providers for the companion's reply to the page's conversation, prints it as it
    /// streams in (unless `echo` is off), and saves it. On failure the page keeps the user's
    /// message and the error is kept for `show`.
    @discardableResult
    static func reply(to record: Record, chain: ProviderChain, environment: [String], context: Context, echo: Bool = true)
        throws(FolioError) -> Record
    {
        // Offline providers never reply: the message is kept, and no retry is suggested that could not work.
        guard canReply(chain) else {
            offlineNote(context)
            return record
        }
        let entry = try DiaryEntry(record)
        let request = entry.chatRequest(environment: environment)
        let started = LockedState(false)
        let reply: (value: String, provider: String)
        do {
            // The reply streams onto the terminal, so the waiting note gets a line of its own.
            if context.terminal.isInteractive { Console.err(context.terminal.dim(Message.ai(.waiting).text(context.language))) }
            reply = try AIRun.blocking { () async throws(FolioError) in
                try await chain.first { provider async throws(AIProblem) in
                    try await provider.chat(request) { piece in
                        started.withValue { $0 = true }
                        if echo { Console.outInline(piece) }
                    }
                }
            }
        } catch {
            if started.current && echo { Console.out("") }
            AIRun.remember(error, step: "chat", for: record, context: context)
            context.warn(error)
            throw FolioError(.ai(.chatFailed(reference: record.shortID)))
        }
        if echo { Console.out("") }
        AIRun.remember(nil, step: "chat", for: record, context: context)
        return try note(reply.value, in: record, context: context)
    }

    /// Saves a line of the companion in the page (a reply, or the greeting that opened it).
    static func note(_ text: String, in record: Record, context: Context) throws(FolioError) -> Record {
        let time = ConversationClock.text(context.vault.clock.timestamp)
        return try context.vault.appendMessage(ConversationMessage(speaker: .folio, time: time, text: text), to: record)
    }

    /// False when only offline providers are set up: they cannot chat, so a diary page keeps the
    /// user's lines without asking (a provider that failed to set up is asked, to say why).
    static func canReply(_ chain: ProviderChain) -> Bool {
        chain.providers.contains { $0.endpoint != nil } || !chain.setupFailures.isEmpty
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
    ) throws(FolioError) -> SessionEnd {
        var current = start
        var greeting = greeting
        let canReply = canReply(chain)
        Console.err(context.terminal.dim(Message.ai(help).text(context.language)))
        if !canReply { offlineNote(context) }
        while true {
            Console.errInline("> ")
            guard let line = readLine() else { return .left(current) }
            switch line.trimmingCharacters(in: .whitespaces) {
            case "": continue
            case "/cancel": return .cancelled(current)
            case "/save": return .saved(current)
            default:
                if let opening = greeting {
                    current = try note(opening, in: current, context: context)
                    greeting = nil
                }
                current = try say(line, in: current, context: context)
                guard canReply else { continue }
                do {
                    current = try reply(to: current, chain: chain, environment: environment, context: context)
                } catch {
                    continue  // Said on stderr; the message is saved and the chat goes on.
                }
            }
        }
    }
}
