/// Why an AI server could not be reached, or the connection broke.
public enum AIConnectionTrouble: Sendable, Equatable {
    case refused
    case unknownHost
    case offline
    case unsupportedURL
    case closedWithoutReply
    /// TLS failed; the system's own words.
    case tls(String)
    /// Anything else; the system's own words.
    case other(String)

    var pair: (String, String) {
        switch self {
        case .refused: ("連線被拒絕，伺服器有在執行嗎？", "connection refused (is the server running?)")
        case .unknownHost: ("找不到這個主機", "unknown host")
        case .offline: ("這台裝置沒有連上網路", "not connected to a network")
        case .unsupportedURL: ("不支援這種網址", "unsupported URL")
        case .closedWithoutReply: ("伺服器沒有回覆就關閉了連線", "the server closed the connection without a reply")
        case .tls(let detail): ("TLS 加密連線失敗：\(detail)", "TLS failed: \(detail)")
        case .other(let detail): (detail, detail)
        }
    }
}

/// What is wrong with an AI server's reply.
public enum AIReplyTrouble: Sendable, Equatable {
    case notHTTP
    case streamWithoutContent
    case eventNotAChunk
    case transcriptionNotJSON
    case transcriptionWithoutText
    case notAChatCompletion
    case noChoices
    case emptyMessage
    case tooLarge(limit: Int)
    case emptyAnalysis
    case emptyGreeting
    case notAJSONObject
    /// The JSON object the prompt asked for has no such key.
    case missingKey(String)
    case unknownAnswerType
    /// The answer cites a passage number it was not given.
    case unknownPassage(Int)
    /// An embeddings reply that is not `{"data": [{"index", "embedding"}…]}`.
    case notEmbeddings
    /// An embeddings reply with `got` vectors for `expected` texts.
    case embeddingCount(expected: Int, got: Int)
    /// An embeddings reply whose `index` values are not each of the texts' once.
    case embeddingIndex(Int)
    /// Vectors of another length than the batch's or the stored ones.
    case embeddingDimension(expected: Int, got: Int)
    /// A vector longer than folio keeps (or empty).
    case embeddingSize(Int, limit: Int)
    /// A vector holding NaN or an infinity.
    case embeddingNotFinite(index: Int)

    var pair: (String, String) {
        switch self {
        case .notHTTP: ("伺服器不是用 HTTP 回覆", "the server did not answer with HTTP")
        case .streamWithoutContent: ("串流回覆裡沒有內容", "the streamed reply has no content")
        case .eventNotAChunk: ("串流的一段不是 JSON 回覆片段", "a stream event is not a JSON completion chunk")
        case .transcriptionNotJSON: ("語音轉文字的結果不是 JSON", "the transcription is not JSON")
        case .transcriptionWithoutText: ("語音轉文字的結果沒有文字", "the transcription has no text")
        case .notAChatCompletion: ("回覆不是 JSON 格式的聊天回應", "the reply is not a JSON chat completion")
        case .noChoices: ("回覆裡沒有「choices」", "the reply has no choices")
        case .emptyMessage: ("回覆的訊息是空的", "the reply's message is empty")
        case .tooLarge(let limit):
            (
                "回覆超過 \(limit) 位元組（ai.max_reply_bytes），其餘沒有讀",
                "the reply is larger than \(limit) bytes (ai.max_reply_bytes); the rest was not read"
            )
        case .emptyAnalysis: ("分析是空的", "an empty analysis")
        case .emptyGreeting: ("問候是空的", "an empty greeting")
        case .notAJSONObject: ("應該是一個 JSON 物件", "expected a JSON object")
        case .missingKey(let key): ("少了「\(key)」", "no \"\(key)\"")
        case .unknownAnswerType:
            ("「answer_type」必須是「affirmative」、「neutral」或「negative」", "\"answer_type\" must be affirmative, neutral or negative")
        case .unknownPassage(let number):
            ("引用了沒有給它的第 \(number) 段", "it cites passage [\(number)], which it was not given")
        case .notEmbeddings: ("回覆不是 JSON 格式的向量清單", "the reply is not a JSON list of embeddings")
        case .embeddingCount(let expected, let got):
            ("送出 \(expected) 段文字，卻收到 \(got) 個向量", "\(expected) texts were sent and \(got) vectors came back")
        case .embeddingIndex(let index): ("向量的編號 \(index) 缺少、重複或超出範圍", "vector index \(index) is missing, repeated or out of range")
        case .embeddingDimension(let expected, let got):
            ("向量的維度是 \(got)，應該是 \(expected)", "a vector has \(got) dimensions where \(expected) were expected")
        case .embeddingSize(let size, let limit):
            ("向量的維度 \(size) 不在 1 到 \(limit) 之間", "a vector of \(size) dimensions, outside 1 to \(limit)")
        case .embeddingNotFinite(let index): ("第 \(index) 個向量含有 `NaN` 或無限大", "vector \(index) holds NaN or an infinity")
        }
    }
}

