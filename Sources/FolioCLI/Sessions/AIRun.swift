import FolioCompanion
import FolioCore
import FolioSecrets
import FolioStore
import Foundation

/// Running AI steps from the command line: each waits for its reply (Ctrl-C cancels it).
enum AIRun {
    /// The chain of providers the vault's settings name, after the notices a user is owed:
    /// unreadable settings (F-014) and, once per endpoint, what is sent where.
    static func chain(_ context: Context, sends payload: AIPayload) -> ProviderChain {
        chain(context) { _ in payload }
    }

    /// The same, for a payload that depends on the settings (place and weather only when shared).
    static func chain(_ context: Context, sends payload: (AIConfiguration) -> AIPayload) -> ProviderChain {
        let configuration = AIConfiguration(vault: context.vault, language: context.language)
        if configuration.settingsUnreadable { context.warn(FolioError(.ai(.settingsFallback))) }
        let home = URL(fileURLWithPath: context.environment["HOME"] ?? NSHomeDirectory())
        let chain = ProviderChain(
            configuration: configuration, environment: context.environment, home: home,
            endpointConfirmed: confirmEndpoint(configuration, context))
        for endpoint in FirstUseNotice.takeNew(chain.endpoints, localDirectory: context.vault.localDirectory) {
            Console.err(
                context.terminal.dim(
                    Message.ai(.firstUse(provider: endpoint.label, url: endpoint.url, sends: payload(configuration))).text(context.language)
                ))
        }
        return chain
    }

    /// Whether the AI server of `configuration` may be used: confirmed on this device already, or
    /// confirmed now by the person at the terminal (and remembered); off a terminal the network
    /// provider is left out, and its failure names `folio config trust ai.base_url`.
    static func confirmEndpoint(_ configuration: AIConfiguration, _ context: Context) -> Bool {
        let local = context.vault.localDirectory
        guard configuration.usesNetwork, !configuration.isConfirmed(localDirectory: local) else { return true }
        guard context.terminal.isInteractive else { return false }
        let url = ConfiguredSecrets.redact(configuration.baseURL)
        guard Console.confirm(Message.ai(.confirmEndpoint(url: url)).text(context.language) + " [y/N] ") else { return false }
        do {
            try EndpointTrust.trust(configuration.baseURL, for: "ai.base_url", localDirectory: local)
        } catch {
            context.warn(error)
        }
        return true
    }

    /// Waits for an AI step, saying so on a terminal ("waiting for a reply…"); Ctrl-C cancels it,
    /// and everything written before the step is already on disk.
    static func waiting<T: Sendable>(_ context: Context, _ operation: @escaping @Sendable () async throws(FolioError) -> T)
        async throws(FolioError) -> T
    {
        try await Console.whileShowing(Message.ai(.waiting).text(context.language), on: context.terminal) { () async throws(FolioError) in
            try await cancellable(operation)
        }
    }

    /// The first answer of the chain's providers to `step`, waiting as ``waiting(_:_:)`` does.
    static func first<T: CheckedReply>(
        _ chain: ProviderChain, context: Context, _ step: @escaping @Sendable (any AIProvider) async throws(AIProblem) -> T
    ) async throws(FolioError) -> (value: T, provider: String) {
        try await waiting(context) { () async throws(FolioError) in try await chain.first(step) }
    }

    /// An AI step on a record: when no provider manages it, the reason is said and kept for `show`
    /// and `status`, and `failure` (the companion diary's message for that step) is thrown; when
    /// one does, a kept failure is cleared.
    static func step<T: CheckedReply>(
        _ name: String, for record: Record, chain: ProviderChain, context: Context, failure: AIMessage,
        _ step: @escaping @Sendable (any AIProvider) async throws(AIProblem) -> T
    ) async throws(FolioError) -> (value: T, provider: String) {
        do {
            let outcome = try await first(chain, context: context, step)
            remember(nil, step: name, for: record, context: context)
            return outcome
        } catch {
            remember(error, step: name, for: record, context: context)
            context.warn(error)
            throw FolioError(.ai(failure))
        }
    }

    /// Keeps (or clears, with nil) a record's last AI failure on this device, for `show` and `status`.
    static func remember(_ error: FolioError?, step: String, for record: Record, context: Context) {
        context.vault.rememberAIFailure(error?.message.text(context.language), step: step, for: record)
    }

    /// Runs `operation` so that Ctrl-C cancels it (the step then fails as cancelled) instead of
    /// ending folio: the diary flow and an interactive chat go on with what was saved. A second
    /// Ctrl-C after the first is the same request, not a harder one.
    static func cancellable<T: Sendable>(_ operation: @escaping @Sendable () async throws(FolioError) -> T)
        async throws(FolioError) -> T
    {
        let task = Task { () async -> Result<T, FolioError> in
            do throws(FolioError) {
                return .success(try await operation())
            } catch {
                return .failure(error)
            }
        }
        let previous = signal(SIGINT, SIG_IGN)
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        interrupt.setEventHandler { task.cancel() }
        interrupt.resume()
        defer {
            interrupt.cancel()
            signal(SIGINT, previous)
        }
        // A cancelled caller cancels the step too.
        let outcome = await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        return try outcome.get()
    }
}
