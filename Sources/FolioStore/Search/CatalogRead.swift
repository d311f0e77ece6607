import FolioCore
import Foundation
import Synchronization
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// Files a catalog run reads, handed to one reader at a time: each file's folder (a descriptor
/// the walk kept open, or -1) and its name, whose bytes lie in one array for the whole run, each
/// followed by a NUL as `openat` wants it. Listing a file makes no string of its name.
struct FileRun: Sendable {
    struct File: Sendable {
        var folderFD: Int32
        var folderPath: String
        /// Into ``FileRun/names``, the NUL after it excluded.
        var name: Range<Int32>
    }

    private(set) var files: [File] = []
    private(set) var names: [UInt8] = []

    init() {}

    init(capacity: Int) {
        files.reserveCapacity(capacity)
        names.reserveCapacity(capacity * 64)
    }

    var count: Int { files.count }

    mutating func append(folderFD: Int32, folderPath: String, name: some Collection<UInt8>) {
        let start = Int32(truncatingIfNeeded: names.count)
        names.append(contentsOf: name)
        files.append(File(folderFD: folderFD, folderPath: folderPath, name: start..<Int32(truncatingIfNeeded: names.count)))
        names.append(0)
    }

    mutating func append(folderFD: Int32, folderPath: String, name: String) {
        var name = name
        name.withUTF8 { append(folderFD: folderFD, folderPath: folderPath, name: $0) }
    }
}

/// What one worker made of a run of files: for each its row's facts, and its name and detail
/// written as the cache keeps them (``RecordDetail``) into the worker's own buffer, with tag and
/// kind numbers of its own (``tagNames``, ``kindNames``), renumbered when the batches are joined.
struct ReadBatch: Sendable {
    let buffer = DetailBuffer()
    var results: [ReadResult] = []
    /// The rare: why a file could not be read, and the conflict markers a record's body (as far as
    /// it was read) holds, by its place in ``results``; kept apart so that a result is plain
    /// data, copied and freed as bytes.
    var problems: [Int: FolioError] = [:]
    var markers: [Int: MarkedFile] = [:]
    var tagNames: [String] = []
    var kindNames: [String] = []
}

struct ReadResult: Sendable {
    enum Outcome: Sendable {
        case record
        /// Only the first part of the body is searched (and scanned for inline tags).
        case recordBodyTooLong
        case plain
        /// The error is in ``ReadBatch/problems``.
        case problem
    }

    var outcome: Outcome
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
    private var lastKind: (name: String, number: Int32)?

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
    static func read(_ files: FileRun, rootPath: String, limits: FrontMatterLimits, bodyLimit: Int) -> [ReadBatch] {
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        // Thirty-two runs per core: the core that finishes first takes the next, so the last run
        // left to one core is short (with four, one core read alone for the last tenth of a first run).
        let chunk = max(256, (files.count + workers * 32 - 1) / (workers * 32))
        let queue = ReadQueue()
        files.names.withUnsafeBufferPointer { names in
            for start in stride(from: 0, to: files.count, by: chunk) {
                var run = FileRun(capacity: chunk)
                for file in files.files[start..<min(files.count, start + chunk)] {
                    run.append(
                        folderFD: file.folderFD, folderPath: file.folderPath,
                        name: UnsafeBufferPointer(rebasing: names[Int(file.name.lowerBound)..<Int(file.name.upperBound)]))
                }
                queue.hand(run)
            }
        }
        queue.finish()
        return read(from: queue, rootPath: rootPath, limits: limits, bodyLimit: bodyLimit)
    }

