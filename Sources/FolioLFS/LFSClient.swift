import Foundation
import HTTP
import LFSStore
import Synchronization
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// Moves LFS objects between the local store and an endpoint: the batch API with its `basic`
/// transfers (PUT, then `verify` when the server offers it; GET), or a repository's store on this
/// machine. Knows no record: objects are pointers, and failures name object ids.
///
/// Rules it keeps: the credential goes only to the endpoint's own host, over HTTPS or to this
/// machine (an action's URL elsewhere gets only the headers the server gave for it); no redirect
/// is followed; each request has an idle timeout and an overall deadline that grows with the bytes
/// at ``minimumRate``; 429 and 5xx answers and broken connections are retried with back-off,
/// honouring `Retry-After`; a downloaded object enters the store only when it hashes to its id.
public struct LFSClient: Sendable {
    public let endpoint: LFSEndpoint
    /// `Basic …` for the endpoint's host; nil when there is none.
    let authorization: String?
    public var idleTimeout: Double
    /// Bytes per second a transfer may not stay under for its whole length.
    public var minimumRate: Double = 128 * 1024
    /// Attempts per request for the faults that are retried.
    public var attempts = 4
    /// The first back-off, doubled after each retry; `Retry-After` replaces it (capped at ``maximumWait``).
    public var backoff: Double = 0.25
    public var maximumWait: Double = 30
    /// The CAs the server's certificate is checked against (git's `http.sslCAInfo` and
    /// `http.sslCAPath` for the endpoint, as git-lfs reads them); nil for the system's.
    public var trust: HTTPTrust?
    /// False for an endpoint a synced file named and this device has not confirmed: it gets no
    /// upload (``LFSTransferFailure/notConfirmed(endpoint:)``) and is made without credentials.
    public var confirmedHere = true
    /// Seconds one upload, download or question (``present(_:)``) may take in all, its retries and
    /// back-offs included (`sync.deadline`); nil for no bound beyond each request's own.
    public var totalLimit: Double?
    /// When the current call must end (set from ``totalLimit`` at the start of each call).
    var ends: ContinuousClock.Instant?
    /// The largest batch reply read.
    public static let maxReplyBytes = 16 << 20
    /// Objects per batch request (the batch API's usual page).
    public static let batchSize = 100

    /// A client that sends `authorization` (a header an SSH host's `git-lfs-authenticate` gave) with
    /// every request to the endpoint's host, without waiting for the server to ask.
    public init(endpoint: LFSEndpoint, authorization: String, idleTimeout: Double = 60) {
        self.endpoint = endpoint
        self.idleTimeout = idleTimeout
        self.authorization = authorization
        sendsAuthorizationAtOnce = true
    }

    /// Whether the credential goes with the first request (a header from `git-lfs-authenticate`)
    /// rather than after a 401.
    var sendsAuthorizationAtOnce = false

    public init(endpoint: LFSEndpoint, user: String? = nil, token: String? = nil, idleTimeout: Double = 60) {
        self.endpoint = endpoint
        self.idleTimeout = idleTimeout
        if let token {
            let pair = "\(user ?? "x-access-token"):\(token)"
            authorization = "Basic " + Data(pair.utf8).base64EncodedString()
        } else {
            authorization = nil
        }
    }

    public enum Operation: String, Sendable {
        case upload, download
    }

    /// One object's progress: its id, bytes moved so far, its size.
    public typealias Progress = @Sendable (_ oid: String, _ done: UInt64, _ size: UInt64) -> Void

    // MARK: - Upload

