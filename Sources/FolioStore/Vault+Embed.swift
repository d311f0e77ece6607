import Crypto
import FolioCore
import FolioSearch
import Foundation

/// Which side of a search a text is embedded for: the question, or the pages that answer it.
public enum EmbeddingSide: Sendable {
    case query, passage
}

/// The vectors a server gave for a batch of texts, in their order, and the model it named.
public struct EmbeddedTexts: Sendable {
    public var model: String?
    public var vectors: [[Float]]

    public init(model: String?, vectors: [[Float]]) {
        self.model = model
        self.vectors = vectors
    }
}

/// An embeddings server as the store sees it (FolioCompanion's ``EmbeddingsEmbedder`` is the real
/// one): the store decides what to embed and keeps the vectors; the server only turns texts into
/// vectors, checked already (one per text, finite, of one length).
public protocol Embedder: Sendable {
    /// `embeddings.model`: part of every chunk's hash, so another model embeds everything again.
    var model: String { get }
    /// The server, as messages name it (no key, no password).
    var endpoint: String { get }
    /// Texts per request (`embeddings.batch`, within this device's ceiling).
    var batchSize: Int { get }
    /// - Parameter dimension: the length the vectors must have; nil when any will do.
    func embed(_ texts: [String], as side: EmbeddingSide, dimension: Int?) async throws(AIProblem) -> EmbeddedTexts
}

/// One chunk of a record's searchable text as it should be embedded now.
struct WantedChunk: Sendable {
    var key: String
    var lines: ClosedRange<Int>
    var hash: [UInt8]
    var text: String
}

/// What `folio embed` did.
public struct EmbedSummary: Sendable, Equatable {
    /// Chunks embedded in this run (sent to the server and kept).
    public var embedded: Int
    /// Chunks that needed embedding when the run began.
    public var stale: Int
    /// Chunks with vectors now, and the records they are of.
    public var chunks: Int
    public var records: Int
    /// Requests sent.
    public var requests: Int
    /// Stopped by Ctrl-C; what was embedded is kept.
    public var interrupted: Bool
}

extension Vault {
    /// `.folio/local/vectors.bin`: derived, never committed, made again when missing or damaged.
    public var vectorsURL: URL { localDirectory.appendingPathComponent("vectors.bin") }

    /// The most a vectors file may hold (4 GiB; 100,000 records of a few chunks take under 200 MB).
    static let vectorsFileLimit = 1 << 32

    /// When a chunk matches a query by meaning (docs/decisions.md, "Search by meaning"). Embedding
    /// models rate every pair of texts alike to some degree, and how much depends on the query:
    /// multilingual-e5-small rates a short Chinese query 0.80 alike to any Chinese page. So a chunk
    /// counts when it stands out from the query's mean similarity over every chunk kept by at least
    /// ``semanticLift`` (and is at least ``semanticFloor`` alike); with fewer than
    /// ``semanticMinimumChunks`` chunks there is no mean to trust, and ``semanticSmallVaultFloor`` holds.
    public static let semanticLift: Float = 0.035
    public static let semanticFloor: Float = 0.75
    public static let semanticMinimumChunks = 5
    public static let semanticSmallVaultFloor: Float = 0.83

    /// The least similarity a chunk must have for a query whose similarities are `all`.
    static func semanticThreshold(_ all: [VectorStore.Neighbour]) -> Float {
        guard all.count >= semanticMinimumChunks else { return semanticSmallVaultFloor }
        let mean = all.reduce(Float(0)) { $0 + $1.similarity } / Float(all.count)
        return max(semanticFloor, mean + semanticLift)
    }

    /// The key a record's vectors are kept under: its id, or its path when it has none.
    static func vectorKey(of record: Record) -> String { record.id ?? record.path }

