import ArgumentParser
import FolioCore
import FolioMCP

struct MCPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the journal to AI assistants over the Model Context Protocol (read-only unless --allow-write).",
        discussion: """
            An MCP client (Claude, ChatGPT, Cursor, a local model's app) starts `folio mcp` and speaks to it on standard \
            input and output; with --http, folio listens on this machine only (127.0.0.1) and clients connect to the URL it \
            prints on standard error. Tools: search, show, list, tags, calendar, stats, profile; records are resources \
            (folio://record/<id>). With --allow-write (or FOLIO_MCP_ALLOW_WRITE=1 in the server's environment, never a synced \
            setting) also new_record, append_conversation, set_fields and mark_done: each change is one commit by the \
            assistant, which folio undo reverts. See docs/mcp.md for the clients' settings.

            Examples:
              folio mcp --vault ~/journal
              folio mcp --vault ~/journal --allow-write
              folio mcp --vault ~/journal --http --port 8765
            """)

    @Flag(help: "Offer the write tools (each change one commit by the assistant, undone by folio undo).") var allowWrite = false
    @Flag(help: "Serve Streamable HTTP on 127.0.0.1 instead of standard input and output.") var http = false
    @Option(help: "The port for --http (0: any free port, printed on standard error).") var port = 8765
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if !(0...65_535).contains(port) { throw ValidationError("--port must be from 0 to 65535.") }
    }

    func run() throws {
        let setup = try MCPRun.setup(global, allowWrite: allowWrite)
        MCPRun.serve(setup, httpPort: http ? port : nil)
    }
}