/// Why an AI step did not work, in words a user can act on.
public enum AIProblem: Error, Sendable, Equatable {
    case needsNetworkProvider
    case missingSetting(String)
    case missingKey(url: String)
    case credentialsTooOpen(path: String, mode: Int)
    case credentialsUnreadable(path: String, reason: String)
    case invalidBaseURL(String)
    case cannotConnect(url: String, reason: AIConnectionTrouble)
    case connectionLost(AIConnectionTrouble)
    case timedOut(seconds: Int)
    /// The request took longer than `seconds` in all (`ai.deadline`).
    case deadlinePassed(seconds: Int)
    /// Less than `bytesPerSecond` arrived over `seconds` (`ai.timeout`).
    case tooSlow(bytesPerSecond: Int, seconds: Int)
    /// The server asked for the key, held back from plain `http://` to another machine.
    case keyWithheld(url: String)
    /// `ai.base_url` came from another device and is not confirmed on this one.
    case endpointNotConfirmed(url: String)
    case cancelled
    case unauthorized(status: Int, detail: String)
    case notFound(detail: String)
    case rateLimited(detail: String, retryAfter: Int?)
    case serverError(status: Int, detail: String)
    case httpStatus(status: Int, detail: String)
    /// `excerpt`: the start of what the server sent, when it helps.
    case malformed(AIReplyTrouble, excerpt: String)
    case streamEndedEarly(received: Int)
    case nothingToSummarize
    case notADiary(kind: String)
    /// `privacy.send_media` is off, and the step needs the media's bytes (a voice recording).
    case mediaNotSent
    /// The transcription came back empty: the companion diary's F-011.
    case nothingHeard
    /// A part of the reply breaks a rule typed text meets (``TextRule``): nothing of it was written.
    case refusedReply(part: AIReplyPart, problem: TextRule.Problem)

    /// The problem in words, for the chat side (`ai.*`).
    var pair: (String, String) { words(.chat) }

