import Clibgit2
import Foundation
import GitIndex
import Synchronization
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// A filter of git's `filter=NAME` attribute written in Swift: what a working file's bytes become in
/// git's objects (clean) and back (smudge).
///
/// libgit2 does not run the commands of git's `filter.NAME.clean` and `filter.NAME.smudge`
/// settings; a filter registered through ``ContentFilters`` runs inside the process instead, for
/// every file libgit2 reads from or writes to the working tree (a commit of working files, a
/// status that hashes them, a checkout). Reading and writing objects in Swift goes through it too:
/// ``Repository/blob(at:in:)`` reveals what stored bytes say, ``Repository/writeBlob(_:path:)``
/// cleans bytes by the path's attributes.
///
/// A filter is called on the thread that does the work and must not keep state between files.
public protocol ContentFilter: Sendable {
    /// The bytes to store for the working file `path` holding `bytes`; nil to store them as they are.
    func clean(_ bytes: [UInt8], path: String) throws -> [UInt8]?
    /// The bytes a checkout writes to `path` for the stored `bytes`; nil to write them as they are.
    func smudge(_ bytes: [UInt8], path: String) throws -> [UInt8]?
    /// What the stored `bytes` of `path` say, for a program that reads them (a merge, an old
    /// version): nil when they are not this filter's own; throws when they are and cannot be read.
    func reveal(_ bytes: [UInt8], path: String) throws -> [UInt8]?
    /// A clean that takes the working file piece by piece, so a file of any size is never whole in
    /// memory; nil to gather the file and call ``clean(_:path:)``. `storing` is false when the
    /// clean only computes what would be stored (a status comparing a file with the index).
    func streamingClean(path: String, storing: Bool) throws -> (any StreamingClean)?
    /// Writes what a checkout writes for the stored `bytes` piece by piece through `emit` and gives
    /// true; false to let ``smudge(_:path:)`` answer instead.
    func streamingSmudge(_ bytes: [UInt8], path: String, emit: (UnsafeRawBufferPointer) throws -> Void) throws -> Bool
    /// The bytes to store for the working file `path` of `size` bytes when the filter knows them
    /// without reading the file (an LFS media file whose name is its hash and whose object the store
    /// already holds with that size); nil to read it.
    func storedFormWithoutReading(path: String, size: UInt64) -> [UInt8]?
}

/// One working file going through a streaming clean: its bytes in order, then the bytes to store.
public protocol StreamingClean: AnyObject {
    func write(_ piece: UnsafeRawBufferPointer) throws
    /// The bytes to store, once every piece was written.
    func finish() throws -> [UInt8]
}

extension ContentFilter {
    public func streamingClean(path: String, storing: Bool) throws -> (any StreamingClean)? { nil }
    public func streamingSmudge(_ bytes: [UInt8], path: String, emit: (UnsafeRawBufferPointer) throws -> Void) throws -> Bool {
        false
    }
    public func storedFormWithoutReading(path: String, size: UInt64) -> [UInt8]? { nil }
}

/// The filters written in Swift, each registered with libgit2 once for the whole process.
public enum ContentFilters {
    /// The filter serving one repository, given its git directory; nil when it has none to offer.
    public typealias Provider = @Sendable (_ gitDirectory: URL) -> (any ContentFilter)?

    /// Serves the attribute `filter=<name>` with the filters `provider` gives; registering the same
    /// name again replaces the provider.
    ///
    /// Where `provider` gives nil, libgit2 passes the file through unchanged: a provider that must
    /// never let a file through unfiltered returns a filter that refuses instead.
    public static func register(_ name: String, provider: @escaping Provider) throws {
        try initializeLibrary()
        try requireNoNUL(name, "git_filter_register")
        try Registry.shared.register(name, provider: provider)
    }

    /// The registered filters for the repository at `gitDirectory`, by name, in registration order.
    static func filters(for gitDirectory: URL) -> [(name: String, filter: any ContentFilter)] {
        Registry.shared.all().compactMap { registration in registration.provider(gitDirectory).map { (registration.name, $0) } }
    }
}

// MARK: - Reading and writing objects in Swift

