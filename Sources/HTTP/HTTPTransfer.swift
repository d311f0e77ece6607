import Ccurl
import FolioSecrets
import Foundation
import Synchronization
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// One HTTP request as folio sends it: small bodies, headers as given, nothing cached.
public struct HTTPRequest: Sendable {
    public enum Method: String, Sendable {
        case get = "GET"
        case post = "POST"
        /// With ``HTTPRequest/upload``: the file's bytes are the body.
        case put = "PUT"
    }

    /// A body read from an open file as it is sent, never whole in memory.
    public struct Upload: Sendable {
        /// An open descriptor, read from offset 0 (positioned reads); the caller closes it afterwards.
        public var descriptor: Int32
        public var size: UInt64
        /// Told the bytes read for sending so far, as they are read: a long upload's progress.
        public var sent: (@Sendable (UInt64) -> Void)?

        public init(descriptor: Int32, size: UInt64, sent: (@Sendable (UInt64) -> Void)? = nil) {
            (self.descriptor, self.size, self.sent) = (descriptor, size, sent)
        }
    }

    public var url: String
    public var method: Method
    /// Sent in this order, each as `name: value`. A secret goes in ``credential``, never here.
    public var headers: [(name: String, value: String)]
    public var body: Data
    /// Whether a redirect is followed (at most five); otherwise its status is the answer.
    public var followsRedirects: Bool
    /// What the transfer may take before it is given up.
    public var limits: HTTPLimits
    /// A header that carries a secret (`Authorization: Bearer …`): sent only where
    /// ``FolioSecrets/SecretDestination`` allows, the origin of ``url`` and never in clear text
    /// off this machine. A request that would break that rule is not sent
    /// (``HTTPFailure/secretRefused(_:)``); a redirect that would is not followed.
    public var credential: (name: String, value: String)?
    /// For ``Method/put``: the file sent as the body.
    public var upload: Upload?
    /// The CAs an `https://` server's certificate is checked against; nil for OpenSSL's own
    /// variables (``HTTPTrust/environment``), else the system's.
    public var trust: HTTPTrust?

    public init(
        url: String, method: Method = .get, headers: [(name: String, value: String)] = [], body: Data = Data(),
        followsRedirects: Bool = false, limits: HTTPLimits = HTTPLimits(), credential: (name: String, value: String)? = nil,
        upload: Upload? = nil
    ) {
        (self.url, self.method, self.headers, self.body) = (url, method, headers, body)
        (self.followsRedirects, self.limits, self.credential) = (followsRedirects, limits, credential)
        self.upload = upload
    }
}

/// The CAs a server's certificate is checked against: a file of CA certificates, a folder of
/// them (hashed as `openssl rehash` names them), or both. Certificate checks are never off.
public struct HTTPTrust: Sendable, Equatable {
    public var file: String?
    public var folder: String?

    public init(file: String?, folder: String?) {
        (self.file, self.folder) = (file, folder)
    }

    /// OpenSSL's `SSL_CERT_FILE` and `SSL_CERT_DIR`, which libcurl does not read by itself (it
    /// sets its own CA file), from the process's environment as every OpenSSL program reads them;
    /// nil when neither is set.
    public static let environment: HTTPTrust? = from(ProcessInfo.processInfo.environment)

    /// `SSL_CERT_FILE` and `SSL_CERT_DIR` of `environment`; nil when neither is set.
    public static func from(_ environment: [String: String]) -> HTTPTrust? {
        let file = environment["SSL_CERT_FILE"].flatMap { $0.isEmpty ? nil : $0 }
        let folder = environment["SSL_CERT_DIR"].flatMap { $0.isEmpty ? nil : $0 }
        return file == nil && folder == nil ? nil : HTTPTrust(file: file, folder: folder)
    }
}

/// How long a transfer may take, and how slowly it may go.
public struct HTTPLimits: Sendable, Equatable {
    /// The whole transfer, name resolution, connecting and every redirect included, in seconds.
    public var total: Double
    /// The spell over which the rate is measured, in seconds: a transfer that moves less than
    /// ``minimumBytesPerSecond`` over one (nothing at all, or a byte now and then) is given up.
    public var window: Double
    public var minimumBytesPerSecond: Int
    /// When set, the longest the transfer may go without progress, in seconds: the request's
    /// bytes going out, the response's head arriving whole, or a step its receiver counts
    /// (``HTTPTransfer/init(_:progress:receiver:)``). Bytes alone are not progress here: a server
    /// trickling a head, or a body the receiver takes only whole, a byte at a time, is given up.
    public var progress: Double?