    /// The problem in words naming the server and the settings of `service`: a timeout of the
    /// embeddings server names `embeddings.timeout`, never `ai.timeout`.
    func words(_ service: AIService) -> (String, String) {
        let server = service.server
        return switch self {
        case .needsNetworkProvider:
            (
                "內建（builtin）只在本機運作，這一步需要 AI 供應商：`folio config set ai.provider openai`，再設定 ai.base_url 與 ai.model",
                "the builtin provider works offline and cannot do this; it needs an AI provider: `folio config set ai.provider openai`, then set ai.base_url and ai.model"
            )
        case .missingSetting(let key):
            ("還沒設定 \(key)：`folio config set \(key) …`", "\(key) is not set: `folio config set \(key) …`")
        case .missingKey(let url):
            service == .chat
                ? (
                    "\(url) 需要 API 金鑰：設定環境變數 FOLIO_AI_KEY（或 OPENAI_API_KEY），或寫進 ~/.config/folio/credentials.yaml 的 ai_key（權限 600）",
                    "\(url) needs an API key: set FOLIO_AI_KEY (or OPENAI_API_KEY), or ai_key in ~/.config/folio/credentials.yaml (mode 600)"
                )
                : (
                    "\(url) 需要 API 金鑰：設定環境變數 FOLIO_EMBEDDINGS_KEY（伺服器就是 ai.base_url 的伺服器時，也可以用 AI 的金鑰）",
                    "\(url) needs an API key: set FOLIO_EMBEDDINGS_KEY (or, when the server is ai.base_url's own, the AI key)"
                )
        case .credentialsTooOpen(let path, let mode):
            (
                "\(path.quotedPath) 的權限是 \(String(mode, radix: 8))，別人也讀得到，所以不使用它；請執行 `chmod 600 \(path.quotedPath)`",
                "\(path.quotedPath) has mode \(String(mode, radix: 8)), so others can read it and folio will not use it; run `chmod 600 \(path.quotedPath)`"
            )
        case .credentialsUnreadable(let path, let reason):
            ("無法讀取 \(path.quotedPath)：\(reason)", "cannot read \(path.quotedPath): \(reason)")
        case .invalidBaseURL(let url):
            (
                "\(service.key("base_url"))「\(url)」不是 http:// 或 https:// 網址",
                "\(service.key("base_url")) '\(url)' is not an http:// or https:// URL"
            )
        case .cannotConnect(let url, let reason):
            (
                "連不上\(service.serverAfterHan) \(url)（\(reason.pair.0)），請檢查網路或 \(service.key("base_url"))",
                "cannot connect to \(server.1) at \(url) (\(reason.pair.1)); check the network or \(service.key("base_url"))"
            )
        case .connectionLost(let reason):
            ("與\(service.serverAfterHan)的連線中斷了（\(reason.pair.0)）", "the connection to \(server.1) was lost (\(reason.pair.1))")
        case .timedOut(let seconds):
            (
                "\(service.answerer.0)超過 \(seconds) 秒沒有回覆（\(service.key("timeout"))）",
                "\(service.answerer.1) did not answer within \(seconds) second\(seconds == 1 ? "" : "s") (\(service.key("timeout")))"
            )
        case .deadlinePassed(let seconds):
            (
                "\(service.reply.0)超過總時限 \(seconds) 秒（\(service.key("deadline"))）",
                "\(service.reply.1) took longer than \(seconds) seconds in all (\(service.key("deadline")))"
            )
        case .tooSlow(let rate, let seconds):
            (
                "\(server.0)在 \(seconds) 秒內平均每秒傳不到 \(rate) 位元組（\(service.key("timeout"))）",
                "\(server.1) sent less than \(rate) byte\(rate == 1 ? "" : "s") a second for \(seconds) seconds (\(service.key("timeout")))"
            )
        case .keyWithheld(let url):
            (
                "\(server.0)要求金鑰，但 \(service.key("base_url"))（\(url)）是以 http:// 連到另一台機器，金鑰會以明文在網路上傳送，所以 folio 沒有送出。請改用 https:// 網址；http:// 只用在本機（localhost、127.0.0.1、::1）。",
                "\(server.1) asks for the key, and \(service.key("base_url")) (\(url)) is plain http:// to another machine, where the key would cross the network in clear text, so folio did not send it. Use an https:// URL; plain http:// is for this machine only (localhost, 127.0.0.1, ::1)."
            )
        case .endpointNotConfirmed(let url):
            (
                "\(service.key("base_url"))（\(url)）是在另一台裝置上設定的，這台裝置還沒有確認過；確認之前，folio 不會把金鑰和你的日記送過去。請執行 `folio config trust \(service.key("base_url"))`（在終端機上，folio 也會直接問你）。",
                "\(service.key("base_url")) (\(url)) was set on another device and is not confirmed on this one; until it is, folio sends neither the key nor your pages there. Run `folio config trust \(service.key("base_url"))` (on a terminal, folio asks you)."
            )
        case .cancelled:
            ("已取消", "cancelled")
        case .unauthorized(let status, let detail):
            (
                "\(server.0)拒絕了請求（HTTP \(status)：\(detail)），請檢查 API 金鑰",
                "\(server.1) refused the request (HTTP \(status): \(detail)); check the API key"
            )
        case .notFound(let detail):
            (
                "\(server.0)找不到這個模型或路徑（HTTP 404：\(detail)），請檢查 \(service.key("model")) 與 \(service.key("base_url"))（通常以 /v1 結尾）",
                "\(server.1) has no such model or path (HTTP 404: \(detail)); check \(service.key("model")) and \(service.key("base_url")) (usually ending in /v1)"
            )
        case .rateLimited(let detail, let retryAfter):
            (
                "\(server.0)忙碌或額度用完（HTTP 429：\(detail)）" + (retryAfter.map { "，請 \($0) 秒後再試" } ?? "，請稍後再試"),
                "\(server.1) is rate limiting or out of quota (HTTP 429: \(detail))"
                    + (retryAfter.map { "; retry in \($0) seconds" } ?? "; try again later")
            )
        case .serverError(let status, let detail):
            ("\(server.0)出錯了（HTTP \(status)：\(detail)），請稍後再試", "\(server.1) failed (HTTP \(status): \(detail)); try again later")
        case .httpStatus(let status, let detail) where (200..<300).contains(status):
            // An error object in a reply whose status said all was well (a failure mid-stream).
            ("\(server.0)回報錯誤：\(detail)", "\(server.1) reported an error: \(detail)")
        case .httpStatus(let status, let detail):
            ("\(server.0)回覆 HTTP \(status)：\(detail)", "\(server.1) answered HTTP \(status): \(detail)")
        case .malformed(let trouble, let excerpt):
            excerpt.isEmpty
                ? ("\(service.reply.0)格式不對（\(trouble.pair.0)）", "\(service.reply.1) made no sense (\(trouble.pair.1))")
                : (
                    "\(service.reply.0)格式不對（\(trouble.pair.0)：\(excerpt)）",
                    "\(service.reply.1) made no sense (\(trouble.pair.1): \(excerpt))"
                )
        case .streamEndedEarly(let received):
            ("\(service.reply.0)中途斷了（收到 \(received) 字）", "\(service.reply.1) stopped part way (\(received) characters arrived)")
        case .nothingToSummarize:
            (
                "這一頁還沒有你寫的文字、聊天或媒體，沒有可以總結的內容；先用 --text 或 folio chat 寫幾句",
                "the page has no words of yours and no media yet; write a few with --text or folio chat first"
            )
        case .notADiary(let kind):
            ("AI 陪聊只用在日記（diary），這筆是 \(kind)", "the AI companion works on diary pages; this record is a \(kind)")
        case .mediaNotSent:
            (
                "privacy.send_media 是 false，錄音不會離開這台裝置；請直接輸入文字，或 `folio config set privacy.send_media true`",
                "privacy.send_media is false, so the recording does not leave this device; type the text instead, or `folio config set privacy.send_media true`"
            )
        case .nothingHeard:
            ("聽不清楚，請再試一次", "could not make out any words; please try again")
        case .refusedReply(let part, let problem):
            (
                "AI 的\(part.pair.0)\(AIReplyPart.zhHant(problem))，打字輸入也不允許這樣，所以沒有寫入任何內容",
                "the AI's \(part.pair.1) \(AIReplyPart.english(problem)), which typed text may not either, so nothing of it was written"
            )
        }
    }
}

