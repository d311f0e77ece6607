// Micro-benchmarks of the paths every folio command walks: reading a record's front matter,
// cutting text into search tokens, and building and querying the search index.
import Benchmark
import FolioCore
import FolioSearch

let benchmarks: @Sendable () -> Void = {
    // Short runs: the whole suite should finish in a couple of minutes on a small machine.
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal, .peakMemoryResident],
        warmupIterations: 3,
        maxDuration: .seconds(2),
        maxIterations: 100_000)

    // MARK: Front matter

    for (name, text) in [("diary", Samples.diary), ("idea", Samples.idea), ("qa", Samples.qa)] {
        Benchmark("FrontMatter parse \(name) (\(text.utf8.count) B)") { benchmark in
            do {
                blackHole(try FrontMatterDocument(parsing: text))
            } catch {
                benchmark.error("sample \(name) does not parse: \(error)")
            }
        }
    }

    // MARK: Catalog summary

    // What the catalog does with each record it reads: the full parse (libyaml's tree, then the
    // summary), and the fast reader that answers the same summary for the common forms.
    let catalogSamples = [("bench vault", Samples.benchVaultRecord), ("diary", Samples.diary), ("idea", Samples.idea), ("qa", Samples.qa)]
    for (name, text) in catalogSamples {
        let bytes = Array(text.utf8)
        Benchmark("Catalog summary, full parse: \(name) (\(bytes.count) B)") { benchmark in
            guard let text = String(validating: bytes, as: UTF8.self) else { return benchmark.error("sample \(name) is not UTF-8") }
            do {
                blackHole(RecordSummary(Record(path: "diary/2026/11/sample.md", document: try FrontMatterDocument(parsing: text))))
            } catch {
                benchmark.error("sample \(name) does not parse: \(error)")
            }
        }
        Benchmark("Catalog summary, fast reader: \(name) (\(bytes.count) B)") { benchmark in
            let summary = bytes.withUnsafeBufferPointer {
                CatalogFrontMatter.summary(path: "diary/2026/11/sample.md", bytes: $0, limits: .standard)
            }
            // A declined sample would time the way to nil, not a read.
            guard let summary else { return benchmark.error("the fast reader declines sample \(name)") }
            blackHole(summary)
        }
    }

    // MARK: Tokenizer

    // Bytes of source text per second, so English, zh-Hant and mixed text compare directly.
    let bytesPerSecond = BenchmarkMetric.custom("bytes/s", polarity: .prefersLarger, useScalingFactor: false)
    let texts = [
        ("English", Samples.text(from: Samples.englishParagraphs)),
        ("zh-Hant", Samples.text(from: Samples.chineseParagraphs)),
        ("mixed", Samples.text(from: Samples.mixedParagraphs)),
    ]
    for (name, text) in texts {
        let bytes = text.utf8.count
        Benchmark(
            "Tokenizer \(name) (\(bytes / 1024) KiB)",
            configuration: .init(metrics: Benchmark.defaultConfiguration.metrics + [bytesPerSecond])
        ) { benchmark in
            let clock = ContinuousClock()
            let start = clock.now
            blackHole(Tokenizer().tokens(in: text))
            let elapsed = start.duration(to: clock.now)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            if seconds > 0 { benchmark.measurement(bytesPerSecond, Int(Double(bytes) / seconds)) }
        }
    }

    // MARK: Index

    let fields = [
        IndexField("title", weight: 3), IndexField("tags", weight: 2.5),
        IndexField("body", weight: 1), IndexField("fields", weight: 1),
    ]
    let documents = Samples.documents(count: 1_000)

    Benchmark("TextIndex build (1,000 documents)") { _ in
        blackHole(TextIndex(fields: fields, documents: documents))
    }

    Benchmark(
        "TextIndex search 下雨 (1,000 documents)",
        closure: { (benchmark: Benchmark, index: TextIndex) in
            do {
                blackHole(try index.search("下雨"))
            } catch {
                benchmark.error("query does not parse: \(error)")
            }
        },
        // Built before the iterations so only the query is measured; a query that finds
        // nothing would time an early exit, not a search.
        setup: { () throws -> TextIndex in
            let index = TextIndex(fields: fields, documents: documents)
            let hits = try index.search("下雨")
            precondition(!hits.isEmpty, "the sample documents must contain 下雨")
            return index
        })
}