    /// Sends every object of `pointers` the endpoint lacks, from `store`: one batch request per
    /// ``batchSize`` objects, then a PUT (and a verify when offered) for each object the server
    /// asks for. Stops at the first object that fails.
    /// - Returns: the ids sent (objects the server already had are not among them).
    @discardableResult
    public func upload(_ pointers: [LFSPointer], from store: LFSObjectStore, progress: Progress? = nil) async throws(LFSTransferFailure)
        -> [String]
    {
        if ends == nil, let totalLimit { return try await bounded(totalLimit).upload(pointers, from: store, progress: progress) }
        let unique = Self.unique(pointers)
        guard !unique.isEmpty else { return [] }
        guard confirmedHere else { throw .notConfirmed(endpoint: endpoint.display) }
        switch endpoint {
        case .folder(let gitDirectory):
            try Self.requireFolder(gitDirectory)
            return try copy(unique, from: store, to: LFSObjectStore(gitDirectory: gitDirectory), linking: true, progress: progress)
        case .server(let url):
            var sent: [String] = []
            for page in stride(from: 0, to: unique.count, by: Self.batchSize) {
                let objects = Array(unique[page..<min(page + Self.batchSize, unique.count)])
                let reply = try await batch(.upload, objects, url: url)
                for object in reply.objects {
                    guard let pointer = objects.first(where: { $0.oid == object.oid }) else { continue }
                    if let error = object.error { throw Self.objectFailure(pointer.oid, error) }
                    guard let upload = object.actions?.upload else { continue }  // the server has it
                    try await put(pointer, from: store, action: upload, batchURL: url, progress: progress)
                    if let verify = object.actions?.verify { try await self.verify(pointer, action: verify, batchURL: url) }
                    sent.append(pointer.oid)
                }
            }
            return sent
        }
    }

    // MARK: - Download

    /// What a download of several objects gave: those now in the store, and each other one's failure.
    public struct Downloads: Sendable {
        public var fetched: [String] = []
        public var failed: [String: LFSTransferFailure] = [:]
    }

    /// Brings `pointers` into `store` (those it lacks), one batch request per ``batchSize``; an
    /// object's failure does not stop the others. A failure of the whole request throws.
    public func download(_ pointers: [LFSPointer], into store: LFSObjectStore, progress: Progress? = nil) async throws(LFSTransferFailure)
        -> Downloads
    {
        if ends == nil, let totalLimit { return try await bounded(totalLimit).download(pointers, into: store, progress: progress) }
        let wanted = Self.unique(pointers).filter { !store.contains($0) }
        var outcome = Downloads()
        guard !wanted.isEmpty else { return outcome }
        switch endpoint {
        case .folder(let gitDirectory):
            try Self.requireFolder(gitDirectory)
            let remote = LFSObjectStore(gitDirectory: gitDirectory)
            for pointer in wanted {
                do throws(LFSTransferFailure) {
                    _ = try copy([pointer], from: remote, to: store, progress: progress)
                    outcome.fetched.append(pointer.oid)
                } catch {
                    outcome.failed[pointer.oid] = error
                }
            }
        case .server(let url):
            for page in stride(from: 0, to: wanted.count, by: Self.batchSize) {
                let objects = Array(wanted[page..<min(page + Self.batchSize, wanted.count)])
                let reply = try await batch(.download, objects, url: url)
                for pointer in objects {
                    guard let object = reply.objects.first(where: { $0.oid == pointer.oid }) else {
                        outcome.failed[pointer.oid] = .missingOnServer(oids: [pointer.oid])
                        continue
                    }
                    if let error = object.error {
                        outcome.failed[pointer.oid] = Self.objectFailure(pointer.oid, error)
                        continue
                    }
                    guard let action = object.actions?.download else {
                        outcome.failed[pointer.oid] = .missingOnServer(oids: [pointer.oid])
                        continue
                    }
                    do throws(LFSTransferFailure) {
                        try await get(pointer, into: store, action: action, batchURL: url, progress: progress)
                        outcome.fetched.append(pointer.oid)
                    } catch {
                        if error == .cancelled { throw error }
                        outcome.failed[pointer.oid] = error
                    }
                }
            }
        }
        return outcome
    }

    /// Which of `pointers` the endpoint holds (a download batch that transfers nothing).
    public func present(_ pointers: [LFSPointer]) async throws(LFSTransferFailure) -> Set<String> {
        if ends == nil, let totalLimit { return try await bounded(totalLimit).present(pointers) }
        let unique = Self.unique(pointers)
        switch endpoint {
        case .folder(let gitDirectory):
            try Self.requireFolder(gitDirectory)
            let remote = LFSObjectStore(gitDirectory: gitDirectory)
            return Set(unique.filter(remote.contains).map(\.oid))
        case .server(let url):
            var found: Set<String> = []
            for page in stride(from: 0, to: unique.count, by: Self.batchSize) {
                let objects = Array(unique[page..<min(page + Self.batchSize, unique.count)])
                let reply = try await batch(.download, objects, url: url)
                for object in reply.objects where object.error == nil && object.actions?.download != nil { found.insert(object.oid) }
            }
            return found
        }
    }

