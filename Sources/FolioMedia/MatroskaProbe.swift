/// Matroska and WebM: EBML elements, read from the head only, since the segment's Info and
/// Tracks come before the first cluster of media.
enum MatroskaProbe {
    private enum ID {
        static let ebmlHeader: UInt32 = 0x1A45_DFA3
        static let docType: UInt32 = 0x4282
        static let segment: UInt32 = 0x1853_8067
        static let info: UInt32 = 0x1549_A966
        static let timestampScale: UInt32 = 0x2A_D7B1
        static let duration: UInt32 = 0x4489
        static let tracks: UInt32 = 0x1654_AE6B
        static let trackEntry: UInt32 = 0xAE
        static let trackType: UInt32 = 0x83
        static let video: UInt32 = 0xE0
        static let pixelWidth: UInt32 = 0xB0
        static let pixelHeight: UInt32 = 0xBA
        static let cluster: UInt32 = 0x1F43_B675
    }

    static func facts(_ file: FileWindow) -> MediaFacts? {
        let head = file.head
        guard head.starts(with: [0x1A, 0x45, 0xDF, 0xA3]),
            let header = elements(in: head, 0..<head.count, limit: 1).first
        else { return nil }
        let docType = elements(in: head, header.data, limit: 32)
            .first { $0.id == ID.docType }
            .map { String(decoding: head[$0.data].prefix { $0 != 0 }, as: UTF8.self) }
        var facts = MediaFacts(type: .video, format: docType == "webm" ? "webm" : "mkv")

        guard
            let segment = elements(in: head, header.data.upperBound..<head.count, limit: 4)
                .first(where: { $0.id == ID.segment })
        else { return facts }
        var timestampScale = 1_000_000.0  // nanoseconds per tick unless Info says otherwise
        var ticks: Double?
        for element in elements(in: head, segment.data, limit: 64, stopAt: ID.cluster) {
            if element.id == ID.info {
                for field in elements(in: head, element.data, limit: 64) {
                    if field.id == ID.timestampScale, let scale = unsigned(head, field.data), scale > 0 {
                        timestampScale = Double(scale)
                    } else if field.id == ID.duration {
                        ticks = float(head, field.data)
                    }
                }
            } else if element.id == ID.tracks, facts.width == nil {
                videoSize(head, tracks: element, into: &facts)
            }
        }
        if let ticks, ticks.isFinite, ticks > 0 {
            facts.duration = ticks * timestampScale / 1_000_000_000
        }
        return facts
    }

    private static func videoSize(_ head: [UInt8], tracks: Element, into facts: inout MediaFacts) {
        for entry in elements(in: head, tracks.data, limit: 64) where entry.id == ID.trackEntry {
            let fields = elements(in: head, entry.data, limit: 64)
            guard fields.contains(where: { $0.id == ID.trackType && unsigned(head, $0.data) == 1 }),
                let video = fields.first(where: { $0.id == ID.video })
            else { continue }
            let videoFields = elements(in: head, video.data, limit: 32)
            let width = videoFields.first { $0.id == ID.pixelWidth }.flatMap { unsigned(head, $0.data) }
            let height = videoFields.first { $0.id == ID.pixelHeight }.flatMap { unsigned(head, $0.data) }
            facts.setSize(width, height)
            return
        }
    }

    private struct Element {
        var id: UInt32
        /// Clamped to the bytes at hand and to the parent.
        var data: Range<Int>
    }

    /// The elements one level down inside `range`; stops early at `stopAt`, at the first
    /// malformed header, or at `limit` elements.
    private static func elements(
        in bytes: [UInt8], _ range: Range<Int>, limit: Int, stopAt: UInt32? = nil
    ) -> [Element] {
        var found: [Element] = []
        var offset = range.lowerBound
        while found.count < limit, offset < range.upperBound {
            guard let (id, idLength) = variableInteger(bytes, at: offset, keepMarker: true),
                let (size, sizeLength) = variableInteger(bytes, at: offset + idLength, keepMarker: false)
            else { break }
            let id32 = UInt32(truncatingIfNeeded: id)
            if id32 == stopAt { break }
            let dataStart = offset + idLength + sizeLength
            guard dataStart <= range.upperBound else { break }
            // All value bits set means "unknown size": the element runs to the end of its parent.
            let unknownSize = size == (UInt64(1) << (7 * UInt64(sizeLength))) - 1
            let room = UInt64(range.upperBound - dataStart)
            let dataEnd = unknownSize || size > room ? range.upperBound : dataStart + Int(size)
            found.append(Element(id: id32, data: dataStart..<dataEnd))
            offset = dataEnd
        }
        return found
    }

    /// An EBML variable-length integer: the count of leading zero bits gives its length.
    private static func variableInteger(_ bytes: [UInt8], at offset: Int, keepMarker: Bool) -> (UInt64, Int)? {
        guard let first = bytes.byte(at: offset), first != 0 else { return nil }
        let length = first.leadingZeroBitCount + 1
        guard let all = bytes.bytes(at: offset, count: length) else { return nil }
        var value = UInt64(keepMarker ? first : first & (0xFF >> length))
        for byte in all.dropFirst() {
            value = value << 8 | UInt64(byte)
        }
        return (value, length)
    }

    private static func unsigned(_ bytes: [UInt8], _ range: Range<Int>) -> UInt64? {
        guard (1...8).contains(range.count) else { return nil }
        return UInt64(bigEndianBytes: bytes[range])
    }

    private static func float(_ bytes: [UInt8], _ range: Range<Int>) -> Double? {
        switch range.count {
        case 4: return Double(Float(bitPattern: UInt32(bigEndianBytes: bytes[range])))
        case 8: return Double(bitPattern: UInt64(bigEndianBytes: bytes[range]))
        default: return nil
        }
    }
}
