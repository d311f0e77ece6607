/// RIFF containers: WAV (and its 64-bit RF64 cousin), AVI and WebP.
enum RIFFProbe {
    /// Enough for the LIST and JUNK chunks real files put before the ones we want.
    private static let chunkLimit = 64

    static func facts(_ file: FileWindow) -> MediaFacts? {
        let head = file.head
        let isRIFF = head.matches("RIFF", at: 0)
        let isRF64 = head.matches("RF64", at: 0) || head.matches("BW64", at: 0)
        guard isRIFF || isRF64 else { return nil }
        switch head.fourCC(at: 8) {
        case "WAVE": return wave(file)
        case "AVI " where isRIFF: return avi(file)
        case "WEBP" where isRIFF: return webp(head)
        default: return nil
        }
    }

    /// A chunk's four-letter id, where its data starts and how long the data is.
    private struct Chunk {
        var id: String
        var dataOffset: UInt64
        var size: UInt64
    }

    /// Visits chunks from `start` to `end` until `visit` returns false; reads only headers.
    private static func walkChunks(
        _ file: FileWindow, from start: UInt64, to end: UInt64, _ visit: (Chunk) -> Bool
    ) {
        var offset = start
        for _ in 0..<chunkLimit {
            guard offset < end, let header = file.bytes(at: offset, count: 8),
                let id = header.fourCC(at: 0), let size = header.uint32LE(at: 4)
            else { return }
            let chunk = Chunk(id: id, dataOffset: offset &+ 8, size: UInt64(size))
            guard visit(chunk) else { return }
            // Chunks are padded to an even length.
            offset = chunk.dataOffset.plus(chunk.size).plus(chunk.size % 2)
        }
    }

    private static func wave(_ file: FileWindow) -> MediaFacts? {
        var facts = MediaFacts(type: .audio, format: "wav")
        var byteRate: UInt32?
        var dataSize: UInt64?
        var largeDataSize: UInt64?  // from RF64's ds64 chunk, when the data chunk says 0xFFFFFFFF
        walkChunks(file, from: 12, to: file.fileSize) { chunk in
            switch chunk.id {
            case "ds64":
                largeDataSize = file.bytes(at: chunk.dataOffset, count: 16)?.uint64LE(at: 8)
            case "fmt ":
                byteRate = file.bytes(at: chunk.dataOffset, count: 12)?.uint32LE(at: 8)
            case "data":
                var size = chunk.size
                if size == 0xFFFF_FFFF, let largeDataSize { size = largeDataSize }
                // Streamed recordings leave the size unset; what is in the file is what plays.
                let remaining = file.fileSize - min(file.fileSize, chunk.dataOffset)
                if size == 0 || size > remaining { size = remaining }
                dataSize = size
                return false
            default:
                break
            }
            return true
        }
        if let byteRate, byteRate > 0, let dataSize {
            facts.duration = Double(dataSize) / Double(byteRate)
        }
        return facts
    }

    private static func avi(_ file: FileWindow) -> MediaFacts? {
        var facts = MediaFacts(type: .video, format: "avi")
        walkChunks(file, from: 12, to: file.fileSize) { chunk in
            guard chunk.id == "LIST",
                file.bytes(at: chunk.dataOffset, count: 4)?.matches("hdrl", at: 0) == true
            else { return true }
            // The main AVI header is the first chunk of the hdrl list.
            guard let header = file.bytes(at: chunk.dataOffset &+ 4, count: 48),
                header.matches("avih", at: 0)
            else { return false }
            let avih = Array(header.dropFirst(8))
            facts.setSize(avih.uint32LE(at: 32), avih.uint32LE(at: 36))
            if let microsecondsPerFrame = avih.uint32LE(at: 0),
                let frames = avih.uint32LE(at: 16), microsecondsPerFrame > 0, frames > 0
            {
                facts.duration = Double(frames) * Double(microsecondsPerFrame) / 1_000_000
            }
            return false
        }
        return facts
    }

    private static func webp(_ head: [UInt8]) -> MediaFacts? {
        var facts = MediaFacts(type: .photo, format: "webp")
        switch head.fourCC(at: 12) {
        case "VP8 ":
            // Lossy: a key frame's start code, then 14-bit sizes.
            if head.bytes(at: 23, count: 3)?.elementsEqual([0x9D, 0x01, 0x2A]) == true,
                let width = head.uint16LE(at: 26), let height = head.uint16LE(at: 28)
            {
                facts.setSize(width & 0x3FFF, height & 0x3FFF)
            }
        case "VP8L":
            // Lossless: a signature byte, then width − 1 and height − 1 in 14 bits each.
            if head.byte(at: 20) == 0x2F, let bits = head.uint32LE(at: 21) {
                facts.setSize((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
            }
        case "VP8X":
            // Extended (animation, alpha, metadata): the canvas size, minus one, in 24 bits.
            if let width = head.uint24LE(at: 24), let height = head.uint24LE(at: 27) {
                facts.setSize(width + 1, height + 1)
            }
        default:
            break
        }
        return facts
    }
}
