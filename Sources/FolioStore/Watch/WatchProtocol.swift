#if canImport(Glibc)
    import Glibc
#endif

/// What `folio watch` and the commands say to each other over the vault's socket: one request line,
/// one reply, then the server closes.
///
///     changes <instance> <sequence>\n      (or `changes - -` for a catalog that has no token)
///     folio-watch 1\ntoken <instance> <sequence>\nall\nend\n
///     folio-watch 1\ntoken <instance> <sequence>\nchanged <count>\n<path>\0…<path>\0end\n
///     status\n  →  folio-watch 1\nstatus\npid <pid>\n…\nroot <device> <inode>\nend\n
///
/// A reply is believed only whole and as the server writes it: the exact header, a token, `all` or
/// exactly `count` paths (each relative to the vault, no `.` or `..` part, no empty part), the
/// closing `end`, nothing after, every number in its one spelling (so a reply read is the reply
/// ``encode(_:)-(Changes)`` writes for it). Anything else and the command walks the vault as if
/// no watcher ran.
public enum WatchProtocol {
    static let header = "folio-watch 1\n"
    /// The most paths a reply may name, and its most bytes: past these a full walk is cheaper.
    static let maxPaths = 1_000_000
    static let maxReplyBytes = 64 << 20
    static let maxPathBytes = 4_096
    /// The longest request line the watcher reads.
    static let maxRequestBytes = 128
    /// The watcher's answer to a line it does not take (longer than ``maxRequestBytes``, not sent
    /// within its time, not a request): no command believes it, so each walks the vault instead.
    static let refusal = Array((header + "refused: not a request of one line of at most \(maxRequestBytes) bytes\nend\n").utf8)

    /// A point in one watcher's stream of changes: the watcher's random instance (a new one each
    /// time it starts or has lost events) and how many changes it had seen.
    public struct Token: Sendable, Equatable {
        public var instance: UInt64
        public var sequence: UInt64

        public init(instance: UInt64, sequence: UInt64) {
            self.instance = instance
            self.sequence = sequence
        }

        /// No watcher's token: what a catalog written without a watcher holds.
        public static let none = Token(instance: 0, sequence: 0)
        public var isNone: Bool { instance == 0 }
    }

    /// What the watcher answered to "what changed since this token".
    public enum Changes: Sendable, Equatable {
        /// It cannot say (another instance, events lost, too long ago): walk everything.
        case all(now: Token)
        /// These paths (vault-relative bytes) may have changed, and nothing else did.
        case changed(now: Token, paths: [[UInt8]])

        public var now: Token {
            switch self {
            case .all(let now), .changed(let now, _): now
            }
        }
    }

    /// A server's status reply, for `folio watch status`.
    public struct Status: Sendable, Equatable {
        public var pid: Int32
        public var folders: Int
        public var startedSeconds: Int64
        public var changes: UInt64
        public var answers: UInt64
        public var rescans: Int
        /// The folder it watches, as `<device> <inode>`; nil from a server that does not say. A
        /// vault copied by hard links (`cp -al`) shares its socket: this tells whose watcher it is.
        public var root: String? = nil
    }

    static func changesRequest(since token: Token) -> [UInt8] {
        Array((token.isNone ? "changes - -\n" : "changes \(hex(token.instance)) \(token.sequence)\n").utf8)
    }

    /// The reply for `changes`, as the server sends it.
    public static func encode(_ changes: Changes) -> [UInt8] {
        var out = Array(header.utf8)
        out += Array("token \(hex(changes.now.instance)) \(changes.now.sequence)\n".utf8)
        switch changes {
        case .all:
            out += Array("all\nend\n".utf8)
        case .changed(_, let paths):
            out += Array("changed \(paths.count)\n".utf8)
            for path in paths {
                out += path
                out.append(0)
            }
            out += Array("end\n".utf8)
        }
        return out
    }

    /// The reply for `status`, as the server sends it.
    public static func encode(_ status: Status) -> [UInt8] {
        Array(
            (header
                + "status\npid \(status.pid)\nfolders \(status.folders)\nstarted \(status.startedSeconds)\n"
                + "changes \(status.changes)\nanswers \(status.answers)\nrescans \(status.rescans)\n"
                + (status.root.map { "root \($0)\n" } ?? "") + "end\n").utf8)
    }

    /// The request in `line` (without its newline): `changes` with its token (nil token: none given),
    /// `status` or `stop`; nil for anything else.
    enum Request: Equatable {
        case changes(Token)
        case status
        case stop
    }

