import Foundation
import Synchronization

/// The streamed chat reply decoder, reachable by folio's fuzz harnesses (`Tests/FuzzTargets`)
/// without `@testable`: a body's chunks in, what the user would be shown out. Not for any other use.
public enum ChatStreamFuzzing {
    /// What a streamed body came to: every text piece handed on as it arrived, then the reply or the error.
    public struct Outcome: Sendable, Equatable {
        public var deltas: [String]
        public var reply: Result<ChatReply, OpenAIError>
    }

    /// Feeds `chunks` as the network would deliver a `text/event-stream` body, then ends the stream.
    public static func decode(_ chunks: [Data]) -> Outcome {
        let deltas = DeltaLog()
        let decoder = ChatStreamDecoder { deltas.append($0) }
        do throws(OpenAIError) {
            for chunk in chunks { try decoder.consume(chunk) }
            let reply = try decoder.finish()
            return Outcome(deltas: deltas.pieces, reply: .success(reply))
        } catch {
            return Outcome(deltas: deltas.pieces, reply: .failure(error))
        }
    }
}

private final class DeltaLog: Sendable {
    private let collected = Mutex<[String]>([])

    func append(_ piece: String) { collected.withLock { $0.append(piece) } }

    var pieces: [String] { collected.withLock { $0 } }
}
