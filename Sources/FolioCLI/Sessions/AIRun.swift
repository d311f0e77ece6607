import FolioApp
import FolioCompanion
import FolioCore
import FolioSecrets
import FolioStore
import Foundation

/// Running AI steps from the command line: each waits for its reply (Ctrl-C cancels it).
enum AIRun {
    /// The chain of providers the vault's settings name, after the notices a user is owed
    /// (``Companion/chain(sends:)``, the same for every face).
    static func chain(_ context: Context, sends payload: AIPayload) -> ProviderChain {
        context.companion.chain { _ in payload }
    }

    /// The same, for a payload that depends on the settings (place and weather only when shared).
    static func chain(_ context: Context, sends payload: (AIConfiguration) -> AIPayload) -> ProviderChain {
        context.companion.chain(sends: payload)
    }

    /// Waits for an AI step, saying so on a terminal ("waiting for a reply…"); Ctrl-C cancels it,
    /// and everything written before the step is already on disk.
    nonisolated(nonsending) static func waiting<T: Sendable>(
        _ context: Context, _ operation: @escaping @Sendable () async throws(FolioError) -> T
    )
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
        try await context.companion.first(chain, step)
    }

    /// An AI step on a record (``Companion/step(_:for:chain:failure:_:)``): said, kept for `show`
    /// and `status` when it fails.
    static func step<T: CheckedReply>(
        _ name: String, for record: Record, chain: ProviderChain, context: Context, failure: AIMessage,
        _ step: @escaping @Sendable (any AIProvider) async throws(AIProblem) -> T
    ) async throws(FolioError) -> (value: T, provider: String) {
        try await context.companion.step(name, for: record, chain: chain, failure: failure, step)
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

/// The terminal as the companion's face: warnings and notices on standard error, a new AI server
/// confirmed by the person at the keyboard, a waiting line while a provider answers, Ctrl-C to
/// cancel a step.
struct TerminalFace: CompanionFace {
    let context: Context

    func warn(_ error: FolioError) { context.warn(error) }

    func tell(_ message: Message) { Console.err(context.terminal.dim(message.text(context.language))) }

    func confirmsNewServer(_ url: String) -> Bool {
        // Off a terminal the network provider is left out, and its failure names `folio config trust ai.base_url`.
        guard context.terminal.isInteractive else { return false }
        return Console.confirm(Message.ai(.confirmEndpoint(url: url)).text(context.language) + " [y/N] ")
    }

    nonisolated(nonsending) func waiting<T: Sendable>(_ operation: @escaping @Sendable () async throws(FolioError) -> T)
        async throws(FolioError) -> T
    {
        try await AIRun.waiting(context, operation)
    }

    nonisolated(nonsending) func streaming<T: Sendable>(_ operation: @escaping @Sendable () async throws(FolioError) -> T)
        async throws(FolioError) -> T
    {
        // The reply streams onto the terminal, so the waiting note gets a line of its own.
        if context.terminal.isInteractive { Console.err(context.terminal.dim(Message.ai(.waiting).text(context.language))) }
        return try await AIRun.cancellable(operation)
    }

    nonisolated(nonsending) func skippable<T: Sendable>(_ operation: @escaping @Sendable () async -> T?) async -> T? {
        // try?: cancelled (Ctrl-C), the nicety is left out; the step goes on without it.
        (try? await AIRun.cancellable { () async throws(FolioError) in await operation() }) ?? nil
    }
}

extension Context {
    /// The companion's steps, with the terminal as their face.
    var companion: Companion { Companion(journal, face: TerminalFace(context: self)) }
}
