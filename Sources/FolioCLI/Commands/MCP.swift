import ArgumentParser
import FolioCore

struct MCPCommand: AsyncParsableCommand, ServesConnections {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "mcp",
            abstract: bilingual(
                "Serve the journal to AI assistants over the Model Context Protocol (read-only unless --allow-write).",
                "以 Model Context Protocol（MCP）把日記提供給 AI 助理（唯讀，除非加 --allow-write）。"),
            discussion: bilingual(
                """
                An MCP client (Claude, ChatGPT, Cursor, a local model's app) starts `folio mcp` and speaks to it on standard \
                input and output; with --http, folio listens on this machine only (127.0.0.1) and clients connect to the URL it \
                prints on standard error, sending the header Authorization: Bearer <token> with every request: the vault's \
                token (folio mcp --print-token prints it; --new-token replaces it) or the one in --token-file. Tools: search, show, list, tags, calendar, stats, profile; records are resources \
                (folio://record/<id>). With --allow-write (or FOLIO_MCP_ALLOW_WRITE=1 in the server's environment, never a synced \
                setting) also new_record, append_conversation, set_fields and mark_done: each change is one commit by the \
                assistant, which folio undo reverts. See docs/mcp.md for the clients' settings.

                Examples:
                  folio mcp --vault ~/journal
                  folio mcp --vault ~/journal --allow-write
                  folio mcp --vault ~/journal --http --port 8765
                  folio mcp --vault ~/journal --print-token
                """,
                """
                MCP 用戶端（Claude、ChatGPT、Cursor、本機模型的應用程式）會啟動 `folio mcp`，經由標準輸入和輸出與它對話；
                加 --http 時，folio 只在這台機器上（127.0.0.1）等待連線，用戶端連到它印在標準錯誤的 URL，
                每個請求都要帶標頭 `Authorization: Bearer <token>`：資料庫的權杖（folio mcp --print-token 印出它，--new-token 換一個新的），
                或 --token-file 檔案裡的權杖。
                工具：`search`、`show`、`list`、`tags`、`calendar`、`stats`、`profile`；紀錄以資源提供（folio://record/<id>）。
                加 --allow-write（或在伺服器的環境變數設 FOLIO_MCP_ALLOW_WRITE=1，這不會是同步的設定）時，
                另外提供 `new_record`、`append_conversation`、`set_fields` 和 `mark_done`：每次修改都是助理的一個 commit，
                可以用 folio undo 復原。用戶端的設定請看 docs/mcp.md。

                例如：
                  folio mcp --vault ~/journal
                  folio mcp --vault ~/journal --allow-write
                  folio mcp --vault ~/journal --http --port 8765
                  folio mcp --vault ~/journal --print-token
                """))
    }

    @Flag(
        help: bilingual(
            "Offer the write tools (each change one commit by the assistant, undone by folio undo).",
            "提供寫入的工具（每次修改是助理的一個 commit，可用 folio undo 復原）。"))
    var allowWrite = false
    @Flag(
        help: bilingual(
            "Serve Streamable HTTP on 127.0.0.1 instead of standard input and output.", "改在 127.0.0.1 以 Streamable HTTP 提供，不用標準輸入和輸出。"))
    var http = false
    @Option(help: bilingual("The port for --http (0: any free port, printed on standard error).", "--http 用的連接埠（0：任何空著的連接埠，印在標準錯誤）。"))
    var port = 8765
    @Option(
        help: bilingual(
            "For --http: the token clients must send is the one in this file (yours alone, mode 0600), not the vault's.",
            "--http 用：用戶端要送的權杖改用這個檔案裡的（只有你能讀寫，權限 0600），不用資料庫的。"))
    var tokenFile: String?
    @Flag(
        help: bilingual(
            "Print the vault's token for --http (made when there is none yet) and exit.", "印出資料庫給 --http 用的權杖（還沒有就建立一個）後結束。"))
    var printToken = false
    @Flag(
        help: bilingual(
            "Replace the vault's token for --http with a new one, print it and exit (a server started again refuses the old one).",
            "把資料庫給 --http 用的權杖換成新的，印出後結束（重新啟動的伺服器不再接受舊的）。"))
    var newToken = false
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func validate() throws {
        if !(0...65_535).contains(port) {
            throw ValidationError(
                Message.usage(.badRange(option: "--port", text: String(port), low: 0, high: 65_535)).text(MessageLanguage.shared.current))
        }
        if printToken && newToken {
            throw ValidationError(Message.usage(.excludeEachOther("--print-token", "--new-token")).text(MessageLanguage.shared.current))
        }
        if tokenFile != nil && !http {
            throw ValidationError(
                Message.usage(.needsOption(command: "mcp --token-file", option: "--http")).text(MessageLanguage.shared.current))
        }
    }

    func run() async throws {
        if printToken || newToken {
            Console.out(try MCPRun.vaultToken(global, renew: newToken))
            return
        }
        guard let server = MCPHost.server else { try MCPHandoff.replaceProcess() }
        WatchLauncher.startAtOnce()
        await server(try MCPRun.request(global, allowWrite: allowWrite, httpPort: http ? port : nil, tokenFile: tokenFile))
    }
}
