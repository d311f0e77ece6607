import FolioCore
import FolioSecrets
import Foundation
import MCP

/// `folio mcp`'s server: the SDK's ``Server`` with folio's handlers. Tools and resources are
/// listed and called through ``ToolCatalog`` and the ``Journal``; an argument a tool cannot take
/// is a JSON-RPC error ("invalid params"), a refusal of the vault's a tool result marked as an
/// error, both in the vault's language.
public enum JournalServer {
    public static let name = "folio"
    public static let version = "0.1.0"

    /// A server for one client (one stdio connection, one HTTP session) over `journal`.
    public static func make(_ journal: Journal, limits: MCPLimits) async -> Server {
        let server = Server(
            name: name, version: version, title: "folio journal", instructions: instructions(journal),
            capabilities: capabilities)
        await server.withMethodHandler(ListTools.self) { _ in listTools(journal) }
        await server.withMethodHandler(CallTool.self) { params in
            try await callTool(params, journal: journal, limits: limits)
        }
        await server.withMethodHandler(ListResources.self) { params in
            try await listResources(params, journal: journal, limits: limits)
        }
        await server.withMethodHandler(ListResourceTemplates.self) { _ in listResourceTemplates() }
        await server.withMethodHandler(ListPrompts.self) { _ in listPrompts(journal) }
        await server.withMethodHandler(GetPrompt.self) { params in try await getPrompt(params, journal: journal) }
        await server.withMethodHandler(ReadResource.self) { params in
            try await readResource(params, journal: journal)
        }
        return server
    }

    static let capabilities = Server.Capabilities(
        prompts: .init(listChanged: false), resources: .init(subscribe: false, listChanged: false), tools: .init(listChanged: false))

    static func instructions(_ journal: Journal) -> String {
        """
        folio is the user's journal: diary pages, ideas and other records in plain Markdown files kept in git. \
        Every answer names each record's id and path; cite them. Answers are small: use limit and cursor for more, \
        and show's section for a long record.
        """
            + (journal.allowWrite
                ? " Each write is one commit the user can revert with folio undo; use dry_run to show a change first." : "")
    }

    // MARK: - The handlers, shared by both revisions (``StatelessProtocol`` answers the 2026-07-28 one)

    static func listTools(_ journal: Journal) -> ListTools.Result {
        ListTools.Result(tools: ToolCatalog.tools(allowWrite: journal.allowWrite).map(\.tool))
    }

    static func callTool(_ params: CallTool.Parameters, journal: Journal, limits: MCPLimits) async throws -> CallTool.Result {
        let language = journal.language
        do throws(ToolFailure) {
            let text = try await ToolCatalog.call(params.name, params.arguments, on: journal, limits: limits)
            return CallTool.Result(content: [.text(text: text, annotations: nil, _meta: nil)], isError: false)
        } catch {
            switch error {
            case .arguments(let message): throw MCPError.invalidParams(Message.mcp(message).text(language))
            case .refused(let problem):
                return CallTool.Result(
                    content: [.text(text: journal.masked(problem.rendered(in: language)), annotations: nil, _meta: nil)], isError: true)
            }
        }
    }

    static func listResources(_ params: ListResources.Parameters, journal: Journal, limits: MCPLimits) async throws -> ListResources.Result
    {
        do throws(ToolFailure) {
            let page = try PageRequest(listing: "resources", cursor: params.cursor, limit: limits.resourcePageSize)
            let found: (items: [(uri: String, name: String, path: String)], next: String?)
            do throws(FolioError) { found = try await journal.resources(page: page) } catch { throw .refused(error) }
            return ListResources.Result(
                resources: found.items.map {
                    Resource(name: journal.masked($0.name), uri: $0.uri, description: $0.path, mimeType: "text/markdown")
                },
                nextCursor: found.next)
        } catch {
            throw mcpError(error, language: journal.language)
        }
    }

    static func listResourceTemplates() -> ListResourceTemplates.Result {
        ListResourceTemplates.Result(templates: [
            Resource.Template(
                uriTemplate: RecordJSON.scheme + "{id}", name: "record", title: "A journal record",
                description: "One record's file (front matter and body), by its id.", mimeType: "text/markdown")
        ])
    }

    static func listPrompts(_ journal: Journal) -> ListPrompts.Result {
        ListPrompts.Result(prompts: PromptCatalog.prompts(journal.language))
    }

    static func getPrompt(_ params: GetPrompt.Parameters, journal: Journal) async throws -> GetPrompt.Result {
        let language = journal.language
        do throws(ToolFailure) {
            let messages = try PromptCatalog.messages(
                params.name, arguments: params.arguments ?? [:], clock: journal.clock, language: language)
            let prompt = PromptCatalog.prompts(language).first { $0.name == params.name }
            return GetPrompt.Result(description: prompt?.description, messages: messages)
        } catch {
            throw mcpError(error, language: language)
        }
    }

    static func readResource(_ params: ReadResource.Parameters, journal: Journal) async throws -> ReadResource.Result {
        do throws(ToolFailure) {
            let found = try await journal.resource(params.uri)
            return ReadResource.Result(contents: [.text(found.text, uri: params.uri, mimeType: "text/markdown")])
        } catch {
            throw mcpError(error, language: journal.language)
        }
    }

    /// Starts `server` on `transport`; the first client to say its name names the assistant in commits.
    public static func start(_ server: Server, on transport: any Transport, journal: Journal) async throws {
        try await server.start(transport: transport) { client, _ in
            await journal.setAgent(client.title ?? client.name)
        }
    }

    /// A failure outside a tool call (resources): JSON-RPC errors both, in the vault's language.
    static func mcpError(_ failure: ToolFailure, language: Language) -> MCPError {
        switch failure {
        case .arguments(let message): MCPError.invalidParams(Message.mcp(message).text(language))
        // -32002: the protocol's "resource not found", which a locked vault answers too.
        case .refused(let problem): MCPError.serverError(code: -32002, message: ConfiguredSecrets.redact(problem.rendered(in: language)))
        }
    }
}
