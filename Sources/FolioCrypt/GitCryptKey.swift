import Crypto
import Foundation

/// A git-crypt key file (format 2, git-crypt 0.4 and later): what `git-crypt export-key` writes and
/// `git-crypt unlock KEYFILE` reads, byte for byte.
///
/// The file is `\0GITCRYPTKEY`, the format version (2, big-endian 32 bits), header fields, then one
/// or more key entries. Header and entry fields are `id, length, bytes` with big-endian 32-bit id
/// and length, ended by a field of id 0. An entry holds its version (id 1), a 32-byte AES key (id 3)
/// and a 64-byte HMAC key (id 5). An unknown field with an odd id must be understood, so a file with
/// one is refused as incompatible; one with an even id is skipped. Files are encrypted with the
/// newest entry and decrypted with entry 0, as git-crypt does.
public struct GitCryptKey: Sendable, Equatable {
    /// One version of the key.
    public struct Entry: Sendable, Equatable {
        public var version: UInt32
        /// The AES-256 key of CTR mode.
        public var aesKey: [UInt8]
        /// The HMAC-SHA1 key that makes each file's nonce.
        public var hmacKey: [UInt8]
    }

    /// The entries, newest first (the order git-crypt writes them in).
    public private(set) var entries: [Entry]
    /// The key's name for a named key (`git-crypt init -k NAME`); nil for the default key.
    public let name: String?

    static let magic: [UInt8] = Array("\0GITCRYPTKEY".utf8)
    static let formatVersion: UInt32 = 2
    static let aesKeyLength = 32
    static let hmacKeyLength = 64
    /// The longest field git-crypt skips without understanding it.
    static let longestSkippedField = 1 << 20
    static let longestName = 128

    /// A new default key of one entry, version 0, from the system's secure random source.
    public static func generate() -> GitCryptKey {
        func random(_ count: Int) -> [UInt8] {
            SymmetricKey(size: SymmetricKeySize(bitCount: count * 8)).withUnsafeBytes { Array($0) }
        }
        return GitCryptKey(entries: [Entry(version: 0, aesKey: random(aesKeyLength), hmacKey: random(hmacKeyLength))], name: nil)
    }

    init(entries: [Entry], name: String?) {
        self.entries = entries.sorted { $0.version > $1.version }
        self.name = name
    }

    /// The entry files are encrypted with: the newest.
    public var newest: Entry? { entries.first }

    /// The entry of `version`, when the file has it.
    public func entry(_ version: UInt32) -> Entry? {
        entries.first { $0.version == version }
    }

    // MARK: - Reading

    /// The key in `bytes`: a key file, or its text form (``text``).
    /// - Throws: ``CryptProblem`` `.malformedKey`, `.incompatibleKey`.
    public init(reading bytes: [UInt8]) throws(CryptProblem) {
        if bytes.starts(with: Self.magic) {
            try self.init(file: bytes)
        } else if let decoded = Self.decodeText(bytes) {
            try self.init(file: decoded)
        } else {
            throw .malformedKey(reason: "neither a git-crypt key file nor its text form")
        }
    }

    /// The key file in `bytes`, read as git-crypt reads it; every length is checked before it is used.
    public init(file bytes: [UInt8]) throws(CryptProblem) {
        var reader = FieldReader(bytes: bytes)
        guard bytes.count >= 16, bytes.starts(with: Self.magic) else {
            if bytes.count == Self.aesKeyLength + Self.hmacKeyLength {
                throw .malformedKey(reason: "a key from before git-crypt 0.4 (run git-crypt migrate-key first)")
            }
            throw .malformedKey(reason: "no git-crypt key header")
        }
        reader.offset = 12
        guard try reader.word() == Self.formatVersion else { throw .incompatibleKey }
        var name: String?
        while true {
            let id = try reader.word()
            if id == 0 { break }
            let length = try reader.word()
            if id == 1 {
                guard length <= Self.longestName else { throw .malformedKey(reason: "key name too long") }
                let raw = try reader.bytes(Int(length))
                guard let text = String(bytes: raw, encoding: .utf8), Self.isValidName(text) else {
                    throw .malformedKey(reason: "key name not valid")
                }
                name = text
            } else {
                try reader.skipUnknown(id: id, length: length)
            }
        }
        var entries: [UInt32: Entry] = [:]
        while !reader.isAtEnd {
            let entry = try Self.readEntry(&reader)
            entries[entry.version] = entry
        }
        guard !entries.isEmpty else { throw .malformedKey(reason: "no key in the file") }
        self.init(entries: Array(entries.values), name: name)
    }

