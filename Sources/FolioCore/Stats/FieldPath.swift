import YAML

/// A dotted key path into a record's front matter, as `folio stats` names what to aggregate.
///
/// - `duration_minutes`: a top-level key; one value per record that has a number there.
/// - `context.temperature`: a dotted path into maps.
/// - `shots.count`: the length of the list `shots`, one value per record that has the list
///   (`count` after a list is always its length). A list named without `.count` counts too.
/// - `shots.power`: the key `power` of every map in the list `shots` — one value per item, over
///   all items of all records. A bare `power` is the top-level key when any selected record has
///   it; when none has, it names that key of the maps in the records' lists (so `result` works
///   like `shots.result`).
public struct FieldPath: Sendable, Equatable {
    /// As the user wrote it; the key in the output.
    public let name: String
    /// The segments walked; for a bare key that no record has at the top, prefixed by each list key.
    let walks: [[String]]

    /// Whether `text` is a key path: dot-separated names, none empty.
    public static func isValid(_ text: String) -> Bool {
        !text.isEmpty && !text.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty)
    }

    /// A path resolved against the selected records: a bare key no record has at the top
    /// names the key of the maps inside the records' lists.
    public init(_ name: String, roots: [Value]) {
        self.name = name
        let segments = name.split(separator: ".").map(String.init)
        if roots.contains(where: { !Self.walk(segments, from: $0).isEmpty }) {
            walks = [segments]
            return
        }
        var listKeys: [String] = []
        for case .map(let pairs) in roots {
            for (key, value) in pairs {
                if case .list = value, !listKeys.contains(key) { listKeys.append(key) }
            }
        }
        walks = [segments] + listKeys.map { [$0] + segments }
    }

    /// Whether any record holds a number at this path.
    public func hasNumbers(in roots: [Value]) -> Bool {
        roots.contains { !numbers(in: $0).isEmpty }
    }

    /// The values at this path in one record's front matter (each list item gives its own).
    public func values(in root: Value) -> [Value] {
        walks.flatMap { Self.walk($0, from: root) }
    }

    /// The numbers at this path: numbers, and the lengths of lists.
    public func numbers(in root: Value) -> [(value: Double, integer: Bool)] {
        values(in: root).compactMap { value in
            switch value {
            case .int(let n): (Double(n), true)
            case .double(let d) where d.isFinite: (d, false)
            case .list(let items): (Double(items.count), true)
            default: nil
            }
        }
    }

    private static func walk(_ segments: [String], from root: Value) -> [Value] {
        var current = [root]
        for segment in segments {
            var next: [Value] = []
            for value in current {
                switch value {
                case .map(let pairs):
                    if let child = pairs.first(where: { $0.0 == segment })?.1 { next.append(child) }
                case .list(let items):
                    if segment == "count" {
                        next.append(.int(items.count))
                    } else {
                        for case .map(let pairs) in items {
                            if let child = pairs.first(where: { $0.0 == segment })?.1 { next.append(child) }
                        }
                    }
                default:
                    break
                }
            }
            current = next.filter { $0 != .null }
        }
        return current
    }

    /// Keys every record has but that are not measurements.
    static let commonKeys: Set<String> = ["id", "kind", "title", "created", "modified", "tags", "parent"]

    /// Every numeric key and list length in the records, in the order first met: `duration`,
    /// `shots.count`, `shots.power`, `context.temperature`.
    public static func discover(in roots: [Value]) -> [String] {
        var found: [String] = []
        func add(_ key: String) { if !found.contains(key) { found.append(key) } }
        func visit(_ value: Value, _ path: String) {
            switch value {
            case .int, .double: add(path)
            case .list(let items):
                add(path + ".count")
                for case .map(let pairs) in items {
                    for (key, child) in pairs { visit(child, path + "." + key) }
                }
            case .map(let pairs):
                for (key, child) in pairs { visit(child, path + "." + key) }
            default:
                break
            }
        }
        for case .map(let pairs) in roots {
            for (key, value) in pairs where !commonKeys.contains(key) { visit(value, key) }
        }
        return found
    }
}
