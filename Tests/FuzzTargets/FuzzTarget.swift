/// One fuzz harness: a reader of untrusted bytes, driven with any input, and the promises it must
/// keep on that input beyond not crashing.
///
/// The same `run` serves libFuzzer (the `folio-fuzz` executable of `Fuzz/`, built with
/// `-sanitize=fuzzer,address`) and the regression tests (`Tests/FuzzTargetsTests`), which replay
/// every saved finding without libFuzzer. A broken promise is an ``InvariantFailure``; libFuzzer
/// treats it as a crash.
public struct FuzzTarget: Sendable {
    /// The name used on the command line and for the corpus, seed and regression folders.
    public let name: String
    /// What it reads and what it checks, in one line.
    public let summary: String
    /// Seeds made in code, for binary formats whose exact bytes follow folio's own writer.
    public let generatedSeeds: @Sendable () -> [[UInt8]]
    private let body: @Sendable ([UInt8]) throws(InvariantFailure) -> Void

    init(
        name: String, summary: String, generatedSeeds: @escaping @Sendable () -> [[UInt8]] = { [] },
        body: @escaping @Sendable ([UInt8]) throws(InvariantFailure) -> Void
    ) {
        self.name = name
        self.summary = summary
        self.generatedSeeds = generatedSeeds
        self.body = body
    }

    /// Feeds `input` to the reader and checks its promises.
    /// - Throws: ``InvariantFailure`` when a promise is broken.
    public func run(_ input: [UInt8]) throws(InvariantFailure) {
        try body(input)
    }

    /// Every harness, in the order `make fuzz` runs them.
    public static let all: [FuzzTarget] = [
        .frontMatter, .yaml, .query, .searchText, .catalogCache, .indexSnapshot, .media,
        .conversation, .markdownLinks, .inlineTags, .knownHosts, .eventStream, .chatStream, .idTable,
        .catalogFrontMatter, .keywordTags, .exchange, .gitCrypt, .aiPage, .mcpRequest, .template, .scannerGrowth,
        .gitIndex, .vectors, .rememberedListings, .status, .siteManifest, .watchReply, .statusWatchState, .folderEvents,
    ]

    public static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }
}

/// A promise a reader broke on some input (a crash would be reported by the process itself).
public struct InvariantFailure: Error, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// Throws an ``InvariantFailure`` saying `message` unless `condition` holds.
func expect(_ condition: Bool, _ message: @autoclosure () -> String) throws(InvariantFailure) {
    if !condition { throw InvariantFailure(message()) }
}

/// A short, printable form of a text for failure messages.
func excerpt(_ text: String, limit: Int = 120) -> String {
    let shown = text.unicodeScalars.prefix(limit).map { $0.escaped(asASCII: true) }.joined()
    return text.unicodeScalars.count > limit ? shown + "…" : shown
}

/// Splits `bytes` into pieces whose sizes (1 to 7 bytes, then the rest) follow the bytes
/// themselves, so each input is cut the same way on every run.
func chunks(of bytes: [UInt8]) -> [[UInt8]] {
    var pieces: [[UInt8]] = []
    var start = 0
    var step = 0
    while start < bytes.count {
        let size = Int(bytes[(start + step) % bytes.count] % 7) + 1
        let end = min(bytes.count, start + size)
        pieces.append(Array(bytes[start..<end]))
        start = end
        step += 1
    }
    return pieces
}
