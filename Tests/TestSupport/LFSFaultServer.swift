import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A Git LFS server on 127.0.0.1 that keeps objects in memory and answers the batch API and
/// basic transfers as the spec says, unless a fault is set: a status for the batch request, a
/// status per object, `Retry-After`, a stall, a truncated or altered download body. It records
/// every request (method, path, `Authorization`) so tests see what the client sent where.
///
/// Faults a real server does not produce on demand are why it exists; giftless is the real one.
public final class LFSFaultServer: @unchecked Sendable {
    public struct Request: Sendable {
        public var method: String
        public var path: String
        public var authorization: String?
    }

    /// What one request gets instead of the right answer.
    public enum Fault: Sendable {
        /// This status (with `Retry-After` when given) and an LFS error body.
        case status(Int, retryAfter: Int? = nil)
        /// The connection is accepted and never answered.
        case stall
        /// A download's body stops after this many bytes (the header promises all of them).
        case truncate(Int)
        /// A download's body has the right length and other bytes.
        case wrongBytes
        /// A download's body stops after this many bytes and the connection stays open, silent,
        /// until the client closes it (a test kills the client in the middle of a body).
        case stallAfter(Int)
        /// `302 Found` with this `Location`, and nothing else.
        case redirect(String)
        /// The answer a byte at a time, one every this many seconds: a download's body (after its
        /// header), else the whole reply (a PUT's `200`), until the client hangs up.
        case trickle(every: Double)
    }

    private let listener: Listener
    private let thread: Thread
    private let state = Locked(State())

    struct State {
        var objects: [String: [UInt8]] = [:]
        var requests: [Request] = []
        /// Faults for the next batch requests, in order; then none.
        var batchFaults: [Fault] = []
        /// Per object id: the fault its transfer gets (every time).
        var objectFaults: [String: Fault] = [:]
        /// Per object id: a status in the batch reply's `error` for that object.
        var objectErrors: [String: Int] = [:]
        /// Faults for the next transfers (PUT or GET), in order.
        var transferFaults: [Fault] = []
        /// When set, requests without this exact Authorization get 401 with LFS-Authenticate.
        var requiredAuthorization: String?
        /// Where actions point; nil for this server.
        var actionBase: String?
        var address = "127.0.0.1"
    }

    public var port: Int { listener.port }
    /// The address it listens on: 127.0.0.1 unless another was asked for (127.0.0.2 is another
    /// host to a client comparing origins, and still this machine).
    public let address: String
    public var url: String { "http://\(address):\(port)/me/vault.git/info/lfs" }

    public init(address: String = "127.0.0.1") throws {
        let listener = try Listener(address: address)
        self.listener = listener
        self.address = address
        let state = self.state
        state.withValue { $0.address = address }
        thread = Thread {
            while true {
                let client = accept(listener.descriptor, nil, nil)
                if client < 0 { return }
                Thread.detachNewThread { Self.serve(client, state: state, port: listener.port) }
            }
        }
        thread.start()
    }

    deinit {
        shutdown(listener.descriptor, Int32(SHUT_RDWR))
    }

    public var requests: [Request] { state.current.requests }
    public func object(_ oid: String) -> [UInt8]? { state.current.objects[oid] }
    public func store(_ oid: String, _ bytes: [UInt8]) { state.withValue { $0.objects[oid] = bytes } }
    public func failBatches(_ faults: [Fault]) { state.withValue { $0.batchFaults = faults } }
    public func failTransfers(_ faults: [Fault]) { state.withValue { $0.transferFaults = faults } }
    public func fail(object oid: String, _ fault: Fault) { state.withValue { $0.objectFaults[oid] = fault } }
    public func refuse(object oid: String, status: Int) { state.withValue { $0.objectErrors[oid] = status } }
    public func requireAuthorization(_ value: String?) { state.withValue { $0.requiredAuthorization = value } }
    /// Makes actions point at another base URL (another host), as servers backed by object storage do.
    public func pointActions(at base: String?) { state.withValue { $0.actionBase = base } }

    private static func serve(_ client: Int32, state: Locked<State>, port: Int) {
        defer { close(client) }
        guard let (head, body) = readRequest(client) else { return }
        let lines = head.split(separator: "\r\n").map(String.init)
        let parts = (lines.first ?? "").split(separator: " ").map(String.init)
        guard parts.count >= 2 else { return }
        let (method, path) = (parts[0], parts[1])
        let authorization = lines.first { $0.lowercased().hasPrefix("authorization:") }.map {
            String($0.dropFirst("authorization:".count)).trimmingCharacters(in: .whitespaces)
        }
        state.withValue { $0.requests.append(Request(method: method, path: path, authorization: authorization)) }
        let snapshot = state.current
        if path.hasSuffix("/objects/batch") {
            if let required = snapshot.requiredAuthorization, authorization != required {
                return send(
                    client, status: 401, headers: ["LFS-Authenticate": "Basic realm=\"folio\""], body: message("credentials needed"))
            }
            let fault = state.withValue { $0.batchFaults.isEmpty ? nil : $0.batchFaults.removeFirst() }
            if let fault { return apply(fault, client) }
            return batch(client, body: body, state: snapshot, port: port)
        }
        guard let oid = path.split(separator: "/").last.map(String.init) else { return send(client, status: 404, body: []) }
        if path.hasSuffix("/verify") { return send(client, status: 200, body: []) }
        let fault = state.withValue { $0.transferFaults.isEmpty ? $0.objectFaults[oid] : $0.transferFaults.removeFirst() }
        switch method {
        case "PUT":
            if let fault { return apply(fault, client) }
            state.withValue { $0.objects[oid] = body }
            send(client, status: 200, body: [])
        case "GET":
            guard let bytes = snapshot.objects[oid] else { return send(client, status: 404, body: message("no such object")) }
            switch fault {
            case .truncate(let count)?:
                let header = "HTTP/1.1 200 OK\r\nContent-Length: \(bytes.count)\r\nConnection: close\r\n\r\n"
                writeAll(client, Array(header.utf8) + Array(bytes.prefix(count)))
            case .stallAfter(let count)?:
                let header = "HTTP/1.1 200 OK\r\nContent-Length: \(bytes.count)\r\nConnection: close\r\n\r\n"
                writeAll(client, Array(header.utf8) + Array(bytes.prefix(count)))
                var byte: UInt8 = 0
                _ = read(client, &byte, 1)
            case .wrongBytes?:
                send(client, status: 200, body: bytes.map { $0 ^ 0xFF })
            case .trickle(let seconds)?:
                let header = "HTTP/1.1 200 OK\r\nContent-Length: \(bytes.count)\r\nConnection: close\r\n\r\n"
                writeAll(client, Array(header.utf8))
                trickle(client, bytes, every: seconds)
            case let other?:
                apply(other, client)
            case nil:
                send(client, status: 200, body: bytes)
            }
        default:
            send(client, status: 405, body: [])
        }
    }