    /// The chunks of every record, each hashed with `model` (SHA-256 of model and text, 16 bytes).
    func wantedChunks(model: String) -> (chunks: [WantedChunk], records: Int) {
        let set = loadRecords()
        let keysByKind = RecordSearch.textKeys(for: kinds)
        let bodyLimit = searchedBytesLimit
        var chunks: [WantedChunk] = []
        var records = 0
        for record in set.records where record.kind != "profile" {
            records += 1
            let key = Self.vectorKey(of: record)
            var seen = Set<[UInt8]>()
            for chunk in Self.chunks(of: record, keys: RecordSearch.textKeys(for: record, in: keysByKind), bodyLimit: bodyLimit) {
                var hasher = SHA256()
                hasher.update(data: Data(model.utf8))
                hasher.update(data: Data([0]))
                hasher.update(data: Data(chunk.text.utf8))
                let hash = Array(hasher.finalize().prefix(VectorStore.hashBytes))
                guard seen.insert(hash).inserted else { continue }
                chunks.append(WantedChunk(key: key, lines: chunk.lines, hash: hash, text: chunk.text))
            }
        }
        return (chunks, records)
    }

    /// A record's searchable text (the title, the text keys of its front matter, its body: what
    /// `folio search` reads) cut into chunks, with the lines of the file each comes from.
    static func chunks(of record: Record, keys: [String], bodyLimit: Int) -> [TextChunk] {
        let text = record.document.text
        let head = text.utf8.prefix(record.document.bodyStart)
        let bodyLine = head.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        var titleLine = 1
        for (number, line) in String(decoding: head, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where line.hasPrefix("title:") {
            titleLine = number + 1
            break
        }
        return TextChunker.chunks([
            TextChunker.Section(record.title, firstLine: titleLine),
            TextChunker.Section(RecordSearch.fieldsText(of: record, keys: keys), firstLine: titleLine),
            TextChunker.Section(RecordSearch.searchedBody(of: record, limit: bodyLimit), firstLine: bodyLine),
        ])
    }

    /// The vectors kept on this device; nil when there are none, and a note when the file was
    /// there and could not be read (it is then made again).
    func readVectors() -> (store: VectorStore?, note: FolioError?) {
        guard let data = LocalFile.read(vectorsURL, maxBytes: Self.vectorsFileLimit) else {
            let present = FileManager.default.fileExists(atPath: vectorsURL.path)
            return (nil, present ? FolioError(.embed(.storeDiscarded(reason: "unreadable"))) : nil)
        }
        do {
            return (try VectorStore(decoding: Array(data)), nil)
        } catch {
            return (nil, FolioError(.embed(.storeDiscarded(reason: error.reason))))
        }
    }

    /// Writes the vectors atomically (temporary file and rename); no lock: the file is this
    /// device's and derived, and a write to the vault never waits for it.
    func writeVectors(_ store: VectorStore, flush: Bool) throws(FolioError) {
        try AtomicFile.makeDirectory(localDirectory)
        try AtomicFile.write(store.encoded(), to: vectorsURL, flush: flush)
    }

    /// Embeds what is missing or changed (every chunk with `rebuild`), saving after each batch,
    /// so an interruption or a failed request keeps what was done and the next run resumes.
    /// Never takes the vault's writer lock: writes go on while it talks to the server.
    /// - Parameters:
    ///   - progress: chunks done and in all, after each batch.
    ///   - stop: asked between batches (Ctrl-C).
    ///   - note: what is worth saying on the way (a damaged file, a new model).
    /// - Throws: ``FolioError`` `.embed(.failedPartWay)` when the server fails; what came before is kept.
    public func embed(
        with embedder: any Embedder, rebuild: Bool, progress: (Int, Int) -> Void, stop: () -> Bool, note: (FolioError) -> Void
    ) async throws(FolioError) -> EmbedSummary {
        let wanted = wantedChunks(model: embedder.model).chunks
        var store: VectorStore?
        if !rebuild {
            let read = readVectors()
            if let problem = read.note { note(problem) }
            store = read.store
        }
        if let stored = store, stored.model != embedder.model {
            note(FolioError(.embed(.modelChanged(stored: stored.model, now: embedder.model))))
            store = nil
        }
        store = store.map { Self.pruned($0, to: wanted) }
        var summary = EmbedSummary(embedded: 0, stale: 0, chunks: 0, records: 0, requests: 0, interrupted: false)
        var pending = Self.stale(wanted, in: store)
        summary.stale = pending.count
        var total = pending.count
        let batchSize = max(1, embedder.batchSize)
        while !pending.isEmpty {
            if stop() {
                summary.interrupted = true
                break
            }
            let batch = Array(pending.prefix(batchSize))
            let reply: EmbeddedTexts
            do {
                reply = try await embedder.embed(batch.map(\.text), as: .passage, dimension: nil)
            } catch {
                if let store { try writeVectors(store, flush: true) }
                throw FolioError(.embed(.failedPartWay(done: summary.embedded, total: total, url: embedder.endpoint, problem: error)))
            }
            summary.requests += 1
            let served = reply.model ?? embedder.model
            let dimension = reply.vectors.first?.count ?? 0
            if let stored = store, !stored.isEmpty, stored.servedModel != served {
                // Another model answered: its vectors cannot be compared with those kept.
                note(FolioError(.embed(.modelChanged(stored: stored.servedModel, now: served))))
                store = nil
            }
            if let stored = store, !stored.isEmpty, stored.dimension != dimension {
                try writeVectors(stored, flush: true)
                let problem = AIProblem.malformed(.embeddingDimension(expected: stored.dimension, got: dimension), excerpt: "")
                throw FolioError(.embed(.failedPartWay(done: summary.embedded, total: total, url: embedder.endpoint, problem: problem)))
            }
            var current =
                store.flatMap { $0.isEmpty ? nil : $0 } ?? VectorStore(model: embedder.model, servedModel: served, dimension: dimension)
            let restarted = store == nil || store?.isEmpty == true
            for (chunk, vector) in zip(batch, reply.vectors) {
                current.add(key: chunk.key, lines: chunk.lines, hash: chunk.hash, vector: vector)
            }
            store = current
            try writeVectors(current, flush: false)
            summary.embedded += batch.count
            pending = Self.stale(wanted, in: store)
            if restarted { total = summary.embedded + pending.count }
            progress(summary.embedded, total)
        }
        if let store {
            try writeVectors(store, flush: true)
            summary.chunks = store.count
            summary.records = Set(store.keys).count
        }
        return summary
    }

    /// `store` without the entries no chunk of `wanted` has (records edited or gone).
    static func pruned(_ store: VectorStore, to wanted: [WantedChunk]) -> VectorStore {
        var wantedKeys = Set<ChunkIdentity>()
        for chunk in wanted { wantedKeys.insert(ChunkIdentity(key: chunk.key, hash: chunk.hash)) }
        var pruned = store
        pruned.retain { wantedKeys.contains(ChunkIdentity(key: store.keys[$0], hash: Array(store.hash($0)))) }
        return pruned
    }

    /// The chunks of `wanted` that `store` has no vector for.
    static func stale(_ wanted: [WantedChunk], in store: VectorStore?) -> [WantedChunk] {
        guard let store else { return wanted }
        var have = Set<ChunkIdentity>()
        for index in 0..<store.count { have.insert(ChunkIdentity(key: store.keys[index], hash: Array(store.hash(index)))) }
        return wanted.filter { !have.contains(ChunkIdentity(key: $0.key, hash: $0.hash)) }
    }

    struct ChunkIdentity: Hashable {
        var key: String
        var hash: [UInt8]
    }
}

extension Vault {
    /// Ranks the records by meaning for `query`'s words: the query embedded (as a query) and
    /// compared with every chunk kept, a record ranking by its best chunk that passes
    /// ``semanticThreshold(_:)``. Up to one batch of chunks not embedded yet is embedded first; beyond
    /// that, what is kept is used and `note` says how many records are missing.
    ///
    /// - Parameter required: `--semantic`: a failure is thrown. Otherwise (hybrid) a failure is a
    ///   note and the answer nil, so the search goes on by words alone.
    public func semanticRanking(
        _ query: Query, with embedder: any Embedder, required: Bool, withWords: Bool, note: (FolioError) -> Void
    ) async throws(FolioError) -> SemanticRanking? {
        try await semanticRanking(
            text: query.positiveTerms.map(\.text).joined(separator: " "), with: embedder, required: required, withWords: withWords,
            note: note)
    }

