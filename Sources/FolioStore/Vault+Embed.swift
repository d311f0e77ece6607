import Crypto
import FolioCore
import FolioSearch
import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

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

/// The chunks the records should have now: those of the records read and cut again, and the keys
/// whose entries are kept as they are (their files unchanged since they were cut).
struct WantedChunks: Sendable {
    var fingerprint: [UInt8]
    /// Keys whose entries stay without their files being read.
    var kept: Set<String>
    /// The chunks of every other record, cut now.
    var chunks: [WantedChunk]
    /// Records (not the profile) in the vault.
    var records: Int
    /// Files read and cut again.
    var readFiles = 0
    /// Every file as the store's sources have it: nothing to read, drop or save.
    var unchanged = false
    /// Every record's file with its settled stamp (a racy file has none and is left out): the
    /// stored sources when nothing changed, decoded only if asked for.
    var files: [VectorStore.Source] {
        get { unchangedSources?.sources ?? listedFiles }
        set {
            listedFiles = newValue
            unchangedSources = nil
        }
    }
    var listedFiles: [VectorStore.Source] = []
    /// The store whose sources every record's file still has.
    var unchangedSources: VectorStore?
    /// When nothing changed, the catalog position of each of the stored sources, in their order.
    var sourcePositions: [Int] = []

    /// `store` with the entries of records edited or gone dropped, and its sources and fingerprint
    /// as `store` will have them once every chunk of ``chunks`` is in it.
    func pruned(_ store: VectorStore) -> VectorStore {
        if unchanged { return store }
        var wanted = Set<Vault.ChunkIdentity>()
        for chunk in chunks { wanted.insert(Vault.ChunkIdentity(key: chunk.key, hash: chunk.hash)) }
        let keptKey = store.keyTable.map { kept.contains($0) }
        var pruned = store
        if !chunks.isEmpty || !(0..<store.count).allSatisfy({ keptKey[store.keyNumber($0)] }) {
            pruned.retain {
                keptKey[store.keyNumber($0)] || wanted.contains(Vault.ChunkIdentity(key: store.key($0), hash: Array(store.hash($0))))
            }
        }
        return sourced(pruned)
    }

    /// `store` with the sources of the files whose every chunk it holds (the kept keys' always: a
    /// store that lost their entries is made with ``kept`` empty), and the fingerprint.
    func sourced(_ store: VectorStore) -> VectorStore {
        var missing = Set<String>()
        for chunk in stale(in: store) { missing.insert(chunk.key) }
        var sourced = store
        sourced.fingerprint = fingerprint
        sourced.sources = files.filter { kept.contains($0.key) || !missing.contains($0.key) }
        return sourced
    }

    /// The chunks of ``chunks`` that `store` has no vector for; only the entries of the records read are looked at.
    func stale(in store: VectorStore?) -> [WantedChunk] {
        guard let store else { return chunks }
        if unchanged { return [] }
        guard !chunks.isEmpty else { return [] }
        let read = Set(chunks.map(\.key))
        let readKey = store.keyTable.map { read.contains($0) }
        var have = Set<Vault.ChunkIdentity>()
        for index in 0..<store.count where readKey[store.keyNumber(index)] {
            have.insert(Vault.ChunkIdentity(key: store.key(index), hash: Array(store.hash(index))))
        }
        return chunks.filter { !have.contains(Vault.ChunkIdentity(key: $0.key, hash: $0.hash)) }
    }
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
    static func semanticThreshold(_ all: [Float]) -> Float {
        guard all.count >= semanticMinimumChunks else { return semanticSmallVaultFloor }
        let mean = all.reduce(Float(0), +) / Float(all.count)
        return max(semanticFloor, mean + semanticLift)
    }

    /// The key a record's vectors are kept under: its id, or its path when it has none.
    static func vectorKey(of record: Record) -> String { record.id ?? record.path }

