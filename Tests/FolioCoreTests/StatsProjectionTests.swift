import FolioCore
import Testing
import YAML

/// `folio stats` keeps of each record's front matter only what a figure can read
/// (`Value.projectedForStats`); its oracle is the report from the whole front matter.
@Suite("stats: the report from the kept front matter equals the report from the whole")
struct StatsProjectionTests {
    /// The example kinds and the built-in ones, as `folio stats --kind` meets them.
    static let kinds: [Kind] = {
        var found: [Kind] = []
        for (name, text) in BuiltinTemplates.kinds {
            if let kind = try? Kind(template: text, source: "\(name).md", fallbackName: name) { found.append(kind) }
        }
        for (_, set) in BuiltinTemplates.examples {
            for (name, text) in set {
                if let kind = try? Kind(template: text, source: "\(name).md", fallbackName: name) { found.append(kind) }
            }
        }
        return found.sorted { $0.name < $1.name }
    }()

    /// A random front matter: the keys the requests below name, and others, holding text,
    /// booleans, numbers, nulls, lists and maps, nested, a key now and then twice in one map.
    func randomValue(_ random: inout SeededGenerator, depth: Int) -> Value {
        let names = [
            "duration_minutes", "power", "result", "course", "answer_type", "weather", "done", "shots", "context", "media", "tags",
            "bytes",
        ]
        let pick = Int.random(in: 0..<(depth > 2 ? 6 : 9), using: &random)
        switch pick {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .int(Int.random(in: -3..<60, using: &random))
        case 3: return .double([0.5, 2.25, -1.0, 30.5][Int.random(in: 0..<4, using: &random)])
        case 4, 5: return .string(["made", "missed", "MADE", "rain", "12", "cut", "true", ""][Int.random(in: 0..<8, using: &random)])
        case 6: return .list((0..<Int.random(in: 0..<4, using: &random)).map { _ in randomValue(&random, depth: depth + 1) })
        default:
            var pairs: [(String, Value)] = []
            for _ in 0..<Int.random(in: 0..<5, using: &random) {
                pairs.append((names[Int.random(in: 0..<names.count, using: &random)], randomValue(&random, depth: depth + 1)))
            }
            return .map(pairs)
        }
    }

    /// Every kind of request: discovery, named keys (dotted, bare keys only lists hold), rates,
    /// counts, and grouping by a period or a key.
    static let requests: [StatsRequest] = [
        StatsRequest(kind: "training"),
        StatsRequest(kind: "sleep"),
        StatsRequest(kind: "qa"),
        StatsRequest(kind: nil, sums: ["duration_minutes"], averages: ["power", "shots.power"]),
        StatsRequest(kind: nil, sums: ["result"], averages: ["bytes", "media.bytes", "context.weather"]),
        StatsRequest(kind: nil, rates: [(key: "result", value: "made"), (key: "done", value: "true"), (key: "shots.result", value: "12")]),
        StatsRequest(kind: nil, counts: ["result", "course", "context.weather", "tags"]),
        StatsRequest(kind: "training", sums: ["shots.count"], by: .key("course")),
        StatsRequest(kind: nil, averages: ["duration_minutes"], by: .key("result")),
        StatsRequest(kind: "diary", by: .period(.month)),
        StatsRequest(kind: nil, sums: ["tags.count", "media.count"], counts: ["answer_type"], by: .key("context.weather")),
    ]

