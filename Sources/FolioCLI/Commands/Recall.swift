import ArgumentParser
import FolioCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `folio recall`: a question answered from the journal itself, citing the pages it used.
struct Recall: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "recall",
            abstract: bilingual("Answer a question from your journal, citing the pages it comes from.", "從日記裡回答問題，並附上出處。"),
            discussion: bilingual(
                """
                Finds the passages of the journal that bear on the question (folio's own search: the words of the \
                question that carry meaning, typed with or without spaces), then asks the AI provider to answer only \
                from them. The answer marks each fact with its passage, [1], and the sources follow: each with its \
                date, title, short id (what `folio show` opens) and the lines of the file.
                With the builtin provider (offline, the default) nothing reads the passages for you: the answer is \
                the passages themselves, best first, and it says so. What is sent to a network provider is the \
                question and the passages, nothing else (no media, no place).
                --save keeps the answer as a note titled by the question, with `question` and `cites` in its front \
                matter; recall never answers from its own notes. (`folio ask` is the magic 8 ball.)

                Examples:
                  folio recall "上次去淡水是什麼時候？"
                  folio recall what did I write about my job in the spring --save
                  folio recall 小寶第一次走路 --json | jq '.sources[].id'
                """,
                """
                先找出日記裡和問題有關的段落（用 folio 自己的搜尋：問題裡有意義的詞，有沒有空格都可以），再請 AI 只根據\
                這些段落回答。答案裡每件事都標上段落編號，例如 [1]，後面列出出處：日期、標題、簡短 id（`folio show` 打得開）\
                和檔案裡的行號。
                用 builtin（只在本機運作，預設）時沒有人替你讀這些段落：答案就是最相關的段落本身，並說明這一點。送到網路上\
                的只有問題和這些段落（不含媒體和地點）。
                --save 會把答案存成一則筆記，標題是問題，front matter 有 `question` 和 `cites`；回想時不會拿這些筆記當答案的來源。\
                （`folio ask` 是魔術 8 球。）

                例如：
                  folio recall "上次去淡水是什麼時候？"
                  folio recall 今年春天我寫了哪些工作的事 --save
                  folio recall 小寶第一次走路 --json | jq '.sources[].id'
                """))
    }

    @Argument(help: bilingual("The question (words are joined with spaces).", "問題（多個字詞以空格連起來）。")) var words: [String] = []
    @Option(name: .customShort("n", allowingJoined: true), help: bilingual("Use at most N passages.", "最多用 N 段。")) var limit = 5
    @Flag(help: bilingual("Keep the answer as a note, citing its sources.", "把答案存成一則筆記，附上出處。")) var save = false
    @OptionGroup var output: OutputFormat<JSON>
    @ParentCommand var folio: Folio

    func validate() throws {
        if limit < 1 || limit > 20 {
            throw ValidationError(
                Message.usage(.badRange(option: "-n", text: String(limit), low: 1, high: 20)).text(MessageLanguage.shared.current))
        }
    }

    func run() async throws {
        let context = try Context.open(folio.global)
        let question = words.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !question.isEmpty else { throw FolioError(.journal(.emptyQuestion)) }
        let outcome = try await JournalRecall.run(question, limit: limit, save: save, context: context)
        RecallPrinter.print(outcome, json: output.json, context: context)
    }

    enum JSON: HelpText {
        static var help: String {
            bilingual(
                "Print the question, the answer, its provider and its sources (id, title, date, path, lines, text) as JSON.",
                "以 JSON 輸出問題、答案、回答的提供者和出處（id、標題、日期、路徑、行號、文字）。")
        }
    }
}