    static func request(_ line: [UInt8]) -> Request? {
        guard line.count < 128, let text = String(validating: line, as: UTF8.self) else { return nil }
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        switch words.first {
        case "status" where words.count == 1: return .status
        case "stop" where words.count == 1: return .stop
        case "changes" where words.count == 3:
            if words[1] == "-" && words[2] == "-" { return .changes(.none) }
            guard let instance = UInt64(words[1], radix: 16), instance != 0, let sequence = UInt64(words[2]) else { return nil }
            return .changes(Token(instance: instance, sequence: sequence))
        default: return nil
        }
    }

    /// The changes in a whole reply, or nil when it is not exactly one.
    public static func changes(_ reply: [UInt8]) -> Changes? {
        var cursor = LineCursor(reply)
        guard cursor.line() == Array(header.utf8.dropLast()), let token = cursor.token() else { return nil }
        switch cursor.line().flatMap({ String(validating: $0, as: UTF8.self) }) {
        case "all":
            guard cursor.line() == Array("end".utf8), cursor.atEnd else { return nil }
            return .all(now: token)
        case let line? where line.hasPrefix("changed "):
            let countText = line.dropFirst("changed ".count)
            guard let count = Int(countText), String(count) == countText, count <= maxPaths else { return nil }
            var paths: [[UInt8]] = []
            paths.reserveCapacity(min(count, 65_536))
            for _ in 0..<count {
                guard let path = cursor.upTo(0), isVaultRelative(path) else { return nil }
                paths.append(path)
            }
            guard cursor.line() == Array("end".utf8), cursor.atEnd else { return nil }
            return .changed(now: token, paths: paths)
        default:
            return nil
        }
    }

    /// The status in a whole reply, or nil when it is not exactly one.
    public static func status(_ reply: [UInt8]) -> Status? {
        var cursor = LineCursor(reply)
        guard cursor.line() == Array(header.utf8.dropLast()), cursor.line() == Array("status".utf8) else { return nil }
        var fields: [String: String] = [:]
        while let line = cursor.line(), line != Array("end".utf8) {
            guard let text = String(validating: line, as: UTF8.self), let space = text.firstIndex(of: " ") else { return nil }
            fields[String(text[..<space])] = String(text[text.index(after: space)...])
        }
        guard cursor.atEnd, let pid = fields["pid"].flatMap({ Int32($0) }), let folders = fields["folders"].flatMap({ Int($0) }),
            let started = fields["started"].flatMap({ Int64($0) }), let changes = fields["changes"].flatMap({ UInt64($0) }),
            let answers = fields["answers"].flatMap({ UInt64($0) }), let rescans = fields["rescans"].flatMap({ Int($0) })
        else { return nil }
        return Status(
            pid: pid, folders: folders, startedSeconds: started, changes: changes, answers: answers, rescans: rescans, root: fields["root"])
    }

    /// A path the catalog may look up: relative, no empty, `.` or `..` part, no NUL, not too long.
    static func isVaultRelative(_ path: [UInt8]) -> Bool {
        guard !path.isEmpty, path.count <= maxPathBytes else { return false }
        for part in path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            if part.isEmpty || part.elementsEqual([UInt8(ascii: ".")]) || part.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) {
                return false
            }
        }
        return true
    }

    static func hex(_ value: UInt64) -> String { String(value, radix: 16) }

    /// The folder at `path` as a status names it (`<device> <inode>`, links followed); nil when it cannot be read.
    static func identity(ofFolder path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return "\(info.st_dev) \(info.st_ino)"
    }

    private struct LineCursor {
        let bytes: [UInt8]
        var position = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { position == bytes.count }

        mutating func upTo(_ terminator: UInt8) -> [UInt8]? {
            guard let end = bytes[position...].firstIndex(of: terminator) else { return nil }
            defer { position = end + 1 }
            return Array(bytes[position..<end])
        }

        mutating func line() -> [UInt8]? {
            guard let line = upTo(UInt8(ascii: "\n")), line.count <= WatchProtocol.maxPathBytes else { return nil }
            return line
        }

        mutating func token() -> Token? {
            guard let line = line(), let text = String(validating: line, as: UTF8.self) else { return nil }
            let words = text.split(separator: " ", omittingEmptySubsequences: false)
            guard words.count == 3, words[0] == "token", let instance = UInt64(words[1], radix: 16), instance != 0,
                WatchProtocol.hex(instance) == words[1], let sequence = UInt64(words[2]), String(sequence) == words[2]
            else { return nil }
            return Token(instance: instance, sequence: sequence)
        }
    }
}
