import Foundation

/// Removing what a JPEG says about where and with what it was taken, before it leaves the device.
public enum JPEGMetadata {
    /// The JPEG without its APP1 (EXIF, XMP: GPS position, camera, owner) and comment segments.
    /// The picture itself is untouched; anything that is not a well-formed JPEG header comes back nil,
    /// so a caller never sends bytes it could not clean.
    public static func strippingMetadata(_ data: Data) -> Data? {
        let bytes = [UInt8](data)
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var out: [UInt8] = [0xFF, 0xD8]
        out.reserveCapacity(bytes.count)
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF {
                offset += 1
                continue
            }
            // Start of scan: the rest is picture data.
            if marker == 0xDA {
                out.append(contentsOf: bytes[offset...])
                return Data(out)
            }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                out.append(contentsOf: bytes[offset..<offset + 2])
                offset += 2
                continue
            }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { return nil }
            let end = offset + 2 + length
            // APP1 holds EXIF and XMP, APP13 Photoshop's IPTC, COM free comments.
            if marker != 0xE1 && marker != 0xED && marker != 0xFE {
                out.append(contentsOf: bytes[offset..<end])
            }
            offset = end
        }
        return nil
    }
}