    /// The runs of files `queue` hands out, read on all cores until it is finished, a batch per
    /// run, in the order they were handed in. `alsoFirst` runs on one of the cores before it reads:
    /// the walk that fills the queue, so the other cores read while it lists folders.
    static func read(
        from queue: ReadQueue, rootPath: String, limits: FrontMatterLimits, bodyLimit: Int,
        alsoFirst: (@Sendable () -> Void)? = nil
    ) -> [ReadBatch] {
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let done = Mutex<[Int: ReadBatch]>([:])
        // Iterations are handed out in order, so the first, which fills the queue, is running
        // before any reader waits on it; run one after another (a loop inside another), it has
        // filled and finished the queue before the second starts.
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            if worker == 0 { alsoFirst?() }
            let reader = CatalogReader(rootPath: rootPath, limits: limits, bodyLimit: bodyLimit)
            while let (number, run) = queue.take() {
                run.names.withUnsafeBufferPointer { names in
                    for file in run.files { reader.read(file, names: names) }
                }
                let batch = reader.takeBatch()
                done.withLock { $0[number] = batch }
            }
        }
        return done.withLock { batches in (0..<batches.count).compactMap { batches[$0] } }
    }

    /// The batch read since the last one, with its own tag and kind numbers; the next starts empty.
    private func takeBatch() -> ReadBatch {
        var taken = batch
        taken.tagNames = tags.names
        taken.kindNames = kinds.names
        batch = ReadBatch()
        tags = NameNumbers()
        kinds = NameNumbers()
        lastKind = nil
        return taken
    }

    // MARK: - One file

    /// `names`: the bytes of the run's names (``FileRun/names``).
    private func read(_ file: FileRun.File, names: UnsafeBufferPointer<UInt8>) {
        let name = UnsafeBufferPointer(rebasing: names[Int(file.name.lowerBound)..<Int(file.name.upperBound)])
        // The path is made only where something names the file: nearly never (and the folder's
        // path is not even copied, a retain and a release a file, until then).
        var path: String {
            let decoded = String(decoding: name, as: UTF8.self)
            return file.folderPath.isEmpty ? decoded : file.folderPath + "/" + decoded
        }
        var result = ReadResult(outcome: .plain)
        let nameStart = Int32(batch.buffer.count)
        batch.buffer.append(contentsOf: name)
        result.name = nameStart..<Int32(batch.buffer.count)
        batch.buffer.appendLittleEndian(UInt8(0))
        var stamp: FileStamp?
        guard let count = readBytes(file, name: name, path: path, stamp: &stamp) else {
            return add(result, problem: FolioError(.fileUnreadable(String(cString: strerror(errno))), file: path))
        }
        result.stamp = stamp
        let bytes = UnsafeBufferPointer(start: scratch.baseAddress?.assumingMemoryBound(to: UInt8.self), count: count)
        // Most records are read in one pass without libyaml (``CatalogFrontMatter``): a whole file
        // no longer than the searched part, in the YAML folio writes. Any other is parsed in full.
        if count <= bodyLimit, let fields = CatalogFrontMatter.fields(bytes: bytes, limits: limits) {
            put(fields, bytes: bytes, name: name, into: &result)
            result.outcome = .record
            return add(result, markers: Self.markers(in: bytes, path: path))
        }
        switch Vault.parse(read: Array(bytes), path: path, rootPath: rootPath, limits: limits, prefix: prefix) {
        case .record(let record):
            put(RecordSummary(record), into: &result)
            let bodyBytes = record.document.text.utf8.count - record.document.bodyStart
            result.outcome = bodyBytes > bodyLimit ? .recordBodyTooLong : .record
            add(result, markers: Self.markers(in: bytes, path: path))
        case .plain:
            result.outcome = .plain
            add(result)
        case .problem(let error): add(result, problem: error)
        case .none: add(result, problem: FolioError(.fileUnreadable("?"), file: path))
        }
    }

    /// Adds a file's result to the batch, with what is rare kept beside it.
    private func add(_ result: ReadResult, problem: FolioError? = nil, markers: MarkedFile? = nil) {
        var result = result
        if let problem {
            result.outcome = .problem
            batch.problems[batch.results.count] = problem
        }
        if let markers { batch.markers[batch.results.count] = markers }
        batch.results.append(result)
    }

    /// The conflict markers in a record's bytes as read; a byte search first, as nearly no record has any.
    static func markers(in bytes: UnsafeBufferPointer<UInt8>, path: @autoclosure () -> String) -> MarkedFile? {
        guard let base = bytes.baseAddress else { return nil }
        // `memchr` to each `<` (few records have one), then the run of seven from there.
        var at = 0
        while at < bytes.count, let found = memchr(base + at, Int32(UInt8(ascii: "<")), bytes.count - at) {
            var end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            let start = end
            while end < bytes.count, bytes[end] == UInt8(ascii: "<") { end += 1 }
            if end - start >= 7 { return Vault.marked(String(decoding: bytes, as: UTF8.self), path: path()) }
            at = end
        }
        return nil
    }

    /// Reads the file's first ``prefix`` bytes into the scratch buffer, as far as its size when it
    /// was opened (the stamp's size: a file that grew since is read again next run); the count read.
    /// Never through a link swapped in since the folder was listed, never blocked on a pipe.
    /// `name` is followed by a NUL (``FileRun``).
    private func readBytes(_ file: FileRun.File, name: UnsafeBufferPointer<UInt8>, path: @autoclosure () -> String, stamp: inout FileStamp?)
        -> Int?
    {
        var folder = file.folderFD
        if folder < 0 { folder = folders.open(Substring(file.folderPath)) }
        let opened = Descriptor.openRegular {
            guard folder >= 0, let base = name.baseAddress else { return open(rootPath + "/" + path(), Descriptor.readingFlags) }
            return base.withMemoryRebound(to: CChar.self, capacity: name.count + 1) { openat(folder, $0, Descriptor.readingFlags) }
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
    private func put(
        _ fields: CatalogFrontMatter.Fields, bytes: UnsafeBufferPointer<UInt8>, name: UnsafeBufferPointer<UInt8>,
        into result: inout ReadResult
    ) {
        var buffer = batch.buffer
        let start = Int32(buffer.count)
        func put(_ text: CatalogFrontMatter.Text?) {
            guard let text else { return RecordDetail.putAbsent(into: &buffer) }
            text.withBytes(in: bytes) { RecordDetail.put($0, into: &buffer) }
        }
        put(fields.id)
        if let title = fields.title { put(title) } else { RecordDetail.put(name.dropLast(3), into: &buffer) }
        put(fields.parent)
        put(fields.sortTime?.text)
        // Numbered into room on the stack, not an array a record; without inline tags the two
        // lists are one (the same array), numbered once.
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: max(fields.tags.count, fields.allTags.count)) { numbers in
            for (i, tag) in fields.tags.enumerated() { numbers.initializeElement(at: i, to: tagNumber(tag)) }
            RecordDetail.put(numbers: UnsafeBufferPointer(rebasing: numbers[..<fields.tags.count]), into: &buffer)
            if fields.allTags != fields.tags {
                for (i, tag) in fields.allTags.enumerated() { numbers.initializeElement(at: i, to: tagNumber(tag)) }
            }
            RecordDetail.put(numbers: UnsafeBufferPointer(rebasing: numbers[..<fields.allTags.count]), into: &buffer)
        }
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

    private func kindNumber(_ name: String) -> Int32 {
        // A folder's records are read one after the other, and nearly all are of one kind: the
        // last kind's number is given again without hashing its name.
        if let last = lastKind, last.name == name { return last.number }
        let number = Int32(kinds.number(name))
        lastKind = (name, number)
        return number
    }
}

/// Runs of files handed to the readers, numbered in the order they were handed in: by a walk as
/// it lists folders, or all at once.
///
/// A reader that finds no run waits for the walk on another core of the same parallel loop:
/// work this process does, never async work, so it is a condition; each wait has a deadline, and
/// is made again while the walk goes on (a walk always ends).
// @unchecked: its state is guarded by an NSCondition, waited on with a deadline.
final class ReadQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var runs: [FileRun] = []
    private var taken = 0
    private var finished = false

    func hand(_ run: FileRun) {
        guard run.count > 0 else { return }
        condition.lock()
        runs.append(run)
        condition.signal()
        condition.unlock()
    }

    /// No more runs: the readers end once they have taken every run.
    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next run and its number, waiting for one; nil once finished and every run is taken.
    func take() -> (Int, FileRun)? {
        condition.lock()
        defer { condition.unlock() }
        while taken == runs.count && !finished { _ = condition.wait(until: Date(timeIntervalSinceNow: 0.1)) }
        guard taken < runs.count else { return nil }
        defer {
            runs[taken] = FileRun()
            taken += 1
        }
        return (taken, runs[taken])
    }
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
