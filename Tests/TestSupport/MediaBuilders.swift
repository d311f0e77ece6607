/// Small writers for assembling media files byte by byte, so the tests need no fixtures.
public struct Bytes {
    public var bytes: [UInt8] = []
    public var bigEndian = true

    public init(bigEndian: Bool = true, _ build: (inout Bytes) -> Void = { _ in }) {
        self.bigEndian = bigEndian
        build(&self)
    }

    public mutating func u8(_ value: UInt8) { bytes.append(value) }
    public mutating func u8(_ values: [UInt8]) { bytes += values }
    public mutating func ascii(_ text: String) { bytes += Array(text.utf8) }
    public mutating func zeros(_ count: Int) { bytes += Array(repeating: 0, count: count) }
    public mutating func append(_ other: [UInt8]) { bytes += other }

    public mutating func u16(_ value: UInt16) { integer(value) }
    public mutating func u24(_ value: UInt32) {
        let all =
            bigEndian
            ? [UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
            : [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF)]
        bytes += all
    }
    public mutating func u32(_ value: UInt32) { integer(value) }
    public mutating func u64(_ value: UInt64) { integer(value) }

    private mutating func integer<Value: FixedWidthInteger>(_ value: Value) {
        let size = Value.bitWidth / 8
        for index in 0..<size {
            let shift = bigEndian ? (size - 1 - index) * 8 : index * 8
            bytes.append(UInt8(truncatingIfNeeded: value >> shift))
        }
    }
}

// MARK: EXIF / TIFF

/// A TIFF structure with IFD0 and optional Exif and GPS sub-directories, as found in a JPEG's
/// APP1 segment after `Exif\0\0`.
public struct TIFFBuilder {
    public enum FieldType: UInt16 {
        case byte = 1
        case ascii = 2
        case short = 3
        case long = 4
        case rational = 5
    }

    public struct Field {
        public var tag: UInt16
        public var type: FieldType
        public var count: UInt32
        public var value: [UInt8]

        public init(tag: UInt16, type: FieldType, count: UInt32, value: [UInt8]) {
            self.tag = tag
            self.type = type
            self.count = count
            self.value = value
        }
    }

    public var littleEndian = true
    public var ifd0: [Field] = []
    public var exif: [Field] = []
    public var gps: [Field] = []

    public init(littleEndian: Bool = true) { self.littleEndian = littleEndian }

    private func writer() -> Bytes { Bytes(bigEndian: !littleEndian) }

    public func ascii(_ tag: UInt16, _ text: String) -> Field {
        let value = Array(text.utf8) + [0]
        return Field(tag: tag, type: .ascii, count: UInt32(value.count), value: value)
    }

    public func short(_ tag: UInt16, _ number: UInt16) -> Field {
        var bytes = writer()
        bytes.u16(number)
        return Field(tag: tag, type: .short, count: 1, value: bytes.bytes)
    }

    public func long(_ tag: UInt16, _ number: UInt32) -> Field {
        var bytes = writer()
        bytes.u32(number)
        return Field(tag: tag, type: .long, count: 1, value: bytes.bytes)
    }

    public func rationals(_ tag: UInt16, _ values: [(UInt32, UInt32)]) -> Field {
        var bytes = writer()
        for (numerator, denominator) in values {
            bytes.u32(numerator)
            bytes.u32(denominator)
        }
        return Field(tag: tag, type: .rational, count: UInt32(values.count), value: bytes.bytes)
    }

    /// Degrees, minutes and seconds as three rationals, the way cameras write GPS positions.
    public func coordinate(_ tag: UInt16, degrees: UInt32, minutes: UInt32, seconds: Double) -> Field {
        rationals(tag, [(degrees, 1), (minutes, 1), (UInt32((seconds * 1000).rounded()), 1000)])
    }

    private static func directorySize(_ fields: [Field]) -> Int { 2 + 12 * fields.count + 4 }
    private static func dataSize(_ fields: [Field]) -> Int {
        fields.reduce(0) { $0 + ($1.value.count > 4 ? ($1.value.count + 1) & ~1 : 0) }
    }

