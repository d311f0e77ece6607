/// What kind of media a file holds.
public enum MediaType: String, Sendable, CaseIterable {
    case photo, video, audio
}

/// What the first bytes of a media file (and a few cheap reads) tell about it.
public struct MediaFacts: Sendable, Equatable {
    public var type: MediaType
    /// The container or codec family: jpeg, png, gif, webp, heic, avif, tiff, bmp, mp4, mov, webm, mkv, avi, m4a, mp3, wav, flac, ogg, aac, amr, caf.
    public var format: String
    public var width: Int?
    public var height: Int?
    /// Seconds, where the header says it cheaply.
    public var duration: Double?
    /// When the photo was taken, as the camera's wall clock: `2026-11-22T18:04:11`.
    public var taken: String?
    /// The camera's UTC offset when it recorded one: `+08:00`.
    public var takenOffset: String?
    public var latitude: Double?
    public var longitude: Double?
    /// Make and model, the make not repeated: `Apple iPhone 13`.
    public var camera: String?

    public init(type: MediaType, format: String) {
        self.type = type
        self.format = format
    }

    /// The longest duration a file may claim: a billion seconds, about 31 years.
    public static let maxDuration: Double = 1e9

    /// `seconds` when a real file could last that long (finite, not negative, at most
    /// ``maxDuration``), else nil.
    public static func plausibleDuration(_ seconds: Double) -> Double? {
        seconds.isFinite && seconds >= 0 && seconds <= maxDuration ? seconds : nil
    }

    /// These facts without the numbers no real file has: a probe's arithmetic on a hostile header
    /// can overflow to infinity (a Matroska duration of 1e308 ticks) or come out negative or absurd,
    /// and such a number must never reach a record or a caller that turns it into an integer.
    var plausible: MediaFacts {
        var facts = self
        facts.duration = duration.flatMap(Self.plausibleDuration)
        if let width, width <= 0 { facts.width = nil }
        if let height, height <= 0 { facts.height = nil }
        if let latitude, !(latitude.isFinite && abs(latitude) <= 90) { facts.latitude = nil }
        if let longitude, !(longitude.isFinite && abs(longitude) <= 180) { facts.longitude = nil }
        return facts
    }
}

public enum MediaProbe {
    /// How many bytes from the start of a file ``facts(head:fileSize:fileExtension:read:)`` wants.
    public static let headLength = 256 * 1024

    /// What a file is, by its content first and its extension (lower case, no dot) as a hint.
    ///
    /// `read(offset, count)` reads elsewhere in the file, for formats whose facts are not at the
    /// start (an MP4 whose `moov` box comes last). Returns nil when neither the content nor the
    /// extension says photo, video or audio.
    public static func facts(
        head: [UInt8], fileSize: UInt64, fileExtension: String, read: (UInt64, Int) -> [UInt8]?
    ) -> MediaFacts? {
        withoutActuallyEscaping(read) { read in
            let file = FileWindow(head: head, fileSize: fileSize, read: read)
            return (sniff(file) ?? guess(fromExtension: fileExtension))?.plausible
        }
    }

    /// Each probe answers only for its own magic number, so their order matters only where
    /// magics overlap (ID3 may front MP3, AAC or FLAC; RIFF fronts WAV, AVI and WebP).
    private static let probes: [@Sendable (FileWindow) -> MediaFacts?] = [
        JPEGProbe.facts, StillImageProbe.png, StillImageProbe.gif, StillImageProbe.tiff,
        StillImageProbe.bmp, RIFFProbe.facts, ISOMediaProbe.facts, MatroskaProbe.facts,
        AudioStreamProbe.facts,
    ]

    private static func sniff(_ file: FileWindow) -> MediaFacts? {
        for probe in probes {
            if let facts = probe(file) { return facts }
        }
        return nil
    }

    /// What the extension alone says: a type and a format, never any numbers.
    static func guess(fromExtension fileExtension: String) -> MediaFacts? {
        var name = fileExtension.lowercased()
        if name.hasPrefix(".") { name.removeFirst() }
        guard let (type, format) = extensionFormats[name] else { return nil }
        return MediaFacts(type: type, format: format)
    }

    private static let extensionFormats: [String: (MediaType, String)] = [
        "jpg": (.photo, "jpeg"), "jpeg": (.photo, "jpeg"), "jpe": (.photo, "jpeg"),
        "png": (.photo, "png"), "apng": (.photo, "png"), "gif": (.photo, "gif"),
        "webp": (.photo, "webp"), "heic": (.photo, "heic"), "heif": (.photo, "heic"),
        "hif": (.photo, "heic"), "avif": (.photo, "avif"), "tif": (.photo, "tiff"),
        "tiff": (.photo, "tiff"), "bmp": (.photo, "bmp"),
        "mp4": (.video, "mp4"), "m4v": (.video, "mp4"), "3gp": (.video, "mp4"),
        "3g2": (.video, "mp4"), "mov": (.video, "mov"), "qt": (.video, "mov"),
        "webm": (.video, "webm"), "mkv": (.video, "mkv"), "avi": (.video, "avi"),
        "ogv": (.video, "ogg"),
        "m4a": (.audio, "m4a"), "m4b": (.audio, "m4a"), "mp3": (.audio, "mp3"),
        "wav": (.audio, "wav"), "flac": (.audio, "flac"), "ogg": (.audio, "ogg"),
        "oga": (.audio, "ogg"), "opus": (.audio, "ogg"), "aac": (.audio, "aac"),
        "amr": (.audio, "amr"), "caf": (.audio, "caf"),
    ]
}
