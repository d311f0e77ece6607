import Crypto
import FolioStore
import Foundation

/// Ids for imported records that come out the same every time the same source is imported, so a
/// second import finds the records of the first and creates nothing twice.
public enum StableID {
    /// Day One's 32 hex digits as a UUID: `EBB5A5F4057F461E8F176E18AB7E0493` becomes
    /// `ebb5a5f4-057f-461e-8f17-6e18ab7e0493`; nil for anything else.
    public static func fromHex32(_ text: String) -> String? {
        let hex = text.lowercased().replacingOccurrences(of: "-", with: "")
        guard hex.utf8.count == 32, hex.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else { return nil }
        let characters = Array(hex)
        let groups = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }
        return groups.joined(separator: "-")
    }

    /// A name-based UUID (version 5, SHA-1) of `name` in folio's import namespace.
    public static func named(_ name: String) -> String {
        var hasher = Insecure.SHA1()
        hasher.update(data: namespace)
        hasher.update(data: Array(name.utf8))
        var bytes = Array(hasher.finalize().prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x50
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = MediaNaming.hex(bytes)
        return fromHex32(hex) ?? hex
    }

    /// folio's namespace for imported ids (a fixed random UUID). Bytes in an array, not `Data`: a
    /// global `Data` keeps its storage behind a tagged pointer, which LeakSanitizer cannot follow
    /// and reported as a leak at the end of every fuzzing run.
    static let namespace: [UInt8] = [0x6f, 0x0c, 0x4e, 0x1a, 0x93, 0x2b, 0x4d, 0x5e, 0xa1, 0x77, 0x20, 0x3c, 0x58, 0xd4, 0x1b, 0x9e]
}
