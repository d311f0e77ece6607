/// Why a key or an encrypted file could not be used. Each case is a fact about the bytes, not a
/// sentence: the caller words it for the user.
public enum CryptProblem: Error, Sendable, Equatable {
    /// The bytes are not a git-crypt key file, nor its text form (`reason` says what is wrong, in
    /// English, for a log: the caller shows its own words).
    case malformedKey(reason: String)
    /// A key file of a later format (or with a field this reader must understand and does not).
    case incompatibleKey
    /// A key file for a named key (`git-crypt init -k NAME`): folio uses the default key only.
    case namedKey(String)
    /// The key file holds no key of version 0, the one git-crypt decrypts with.
    case keyVersionMissing
    /// The file is encrypted and no key is available on this device.
    case locked(path: String)
    /// The file does not decrypt to what its nonce promises: another key, or damaged bytes.
    case wrongKey(path: String)
    /// A file of 64 GiB or more: CTR's 32-bit block counter would repeat.
    case tooLarge(path: String)
}
