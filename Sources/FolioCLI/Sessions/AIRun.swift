import FolioCompanion
import FolioCore
import FolioSecrets
import FolioStore
import Foundation

/// Running AI steps from the synchronous command line.
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

    /// Waits for an AI step, saying so on a terminal ("waiting for a reply…"); Ctrl-C ends folio,
    /// and everything written before the step is already on disk.
    static func waiting<T: Sendable>(_ context: Context, _ operation: @escaping @Sendable () async throws(FolioError) -> T)
        throws(FolioError) -> T
    {
        try Console.whileShowing(Message.ai(.waiting).text(context.language), on: context.terminal) { () throws(FolioError) in
            try blocking(operation)
        }
    }

    /// The first answer of the chain's providers to `step`, waiting as ``waiting(_:_:)`` does.
    static func first<T: CheckedReply>(
        _ chain: ProviderChain, context: Context, _ step: @escaping @Sendable (any AIProvider) async throws(AIProblem) -> T
    ) throws(FolioError) -> (value: T, provider: String) {
        try waiting(context) { () async throws(FolioError) in try await chain.first(step) }
    }

    /// An AI step on a record: when no provider manages it, the reason is said and kept for `show`
    /// and `status`, and `failure` (the companion diary's message for that step) is thrown; when
    /// one does, a kept failure is cleared.
    static func step<T: CheckedReply>(
        _ name: String, for record: Record, chain: ProviderChain, context: Context, failure: AIMessage,
        _ step: @escaping @Sendable (any AIProvider) async throws(AIProblem) -> T
    ) throws(FolioError) -> (value: T, provider: String) {
        do {
            let outcome = try first(chain, context: context, step)
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

    /// Waits for async work; the command line has nothing else to do meanwhile. Ctrl-C while
    /// waiting cancels the work (the step then fails as cancelled) instead of ending folio, so the
    /// diary flow and an interactive chat go on with what was saved.
    static func blocking<T: Sendable>(_ operation: @escaping @Sendable () async throws(FolioError) -> T) throws(FolioError) -> T {
        let outcome = LockedState<Result<T, FolioError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let task = Task {
            do throws(FolioError) {
                let value = try await operation()
                outcome.withValue { $0 = .success(value) }
            } catch {
                outcome.withValue { $0 = .failure(error) }
            }
            done.signal()
        }
        let previous = signal(SIGINT, SIG_IGN)
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        interrupt.setEventHandler { task.cancel() }
        interrupt.resume()
        done.wait()
        interrupt.cancel()
        signal(SIGINT, previous)
        guard let result = outcome.current else { throw FolioError(.ai(.failed(provider: "folio", problem: .cancelled))) }
        return try result.get()
    }
}
