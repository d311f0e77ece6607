import FolioSecrets
import Foundation

/// A reply with an HTTP error status, with what the server said about it.
public struct HTTPErrorReply: Sendable, Equatable {
    public var status: Int
    /// `error.message` of an OpenAI-style body (`{"error":{"message":…}}`), or a bare
    /// `{"error":"…"}` string as some local servers send.
    public var message: String?
    /// `error.type`, e.g. `invalid_request_error`.
    public var type: String?
    /// `error.code`, e.g. `invalid_api_key` or `model_not_found` (numbers are given as text).
    public var code: String?
    /// The `Retry-After` header as sent (seconds, or an HTTP date).
    public var retryAfter: String?
    /// The start of the body, for when it is not OpenAI-style (an HTML page from a proxy).
    public var excerpt: String

    public init(
        status: Int, message: String? = nil, type: String? = nil, code: String? = nil, retryAfter: String? = nil, excerpt: String = ""
    ) {
        self.status = status
        self.message = message
        self.type = type
        self.code = code
        self.retryAfter = retryAfter
        self.excerpt = excerpt
    }

    /// `Retry-After` in seconds from now, whether sent as seconds or as an HTTP date.
    public var retryAfterSeconds: TimeInterval? {
        guard let retryAfter = retryAfter?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let seconds = TimeInterval(retryAfter), seconds >= 0 { return seconds }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: retryAfter) else { return nil }
        return max(0, date.timeIntervalSinceNow)
    }
}

/// Why a request got no reply over the connection; folio puts each in the user's words.
public enum ConnectionFailure: Sendable, Equatable {
    case refused
    case unknownHost
    case offline
    case unsupportedURL
    case closedWithoutReply
    /// TLS failed; the system's own words.
    case tls(String)
    /// Anything else; the system's own words.
    case other(String)

    public var description: String {
        switch self {
        case .refused: "connection refused (is the server running?)"
        case .unknownHost: "unknown host"
        case .offline: "not connected to a network"
        case .unsupportedURL: "unsupported URL"
        case .closedWithoutReply: "the server closed the connection without a reply"
        case .tls(let detail): "TLS failed: \(detail)"
        case .other(let detail): detail
        }
    }

    func redacted(_ redactor: Redactor) -> ConnectionFailure {
        switch self {
        case .tls(let detail): .tls(redactor.redact(detail))
        case .other(let detail): .other(redactor.redact(detail))
        default: self
        }
    }
}

/// What is wrong with a reply that is not what the API promises.
public enum ReplyDefect: Sendable, Equatable {
    case notHTTP
    case streamWithoutContent
    case eventNotAChunk
    case transcriptionNotJSON
    case transcriptionWithoutText
    case notAChatCompletion
    case noChoices
    case emptyMessage
    /// More than `limit` bytes arrived (`ai.max_reply_bytes`): the rest was not read.
    case tooLarge(limit: Int)

    public var description: String {
        switch self {
        case .notHTTP: "the server did not answer with HTTP"
        case .streamWithoutContent: "the streamed reply has no content"
        case .eventNotAChunk: "a stream event is not a JSON completion chunk"
        case .transcriptionNotJSON: "the transcription is not JSON"
        case .transcriptionWithoutText: "the transcription has no text"
        case .notAChatCompletion: "the reply is not a JSON chat completion"
        case .noChoices: "the reply has no choices"
        case .emptyMessage: "the reply's message is empty"
        case .tooLarge(let limit): "the reply is larger than \(limit) bytes (ai.max_reply_bytes)"
        }
    }
}

/// Everything that can go wrong talking to an OpenAI-compatible server, with enough context for a
/// message a user can act on (``description``).
public enum OpenAIError: Error, Sendable, Equatable {
    /// The configured base URL is not an `http(s)://host…` URL.
    case invalidBaseURL(String)
    /// No connection: refused, unknown host, TLS failure. `reason` says which.
    case cannotConnect(url: String, reason: ConnectionFailure)
    /// The connection dropped after the request was sent, before a whole reply arrived.
    case connectionLost(reason: ConnectionFailure)
    /// Nothing arrived for `seconds` (the configured timeout).
    case timedOut(seconds: TimeInterval)
    /// The request took longer than `seconds` in all (the configured deadline).
    case deadlinePassed(seconds: TimeInterval)
    /// Less than `bytesPerSecond` arrived over `seconds` (the configured timeout): a trickle.
    case tooSlow(bytesPerSecond: Int, seconds: TimeInterval)
    /// The server asked for the key (401 or 403), which folio did not send: the base URL is
    /// plain `http://` to another machine, where it would cross the network in clear text.
    case keyWithheld(url: String)
    /// The calling task was cancelled.
    case cancelled
    /// 401 or 403: a missing, wrong or revoked API key.
    case unauthorized(HTTPErrorReply)
    /// 404: usually an unknown model, or a base URL missing its `/v1`.
    case notFound(HTTPErrorReply)
    /// 429: too many requests or no quota left; see ``HTTPErrorReply/retryAfter``.
    case rateLimited(HTTPErrorReply)
    /// 5xx: the server or the model failed.
    case serverError(HTTPErrorReply)
    /// Any other error status (400 for a bad request, …), or an error object in a 2xx reply.
    case httpStatus(HTTPErrorReply)
    /// A reply that is not what the API promises: not JSON, no choices, empty content.
    case malformedReply(reason: ReplyDefect, excerpt: String)
    /// A streamed reply stopped without its `[DONE]` (or a finish reason); `partial` is the text
    /// that did arrive.
    case streamEndedEarly(partial: String)