    public init(total: Double = 600, window: Double = 60, minimumBytesPerSecond: Int = 1, progress: Double? = nil) {
        self.total = total
        self.window = window
        self.minimumBytesPerSecond = minimumBytesPerSecond
        self.progress = progress
    }
}

/// Which limit ended a transfer.
public enum HTTPTimeout: Sendable, Equatable {
    /// Nothing moved for the window's `seconds`.
    case silence(seconds: Double)
    /// The whole transfer took `seconds`.
    case total(seconds: Double)
    /// Less than `bytesPerSecond` moved over `seconds` (but not nothing).
    case tooSlow(bytesPerSecond: Int, seconds: Double)
    /// No progress (``HTTPLimits/progress``) for `seconds`, however many bytes came.
    case stalled(seconds: Double)
}

/// The status line and headers of a response.
public struct HTTPHead: Sendable, Equatable {
    public let status: Int
    /// Header names lowercased; a repeated header keeps its last value.
    public let headers: [String: String]

    public init(status: Int, headers: [String: String]) {
        self.status = status
        var lowered: [String: String] = [:]
        for (name, value) in headers { lowered[name.lowercased()] = value }
        self.headers = lowered
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    public var isSuccess: Bool { (200..<300).contains(status) }
}

/// Why a transfer ended without a whole response, grouped by what a user can do about it.
public enum HTTPFailure: Error, Sendable, Equatable {
    /// libcurl is not installed or would not start; its own words.
    case unavailable(String)
    case refused
    case unknownHost
    case unsupportedURL
    /// The connection closed before any response came.
    case closedWithoutReply
    case timedOut(HTTPTimeout)
    case cancelled
    /// The receiver asked to stop (``HTTPTransfer/init(_:receiver:)``).
    case stoppedByReceiver
    /// TLS failed; libcurl's words.
    case tls(String)
    /// The request carries a secret and its URL (or a redirect's) is somewhere the secret may not
    /// go: nothing was sent there.
    case secretRefused(SecretDestination.Refusal)
    /// Anything else; libcurl's words.
    case lost(String)
}

/// One request through libcurl, run on the calling thread until the response is complete.
///
/// The receiver gets the response's head and each piece of its body as they arrive, on the
/// thread that runs the transfer; answering false stops it. ``cancel()`` may be called from any
/// thread, before or during ``run()``: a transfer cancelled before it starts sends nothing.
///
/// Everything the request does happens within its ``HTTPLimits``: folio looks each host up itself
/// (``SystemIO/NameLookup``) and hands libcurl the addresses, since libcurl waits for its own
/// resolver thread to finish however late that is; bytes are counted by the kernel on the
/// transfer's sockets, headers and TLS included; redirects are followed here, one request at a
/// time, each checked against the request's credential first.
// @unchecked: owns a libcurl handle, used on the transfer's thread only; `cancelled` is a Mutex.
public final class HTTPTransfer: @unchecked Sendable {
    public typealias Receiver = (_ head: HTTPHead, _ piece: Data) -> Bool

    /// The most redirects followed for one request.
    public static let maximumRedirects = 5

    private let request: HTTPRequest
    private let receiver: Receiver
    /// The receiver's count of its steps (for ``HTTPLimits/progress``); read on the transfer's thread.
    private let progressCount: (@Sendable () -> Int)?
    private let cancelled = Mutex(false)
    // Touched only by the thread in run() and libcurl's callbacks on it:
    private var started: UInt64 = 0
    private var windowStart: UInt64 = 0
    private var movedAtWindowStart = 0
    /// When the transfer last made progress (``HTTPLimits/progress``): its start, a byte of the
    /// request sent, a whole head, a step of the receiver.
    private var lastProgress: UInt64 = 0
    private var sentAtLastProgress = 0
    private var stepsAtLastProgress = 0
    /// The transfer's open sockets with the kernel's last count of bytes moved on each, and the
    /// bytes of those already closed.
    private var openSockets: [Int32: UInt64] = [:]
    private var closedSocketsMoved: UInt64 = 0
    private var timedOut: HTTPTimeout?
    private var stopped = false
    /// Whether the response being received is a redirect this transfer follows (its body is not
    /// the receiver's).
    private var following = false
    private var uploaded: UInt64 = 0
    private var uploadFailed = false
    private var headerLines: [String: String] = [:]
    private var head: HTTPHead?
    private var handle: UnsafeMutableRawPointer?

