import Cexif

/// The EXIF tags folio cares about, as the camera stored them.
///
/// Strings keep the camera's own spelling (trailing NULs and spaces trimmed), so a caller
/// decides how to interpret a date; numbers are already decoded from the file's byte order.
public struct ExifTags: Sendable, Equatable {
    /// Camera maker, IFD0 tag 0x010F (`Apple`).
    public var make: String?
    /// Camera model, IFD0 tag 0x0110 (`iPhone 13`).
    public var model: String?
    /// How the picture must be turned to display upright (1–8), IFD0 tag 0x0112.
    public var orientation: Int?
    /// The camera's wall clock when the shutter fired, as stored: `2026:11:22 18:04:11`.
    public var dateTimeOriginal: String?
    /// The UTC offset of ``dateTimeOriginal`` (EXIF 2.31 tag 0x9011): `+08:00`.
    public var offsetTimeOriginal: String?
    /// PixelXDimension (0xA002): the width the camera says the image has.
    public var pixelWidth: Int?
    /// PixelYDimension (0xA003).
    public var pixelHeight: Int?
    /// Signed decimal degrees, north positive.
    public var latitude: Double?
    /// Signed decimal degrees, east positive.
    public var longitude: Double?

    public init(
        make: String? = nil, model: String? = nil, orientation: Int? = nil,
        dateTimeOriginal: String? = nil, offsetTimeOriginal: String? = nil,
        pixelWidth: Int? = nil, pixelHeight: Int? = nil,
        latitude: Double? = nil, longitude: Double? = nil
    ) {
        self.make = make
        self.model = model
        self.orientation = orientation
        self.dateTimeOriginal = dateTimeOriginal
        self.offsetTimeOriginal = offsetTimeOriginal
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// Reads ``ExifTags`` through libexif.
public enum ExifReader {
    /// The tags in `bytes`: the start of a JPEG file (libexif finds its APP1 segment) or a raw
    /// EXIF block beginning with `Exif\0\0`.
    ///
    /// Returns nil when libexif finds no EXIF data at all; a block that lacks some tags gives
    /// nils in those fields only.
    public static func read(_ bytes: [UInt8]) -> ExifTags? {
        // libexif takes an `unsigned int` size; anything larger is not an EXIF block anyway.
        guard bytes.count >= 6, bytes.count <= Int(UInt32.max) else { return nil }
        guard let data = exif_data_new() else { return nil }
        defer { exif_data_unref(data) }
        // Following the specification would make libexif *add* missing mandatory tags, such as
        // a DateTimeOriginal of "now"; ignoring unknown tags would drop OffsetTimeOriginal on
        // builds whose tag table predates EXIF 2.31. We want exactly what the file says.
        exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        exif_data_unset_option(data, EXIF_DATA_OPTION_IGNORE_UNKNOWN_TAGS)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            exif_data_load_data(data, base, UInt32(buffer.count))
        }

        let block = LoadedExif(data: data)
        guard block.hasEntries else { return nil }

        var tags = ExifTags()
        tags.make = block.string(EXIF_TAG_MAKE, in: EXIF_IFD_0)
        tags.model = block.string(EXIF_TAG_MODEL, in: EXIF_IFD_0)
        tags.orientation = block.integer(EXIF_TAG_ORIENTATION, in: EXIF_IFD_0)
        tags.dateTimeOriginal = block.string(EXIF_TAG_DATE_TIME_ORIGINAL, in: EXIF_IFD_EXIF)
        tags.offsetTimeOriginal = block.string(EXIF_TAG_OFFSET_TIME_ORIGINAL, in: EXIF_IFD_EXIF)
        tags.pixelWidth = block.integer(EXIF_TAG_PIXEL_X_DIMENSION, in: EXIF_IFD_EXIF)
        tags.pixelHeight = block.integer(EXIF_TAG_PIXEL_Y_DIMENSION, in: EXIF_IFD_EXIF)
        tags.latitude = block.coordinate(
            value: GPSTag.latitude, reference: GPSTag.latitudeRef, negativeReference: "S")
        tags.longitude = block.coordinate(
            value: GPSTag.longitude, reference: GPSTag.longitudeRef, negativeReference: "W")
        return tags
    }
}

/// GPS tags share numbers with interoperability tags, so libexif declares them as macros that
/// do not come through to Swift as `ExifTag` values.
private enum GPSTag {
    static let latitudeRef = ExifTag(rawValue: 0x0001)
    static let latitude = ExifTag(rawValue: 0x0002)
    static let longitudeRef = ExifTag(rawValue: 0x0003)
    static let longitude = ExifTag(rawValue: 0x0004)
}

/// Typed, bounds-checked access to the entries of a loaded `ExifData`, valid while it lives.
private struct LoadedExif {
    let data: UnsafeMutablePointer<ExifData>
    let byteOrder: ExifByteOrder

