import FolioCore
import Foundation
import YAML

/// JSON for `--json`, keeping the order keys have in the file.
enum JSONWriter {
    typealias JSON = JSONValue

    static func render(_ value: JSON) -> String { value.text }

    static func quote(_ s: String, into out: inout String) { JSONValue.quote(s, into: &out) }

    static func json(_ value: Value) -> JSON { JSONValue(value) }

    /// A record's children as `show --json` gives them: nothing when its kind has no child kind.
    static func children(_ children: [RecordSummary]?) -> [(String, JSON)] {
        guard let children else { return [] }
        return [
            (
                "children",
                .array(
                    children.map { child in
                        .object([
                            ("id", child.id.map(JSON.string) ?? .null), ("kind", child.kind.map(JSON.string) ?? .null),
                            ("title", .string(child.title)), ("created", child.sortTime.map { .string($0.text) } ?? .null),
                            ("path", .string(child.path)),
                        ])
                    })
            )
        ]
    }

    /// A record as JSON: its front matter keys as written, then `path`, `body` when asked, and
    /// `computed` (what its kind computes from its keys, never written to the file) when there is any.
    static func record(_ record: Record, body: Bool, extra: [(String, JSON)] = [], kinds: [String: Kind]) -> JSON {
        var pairs: [(String, JSON)] = []
        let root = record.document.root.resolved
        if case .map(let fields) = root {
            pairs = fields.map { ($0.0, json($0.1)) }
        }
        pairs.append(("path", .string(record.path)))
        if body { pairs.append(("body", .string(record.document.body))) }
        if let kind = record.kind.flatMap({ kinds[$0] }), !kind.computed.isEmpty {
            pairs.append(("computed", .object(kind.computedValues(of: root).map { ($0.0.name, json($0.1)) })))
        }
        return .object(pairs + extra)
    }

    /// A chat turn for `chat --json`: the page as it stands, `reply` (the companion's words this
    /// turn added, or null) and the whole `conversation`.
    static func chatTurn(_ page: Record, since before: Record, kinds: [String: Kind]) -> JSON {
        let messages = Conversation.parse(page.document.body)
        let earlier = Conversation.parse(before.document.body).count
        let reply = messages.dropFirst(earlier).last { $0.speaker == .folio }
        let conversation = messages.map { message in
            JSON.object([("speaker", .string(message.speaker.name)), ("time", .string(message.time)), ("text", .string(message.text))])
        }
        return record(
            page, body: true, extra: [("reply", reply.map { .string($0.text) } ?? .null), ("conversation", .array(conversation))],
            kinds: kinds)
    }
}
