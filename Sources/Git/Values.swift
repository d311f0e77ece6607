import Clibgit2
import Foundation

/// A git object id, held as its 40-character lowercase hexadecimal form.
public struct OID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The 40 lowercase hexadecimal digits of the SHA-1.
    public let hex: String

    /// An id from 40 hexadecimal digits (either case), or nil when `hex` is anything else.
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.count == Int(GIT_OID_HEXSZ), digits.allSatisfy(\.isHexDigit) else { return nil }
        self.hex = hex.lowercased()
    }

    init(_ raw: git_oid) {
        var raw = raw
        var buffer = [CChar](repeating: 0, count: Int(GIT_OID_HEXSZ) + 1)
        // git_oid_fmt writes exactly GIT_OID_HEXSZ digits and no terminator.
        _ = git_oid_fmt(&buffer, &raw)
        self.hex = String(decoding: buffer.prefix(Int(GIT_OID_HEXSZ)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The first seven digits, as git abbreviates.
    public var short: String { String(hex.prefix(7)) }

    public var description: String { hex }

    public static func < (lhs: OID, rhs: OID) -> Bool { lhs.hex < rhs.hex }

    /// The C form of this id; `hex` is validated on construction, so parsing cannot fail.
    var raw: git_oid {
        var raw = git_oid()
        _ = git_oid_fromstrn(&raw, hex, hex.utf8.count)
        return raw
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
    }
}

/// Who made a change and when, as recorded in a commit.
public struct Signature: Hashable, Sendable {
    public var name: String
    public var email: String
    /// The moment, to whole seconds (git stores no fractions).
    public var time: Date
    /// The author's offset from UTC in minutes, e.g. 60 for +0100.
    public var offsetMinutes: Int

    /// A signature; `time` defaults to now and `offsetMinutes` to the current time zone's offset at `time`.
    public init(name: String, email: String, time: Date = Date(), offsetMinutes: Int? = nil) {
        self.name = name
        self.email = email
        let seconds = time.timeIntervalSince1970.rounded(.down)
        self.time = Date(timeIntervalSince1970: seconds)
        self.offsetMinutes = offsetMinutes ?? TimeZone.current.secondsFromGMT(for: time) / 60
    }

    init(_ raw: git_signature) {
        self.name = raw.name.map { String(cString: $0) } ?? ""
        self.email = raw.email.map { String(cString: $0) } ?? ""
        self.time = Date(timeIntervalSince1970: TimeInterval(raw.when.time))
        self.offsetMinutes = Int(raw.when.offset)
    }

    /// Runs `body` with a C signature built from this one; libgit2 rejects names or emails containing `<`, `>` or newlines.
    func withRaw<R>(_ body: (UnsafePointer<git_signature>) throws -> R) throws -> R {
        try requireNoNUL(name, "git_signature_new")
        try requireNoNUL(email, "git_signature_new")
        let seconds = time.timeIntervalSince1970
        // Converting a non-finite or absurd Double to an integer would trap.
        guard seconds.isFinite, abs(seconds) < 1e15 else {
            throw GitError(code: .invalid, message: "signature time out of range: \(time)", function: "git_signature_new")
        }
        var pointer: UnsafeMutablePointer<git_signature>?
        try check(
            git_signature_new(&pointer, name, email, git_time_t(seconds), Int32(clamping: offsetMinutes)),
            "git_signature_new")
        defer { git_signature_free(pointer) }
        guard let pointer else {
            throw GitError(code: .other(-1), message: "no signature returned", function: "git_signature_new")
        }
        return try body(pointer)
    }
}

/// One commit, read out of the repository into plain values.
public struct Commit: Hashable, Sendable {
    public var oid: OID
    /// The full message, as stored.
    public var message: String
    /// The first paragraph of the message, on one line.
    public var summary: String
    public var author: Signature
    public var committer: Signature
    /// Parent ids; the first is the branch the commit was made on.
    public var parents: [OID]
    /// The committer's time.
    public var time: Date
}

/// Fails when a string for C contains NUL, which C would silently truncate.
func requireNoNUL(_ string: String, _ function: String) throws {
    if string.utf8.contains(0) {
        throw GitError(code: .invalid, message: "string contains a NUL byte: \(string.debugDescription)", function: function)
    }
}

/// Fails unless `path` is a plain relative path inside the working directory, since libgit2
/// silently ignores some escaping paths (removing `../x` from the index "succeeds").
func requireRelativePath(_ path: String, _ function: String) throws {
    try requireNoNUL(path, function)
    let components = path.split(separator: "/", omittingEmptySubsequences: false)
    if path.isEmpty || path.hasPrefix("/") || components.contains(where: { $0 == "." || $0 == ".." || $0.isEmpty }) {
        throw GitError(
            code: .invalid, message: "not a relative path inside the working directory: \(path.debugDescription)", function: function)
    }
}

/// Runs `body` with a C string array holding `strings`, freeing it afterwards.
func withStrArray<R>(_ strings: [String], _ function: String, _ body: (UnsafeMutablePointer<git_strarray>) throws -> R) throws -> R {
    for string in strings { try requireNoNUL(string, function) }
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    defer { pointers.forEach { free($0) } }
    if pointers.contains(where: { $0 == nil }) {
        throw GitError(code: .other(-1), message: "out of memory", function: function)
    }
    return try pointers.withUnsafeMutableBufferPointer { buffer in
        var array = git_strarray(strings: buffer.baseAddress, count: buffer.count)
        return try body(&array)
    }
}

/// Copies a C string returned by libgit2, or nil for a NULL pointer.
func string(_ pointer: UnsafePointer<CChar>?) -> String? {
    pointer.map { String(cString: $0) }
}
