import Clibgit2
import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The result of `git_libgit2_init`, computed once by Swift's thread-safe lazy global initialisation.
private let libraryInitialization: Int32 = {
    let code = git_libgit2_init()
    // libgit2 keeps no tree over 4 KiB in its object cache, and a folder of a large vault is a
    // tree of tens of kilobytes: a commit and the push after it would each read, inflate and hash
    // the same trees again, several times over.
    if code >= 0 { _ = git_shim_set_cache_object_limit(GIT_OBJECT_TREE, largestCachedTree) }
    // Every connection libgit2 opens resolves and connects within the operation's limits.
    if code >= 0 {
        let registered = SocketStream.register()
        if registered < 0 { return registered }
    }
    return code
}()

/// The largest tree libgit2 keeps in its object cache (whose whole size libgit2 bounds anyway).
let largestCachedTree = 4 << 20

/// Makes sure libgit2 is initialised before the first C call; safe to call from any thread, any number of times.
///
/// libgit2 installs its allocator in `git_libgit2_init`, so nothing may allocate before it runs.
/// Every way into this module (opening or creating a repository, merging files) calls this first.
func initializeLibrary() throws {
    try check(libraryInitialization, "git_libgit2_init")
}

/// Turns a libgit2 return code into a thrown ``GitError`` and passes non-negative codes through.
///
/// This is the single chokepoint for C results: the error is built from `git_error_last()`, which is
/// thread-local, and then cleared so a stale message can never be attached to a later failure.
/// `function` names the C function that produced `code`.
@discardableResult
func check(_ code: Int32, _ function: String) throws(GitError) -> Int32 {
    guard code < 0 else { return code }
    // Read before anything else can change it: some of libgit2's failures of the system (a full
    // disk while writing an object) come back as -1 with no message, and errno is all that says why.
    let number = errno
    throw GitError.last(code: code, function: function, errno: number)
}

/// Whether `code` succeeded, when some failures are answers rather than errors: `GIT_ENOTFOUND`
/// for "there is none", `GIT_ITEROVER` for "no more". One of `answers` gives false, with libgit2's
/// thread-local error cleared so it never attaches to a later failure; any other failure is thrown
/// as ``check(_:_:)`` throws it.
@discardableResult
func succeeded(_ code: Int32, _ function: String, unless answers: git_error_code...) throws(GitError) -> Bool {
    guard code < 0 else { return true }
    if answers.contains(where: { $0.rawValue == code }) {
        git_error_clear()
        return false
    }
    try check(code, function)
    return false
}

/// Whether `code` succeeded, for a caller whose answer to any failure is a fallback that is
/// itself correct: libgit2 doing the whole work instead of a fast path, an object reported
/// missing. A failure's error is cleared here, the one place besides ``check(_:_:)`` that reads it.
func succeededElseFallBack(_ code: Int32) -> Bool {
    guard code < 0 else { return true }
    git_error_clear()
    return false
}

/// Drops libgit2's last error, for a caller that throws its own, truer error for the same failure
/// (a transfer the watchdog stopped: libgit2 only saw its socket closed).
func discardLibraryError() {
    git_error_clear()
}