    /// This client with its call's end set `seconds` from now.
    func bounded(_ seconds: Double) -> LFSClient {
        var bounded = self
        bounded.ends = .now + .milliseconds(Int(max(seconds, 0) * 1000))
        return bounded
    }

    /// Seconds left before the call's end (nil without a bound); past it, the call fails as an
    /// unreachable server, naming the limit.
    func remaining() throws(LFSTransferFailure) -> Double? {
        guard let ends, let totalLimit else { return nil }
        let left = ends - .now
        let seconds = Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18
        guard seconds > 0 else { throw .unreachable(reason: Self.overTheLimit(totalLimit)) }
        return seconds
    }

    static func overTheLimit(_ seconds: Double) -> String {
        "it took longer than \(Int(seconds.rounded(.up))) seconds in all (sync.deadline)"
    }

    /// A remote that is a folder here (a USB disk) and is not there now is unreachable, as a
    /// server that does not answer: its objects are not taken for lost, nor a folder made in its place.
    static func requireFolder(_ gitDirectory: URL) throws(LFSTransferFailure) {
        var info = stat()
        guard stat(gitDirectory.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw .unreachable(reason: "\(gitDirectory.path): \(String(cString: strerror(errno == 0 ? ENOTDIR : errno)))")
        }
    }

    // MARK: - The batch API

    struct BatchReply: Decodable {
        var objects: [BatchObject]
    }

    struct BatchObject: Decodable {
        var oid: String
        var size: UInt64?
        var actions: Actions?
        var error: ObjectError?
    }

    struct Actions: Decodable {
        var upload: Action?
        var verify: Action?
        var download: Action?
    }

    struct Action: Decodable {
        var href: String
        var header: [String: String]?
    }

    struct ObjectError: Decodable {
        var code: Int
        var message: String?
    }

    static let mediaType = "application/vnd.git-lfs+json"