    public init(_ request: HTTPRequest, receiver: @escaping Receiver) {
        self.request = request
        self.receiver = receiver
        self.progressCount = nil
    }

    /// A transfer whose receiver counts its own steps (a line of an event stream): `progress` is
    /// read as the transfer checks its limits, and each change is progress (``HTTPLimits/progress``).
    public init(_ request: HTTPRequest, progress: @escaping @Sendable () -> Int, receiver: @escaping Receiver) {
        self.request = request
        self.receiver = receiver
        self.progressCount = progress
    }

    public func cancel() {
        cancelled.withLock { $0 = true }
    }

    private var isCancelled: Bool { cancelled.withLock { $0 } }

    /// ``run()`` on a thread of its own, so a transfer that blocks for minutes (a stream) holds no
    /// thread of the concurrency pool; cancelling the calling task cancels the transfer.
    public func response() async -> Result<HTTPHead, HTTPFailure> {
        await withTaskCancellationHandler {
            await OffThePool.run("folio-http") { self.run() }
        } onCancel: {
            cancel()
        }
    }

    /// One request of the transfer: where it goes, and how.
    private struct Hop {
        var url: String
        var method: HTTPRequest.Method
        var body: Data

        /// The next hop after a redirect: 303, and 301 or 302 after a POST, ask for the target with
        /// a GET, as browsers do.
        mutating func redirect(status: Int, to target: String) {
            if status == 303 || (method == .post && (status == 301 || status == 302)) { (method, body) = (.get, Data()) }
            url = target
        }
    }

    /// Sends the request and takes the whole response; the head when it came, else why not.
    /// An error status is an answer, not a failure.
    public func run() -> Result<HTTPHead, HTTPFailure> {
        if let refused = refusalBeforeSending() { return .failure(refused) }
        started = Self.now()
        windowStart = started
        lastProgress = started
        var hop = Hop(url: request.url, method: request.method, body: request.body)
        for redirects in 0...Self.maximumRedirects {
            switch send(hop, follows: request.followsRedirects && redirects < Self.maximumRedirects) {
            case .answer(let result):
                return result
            case .redirect(let status, let target):
                if let refusal = secretRefusal(redirectingTo: target) { return .failure(.secretRefused(refusal)) }
                hop.redirect(status: status, to: target)
            }
        }
        return .failure(.lost("more than \(Self.maximumRedirects) redirects"))
    }

    /// Why nothing may be sent at all: cancelled, a credential that is empty or may not go to the
    /// request's URL, libcurl missing.
    private func refusalBeforeSending() -> HTTPFailure? {
        if isCancelled { return .cancelled }
        if let credential = request.credential {
            if credential.value.isEmpty { return .secretRefused(.unreadable(request.url)) }
            if let refusal = SecretDestination.refusal(sending: request.url) { return .secretRefused(refusal) }
        }
        return Self.loadLibcurl().map { .unavailable($0) }
    }

    /// Why the request's credential may not follow a redirect to `target` (another origin), if so.
    private func secretRefusal(redirectingTo target: String) -> SecretDestination.Refusal? {
        guard request.credential != nil, let configured = Origin(url: request.url) else { return nil }
        return SecretDestination.refusal(sending: target, configuredFor: configured)
    }

    /// How one request of the transfer ended.
    private enum HopOutcome {
        case answer(Result<HTTPHead, HTTPFailure>)
        /// A redirect to follow, to this absolute URL.
        case redirect(status: Int, to: String)
    }

