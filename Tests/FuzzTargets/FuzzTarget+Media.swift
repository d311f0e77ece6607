import FolioMedia
import Foundation

extension FuzzTarget {
    /// Every media probe (JPEG with its EXIF, PNG, GIF, TIFF, BMP, RIFF, ISO BMFF, Matroska, audio
    /// streams) on any bytes, and the JPEG metadata stripper.
    ///
    /// The bytes are offered three ways: all in the head, only the first 64 bytes in the head with
    /// the rest read on demand, and as the start of a file claimed to be much longer.
    /// Promises: sizes are positive, durations finite and not negative, a position on Earth; a
    /// stripped JPEG still starts as a JPEG and stripping it again changes nothing.
    static let media = FuzzTarget(
        name: "media",
        summary: "MediaProbe.facts (all probes, EXIF) and JPEGMetadata.strippingMetadata: sane facts, stripping idempotent"
    ) { bytes throws(InvariantFailure) in
        try MediaFuzz.run(bytes)
    }
}

enum MediaFuzz {
    static func run(_ bytes: [UInt8]) throws(InvariantFailure) {
        let read: (UInt64, Int) -> [UInt8]? = { offset, count in
            guard offset <= UInt64(bytes.count), let start = Int(exactly: offset) else { return nil }
            return Array(bytes[start..<min(bytes.count, start + max(0, min(count, bytes.count - start)))])
        }
        let extensions = ["jpg", "mp4", "webm", "m4a", "wav", "mp3", "heic", "bin"]
        let hint = extensions[bytes.count % extensions.count]
        let ways: [(head: [UInt8], size: UInt64)] = [
            (bytes, UInt64(bytes.count)),
            (Array(bytes.prefix(64)), UInt64(bytes.count)),
            (bytes, UInt64(bytes.count) + 1 << 40),
        ]
        for way in ways {
            if let facts = MediaProbe.facts(head: way.head, fileSize: way.size, fileExtension: hint, read: read) {
                try check(facts)
            }
        }
        if let stripped = JPEGMetadata.strippingMetadata(Data(bytes)) {
            try expect(stripped.starts(with: [0xFF, 0xD8]), "a stripped JPEG does not start with FF D8")
            try expect(JPEGMetadata.strippingMetadata(stripped) == stripped, "stripping a stripped JPEG changes it again")
        }
    }

    static func check(_ facts: MediaFacts) throws(InvariantFailure) {
        try expect(
            (facts.width ?? 1) > 0 && (facts.height ?? 1) > 0, "a \(facts.format) of \(facts.width ?? 0)×\(facts.height ?? 0) pixels")
        if let duration = facts.duration {
            try expect(duration.isFinite && duration >= 0, "a \(facts.format) lasting \(duration) s")
        }
        if let latitude = facts.latitude {
            try expect(latitude.isFinite && abs(latitude) <= 90, "latitude \(latitude)")
        }
        if let longitude = facts.longitude {
            try expect(longitude.isFinite && abs(longitude) <= 180, "longitude \(longitude)")
        }
    }
}
