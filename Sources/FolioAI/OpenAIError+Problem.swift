import FolioCore
import Foundation

extension AIProblem {
    /// Seconds as a whole number for a message (a week at most: the client's own bound).
    private static func whole(_ seconds: TimeInterval) -> Int {
        guard seconds.isFinite else { return 0 }
        return Int(min(max(0, seconds.rounded()), 7 * 24 * 3600))
    }

    /// The wire layer's error as a problem a user can act on.
    public init(_ error: OpenAIError) {
        func detail(_ reply: HTTPErrorReply) -> String {
            if let message = reply.message, !message.isEmpty { return message }
            return reply.excerpt.isEmpty ? "—" : reply.excerpt
        }
        switch error {
        case .invalidBaseURL(let url): self = .invalidBaseURL(url)
        case .cannotConnect(let url, let reason): self = .cannotConnect(url: url, reason: reason)
        case .connectionLost(let reason): self = .connectionLost(reason)
        case .timedOut(let seconds): self = .timedOut(seconds: Self.whole(seconds))
        case .deadlinePassed(let seconds): self = .deadlinePassed(seconds: Self.whole(seconds))
        case .tooSlow(let rate, let seconds): self = .tooSlow(bytesPerSecond: rate, seconds: Self.whole(seconds))
        case .keyWithheld(let url): self = .keyWithheld(url: url)
        case .cancelled: self = .cancelled
        case .unauthorized(let reply): self = .unauthorized(status: reply.status, detail: detail(reply))
        case .notFound(let reply): self = .notFound(detail: detail(reply))
        case .rateLimited(let reply):
            self = .rateLimited(
                detail: detail(reply), retryAfter: reply.retryAfterSeconds.flatMap { $0.isFinite && $0 < 1e9 ? Int($0.rounded(.up)) : nil })
        case .serverError(let reply): self = .serverError(status: reply.status, detail: detail(reply))
        case .httpStatus(let reply): self = .httpStatus(status: reply.status, detail: detail(reply))
        case .malformedReply(let reason, let excerpt): self = .malformed(reason, excerpt: excerpt)
        case .streamEndedEarly(let partial): self = .streamEndedEarly(received: partial.count)
        }
    }
}
