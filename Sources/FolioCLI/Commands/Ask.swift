import ArgumentParser
import FolioCompanion
import FolioCore
import FolioStore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `folio ask`: the magic 8 ball. Every question and its answer is a `qa` record of the owner.
struct Ask: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Ask the magic 8 ball a question; the question and its answer are recorded.",
        discussion: """
            The answer is one of the 20 classic answers (10 affirmative, 5 neutral, 5 negative), each equally \
            likely, printed in the vault's language with the other language beside it. The record (kind qa) \
            keeps question, answer, answer_en, answer_type and source; `folio list qa` is the history and \
            `folio stats qa` counts the answers by type.

            Without a question argument the question is read from standard input. FOLIO_ASK_SEED=N (a whole \
            number) makes the pick repeatable, for tests and demos.
            Examples:
              folio ask "明天會下雨嗎？"
              folio ask Should I take the job --tag work
              folio list qa -n 10
            """)

    @Argument(help: "The question (words are joined with spaces).") var words: [String] = []
    @Flag(help: "Let the AI provider answer instead of the ball (source: ai).") var ai = false
    @Option(name: .long, help: "A tag (repeat for more).", completion: .custom(Completions.tags)) var tag: [String] = []
    @Option(name: .customLong("note"), help: "A note kept in the record's body; - reads standard input.") var typedNote: InputText?
    var note: String? { typedNote?.text }
    @Flag(help: "Print the new record as JSON.") var json = false
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        // The owner and the question are checked before any shaking, so a refusal records nothing.
        try context.vault.requireProfile()
        let question = try context.vault.checkedQuestion(questionText())
        try context.vault.checkInput(tag.map { (.tag, $0) } + (note.map { [(.note, $0)] } ?? []))
        let answer = ai ? try AIAnswer.answer(question, context: context) : try shake(context)
        let record = try context.vault.recordAnswer(question: question, answer: answer, tags: tag, note: note)
        if json { return context.json(JSONWriter.record(record, body: true)) }
        Console.out(Self.line(answer, language: context.language, terminal: context.terminal))
        Console.err(context.terminal.dim(Message.created(kind: "qa", title: record.title, path: record.path).text(context.language)))
    }

    /// The words given, else what comes on standard input when it is not a terminal.
    private func questionText() -> String {
        guard words.isEmpty, isatty(STDIN_FILENO) != 1 else { return words.joined(separator: " ") }
        return String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    }

    /// The ball's answer, after a moment of suspense on a terminal, as the app's shake animation.
    private func shake(_ context: Context) throws(FolioError) -> QAAnswer {
        var generator = try Self.generator(context.environment)
        let answer = QAAnswer(MagicAnswer.pick(using: &generator), language: context.language)
        if !json { _ = Console.whileShowing(Message.ask(.shaking).text(context.language), on: context.terminal) { usleep(600_000) } }
        return answer
    }

    /// The ball's generator: seeded by `FOLIO_ASK_SEED` when set, else the system's (cryptographically seeded).
    static func generator(_ environment: [String: String]) throws(FolioError) -> any RandomNumberGenerator {
        guard let text = environment["FOLIO_ASK_SEED"], !text.isEmpty else { return SystemRandomNumberGenerator() }
        guard let seed = UInt64(text) else {
            throw FolioError(.badSettingValue(key: "FOLIO_ASK_SEED", expected: "a whole number from 0 to \(UInt64.max)"))
        }
        return SplitMix64(seed: seed)
    }

    /// `🎱 毫無疑問（Without a doubt.）`, coloured by the answer's type on a terminal.
    static func line(_ answer: QAAnswer, language: Language, terminal: Terminal) -> String {
        let other = language == .zhHant ? answer.english : MagicAnswer.all.first { $0.english == answer.english }?.zhHant
        let paint =
            switch answer.type {
            case .affirmative: "32"
            case .neutral: "33"
            case .negative: "31"
            }
        var text = "🎱 " + terminal.paint(terminal.bold(answer.text), paint)
        if let other, !other.isEmpty, other != answer.text {
            text += language == .zhHant ? "（\(other)）" : " (\(other))"
        }
        return text
    }
}

/// The AI provider's answer to a question (source: ai), from the first provider of the chain that answers.
enum AIAnswer {
    static func answer(_ question: String, context: Context) throws(FolioError) -> QAAnswer {
        let chain = AIRun.chain(context, sends: .question)
        // Only builtin configured: say so plainly, rather than as a provider failure.
        guard !chain.endpoints.isEmpty || !chain.setupFailures.isEmpty else { throw FolioError(.ask(.aiNotConfigured)) }
        let (answer, provider) = try Console.whileShowing(Message.ask(.shaking).text(context.language), on: context.terminal) {
            () throws(FolioError) in
            try AIRun.blocking { () async throws(FolioError) in
                try await chain.first { provider async throws(AIProblem) in try await provider.answer(question: question) }
            }
        }
        Console.err(context.terminal.dim(Message.ai(.answeredBy(provider)).text(context.language)))
        return answer
    }
}
