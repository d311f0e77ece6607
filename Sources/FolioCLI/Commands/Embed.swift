import ArgumentParser
import FolioCore
import FolioStore

/// `folio embed`: the vectors search by meaning compares, made for what is missing or changed.
struct Embed: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "embed",
            abstract: bilingual(
                "Embed the records for search by meaning: only what is missing or changed.", "把紀錄轉成向量，以便依語意搜尋：只做缺少或改過的部分。"),
            discussion: bilingual(
                """
                Sends each record's text (title, text keys and body, in chunks of about 600 characters) to the \
                embeddings server of embeddings.base_url and embeddings.model (any OpenAI-compatible \
                /embeddings: Ollama, a local server, a hosted one), and keeps the vectors in \
                .folio/local/vectors.bin on this device: never committed, made again when missing or damaged. \
                A chunk is embedded once; after an edit or a sync only the changed chunks are sent again.

                Progress goes to stderr (embedded 320/1200 chunks). The vectors are saved every few seconds and \
                at the end: Ctrl-C, or a server that fails, keeps what was done, and the next run goes on from there (exit \
                status 130 after Ctrl-C). Writing records never waits for it. --rebuild starts over.

                The key is FOLIO_EMBEDDINGS_KEY, or the AI key when the server is ai.base_url's own; no key goes \
                to another server. `folio search` then ranks by words and meaning together.

                Examples:
                  folio config set embeddings.base_url http://127.0.0.1:11434/v1
                  folio config set embeddings.model nomic-embed-text
                  folio embed
                  folio search "a quiet evening by the river"
                """,
                """
                把每筆紀錄的文字（標題、文字欄位和本文，切成約 600 字的段落）送到 embeddings.base_url 和 embeddings.model 指定的\
                嵌入伺服器（任何相容 OpenAI 的 /embeddings：`Ollama`、本機伺服器或雲端服務），向量保存在這台裝置的 \
                .folio/local/vectors.bin：不會提交，遺失或損壞時會重新建立。每段只嵌入一次；編輯或同步之後，只重送改過的段落。

                進度顯示在標準錯誤輸出（已嵌入 320/1200 段）。向量每隔幾秒和結束時都會保存：按 Ctrl-C 或伺服器失敗時，已完成的部分都會保留，\
                下次執行會接著做（Ctrl-C 後結束狀態是 130）。寫入紀錄從不需要等它。--rebuild 從頭開始。

                金鑰是 FOLIO_EMBEDDINGS_KEY；伺服器就是 ai.base_url 的伺服器時，也可以用 AI 的金鑰；金鑰不會送到別的伺服器。\
                之後 `folio search` 會同時依字詞和語意排序。

                例如：
                  folio config set embeddings.base_url http://127.0.0.1:11434/v1
                  folio config set embeddings.model nomic-embed-text
                  folio embed
                  folio search 河邊安靜的傍晚
                """))
    }

    @Flag(help: bilingual("Drop the vectors kept and embed everything again.", "捨棄保存的向量，全部重新嵌入。")) var rebuild = false
    @OptionGroup var output: OutputFormat<JSON>
    @ParentCommand var folio: Folio

    func run() async throws {
        let context = try Context.openForReading(folio.global)
        let summary = try await SemanticRun.embed(context, rebuild: rebuild)
        EmbedPrinter.print(summary, json: output.json, context: context)
    }

    enum JSON: HelpText {
        static var help: String {
            bilingual(
                "Print what was done as JSON: embedded, stale, chunks, records, requests.",
                "以 JSON 輸出做了什麼：`embedded`、`stale`、`chunks`、`records`、`requests`。")
        }
    }
}