    /// The same for `words` as they are (a question put to the journal), not read as a query.
    public func semanticRanking(
        text words: String, with embedder: any Embedder, required: Bool, withWords: Bool, note: (FolioError) -> Void
    ) async throws(FolioError) -> SemanticRanking? {
        guard !words.isEmpty else { return nil }
        func unavailable(_ problem: AIProblem) throws(FolioError) -> SemanticRanking? {
            if required { throw FolioError(.embed(.endpointFailed(url: embedder.endpoint, problem: problem))) }
            note(FolioError(.embed(.lexicalOnly(url: embedder.endpoint, problem: problem))))
            return nil
        }
        let wanted = wantedChunks(model: embedder.model).chunks
        let read = readVectors()
        if let problem = read.note { note(problem) }
        var store = read.store.flatMap { $0.model == embedder.model ? Self.pruned($0, to: wanted) : nil }
        let stale = Self.stale(wanted, in: store)
        if !stale.isEmpty, stale.count <= max(1, embedder.batchSize) {
            do {
                let reply = try await embedder.embed(stale.map(\.text), as: .passage, dimension: nil)
                let served = reply.model ?? embedder.model
                let dimension = reply.vectors.first?.count ?? 0
                var current =
                    store.flatMap { $0.isEmpty || $0.servedModel != served || $0.dimension != dimension ? nil : $0 }
                    ?? VectorStore(model: embedder.model, servedModel: served, dimension: dimension)
                for (chunk, vector) in zip(stale, reply.vectors) {
                    current.add(key: chunk.key, lines: chunk.lines, hash: chunk.hash, vector: vector)
                }
                store = current
                try writeVectors(current, flush: true)
            } catch let problem as AIProblem {
                return try unavailable(problem)
            } catch {
                // The vectors could not be saved; they serve this search all the same.
                note(error as? FolioError ?? FolioError(.embed(.nothingEmbedded)))
            }
        } else if !stale.isEmpty {
            note(FolioError(.embed(.notEmbedded(records: Set(stale.map(\.key)).count))))
        }
        guard let store, !store.isEmpty else {
            if required { throw FolioError(.embed(.nothingEmbedded)) }
            return nil
        }
        let reply: EmbeddedTexts
        do {
            reply = try await embedder.embed([words], as: .query, dimension: store.dimension)
        } catch {
            return try unavailable(error)
        }
        let served = reply.model ?? embedder.model
        guard served == store.servedModel, let vector = reply.vectors.first else {
            let problem = FolioError(.embed(.modelDiffers(stored: store.servedModel, now: served)))
            if required { throw problem }
            note(problem)
            return nil
        }
        var ranked: [String] = []
        var lines: [String: ClosedRange<Int>] = [:]
        let all = store.nearest(vector, floor: -1, limit: store.count)
        let threshold = Self.semanticThreshold(all)
        for neighbour in all where neighbour.similarity >= threshold {
            let key = store.keys[neighbour.entry]
            if lines[key] == nil {
                ranked.append(key)
                lines[key] = store.lines[neighbour.entry]
            }
        }
        var ranking = SemanticRanking(ranked: ranked, withWords: withWords)
        ranking.lines = lines
        return ranking
    }
}
