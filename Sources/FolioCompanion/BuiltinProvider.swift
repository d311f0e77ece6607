import Foundation
import FolioCore

/// The provider that never leaves the device. It cannot judge a question, so it leaves answering
/// to the magic 8 ball or to a network provider after it in the chain.
public struct BuiltinProvider: AIProvider {
    public let configuration: AIConfiguration
    public var label: String { "builtin" }
    public var endpoint: String? { nil }

    public init(configuration: AIConfiguration) {
        self.configuration = configuration
    }

    public func answer(question: String) async throws(AIProblem) -> OracleAnswer {
        throw .needsNetworkProvider
    }
}