    /// What cutting records into chunks depends on besides the files: the text keys of each kind,
    /// how much of a body is searched, the chunk size and the chunker's version. Kept in the vectors
    /// file; when it differs, every record is read and cut again.
    func chunkingFingerprint() -> [UInt8] {
        var hasher = SHA256()
        hasher.update(data: Data("folio chunks \(TextChunker.version) \(TextChunker.limit) \(searchedBytesLimit)".utf8))
        for (kind, keys) in RecordSearch.textKeys(for: kinds).sorted(by: { $0.key < $1.key }) {
            hasher.update(data: Data(([kind] + keys).joined(separator: "\u{1F}").utf8 + [0x1E]))
        }
        return Array(hasher.finalize().prefix(VectorStore.hashBytes))
    }

    /// The chunks of `records`, each hashed with `model` (SHA-256 of model and text, 16 bytes).
    func chunks(of records: [Record], model: String) -> [WantedChunk] {
        let keysByKind = RecordSearch.textKeys(for: kinds)
        let bodyLimit = searchedBytesLimit
        var chunks: [WantedChunk] = []
        for record in records {
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
        return chunks
    }

    /// The chunks every record should have now, measured against `stored`: the records whose
    /// files have the stamps kept with `stored` (under the same fingerprint) keep their entries
    /// unread; every other record is read and cut again. Without a usable `stored`, every record is read.
    func wantedChunks(model: String, in catalog: Catalog, against stored: VectorStore?) -> WantedChunks {
        let fingerprint = chunkingFingerprint()
        if let stored, stored.model == model, stored.fingerprint == fingerprint,
            let positions = Self.unchangedPositions(catalog, since: stored)
        {
            var wanted = WantedChunks(fingerprint: fingerprint, kept: [], chunks: [], records: stored.sourceCount)
            wanted.unchanged = true
            wanted.unchangedSources = stored
            wanted.sourcePositions = positions
            return wanted
        }
        var keptSources: [String: VectorStore.Source] = [:]
        var storedFiles: [String: Int] = [:]
        if let stored, stored.model == model, stored.fingerprint == fingerprint {
            keptSources.reserveCapacity(stored.sources.count)
            for source in stored.sources {
                keptSources[source.path] = source
                storedFiles[source.key, default: 0] += 1
            }
        }
        // The records now, by key (two files may share an id), and whether each file is unchanged.
        var files: [(path: String, key: String, stamp: FileStamp?)] = []
        files.reserveCapacity(catalog.count)
        var changedKeys = Set<String>()
        var filesNow: [String: Int] = [:]
        filesNow.reserveCapacity(catalog.count)
        let names = catalog.names
        for position in 0..<catalog.count {
            let name = names[position]
            guard name.kind != "profile" else { continue }
            let path = name.path
            let key = name.id ?? path
            // A racy file (written just before the catalog looked) has no settled stamp: read it.
            let stamp = catalog.settledStamp(position)
            files.append((path, key, stamp))
            filesNow[key, default: 0] += 1
            if stamp == nil
                || keptSources[path]
                    != VectorStore.Source(
                        path: path, key: key, stamp: stamp ?? FileStamp(size: 0, modifiedNanoseconds: 0, changedNanoseconds: 0, inode: 0))
            {
                changedKeys.insert(key)
            }
        }
        // A key that lost or gained a file (a copy deleted, an id given to another file) is read again.
        for (key, count) in filesNow where storedFiles[key] != count { changedKeys.insert(key) }
        var keptKeys = Set<String>()
        var readPaths: [String] = []
        for file in files {
            if changedKeys.contains(file.key) {
                readPaths.append(file.path)
            } else {
                keptKeys.insert(file.key)
            }
        }
        let read = records(at: readPaths, searchedPartOnly: true).compactMap { $0 }
        var wanted = WantedChunks(fingerprint: fingerprint, kept: keptKeys, chunks: chunks(of: read, model: model), records: files.count)
        wanted.readFiles = readPaths.count
        wanted.files = files.compactMap { file in file.stamp.map { VectorStore.Source(path: file.path, key: file.key, stamp: $0) } }
        return wanted
    }

    /// When every record (but the profile) has, in catalog order, the file and settled stamp of
    /// the source at its place, and there are no other sources, the records' positions in the
    /// catalog (one per source); nil otherwise. Then nothing is read, nor any record's id decoded
    /// (an unchanged file has the id it had). Compared on the catalog's and the store's bytes.
    static func unchangedPositions(_ catalog: Catalog, since stored: VectorStore) -> [Int]? {
        let profile = catalog.kindNames.firstIndex(of: "profile").map { Int32(clamping: $0) } ?? -2
        let folders = catalog.folders.map { Array($0.path.utf8) }
        let sourceCount = stored.sourceCount
        var positions: [Int] = []
        positions.reserveCapacity(sourceCount)
        for position in 0..<catalog.count {
            let entry = catalog.entries[Int(catalog.records[position])]
            if entry.kind == profile { continue }
            let cursor = positions.count
            guard !entry.racy, cursor < sourceCount, stored.sourceStamp(cursor) == entry.stamp else { return nil }
            let name = catalog.nameBytes(ofEntry: entry)
            let same = folders[Int(entry.folder)].withUnsafeBytes { folder in
                stored.withSourcePath(cursor) { samePath($0, folder: folder, name: name) }
            }
            guard same else { return nil }
            positions.append(position)
        }
        return positions.count == sourceCount ? positions : nil
    }

    /// Whether `whole` is `folder/name` (`name` alone in the vault's root), as bytes.
    static func samePath(_ whole: UnsafeRawBufferPointer, folder: UnsafeRawBufferPointer, name: UnsafeRawBufferPointer) -> Bool {
        guard folder.count > 0 else { return sameBytes(whole, name) }
        guard whole.count == folder.count + 1 + name.count, whole[folder.count] == UInt8(ascii: "/") else { return false }
        return sameBytes(UnsafeRawBufferPointer(rebasing: whole[..<folder.count]), folder)
            && sameBytes(UnsafeRawBufferPointer(rebasing: whole[(folder.count + 1)...]), name)
    }

    private static func sameBytes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        guard let x = a.baseAddress, let y = b.baseAddress else { return a.count == 0 }
        return memcmp(x, y, a.count) == 0
    }

