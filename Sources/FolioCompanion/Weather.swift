import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The weather where the user is, for the companion's context (the companion diary's F-016).
///
/// Any HTTP source that answers a GET with one line of plain text works, e.g.
/// `https://wttr.in/{place}?format=%C+%t`. Weather is a nicety: when the source is not set, not
/// reachable, slow or answers something else, there is simply no weather and nothing is said.
public enum Weather {
    /// How long the companion waits for the weather before going on without it.
    public static let timeout: TimeInterval = 4

    /// The weather as one short line, or nil. Nothing is fetched unless `privacy.share_location` is on.
    public static func current(_ configuration: AIConfiguration) async -> String? {
        guard configuration.shareLocation, let url = url(configuration) else { return nil }
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.setValue("text/plain", forHTTPHeaderField: "Accept")
        request.setValue("folio", forHTTPHeaderField: "User-Agent")
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let fetched: (Data, URLResponse)? = await withCheckedContinuation { continuation in
            session.dataTask(with: request) { data, response, _ in
                continuation.resume(returning: data.flatMap { data in response.map { (data, $0) } })
            }.resume()
        }
        guard let (data, response) = fetched, (response as? HTTPURLResponse)?.statusCode == 200 else { return nil }
        return line(from: data)
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
    /// HTML or JSON.
    static func line(from data: Data) -> String? {
        guard let text = String(data: data, encoding: .utf8) else { return nil }
        guard
            let first = text.split(whereSeparator: \.isNewline).map({ $0.trimmingCharacters(in: .whitespaces) }).first(where: {
                !$0.isEmpty
            }),
            !first.hasPrefix("<"), !first.hasPrefix("{"), !first.hasPrefix("[")
        else { return nil }
        return first.count > 120 ? String(first.prefix(120)) : first
    }
}
