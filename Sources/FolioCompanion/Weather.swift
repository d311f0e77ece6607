import FolioCore
import Foundation
import HTTP
import Synchronization

/// The weather where the user is, for the companion's context (the companion diary's F-016).
///
/// Any HTTP source that answers a GET with one line of plain text works, e.g.
/// `https://wttr.in/{place}?format=%C+%t`. Weather is a nicety: when the source is not set, not
/// reachable, slow or answers something else, there is simply no weather and nothing is said.
public enum Weather {
    /// How long the companion waits for the weather, in all, before going on without it.
    public static let timeout: TimeInterval = 4

    /// The weather as one short line, or nil. Nothing is fetched unless `privacy.share_location` is on.
    public static func current(_ configuration: AIConfiguration) async -> String? {
        guard configuration.shareLocation, let url = url(configuration) else { return nil }
        let request = HTTPRequest(
            url: url.absoluteString, headers: [(name: "Accept", value: "text/plain"), (name: "User-Agent", value: "folio")],
            followsRedirects: true, limits: HTTPLimits(total: timeout, window: timeout, minimumBytesPerSecond: 1))
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