    /// One request: its host looked up within the limits, then sent through a handle of its own.
    private func send(_ hop: Hop, follows: Bool) -> HopOutcome {
        (head, headerLines, following) = (nil, [:], false)
        sentAtLastProgress = 0  // libcurl counts each request's bytes afresh
        let resolved: UnsafeMutablePointer<curl_slist>?
        switch resolve(hop.url) {
        case .failure(let failure): return .answer(.failure(failure))
        case .success(let entry): resolved = entry.flatMap { folio_curl_slist_append(nil, $0) }
        }
        guard let handle = folio_curl_easy_init() else {
            folio_curl_slist_free_all(resolved)
            return .answer(.failure(.unavailable("libcurl could not make a handle")))
        }
        self.handle = handle
        let headers = Self.headerList(request)
        defer {
            folio_curl_easy_cleanup(handle)
            folio_curl_slist_free_all(headers)
            folio_curl_slist_free_all(resolved)
            self.handle = nil
        }
        let code = hop.body.withUnsafeBytes { bytes in
            configure(handle, hop: hop, headers: headers, resolved: resolved, body: bytes, follows: follows)
            return folio_curl_easy_perform(handle)
        }
        if code == CURLE_OK, following, let status = head?.status ?? finalHead()?.status, let target = redirectTarget(handle) {
            return .redirect(status: status, to: target)
        }
        return .answer(outcome(code))
    }

    /// The absolute URL a redirect response points at, as libcurl read its `Location`.
    private func redirectTarget(_ handle: UnsafeMutableRawPointer) -> String? {
        var pointer: UnsafePointer<CChar>?
        guard folio_curl_get_string(handle, CURLINFO_REDIRECT_URL, &pointer) == CURLE_OK, let pointer else { return nil }
        let target = String(cString: pointer)
        return target.isEmpty ? nil : target
    }

    /// The `CURLOPT_RESOLVE` entry (`host:port:address,…`) for `url`'s host, looked up here within
    /// the limits; nil for an address written as digits, or a URL libcurl will refuse anyway.
    private func resolve(_ url: String) -> Result<String?, HTTPFailure> {
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(), ["http", "https"].contains(scheme),
            var host = parsed.host, !host.isEmpty
        else { return .success(nil) }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if Origin.ipv4Literal(host) || host.contains(":") { return .success(nil) }
        let port = parsed.port ?? (scheme == "https" ? 443 : 80)
        let lookup = NameLookup(host: host, port: String(port))
        let lookupStarted = Self.now()
        let outcome = lookup.wait {
            if isCancelled { return true }
            let now = Self.now()
            if Double(now &- started) / 1e9 >= request.limits.total {
                timedOut = .total(seconds: request.limits.total)
                return true
            }
            if Double(now &- lookupStarted) / 1e9 >= request.limits.window {
                timedOut = .silence(seconds: request.limits.window)
                return true
            }
            return false
        }
        switch outcome {
        case nil:
            if isCancelled { return .failure(.cancelled) }
            return .failure(.timedOut(timedOut ?? .silence(seconds: request.limits.window)))
        case .failed:
            return .failure(.unknownHost)
        case .found(let addresses):
            let numbers = addresses.compactMap(\.numeric).map { $0.contains(":") ? "[\($0)]" : $0 }
            var unique: [String] = []
            for number in numbers where !unique.contains(number) { unique.append(number) }
            guard !unique.isEmpty else { return .failure(.unknownHost) }
            return .success("\(host):\(port):\(unique.joined(separator: ","))")
        }
    }

