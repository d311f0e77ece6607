import FolioCore
import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// A file a catalog run reads: its folder (a descriptor the walk kept open, or -1) and its name.
struct FileToRead: Sendable {
    var folderFD: Int32
    var folderPath: String
    var name: String
}

/// What one worker made of a run of files: for each its row's facts, and its name and detail
/// written as the cache keeps them (``RecordDetail``) into the worker's own buffer, with tag and
/// kind numbers of its own (``tagNames``, ``kindNames``), renumbered when the batches are joined.
struct ReadBatch: Sendable {
    let buffer = DetailBuffer()
    var results: [ReadResult] = []
    var tagNames: [String] = []
    var kindNames: [String] = []
}

struct ReadResult: Sendable {
    enum Outcome: Sendable {
        /// `bodyTooLong`: only the first part of the body is searched (and scanned for inline tags).
        case record(bodyTooLong: Bool)
        case plain
        case problem(FolioError)
    }

    var outcome: Outcome
    /// A record whose body (as far as it was read) holds conflict markers another git client committed.
    var markers: MarkedFile?
    /// The file's stamp when it was opened, before its bytes were read; nil when it could not be.
    var stamp: FileStamp?
    var name: Range<Int32> = 0..<0
    var detail: Range<Int32> = 0..<0
    /// Into the batch's ``ReadBatch/kindNames``; -1 for none.
    var kind: Int32 = -1
    var completion: RecordSummary.Completion = .none
    /// Milliseconds since 1970 of `created`, else `modified`; `Int64.min` when undated.
    var epoch = Int64.min
    /// YYYYMMDD of the same; 0 when undated.
    var day: Int32 = 0
}

/// One worker's reading: a buffer for the file's bytes kept from file to file, the last folder it
/// had to open itself, and the tag and kind numbers of its batch.
final class CatalogReader {
    let rootPath: String
    let limits: FrontMatterLimits
    let bodyLimit: Int
    /// How much of a file is read: its front matter, as much of its body as search looks at, and a margin.
    let prefix: Int
    private var scratch: UnsafeMutableRawBufferPointer
    private let folders: FolderHandle
    private var batch = ReadBatch()
    private var tags = NameNumbers()
    private var kinds = NameNumbers()

