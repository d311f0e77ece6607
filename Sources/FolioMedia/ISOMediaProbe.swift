/// ISO base media files (MP4, MOV, M4A, 3GP, HEIC, AVIF): a tree of size-prefixed boxes.
///
/// Only box headers and the few small boxes holding facts are read; `mdat` (the media itself,
/// often gigabytes) is stepped over by its size, wherever it sits.
enum ISOMediaProbe {
    static func facts(_ file: FileWindow) -> MediaFacts? {
        let head = file.head
        if head.matches("ftyp", at: 4) {
            return typedFile(file, brands: brands(head))
        }
        // QuickTime files from before `ftyp` existed start straight with a movie box.
        if let first = head.fourCC(at: 4), ["moov", "mdat", "wide", "pnot"].contains(first),
            let size = head.uint32BE(at: 0), size == 0 || size == 1 || size >= 8
        {
            var facts = MediaFacts(type: .video, format: "mov")
            if let movie = movie(file) { movie.describe(into: &facts) }
            return facts
        }
        return nil
    }

    // MARK: Brands

    private struct Brands {
        var major: String
        var compatible: [String]
    }

    private static func brands(_ head: [UInt8]) -> Brands {
        let major = head.fourCC(at: 8) ?? ""
        var compatible: [String] = []
        let boxEnd = min(Int(head.uint32BE(at: 0) ?? 0), head.count, 8 + 4 * 64)
        var offset = 16
        while offset + 4 <= boxEnd, let brand = head.fourCC(at: offset) {
            compatible.append(brand)
            offset += 4
        }
        return Brands(major: major, compatible: compatible)
    }

    private static let avifBrands: Set = ["avif", "avis"]
    private static let heicBrands: Set = [
        "heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "mif2", "miaf",
    ]
    /// HEIF brands that say "image file" without naming the codec.
    private static let genericImageBrands: Set = ["mif1", "msf1", "mif2", "miaf"]
    private static let audioBrands: Set = ["M4A ", "M4B ", "M4P ", "F4A ", "F4B "]
    private static let videoBrands: Set = [
        "isom", "iso2", "iso3", "iso4", "iso5", "iso6", "iso7", "iso8", "iso9", "mp41", "mp42",
        "avc1", "M4V ", "M4VH", "M4VP", "3gp4", "3gp5", "3gp6", "3gp7", "3gs7", "3ge6", "3ge7",
        "3gg6", "3g2a", "3g2b", "3g2c", "dash", "mmp4", "msnv", "XAVC", "f4v ", "ndas", "MSNV",
        "qt  ",
    ]

    /// The major brand decides; compatible brands only when the major one is unknown.
    private static func typedFile(_ file: FileWindow, brands: Brands) -> MediaFacts? {
        let major = brands.major
        let compatible = brands.compatible
        if avifBrands.contains(major) { return stillImage(file, format: "avif") }
        if heicBrands.contains(major) {
            let isAVIF = genericImageBrands.contains(major) && compatible.contains(where: avifBrands.contains)
            return stillImage(file, format: isAVIF ? "avif" : "heic")
        }
        if audioBrands.contains(major) { return audio(movie: movie(file)) }
        if major == "qt  " { return video(format: "mov", movie: movie(file)) }

        let knownVideo = videoBrands.contains(major) || compatible.contains(where: videoBrands.contains)
        if !knownVideo {
            if compatible.contains(where: avifBrands.contains) { return stillImage(file, format: "avif") }
            if compatible.contains(where: heicBrands.contains) { return stillImage(file, format: "heic") }
            if compatible.contains(where: audioBrands.contains) { return audio(movie: movie(file)) }
        }
        let movie = movie(file)
        // Plenty of voice recorders write generic `mp42`/`isom` brands around a lone sound track.
        if let movie, !movie.hasVideo, movie.hasSound { return audio(movie: movie) }
        if knownVideo || movie?.hasVideo == true { return video(format: "mp4", movie: movie) }
        return nil
    }

    private static func video(format: String, movie: Movie?) -> MediaFacts {
        var facts = MediaFacts(type: .video, format: format)
        movie?.describe(into: &facts)
        return facts
    }

    private static func audio(movie: Movie?) -> MediaFacts {
        var facts = MediaFacts(type: .audio, format: "m4a")
        facts.duration = movie?.duration
        return facts
    }

    // MARK: Boxes

    private struct Box {
        var type: String
        var payload: UInt64
        var end: UInt64
    }

    /// Visits the boxes between `start` and `end` until `visit` returns false.
    private static func walkBoxes(
        _ file: FileWindow, from start: UInt64, to end: UInt64, limit: Int, _ visit: (Box) -> Bool
    ) {
        var offset = start
        for _ in 0..<limit {
            guard offset < end, end - offset >= 8, let header = file.bytes(at: offset, count: 8),
                let size32 = header.uint32BE(at: 0), let type = header.fourCC(at: 4)
            else { return }
            var headerLength: UInt64 = 8
            var size = UInt64(size32)
            if size32 == 1 {  // a 64-bit size follows the type
                guard let large = file.bytes(at: offset.plus(8), count: 8)?.uint64BE(at: 0) else { return }
                size = large
                headerLength = 16
            } else if size32 == 0 {  // the box runs to the end of its parent (or the file)
                size = end - offset
            }
            guard size >= headerLength else { return }
            let boxEnd = min(offset.plus(size), end)
            guard visit(Box(type: type, payload: offset.plus(headerLength), end: boxEnd)) else { return }
            offset = boxEnd
        }
    }

