import Foundation
import Git

/// git-crypt's clean and smudge inside the process, for files whose attributes say
/// `filter=git-crypt`: libgit2 runs it wherever git would run `git-crypt clean` and `smudge`.
///
/// With the repository's key (``GitCryptKeyStore``) a working file is stored encrypted and an
/// encrypted file is checked out plain. Without it, a file is checked out as stored (encrypted, as
/// a locked git-crypt checkout has it), stored bytes that are already encrypted are kept as they
/// are, and anything else is refused rather than stored in the clear; reading an encrypted file
/// fails with ``CryptProblem/locked(path:)``. Stored bytes without git-crypt's header are plain (a
/// file committed before encryption was turned on) and pass through both ways, as with git-crypt.
public struct GitCryptFilter: ContentFilter {
    /// The attribute value, `filter=git-crypt`, and the name libgit2 knows the filter by.
    public static let name = "git-crypt"

    /// The key of the repository, nil on a device without it.
    public let key: GitCryptKey?
    /// Why the installed key file could not be read, when it could not: said instead of "locked",
    /// since a damaged key is not the same as none.
    public let damage: CryptProblem?

    public init(key: GitCryptKey?, damage: CryptProblem? = nil) {
        self.key = key
        self.damage = damage
    }

    public func clean(_ bytes: [UInt8], path: String) throws -> [UInt8]? {
        // A file already in its stored form (a locked checkout's) is stored as it is, not twice.
        if GitCryptCipher.isEncrypted(bytes) { return nil }
        guard let key else { throw damage ?? CryptProblem.locked(path: path) }
        return try GitCryptCipher.encrypt(bytes, key: key, path: path)
    }

    public func smudge(_ bytes: [UInt8], path: String) throws -> [UInt8]? {
        guard GitCryptCipher.isEncrypted(bytes) else { return nil }
        guard let key else {
            if let damage { throw damage }
            return nil
        }
        return try GitCryptCipher.decrypt(bytes, key: key, path: path)
    }

    public func reveal(_ bytes: [UInt8], path: String) throws -> [UInt8]? {
        guard GitCryptCipher.isEncrypted(bytes) else { return nil }
        guard let key else { throw damage ?? CryptProblem.locked(path: path) }
        return try GitCryptCipher.decrypt(bytes, key: key, path: path)
    }

    /// Registers the filter with libgit2 for every repository of the process, each with the key it
    /// has installed (a damaged key file is named by every use). Safe to call any number of times.
    public static func register() throws {
        try registration.get()
    }

    private static let registration: Result<Void, any Error> = Result {
        try ContentFilters.register(name) { gitDirectory in
            do throws(CryptProblem) {
                return GitCryptFilter(key: try GitCryptKeyStore.installed(gitDirectory: gitDirectory))
            } catch {
                return GitCryptFilter(key: nil, damage: error)
            }
        }
    }
}

extension CryptProblem: CustomStringConvertible {
    /// English words for a log or libgit2's last error; users see the catalog's words instead.
    public var description: String {
        switch self {
        case .malformedKey(let reason): "not a git-crypt key: \(reason)"
        case .incompatibleKey: "a git-crypt key of a format this version cannot read"
        case .namedKey(let name): "the git-crypt key named \(name), not the default key"
        case .keyVersionMissing: "the key has no version 0"
        case .locked(let path): "\(path): encrypted, and this device has no key"
        case .wrongKey(let path): "\(path): does not decrypt with this key (another key, or damaged)"
        case .tooLarge(let path): "\(path): too large to encrypt safely (64 GiB or more)"
        }
    }
}
