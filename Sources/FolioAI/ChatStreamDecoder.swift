import Foundation
import Synchronization

/// Reads a streamed chat completion (`text/event-stream` of `chat.completion.chunk` objects) as
/// the bytes arrive, handing each text delta on at once.
///
/// Fed on the exchange's serial delegate queue; read by the caller once the exchange is over.
/// The mutex makes those reads safe without relying on that ordering.
final class ChatStreamDecoder: IncrementalBodyConsumer, Sendable {
    struct Snapshot: Sendable {
        var text = ""
        var model: String?
        var usage: TokenUsage?
        var finishReason: String?
        var sawDone = false
        /// The stream's first bytes, for error messages when it never made sense.
        var head = Data()
    }

    private let onDelta: @Sendable (String) -> Void
    private struct Guarded {
        var parser = ServerSentEventParser()
        var state = Snapshot()
        var accepted = false
    }
    private let guarded = Mutex(Guarded())

    init(onDelta: @escaping @Sendable (String) -> Void) {
        self.onDelta = onDelta
    }

    var snapshot: Snapshot { guarded.withLock { $0.state } }

    var steps: Int { guarded.withLock { $0.parser.lines } }

    /// Whether the stream's body began: a lost connection after that is a truncated answer.
    var started: Bool { guarded.withLock { $0.accepted } }

    /// Event streams only: a JSON body (a server that ignored `stream`) is collected whole instead.
    func accepts(_ head: ResponseHead) -> Bool {
        let type = head.header("Content-Type")?.lowercased() ?? ""
        let takes = !type.contains("application/json")
        guarded.withLock { $0.accepted = takes }
        return takes
    }

    func consume(_ chunk: Data) throws(OpenAIError) {
        let events = guarded.withLock { guarded in
            if guarded.state.head.count < 512 { guarded.state.head.append(chunk.prefix(512 - guarded.state.head.count)) }
            return guarded.parser.feed(chunk)
        }
        for event in events { try handle(event) }
    }

    /// The reply once the body has ended; a stream that stopped without `[DONE]` or a finish
    /// reason was cut short.
    func finish() throws(OpenAIError) -> ChatReply {
        let events = guarded.withLock { $0.parser.finish() }
        for event in events {
            // An unterminated last event that does not parse is the stream's cut edge, not a
            // malformed reply: the check below reports the truncation.
            do { try handle(event) } catch .malformedReply { break }
        }
        let state = snapshot
        guard state.sawDone || state.finishReason != nil else {
            throw .streamEndedEarly(partial: state.text)
        }
        guard !state.text.isEmpty else {
            throw .malformedReply(reason: .streamWithoutContent, excerpt: excerpt(of: state.head))
        }
        return ChatReply(content: state.text, model: state.model, usage: state.usage, finishReason: state.finishReason)
    }

    private func handle(_ event: ServerSentEvent) throws(OpenAIError) {
        if guarded.withLock({ $0.state.sawDone }) { return }
        let data = event.data.trimmingCharacters(in: .whitespaces)
        if data == "[DONE]" {
            guarded.withLock { $0.state.sawDone = true }
            return
        }
        let chunk: ChatCompletionReply
        do {
            chunk = try JSONDecoder().decode(ChatCompletionReply.self, from: Data(data.utf8))
        } catch {
            throw .malformedReply(reason: .eventNotAChunk, excerpt: excerpt(of: Data(data.utf8)))
        }
        if let error = chunk.error {
            // Servers report a failure mid-stream as an event, after the 200 status was sent.
            throw .httpStatus(
                HTTPErrorReply(
                    status: 200, message: error.message, type: error.type, code: error.code, excerpt: excerpt(of: Data(data.utf8))))
        }
        let choice = chunk.choices?.first
        let piece = choice?.delta?.content?.text ?? choice?.message?.content?.text ?? ""
        guarded.withLock { guarded in
            if let model = chunk.model { guarded.state.model = model }
            if let usage = chunk.usage { guarded.state.usage = usage.tokenUsage }
            if let reason = choice?.finishReason { guarded.state.finishReason = reason }
            guarded.state.text += piece
        }
        // Outside the mutex: the caller's callback may take its time (printing to a terminal).
        if !piece.isEmpty { onDelta(piece) }
    }
}
