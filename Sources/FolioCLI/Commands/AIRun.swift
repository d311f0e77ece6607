import Foundation
import FolioCompanion
import FolioCore
import FolioStore

/// Running AI steps from the synchronous command line.
enum AIRun {
    /// The chain of providers the vault's settings name, after the notices a user is owed:
    /// unreadable settings (F-014) and, once per endpoint, what is sent where.
    static func chain(_ context: Context, sends payload: AIPayload) -> ProviderChain {
        let configuration = AIConfiguration(settings: context.vault.settings, language: context.language)
        if configuration.settingsUnreadable { context.warn(FolioError(.ai(.settingsFallback))) }
        let home = URL(fileURLWithPath: context.environment["HOME"] ?? NSHomeDirectory())
        let chain = ProviderChain(configuration: configuration, environment: context.environment, home: home)
        for endpoint in FirstUseNotice.takeNew(chain.endpoints, localDirectory: context.vault.localDirectory) {
            Console.err(context.terminal.dim(
                Message.ai(.firstUse(provider: endpoint.label, url: endpoint.url, sends: payload)).text(context.language)))
        }
        return chain
    }

    /// Waits for async work; the command line has nothing else to do meanwhile.
    static func blocking<T: Sendable>(_ operation: @escaping @Sendable () async throws(FolioError) -> T) throws(FolioError) -> T {
        let outcome = Outcome<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            do throws(FolioError) {
                outcome.set(.success(try await operation()))
            } catch {
                outcome.set(.failure(error))
            }
            done.signal()
        }
        done.wait()
        return try outcome.get()
    }

    /// The result handed from the task to the waiting thread; the semaphore orders the two.
    private final class Outcome<T: Sendable>: @unchecked Sendable {
        private var result: Result<T, FolioError>?
        private let lock = NSLock()

        func set(_ value: Result<T, FolioError>) {
            lock.lock()
            result = value
            lock.unlock()
        }

        func get() throws(FolioError) -> T {
            lock.lock()
            defer { lock.unlock() }
            guard let result else { throw FolioError(.ai(.failed(provider: "folio", problem: .cancelled))) }
            return try result.get()
        }
    }
}