    /// A record's searchable text (the title, the text keys of its front matter, its body: what
    /// `folio search` reads) cut into chunks, with the lines of the file each comes from.
    static func chunks(of record: Record, keys: [String], bodyLimit: Int) -> [TextChunk] {
        let text = record.document.text
        let head = text.utf8.prefix(record.document.bodyStart)
        let bodyLine = record.document.bodyFirstLine
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

    /// The vectors kept on this device, their values used in place in the mapped file; nil when
    /// there are none, and a note when the file was there and could not be read (it is then made again).
    func readVectors() -> (store: VectorStore?, note: FolioError?) {
        let path = vectorsURL.path
        func unreadable(_ reason: String) -> (store: VectorStore?, note: FolioError?) {
            (nil, FolioError(.embed(.storeDiscarded(reason: reason))))
        }
        guard let (fd, info) = Descriptor.openRegular(path) else {
            return FileManager.default.fileExists(atPath: path) ? unreadable("unreadable") : (nil, nil)
        }
        defer { close(fd) }
        let size = Int(clamping: info.st_size)
        guard size <= Self.vectorsFileLimit else { return unreadable("unreadable") }
        guard let mapping = FileMapping(fd: fd, size: size) else {
            return unreadable(size == 0 ? VectorStoreDamage.truncated.reason : "unreadable")
        }
        do {
            return (try VectorStore(mapping: mapping), nil)
        } catch {
            return unreadable(error.reason)
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
        with embedder: any Embedder, rebuild: Bool, catalog: Catalog? = nil, progress: (Int, Int) -> Void, stop: () -> Bool,
        note: (FolioError) -> Void
    ) async throws(FolioError) -> EmbedSummary {
        let catalog = catalog ?? self.catalog()
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
        var wanted = wantedChunks(model: embedder.model, in: catalog, against: store)
        store = store.map { wanted.pruned($0) }
        var summary = EmbedSummary(embedded: 0, stale: 0, chunks: 0, records: 0, requests: 0, interrupted: false)
        var pending = wanted.stale(in: store)[...]
        summary.stale = pending.count
        var total = pending.count
        let batchSize = max(1, embedder.batchSize)
        // Saved every few seconds rather than after each request, and never more than a tenth of
        // the time: a vault of 100,000 records keeps 170 MB of vectors, and writing them after every
        // batch would cost more than the server.
        let clock = ContinuousClock()
        var saved = clock.now
        var interval = Duration.seconds(2)
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
                if let store { try writeVectors(wanted.sourced(store), flush: true) }
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
                try writeVectors(wanted.sourced(stored), flush: true)
                let problem = AIProblem.malformed(.embeddingDimension(expected: stored.dimension, got: dimension), excerpt: "")
                throw FolioError(.embed(.failedPartWay(done: summary.embedded, total: total, url: embedder.endpoint, problem: problem)))
            }
            let restarted = store == nil || store?.isEmpty == true
            if restarted, !wanted.kept.isEmpty || wanted.unchanged {
                // The entries kept unread went with the store: every record is cut again.
                wanted = wantedChunks(model: embedder.model, in: catalog, against: nil)
            }
            var current =
                store.flatMap { $0.isEmpty ? nil : $0 } ?? VectorStore(model: embedder.model, servedModel: served, dimension: dimension)
            // The only reference while adding: a second one would copy every vector kept on each batch.
            store = nil
            for (chunk, vector) in zip(batch, reply.vectors) {
                current.add(key: chunk.key, lines: chunk.lines, hash: chunk.hash, vector: vector)
            }
            store = current
            summary.embedded += batch.count
            if restarted {
                pending = wanted.stale(in: store)[...]
                total = summary.embedded + pending.count
            } else {
                pending = pending.dropFirst(batch.count)
            }
            if clock.now - saved >= interval {
                let writing = clock.now
                try writeVectors(wanted.sourced(current), flush: false)
                saved = clock.now
                interval = max(.seconds(2), (saved - writing) * 10)
            }
            progress(summary.embedded, total)
        }
        if let store {
            try writeVectors(wanted.sourced(store), flush: true)
            summary.chunks = store.count
            summary.records = Set(store.keys).count
        }
        return summary
    }