    /// Nil when libcurl is ready; else why not, in its loader's words.
    private static func loadLibcurl() -> String? {
        var reason = [CChar](repeating: 0, count: 512)
        guard folio_curl_load(&reason, reason.count) != 1 else { return nil }
        return String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The request's headers as libcurl takes them, its credential last (the caller frees the list).
    private static func headerList(_ request: HTTPRequest) -> UnsafeMutablePointer<curl_slist>? {
        var list: UnsafeMutablePointer<curl_slist>?
        for (name, value) in request.headers + (request.credential.map { [$0] } ?? []) {
            // A line break would end the header and start another the caller never wrote.
            var line = String.UnicodeScalarView()
            for scalar in "\(name): \(value)".unicodeScalars {
                line.append(scalar == "\r" || scalar == "\n" || scalar == "\0" ? " " : scalar)
            }
            list = folio_curl_slist_append(list, String(line))
        }
        // Without this, libcurl waits a second for "100 Continue" before a larger POST body.
        return folio_curl_slist_append(list, "Expect:")
    }

    private func configure(
        _ handle: UnsafeMutableRawPointer, hop: Hop, headers: UnsafeMutablePointer<curl_slist>?,
        resolved: UnsafeMutablePointer<curl_slist>?, body: UnsafeRawBufferPointer, follows: Bool
    ) {
        let me = Unmanaged.passUnretained(self).toOpaque()
        _ = folio_curl_set_pointer(handle, CURLOPT_URL, hop.url)
        _ = folio_curl_set_pointer(handle, CURLOPT_HTTPHEADER, headers)
        if let resolved { _ = folio_curl_set_pointer(handle, CURLOPT_RESOLVE, resolved) }
        // Threads, not signals, for timeouts: folio runs libcurl beside other threads.
        _ = folio_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
        // Redirects are followed by run(), one request at a time, each checked first.
        _ = folio_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0)
        _ = folio_curl_set_pointer(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        _ = folio_curl_set_pointer(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        // Whatever the server compresses with, unpacked by libcurl.
        _ = folio_curl_set_pointer(handle, CURLOPT_ACCEPT_ENCODING, "")
        if let trust = request.trust ?? HTTPTrust.environment {
            if let file = trust.file { _ = folio_curl_set_pointer(handle, CURLOPT_CAINFO, file) }
            if let folder = trust.folder { _ = folio_curl_set_pointer(handle, CURLOPT_CAPATH, folder) }
        }
        // What is left of the total for this request, and connecting within the rate's window too.
        // The rate itself is shouldStop()'s.
        let left = max(0.001, request.limits.total - Double(Self.now() &- started) / 1e9)
        _ = folio_curl_set_long(handle, CURLOPT_TIMEOUT_MS, Self.milliseconds(left))
        _ = folio_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(min(request.limits.window, left)))
        if hop.method == .post {
            _ = folio_curl_set_long(handle, CURLOPT_POST, 1)
            _ = folio_curl_set_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
            if let bytes = body.baseAddress, !body.isEmpty {
                // Not copied: the bytes stay valid until run() returns.
                _ = folio_curl_set_pointer(handle, CURLOPT_POSTFIELDS, bytes)
            } else {
                _ = folio_curl_set_pointer(handle, CURLOPT_COPYPOSTFIELDS, "")
            }
        }
        following = false
        followsThisHop = follows
        if request.method == .put, let upload = request.upload {
            uploaded = 0
            _ = folio_curl_set_long(handle, CURLOPT_UPLOAD, 1)
            _ = folio_curl_set_offset(handle, CURLOPT_INFILESIZE_LARGE, curl_off_t(clamping: upload.size))
            _ = folio_curl_set_data_function(handle, CURLOPT_READFUNCTION, readCallback)
            _ = folio_curl_set_pointer(handle, CURLOPT_READDATA, me)
        }
        _ = folio_curl_set_data_function(handle, CURLOPT_HEADERFUNCTION, headerCallback)
        _ = folio_curl_set_pointer(handle, CURLOPT_HEADERDATA, me)
        _ = folio_curl_set_data_function(handle, CURLOPT_WRITEFUNCTION, bodyCallback)
        _ = folio_curl_set_pointer(handle, CURLOPT_WRITEDATA, me)
        // Each socket libcurl opens is counted, and its count kept when libcurl closes it.
        _ = folio_curl_set_sockopt_function(handle, socketOpenedCallback)
        _ = folio_curl_set_pointer(handle, CURLOPT_SOCKOPTDATA, me)
        _ = folio_curl_set_closesocket_function(handle, socketClosingCallback)
        _ = folio_curl_set_pointer(handle, CURLOPT_CLOSESOCKETDATA, me)
        // The progress callback is how a cancel or a limit ends a transfer: libcurl calls it at
        // least once a second, even while nothing arrives.
        _ = folio_curl_set_long(handle, CURLOPT_NOPROGRESS, 0)
        _ = folio_curl_set_progress_function(handle, progressCallback)
        _ = folio_curl_set_pointer(handle, CURLOPT_XFERINFODATA, me)
    }

    /// Whether this request's redirect, if it is one, is followed (set per request).
    private var followsThisHop = false

    private func outcome(_ code: CURLcode) -> Result<HTTPHead, HTTPFailure> {
        if code == CURLE_OK {
            if let head = head ?? finalHead() { return .success(head) }
            return .failure(.closedWithoutReply)
        }
        if stopped { return .failure(.stoppedByReceiver) }
        if uploadFailed { return .failure(.lost("the file being sent could not be read")) }
        if isCancelled { return .failure(.cancelled) }
        if let timedOut { return .failure(.timedOut(timedOut)) }
        let words = String(cString: folio_curl_easy_strerror(code))
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            // libcurl's own clock: the total, or connecting within the window.
            let elapsed = Double(Self.now() &- started) / 1e9
            return .failure(
                .timedOut(
                    elapsed >= request.limits.total * 0.99
                        ? .total(seconds: request.limits.total) : .silence(seconds: request.limits.window)))
        case CURLE_COULDNT_CONNECT: return .failure(.refused)
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: return .failure(.unknownHost)
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT: return .failure(.unsupportedURL)
        case CURLE_GOT_NOTHING: return .failure(.closedWithoutReply)
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE:
            return .failure(head == nil ? .closedWithoutReply : .lost(words))
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS,
            CURLE_SSL_CRL_BADFILE, CURLE_USE_SSL_FAILED, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED,
            CURLE_SSL_ENGINE_INITFAILED, CURLE_SSL_SHUTDOWN_FAILED:
            return .failure(.tls(words))
        default: return .failure(.lost(words))
        }
    }

