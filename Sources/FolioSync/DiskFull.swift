import FolioCore
import FolioCrypt
import Foundation
import Git

/// A failure because the disk holding the vault is full, or the user's quota is spent: told by
/// the system's error number (libgit2's, read back by ``Git/GitError/systemError``, or
/// Foundation's), never by words.
enum DiskFull {
    static let numbers: Set<Int32> = [ENOSPC, EDQUOT]

    static func recognises(_ error: any Error) -> Bool {
        if let failure = error as? TransportFailure, case .diskFull = failure { return true }
        return [.diskFull, .quotaExceeded].contains(SystemTrouble.reason(of: error))
    }
}

/// The reason a git or system failure gives, in the user's words when the disk is why (full,
/// over quota, failing: ENOSPC, EDQUOT, EIO), by number, never by words.
enum SystemTrouble {
    static func reason(of error: any Error) -> SystemReason {
        if let git = error as? GitError { return SystemReason(errno: git.systemError, words: git.message) }
        if let failure = error as? TransportFailure, case .diskFull = failure { return .diskFull }
        let reason = SystemReason(error)
        if case .other = reason { return .other(error.gitReason) }
        return reason
    }
}

extension FolioError {
    /// Git failed while folio did `operation`: said as that command's failure (never as another's),
    /// in the user's words when the disk is why. An encryption problem keeps its own message.
    static func git(_ error: any Error, during operation: GitOperation, file: String? = nil) -> FolioError {
        if let error = error as? FolioError { return error }
        if let problem = error as? CryptProblem { return FolioError(problem.message()) }
        return FolioError(.gitFailed(operation, SystemTrouble.reason(of: error)), file: file)
    }
}
