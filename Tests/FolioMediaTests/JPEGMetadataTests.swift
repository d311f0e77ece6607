import Foundation
import TestSupport
import Testing

@testable import FolioMedia

@Suite("Removing a JPEG's metadata before it is sent")
struct JPEGMetadataTests {
    /// SOI, APP0 (JFIF), APP1 (EXIF with a GPS-looking payload), COM, a quantisation table, SOS and picture bytes.
    func sample() -> [UInt8] {
        func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
            [0xFF, marker, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        }
        return [0xFF, 0xD8]
            + segment(0xE0, Array("JFIF\0".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0])
            + segment(0xE1, Array("Exif\0\0GPS 25.034N 121.565E iPhone".utf8))
            + segment(0xFE, Array("taken at home".utf8))
            + segment(0xDB, [0] + Array(repeating: 1, count: 64))
            + segment(0xDA, [1, 1, 0, 0, 0x3F, 0]) + [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD9]
    }

    @Test("APP1 and comments go; every other segment and the picture data stay byte for byte")
    func strips() throws {
        let original = sample()
        let clean = try #require(JPEGMetadata.strippingMetadata(Data(original)))
        #expect(clean.range(of: Data("Exif".utf8)) == nil && clean.range(of: Data("taken at home".utf8)) == nil)
        #expect(clean.range(of: Data("JFIF".utf8)) != nil)
        let scan = try #require(original.firstIndex(of: 0xDA)) - 1
        #expect(Array(clean.suffix(original.count - scan)) == Array(original[scan...]))
        let exif = 4 + "Exif\0\0GPS 25.034N 121.565E iPhone".utf8.count
        let comment = 4 + "taken at home".utf8.count
        #expect(clean.count == original.count - exif - comment)
    }

    @Test("anything that is not a well-formed JPEG header is refused, not passed through")
    func refuses() {
        #expect(JPEGMetadata.strippingMetadata(Data("not a jpeg".utf8)) == nil)
        var truncated = sample()
        truncated.removeLast(truncated.count - 20)
        #expect(JPEGMetadata.strippingMetadata(Data(truncated)) == nil)
        #expect(JPEGMetadata.strippingMetadata(Data([0xFF, 0xD8, 0x00, 0x00, 0x00])) == nil)
    }
}