    /// The head of the final response (not a `100 Continue`).
    private func finalHead() -> HTTPHead? {
        guard let handle else { return nil }
        var status = 0
        guard folio_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status) == CURLE_OK, status > 0 else { return nil }
        return HTTPHead(status: status, headers: headerLines)
    }

    // MARK: libcurl's callbacks, on the thread in run()

    fileprivate func receivedHeader(_ line: UnsafeBufferPointer<UInt8>) {
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("HTTP/") {
            headerLines = [:]  // a new response: after 100 Continue
            following = false
        } else if let colon = text.firstIndex(of: ":") {
            let name = text[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            headerLines[name] = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        } else if text.isEmpty, !followsThisHop {
            lastProgress = Self.now()  // a whole head
        } else if text.isEmpty, followsThisHop, let handle {
            lastProgress = Self.now()
            // The head is complete: a redirect with a place to go is followed, not received.
            var status = 0
            _ = folio_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
            following = [301, 302, 303, 307, 308].contains(status) && headerLines["location"] != nil
        }
    }

    fileprivate func receivedBody(_ piece: UnsafeBufferPointer<UInt8>) -> Bool {
        if isCancelled { return false }
        if following { return true }
        if head == nil { head = finalHead() }
        guard let head else { return false }
        if receiver(head, Data(buffer: piece)) { return true }
        stopped = true
        return false
    }

    /// The next piece of the upload into `buffer`: its length, 0 at the end, nil when the file failed.
    fileprivate func readUpload(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        guard let upload = request.upload, uploaded < upload.size else { return 0 }
        let wanted = Int(min(UInt64(buffer.count), upload.size - uploaded))
        var count = 0
        repeat {
            count = pread(upload.descriptor, buffer.baseAddress, wanted, off_t(clamping: uploaded))
        } while count < 0 && errno == EINTR
        // A file that shrank or failed under the transfer ends it: the server must not take a short body.
        guard count > 0 else {
            uploadFailed = true
            return nil
        }
        uploaded += UInt64(count)
        upload.sent?(uploaded)
        return count
    }

    fileprivate func socketOpened(_ socket: Int32) {
        openSockets[socket] = 0
    }

    fileprivate func socketClosing(_ socket: Int32) {
        let last = openSockets.removeValue(forKey: socket) ?? 0
        closedSocketsMoved &+= max(last, TCPCounters.read(socket)?.moved ?? 0)
    }

    /// Bytes moved both ways on the transfer's connections as the kernel counts them: headers,
    /// TLS and all, which libcurl's own counts (bodies only) leave out.
    private func movedOnSockets() -> Int {
        var total = closedSocketsMoved
        for (socket, last) in openSockets {
            let now = max(last, TCPCounters.read(socket)?.moved ?? 0)
            openSockets[socket] = now
            total &+= now
        }
        return Int(clamping: total)
    }

    /// Whether to end the transfer now: cancelled, past its total, or less than the minimum rate
    /// (`reported`: what libcurl counted both ways) over the window just ended. libcurl asks at
    /// least once a second, connecting included.
    fileprivate func shouldStop(moved reported: Int, sent: Int) -> Bool {
        if isCancelled { return true }
        let moved = max(reported, movedOnSockets())
        let now = Self.now()
        let limits = request.limits
        if Double(now &- started) / 1e9 >= limits.total {
            timedOut = .total(seconds: limits.total)
            return true
        }
        if let progress = limits.progress {
            let steps = progressCount?() ?? 0
            if sent > sentAtLastProgress || steps != stepsAtLastProgress {
                (lastProgress, sentAtLastProgress, stepsAtLastProgress) = (now, sent, steps)
            } else if Double(now &- lastProgress) / 1e9 >= progress {
                timedOut = .stalled(seconds: progress)
                return true
            }
        }
        guard Double(now &- windowStart) / 1e9 >= limits.window else { return false }
        let spell = moved - movedAtWindowStart
        (windowStart, movedAtWindowStart) = (now, moved)
        let needed = Double(limits.minimumBytesPerSecond) * limits.window
        guard Double(spell) < needed else { return false }
        timedOut =
            spell <= 0 ? .silence(seconds: limits.window) : .tooSlow(bytesPerSecond: limits.minimumBytesPerSecond, seconds: limits.window)
        return true
    }

    private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// `seconds` as libcurl's milliseconds, at least one and at most a week.
    private static func milliseconds(_ seconds: Double) -> Int {
        guard seconds.isFinite, seconds > 0 else { return 7 * 24 * 3_600_000 }
        return Int(min(max(seconds * 1000, 1), 7 * 24 * 3_600_000))
    }
}

// C callbacks cannot capture: each finds its transfer through the pointer libcurl hands back.

private let headerCallback: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
    data, size, count, context in
    guard let data, let context, case (let total, let overflow) = size.multipliedReportingOverflow(by: count), !overflow else { return 0 }
    let transfer = Unmanaged<HTTPTransfer>.fromOpaque(context).takeUnretainedValue()
    data.withMemoryRebound(to: UInt8.self, capacity: total) { transfer.receivedHeader(UnsafeBufferPointer(start: $0, count: total)) }
    return total
}

