import Ccurl
import Foundation

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

        public init(descriptor: Int32, size: UInt64) {
            (self.descriptor, self.size) = (descriptor, size)
        }
    }

    public var url: String
    public var method: Method
    /// Sent in this order, each as `name: value`.
    public var headers: [(name: String, value: String)]
    public var body: Data
    /// Whether a redirect is followed (at most five); otherwise its status is the answer.
    public var followsRedirects: Bool
    /// How long the transfer may go without receiving a byte, connecting included, in seconds.
    public var idleTimeout: Double
    /// For ``Method/put``: the file sent as the body.
    public var upload: Upload?
    /// The longest the whole transfer may take, in seconds; nil for no limit but ``idleTimeout``.
    public var deadline: Double?

    public init(
        url: String, method: Method = .get, headers: [(name: String, value: String)] = [], body: Data = Data(),
        followsRedirects: Bool = false, idleTimeout: Double = 60, upload: Upload? = nil, deadline: Double? = nil
    ) {
        (self.url, self.method, self.headers, self.body) = (url, method, headers, body)
        (self.followsRedirects, self.idleTimeout) = (followsRedirects, idleTimeout)
        (self.upload, self.deadline) = (upload, deadline)
    }
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
    case timedOut
    case cancelled
    /// The receiver asked to stop (``HTTPTransfer/init(_:receiver:)``).
    case stoppedByReceiver
    /// TLS failed; libcurl's words.
    case tls(String)
    /// Anything else; libcurl's words.
    case lost(String)
}

/// One request through libcurl, run on the calling thread until the response is complete.
///
/// The receiver gets the response's head and each piece of its body as they arrive, on the
/// thread that runs the transfer; answering false stops it. ``cancel()`` may be called from any
/// thread, before or during ``run()``: a transfer cancelled before it starts sends nothing.
public final class HTTPTransfer: @unchecked Sendable {
    public typealias Receiver = (_ head: HTTPHead, _ piece: Data) -> Bool

    private let request: HTTPRequest
    private let receiver: Receiver
    private let lock = NSLock()
    // Guarded by `lock`:
    private var cancelled = false
    // Touched only by the thread in run() and libcurl's callbacks on it:
    private var lastActivity: UInt64 = 0
    private var timedOut = false
    private var stopped = false
    private var uploaded: UInt64 = 0
    private var uploadFailed = false
    private var headerLines: [String: String] = [:]
    private var head: HTTPHead?
    private var handle: UnsafeMutableRawPointer?

    public init(_ request: HTTPRequest, receiver: @escaping Receiver) {
        self.request = request
        self.receiver = receiver
    }

    public func cancel() {
        lock.withLock { cancelled = true }
    }

    private var isCancelled: Bool { lock.withLock { cancelled } }