    func batch(_ operation: Operation, _ objects: [LFSPointer], url: String) async throws(LFSTransferFailure) -> BatchReply {
        let body: [String: Any] = [
            "operation": operation.rawValue, "transfers": ["basic"], "hash_algo": "sha256",
            "objects": objects.map { ["oid": $0.oid, "size": $0.size] },
        ]
        // try?: the failure is the error thrown in the else.
        guard let data = try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys]) else {
            throw .badReply(status: 0, reason: "could not encode the request")
        }
        let target = url + "/objects/batch"
        let (head, reply) = try await send(
            target, method: .post, headers: [("Accept", Self.mediaType), ("Content-Type", Self.mediaType)], body: data,
            authorize: true, bytes: 0)
        switch head.status {
        case 200:
            do {
                return try JSONDecoder().decode(BatchReply.self, from: reply)
            } catch {
                throw .badReply(status: 200, reason: "not the batch API's JSON")
            }
        case 401: throw .unauthorized(sentCredentials: authorization != nil)
        case 403: throw .forbidden
        case 404: throw .noServer(status: 404)
        case 300...399: throw Self.redirection(head, from: target)
        case 429, 500...599: throw .serverBusy(status: head.status)
        default: throw .badReply(status: head.status, reason: Self.message(in: reply))
        }
    }

    /// A 3xx, never followed: it names the URL that redirected and where to, its control
    /// characters dropped (the server wrote it, a terminal shows it).
    static func redirection(_ head: HTTPHead, from url: String) -> LFSTransferFailure {
        let location = (head.header("location") ?? "").unicodeScalars.filter { !CharacterSet.controlCharacters.contains($0) }
        return .redirected(url: url, location: String(String.UnicodeScalarView(location).prefix(200)))
    }

    /// The `message` of an LFS error reply, else the first line of the body.
    static func message(in body: Data) -> String {
        // try?: only the server's words for an error already being reported.
        if let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any], let message = object["message"] as? String {
            return String(message.prefix(200))
        }
        return String(String(decoding: body.prefix(200), as: UTF8.self).split(separator: "\n").first ?? "")
    }

    static func objectFailure(_ oid: String, _ error: ObjectError) -> LFSTransferFailure {
        switch error.code {
        case 404: .missingOnServer(oids: [oid])
        case 401: .unauthorized(sentCredentials: true)
        case 403: .forbidden
        case 429, 500...599: .serverBusy(status: error.code)
        default: .refused(oid: oid, status: error.code, message: String((error.message ?? "").prefix(200)))
        }
    }

    // MARK: - Basic transfers

    func put(_ pointer: LFSPointer, from store: LFSObjectStore, action: Action, batchURL: String, progress: Progress?)
        async throws(LFSTransferFailure)
    {
        let file = store.url(of: pointer.oid)
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .store(.unreadable(file.path, String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        var headers = Self.headers(of: action)
        headers.append(("Content-Type", "application/octet-stream"))
        let (oid, size) = (pointer.oid, pointer.size)
        var sent: (@Sendable (UInt64) -> Void)?
        if let progress { sent = { bytes in progress(oid, bytes, size) } }
        let (head, reply) = try await send(
            action.href, method: .put, headers: headers, upload: HTTPRequest.Upload(descriptor: descriptor, size: pointer.size, sent: sent),
            authorize: action.header?.keys.contains { $0.lowercased() == "authorization" } != true && sameServer(action.href, batchURL),
            bytes: pointer.size)
        progress?(pointer.oid, pointer.size, pointer.size)
        try Self.requireSuccess(head, reply, oid: pointer.oid, url: action.href)
    }

    func verify(_ pointer: LFSPointer, action: Action, batchURL: String) async throws(LFSTransferFailure) {
        let body = Data("{\"oid\":\"\(pointer.oid)\",\"size\":\(pointer.size)}".utf8)
        var headers = Self.headers(of: action)
        headers.append(("Accept", Self.mediaType))
        headers.append(("Content-Type", Self.mediaType))
        let (head, reply) = try await send(
            action.href, method: .post, headers: headers, body: body,
            authorize: action.header?.keys.contains { $0.lowercased() == "authorization" } != true && sameServer(action.href, batchURL),
            bytes: 0)
        try Self.requireSuccess(head, reply, oid: pointer.oid, url: action.href)
    }

    func get(_ pointer: LFSPointer, into store: LFSObjectStore, action: Action, batchURL: String, progress: Progress?)
        async throws(LFSTransferFailure)
    {
        var lastFailure: LFSTransferFailure = .unreachable(reason: "")
        for attempt in 0..<attempts {
            if attempt > 0 { try await pause(attempt: attempt, retryAfter: nil) }
            let writer: ObjectWriter
            do {
                writer = try store.writer()
            } catch {
                throw .store(error)
            }
            let sink = DownloadSink(writer: writer, oid: pointer.oid, size: pointer.size, progress: progress)
            let request = request(
                action.href, method: .get, headers: Self.headers(of: action),
                authorize: action.header?.keys.contains { $0.lowercased() == "authorization" } != true && sameServer(action.href, batchURL),
                bytes: pointer.size)
            let outcome: Result<HTTPHead, HTTPFailure>
            switch request {
            case .failure(let failure): throw failure
            case .success(let request):
                outcome = await HTTPTransfer(request) { head, piece in sink.take(head, piece) }.response()
            }
            switch outcome {
            case .success(let head) where head.isSuccess:
                guard !sink.tooLong else {
                    writer.discard()
                    throw .wrongBytes(oid: pointer.oid, problem: .wrongSize(expected: pointer.size, actual: writer.count))
                }
                do {
                    try writer.commit(hash: writer.finishHash(), expected: pointer, flush: true)
                    return
                } catch {
                    // A truncated or altered body is never kept; a short one may be a broken connection.
                    if case .wrongSize = error, writer.count < pointer.size, attempt + 1 < attempts {
                        lastFailure = .wrongBytes(oid: pointer.oid, problem: error)
                        continue
                    }
                    if case .unwritable = error { throw .store(error) }
                    throw .wrongBytes(oid: pointer.oid, problem: error)
                }
            case .success(let head):
                writer.discard()
                if Self.isRetried(head.status), attempt + 1 < attempts {
                    lastFailure = .serverBusy(status: head.status)
                    try await pause(attempt: attempt + 1, retryAfter: head.header("retry-after"))
                    continue
                }
                try Self.requireSuccess(head, sink.errorBody, oid: pointer.oid, url: action.href)
            case .failure(let failure):
                writer.discard()
                if failure == .cancelled { throw .cancelled }
                if case .stoppedByReceiver = failure, sink.tooLong {
                    throw .wrongBytes(oid: pointer.oid, problem: .wrongSize(expected: pointer.size, actual: writer.count))
                }
                lastFailure = .unreachable(reason: Self.words(failure))
            }
        }
        throw lastFailure
    }

    /// Receives a download's body into the object writer, refusing more bytes than the pointer's size.
    // @unchecked: owns the object file's descriptor (ObjectWriter), written on the transfer's thread only.
    final class DownloadSink: @unchecked Sendable {
        let writer: ObjectWriter
        let oid: String
        let size: UInt64
        let progress: Progress?
        var tooLong = false
        var errorBody = Data()

        init(writer: ObjectWriter, oid: String, size: UInt64, progress: Progress?) {
            (self.writer, self.oid, self.size, self.progress) = (writer, oid, size, progress)
        }

        func take(_ head: HTTPHead, _ piece: Data) -> Bool {
            guard head.isSuccess else {
                if errorBody.count < 64 * 1024 { errorBody.append(piece.prefix(64 * 1024 - errorBody.count)) }
                return true
            }
            guard writer.count + UInt64(piece.count) <= size else {
                tooLong = true
                return false
            }
            piece.withUnsafeBytes { writer.write($0) }
            progress?(oid, writer.count, size)
            return true
        }
    }

    static func requireSuccess(_ head: HTTPHead, _ body: Data, oid: String, url: String) throws(LFSTransferFailure) {
        switch head.status {
        case 200..<300: return
        case 300...399: throw redirection(head, from: url)
        case 401: throw .unauthorized(sentCredentials: true)
        case 403: throw .forbidden
        case 404: throw .missingOnServer(oids: [oid])
        case 429, 500...599: throw .serverBusy(status: head.status)
        default: throw .refused(oid: oid, status: head.status, message: message(in: body))
        }
    }

    // MARK: - One request, with retries

    /// Sends a request whose reply is small (read whole, up to ``maxReplyBytes``), retrying the
    /// faults the protocol allows to retry. With `authorize`, the credential is added only after
    /// the server asked for it (401, `LFS-Authenticate`) — or at once for a PUT, whose body cannot
    /// be sent twice for nothing.
    func send(
        _ url: String, method: HTTPRequest.Method, headers: [(String, String)], body: Data = Data(),
        upload: HTTPRequest.Upload? = nil, authorize: Bool, bytes: UInt64
    ) async throws(LFSTransferFailure) -> (HTTPHead, Data) {
        var withCredential = authorize && (upload != nil || sendsAuthorizationAtOnce || CredentialMemory.shared.asked(url))
        var lastFailure: LFSTransferFailure = .unreachable(reason: "")
        var attempt = 0
        while attempt < attempts {
            let request: HTTPRequest
            switch self.request(url, method: method, headers: headers, body: body, upload: upload, authorize: withCredential, bytes: bytes)
            {
            case .failure(let failure): throw failure
            case .success(let made): request = made
            }
            let reply = ReplyBuffer(limit: Self.maxReplyBytes)
            let outcome = await HTTPTransfer(request) { _, piece in reply.append(piece) }.response()
            switch outcome {
            case .success(let head):
                if reply.overflowed { throw .badReply(status: head.status, reason: "more than \(Self.maxReplyBytes) bytes") }
                if head.status == 401, authorize, !withCredential, authorization != nil {
                    guard Self.mayCarryCredential(url) else { throw .insecure(url: url) }
                    // The server asks for credentials (LFS-Authenticate or WWW-Authenticate): sent once more with them.
                    withCredential = true
                    CredentialMemory.shared.remember(url)
                    continue
                }
                if Self.isRetried(head.status), attempt + 1 < attempts {
                    lastFailure = .serverBusy(status: head.status)
                    attempt += 1
                    try await pause(attempt: attempt, retryAfter: head.header("retry-after"))
                    continue
                }
                return (head, reply.data)
            case .failure(let failure):
                if failure == .cancelled { throw .cancelled }
                if reply.overflowed { throw .badReply(status: 0, reason: "more than \(Self.maxReplyBytes) bytes") }
                lastFailure = .unreachable(reason: Self.words(failure))
                attempt += 1
                if attempt < attempts { try await pause(attempt: attempt, retryAfter: nil) }
            }
        }
        throw lastFailure
    }

    /// The request as sent, or why it must not be: a credential over plain HTTP off this machine.
    func request(
        _ url: String, method: HTTPRequest.Method, headers: [(String, String)], body: Data = Data(), upload: HTTPRequest.Upload? = nil,
        authorize: Bool, bytes: UInt64
    ) -> Result<HTTPRequest, LFSTransferFailure> {
        let headers = headers.map { (name: $0.0, value: $0.1) }
        var credential: (name: String, value: String)?
        if authorize, let authorization {
            guard Self.mayCarryCredential(url) else { return .failure(.insecure(url: url)) }
            // The HTTP layer checks again that it goes only to this URL's origin.
            credential = (name: "Authorization", value: authorization)
        }
        guard url.hasPrefix("https://") || url.hasPrefix("http://") else {
            return .failure(.badReply(status: 0, reason: "an action's URL is not http(s): \(url.prefix(80))"))
        }
        var deadline = idleTimeout * 2 + Double(bytes) / minimumRate
        do {
            if let left = try remaining() { deadline = min(deadline, left) }
        } catch {
            return .failure(error)
        }
        var request = HTTPRequest(
            url: url, method: method, headers: headers, body: body, followsRedirects: false,
            limits: HTTPLimits(total: deadline, window: idleTimeout, minimumBytesPerSecond: 1), credential: credential,
            upload: upload)
        request.trust = trust
        return .success(request)
    }

    /// Whether a credential may go to `url`: HTTPS anywhere, plain HTTP only to this machine.
    public static func mayCarryCredential(_ url: String) -> Bool {
        if url.hasPrefix("https://") { return true }
        guard url.hasPrefix("http://"), let host = URLComponents(string: url)?.host?.lowercased() else { return false }
        if host == "localhost" || host == "::1" || host == "[::1]" { return true }
        // 127.0.0.0/8 written as an address, not a name that starts like one.
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// Whether `url` is on the batch endpoint's own scheme, host and port (where its credential may go).
    func sameServer(_ url: String, _ batchURL: String) -> Bool {
        guard let a = URLComponents(string: url), let b = URLComponents(string: batchURL) else { return false }
        return a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased() && a.port == b.port
    }

    static func headers(of action: Action) -> [(String, String)] {
        (action.header ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    static func isRetried(_ status: Int) -> Bool {
        status == 429 || status == 500 || status == 502 || status == 503 || status == 504
    }

    /// Waits before the next attempt: `Retry-After` seconds when the server said (capped), else
    /// ``backoff`` doubled per attempt.
    func pause(attempt: Int, retryAfter: String?) async throws(LFSTransferFailure) {
        var seconds = backoff * Double(1 << min(attempt - 1, 6))
        if let retryAfter, let told = Double(retryAfter.trimmingCharacters(in: .whitespaces)), told.isFinite, told >= 0 {
            seconds = told
        }
        seconds = min(seconds, maximumWait)
        // A wait that would end past the call's bound is not begun: the call ends now, saying so.
        if let left = try remaining(), seconds >= left, let totalLimit { throw .unreachable(reason: Self.overTheLimit(totalLimit)) }
        do {
            try await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
        } catch {
            throw .cancelled
        }
    }

    static func words(_ failure: HTTPFailure) -> String {
        switch failure {
        case .unavailable(let reason), .tls(let reason), .lost(let reason): reason
        case .refused: "connection refused"
        case .unknownHost: "unknown host"
        case .unsupportedURL: "unsupported URL"
        case .closedWithoutReply: "the connection closed without a reply"
        case .timedOut: "timed out"
        case .cancelled: "cancelled"
        case .stoppedByReceiver: "stopped"
        case .secretRefused: "the credential was not sent: it may go only to its own server, and never in clear text off this machine"
        }
    }

    // MARK: - A repository on this machine

    /// Copies the objects of `pointers` that `target` lacks, each checked against its hash on the
    /// way. With `linking` (an upload into a folder remote) an object is hard-linked instead when
    /// both stores are on one file system, as `git-lfs` does: objects are never changed in place
    /// (both tools write a new file and rename it), and this device's copy was checked when it was
    /// stored (`folio check` checks it again).
    func copy(_ pointers: [LFSPointer], from source: LFSObjectStore, to target: LFSObjectStore, linking: Bool = false, progress: Progress?)
        throws(LFSTransferFailure) -> [String]
    {
        var copied: [String] = []
        for pointer in pointers where !target.contains(pointer) {
            guard source.contains(pointer) else { throw .missingOnServer(oids: [pointer.oid]) }
            let file = source.url(of: pointer.oid)
            // A file already there of another size (a damaged copy) is replaced by a copy below.
            if linking, Self.link(file, to: target.url(of: pointer.oid)), target.contains(pointer) {
                progress?(pointer.oid, pointer.size, pointer.size)
                copied.append(pointer.oid)
                continue
            }
            let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw .store(.unreadable(file.path, String(cString: strerror(errno)))) }
            defer { close(descriptor) }
            let writer: ObjectWriter
            do {
                writer = try target.writer()
            } catch {
                throw .store(error)
            }
            var buffer = [UInt8](repeating: 0, count: 1 << 20)
            var offset: off_t = 0
            while true {
                let count = buffer.withUnsafeMutableBytes { Descriptor.read(descriptor, into: $0, at: offset) }
                guard count >= 0 else { throw .store(.unreadable(file.path, String(cString: strerror(errno)))) }
                if count == 0 { break }
                buffer.withUnsafeBytes { writer.write(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
                offset += off_t(count)
                progress?(pointer.oid, UInt64(offset), pointer.size)
            }
            do {
                // Not flushed one by one, as git does not flush the objects of a push into a folder.
                try writer.commit(hash: writer.finishHash(), expected: pointer, flush: false)
            } catch {
                if case .unwritable = error { throw .store(error) }
                throw .wrongBytes(oid: pointer.oid, problem: error)
            }
            copied.append(pointer.oid)
        }
        return copied
    }

    /// Hard-links `file` at `destination` (its folders made as needed); false when the file system
    /// will not (another disk, a file system without links), and the caller copies instead.
    static func link(_ file: URL, to destination: URL) -> Bool {
        do {
            try LFSObjectStore.makeDirectory(destination.deletingLastPathComponent())
        } catch {
            return false
        }
        // EEXIST: another writer put an object of that name there meanwhile; the caller checks its size.
        return Descriptor.hardLink(file.path, at: destination.path) == 0 || errno == EEXIST
    }

    static func unique(_ pointers: [LFSPointer]) -> [LFSPointer] {
        var seen: Set<String> = []
        return pointers.filter { seen.insert($0.oid).inserted }
    }
}

/// A small reply gathered whole, up to a limit.
final class ReplyBuffer: Sendable {
    private let limit: Int
    private let gathered = Mutex((data: Data(), overflowed: false))

    init(limit: Int) { self.limit = limit }

    var data: Data { gathered.withLock { $0.data } }
    var overflowed: Bool { gathered.withLock { $0.overflowed } }

    func append(_ piece: Data) -> Bool {
        gathered.withLock { gathered in
            guard gathered.data.count + piece.count <= limit else {
                gathered.overflowed = true
                return false
            }
            gathered.data.append(piece)
            return true
        }
    }
}

/// The URLs whose server asked for credentials in this process: later requests send them at once.
final class CredentialMemory: Sendable {
    static let shared = CredentialMemory()
    private let urls = Mutex<Set<String>>([])

    func asked(_ url: String) -> Bool { urls.withLock { $0.contains(Self.key(url)) } }
    func remember(_ url: String) { urls.withLock { _ = $0.insert(Self.key(url)) } }

    /// Scheme, host and port: a server that asked once asks for every path.
    static func key(_ url: String) -> String {
        guard let components = URLComponents(string: url) else { return url }
        return "\(components.scheme ?? "")://\(components.host ?? ""):\(components.port ?? 0)"
    }
}
