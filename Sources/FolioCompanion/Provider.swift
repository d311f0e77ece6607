import Foundation
import FolioAI
import FolioCore

/// An answer to a yes-or-no question, in the shape of the magic 8 ball's.
public struct OracleAnswer: Sendable, Equatable {
    /// In the vault's language.
    public var text: String
    public var english: String
    public var type: AnswerType

    public init(text: String, english: String, type: AnswerType) {
        self.text = text
        self.english = english
        self.type = type
    }
}

/// One AI provider. Each answers in the same types, so nothing above a provider knows which one
/// answered; a provider that cannot do a step throws ``AIProblem/needsNetworkProvider``.
public protocol AIProvider: Sendable {
    /// `builtin`, or `openai gpt-4o-mini`: how messages and records name it.
    var label: String { get }
    /// Where requests go, for the first-use notice; nil for a provider that stays on the device.
    var endpoint: String? { get }

    func answer(question: String) async throws(AIProblem) -> OracleAnswer
}

/// The providers of `ai.provider` and `ai.fallback`, tried in order until one answers.
public struct ProviderChain: Sendable {
    public let providers: [any AIProvider]
    /// Providers that could not even be set up (an unknown name, an unreadable key file).
    public let setupFailures: [ProviderFailure]

    public init(providers: [any AIProvider], setupFailures: [ProviderFailure] = []) {
        self.providers = providers
        self.setupFailures = setupFailures
    }

    /// The providers a configuration names, with the key from the environment or the credentials file.
    public init(configuration: AIConfiguration, environment: [String: String], home: URL) {
        var providers: [any AIProvider] = []
        var failures: [ProviderFailure] = []
        for name in configuration.providers {
            switch name {
            case "builtin":
                providers.append(BuiltinProvider(configuration: configuration))
            case "openai":
                do {
                    let key = try AIKey.lookup(environment: environment, home: home)
                    providers.append(try OpenAIProvider(configuration: configuration, key: key))
                } catch {
                    failures.append(ProviderFailure(provider: "openai", problem: error))
                }
            default:
                failures.append(ProviderFailure(provider: name, problem: .missingSetting("ai.provider (builtin or openai, not '\(name)')")))
            }
        }
        self.init(providers: providers, setupFailures: failures)
    }

    /// The network endpoints this chain may reach.
    public var endpoints: [(label: String, url: String)] {
        providers.compactMap { provider in provider.endpoint.map { (provider.label, $0) } }
    }

    /// Runs `step` on each provider in turn; the first answer wins.
    /// - Throws: ``FolioError`` `.ai(.allFailed)` naming each provider's problem, when none answers.
    public func first<T: Sendable>(
        _ step: @Sendable (any AIProvider) async throws(AIProblem) -> T
    ) async throws(FolioError) -> (value: T, provider: String) {
        var failures = setupFailures
        for provider in providers {
            do {
                return (try await step(provider), provider.label)
            } catch {
                failures.append(ProviderFailure(provider: provider.label, problem: error))
                if error == .cancelled { break }
            }
        }
        if failures.count == 1, let only = failures.first {
            throw FolioError(.ai(.failed(provider: only.provider, problem: only.problem)))
        }
        throw FolioError(.ai(.allFailed(failures)))
    }
}