    public var bytes: [UInt8] {
        var directory0 = ifd0
        // Pointer fields first get placeholder values; their size is what the layout needs.
        if !exif.isEmpty { directory0.append(long(0x8769, 0)) }
        if !gps.isEmpty { directory0.append(long(0x8825, 0)) }
        let ifd0Offset = 8
        let exifOffset = ifd0Offset + Self.directorySize(directory0) + Self.dataSize(directory0)
        let gpsOffset = exifOffset + (exif.isEmpty ? 0 : Self.directorySize(exif) + Self.dataSize(exif))
        directory0 = directory0.map { field in
            switch field.tag {
            case 0x8769: return long(0x8769, UInt32(exifOffset))
            case 0x8825: return long(0x8825, UInt32(gpsOffset))
            default: return field
            }
        }

        var out = writer()
        out.ascii(littleEndian ? "II" : "MM")
        out.u16(42)
        out.u32(UInt32(ifd0Offset))
        write(directory0, at: ifd0Offset, into: &out)
        if !exif.isEmpty { write(exif, at: exifOffset, into: &out) }
        if !gps.isEmpty { write(gps, at: gpsOffset, into: &out) }
        return out.bytes
    }

    private func write(_ fields: [Field], at offset: Int, into out: inout Bytes) {
        precondition(out.bytes.count == offset, "directories are laid out back to back")
        let sorted = fields.sorted { $0.tag < $1.tag }
        var dataOffset = offset + Self.directorySize(sorted)
        var data: [UInt8] = []
        out.u16(UInt16(sorted.count))
        for field in sorted {
            out.u16(field.tag)
            out.u16(field.type.rawValue)
            out.u32(field.count)
            if field.value.count <= 4 {
                out.u8(field.value + Array(repeating: 0, count: 4 - field.value.count))
            } else {
                out.u32(UInt32(dataOffset))
                data += field.value
                if field.value.count % 2 == 1 { data.append(0) }
                dataOffset += (field.value.count + 1) & ~1
            }
        }
        out.u32(0)  // no next IFD
        out.append(data)
    }

    /// The example every photo test uses: an iPhone in Taipei on 22 November 2026.
    public static func taipeiIPhone(littleEndian: Bool = true) -> TIFFBuilder {
        var tiff = TIFFBuilder(littleEndian: littleEndian)
        tiff.ifd0 = [
            tiff.ascii(0x010F, "Apple"),
            tiff.ascii(0x0110, "iPhone 13"),
            tiff.short(0x0112, 6),
        ]
        tiff.exif = [
            tiff.ascii(0x9003, "2026:11:22 18:04:11"),
            tiff.ascii(0x9011, "+08:00"),
            tiff.long(0xA002, 4032),
            tiff.short(0xA003, 3024),
        ]
        tiff.gps = [
            tiff.ascii(0x0001, "N"),
            tiff.coordinate(0x0002, degrees: 25, minutes: 2, seconds: 2.04),
            tiff.ascii(0x0003, "E"),
            tiff.coordinate(0x0004, degrees: 121, minutes: 33, seconds: 52.2),
        ]
        return tiff
    }
}

// MARK: Still images

public enum ImageFiles {
    public static func exifBlock(_ tiff: TIFFBuilder = .taipeiIPhone()) -> [UInt8] {
        Array("Exif\0\0".utf8) + tiff.bytes
    }

