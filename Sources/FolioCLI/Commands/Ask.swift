import ArgumentParser
import FolioCompanion
import FolioCore
import FolioStore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `folio ask`: the magic 8 ball. Every question and its answer is a `qa` record of the owner.
struct Ask: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "ask",
            abstract: bilingual("Ask the magic 8 ball a question; the question and its answer are recorded.", "問魔術 8 球一個問題；問題和答案都會記下來。"),
            discussion: bilingual(
                """
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
                """,
                """
                答案是 20 個經典答案之一（10 個正面、5 個中立、5 個負面），機率相同，以資料庫的語言印出，旁邊附上
                另一種語言。紀錄（類型 `qa`）保存問題、答案、英文答案、答案類型和來源；`folio list qa` 是歷史紀錄，
                `folio stats qa` 依類型統計答案。

                沒有給問題時，從標準輸入讀取問題。FOLIO_ASK_SEED=N（整數）讓抽出的答案可以重現，方便測試和示範。
                例如：
                  folio ask "明天會下雨嗎？"
                  folio ask 我該接下這份工作嗎 --tag 工作
                  folio list qa -n 10
                """))
    }

    @Argument(help: bilingual("The question (words are joined with spaces).", "問題（多個字詞以空格連起來）。")) var words: [String] = []
    @Flag(help: bilingual("Let the AI provider answer instead of the ball (source: ai).", "改由 AI 回答，而不是 8 球（`source: ai`）。")) var ai = false
    @Option(name: .long, help: bilingual("A tag (repeat for more).", "一個標籤（要多個就重複這個選項）。"), completion: .custom(Completions.tags)) var tag:
        [String] = []
    @Option(
        name: .customLong("note"), help: bilingual("A note kept in the record's body; - reads standard input.", "記在紀錄本文裡的備註；- 表示從標準輸入讀取。"))
    var typedNote: InputText?
    var note: String? { typedNote?.text }
    @OptionGroup var output: OutputFormat<NewRecordJSON>
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() async throws {
        let context = try Context.open(global)
        // The owner and the question are checked before any shaking, so a refusal records nothing.
        try context.vault.requireProfile()
        let question = try context.vault.checkedQuestion(Self.questionText(words))
        try context.vault.checkInput(tag.map { (.tag, $0) } + (note.map { [(.note, $0)] } ?? []))
        let answer = ai ? try await AIAnswer.answer(question, context: context) : try shake(context)
        let record = try context.vault.recordAnswer(question: question, answer: answer, tags: tag, note: note)
        AnswerPrinter.print(answer, record: record, json: output.json, context: context)
    }

    /// The words given, else (none, or `-`) what comes on standard input when it is not a
    /// terminal; text piped in beside words is refused, never dropped.
    private static func questionText(_ words: [String]) throws(FolioError) -> String {
        if words.isEmpty || words == ["-"] {
            guard isatty(STDIN_FILENO) != 1 else { return "" }
            if let text = StandardInput.readOnce() { return text }
            if let failure = StandardInput.failure { throw failure }
            return ""
        }
        guard try StandardInput.unclaimed() == nil else { throw FolioError(.file(.standardInputUnused(option: "folio ask"))) }
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
