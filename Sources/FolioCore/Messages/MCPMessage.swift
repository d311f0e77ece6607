import Foundation

/// What `folio mcp` says to an AI assistant (and on standard error to the person who started it):
/// requests it refuses, arguments it cannot take, writes that are off.
public enum MCPMessage: Sendable, Equatable {
    /// A message longer than the server takes.
    case requestTooLarge(limit: Int)
    /// JSON nested deeper than the server reads.
    case requestTooDeep(limit: Int)
    /// Bytes that are not JSON (or not UTF-8).
    case malformedJSON
    /// JSON that is not a JSON-RPC 2.0 message.
    case notJSONRPC
    /// More requests in a second than the server answers.
    case tooManyRequests(perSecond: Int)
    /// `tools/call` of a tool this server does not have (a write tool while writes are off included).
    case unknownTool(name: String, known: [String])
    /// A write tool while the server was started without `--allow-write`.
    case writesOff(tool: String)
    /// An argument the tool does not take.
    case unknownArgument(tool: String, name: String, known: [String])
    /// A required argument left out.
    case missingArgument(tool: String, name: String)
    /// An argument of the wrong JSON type.
    case wrongArgumentType(name: String, expected: ArgumentShape)
    /// A text argument longer than its limit, in characters.
    case argumentTooLong(name: String, limit: Int)
    /// A text argument holding a NUL or another control character.
    case argumentHasControl(name: String)
    /// A number argument outside its range.
    case argumentOutOfRange(name: String, lowest: Int, highest: Int)
    /// A record reference that climbs out of the vault or names an absolute path.
    case referenceOutsideVault(String)
    /// A `cursor` this server did not hand out (or one for another listing).
    case badCursor
    /// A resource URI that is not `folio://record/<id>`.
    case unknownResource(String)
    /// `show`'s `section` past the record's last section.
    case noSuchSection(section: Int, count: Int)
    /// `append_conversation` on a record that is not a diary page.
    case notADiaryPage(String)
    /// `edit_body` given both or neither of `section` and `old_text`.
    case sectionOrPassage
    /// `edit_body`'s `old_text` is not in the body (`count` 0) or is there `count` times.
    case passageFound(count: Int)
    /// `edit_body` would change a diary page's conversation, which holds the owner's own words.
    case conversationIsTheOwners(String)
    /// `--http`: where the server listens, and the file holding the token every request must carry.
    case listening(url: String, allowWrite: Bool, tokenFile: String)
    /// `--http`: a request without `Authorization: Bearer` and the server's token.
    case unauthorized
    /// A token file another user could read or replace: not used, since the token may be known.
    case tokenFileExposed(path: String)
    /// A token file that holds no usable token.
    case tokenFileMalformed(path: String)
    /// A token file that cannot be read or written.
    case tokenFileUnreadable(path: String, reason: SystemReason)
    /// A port that cannot be listened on.
    case cannotListen(port: Int, reason: String)
    /// `folio mcp` could not start `folio-mcp`, the server's executable beside `folio`.
    case serverMissing(path: String, reason: String)