extension Repository {
    /// The filter `path`'s attributes name (`filter=NAME`) among those registered in Swift, if any:
    /// from the working tree's `.gitattributes` then the index's, or from HEAD's in a bare repository.
    public func contentFilter(for path: String) throws -> (any ContentFilter)? {
        let filters = ContentFilters.filters(for: gitDirectory)
        guard !filters.isEmpty, let name = try filterNames(of: [path])[path] else { return nil }
        return filters.first { $0.name == name }?.filter
    }

    /// The paths among `paths` whose attributes name a filter registered in Swift, each with that
    /// filter's name; one look at the attributes for them all.
    public func filterNames(of paths: [String]) throws -> [String: String] {
        let registered = Set(ContentFilters.filters(for: gitDirectory).map(\.name))
        guard !registered.isEmpty else { return [:] }
        try requireRegularControlFiles(forPaths: paths)
        let flags =
            workdir == nil
            ? UInt32(GIT_ATTR_CHECK_INDEX_ONLY) | UInt32(GIT_ATTR_CHECK_INCLUDE_HEAD) : UInt32(GIT_ATTR_CHECK_FILE_THEN_INDEX)
        return try withAttributesIndex(workdir == nil ? nil : currentIndexFile()) {
            var names: [String: String] = [:]
            for path in paths {
                try requireNoNUL(path, "git_attr_get")
                var value: UnsafePointer<CChar>?
                try check(git_attr_get(&value, pointer, flags, path, "filter"), "git_attr_get")
                guard git_attr_value(value) == GIT_ATTR_VALUE_STRING, let value else { continue }
                let name = String(cString: value)
                if registered.contains(name) { names[path] = name }
            }
            return names
        }
    }

    /// What stored bytes of `path` say: each registered filter is offered them, and the first that
    /// knows them reveals them (so an old version is read whatever the attributes say today).
    func revealed(_ data: Data, path: String) throws -> Data {
        let filters = ContentFilters.filters(for: gitDirectory)
        guard !filters.isEmpty else { return data }
        let bytes = [UInt8](data)
        for (_, filter) in filters {
            if let plain = try filter.reveal(bytes, path: path) { return Data(plain) }
        }
        return data
    }

