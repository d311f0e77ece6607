import LFSStore

/// Why objects did not go to, or come from, the LFS server: what the user can act on.
public enum LFSTransferFailure: Error, Sendable, Equatable {
    /// The server could not be reached, or the connection broke, after the retries.
    case unreachable(reason: String)
    /// 401: no credentials, or the ones sent were refused.
    case unauthorized(sentCredentials: Bool)
    /// 403: the credentials may not read (or write) these objects.
    case forbidden
    /// 404 for the whole endpoint: no LFS server there.
    case noServer(status: Int)
    /// The server does not have these objects (per-object 404 on download).
    case missingOnServer(oids: [String])
    /// 413 or 422 for an object: the server refuses its size or its id.
    case refused(oid: String, status: Int, message: String)
    /// 429 or 5xx still after the retries.
    case serverBusy(status: Int)
    /// Any other answer the protocol does not allow (a body that is not the batch JSON, a 3xx).
    case badReply(status: Int, reason: String)
    /// Downloaded bytes that do not hash to the object's id or have another size: not kept.
    case wrongBytes(oid: String, problem: LFSStoreProblem)
    /// A credential would have gone over plain HTTP to another machine: nothing was sent.
    case insecure(url: String)
    /// Writing to the local store failed (a full disk).
    case store(LFSStoreProblem)
    /// An upload to an endpoint this device has not confirmed (a synced `.lfsconfig` named it):
    /// nothing was asked or sent.
    case notConfirmed(endpoint: String)
    /// A 3xx from `url` (the batch endpoint or an action) to `location`: not followed, so nothing
    /// (and no credential) went there.
    case redirected(url: String, location: String)
    case cancelled
}

extension LFSTransferFailure: CustomStringConvertible {
    /// English for logs and libgit2; users read the catalog's words.
    public var description: String {
        switch self {
        case .unreachable(let reason): "the LFS server could not be reached: \(reason)"
        case .unauthorized(let sent): sent ? "the LFS server refused the credentials" : "the LFS server asks for credentials"
        case .forbidden: "the LFS server forbids this"
        case .noServer(let status): "no LFS server at this address (HTTP \(status))"
        case .missingOnServer(let oids): "the LFS server does not have \(oids.count) object(s)"
        case .refused(let oid, let status, let message): "the LFS server refused \(oid) (HTTP \(status)): \(message)"
        case .serverBusy(let status): "the LFS server is busy (HTTP \(status))"
        case .badReply(let status, let reason): "the LFS server's reply is not LFS (HTTP \(status)): \(reason)"
        case .wrongBytes(let oid, let problem): "\(oid): \(problem)"
        case .insecure(let url): "\(url): credentials are never sent over plain HTTP off this machine"
        case .store(let problem): "\(problem)"
        case .notConfirmed(let endpoint): "\(endpoint) is not confirmed on this device: nothing is uploaded there"
        case .redirected(let url, let location): "\(url) redirects to \(location), and folio follows no redirect of an LFS server"
        case .cancelled: "cancelled"
        }
    }
}