    public var pair: (String, String) {
        switch self {
        case .requestTooLarge(let limit):
            ("請求超過 \(limit) 位元組的上限，folio 不讀它。", "the request is over the limit of \(limit) bytes; folio does not read it.")
        case .requestTooDeep(let limit):
            ("請求的 JSON 巢狀超過 \(limit) 層，folio 不讀它。", "the request nests JSON more than \(limit) deep; folio does not read it.")
        case .malformedJSON:
            ("請求不是有效的 UTF-8 JSON。", "the request is not valid JSON in UTF-8.")
        case .notJSONRPC:
            (
                "請求不是 JSON-RPC 2.0 訊息（需要 `\"jsonrpc\": \"2.0\"` 以及 `method`，或 `result`、`error`）。",
                "the request is not a JSON-RPC 2.0 message (it needs \"jsonrpc\": \"2.0\" and a method, or a result or error)."
            )
        case .tooManyRequests(let perSecond):
            ("請求太頻繁：每秒最多 \(perSecond) 個，請稍後再試。", "too many requests: at most \(perSecond) a second; try again in a moment.")
        case .unknownTool(let name, let known):
            (
                "沒有名為「\(name)」的工具；可用的有：\(known.joined(separator: "、"))。",
                "there is no tool '\(name)'; the tools are: \(known.joined(separator: ", "))."
            )
        case .writesOff(let tool):
            (
                "「\(tool)」會寫入日記，但寫入功能沒有開啟：使用者要以 folio mcp --allow-write 啟動伺服器才能使用。",
                "'\(tool)' writes to the journal, and writes are off: the user must start the server with folio mcp --allow-write to use it."
            )
        case .unknownArgument(let tool, let name, let known):
            (
                "「\(tool)」不接受參數「\(name)」；它的參數有：\(known.joined(separator: "、"))。",
                "'\(tool)' takes no argument '\(name)'; its arguments are: \(known.joined(separator: ", "))."
            )
        case .missingArgument(let tool, let name):
            ("「\(tool)」需要參數「\(name)」。", "'\(tool)' needs the argument '\(name)'.")
        case .wrongArgumentType(let name, let expected):
            ("參數「\(name)」必須是\(expected.pair.0)。", "the argument '\(name)' must be \(expected.pair.1).")
        case .argumentTooLong(let name, let limit):
            ("參數「\(name)」超過 \(limit) 個字元的上限。", "the argument '\(name)' is over the limit of \(limit) characters.")
        case .argumentHasControl(let name):
            ("參數「\(name)」含有 NUL 或其他控制字元。", "the argument '\(name)' holds a NUL or another control character.")
        case .argumentOutOfRange(let name, let lowest, let highest):
            ("參數「\(name)」必須介於 \(lowest) 到 \(highest) 之間。", "the argument '\(name)' must be from \(lowest) to \(highest).")
        case .referenceOutsideVault(let reference):
            (
                "「\(reference)」指向資料庫以外的地方；請用紀錄的 id、路徑（相對於資料庫）或標題。",
                "'\(reference)' leads outside the vault; name a record by its id, its path in the vault or its title."
            )
        case .badCursor:
            ("`cursor` 無效：請用上一次結果裡的 `next_cursor`。", "the cursor is not valid: pass the next_cursor of the previous result.")
        case .unknownResource(let uri):
            ("沒有資源「\(uri)」；紀錄的資源是 folio://record/<id>。", "there is no resource '\(uri)'; records are folio://record/<id>.")
        case .noSuchSection(let section, let count):
            ("沒有第 \(section) 節：這筆紀錄有 \(count) 節（從 0 開始算）。", "there is no section \(section): this record has \(count) (counted from 0).")
        case .notADiaryPage(let title):
            (
                "「\(title)」不是日記頁（`kind: diary`），不能附加對話。",
                "'\(title)' is not a diary page (kind: diary); a conversation is appended to diary pages only."
            )
        case .sectionOrPassage:
            (
                "請給 `section`（整節換掉）或 `old_text`（換掉一段文字）其中一個。",
                "give either section (to replace a whole section) or old_text (to replace a passage), not both."
            )
        case .passageFound(0):
            (
                "本文裡找不到 `old_text`：請照 `show` 讀到的文字一字不差地給。",
                "old_text is not in the body: give it exactly as show answered it."
            )
        case .passageFound(let count):
            (
                "`old_text` 在本文裡出現 \(count) 次：請多給一些前後文，讓它只出現一次。",
                "old_text is in the body \(count) times: give more of the text around it, so it names one place."
            )
        case .conversationIsTheOwners(let title):
            (
                "「\(title)」的對話是主人自己的話，不能改；要加話請用 `append_conversation`。",
                "the conversation of '\(title)' holds the owner's own words and is not edited; add to it with append_conversation."
            )
        case .listening(let url, let allowWrite, let tokenFile):
            (
                "folio mcp 在 \(url) 等待 MCP 用戶端（只接受本機連線）" + (allowWrite ? "；寫入已開啟。" : "；唯讀。")
                    + "每個請求都要帶標頭 `Authorization: Bearer <token>`，`<token>` 是 \(tokenFile) 裡的權杖（folio mcp --print-token 會印出資料庫的權杖）。",
                "folio mcp is waiting for MCP clients at \(url) (this machine only)" + (allowWrite ? "; writes are on." : "; read-only.")
                    + " Every request must carry the header Authorization: Bearer <token>, the token in \(tokenFile) (folio mcp --print-token prints the vault's)."
            )
        case .unauthorized:
            (
                "這個伺服器需要標頭 `Authorization: Bearer <token>`（網址裡的權杖不算）；在伺服器的機器上執行 folio mcp --print-token 可取得權杖。",
                "this server needs the header Authorization: Bearer <token> (a token in the URL does not count); folio mcp --print-token, run where the server runs, prints it."
            )
        case .tokenFileExposed(let path):
            (
                "權杖檔 \(path) 不屬於你，或別的使用者也能讀寫它，所以不使用它（權杖可能已外洩）：用 folio mcp --new-token 換一個新的，或讓檔案只有你能讀寫（`chmod 600`）。",
                "the token file \(path) is not yours alone (another user can read or write it, or owns it), so it is not used: the token may be known. Make a new one with folio mcp --new-token, or make the file yours alone (chmod 600)."
            )
        case .tokenFileMalformed(let path):
            (
                "權杖檔 \(path) 裡沒有可用的權杖：需要 32 到 1024 個英文字母、數字或 `-._~+/=` 字元，單獨一行。",
                "the token file \(path) holds no usable token: it needs 32 to 1024 letters, digits or -._~+/= characters, alone on its line."
            )
        case .tokenFileUnreadable(let path, let reason):
            ("無法讀寫權杖檔 \(path)：\(reason.pair.0)", "cannot read or write the token file \(path): \(reason.pair.1)")
        case .cannotListen(let port, let reason):
            ("無法在本機連接埠 \(port) 等待連線：\(reason)", "cannot listen on the local port \(port): \(reason)")
        case .serverMissing(let path, let reason):
            (
                "`folio mcp` 由和 folio 裝在一起的 `folio-mcp` 提供，但無法啟動 \(path)（\(reason)）；請重新安裝 folio（`make install`），讓 `folio-mcp` 在 folio 旁邊。",
                "folio mcp is served by folio-mcp, installed beside folio, and \(path) could not be started (\(reason)); install folio again (make install) so that folio-mcp is beside it."
            )
        }
    }
}