/// The part of an AI's reply a rule was checked on.
public enum AIReplyPart: Sendable, Equatable {
    case page, title, tag, reply, greeting, analysis, transcription, answer

    var pair: (String, String) {
        switch self {
        case .page: ("頁面", "page")
        case .title: ("標題", "title")
        case .tag: ("標籤", "tag")
        case .reply: ("回覆", "chat reply")
        case .greeting: ("問候", "greeting")
        case .analysis: ("分析", "analysis")
        case .transcription: ("逐字稿", "transcription")
        case .answer: ("答案", "answer")
        }
    }

    static func zhHant(_ problem: TextRule.Problem) -> String {
        switch problem {
        case .nul: "裡有 NUL 位元組（\\0）"
        case .control(let scalar): "裡有控制字元 \(GuardMessage.codePoint(scalar))"
        case .notOneLine(let scalar): "應該只有一行，卻有換行、定位字元或控制字元 \(GuardMessage.codePoint(scalar))"
        case .empty: "是空的"
        case .tooLong(let length, let limit): "有 \(length) 字，超過上限 \(limit) 字（record.max_title_length）"
        }
    }

    static func english(_ problem: TextRule.Problem) -> String {
        switch problem {
        case .nul: "holds a NUL byte (\\0)"
        case .control(let scalar): "holds the control character \(GuardMessage.codePoint(scalar))"
        case .notOneLine(let scalar):
            "must be one line and holds a line break, a tab or the control character \(GuardMessage.codePoint(scalar))"
        case .empty: "is empty"
        case .tooLong(let length, let limit): "is \(length) characters, over the limit of \(limit) (record.max_title_length)"
        }
    }
}