/// A failure reported by libgit2 (or by this binding on its behalf), with the C function that produced it.
public struct GitError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The libgit2 error code, mirroring `git_error_code`.
    public enum Code: Sendable, Hashable {
        case notFound, exists, ambiguous, bufferTooShort, user, bareRepo, unbornBranch, unmerged
        case nonFastForward, invalidSpec, conflict, locked, modified, auth, certificate, applied
        case peel, eof, invalid, uncommitted, directory, mergeConflict, passthrough, iterOver
        case retry, mismatch, indexDirty, applyFail, owner
        /// Any other code, including the generic `GIT_ERROR` (-1).
        case other(Int32)

        /// The code for a raw `git_error_code` value.
        public init(rawValue: Int32) {
            switch rawValue {
            case GIT_ENOTFOUND.rawValue: self = .notFound
            case GIT_EEXISTS.rawValue: self = .exists
            case GIT_EAMBIGUOUS.rawValue: self = .ambiguous
            case GIT_EBUFS.rawValue: self = .bufferTooShort
            case GIT_EUSER.rawValue: self = .user
            case GIT_EBAREREPO.rawValue: self = .bareRepo
            case GIT_EUNBORNBRANCH.rawValue: self = .unbornBranch
            case GIT_EUNMERGED.rawValue: self = .unmerged
            case GIT_ENONFASTFORWARD.rawValue: self = .nonFastForward
            case GIT_EINVALIDSPEC.rawValue: self = .invalidSpec
            case GIT_ECONFLICT.rawValue: self = .conflict
            case GIT_ELOCKED.rawValue: self = .locked
            case GIT_EMODIFIED.rawValue: self = .modified
            case GIT_EAUTH.rawValue: self = .auth
            case GIT_ECERTIFICATE.rawValue: self = .certificate
            case GIT_EAPPLIED.rawValue: self = .applied
            case GIT_EPEEL.rawValue: self = .peel
            case GIT_EEOF.rawValue: self = .eof
            case GIT_EINVALID.rawValue: self = .invalid
            case GIT_EUNCOMMITTED.rawValue: self = .uncommitted
            case GIT_EDIRECTORY.rawValue: self = .directory
            case GIT_EMERGECONFLICT.rawValue: self = .mergeConflict
            case GIT_PASSTHROUGH.rawValue: self = .passthrough
            case GIT_ITEROVER.rawValue: self = .iterOver
            case GIT_RETRY.rawValue: self = .retry
            case GIT_EMISMATCH.rawValue: self = .mismatch
            case GIT_EINDEXDIRTY.rawValue: self = .indexDirty
            case GIT_EAPPLYFAIL.rawValue: self = .applyFail
            case GIT_EOWNER.rawValue: self = .owner
            default: self = .other(rawValue)
            }
        }

        /// The raw `git_error_code` value.
        public var rawValue: Int32 {
            switch self {
            case .notFound: GIT_ENOTFOUND.rawValue
            case .exists: GIT_EEXISTS.rawValue
            case .ambiguous: GIT_EAMBIGUOUS.rawValue
            case .bufferTooShort: GIT_EBUFS.rawValue
            case .user: GIT_EUSER.rawValue
            case .bareRepo: GIT_EBAREREPO.rawValue
            case .unbornBranch: GIT_EUNBORNBRANCH.rawValue
            case .unmerged: GIT_EUNMERGED.rawValue
            case .nonFastForward: GIT_ENONFASTFORWARD.rawValue
            case .invalidSpec: GIT_EINVALIDSPEC.rawValue
            case .conflict: GIT_ECONFLICT.rawValue
            case .locked: GIT_ELOCKED.rawValue
            case .modified: GIT_EMODIFIED.rawValue
            case .auth: GIT_EAUTH.rawValue
            case .certificate: GIT_ECERTIFICATE.rawValue
            case .applied: GIT_EAPPLIED.rawValue
            case .peel: GIT_EPEEL.rawValue
            case .eof: GIT_EEOF.rawValue
            case .invalid: GIT_EINVALID.rawValue
            case .uncommitted: GIT_EUNCOMMITTED.rawValue
            case .directory: GIT_EDIRECTORY.rawValue
            case .mergeConflict: GIT_EMERGECONFLICT.rawValue
            case .passthrough: GIT_PASSTHROUGH.rawValue
            case .iterOver: GIT_ITEROVER.rawValue
            case .retry: GIT_RETRY.rawValue
            case .mismatch: GIT_EMISMATCH.rawValue
            case .indexDirty: GIT_EINDEXDIRTY.rawValue
            case .applyFail: GIT_EAPPLYFAIL.rawValue
            case .owner: GIT_EOWNER.rawValue
            case .other(let value): value
            }
        }
    }

    /// What went wrong, as libgit2 classifies it.
    public var code: Code
    /// The libgit2 error class (`git_error_t`, e.g. `GIT_ERROR_REFERENCE`), or 0 when libgit2 set none.
    public var klass: Int32
    /// libgit2's message, or this binding's when the failure was detected on the Swift side.
    public var message: String
    /// The C function that failed, e.g. `git_remote_push`.
    public var function: String
    /// The limit that ended a fetch or push (``TransferLimits``), when one did.
    public var transferLimit: TransferLimitHit?
    /// The system's `errno` when libgit2 failed without saying why (no class, no message).
    public var unexplainedErrno: Int32?

    /// An error with the given parts; used for failures this binding detects itself.
    public init(
        code: Code, klass: Int32 = 0, message: String, function: String, transferLimit: TransferLimitHit? = nil,
        unexplainedErrno: Int32? = nil
    ) {
        self.code = code
        self.klass = klass
        self.message = message
        self.function = function
        self.transferLimit = transferLimit
        self.unexplainedErrno = unexplainedErrno
    }

    public var description: String {
        "\(function) failed (\(code), class \(klass)): \(message)"
    }

    /// Which part of libgit2, or of the system under it, failed; from ``klass``.
    public var errorClass: ErrorClass { ErrorClass(rawValue: klass) }

    /// The libgit2 error classes (`git_error_t`) a caller tells apart; the rest are `.other`.
    public enum ErrorClass: Sendable, Hashable {
        /// No class: a failure this binding detected, or libgit2 set none.
        case none
        /// The operating system: a file, a socket (`systemError` holds its `errno`).
        case os
        /// The network: resolving, connecting, sending, receiving, the git protocol over it.
        case net
        case ssl, ssh, http
        /// A callback of the caller stopped the operation.
        case callback
        case other(Int32)

        public init(rawValue: Int32) {
            switch rawValue {
            case Int32(GIT_ERROR_NONE.rawValue): self = .none
            case Int32(GIT_ERROR_OS.rawValue): self = .os
            case Int32(GIT_ERROR_NET.rawValue): self = .net
            case Int32(GIT_ERROR_SSL.rawValue): self = .ssl
            case Int32(GIT_ERROR_SSH.rawValue): self = .ssh
            case Int32(GIT_ERROR_HTTP.rawValue): self = .http
            case Int32(GIT_ERROR_CALLBACK.rawValue): self = .callback
            default: self = .other(rawValue)
            }
        }

        public var rawValue: Int32 {
            switch self {
            case .none: Int32(GIT_ERROR_NONE.rawValue)
            case .os: Int32(GIT_ERROR_OS.rawValue)
            case .net: Int32(GIT_ERROR_NET.rawValue)
            case .ssl: Int32(GIT_ERROR_SSL.rawValue)
            case .ssh: Int32(GIT_ERROR_SSH.rawValue)
            case .http: Int32(GIT_ERROR_HTTP.rawValue)
            case .callback: Int32(GIT_ERROR_CALLBACK.rawValue)
            case .other(let value): value
            }
        }
    }

    /// For a failure of the operating system (class `os`), the `errno` it failed with.
    ///
    /// libgit2 records an OS error as its words, `": "`, and `strerror(errno)`, then sets `errno`
    /// to 0; the number survives only as that text, so it is read back from there, here, once.
    /// A failure libgit2 gave no reason for carries the `errno` of that moment instead.
    public var systemError: Int32? {
        if let unexplainedErrno { return unexplainedErrno }
        guard errorClass == .os else { return nil }
        return SystemErrors.number(endingMessage: message)
    }

    /// Builds the error for `code` from libgit2's thread-local last error, then clears that state.
    /// Without one, `errno` (when set) is the reason: its text, and its number in ``systemError``.
    static func last(code: Int32, function: String, errno number: Int32 = 0) -> GitError {
        var klass: Int32 = 0
        var message: String?
        if let last = git_error_last(), let text = last.pointee.message {
            klass = last.pointee.klass
            message = String(cString: text)
        }
        git_error_clear()
        guard let message else {
            let reason = number != 0 ? strerror(number).map { String(cString: $0) } : nil
            return GitError(
                code: Code(rawValue: code), klass: number != 0 ? Int32(GIT_ERROR_OS.rawValue) : 0,
                message: reason ?? "unknown error (code \(code))", function: function, unexplainedErrno: number != 0 ? number : nil)
        }
        return GitError(code: Code(rawValue: code), klass: klass, message: message, function: function)
    }
}

/// `strerror`'s text of every `errno`, to read back the number libgit2 wrote as text.
enum SystemErrors {
    private static let byText: [(text: String, number: Int32)] = (Int32(1)..<256).compactMap { number -> (text: String, number: Int32)? in
        guard let text = strerror(number).map({ String(cString: $0) }), !text.hasPrefix("Unknown error") else { return nil }
        return (text, number)
    }

    /// The `errno` whose text ends `message` after `": "`, or nil.
    static func number(endingMessage message: String) -> Int32? {
        byText.first { message.hasSuffix(": " + $0.text) }?.number
    }
}

/// libgit2's start, begun early on a thread of its own.
public enum GitLibrary {
    /// Starts initialising libgit2 beside whatever the caller does next: about 3 ms, most of it
    /// mbedTLS reading the system's certificates, which a command that opens the vault's history
    /// would otherwise wait for in line. The first real call waits for it to finish.
    public static func warmUp() {
        // try?: the outcome is kept by the one-time initialisation; the first real call throws it.
        OffThePool.start("folio-git-init") { _ = try? initializeLibrary() }
    }
}