    /// The HTTP error details, for the cases that have them.
    public var httpReply: HTTPErrorReply? {
        switch self {
        case .unauthorized(let reply), .notFound(let reply), .rateLimited(let reply), .serverError(let reply), .httpStatus(let reply):
            reply
        default:
            nil
        }
    }

    /// The same error with every text the server sent (and the URL) passed through `redactor`.
    public func redacted(_ redactor: Redactor) -> OpenAIError {
        func clean(_ reply: HTTPErrorReply) -> HTTPErrorReply {
            var reply = reply
            reply.message = reply.message.map(redactor.redact)
            reply.type = reply.type.map(redactor.redact)
            reply.code = reply.code.map(redactor.redact)
            reply.excerpt = redactor.redact(reply.excerpt)
            return reply
        }
        switch self {
        case .invalidBaseURL(let url): return .invalidBaseURL(redactor.redact(url))
        case .cannotConnect(let url, let reason): return .cannotConnect(url: redactor.redact(url), reason: reason.redacted(redactor))
        case .connectionLost(let reason): return .connectionLost(reason: reason.redacted(redactor))
        case .timedOut, .deadlinePassed, .tooSlow, .cancelled, .streamEndedEarly: return self
        case .keyWithheld(let url): return .keyWithheld(url: redactor.redact(url))
        case .unauthorized(let reply): return .unauthorized(clean(reply))
        case .notFound(let reply): return .notFound(clean(reply))
        case .rateLimited(let reply): return .rateLimited(clean(reply))
        case .serverError(let reply): return .serverError(clean(reply))
        case .httpStatus(let reply): return .httpStatus(clean(reply))
        case .malformedReply(let reason, let excerpt):
            return .malformedReply(reason: reason, excerpt: redactor.redact(excerpt))
        }
    }

    /// The case for an error `status`, so callers can switch on meaning rather than numbers.
    static func classify(_ reply: HTTPErrorReply) -> OpenAIError {
        switch reply.status {
        case 401, 403: .unauthorized(reply)
        case 404: .notFound(reply)
        case 429: .rateLimited(reply)
        case 500...599: .serverError(reply)
        default: .httpStatus(reply)
        }
    }
}

extension OpenAIError: CustomStringConvertible, LocalizedError {
    public var description: String {
        switch self {
        case .invalidBaseURL(let url):
            return "the AI base URL '\(url)' is not an http:// or https:// URL"
        case .cannotConnect(let url, let reason):
            return "cannot connect to the AI server at \(url): \(reason.description)"
        case .connectionLost(let reason):
            return "the connection to the AI server was lost: \(reason.description)"
        case .timedOut(let seconds):
            return "the AI server did not answer within \(Self.format(seconds)) seconds"
        case .deadlinePassed(let seconds):
            return "the AI server's reply took longer than \(Self.format(seconds)) seconds in all"
        case .tooSlow(let rate, let seconds):
            return "the AI server sent less than \(rate) bytes a second for \(Self.format(seconds)) seconds"
        case .keyWithheld(let url):
            return "the AI server at \(url) asks for the key, which is not sent over plain http:// to another machine"
        case .cancelled:
            return "the AI request was cancelled"
        case .unauthorized(let reply):
            return "the AI server refused the request (HTTP \(reply.status)): \(Self.detail(reply)); check the API key"
        case .notFound(let reply):
            return "the AI server has no such model or path (HTTP 404): \(Self.detail(reply)); check the model name and base URL"
        case .rateLimited(let reply):
            let wait = reply.retryAfterSeconds.map { "; retry in \(Self.format($0)) seconds" } ?? ""
            return "the AI server is rate limiting (HTTP 429): \(Self.detail(reply))\(wait)"
        case .serverError(let reply):
            return "the AI server failed (HTTP \(reply.status)): \(Self.detail(reply))"
        case .httpStatus(let reply) where (200..<300).contains(reply.status):
            return "the AI server reported an error: \(Self.detail(reply))"
        case .httpStatus(let reply):
            return "the AI server answered HTTP \(reply.status): \(Self.detail(reply))"
        case .malformedReply(let reason, let excerpt):
            return excerpt.isEmpty
                ? "unexpected reply from the AI server: \(reason.description)"
                : "unexpected reply from the AI server: \(reason.description): \(excerpt)"
        case .streamEndedEarly(let partial):
            return "the AI reply stopped before it was complete (\(partial.count) characters arrived)"
        }
    }

    public var errorDescription: String? { description }

    private static func detail(_ reply: HTTPErrorReply) -> String {
        if let message = reply.message, !message.isEmpty { return message }
        return reply.excerpt.isEmpty ? "no details" : reply.excerpt
    }

    private static func format(_ seconds: TimeInterval) -> String {
        // Int(_:) traps on infinity, which a Retry-After of "1e999" would produce.
        guard seconds.isFinite, abs(seconds) < 1e12 else { return "\(seconds)" }
        return seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
    }
}

/// The start of `data` as one line of text, for error messages about replies that made no sense.
func excerpt(of data: Data, limit: Int = 200) -> String {
    let text = String(decoding: data.prefix(limit * 4), as: UTF8.self)
    let flattened = text.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
    return flattened.count > limit ? String(flattened.prefix(limit)) + "…" : flattened
}