    /// The catalog position of each key of `store`'s table (-1: no record has it now): through the
    /// stored sources' order when no file changed (no id decoded), otherwise by the records' ids.
    /// Two files with one id (a conflict not yet resolved) rank as the first of them.
    static func positions(ofKeysIn store: VectorStore, wanted: WantedChunks, catalog: Catalog) -> [Int] {
        var positions = [Int](repeating: -1, count: store.keyCount)
        if wanted.unchanged, wanted.sourcePositions.count == store.sourceCount {
            for source in 0..<store.sourceCount {
                let number = store.sourceKeyNumber(source)
                if positions.indices.contains(number), positions[number] < 0 { positions[number] = wanted.sourcePositions[source] }
            }
            return positions
        }
        var byKey: [String: Int] = [:]
        let names = catalog.names
        for position in 0..<catalog.count {
            let name = names[position]
            guard name.kind != "profile" else { continue }
            let key = name.id ?? name.path
            if byKey[key] == nil { byKey[key] = position }
        }
        for number in positions.indices { positions[number] = byKey[store.keyText(number)] ?? -1 }
        return positions
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
    ///   - catalog: the vault's catalog when the caller has it (the search's words read it too);
    ///     read here otherwise.
    nonisolated(nonsending) public func semanticRanking(
        _ query: Query, with embedder: any Embedder, required: Bool, withWords: Bool, catalog: Catalog? = nil,
        note: (FolioError) -> Void
    ) async throws(FolioError) -> SemanticRanking? {
        try await semanticRanking(
            text: query.positiveTerms.map(\.text).joined(separator: " "), with: embedder, required: required, withWords: withWords,
            catalog: catalog, note: note)
    }

    /// The same for `words` as they are (a question put to the journal), not read as a query.
    nonisolated(nonsending) public func semanticRanking(
        text words: String, with embedder: any Embedder, required: Bool, withWords: Bool, catalog: Catalog? = nil,
        note: (FolioError) -> Void
    ) async throws(FolioError) -> SemanticRanking? {
        guard !words.isEmpty else { return nil }
        func unavailable(_ problem: AIProblem) throws(FolioError) -> SemanticRanking? {
            if required { throw FolioError(.embed(.endpointFailed(url: embedder.endpoint, problem: problem))) }
            note(FolioError(.embed(.lexicalOnly(url: embedder.endpoint, problem: problem))))
            return nil
        }
        let catalog = catalog ?? self.catalog()
        // The words' index (hybrid) opens on the other core while the vectors are read and compared.
        async let indexOpened = withWords ? Self.openIndex(of: catalog) : false
        let read = readVectors()
        if let problem = read.note { note(problem) }
        let stored = read.store.flatMap { $0.model == embedder.model ? $0 : nil }
        var wanted = wantedChunks(model: embedder.model, in: catalog, against: stored)
        var store = stored.map { wanted.pruned($0) }
        let stale = wanted.stale(in: store)
        if !stale.isEmpty, stale.count <= max(1, embedder.batchSize) {
            do {
                let reply = try await embedder.embed(stale.map(\.text), as: .passage, dimension: nil)
                let served = reply.model ?? embedder.model
                let dimension = reply.vectors.first?.count ?? 0
                var current: VectorStore
                if let kept = store, !kept.isEmpty, kept.servedModel == served, kept.dimension == dimension {
                    current = kept
                } else {
                    // The entries kept unread are not in a new store: their files count as unread.
                    wanted.kept = []
                    wanted.unchanged = false
                    current = VectorStore(model: embedder.model, servedModel: served, dimension: dimension)
                }
                for (chunk, vector) in zip(stale, reply.vectors) {
                    current.add(key: chunk.key, lines: chunk.lines, hash: chunk.hash, vector: vector)
                }
                current = wanted.sourced(current)
                store = current
                try writeVectors(current, flush: true)
            } catch let problem as AIProblem {
                return try unavailable(problem)
            } catch {
                // The vectors could not be saved; they serve this search all the same.
                note(error as? FolioError ?? FolioError(.embed(.nothingEmbedded)))
            }
        } else {
            if !stale.isEmpty { note(FolioError(.embed(.notEmbedded(records: Set(stale.map(\.key)).count)))) }
            // Files read again whose chunks were all kept (touched, synced back): saved with their
            // new stamps, so the next search does not read them again.
            if let store, let stored, !wanted.unchanged, store.count != stored.count || store.sources != stored.sources {
                // try?: the vectors serve this search all the same; the next one saves them.
                try? writeVectors(store, flush: false)
            }
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
        let keyPositions = Self.positions(ofKeysIn: store, wanted: wanted, catalog: catalog)
        var ranking = SemanticRanking(ranked: [], withWords: withWords)
        var seen = [Bool](repeating: false, count: keyPositions.count)
        let all = await store.similarities(to: vector)
        let threshold = Self.semanticThreshold(all)
        for neighbour in VectorStore.best(all, floor: threshold, limit: all.count) {
            let number = store.keyNumber(neighbour.entry)
            guard keyPositions.indices.contains(number), !seen[number], keyPositions[number] >= 0 else { continue }
            seen[number] = true
            ranking.ranked.append(keyPositions[number])
            ranking.lines.append(store.lines(neighbour.entry))
            ranking.similarities.append(neighbour.similarity)
        }
        _ = await indexOpened
        return ranking
    }

    /// Opens the catalog's text index (read from its file on first use); true when done.
    private static func openIndex(of catalog: Catalog) -> Bool {
        _ = catalog.index
        return true
    }
}
