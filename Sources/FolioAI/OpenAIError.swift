import FolioCore
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

extension AIConnectionTrouble {
    func redacted(_ redactor: Redactor) -> AIConnectionTrouble {
        switch self {
        case .tls(let detail): .tls(redactor.redact(detail))
        case .other(let detail): .other(redactor.redact(detail))
        default: self
        }
    }
}

/// Everything that can go wrong talking to an OpenAI-compatible server, with enough context for a
/// message a user can act on. Its words are ``FolioCore/AIProblem``'s, the ones users read
/// (``FolioCore/AIProblem/init(_:)``): this type has none of its own.
public enum OpenAIError: Error, Sendable, Equatable {
    /// The configured base URL is not an `http(s)://host…` URL.
    case invalidBaseURL(String)
    /// No connection: refused, unknown host, TLS failure. `reason` says which.
    case cannotConnect(url: String, reason: AIConnectionTrouble)
    /// The connection dropped after the request was sent, before a whole reply arrived.
    case connectionLost(reason: AIConnectionTrouble)
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
    case malformedReply(reason: AIReplyTrouble, excerpt: String)
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

/// The start of `data` as one line of text, for error messages about replies that made no sense.
func excerpt(of data: Data, limit: Int = 200) -> String {
    let text = String(decoding: data.prefix(limit * 4), as: UTF8.self)
    let flattened = text.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
    return flattened.count > limit ? String(flattened.prefix(limit)) + "…" : flattened
}
