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
        commandName: "ask",
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
    @OptionGroup var output: OutputFormat<NewRecordJSON>
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        // The owner and the question are checked before any shaking, so a refusal records nothing.
        try context.vault.requireProfile()
        let question = try context.vault.checkedQuestion(Self.questionText(words))
        try context.vault.checkInput(tag.map { (.tag, $0) } + (note.map { [(.note, $0)] } ?? []))
        let answer = ai ? try AIAnswer.answer(question, context: context) : try shake(context)
        let record = try context.vault.recordAnswer(question: question, answer: answer, tags: tag, note: note)
        AnswerPrinter.print(answer, record: record, json: output.json, context: context)
    }

    /// The words given, else (none, or `-`) what comes on standard input when it is not a
    /// terminal; text piped in beside words is refused, never dropped.
    private static func questionText(_ words: [String]) throws(FolioError) -> String {
        if words.isEmpty || words == ["-"] {
            guard isatty(STDIN_FILENO) != 1 else { return "" }
            return StandardInput.readOnce() ?? ""
        }
        guard StandardInput.unclaimed() == nil else { throw FolioError(.file(.standardInputUnused(option: "folio ask"))) }
        return words.joined(separator: " ")
    }

    /// The ball's answer, after a moment of suspense on a terminal, as the app's shake animation.
    private func shake(_ context: Context) throws(FolioError) -> QAAnswer {
        var generator = try MagicAnswer.generator(environment: context.environment)
        let answer = QAAnswer(MagicAnswer.pick(using: &generator), language: context.language)
        if !output.json { _ = Console.whileShowing(Message.ask(.shaking).text(context.language), on: context.terminal) { usleep(600_000) } }
        return answer
    }
}