/// What a network provider is sent, for the first-use notice.
public enum AIPayload: Sendable, Equatable {
    case question
    /// A question to the journal and the passages of it that bear on the question.
    case questionAndPassages
    /// A diary page: its text and conversation, its media unless `privacy.send_media` is off,
    /// its place and weather only when `privacy.share_location` is on.
    case entry(media: Bool, location: Bool, pastPages: Bool = false)
    /// A voice recording to transcribe.
    case recording

    var pair: (String, String) {
        switch self {
        case .question: ("你的問題", "your question")
        case .questionAndPassages: ("你的問題和日記裡相關的幾段文字", "your question and the passages of your journal that bear on it")
        case .recording: ("錄音", "the recording")
        case .entry(let media, let location, let pastPages):
            (
                "日記的文字與對話" + (media ? "、照片與影片" : "（不含媒體）") + (location ? "、地點與天氣" : "")
                    + (pastPages ? "、幾段相關的舊日記文字" : ""),
                "the page's text and conversation" + (media ? ", its photos and videos" : " (no media)")
                    + (location ? ", place and weather" : "") + (pastPages ? ", a few passages of related earlier pages" : "")
            )
        }
    }
}

/// Which server a problem came from: the chat model's (`ai.*`) or search by meaning's
/// (`embeddings.*`). The same failure names the settings of the server that had it.
public enum AIService: Sendable, Equatable {
    case chat, embeddings

    var server: (String, String) {
        self == .chat ? ("AI 伺服器", "the AI server") : ("嵌入伺服器", "the embeddings server")
    }

    /// The server's name after a Chinese character: a Latin word is set off by a space.
    var serverAfterHan: String { self == .chat ? " AI 伺服器" : server.0 }

    /// Who did not answer in time.
    var answerer: (String, String) { self == .chat ? ("AI ", "the AI") : server }

    var reply: (String, String) {
        self == .chat ? ("AI 的回覆", "the AI's reply") : ("嵌入伺服器的回覆", "the embeddings server's reply")
    }

    /// The setting `name` of this server (`ai.timeout`, `embeddings.timeout`).
    func key(_ name: String) -> String { (self == .chat ? "ai." : "embeddings.") + name }
}

extension AIProblem {
    /// The problem alone, in `language`: the words every message about this failure uses.
    public func text(_ language: Language) -> String {
        (language == .zhHant ? pair.0 : pair.1).withVisibleControls
    }
}

/// One provider that did not answer, and why.
public struct ProviderFailure: Sendable, Equatable {
    public var provider: String
    public var problem: AIProblem

    public init(provider: String, problem: AIProblem) {
        self.provider = provider
        self.problem = problem
    }
}