    /// The first child box of `type` directly inside `start..<end`.
    private static func child(
        _ type: String, of range: (start: UInt64, end: UInt64), in file: FileWindow, limit: Int = 64
    ) -> Box? {
        var found: Box?
        walkBoxes(file, from: range.start, to: range.end, limit: limit) { box in
            if box.type == type { found = box }
            return found == nil
        }
        return found
    }

    /// A box's payload, or as much of `count` bytes of it as the box holds.
    private static func payload(_ box: Box, in file: FileWindow, count: Int) -> [UInt8]? {
        let available = Int(clamping: box.end - min(box.end, box.payload))
        return file.upTo(min(count, available), at: box.payload)
    }

    // MARK: HEIF still images

    /// The largest `ispe` (image spatial extent) property is the full picture; the smaller ones
    /// are thumbnails and grid tiles.
    private static func stillImage(_ file: FileWindow, format: String) -> MediaFacts {
        var facts = MediaFacts(type: .photo, format: format)
        guard let meta = child("meta", of: (0, file.fileSize), in: file),
            // `meta` is a full box: version and flags come before its children.
            let properties = child("iprp", of: (meta.payload.plus(4), meta.end), in: file),
            let container = child("ipco", of: (properties.payload, properties.end), in: file)
        else { return facts }
        var largest: (width: UInt32, height: UInt32, area: UInt64) = (0, 0, 0)
        walkBoxes(file, from: container.payload, to: container.end, limit: 512) { box in
            if box.type == "ispe", let extent = payload(box, in: file, count: 12),
                let width = extent.uint32BE(at: 4), let height = extent.uint32BE(at: 8)
            {
                let area = UInt64(width) * UInt64(height)
                if area > largest.area { largest = (width, height, area) }
            }
            return true
        }
        facts.setSize(largest.width, largest.height)
        return facts
    }

    // MARK: Movies

    /// What the `moov` box says about a movie.
    private struct Movie {
        var duration: Double?
        var width: Int?
        var height: Int?
        var hasVideo = false
        var hasSound = false

        func describe(into facts: inout MediaFacts) {
            facts.duration = duration
            facts.setSize(width, height)
        }
    }

    /// The top level is walked by headers only, so a `moov` after a huge `mdat` costs one
    /// small read per box in between.
    private static func movie(_ file: FileWindow) -> Movie? {
        guard let moov = child("moov", of: (0, file.fileSize), in: file) else { return nil }
        var movie = Movie()
        var fragmentDuration: UInt64?
        var timescale: UInt64 = 0
        walkBoxes(file, from: moov.payload, to: moov.end, limit: 64) { box in
            switch box.type {
            case "mvhd":
                if let header = movieHeader(box, in: file) {
                    timescale = header.timescale
                    movie.duration = seconds(header.duration, timescale: timescale)
                }
            case "mvex":
                // Fragmented files keep the total in `mehd`, with a zero in `mvhd`.
                if let mehd = child("mehd", of: (box.payload, box.end), in: file),
                    let bytes = payload(mehd, in: file, count: 12), let version = bytes.first
                {
                    fragmentDuration = version == 1 ? bytes.uint64BE(at: 4) : bytes.uint32BE(at: 4).map(UInt64.init)
                }
            case "trak":
                let track = self.track(box, in: file)
                if track.handler == "vide" {
                    if !movie.hasVideo || movie.width == nil, let width = track.width, let height = track.height {
                        movie.width = width
                        movie.height = height
                    }
                    movie.hasVideo = true
                }
                if track.handler == "soun" { movie.hasSound = true }
            default:
                break
            }
            return true
        }
        if movie.duration == nil || movie.duration == 0, let fragmentDuration {
            movie.duration = seconds(fragmentDuration, timescale: timescale)
        }
        return movie
    }

    /// `mvhd`: version 0 has 32-bit times, version 1 has 64-bit ones.
    private static func movieHeader(_ box: Box, in file: FileWindow) -> (timescale: UInt64, duration: UInt64)? {
        guard let bytes = payload(box, in: file, count: 32), let version = bytes.first else { return nil }
        if version == 1 {
            guard let timescale = bytes.uint32BE(at: 20), let duration = bytes.uint64BE(at: 24),
                duration != .max
            else { return nil }
            return (UInt64(timescale), duration)
        }
        guard let timescale = bytes.uint32BE(at: 12), let duration = bytes.uint32BE(at: 16),
            duration != .max
        else { return nil }
        return (UInt64(timescale), UInt64(duration))
    }

    private static func seconds(_ duration: UInt64, timescale: UInt64) -> Double? {
        guard timescale > 0 else { return nil }
        return Double(duration) / Double(timescale)
    }

    private struct Track {
        var handler: String?
        var width: Int?
        var height: Int?
    }

    /// A track's kind from `mdia/hdlr` and its presentation size from `tkhd` (16.16 fixed point).
    private static func track(_ trak: Box, in file: FileWindow) -> Track {
        var track = Track()
        walkBoxes(file, from: trak.payload, to: trak.end, limit: 32) { box in
            switch box.type {
            case "tkhd":
                if let bytes = payload(box, in: file, count: 96), let version = bytes.first {
                    let sizeOffset = version == 1 ? 88 : 76
                    if let width = bytes.uint32BE(at: sizeOffset), let height = bytes.uint32BE(at: sizeOffset + 4),
                        width >> 16 > 0, height >> 16 > 0
                    {
                        track.width = Int(width >> 16)
                        track.height = Int(height >> 16)
                    }
                }
            case "mdia":
                if let handler = child("hdlr", of: (box.payload, box.end), in: file, limit: 16),
                    let bytes = payload(handler, in: file, count: 12)
                {
                    track.handler = bytes.fourCC(at: 8)
                }
            default:
                break
            }
            return true
        }
        return track
    }
}