    init(rootPath: String, limits: FrontMatterLimits, bodyLimit: Int) {
        self.rootPath = rootPath
        self.limits = limits
        self.bodyLimit = bodyLimit
        prefix = limits.maxBytes + bodyLimit + 4_096
        scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 8)
        folders = FolderHandle(root: rootPath)
    }

    deinit { scratch.deallocate() }

    /// `files` read on all cores, a batch per run of them, in order.
    static func read(
        _ files: [FileToRead], rootPath: String, limits: FrontMatterLimits, bodyLimit: Int
    ) -> [ReadBatch] {
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let chunk = max(256, (files.count + workers * 4 - 1) / (workers * 4))
        let chunks = (files.count + chunk - 1) / chunk
        var batches = [ReadBatch?](repeating: nil, count: chunks)
        batches.withUnsafeMutableBufferPointer { buffer in
            let out = DisjointSlots(buffer)
            DispatchQueue.concurrentPerform(iterations: chunks) { c in
                let reader = CatalogReader(rootPath: rootPath, limits: limits, bodyLimit: bodyLimit)
                for i in (c * chunk)..<min(files.count, (c + 1) * chunk) { reader.read(files[i]) }
                reader.batch.tagNames = reader.tags.names
                reader.batch.kindNames = reader.kinds.names
                out.buffer[c] = reader.batch
            }
        }
        return batches.compactMap { $0 }
    }

    // MARK: - One file

    private func read(_ file: FileToRead) {
        let path = file.folderPath.isEmpty ? file.name : file.folderPath + "/" + file.name
        var result = ReadResult(outcome: .plain)
        let nameStart = Int32(batch.buffer.count)
        batch.buffer.append(contentsOf: file.name.utf8)
        result.name = nameStart..<Int32(batch.buffer.count)
        batch.buffer.appendLittleEndian(UInt8(0))
        var stamp: FileStamp?
        guard let count = readBytes(file, path: path, stamp: &stamp) else {
            result.outcome = .problem(FolioError(.fileUnreadable(String(cString: strerror(errno))), file: path))
            return batch.results.append(result)
        }
        result.stamp = stamp
        let bytes = UnsafeBufferPointer(start: scratch.baseAddress?.assumingMemoryBound(to: UInt8.self), count: count)
        // Most records are read in one pass without libyaml (``CatalogFrontMatter``): a whole file
        // no longer than the searched part, in the YAML folio writes. Any other is parsed in full.
        if count <= bodyLimit, let fields = CatalogFrontMatter.fields(bytes: bytes, limits: limits) {
            put(fields, bytes: bytes, name: file.name, into: &result)
            result.outcome = .record(bodyTooLong: false)
            result.markers = Self.markers(in: bytes, path: path)
            return batch.results.append(result)
        }
        switch Vault.parse(read: Array(bytes), path: path, rootPath: rootPath, limits: limits, prefix: prefix) {
        case .record(let record):
            put(RecordSummary(record), into: &result)
            let bodyBytes = record.document.text.utf8.count - record.document.bodyStart
            result.outcome = .record(bodyTooLong: bodyBytes > bodyLimit)
            result.markers = Self.markers(in: bytes, path: path)
        case .plain: result.outcome = .plain
        case .problem(let error): result.outcome = .problem(error)
        case .none: result.outcome = .problem(FolioError(.fileUnreadable("?"), file: path))
        }
        batch.results.append(result)
    }

    /// The conflict markers in a record's bytes as read; a byte search first, as nearly no record has any.
    static func markers(in bytes: UnsafeBufferPointer<UInt8>, path: String) -> MarkedFile? {
        var run = 0
        for byte in bytes {
            run = byte == UInt8(ascii: "<") ? run + 1 : 0
            if run == 7 { return Vault.marked(String(decoding: bytes, as: UTF8.self), path: path) }
        }
        return nil
    }

    /// Reads the file's first ``prefix`` bytes into the scratch buffer, as far as its size when it
    /// was opened (the stamp's size: a file that grew since is read again next run); the count read.
    /// Never through a link swapped in since the folder was listed, never blocked on a pipe.
    private func readBytes(_ file: FileToRead, path: String, stamp: inout FileStamp?) -> Int? {
        var folder = file.folderFD
        if folder < 0 { folder = folders.open(Substring(file.folderPath)) }
        let opened = Vault.openRegular {
            folder >= 0 ? file.name.withCString { openat(folder, $0, Vault.recordFlags) } : open(rootPath + "/" + path, Vault.recordFlags)
        }
        guard let (fd, info) = opened else { return nil }
        defer { close(fd) }
        stamp = FileStamp(info)
        let wanted = min(Int(clamping: max(0, info.st_size)), prefix)
        if wanted > scratch.count {
            scratch.deallocate()
            scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: wanted, alignment: 8)
        }
        var filled = 0
        while filled < wanted {
            guard let n = Vault.readSome(fd, scratch.baseAddress.map { $0 + filled }, wanted - filled) else { return nil }
            if n == 0 { break }
            filled += n
        }
        return filled
    }

    // MARK: - Writing a record's detail

    /// The detail of a record read by the fast reader, its texts copied from where they lie.
    private func put(_ fields: CatalogFrontMatter.Fields, bytes: UnsafeBufferPointer<UInt8>, name: String, into result: inout ReadResult) {
        var buffer = batch.buffer
        let start = Int32(buffer.count)
        func put(_ text: CatalogFrontMatter.Text?) {
            guard let text else { return RecordDetail.putAbsent(into: &buffer) }
            text.withBytes(in: bytes) { RecordDetail.put($0, into: &buffer) }
        }
        put(fields.id)
        if let title = fields.title { put(title) } else { RecordDetail.put(name.utf8.dropLast(3), into: &buffer) }
        put(fields.parent)
        put(fields.sortTime?.text)
        RecordDetail.put(numbers: fields.tags.map(tagNumber), into: &buffer)
        RecordDetail.put(numbers: fields.allTags.map(tagNumber), into: &buffer)
        RecordDetail.put(texts: fields.aliases, into: &buffer)
        result.detail = start..<Int32(buffer.count)
        result.kind = fields.kind.map(kindNumber) ?? -1
        result.completion = fields.completion
        if let parts = fields.sortTime?.parts {
            result.epoch = parts.epochMilliseconds
            result.day = parts.packedDay
        }
    }

    /// The detail of a record read by the full parser.
    private func put(_ summary: RecordSummary, into result: inout ReadResult) {
        var buffer = batch.buffer
        let start = Int32(buffer.count)
        RecordDetail(
            id: summary.id, title: summary.title, parent: summary.parent, sortTime: summary.sortTime?.text,
            tags: summary.tags.map(tagNumber), allTags: summary.allTags.map(tagNumber), aliases: summary.aliases
        ).encode(into: &buffer)
        result.detail = start..<Int32(buffer.count)
        result.kind = summary.kind.map(kindNumber) ?? -1
        result.completion = summary.completion
        if let time = summary.sortTime {
            result.epoch = time.epochMilliseconds
            result.day = Int32(clamping: time.year * 10_000 + time.month * 100 + time.day)
        }
    }

    private func tagNumber(_ name: String) -> UInt32 { UInt32(tags.number(name)) }

    private func kindNumber(_ name: String) -> Int32 { Int32(kinds.number(name)) }
}

/// Names numbered in the order they are first met, each once: a catalog's tags and kinds, or a
/// batch's own before they are joined.
struct NameNumbers {
    private(set) var names: [String]
    private var numbers: [String: Int] = [:]

    init(_ names: [String] = []) {
        self.names = names
        for (i, name) in names.enumerated() where numbers[name] == nil { numbers[name] = i }
    }

    mutating func number(_ name: String) -> Int {
        if let number = numbers[name] { return number }
        names.append(name)
        numbers[name] = names.count - 1
        return names.count - 1
    }
}
