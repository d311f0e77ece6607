import FolioCore
import FolioSecrets
import FolioStore
import Foundation
import HTTP
import Synchronization

/// The weather where the user is, for the companion's context (the companion diary's F-016).
///
/// Any HTTP source that answers a GET with one line of plain text works, e.g.
/// `https://wttr.in/{place}?format=%C+%t`. Weather is a nicety: when the source is not set, not
/// reachable, slow or answers something else, there is simply no weather and nothing is said.
///
/// The URL carries the user's place, and `weather.url` syncs: a source is asked only once
/// confirmed on this device (``EndpointTrust``), over `https://` unless it is this machine, and
/// a redirect is not followed (it could hand the place to another host); ``refusal(_:localDirectory:)``
/// says why a set source is not asked.
public enum Weather {
    /// How long the companion waits for the weather, in all, before going on without it.
    public static let timeout: TimeInterval = 4

    /// The weather as one short line, or nil. Nothing is fetched unless `privacy.share_location` is
    /// on and the source may be asked on this device (the vault's `localDirectory`).
    public static func current(_ configuration: AIConfiguration, localDirectory: URL) async -> String? {
        guard configuration.shareLocation, refusal(configuration, localDirectory: localDirectory) == nil, let url = url(configuration),
            // The place goes in the path or the query, never into the host that was confirmed.
            let source = configuration.weatherURL, Origin(url: url.absoluteString) == Origin(url: source)
        else { return nil }
        let request = HTTPRequest(
            url: url.absoluteString, headers: [(name: "Accept", value: "text/plain"), (name: "User-Agent", value: "folio")],
            followsRedirects: false, limits: HTTPLimits(total: timeout, window: timeout, minimumBytesPerSecond: 1))
        let answer = Answer()
        let transfer = HTTPTransfer(request) { head, piece in answer.take(head, piece) }
        // try?: weather is a garnish for the greeting: without it the greeting says nothing of the weather.
        let status = try? await transfer.response().get().status
        guard status == 200 else { return nil }
        return line(from: answer.body)
    }

    /// The answer's first bytes: a line of weather needs no more than a few kilobytes.
    private final class Answer: Sendable {
        private let received = Mutex(Data())

        var body: Data { received.withLock { $0 } }

        func take(_ head: HTTPHead, _ piece: Data) -> Bool {
            guard head.status == 200 else { return true }
            return received.withLock { body in
                body.append(piece.prefix(max(0, 16_384 - body.count)))
                return body.count < 16_384
            }
        }
    }

    /// Why the configured source is not asked, to be said to the user; nil when it may be (or
    /// when nothing would be asked anyway: the place not shared, no source set).
    public static func refusal(_ configuration: AIConfiguration, localDirectory: URL) -> AIMessage? {
        guard configuration.shareLocation, let source = configuration.weatherURL else { return nil }
        let shown = ConfiguredSecrets.redact(source)
        guard EndpointTrust.isTrusted(source, for: "weather.url", localDirectory: localDirectory) else {
            return .weatherNotConfirmed(url: shown)
        }
        if let origin = Origin(url: source), origin.isCleartext { return .weatherCleartext(url: shown) }
        return nil
    }

    /// The source's address for the configured place; nil when it needs a place and none is set.
    static func url(_ configuration: AIConfiguration) -> URL? {
        guard var text = configuration.weatherURL else { return nil }
        if text.contains("{place}") {
            guard
                let place = configuration.location?.addingPercentEncoding(
                    withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "?&=#/")))
            else { return nil }
            text = text.replacingOccurrences(of: "{place}", with: place)
        }
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else { return nil }
        return url
    }

    /// The first line of a plain-text answer, at most 120 characters; nil for an empty answer,
    /// HTML, JSON, or a line holding a control character (``TextRule/line(_:)``).
    static func line(from data: Data) -> String? {
        guard let text = String(data: data, encoding: .utf8) else { return nil }
        guard
            let first = text.split(whereSeparator: \.isNewline).map({ $0.trimmingCharacters(in: .whitespaces) }).first(where: {
                !$0.isEmpty
            }),
            !first.hasPrefix("<"), !first.hasPrefix("{"), !first.hasPrefix("["), TextRule.line(first) == nil
        else { return nil }
        return first.count > 120 ? String(first.prefix(120)) : first
    }
}