    /// The blob id `git add` would give the working file `path` when a filter registered in Swift
    /// cleans it piece by piece (see ``ContentFilter/streamingClean(path:storing:)``), reading the
    /// file once without holding it whole; nil when no such filter applies (libgit2 hashes it then).
    /// Nothing is stored.
    func streamedHash(ofWorkingFile path: String) throws -> OID? {
        guard let workdir, let filter = try contentFilter(for: path), let clean = try filter.streamingClean(path: path, storing: false)
        else { return nil }
        let descriptor = Descriptor.open(workdir.appendingPathComponent(path).path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw GitError(code: .notFound, message: "\(path): \(String(cString: strerror(errno)))", function: "open")
        }
        defer { Descriptor.close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { Descriptor.read(descriptor, into: $0) }
            if count < 0 {
                throw GitError(code: .other(-1), message: "\(path): \(String(cString: strerror(errno)))", function: "read")
            }
            if count == 0 { break }
            try buffer.withUnsafeBytes { try clean.write(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
        let stored = try clean.finish()
        var oid = git_oid()
        try check(stored.withUnsafeBytes { git_odb_hash(&oid, $0.baseAddress, $0.count, GIT_OBJECT_BLOB) }, "git_odb_hash")
        return OID(oid)
    }

    /// Stores `data` as the blob of `path`, through the filter its attributes name (see
    /// ``contentFilter(for:)``), as `git hash-object -w --path` would; returns its id.
    public func writeBlob(_ data: Data, path: String) throws -> OID {
        guard let filter = try contentFilter(for: path), let cleaned = try filter.clean([UInt8](data), path: path) else {
            return try writeBlob(data)
        }
        return try writeBlob(Data(cleaned))
    }
}

// MARK: - The registry and libgit2's callbacks

/// One registered filter: its name, what gives its filters, and the libgit2 structure that stays
/// registered for the life of the process.
// @unchecked: owns a libgit2 filter structure, registered once and never freed or changed.
private struct Registration: @unchecked Sendable {
    let name: String
    let provider: ContentFilters.Provider
    let filter: UnsafeMutablePointer<git_filter>
}

private final class Registry: Sendable {
    static let shared = Registry()
    private let registrations = Mutex<[Registration]>([])

    func register(_ name: String, provider: @escaping ContentFilters.Provider) throws {
        try registrations.withLock { registrations in try Self.register(name, provider: provider, in: &registrations) }
    }

    private static func register(
        _ name: String, provider: @escaping ContentFilters.Provider, in registrations: inout [Registration]
    ) throws {
        if let position = registrations.firstIndex(where: { $0.name == name }) {
            let old = registrations[position]
            registrations[position] = Registration(name: name, provider: provider, filter: old.filter)
            return
        }
        let filter = UnsafeMutablePointer<git_filter>.allocate(capacity: 1)
        filter.initialize(to: git_filter())
        try check(git_filter_init(filter, UInt32(GIT_FILTER_VERSION)), "git_filter_init")
        // Never freed: libgit2 keeps the filter until the process ends.
        guard let attributes = strdup("filter=" + name) else {
            throw GitError(code: .other(-1), message: "out of memory", function: "git_filter_register")
        }
        filter.pointee.attributes = UnsafePointer(attributes)
        filter.pointee.check = filterCheck
        filter.pointee.stream = filterStream
        filter.pointee.cleanup = filterCleanup
        try check(git_filter_register(name, filter, GIT_FILTER_DRIVER_PRIORITY), "git_filter_register")
        registrations.append(Registration(name: name, provider: provider, filter: filter))
    }

    func all() -> [Registration] { registrations.withLock { $0 } }

    func registration(_ filter: UnsafeMutablePointer<git_filter>) -> Registration? {
        all().first { $0.filter == filter }
    }
}

/// One file going through a filter: which filter, which file, which way.
private final class FilterRun {
    let filter: any ContentFilter
    let path: String
    let toWorkingTree: Bool

    init(filter: any ContentFilter, path: String, toWorkingTree: Bool) {
        self.filter = filter
        self.path = path
        self.toWorkingTree = toWorkingTree
    }

    func apply(_ bytes: [UInt8]) throws -> [UInt8]? {
        toWorkingTree ? try filter.smudge(bytes, path: path) : try filter.clean(bytes, path: path)
    }

    /// The streaming clean for this file, when the filter has one and the run goes to git's objects.
    func streamingClean() throws -> (any StreamingClean)? {
        toWorkingTree ? nil : try filter.streamingClean(path: path, storing: true)
    }
}

/// The bytes of one file as libgit2 writes them into the filter's stream, and where they go next.
private final class StreamState {
    let run: FilterRun
    let next: UnsafeMutablePointer<git_writestream>
    var bytes: [UInt8] = []
    /// Takes the pieces instead of ``bytes`` when the filter cleans by streaming.
    var streaming: (any StreamingClean)?
    /// Why the streaming clean could not start, told when the stream closes.
    var failure: (any Error)?

    init(run: FilterRun, next: UnsafeMutablePointer<git_writestream>) {
        self.run = run
        self.next = next
        do {
            streaming = try run.streamingClean()
        } catch {
            failure = error
        }
    }

    static func of(_ stream: UnsafeMutablePointer<git_writestream>?) -> StreamState? {
        guard let stream else { return nil }
        let shim = UnsafeMutableRawPointer(stream).assumingMemoryBound(to: git_shim_filter_stream.self)
        guard let owner = shim.pointee.owner else { return nil }
        return Unmanaged<StreamState>.fromOpaque(owner).takeUnretainedValue()
    }
}

/// A Swift error of a filter, as libgit2's last error: nothing is thrown through C.
private func filterFailed(_ error: any Error) -> Int32 {
    let text = String(describing: error)
    // Failing to set the message leaves the -1 below, which libgit2 reports as a filter failure.
    _ = git_error_set_str(Int32(GIT_ERROR_FILTER.rawValue), text)
    return -1
}

/// Whether the filter applies to this file: it does whenever its provider gives a filter for the
/// repository, and the run is kept as the payload until ``filterCleanup``.
private let filterCheck: git_filter_check_fn = { filter, payload, source, _ in
    guard let filter, let payload, let source, let registration = Registry.shared.registration(filter),
        let repository = git_filter_source_repo(source), let directory = git_repository_path(repository)
    else { return GIT_PASSTHROUGH.rawValue }
    guard let content = registration.provider(URL(fileURLWithPath: String(cString: directory), isDirectory: true)) else {
        return GIT_PASSTHROUGH.rawValue
    }
    let path = git_filter_source_path(source).map { String(cString: $0) } ?? ""
    let run = FilterRun(filter: content, path: path, toWorkingTree: git_filter_source_mode(source) == GIT_FILTER_TO_WORKTREE)
    payload.pointee = Unmanaged.passRetained(run).toOpaque()
    return 0
}

private let filterCleanup: git_filter_cleanup_fn = { _, payload in
    guard let payload else { return }
    Unmanaged<FilterRun>.fromOpaque(payload).release()
}

/// A stream that gathers the whole file, filters it when it is closed and writes the result on.
private let filterStream: git_filter_stream_fn = { out, _, payload, _, next in
    guard let out, let payload, let owner = payload.pointee, let next else { return -1 }
    let run = Unmanaged<FilterRun>.fromOpaque(owner).takeUnretainedValue()
    let stream = UnsafeMutablePointer<git_shim_filter_stream>.allocate(capacity: 1)
    stream.initialize(to: git_shim_filter_stream())
    stream.pointee.parent.write = streamWrite
    stream.pointee.parent.close = streamClose
    stream.pointee.parent.free = streamFree
    stream.pointee.owner = Unmanaged.passRetained(StreamState(run: run, next: next)).toOpaque()
    out.pointee = UnsafeMutableRawPointer(stream).assumingMemoryBound(to: git_writestream.self)
    return 0
}

private let streamWrite: @convention(c) (UnsafeMutablePointer<git_writestream>?, UnsafePointer<CChar>?, Int) -> Int32 = {
    stream, buffer, count in
    guard let state = StreamState.of(stream) else { return -1 }
    guard let buffer, count > 0, state.failure == nil else { return 0 }
    let piece = UnsafeRawBufferPointer(start: buffer, count: count)
    if let streaming = state.streaming {
        do {
            try streaming.write(piece)
        } catch {
            state.failure = error
        }
    } else {
        state.bytes.append(contentsOf: piece)
    }
    return 0
}

/// Writes `bytes` into the next stream of libgit2's filter chain; libgit2's code.
private func pass(_ bytes: UnsafeRawBufferPointer, to next: UnsafeMutablePointer<git_writestream>) -> Int32 {
    guard bytes.count > 0 else { return 0 }
    return next.pointee.write?(next, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count) ?? -1
}

private let streamClose: @convention(c) (UnsafeMutablePointer<git_writestream>?) -> Int32 = { stream in
    guard let state = StreamState.of(stream) else { return -1 }
    if let failure = state.failure { return filterFailed(failure) }
    let next = state.next
    let output: [UInt8]
    do {
        if let streaming = state.streaming {
            output = try streaming.finish()
        } else if state.run.toWorkingTree {
            // A smudge that writes its output piece by piece (a large file out of a local store).
            var code: Int32 = 0
            let streamed = try state.run.filter.streamingSmudge(state.bytes, path: state.run.path) { piece in
                code = pass(piece, to: next)
                if code < 0 { throw StreamPassFailed(code: code) }
            }
            if streamed {
                state.bytes = []
                return next.pointee.close?(next) ?? -1
            }
            output = try state.run.apply(state.bytes) ?? state.bytes
        } else {
            output = try state.run.apply(state.bytes) ?? state.bytes
        }
    } catch let failed as StreamPassFailed {
        return failed.code
    } catch {
        return filterFailed(error)
    }
    state.bytes = []
    let code = output.withUnsafeBytes { pass($0, to: next) }
    if code < 0 { return code }
    return next.pointee.close?(next) ?? -1
}

/// The next stream refused a piece: its code goes back to libgit2 as it is.
private struct StreamPassFailed: Error {
    let code: Int32
}

private let streamFree: @convention(c) (UnsafeMutablePointer<git_writestream>?) -> Void = { stream in
    guard let stream else { return }
    let shim = UnsafeMutableRawPointer(stream).assumingMemoryBound(to: git_shim_filter_stream.self)
    if let owner = shim.pointee.owner { Unmanaged<StreamState>.fromOpaque(owner).release() }
    shim.deinitialize(count: 1)
    shim.deallocate()
}
