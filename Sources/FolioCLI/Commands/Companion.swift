import ArgumentParser
import Foundation
import FolioCompanion
import FolioCore
import FolioStore

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

    @Argument(help: "The diary page: id, id prefix, path or slug.") var record: String
    @Flag(help: "Print the summarized record as JSON.") var json = false
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        try context.vault.requireProfile()
        let set = context.records(quiet: true)
        let found = try context.vault.resolve(record, in: set, workingDirectory: context.workingDirectory)
        try SummaryStep.run(found, context: context, json: json)
    }
}

/// Summarising a page, for `summarize`, the chat's `/save` and the diary flow.
enum SummaryStep {
    static func run(_ found: Record, context: Context, json: Bool) throws(FolioError) {
        let entry = try DiaryEntry(found)
        let existing = TagTally.sorted(TagTally.count(context.catalog(quiet: true).summaries), by: .count).map(\.tag)
        let chain = AIRun.chain(context, sends: .entry(media: false, location: false))
        let configuration = chain.configuration
        let request = entry.summaryRequest(existingTags: existing)
        let outcome: (value: PageSummary, provider: String)
        do {
            outcome = try AIRun.waiting(context) { () async throws(FolioError) in
                try await chain.first { provider async throws(AIProblem) in try await provider.summarize(request) }
            }
        } catch {
            AIRun.remember(error, step: "summarize", for: found, context: context)
            context.warn(error)
            throw FolioError(.ai(.summaryFailed(reference: found.shortID)))
        }
        let changed = try context.vault.applySummary(outcome.value, to: found, provider: outcome.provider, configuration: configuration)
        AIRun.remember(nil, step: "summarize", for: found, context: context)
        if json { return context.json(JSONWriter.record(changed, body: true)) }
        Console.out(outcome.value.page)
        Console.err(context.terminal.dim(Message.ai(.summarized(
            title: changed.title, tags: outcome.value.tags, provider: outcome.provider)).text(context.language)))
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

    @Argument(help: "The diary page: id, id prefix, path or slug.") var record: String
    @Option(name: .shortAndLong, help: "One message, without prompting.") var message: String?
    @Flag(help: "Ask for a reply to your last message again.") var retry = false
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        try context.vault.requireProfile()
        let set = context.records(quiet: true)
        var current = try context.vault.resolve(record, in: set, workingDirectory: context.workingDirectory)
        _ = try DiaryEntry(current)
        if let message {
            current = try ChatTurn.say(message, in: current, context: context)
            try ChatTurn.reply(to: current, chain: ChatTurn.chain(context), context: context)
        } else if retry {
            guard Conversation.parse(current.document.body).last?.speaker == .me else { return context.say(.ai(.nothingToRetry)) }
            try ChatTurn.reply(to: current, chain: ChatTurn.chain(context), context: context)
        } else if context.terminal.isInteractive {
            try ChatTurn.session(current, context: context)
        } else {
            throw ValidationError("Without a terminal, give the message with -m (or --retry).")
        }
    }
}

/// The steps of a chat turn, shared by `chat` and the diary's one-page flow.
enum ChatTurn {
    /// Saves the user's message in the page (committed) and returns the page as written.
    static func say(_ text: String, in record: Record, context: Context) throws(FolioError) -> Record {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw FolioError(.ask(.emptyQuestion)) }
        let time = ConversationClock.text(context.vault.clock.timestamp)
        return try context.vault.appendMessage(ConversationMessage(speaker: .me, time: time, text: trimmed), to: record)
    }

    /// The providers a chat talks to; made once per session.
    static func chain(_ context: Context) -> ProviderChain {
        AIRun.chain(context) { .entry(media: false, location: $0.shareLocation) }
    }

    /// Asks the providers for the companion's reply to the page's conversation, prints it as it
    /// streams in, and saves it. On failure the page keeps the user's message and the error is kept for `show`.
    @discardableResult
    static func reply(to record: Record, chain: ProviderChain, context: Context) throws(FolioError) -> Record {
        let entry = try DiaryEntry(record)
        let configuration = chain.configuration
        let request = entry.chatRequest(environment: DiaryEntry.environment(
            now: context.vault.clock.timestamp, zone: context.vault.clock.zone, configuration: configuration))
        let started = LockedState(false)
        let reply: (value: String, provider: String)
        do {
            // The reply streams onto the terminal, so the waiting note gets a line of its own.
            if context.terminal.isInteractive { Console.err(context.terminal.dim(Message.ai(.waiting).text(context.language))) }
            reply = try AIRun.blocking { () async throws(FolioError) in
                try await chain.first { provider async throws(AIProblem) in
                    try await provider.chat(request) { piece in
                        started.withValue { $0 = true }
                        Console.outInline(piece)
                    }
                }
            }
        } catch {
            if started.current { Console.out("") }
            AIRun.remember(error, step: "chat", for: record, context: context)
            context.warn(error)
            throw FolioError(.ai(.chatFailed(reference: record.shortID)))
        }
        Console.out("")
        AIRun.remember(nil, step: "chat", for: record, context: context)
        let time = ConversationClock.text(context.vault.clock.timestamp)
        return try context.vault.appendMessage(ConversationMessage(speaker: .folio, time: time, text: reply.value), to: record)
    }

    /// The interactive chat: a line is a message; /save summarises, /cancel takes this session back.
    static func session(_ start: Record, context: Context) throws(FolioError) {
        let original = Conversation.parse(start.document.body)
        var current = start
        let chain = chain(context)
        Console.err(context.terminal.dim(Message.ai(.chatHelp).text(context.language)))
        while true {
            FileHandle.standardError.write(Data("> ".utf8))
            guard let line = readLine() else { return Console.out("") }
            switch line.trimmingCharacters(in: .whitespaces) {
            case "": continue
            case "/cancel":
                try context.vault.resetConversation(of: current, to: original)
                return context.say(.cancelled)
            case "/save":
                return try SummaryStep.run(current, context: context, json: false)
            default:
                current = try say(line, in: current, context: context)
                do {
                    current = try reply(to: current, chain: chain, context: context)
                } catch {
                    continue  // Said on stderr; the message is saved and the chat goes on.
                }
            }
        }
    }
}
