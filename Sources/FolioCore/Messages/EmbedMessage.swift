/// Everything folio says about search by meaning: `folio embed`, and the notes `folio search`
/// gives about the vectors kept in `.folio/local/vectors.bin`.
public enum EmbedMessage: Sendable, Equatable {
    /// Neither `embeddings.base_url` nor `embeddings.model` may be missing for `folio embed`.
    case notConfigured(missing: String)
    /// `embeddings.base_url` came from another device and is not confirmed on this one.
    case endpointNotConfirmed(url: String)
    /// The question asked on a terminal before pages go to an `embeddings.base_url` set elsewhere.
    case confirmEndpoint(url: String)
    /// Progress on stderr: `done` of `total` chunks embedded.
    case progress(done: Int, total: Int)
    /// The end of a run: `embedded` chunks sent this time; `chunks` of `records` now searchable.
    case finished(embedded: Int, chunks: Int, records: Int)
    /// Ctrl-C: what was embedded is kept.
    case interrupted(done: Int, total: Int)
    /// The server failed part way; what was embedded before is kept.
    case failedPartWay(done: Int, total: Int, url: String, problem: AIProblem)
    /// The server at `url` could not embed; `problem` says why.
    case endpointFailed(url: String, problem: AIProblem)
    /// `folio search` without `--semantic`: the server failed, the hits are lexical only.
    case lexicalOnly(url: String, problem: AIProblem)
    /// `folio mcp` reaches no network: an embeddings server on another machine ranks nothing there.
    case notOnThisMachine(url: String)
    /// Records whose text has no vectors yet.
    case notEmbedded(records: Int)
    /// `--semantic` before anything was embedded.
    case nothingEmbedded
    /// The vectors file could not be read; it is made again.
    case storeDiscarded(reason: String)
    /// The vectors stored were made by another model (or another length of vector): dropped.
    case modelChanged(stored: String, now: String)
    /// The server answers the query with another model than the stored vectors': search by
    /// meaning is off until `folio embed` makes them again.
    case modelDiffers(stored: String, now: String)

    var pair: (String, String) {
        switch self {
        case .notConfigured(let missing):
            (
                "還沒設定 \(missing)：例如 `folio config set embeddings.base_url http://127.0.0.1:11434/v1` 和 `folio config set embeddings.model nomic-embed-text`",
                "\(missing) is not set: for example `folio config set embeddings.base_url http://127.0.0.1:11434/v1` and `folio config set embeddings.model nomic-embed-text`"
            )
        case .endpointNotConfirmed(let url):
            (
                "embeddings.base_url（\(url)）是在另一台裝置上設定的，這台裝置還沒有確認過；確認之前，folio 不會把金鑰和你的日記送過去。請執行 `folio config trust embeddings.base_url`。",
                "embeddings.base_url (\(url)) was set on another device and is not confirmed on this one; until it is, folio sends neither the key nor your pages there. Run `folio config trust embeddings.base_url`."
            )
        case .confirmEndpoint(let url):
            (
                "embeddings.base_url 是在另一台裝置上設定的：\(url)。要把你的日記送到這台伺服器做向量嗎？",
                "embeddings.base_url was set on another device: \(url). Send your pages to this server to embed them?"
            )
        case .progress(let done, let total):
            ("已嵌入 \(done)/\(total) 段", "embedded \(done)/\(total) chunks")
        case .finished(let embedded, let chunks, let records):
            (
                "這次嵌入 \(embedded) 段；\(records) 筆紀錄的 \(chunks) 段可以依語意搜尋。",
                "embedded \(embedded) chunk\(embedded == 1 ? "" : "s"); \(chunks) chunk\(chunks == 1 ? "" : "s") of \(records) record\(records == 1 ? "" : "s") can be searched by meaning."
            )
        case .interrupted(let done, let total):
            (
                "已停止：\(total) 段中已嵌入 \(done) 段並保存；再執行 `folio embed` 會接著做。",
                "stopped: \(done) of \(total) chunks were embedded and kept; run `folio embed` again to go on."
            )
        case .failedPartWay(let done, let total, let url, let problem):
            (
                "嵌入伺服器 \(url) 失敗：\(problem.words(.embeddings).0)。\(total) 段中已嵌入的 \(done) 段已保存；再執行 `folio embed` 會接著做。",
                "the embeddings server at \(url) failed: \(problem.words(.embeddings).1). \(done) of \(total) chunks were embedded and kept; run `folio embed` again to go on."
            )
        case .endpointFailed(let url, let problem):
            (
                "嵌入伺服器 \(url) 無法使用：\(problem.words(.embeddings).0)。請啟動它或檢查 embeddings.base_url，或用 --lexical 只依字詞搜尋。",
                "the embeddings server at \(url) cannot be used: \(problem.words(.embeddings).1). Start it or check embeddings.base_url, or search words only with --lexical."
            )
        case .lexicalOnly(let url, let problem):
            (
                "無法依語意搜尋（\(url)：\(problem.words(.embeddings).0)），只列出字詞相符的結果。",
                "no search by meaning (\(url): \(problem.words(.embeddings).1)); these are word matches only."
            )
        case .notOnThisMachine(let url):
            (
                "嵌入伺服器 \(url) 不在這台電腦上，而 folio mcp 不連網路：只列出字詞相符的結果。要依語意搜尋，請用本機的伺服器（例如 Ollama）。",
                "the embeddings server \(url) is not on this machine, and folio mcp reaches no network: these are word matches only. For search by meaning, use a server on this machine (Ollama, for example)."
            )
        case .notEmbedded(let records):
            (
                "還有 \(records) 筆紀錄沒有嵌入，依語意搜尋找不到它們；請執行 `folio embed`。",
                "\(records) record\(records == 1 ? " is" : "s are") not embedded yet and cannot be found by meaning; run `folio embed`."
            )
        case .nothingEmbedded:
            ("還沒有嵌入任何紀錄；請先執行 `folio embed`。", "nothing is embedded yet; run `folio embed` first.")
        case .storeDiscarded(let reason):
            (
                "向量檔 .folio/local/vectors.bin 無法讀取（\(reason)），已捨棄並重新建立。",
                "the vectors file .folio/local/vectors.bin could not be read (\(reason)); it was discarded and is made again."
            )
        case .modelChanged(let stored, let now):
            (
                "保存的向量是模型「\(stored)」做的，現在是「\(now)」：舊的向量已捨棄，全部重新嵌入。",
                "the stored vectors were made by \"\(stored)\" and the model is now \"\(now)\": they were dropped and everything is embedded again."
            )
        case .modelDiffers(let stored, let now):
            (
                "保存的向量是模型「\(stored)」做的，伺服器現在用「\(now)」回覆，兩者不能比較；請執行 `folio embed`。",
                "the stored vectors were made by \"\(stored)\" and the server now answers with \"\(now)\", which cannot be compared; run `folio embed`."
            )
        }
    }
}