/// What a tool's argument must be, said in either language (an assistant reads the refusal in
/// the vault's language, and the owner reads the assistant's account of it).
public enum ArgumentShape: Sendable, Equatable {
    case text
    case wholeNumber
    case trueOrFalse
    case texts(atMost: Int)
    case keys(atMost: Int)
    case textsWithoutCommas
    case month
    case day
    case dayOrAge
    /// One of these words, typed as they are.
    case oneOf([String])

    public var pair: (String, String) {
        switch self {
        case .text: ("文字", "a string")
        case .wholeNumber: ("整數", "an integer")
        case .trueOrFalse: (" true 或 false", "true or false")
        case .texts(let most): ("最多 \(most) 個文字的陣列", "an array of at most \(most) strings")
        case .keys(let most): ("最多 \(most) 個鍵的物件", "an object of at most \(most) keys")
        case .textsWithoutCommas: ("不含逗號的文字清單", "a list of texts without commas")
        case .month: ("像 2026-11 這樣的月份", "a month such as 2026-11")
        case .day: ("像 2026-11-22、昨天或上週五這樣的日期", "a date such as 2026-11-22, yesterday or last friday")
        case .dayOrAge:
            (
                "日期（2026-11-01、昨天、3 天前）或多久以前（30d）",
                "a date (2026-11-01, yesterday, 3 days ago) or an age (30d)"
            )
        case .oneOf(let words):
            ("其中之一：" + words.joined(separator: "、"), words.dropLast().joined(separator: ", ") + " or " + (words.last ?? ""))
        }
    }
}
