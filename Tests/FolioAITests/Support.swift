import FolioCore
import Foundation
import SystemIO
import TestSupport
import Testing

@testable import FolioAI

/// `text` parsed as JSON, for comparing with what the server received.
func json(_ text: String) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
}

/// What a user reads for `error` (nil for none): the message catalog's words, the only ones an
/// AI failure has.
func words(_ error: OpenAIError?, _ language: Language = .en) -> String? {
    error.map { AIProblem($0).text(language) }
}

/// A client of `server` with a short timeout, so a hang fails fast.
func client(_ server: OpenAIServer, apiKey: String? = nil, timeout: TimeInterval = 5) -> OpenAIClient {
    OpenAIClient(baseURL: server.baseURL, apiKey: apiKey, timeout: timeout)
}

let helloRequest = ChatRequest(model: "gpt-test", messages: [.user("Hello?")])

/// The ``OpenAIError`` `body` throws, or a recorded issue when it succeeds or throws anything else.
func expectFailure<T>(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> T
) async -> OpenAIError? {
    do {
        let value = try await body()
        Issue.record("expected an error, got \(value)", sourceLocation: sourceLocation)
        return nil
    } catch let error as OpenAIError {
        return error
    } catch {
        Issue.record("expected an OpenAIError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Seconds taken by `body`.
func seconds(_ body: () async -> Void) async -> TimeInterval {
    let start = Date()
    await body()
    return Date().timeIntervalSince(start)
}

/// Runs each test of a suite on a thread of its own (``DedicatedThread``): these tests wait on a
/// loopback server, and in the one `swift test` pass the CLI and fault tests beside them block
/// the shared pool's threads for a minute and more while a `folio` child runs.
struct OwnThread: SuiteTrait, TestTrait, TestScoping {
    /// The running test's thread, for the tasks it starts (``onOwnThread(_:)``).
    @TaskLocal static var executor: DedicatedThread?

    var isRecursive: Bool { true }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // The suite itself holds no work; each test case gets its thread.
        guard testCase != nil else { return try await function() }
        // Its thread ends with the executor, once the test and its tasks are done.
        let executor = DedicatedThread(name: "folio-test")
        try await Self.$executor.withValue(executor) {
            try await withTaskExecutorPreference(executor) { try await function() }
        }
    }
}

/// A task the test starts and cancels or awaits, on the test's own thread: a plain `Task {}` takes
/// no executor preference with it and would wait for the shared pool like any other.
func onOwnThread<T: Sendable>(_ body: sending @escaping @isolated(any) () async throws -> T) -> Task<T, any Error> {
    Task(executorPreference: OwnThread.executor, operation: body)
}

extension Trait where Self == OwnThread {
    /// Each test on a thread of its own, clear of the tests that block the shared pool.
    static var ownThread: Self { OwnThread() }
}