private let bodyCallback: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
    data, size, count, context in
    guard let data, let context, case (let total, let overflow) = size.multipliedReportingOverflow(by: count), !overflow else { return 0 }
    let transfer = Unmanaged<HTTPTransfer>.fromOpaque(context).takeUnretainedValue()
    let keepGoing = data.withMemoryRebound(to: UInt8.self, capacity: total) {
        transfer.receivedBody(UnsafeBufferPointer(start: $0, count: total))
    }
    // Anything but the whole count makes libcurl stop with CURLE_WRITE_ERROR.
    return keepGoing ? total : 0
}

private let readCallback: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
    data, size, count, context in
    guard let data, let context, case (let total, let overflow) = size.multipliedReportingOverflow(by: count), !overflow else {
        return Int(CURL_READFUNC_ABORT)
    }
    let transfer = Unmanaged<HTTPTransfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.readUpload(into: UnsafeMutableRawBufferPointer(start: data, count: total)) ?? Int(CURL_READFUNC_ABORT)
}

private let progressCallback: @convention(c) (UnsafeMutableRawPointer?, curl_off_t, curl_off_t, curl_off_t, curl_off_t) -> Int32 = {
    context, _, received, _, sent in
    guard let context else { return 1 }
    let moved = Int(clamping: received).addingReportingOverflow(Int(clamping: sent))
    return Unmanaged<HTTPTransfer>.fromOpaque(context).takeUnretainedValue().shouldStop(
        moved: moved.overflow ? .max : moved.partialValue, sent: Int(clamping: sent)) ? 1 : 0
}

private let socketOpenedCallback: @convention(c) (UnsafeMutableRawPointer?, Int32, curlsocktype) -> Int32 = { context, socket, _ in
    guard let context else { return 0 }
    Unmanaged<HTTPTransfer>.fromOpaque(context).takeUnretainedValue().socketOpened(socket)
    return 0  // CURL_SOCKOPT_OK
}

private let socketClosingCallback: @convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32 = { context, socket in
    if let context { Unmanaged<HTTPTransfer>.fromOpaque(context).takeUnretainedValue().socketClosing(socket) }
    return close(socket)
}