/// Everything folio says about AI providers.
public enum AIMessage: Sendable, Equatable {
    /// One provider's failure: `provider` names it (`openai gpt-4o-mini`).
    case failed(provider: String, problem: AIProblem)
    /// Every provider of `ai.provider` and `ai.fallback` failed, in the order tried.
    case allFailed([ProviderFailure])
    /// Printed once per device and endpoint, before the first request goes out.
    case firstUse(provider: String, url: String, sends: AIPayload)
    /// The question asked on a terminal before the key and pages go to an `ai.base_url` set on
    /// another device.
    case confirmEndpoint(url: String)
    /// `weather.url` came from another device and is not confirmed on this one: no weather is asked for.
    case weatherNotConfirmed(url: String)
    /// `weather.url` is plain `http://` to another machine: the place would cross the network in clear text.
    case weatherCleartext(url: String)
    /// The settings could not be read: the companion diary's F-014.
    case settingsFallback
    case answeredBy(String)
    /// The companion diary's F-005 failure: the chat is kept, summarise again later.
    case summaryFailed(reference: String)
    case summarized(title: String, tags: [String], provider: String)
    case waiting
    /// The companion diary's F-004 failure: the message is saved; ask again.
    case chatFailed(reference: String)
    case chatHelp
    case nothingToRetry
    case emptyMessage
    case lastError(step: String, at: String, message: String)
    case pendingAI(Int)
    /// One record of `pendingAI`: its short id and title, the step that failed and how to try again.
    case pendingAIRecord(reference: String, title: String, step: String)
    /// The fixed line the diary flow opens with, before any AI call (the companion diary's F-016).
    case welcome
    /// The companion diary's F-003 failure: the draft is saved; analyse again later.
    case analysisFailed(reference: String)
    case alreadyAnalyzed(reference: String)
    case analyzedBy(String)
    /// The companion diary's F-011 failure.
    case transcriptionFailed
    case heard(String)
    case useHeardText
    case diaryHelp
    /// The diary flow ended without a summary: where the draft is and how to go on.
    case draftKept(reference: String)
    /// `/cancel` on a page that was never saved: nothing of it is left.
    case draftDiscarded(mediaRemoved: Int)

