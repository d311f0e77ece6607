import Foundation

/// Why the system refused a write or a read, in the user's language when it is about the disk
/// (full, over quota, failing): told by the error's number, never by its English words.
public enum SystemReason: Sendable, Equatable {
    /// ENOSPC.
    case diskFull
    /// EDQUOT.
    case quotaExceeded
    /// EIO.
    case ioError
    /// Any other reason, as the system or git words it.
    case other(String)

    /// The reason for an `errno`.
    public init(errno number: Int32) {
        switch number {
        case ENOSPC: self = .diskFull
        case EDQUOT: self = .quotaExceeded
        case EIO: self = .ioError
        default: self = .other(strerror(number).map { String(cString: $0) } ?? "error \(number)")
        }
    }

    /// The reason for an `errno` when there is one, else `words`.
    public init(errno number: Int32?, words: String) {
        if let number, [ENOSPC, EDQUOT, EIO].contains(number) { self.init(errno: number) } else { self = .other(words) }
    }

    /// The reason for Foundation's error (a POSIX error, or Cocoa's out of space), else its words.
    public init(_ error: any Error) {
        let underlying = error as NSError
        if underlying.domain == NSCocoaErrorDomain && underlying.code == CocoaError.fileWriteOutOfSpace.rawValue {
            self = .diskFull
            return
        }
        let posix = underlying.domain == NSPOSIXErrorDomain ? Int32(truncatingIfNeeded: underlying.code) : nil
        let nested = (underlying.userInfo[NSUnderlyingErrorKey] as? NSError).flatMap {
            $0.domain == NSPOSIXErrorDomain ? Int32(truncatingIfNeeded: $0.code) : nil
        }
        self.init(errno: posix ?? nested, words: underlying.localizedDescription)
    }

    /// Whether the disk itself is the trouble: full, over quota, or failing.
    public var isDiskTrouble: Bool {
        if case .other = self { return false }
        return true
    }

    var pair: (String, String) {
        switch self {
        case .diskFull: ("磁碟已滿", "the disk is full")
        case .quotaExceeded: ("磁碟配額已用完", "the disk quota is used up")
        case .ioError: ("磁碟讀寫錯誤（I/O 錯誤），磁碟可能正在損壞", "the disk could not be read or written (an I/O error; the disk may be failing)")
        case .other(let words): (words, words)
        }
    }
}

/// What folio was doing in git when git failed, named by the command the user ran.
public enum GitOperation: String, Sendable, Equatable {
    case sync
    case log
    case showAt = "show --at"
    case undo
    case status
    case commit
    case clone
    case initialise = "init"
    case crypt
    case check
    case config = "config set"
    case media
}