    private static func readEntry(_ reader: inout FieldReader) throws(CryptProblem) -> Entry {
        var version: UInt32 = 0
        var aesKey: [UInt8]?
        var hmacKey: [UInt8]?
        while true {
            let id = try reader.word()
            if id == 0 { break }
            let length = try reader.word()
            switch id {
            case 1:
                guard length == 4 else { throw .malformedKey(reason: "version field of \(length) bytes") }
                version = try reader.word()
            case 3:
                guard length == aesKeyLength else { throw .malformedKey(reason: "AES key of \(length) bytes") }
                aesKey = try reader.bytes(aesKeyLength)
            case 5:
                guard length == hmacKeyLength else { throw .malformedKey(reason: "HMAC key of \(length) bytes") }
                hmacKey = try reader.bytes(hmacKeyLength)
            default:
                try reader.skipUnknown(id: id, length: length)
            }
        }
        guard let aesKey, let hmacKey else { throw .malformedKey(reason: "a key entry without its AES or HMAC key") }
        return Entry(version: version, aesKey: aesKey, hmacKey: hmacKey)
    }

    /// git-crypt's rule for a key name: letters, digits, `-` and `_`, at most 128, not `default`.
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name != "default" && name.utf8.count <= longestName
            && name.utf8.allSatisfy { $0.isASCIIAlphanumeric || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
    }

    // MARK: - Writing

    /// The key file's bytes, as `git-crypt export-key` writes them.
    public var fileBytes: [UInt8] {
        var out = Self.magic
        out.appendWord(Self.formatVersion)
        if let name {
            out.appendWord(1)
            out.appendWord(UInt32(name.utf8.count))
            out.append(contentsOf: name.utf8)
        }
        out.appendWord(0)
        for entry in entries {
            out.appendWord(1)
            out.appendWord(4)
            out.appendWord(entry.version)
            out.appendWord(3)
            out.appendWord(UInt32(Self.aesKeyLength))
            out.append(contentsOf: entry.aesKey)
            out.appendWord(5)
            out.appendWord(UInt32(Self.hmacKeyLength))
            out.append(contentsOf: entry.hmacKey)
            out.appendWord(0)
        }
        return out
    }

    static let textBegin = "-----BEGIN GIT-CRYPT KEY-----"
    static let textEnd = "-----END GIT-CRYPT KEY-----"

    /// The key file as text to copy by hand or through a QR code: the file's bytes in base64, 64
    /// characters a line, between a first and a last line that name it.
    public var text: String {
        let encoded = Data(fileBytes).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        return Self.textBegin + "\n" + encoded + "\n" + Self.textEnd + "\n"
    }

    /// The key file's bytes from its text form: base64, with or without the first and last lines,
    /// whatever the white space; nil when it is not that.
    static func decodeText(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count < 64 * 1024, var text = String(bytes: bytes, encoding: .utf8) else { return nil }
        if let begin = text.range(of: textBegin) {
            guard let end = text.range(of: textEnd, range: begin.upperBound..<text.endIndex) else { return nil }
            text = String(text[begin.upperBound..<end.lowerBound])
        }
        let compact = String(text.unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) })
        guard !compact.isEmpty, let data = Data(base64Encoded: compact) else { return nil }
        return [UInt8](data)
    }
}

/// Reads the big-endian words and byte runs of a key file; every read is bounds-checked.
private struct FieldReader {
    let bytes: [UInt8]
    var offset = 0

    var isAtEnd: Bool { offset >= bytes.count }

    mutating func word() throws(CryptProblem) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw .malformedKey(reason: "the file ends inside a field") }
        defer { offset += 4 }
        return UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    mutating func bytes(_ count: Int) throws(CryptProblem) -> [UInt8] {
        guard count >= 0, count <= bytes.count - offset else { throw .malformedKey(reason: "the file ends inside a field") }
        defer { offset += count }
        return Array(bytes[offset..<(offset + count)])
    }

    /// A field this reader does not know: refused when its id is odd (it must be understood),
    /// skipped when even and no longer than git-crypt skips.
    mutating func skipUnknown(id: UInt32, length: UInt32) throws(CryptProblem) {
        guard id & 1 == 0 else { throw .incompatibleKey }
        guard length <= GitCryptKey.longestSkippedField else { throw .malformedKey(reason: "an unknown field too long") }
        _ = try bytes(Int(length))
    }
}

extension [UInt8] {
    fileprivate mutating func appendWord(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }
}

extension UInt8 {
    fileprivate var isASCIIAlphanumeric: Bool {
        (0x30...0x39).contains(self) || (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self)
    }
}