    var pair: (String, String) {
        switch self {
        case .failed(let provider, let problem):
            let (zh, en) = problem.pair
            return ("\(provider)：\(zh)", "\(provider): \(en)")
        case .allFailed(let failures):
            let lines = failures.map { AIMessage.failed(provider: $0.provider, problem: $0.problem).pair }
            return (
                "AI 沒有回應：\n  " + lines.map(\.0).joined(separator: "\n  "),
                "no AI provider answered:\n  " + lines.map(\.1).joined(separator: "\n  ")
            )
        case .firstUse(let provider, let url, let payload):
            let sends = payload.pair
            return (
                "第一次使用 \(provider)：\(sends.0)會傳送到 \(url)。金鑰只從環境變數或 ~/.config/folio/credentials.yaml 讀取，不會存進資料庫。（這個提示只出現一次）",
                "first use of \(provider): \(sends.1) will be sent to \(url). The key is read from the environment or ~/.config/folio/credentials.yaml, never from the vault. (Shown once.)"
            )
        case .confirmEndpoint(let url):
            return (
                "ai.base_url 是在另一台裝置上設定的：\(url)。要把金鑰和你的日記送到這台伺服器嗎？",
                "ai.base_url was set on another device: \(url). Send your key and your pages to this server?"
            )
        case .weatherNotConfirmed(let url):
            return (
                "weather.url（\(url)）是在另一台裝置上設定的，這台裝置還沒有確認過；確認之前，folio 不會把你的所在地送過去，這次沒有天氣。請執行 `folio config trust weather.url`。",
                "weather.url (\(url)) was set on another device and is not confirmed on this one; until it is, folio sends it nothing of where you are, so there is no weather this time. Run `folio config trust weather.url`."
            )
        case .weatherCleartext(let url):
            return (
                "weather.url（\(url)）是以 http:// 連到另一台機器，你的所在地會以明文在網路上傳送，所以 folio 沒有去問天氣。請改用 https:// 網址；http:// 只用在本機（localhost、127.0.0.1、::1）。",
                "weather.url (\(url)) is plain http:// to another machine, where your place would cross the network in clear text, so folio did not ask it. Use an https:// URL; plain http:// is for this machine only (localhost, 127.0.0.1, ::1)."
            )
        case .settingsFallback:
            return ("設定讀取失敗，已使用預設模型（builtin）。", "could not read the settings; using the default provider (builtin).")
        case .answeredBy(let provider):
            return ("由 \(provider) 回答", "answered by \(provider)")
        case .summaryFailed(let reference):
            return (
                "總結/標籤生成失敗，但聊天已保存。可稍後再生成：folio summarize \(reference)",
                "the summary and tags could not be made, but the chat is saved. Try again later: folio summarize \(reference)"
            )
        case .chatFailed(let reference):
            return (
                "傳送失敗，但你的訊息已保存。再試一次：folio chat \(reference) --retry",
                "no reply, but your message is saved. Try again: folio chat \(reference) --retry"
            )
        case .emptyMessage:
            return ("訊息是空的，請輸入想說的話。", "the message is empty; type what you want to say.")
        case .nothingToRetry:
            return ("最後一則訊息已經有回覆了，沒有要重試的。", "your last message already has a reply; nothing to retry.")
        case .chatHelp:
            return (
                "輸入訊息後按 Enter；/save 結束並保存（總結與標籤），/cancel 取消這次的對話，Ctrl-D 離開並保留。",
                "Type a message and press Enter; /save ends and saves (summary and tags), /cancel takes this chat back, Ctrl-D leaves keeping it."
            )
        case .waiting:
            return ("正在等回覆…（Ctrl-C 取消）", "waiting for a reply… (Ctrl-C cancels)")
        case .lastError(let step, let at, let message):
            return ("AI 上次失敗（\(step)，\(at)）：\(message)", "last AI failure (\(step), \(at)): \(message)")
        case .pendingAI(let count):
            return (
                "\(count) 筆紀錄的 AI 步驟失敗，可再試（folio show 看原因）：",
                "\(count) record\(count == 1 ? "" : "s") with a failed AI step to retry (folio show says why):"
            )
        case .pendingAIRecord(let reference, let title, let step):
            let retry = step == "chat" ? "folio chat \(reference) --retry" : "folio \(step) \(reference)"
            return ("\(reference)  「\(title)」：再試一次用 `\(retry)`", "\(reference)  \"\(title)\": try again with `\(retry)`")
        case .welcome:
            return ("嗨，今天過得怎麼樣？說說這張照片或影片，或今天發生的事。", "Hi. How was your day? Tell me about the photo or video, or about what happened.")
        case .analysisFailed(let reference):
            return (
                "目前無法分析，已先保存草稿，稍後可再試：folio analyze \(reference) --again",
                "the media could not be analysed right now; the draft is saved. Try again later: folio analyze \(reference) --again"
            )
        case .alreadyAnalyzed(let reference):
            return (
                "已經分析過了；要重新分析：folio analyze \(reference) --again", "already analysed; to analyse again: folio analyze \(reference) --again"
            )
        case .analyzedBy(let provider):
            return ("（由 \(provider) 分析）", "(analysed by \(provider))")
        case .transcriptionFailed:
            return ("聽不清楚，請再試一次", "could not transcribe the recording; please try again")
        case .heard(let text):
            return ("聽到：\(text)", "heard: \(text)")
        case .useHeardText:
            return ("按 Enter 使用這段文字，或輸入修改後的文字：", "press Enter to use this text, or type it as it should be: ")
        case .diaryHelp:
            return (
                "輸入訊息後按 Enter；/save 結束保存（總結與標籤），/cancel 取消這篇日記，Ctrl-D 先離開（草稿保留）。",
                "Type a message and press Enter; /save ends and saves (summary and tags), /cancel drops this page, Ctrl-D leaves keeping the draft."
            )
        case .draftKept(let reference):
            return (
                "草稿已保存。繼續聊：folio chat \(reference)；結束保存：folio summarize \(reference)",
                "the draft is saved. Go on chatting: folio chat \(reference); end and save: folio summarize \(reference)"
            )
        case .draftDiscarded(let mediaRemoved):
            return (
                "已取消，這篇草稿沒有留下" + (mediaRemoved > 0 ? "（\(mediaRemoved) 個媒體檔也已移除）" : "") + "。folio undo 可以找回。",
                "cancelled: the draft is gone"
                    + (mediaRemoved > 0 ? " (and \(mediaRemoved) media file\(mediaRemoved == 1 ? "" : "s"))" : "")
                    + ". folio undo brings it back."
            )
        case .summarized(let title, let tags, let provider):
            return (
                "已總結「\(title)」，標籤：\(tags.joined(separator: "、"))（\(provider)）",
                "summarized \"\(title)\", tags: \(tags.joined(separator: ", ")) (\(provider))"
            )
        }
    }
}