    private static func batch(_ client: Int32, body: [UInt8], state: State, port: Int) {
        guard let request = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
            let operation = request["operation"] as? String, let objects = request["objects"] as? [[String: Any]]
        else { return send(client, status: 422, body: message("not a batch request")) }
        let base = state.actionBase ?? "http://\(state.address):\(port)/me/vault.git/info/lfs"
        var answers: [[String: Any]] = []
        for object in objects {
            guard let oid = object["oid"] as? String, let size = object["size"] as? Int else { continue }
            var answer: [String: Any] = ["oid": oid, "size": size, "authenticated": true]
            if let status = state.objectErrors[oid] {
                answer["error"] = ["code": status, "message": "refused by the test"]
            } else if operation == "upload" {
                if state.objects[oid] == nil {
                    answer["actions"] = [
                        "upload": ["href": "\(base)/objects/\(oid)", "header": ["X-Test": "upload"]],
                        "verify": ["href": "\(base)/objects/verify"],
                    ]
                }
            } else if state.objects[oid] != nil {
                answer["actions"] = ["download": ["href": "\(base)/objects/\(oid)"]]
            } else {
                answer["error"] = ["code": 404, "message": "Object does not exist"]
            }
            answers.append(answer)
        }
        let reply = (try? JSONSerialization.data(withJSONObject: ["transfer": "basic", "objects": answers])) ?? Data()
        send(client, status: 200, headers: ["Content-Type": "application/vnd.git-lfs+json"], body: [UInt8](reply))
    }

    private static func apply(_ fault: Fault, _ client: Int32) {
        switch fault {
        case .status(let status, let retryAfter):
            send(client, status: status, headers: retryAfter.map { ["Retry-After": String($0)] } ?? [:], body: message("fault \(status)"))
        case .stall:
            // Holds the connection open, silent, until the client gives up and closes it.
            var byte: UInt8 = 0
            _ = read(client, &byte, 1)
        case .redirect(let location):
            send(client, status: 302, headers: ["Location": location], body: message("moved"))
        case .trickle(let seconds):
            trickle(client, Array("HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8), every: seconds)
        case .truncate, .wrongBytes, .stallAfter:
            send(client, status: 500, body: [])
        }
    }

    /// Sends `bytes` one at a time, `seconds` apart, until all are sent or the client is gone
    /// (MSG_NOSIGNAL: a client that hung up must not end the test process with SIGPIPE).
    private static func trickle(_ client: Int32, _ bytes: [UInt8], every seconds: Double) {
        for byte in bytes {
            var one = byte
            guard Glibc.send(client, &one, 1, Int32(MSG_NOSIGNAL)) == 1 else { return }
            Thread.sleep(forTimeInterval: seconds)
        }
    }

    private static func message(_ text: String) -> [UInt8] {
        Array("{\"message\":\"\(text)\"}".utf8)
    }

    private static func send(_ client: Int32, status: Int, headers: [String: String] = [:], body: [UInt8]) {
        var head = "HTTP/1.1 \(status) Status\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        writeAll(client, Array((head + "\r\n").utf8) + body)
    }

    private static func writeAll(_ client: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
            if count <= 0 { return }
            offset += count
        }
    }

    /// The request's head (up to the blank line) and its body of Content-Length bytes.
    private static func readRequest(_ client: Int32) -> (String, [UInt8])? {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let end: [UInt8] = [13, 10, 13, 10]
        var headEnd: Int?
        while headEnd == nil {
            let count = read(client, &buffer, buffer.count)
            if count <= 0 { return nil }
            data.append(contentsOf: buffer[0..<count])
            if data.count >= 4 { headEnd = (0...(data.count - 4)).first { data[$0..<($0 + 4)].elementsEqual(end) } }
        }
        guard let headEnd else { return nil }
        let head = String(decoding: data[0..<headEnd], as: UTF8.self)
        let length =
            head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        var body = Array(data[(headEnd + 4)...])
        while body.count < length {
            let count = read(client, &buffer, min(buffer.count, length - body.count))
            if count <= 0 { break }
            body.append(contentsOf: buffer[0..<count])
        }
        return (head, body)
    }
}
