import Foundation
import Git

/// A failure because the disk holding the vault is full, or the user's quota is spent: told by
/// the system's error number (libgit2's, read back by ``Git/GitError/systemError``, or
/// Foundation's), never by words.
enum DiskFull {
    static let numbers: Set<Int32> = [ENOSPC, EDQUOT]

    static func recognises(_ error: any Error) -> Bool {
        if let git = error as? GitError { return git.systemError.map(numbers.contains) ?? false }
        if let failure = error as? TransportFailure, case .diskFull = failure { return true }
        let underlying = error as NSError
        if underlying.domain == NSPOSIXErrorDomain { return numbers.contains(Int32(underlying.code)) }
        return underlying.domain == NSCocoaErrorDomain && underlying.code == CocoaError.fileWriteOutOfSpace.rawValue
    }
}
