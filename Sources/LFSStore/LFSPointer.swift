import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A Git LFS pointer: what git stores in place of a large file, exactly as the `git-lfs` client
/// writes it (version line first, then `oid` and `size`, each line ending in a newline), so the
/// same file gives the same pointer blob whichever tool cleaned it.
public struct LFSPointer: Sendable, Hashable {
    /// The version line's value, compared as plain text (the spec forbids normalising it).
    public static let version = "https://git-lfs.github.com/spec/v1"
    /// The largest stored blob that may be a pointer; `git-lfs` reads no further either.
    public static let maxBytes = 1024

    /// The SHA-256 of the file's bytes, 64 lower-case hex digits.
    public let oid: String
    public let size: UInt64

    /// A pointer to `size` bytes hashing to `oid`; nil when `oid` is not 64 lower-case hex digits.
    public init?(oid: String, size: UInt64) {
        guard Self.isObjectID(oid) else { return nil }
        self.oid = oid
        self.size = size
    }

    /// The pointer's text, byte for byte what `git lfs pointer --file=…` prints: an empty file's
    /// pointer is empty (git-lfs stores an empty file as itself).
    public var text: String { size == 0 ? "" : "version \(Self.version)\noid sha256:\(oid)\nsize \(size)\n" }

    public var bytes: [UInt8] { Array(text.utf8) }

    /// Reads stored bytes as a pointer: nil for an empty file and anything but the canonical form (a file that only
    /// looks like one, a pointer with extensions folio cannot apply, more than ``maxBytes``).
    public init?(parsing bytes: some Collection<UInt8>) {
        let bytes = Array(bytes)
        guard bytes.count <= Self.maxBytes, bytes.last == 0x0A,
            let text = String(validating: bytes, as: UTF8.self)
        else { return nil }
        let lines = text.dropLast().split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count == 3, lines[0] == "version \(Self.version)", lines[1].hasPrefix("oid sha256:"), lines[2].hasPrefix("size ")
        else { return nil }
        let digits = lines[2].dropFirst("size ".count)
        // Decimal without a sign or leading zero, at most what a UInt64 holds.
        guard !digits.isEmpty, digits.count <= 20, digits.allSatisfy(\.isASCIIDigit), digits == "0" || digits.first != "0",
            let size = UInt64(digits)
        else { return nil }
        self.init(oid: String(lines[1].dropFirst("oid sha256:".count)), size: size)
    }

    /// Whether `text` is an object id as LFS names objects: 64 lower-case hex digits.
    public static func isObjectID(_ text: some StringProtocol) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

/// A working file that holds a pointer (media not downloaded yet), told without reading large files.
public enum LFSPointerFile {
    /// The pointer a working file holds; nil for any file larger than a pointer or not one.
    public static func pointer(in file: URL) -> LFSPointer? {
        var info = stat()
        guard lstat(file.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= LFSPointer.maxBytes else { return nil }
        guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
        return LFSPointer(parsing: [UInt8](data))
    }

    public static func isPointer(_ file: URL) -> Bool { pointer(in: file) != nil }
}