    /// SOI, a JFIF APP0, an EXIF APP1, a quantisation table, SOF0, SOS, a little scan data, EOI.
    public static func jpeg(width: UInt16, height: UInt16, exif: [UInt8]? = exifBlock(), frameMarker: UInt8 = 0xC0) -> [UInt8] {
        Bytes { out in
            out.u8([0xFF, 0xD8])
            segment(0xE0, Array("JFIF\0".utf8) + [1, 2, 0, 0, 1, 0, 1, 0, 0], into: &out)
            if let exif { segment(0xE1, exif, into: &out) }
            segment(0xDB, [0] + Array(repeating: 1, count: 64), into: &out)
            var frame = Bytes()
            frame.u8(8)
            frame.u16(height)
            frame.u16(width)
            frame.u8([3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
            segment(frameMarker, frame.bytes, into: &out)
            segment(0xDA, [3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3F, 0], into: &out)
            out.u8([0x12, 0x34, 0xFF, 0x00, 0x56])
            out.u8([0xFF, 0xD9])
        }.bytes
    }

    private static func segment(_ marker: UInt8, _ payload: [UInt8], into out: inout Bytes) {
        out.u8([0xFF, marker])
        out.u16(UInt16(payload.count + 2))
        out.append(payload)
    }

    public static func png(width: UInt32, height: UInt32) -> [UInt8] {
        Bytes { out in
            out.u8([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            out.u32(13)
            out.ascii("IHDR")
            out.u32(width)
            out.u32(height)
            out.u8([8, 6, 0, 0, 0])
            out.u32(0)  // CRC, unchecked
            out.u32(0)
            out.ascii("IEND")
            out.u32(0)
        }.bytes
    }

    public static func gif(width: UInt16, height: UInt16) -> [UInt8] {
        Bytes(bigEndian: false) { out in
            out.ascii("GIF89a")
            out.u16(width)
            out.u16(height)
            out.u8([0, 0, 0])
            out.u8(0x3B)
        }.bytes
    }

    /// `kind` is the first chunk's four-letter code: `VP8 `, `VP8L` or `VP8X`.
    public static func webp(_ kind: String, width: UInt32, height: UInt32) -> [UInt8] {
        var chunk = Bytes(bigEndian: false)
        switch kind {
        case "VP8 ":
            chunk.u8([0x30, 0x01, 0x00, 0x9D, 0x01, 0x2A])
            chunk.u16(UInt16(width))
            chunk.u16(UInt16(height))
            chunk.zeros(4)
        case "VP8L":
            chunk.u8(0x2F)
            chunk.u32((width - 1) | (height - 1) << 14)
            chunk.zeros(3)
        default:
            chunk.u8([0x10, 0, 0, 0])
            chunk.u24(width - 1)
            chunk.u24(height - 1)
        }
        return Bytes(bigEndian: false) { out in
            out.ascii("RIFF")
            out.u32(UInt32(4 + 8 + chunk.bytes.count))
            out.ascii("WEBP")
            out.ascii(kind)
            out.u32(UInt32(chunk.bytes.count))
            out.append(chunk.bytes)
        }.bytes
    }

    public static func bmp(width: Int32, height: Int32) -> [UInt8] {
        Bytes(bigEndian: false) { out in
            out.ascii("BM")
            out.u32(54)
            out.u32(0)
            out.u32(54)
            out.u32(40)
            out.u32(UInt32(bitPattern: width))
            out.u32(UInt32(bitPattern: height))
            out.u16(1)
            out.u16(24)
            out.zeros(24)
        }.bytes
    }
}

// MARK: ISO base media

public enum ISOFiles {
    public static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        Bytes { out in
            out.u32(UInt32(8 + payload.count))
            out.ascii(type)
            out.append(payload)
        }.bytes
    }

    public static func fullBox(_ type: String, version: UInt8, _ payload: [UInt8]) -> [UInt8] {
        box(type, [version, 0, 0, 0] + payload)
    }

    public static func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
        box(
            "ftyp",
            Bytes { out in
                out.ascii(major)
                out.u32(0)
                compatible.forEach { out.ascii($0) }
            }.bytes)
    }

    public static func mvhd(version: UInt8, timescale: UInt32, duration: UInt64) -> [UInt8] {
        fullBox(
            "mvhd", version: version,
            Bytes { out in
                if version == 1 {
                    out.u64(0)
                    out.u64(0)
                    out.u32(timescale)
                    out.u64(duration)
                } else {
                    out.u32(0)
                    out.u32(0)
                    out.u32(timescale)
                    out.u32(UInt32(duration))
                }
                out.u32(0x0001_0000)  // rate
                out.u16(0x0100)  // volume
                out.zeros(10 + 36 + 24 + 4)
            }.bytes)
    }

    public static func tkhd(version: UInt8, width: UInt32, height: UInt32) -> [UInt8] {
        fullBox(
            "tkhd", version: version,
            Bytes { out in
                if version == 1 {
                    out.u64(0)
                    out.u64(0)
                    out.u32(1)
                    out.u32(0)
                    out.u64(0)
                } else {
                    out.u32(0)
                    out.u32(0)
                    out.u32(1)
                    out.u32(0)
                    out.u32(0)
                }
                out.zeros(8 + 2 + 2 + 2 + 2)
                for value: UInt32 in [0x0001_0000, 0, 0, 0, 0x0001_0000, 0, 0, 0, 0x4000_0000] { out.u32(value) }
                out.u32(width << 16)
                out.u32(height << 16)
            }.bytes)
    }

    public static func trak(handler: String, width: UInt32 = 0, height: UInt32 = 0, tkhdVersion: UInt8 = 0) -> [UInt8] {
        let hdlr = fullBox(
            "hdlr", version: 0,
            Bytes { out in
                out.u32(0)
                out.ascii(handler)
                out.zeros(12)
                out.ascii("handler\0")
            }.bytes)
        let mdia = box(
            "mdia",
            fullBox("mdhd", version: 0, Array(repeating: 0, count: 20)) + hdlr
                + box("minf", box("stbl", [])))
        return box("trak", tkhd(version: tkhdVersion, width: width, height: height) + mdia)
    }

    public static func moov(mvhdVersion: UInt8 = 0, timescale: UInt32, duration: UInt64, tracks: [[UInt8]]) -> [UInt8] {
        box("moov", mvhd(version: mvhdVersion, timescale: timescale, duration: duration) + tracks.flatMap { $0 })
    }

    /// A 1080p movie, 12.345 s long, with a sound track too.
    public static func mp4(
        brand: String = "isom", mvhdVersion: UInt8 = 0, timescale: UInt32 = 1000, duration: UInt64 = 12_345,
        moovFirst: Bool = true
    ) -> [UInt8] {
        let moov = moov(
            mvhdVersion: mvhdVersion, timescale: timescale, duration: duration,
            tracks: [trak(handler: "soun"), trak(handler: "vide", width: 1920, height: 1080)])
        let mdat = box("mdat", Array(repeating: 0xAB, count: 64))
        let ftyp = ftyp(brand, [brand, "iso2", "mp41"])
        return moovFirst ? ftyp + moov + mdat : ftyp + mdat + moov
    }

    public static func heif(brand: String, compatible: [String], extents: [(UInt32, UInt32)]) -> [UInt8] {
        let properties =
            [box("hvcC", [1, 2, 3, 4])]
            + extents.map { width, height in
                fullBox(
                    "ispe", version: 0,
                    Bytes { out in
                        out.u32(width)
                        out.u32(height)
                    }.bytes)
            }
        let hdlr = fullBox("hdlr", version: 0, [0, 0, 0, 0] + Array("pict".utf8) + Array(repeating: 0, count: 13))
        let meta = fullBox(
            "meta", version: 0,
            hdlr + box("pitm", [0, 0, 0, 0, 0, 1])
                + box("iprp", box("ipco", properties.flatMap { $0 })))
        return ftyp(brand, compatible) + meta + box("mdat", Array(repeating: 0, count: 32))
    }
}

// MARK: Sparse files

/// A file most of which is never read: a few known stretches, and a record of every read.
public final class SparseFile {
    public let size: UInt64
    private var stretches: [(offset: UInt64, bytes: [UInt8])]
    public private(set) var reads: [(offset: UInt64, count: Int)] = []

    public init(size: UInt64, stretches: [(UInt64, [UInt8])]) {
        self.size = size
        self.stretches = stretches.map { (offset: $0.0, bytes: $0.1) }
    }

    public var head: [UInt8] {
        Array(stretches.first { $0.offset == 0 }?.bytes.prefix(256 * 1024) ?? [])
    }

    /// Serves a read that falls inside one stretch; anything else is nil, as a failed read is.
    public func read(_ offset: UInt64, _ count: Int) -> [UInt8]? {
        reads.append((offset, count))
        for stretch in stretches where offset >= stretch.offset {
            let start = offset - stretch.offset
            guard start < UInt64(stretch.bytes.count) else { continue }
            let from = Int(start)
            return Array(stretch.bytes[from..<min(stretch.bytes.count, from + count)])
        }
        return nil
    }
}

// MARK: Audio

public enum AudioFiles {
    public static func wav(sampleRate: UInt32, channels: UInt16, bitsPerSample: UInt16, dataBytes: UInt32) -> (head: [UInt8], size: UInt64)
    {
        let blockAlign = channels * bitsPerSample / 8
        let header = Bytes(bigEndian: false) { out in
            out.ascii("RIFF")
            out.u32(4 + 8 + 16 + 8 + 26 + 8 + dataBytes)
            out.ascii("WAVE")
            out.ascii("fmt ")
            out.u32(16)
            out.u16(1)
            out.u16(channels)
            out.u32(sampleRate)
            out.u32(sampleRate * UInt32(blockAlign))
            out.u16(blockAlign)
            out.u16(bitsPerSample)
            out.ascii("LIST")  // odd-sized, to exercise padding
            out.u32(25)
            out.ascii("INFOISFT")
            out.u32(13)
            out.ascii("folio tests\0\0")
            out.u8(0)
            out.ascii("data")
            out.u32(dataBytes)
        }.bytes
        return (header, UInt64(header.count) + UInt64(dataBytes))
    }

    public static func flac(sampleRate: UInt32, totalSamples: UInt64) -> [UInt8] {
        Bytes { out in
            out.ascii("fLaC")
            out.u8(0x80)  // last metadata block, type 0 = STREAMINFO
            out.u24(34)
            out.u16(4096)
            out.u16(4096)
            out.u24(0)
            out.u24(0)
            // 20 bits rate, 3 bits channels − 1, 5 bits depth − 1, 36 bits samples
            let packed = UInt64(sampleRate) << 44 | UInt64(1) << 41 | UInt64(15) << 36 | totalSamples
            out.u64(packed)
            out.zeros(16)  // MD5
        }.bytes
    }

    /// MPEG-1 Layer III, 128 kbit/s, 44.1 kHz, stereo: 417-byte frames.
    public static let mp3Header: [UInt8] = [0xFF, 0xFB, 0x90, 0x00]
    public static let mp3FrameLength = 417

    public static func mp3Frame(xingFrames: UInt32? = nil) -> [UInt8] {
        var frame = mp3Header + Array(repeating: 0, count: mp3FrameLength - 4)
        if let xingFrames {
            var xing = Bytes()
            xing.ascii("Xing")
            xing.u32(1)
            xing.u32(xingFrames)
            frame.replaceSubrange(36..<(36 + xing.bytes.count), with: xing.bytes)
        }
        return frame
    }

    public static func id3(paddingBytes: Int) -> [UInt8] {
        let size = paddingBytes
        return Array("ID3".utf8) + [4, 0, 0]
            + [UInt8(size >> 21 & 0x7F), UInt8(size >> 14 & 0x7F), UInt8(size >> 7 & 0x7F), UInt8(size & 0x7F)]
            + Array(repeating: 0, count: paddingBytes)
    }

    public static func oggPage(headerType: UInt8, granule: UInt64, serial: UInt32, sequence: UInt32, packet: [UInt8]) -> [UInt8] {
        Bytes(bigEndian: false) { out in
            out.ascii("OggS")
            out.u8(0)
            out.u8(headerType)
            out.u64(granule)
            out.u32(serial)
            out.u32(sequence)
            out.u32(0)  // CRC, unchecked
            out.u8(1)
            out.u8(UInt8(packet.count))
            out.append(packet)
        }.bytes
    }

    public static func vorbisIdentification(sampleRate: UInt32) -> [UInt8] {
        Bytes(bigEndian: false) { out in
            out.u8(1)
            out.ascii("vorbis")
            out.u32(0)
            out.u8(2)
            out.u32(sampleRate)
            out.zeros(13)
            out.u8(1)
        }.bytes
    }

    public static func adtsFrame(length: Int) -> [UInt8] {
        let header: [UInt8] = [
            0xFF, 0xF1, 0x50, 0x80 | UInt8(length >> 11 & 0x03), UInt8(length >> 3 & 0xFF),
            UInt8((length & 0x07) << 5) | 0x1F, 0xFC,
        ]
        return header + Array(repeating: 0, count: length - 7)
    }
}

/// A deterministic generator, so a failing fuzz case can be replayed.
public struct SeededGenerator: RandomNumberGenerator {
    public var state: UInt64

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    public init(state: UInt64) { self.state = state }

    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    public mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0...255, using: &self) }
    }
}