    @Test("random front matter, every kind of request: the same report, byte for byte as JSON")
    func randomRoots() {
        var random = SeededGenerator(seed: 40)
        for round in 0..<200 {
            let count = Int.random(in: 1..<12, using: &random)
            let records = (0..<count).map { n in
                RecordSummary(
                    path: "r\(n).md", id: nil, kind: "training", title: "\(n)", parent: nil, tags: [], allTags: [],
                    sortTime: Timestamp(String(format: "2026-%02d-03T20:00:00+08:00", n % 12 + 1)), completion: .none)
            }
            let roots = (0..<count).map { _ in randomValue(&random, depth: 0) }
            for request in Self.requests {
                let kind = request.kind.flatMap { name in Self.kinds.first { $0.name == name } }
                let keys = request.keysReadWhole(kind: kind)
                let whole = StatsReport(request, records: records, roots: roots, tagCounts: [], kind: kind)
                let kept = StatsReport(
                    request, records: records, roots: roots.map { $0.projectedForStats(keepingWhole: keys) }, tagCounts: [], kind: kind)
                #expect(kept.json.text == whole.json.text, "round \(round), \(request.kind ?? "-") \(request.sums) \(request.counts)")
                #expect(kept.unvalued == whole.unvalued)
            }
        }
    }

    @Test("text, booleans and empty maps are dropped; numbers, list lengths and the named keys are kept")
    func whatIsKept() throws {
        let document = try FrontMatterDocument(
            parsing: """
                ---
                id: 6279e22f
                kind: diary
                title: weekend rain 家人計畫
                tags: [rain, 家人]
                media:
                  - {file: media/fc/fc.m4a, type: audio, bytes: 1325}
                  - media/ab/ab.jpg
                context: {local_time: "2019-03-12T11:54:02+08:00", weather: light rain}
                starred: true
                ---

                """, limits: .standard)
        let projected = document.root.resolved.projectedForStats(keepingWhole: ["weather"])
        #expect(
            projected
                == .map([
                    ("tags", .list([.null, .null])),
                    ("media", .list([.map([("bytes", .int(1325))]), .null])),
                    ("context", .map([("weather", .string("light rain"))])),
                ]))
        #expect(
            document.root.resolved.projectedForStats(keepingWhole: [])
                == .map([("tags", .list([.null, .null])), ("media", .list([.map([("bytes", .int(1325))]), .null]))]))
    }

    @Test("the kinds' computed values and listed values survive, for every example kind")
    func exampleKinds() throws {
        for kind in Self.kinds {
            var random = SeededGenerator(seed: UInt64(kind.name.utf8.count))
            var roots: [Value] = []
            var records: [RecordSummary] = []
            for n in 0..<20 {
                var pairs: [(String, Value)] = [("kind", .string(kind.name)), ("title", .string("r\(n)"))]
                for field in kind.fields {
                    let value: Value =
                        if let allowed = field.allowedValues, !allowed.isEmpty {
                            .string(allowed[n % allowed.count])
                        } else {
                            randomValue(&random, depth: 1)
                        }
                    pairs.append((field.name, value))
                }
                pairs.append(("start", .string(String(format: "2026-11-%02dT20:00:00+08:00", n % 27 + 1))))
                pairs.append(("end", .string(String(format: "2026-11-%02dT06:%02d:00+08:00", n % 27 + 2, n))))
                roots.append(kind.withComputed(.map(pairs)))
                records.append(
                    RecordSummary(
                        path: "\(kind.name)/\(n).md", id: nil, kind: kind.name, title: "r\(n)", parent: nil, tags: [], allTags: [],
                        sortTime: Timestamp(String(format: "2026-11-%02dT20:00:00+08:00", n % 27 + 1)), completion: .none))
            }
            for request in [StatsRequest(kind: kind.name), StatsRequest(kind: kind.name, by: .period(.week))] {
                let keys = request.keysReadWhole(kind: kind)
                let whole = StatsReport(request, records: records, roots: roots, tagCounts: [], kind: kind)
                let kept = StatsReport(
                    request, records: records, roots: roots.map { $0.projectedForStats(keepingWhole: keys) }, tagCounts: [], kind: kind)
                #expect(kept.json.text == whole.json.text, "\(kind.name)")
            }
        }
        #expect(Self.kinds.count >= 8, "the built-in and example kinds were read")
    }
}