    /// ``run()`` on a thread of its own, so a transfer that blocks for minutes (a stream) holds no
    /// thread of the concurrency pool; cancelling the calling task cancels the transfer.
    public func response() async -> Result<HTTPHead, HTTPFailure> {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let thread = Thread { continuation.resume(returning: self.run()) }
                thread.name = "folio-http"
                thread.start()
            }
        } onCancel: {
            cancel()
        }
    }

    /// Sends the request and takes the whole response; the head when it came, else why not.
    /// An error status is an answer, not a failure.
    public func run() -> Result<HTTPHead, HTTPFailure> {
        if isCancelled { return .failure(.cancelled) }
        if let reason = Self.loadLibcurl() { return .failure(.unavailable(reason)) }
        guard let handle = folio_curl_easy_init() else { return .failure(.unavailable("libcurl could not make a handle")) }
        self.handle = handle
        let headers = Self.headerList(request.headers)
        defer {
            folio_curl_slist_free_all(headers)
            folio_curl_easy_cleanup(handle)
            self.handle = nil
        }
        return outcome(perform(handle, headers: headers))
    }

    /// The transfer itself: the body's bytes stay valid until libcurl is done with them.
    private func perform(_ handle: UnsafeMutableRawPointer, headers: UnsafeMutablePointer<curl_slist>?) -> CURLcode {
        request.body.withUnsafeBytes { bytes in
            configure(handle, headers: headers, body: bytes)
            lastActivity = Self.now()
            return folio_curl_easy_perform(handle)
        }
    }

    /// Nil when libcurl is ready; else why not, in its loader's words.
    private static func loadLibcurl() -> String? {
        var reason = [CChar](repeating: 0, count: 512)
        guard folio_curl_load(&reason, reason.count) != 1 else { return nil }
        return String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The request's headers as libcurl takes them (the caller frees the list).
    private static func headerList(_ headers: [(name: String, value: String)]) -> UnsafeMutablePointer<curl_slist>? {
        var list: UnsafeMutablePointer<curl_slist>?
        for (name, value) in headers {
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

    private func configure(_ handle: UnsafeMutableRawPointer, headers: UnsafeMutablePointer<curl_slist>?, body: UnsafeRawBufferPointer) {
        let me = Unmanaged.passUnretained(self).toOpaque()
        _ = folio_curl_set_pointer(handle, CURLOPT_URL, request.url)
        _ = folio_curl_set_pointer(handle, CURLOPT_HTTPHEADER, headers)
        // Threads, not signals, for timeouts: folio runs libcurl beside other threads.
        _ = folio_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
        _ = folio_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, request.followsRedirects ? 1 : 0)
        _ = folio_curl_set_long(handle, CURLOPT_MAXREDIRS, 5)
        _ = folio_curl_set_pointer(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        _ = folio_curl_set_pointer(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        // Whatever the server compresses with, unpacked by libcurl.
        _ = folio_curl_set_pointer(handle, CURLOPT_ACCEPT_ENCODING, "")
        _ = folio_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(request.idleTimeout))
        if request.method == .post {
            _ = folio_curl_set_long(handle, CURLOPT_POST, 1)
            _ = folio_curl_set_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
            if let bytes = body.baseAddress, !body.isEmpty {
                // Not copied: the bytes stay valid until run() returns.
                _ = folio_curl_set_pointer(handle, CURLOPT_POSTFIELDS, bytes)
            } else {
                _ = folio_curl_set_pointer(handle, CURLOPT_COPYPOSTFIELDS, "")
            }
        }
        if request.method == .put, let upload = request.upload {
            _ = folio_curl_set_long(handle, CURLOPT_UPLOAD, 1)
            _ = folio_curl_set_offset(handle, CURLOPT_INFILESIZE_LARGE, curl_off_t(clamping: upload.size))
            _ = folio_curl_set_data_function(handle, CURLOPT_READFUNCTION, readCallback)
            _ = folio_curl_set_pointer(handle, CURLOPT_READDATA, me)
        }
        if let deadline = request.deadline {
            _ = folio_curl_set_long(handle, CURLOPT_TIMEOUT_MS, Self.milliseconds(deadline))
        }
        _ = folio_curl_set_data_function(handle, CURLOPT_HEADERFUNCTION, headerCallback)
        _ = folio_curl_set_pointer(handle, CURLOPT_HEADERDATA, me)
        _ = folio_curl_set_data_function(handle, CURLOPT_WRITEFUNCTION, bodyCallback)
        _ = folio_curl_set_pointer(handle, CURLOPT_WRITEDATA, me)
        // The progress callback is how a cancel or an idle spell ends a transfer: libcurl calls it
        // at least once a second, even while nothing arrives.
        _ = folio_curl_set_long(handle, CURLOPT_NOPROGRESS, 0)
        _ = folio_curl_set_progress_function(handle, progressCallback)
        _ = folio_curl_set_pointer(handle, CURLOPT_XFERINFODATA, me)
    }

    private func outcome(_ code: CURLcode) -> Result<HTTPHead, HTTPFailure> {
        if code == CURLE_OK {
            if let head = head ?? finalHead() { return .success(head) }
            return .failure(.closedWithoutReply)
        }
        if stopped { return .failure(.stoppedByReceiver) }
        if uploadFailed { return .failure(.lost("the file being sent could not be read")) }
        if isCancelled { return .failure(.cancelled) }
        if timedOut { return .failure(.timedOut) }
        let words = String(cString: folio_curl_easy_strerror(code))
        switch code {
        case CURLE_OPERATION_TIMEDOUT: return .failure(.timedOut)
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

    /// The head of the final response (not a `100 Continue` or a redirect followed).
    private func finalHead() -> HTTPHead? {
        guard let handle else { return nil }
        var status = 0
        guard folio_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status) == CURLE_OK, status > 0 else { return nil }
        return HTTPHead(status: status, headers: headerLines)
    }

    // MARK: libcurl's callbacks, on the thread in run()

    fileprivate func receivedHeader(_ line: UnsafeBufferPointer<UInt8>) {
        lastActivity = Self.now()
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("HTTP/") {
            headerLines = [:]  // a new response: after 100 Continue, or a redirect followed
        } else if let colon = text.firstIndex(of: ":") {
            let name = text[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            headerLines[name] = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
    }

    fileprivate func receivedBody(_ piece: UnsafeBufferPointer<UInt8>) -> Bool {
        lastActivity = Self.now()
        if isCancelled { return false }
        if head == nil { head = finalHead() }
        guard let head else { return false }
        if receiver(head, Data(buffer: piece)) { return true }
        stopped = true
        return false
    }

    /// The next piece of the upload into `buffer`: its length, 0 at the end, nil when the file failed.
    fileprivate func readUpload(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        lastActivity = Self.now()
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
        return count
    }

    fileprivate func shouldStop() -> Bool {
        if isCancelled { return true }
        let idle = Double(Self.now() &- lastActivity) / 1e9
        if idle >= request.idleTimeout {
            timedOut = true
            return true
        }
        return false
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
    context, _, _, _, _ in
    guard let context else { return 1 }
    return Unmanaged<HTTPTransfer>.fromOpaque(context).takeUnretainedValue().shouldStop() ? 1 : 0
}