    init(data: UnsafeMutablePointer<ExifData>) {
        self.data = data
        self.byteOrder = exif_data_get_byte_order(data)
    }

    var hasEntries: Bool {
        [EXIF_IFD_0, EXIF_IFD_1, EXIF_IFD_EXIF, EXIF_IFD_GPS, EXIF_IFD_INTEROPERABILITY]
            .contains { ifd in (content(ifd)?.pointee.count ?? 0) > 0 }
    }

    func content(_ ifd: ExifIfd) -> UnsafeMutablePointer<ExifContent>? {
        let directories = data.pointee.ifd
        switch ifd {
        case EXIF_IFD_0: return directories.0
        case EXIF_IFD_1: return directories.1
        case EXIF_IFD_EXIF: return directories.2
        case EXIF_IFD_GPS: return directories.3
        case EXIF_IFD_INTEROPERABILITY: return directories.4
        default: return nil
        }
    }

    /// The entry's raw bytes, only when they hold at least `count` values of `format`.
    private func payload(
        _ tag: ExifTag, in ifd: ExifIfd, formats: [ExifFormat], minimumBytes: (ExifFormat) -> Int
    ) -> (format: ExifFormat, bytes: UnsafeBufferPointer<UInt8>)? {
        guard let content = content(ifd),
            let entry = exif_content_get_entry(content, tag),
            let raw = entry.pointee.data,
            formats.contains(entry.pointee.format)
        else { return nil }
        let format = entry.pointee.format
        let size = Int(entry.pointee.size)
        guard size >= minimumBytes(format) else { return nil }
        return (format, UnsafeBufferPointer(start: raw, count: size))
    }

    /// An ASCII (or, leniently, UNDEFINED/BYTE) value up to its first NUL, spaces trimmed.
    func string(_ tag: ExifTag, in ifd: ExifIfd) -> String? {
        guard
            let (_, bytes) = payload(
                tag, in: ifd, formats: [EXIF_FORMAT_ASCII, EXIF_FORMAT_UNDEFINED, EXIF_FORMAT_BYTE],
                minimumBytes: { _ in 1 })
        else { return nil }
        let text = bytes.prefix { $0 != 0 }
        let trimmed = text.drop { $0 == 0x20 }.reversed().drop { $0 == 0x20 }.reversed()
        guard !trimmed.isEmpty else { return nil }
        return String(decoding: Array(trimmed), as: UTF8.self)
    }

    /// The first value of a SHORT or LONG entry.
    func integer(_ tag: ExifTag, in ifd: ExifIfd) -> Int? {
        guard
            let (format, bytes) = payload(
                tag, in: ifd, formats: [EXIF_FORMAT_SHORT, EXIF_FORMAT_LONG],
                minimumBytes: { $0 == EXIF_FORMAT_SHORT ? 2 : 4 })
        else { return nil }
        guard let base = bytes.baseAddress else { return nil }
        if format == EXIF_FORMAT_SHORT {
            return Int(exif_get_short(base, byteOrder))
        }
        return Int(exif_get_long(base, byteOrder))
    }

    /// Degrees, minutes and seconds as three RATIONALs, signed by the reference letter.
    func coordinate(value: ExifTag, reference: ExifTag, negativeReference: String) -> Double? {
        guard
            let (_, bytes) = payload(
                value, in: EXIF_IFD_GPS, formats: [EXIF_FORMAT_RATIONAL], minimumBytes: { _ in 8 })
        else { return nil }
        guard let base = bytes.baseAddress else { return nil }
        var degrees = 0.0
        var scale = 1.0
        // Some writers store only degrees, or degrees and decimal minutes.
        for index in 0..<min(3, bytes.count / 8) {
            let rational = exif_get_rational(base + index * 8, byteOrder)
            if rational.denominator != 0 {
                degrees += Double(rational.numerator) / Double(rational.denominator) / scale
            }
            scale *= 60
        }
        guard degrees.isFinite, degrees <= 180 else { return nil }
        let sign = string(reference, in: EXIF_IFD_GPS)?.uppercased() == negativeReference ? -1.0 : 1.0
        return sign * degrees
    }
}
