import ArgumentParser
import FolioCompanion
import FolioCore
import FolioSearch
import FolioSecrets
import FolioStore
import Foundation

/// Search by meaning from the command line: the embeddings server of the vault's settings, once
/// it may be used on this device, `folio embed`'s run with its progress and Ctrl-C, and the
/// ranking `folio search` fuses with its words.
enum SemanticRun {
    /// The embeddings server, or nil when none is set up (search then goes by words, as without
    /// one). `required`: `folio embed` and `--semantic`, which fail instead.
    static func embedder(_ context: Context, required: Bool) throws(FolioError) -> EmbeddingsEmbedder? {
        let configuration = EmbeddingsConfiguration(vault: context.vault)
        guard let baseURL = configuration.baseURL, configuration.isConfigured else {
            if required { throw FolioError(.embed(.notConfigured(missing: configuration.missingSetting ?? "embeddings.base_url"))) }
            return nil
        }
        let shown = ConfiguredSecrets.redact(baseURL)
        if !confirmed(configuration, url: shown, context: context) {
            let problem = FolioError(.embed(.endpointNotConfirmed(url: shown)))
            if required { throw problem }
            context.warn(problem)
            return nil
        }
        let home = URL(fileURLWithPath: context.environment["HOME"] ?? NSHomeDirectory())
        do {
            return try configuration.embedder(environment: context.environment, home: home)
        } catch {
            let problem = FolioError(.embed(.endpointFailed(url: shown, problem: error)))
            if required { throw problem }
            context.warn(problem)
            return nil
        }
    }

    /// Whether the server may be sent pages: confirmed here, or now by the person at the terminal.
    private static func confirmed(_ configuration: EmbeddingsConfiguration, url: String, context: Context) -> Bool {
        let local = context.vault.localDirectory
        guard let baseURL = configuration.baseURL, !configuration.isConfirmed(localDirectory: local) else { return true }
        guard context.terminal.isInteractive, Console.confirm(Message.embed(.confirmEndpoint(url: url)).text(context.language) + " [y/N] ")
        else { return false }
        do {
            try EndpointTrust.trust(baseURL, for: "embeddings.base_url", localDirectory: local)
        } catch {
            context.warn(error)
        }
        return true
    }

    /// `folio embed`: embeds what is missing or changed, with progress on stderr; Ctrl-C stops
    /// after the batch under way, keeping what was done (exit status 130).
    static func embed(_ context: Context, rebuild: Bool) async throws -> EmbedSummary {
        guard let embedder = try embedder(context, required: true) else { throw FolioError(.embed(.nothingEmbedded)) }
        let interrupt = Interrupt.install()
        let terminal = context.terminal
        let summary = try await context.vault.embed(
            with: embedder, rebuild: rebuild, catalog: context.catalog(),
            progress: { done, total in
                let line = Message.embed(.progress(done: done, total: total)).text(context.language)
                terminal.isInteractive ? Console.progressLine(line, isFinal: done == total) : Console.err(line)
            },
            stop: { interrupt.fired }, note: { context.warn($0) })
        if terminal.isInteractive { Console.clearStatusLine() }
        if summary.interrupted {
            Console.err(Message.embed(.interrupted(done: summary.embedded, total: summary.stale)).text(context.language))
            throw ExitCode(130)
        }
        return summary
    }

    /// The ranking by meaning for a search, or nil to search by words alone: nothing set up, the
    /// server down (said in one line), or `--lexical`; with the catalog it read, which the
    /// search's words then use too.
    static func ranking(
        _ text: String, mode: SearchMode, filters: SearchFilters, context: Context
    ) async throws -> (ranking: SemanticRanking?, catalog: Catalog?) {
        guard mode != .lexical, let embedder = try embedder(context, required: mode == .semantic) else { return (nil, nil) }
        let query = try context.vault.query(text, tags: filters.tag, kind: filters.kind)
        let catalog = await context.catalogForSearching()
        let ranking = try await context.vault.semanticRanking(
            query, with: embedder, required: mode == .semantic, withWords: mode == .hybrid, catalog: catalog, note: { context.warn($0) })
        return (ranking, catalog)
    }
}

/// How `folio search` ranks: words and meaning fused (the default when an embeddings server is
/// set up), by words alone, or by meaning alone.
enum SearchMode: Sendable {
    case hybrid, lexical, semantic
}
