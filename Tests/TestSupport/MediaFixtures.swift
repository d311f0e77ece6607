import Foundation

/// Small but well-formed media files, assembled byte by byte from the formats' specifications,
/// so the tests know exactly what a reader must find in them.
public enum MediaFixtures {
    /// A JPEG whose EXIF says Apple iPhone 13, taken 2026-11-05 07:30:15 at +09:00, at 25.034 N, 121.565 E.
    public static func jpeg(
        width: Int = 4032, height: Int = 3024, padding: Int = 64, seed: UInt8 = 1,
        taken: String = "2026:11:05 07:30:15", offset: String? = "+09:00"
    ) -> [UInt8] {
        var exifEntries: [IFDEntry] = [.ascii(0x9003, taken)]
        if let offset { exifEntries.append(.ascii(0x9011, offset)) }
        let gpsEntries: [IFDEntry] = [
            .ascii(0x0001, "N"), .rationals(0x0002, [(25, 1), (2, 1), (24, 10)]),
            .ascii(0x0003, "E"), .rationals(0x0004, [(121, 1), (33, 1), (54, 1)]),
        ]
        let tiff = TIFFWriter.bigEndian(
            ifd0: [.ascii(0x010F, "Apple"), .ascii(0x0110, "iPhone 13")], exif: exifEntries, gps: gpsEntries)
        var bytes: [UInt8] = [0xFF, 0xD8]
        let app1 = Array("Exif".utf8) + [0, 0] + tiff
        bytes += [0xFF, 0xE1] + be16(app1.count + 2) + app1
        // SOF0: precision, height, width, three components.
        bytes += [0xFF, 0xC0] + be16(17) + [8] + be16(height) + be16(width) + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        bytes += [0xFF, 0xDA] + be16(12) + [3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3F, 0]
        bytes += (0..<padding).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed)) & 0xFE }
        bytes += [0xFF, 0xD9]
        return bytes
    }

    /// A PNG of `width`×`height` (a header and an empty image; readers of the header need no more).
    public static func png(width: Int, height: Int) -> [UInt8] {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += chunk("IHDR", be32(width) + be32(height) + [8, 2, 0, 0, 0])
        bytes += chunk("IEND", [])
        return bytes
    }

    /// An MP4 of `seconds` with a 1920×1080 video track, its `moov` after `mdatBytes` of media data.
    public static func mp4(seconds: Double, mdatBytes: Int = 4096) -> [UInt8] {
        var bytes = box("ftyp", Array("isom".utf8) + be32(0x200) + Array("isomiso2mp41".utf8))
        bytes += be32(mdatBytes + 8) + Array("mdat".utf8) + [UInt8](repeating: 0x5A, count: mdatBytes)
        bytes += moov(seconds: seconds)
        return bytes
    }

    /// The `moov` box alone, for files whose media data is written separately (sparse large files).
    public static func moov(seconds: Double) -> [UInt8] {
        let timescale = 1000
        var mvhd = [UInt8](repeating: 0, count: 4) + be32(0) + be32(0) + be32(timescale) + be32(Int(seconds * Double(timescale)))
        mvhd += be32(0x0001_0000) + [1, 0] + [UInt8](repeating: 0, count: 10) + identityMatrix + [UInt8](repeating: 0, count: 24) + be32(2)
        var tkhd = [0, 0, 0, 3] + be32(0) + be32(0) + be32(1) + be32(0) + be32(Int(seconds * Double(timescale)))
        tkhd += [UInt8](repeating: 0, count: 8) + [0, 0, 0, 0, 0, 0, 0, 0] + identityMatrix + be32(1920 << 16) + be32(1080 << 16)
        let hdlr = [UInt8](repeating: 0, count: 8) + Array("vide".utf8) + [UInt8](repeating: 0, count: 12) + [0]
        let trak = box("trak", box("tkhd", tkhd) + box("mdia", box("hdlr", hdlr)))
        return box("moov", box("mvhd", mvhd) + trak)
    }

    /// A WAV of 16-bit mono 8 kHz silence lasting `seconds`.
    public static func wav(seconds: Double) -> [UInt8] {
        let data = [UInt8](repeating: 0, count: Int(seconds * 16000))
        let format = le16(1) + le16(1) + le32(8000) + le32(16000) + le16(2) + le16(16)
        let body = Array("WAVE".utf8) + Array("fmt ".utf8) + le32(format.count) + format + Array("data".utf8) + le32(data.count) + data
        return Array("RIFF".utf8) + le32(body.count) + body
    }

    // MARK: - Building blocks

    enum IFDEntry {
        case ascii(UInt16, String)
        case rationals(UInt16, [(UInt32, UInt32)])

        var tag: UInt16 {
            switch self {
            case .ascii(let tag, _), .rationals(let tag, _): tag
            }
        }

        /// TIFF type, count, and the value's bytes (big-endian).
        var encoded: (type: UInt16, count: Int, value: [UInt8]) {
            switch self {
            case .ascii(_, let text): (2, text.utf8.count + 1, Array(text.utf8) + [0])
            case .rationals(_, let values): (5, values.count, values.flatMap { be32(Int($0.0)) + be32(Int($0.1)) })
            }
        }
    }

    /// A big-endian TIFF block: IFD0 pointing to an Exif IFD and a GPS IFD.
    enum TIFFWriter {
        static func bigEndian(ifd0: [IFDEntry], exif: [IFDEntry], gps: [IFDEntry]) -> [UInt8] {
            // IFD0 carries two more entries: the pointers (LONG) to the Exif and GPS IFDs.
            let ifd0Size = size(of: ifd0, extraEntries: 2)
            let exifOffset = 8 + ifd0Size
            let gpsOffset = exifOffset + size(of: exif, extraEntries: 0)
            var bytes: [UInt8] = Array("MM".utf8) + [0, 42] + be32(8)
            bytes += ifd(ifd0, at: 8, pointers: [(0x8769, exifOffset), (0x8825, gpsOffset)])
            bytes += ifd(exif, at: exifOffset, pointers: [])
            bytes += ifd(gps, at: gpsOffset, pointers: [])
            return bytes
        }

        static func size(of entries: [IFDEntry], extraEntries: Int) -> Int {
            2 + 12 * (entries.count + extraEntries) + 4
                + entries.map { $0.encoded.value.count > 4 ? ($0.encoded.value.count + 1) & ~1 : 0 }.reduce(0, +)
        }

        static func ifd(_ entries: [IFDEntry], at offset: Int, pointers: [(UInt16, Int)]) -> [UInt8] {
            typealias Row = (tag: UInt16, type: UInt16, count: Int, value: [UInt8])
            var rows: [Row] = entries.map { entry in
                let encoded = entry.encoded
                return (entry.tag, encoded.type, encoded.count, encoded.value)
            }
            rows += pointers.map { ($0.0, 4, 1, be32($0.1)) }
            rows.sort { $0.tag < $1.tag }
            var dataOffset = offset + 2 + 12 * rows.count + 4
            var table: [UInt8] = be16(rows.count)
            var data: [UInt8] = []
            for row in rows {
                table += be16(Int(row.tag)) + be16(Int(row.type)) + be32(row.count)
                if row.value.count <= 4 {
                    table += row.value + [UInt8](repeating: 0, count: 4 - row.value.count)
                } else {
                    table += be32(dataOffset)
                    var value = row.value
                    if value.count % 2 == 1 { value.append(0) }
                    data += value
                    dataOffset += value.count
                }
            }
            return table + be32(0) + data
        }
    }

    static let identityMatrix: [UInt8] =
        be32(0x0001_0000) + be32(0) + be32(0) + be32(0) + be32(0x0001_0000) + be32(0) + be32(0) + be32(0) + be32(0x4000_0000)

    public static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] { be32(payload.count + 8) + Array(type.utf8) + payload }

    public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return be32(data.count) + typed + be32(Int(crc32(typed)))
    }

    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    public static func be16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)] }
    public static func be32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
    public static func le16(_ value: Int) -> [UInt8] { be16(value).reversed() }
    public static func le32(_ value: Int) -> [UInt8] { be32(value).reversed() }
}
