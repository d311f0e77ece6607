/// Audio formats that are streams of frames or pages: MP3, AAC (ADTS), FLAC, Ogg, AMR, CAF.
enum AudioStreamProbe {
    static func facts(_ file: FileWindow) -> MediaFacts? {
        let head = file.head
        if head.matches("fLaC", at: 0) { return flac(file, at: 0) }
        if head.matches("OggS", at: 0) { return ogg(file) }
        if head.matches("caff", at: 0) { return caf(file) }
        if head.matches("#!AMR", at: 0) { return MediaFacts(type: .audio, format: "amr") }
        if head.matches("ID3", at: 0) { return afterID3(file) }
        if let frame = MPEGAudioFrame(file, at: 0), frame.isConfirmed(by: file) {
            return mp3(file, firstFrame: frame, audioStart: 0)
        }
        if let frame = ADTSFrame(head, at: 0), frame.isConfirmed(by: head) {
            return MediaFacts(type: .audio, format: "aac")
        }
        return nil
    }

    /// An ID3v2 tag can front MP3, AAC and FLAC; what follows it decides, and MP3 is what
    /// nearly every tagged file is.
    private static func afterID3(_ file: FileWindow) -> MediaFacts {
        let audioStart = id3Length(file.head)
        if let magic = file.bytes(at: audioStart, count: 4), magic.matches("fLaC", at: 0),
            let facts = flac(file, at: audioStart)
        {
            return facts
        }
        if let header = file.bytes(at: audioStart, count: 7), ADTSFrame(header, at: 0) != nil {
            return MediaFacts(type: .audio, format: "aac")
        }
        if let frame = MPEGAudioFrame(file, at: audioStart) {
            return mp3(file, firstFrame: frame, audioStart: audioStart)
        }
        return MediaFacts(type: .audio, format: "mp3")
    }

    /// The tag's total length: a 10-byte header, a "synchsafe" size (7 bits a byte), and an
    /// optional 10-byte footer.
    private static func id3Length(_ head: [UInt8]) -> UInt64 {
        guard let sizeBytes = head.bytes(at: 6, count: 4), let flags = head.byte(at: 5) else { return 10 }
        let size = sizeBytes.reduce(UInt64(0)) { $0 << 7 | UInt64($1 & 0x7F) }
        let footer: UInt64 = flags & 0x10 != 0 ? 10 : 0
        return 10 + size + footer
    }

    // MARK: MP3

    private static func mp3(_ file: FileWindow, firstFrame frame: MPEGAudioFrame, audioStart: UInt64) -> MediaFacts {
        var facts = MediaFacts(type: .audio, format: "mp3")
        // A VBR file names its frame count in a Xing/Info or VBRI header inside the first frame;
        // otherwise the bit rate is constant and the size tells the length.
        let frameBytes = file.upTo(frame.length, at: frame.offset) ?? []
        if let frames = frame.declaredFrameCount(frameBytes), frames > 0 {
            facts.duration = Double(frames) * Double(frame.samplesPerFrame) / Double(frame.sampleRate)
        } else if file.fileSize > audioStart {
            facts.duration = Double(file.fileSize - audioStart) * 8 / Double(frame.bitRate)
        }
        return facts
    }

    // MARK: FLAC

    /// STREAMINFO, always the first metadata block, holds the sample rate and sample count.
    private static func flac(_ file: FileWindow, at start: UInt64) -> MediaFacts? {
        var facts = MediaFacts(type: .audio, format: "flac")
        guard let block = file.bytes(at: start.plus(4), count: 4 + 18), block[0] & 0x7F == 0 else { return facts }
        let info = Array(block.dropFirst(4))
        if let duration = flacDuration(streamInfo: info) { facts.duration = duration }
        return facts
    }

    /// Bytes 10… of STREAMINFO: 20 bits of sample rate, 3 of channels, 5 of bit depth, then
    /// 36 bits of total samples.
    private static func flacDuration(streamInfo info: [UInt8]) -> Double? {
        guard let packed = info.uint64BE(at: 10) else { return nil }
        let sampleRate = packed >> 44
        let totalSamples = packed & 0xF_FFFF_FFFF
        guard sampleRate > 0, totalSamples > 0 else { return nil }
        return Double(totalSamples) / Double(sampleRate)
    }

    // MARK: Ogg

    /// The codec comes from the first packet; the length from the last page's granule
    /// position (a sample count), found in one read of the file's tail.
    private static func ogg(_ file: FileWindow) -> MediaFacts {
        let head = file.head
        var facts = MediaFacts(type: .audio, format: "ogg")
        guard let segments = head.byte(at: 26), let serial = head.uint32LE(at: 14) else { return facts }
        let packet = 27 + Int(segments)
        var sampleRate: UInt64?
        var skippedSamples: UInt64 = 0
        if head.matches("\u{1}vorbis", at: packet) {
            sampleRate = head.uint32LE(at: packet + 12).map(UInt64.init)
        } else if head.matches("OpusHead", at: packet) {
            sampleRate = 48_000  // Opus granules always count 48 kHz samples
            skippedSamples = head.uint16LE(at: packet + 10).map(UInt64.init) ?? 0
        } else if head.matches("\u{7F}FLAC", at: packet), head.matches("fLaC", at: packet + 9) {
            sampleRate = head.uint32BE(at: packet + 17 + 10).map { UInt64($0 >> 12) }
        } else if head.matches("\u{80}theora", at: packet) {
            facts.type = .video
            return facts
        }
        guard let sampleRate, sampleRate > 0,
            let granule = lastGranule(file, serial: serial), granule > skippedSamples
        else { return facts }
        facts.duration = Double(granule - skippedSamples) / Double(sampleRate)
        return facts
    }

    /// An Ogg page is at most 65 307 bytes, so the last one starts within this many of the end.
    private static let oggTailLength: UInt64 = 65_536

    private static func lastGranule(_ file: FileWindow, serial: UInt32) -> UInt64? {
        let start = file.fileSize - min(file.fileSize, oggTailLength)
        guard let tail = file.upTo(Int(file.fileSize - start), at: start), tail.count >= 27 else { return nil }
        var offset = tail.count - 27
        while offset >= 0 {
            if tail.matches("OggS", at: offset), tail.uint32LE(at: offset + 14) == serial,
                let granule = tail.uint64LE(at: offset + 6), granule != .max
            {
                return granule
            }
            offset -= 1
        }
        return nil
    }

    // MARK: CAF

    /// Core Audio Format: `desc` gives the sample rate and packet shape, `pakt` the exact frame
    /// count for variable-size packets, `data` the byte count for constant-size ones.
    private static func caf(_ file: FileWindow) -> MediaFacts {
        var facts = MediaFacts(type: .audio, format: "caf")
        var sampleRate: Double?
        var bytesPerPacket: UInt32 = 0
        var framesPerPacket: UInt32 = 0
        var validFrames: UInt64?
        var dataBytes: UInt64?
        var offset: UInt64 = 8
        for _ in 0..<64 {
            guard let header = file.bytes(at: offset, count: 12), let type = header.fourCC(at: 0),
                let size = header.uint64BE(at: 4)
            else { break }
            let body = offset.plus(12)
            switch type {
            case "desc":
                if let desc = file.bytes(at: body, count: 24) {
                    sampleRate = desc.uint64BE(at: 0).map { Double(bitPattern: $0) }
                    bytesPerPacket = desc.uint32BE(at: 16) ?? 0
                    framesPerPacket = desc.uint32BE(at: 20) ?? 0
                }
            case "pakt":
                validFrames = file.bytes(at: body, count: 16)?.uint64BE(at: 8)
            case "data":
                // -1 means "to the end of the file"; the first 4 bytes are an edit count.
                let toEnd = file.fileSize - min(file.fileSize, body)
                let bytes = size == .max || size > toEnd ? toEnd : size
                dataBytes = bytes - min(bytes, 4)
            default:
                break
            }
            if size == .max { break }
            offset = body.plus(size)
        }
        guard let sampleRate, sampleRate.isFinite, sampleRate > 0 else { return facts }
        if let validFrames, validFrames > 0 {
            facts.duration = Double(validFrames) / sampleRate
        } else if let dataBytes, bytesPerPacket > 0, framesPerPacket > 0 {
            facts.duration = Double(dataBytes / UInt64(bytesPerPacket)) * Double(framesPerPacket) / sampleRate
        }
        return facts
    }
}

/// An MPEG-1/2/2.5 audio frame header (Layer I, II or III).
struct MPEGAudioFrame {
    var offset: UInt64
    var bitRate: Int
    var sampleRate: Int
    var samplesPerFrame: Int
    /// Whole frame, header included.
    var length: Int
    private var isMPEG1: Bool
    private var isMono: Bool

    private static let bitRates: [[Int]] = [
        [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],  // MPEG-1 Layer I
        [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],  // MPEG-1 Layer II
        [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],  // MPEG-1 Layer III
        [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],  // MPEG-2/2.5 Layer I
        [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],  // MPEG-2/2.5 Layer II & III
    ]

    /// Nil unless the four bytes at `offset` are a header with no reserved or "free" values.
    init?(_ file: FileWindow, at offset: UInt64) {
        guard let header = file.bytes(at: offset, count: 4) else { return nil }
        self.init(header: header, offset: offset)
    }

    private init?(header: [UInt8], offset: UInt64) {
        guard header.count >= 4, header[0] == 0xFF, header[1] & 0xE0 == 0xE0 else { return nil }
        let version = (header[1] >> 3) & 0x03  // 0: MPEG-2.5, 2: MPEG-2, 3: MPEG-1
        let layer = (header[1] >> 1) & 0x03  // 1: III, 2: II, 3: I
        let bitRateIndex = Int(header[2] >> 4)
        let sampleRateIndex = Int((header[2] >> 2) & 0x03)
        guard version != 1, layer != 0, (1...14).contains(bitRateIndex), sampleRateIndex != 3 else { return nil }
        let isMPEG1 = version == 3
        let table: Int
        switch (isMPEG1, layer) {
        case (true, 3): table = 0
        case (true, 2): table = 1
        case (true, _): table = 2
        case (false, 3): table = 3
        case (false, _): table = 4
        }
        let bitRate = Self.bitRates[table][bitRateIndex] * 1000
        let baseRates = [44_100, 48_000, 32_000]
        let sampleRate = baseRates[sampleRateIndex] / (version == 3 ? 1 : version == 2 ? 2 : 4)
        let padding = Int((header[2] >> 1) & 0x01)
        let samplesPerFrame: Int
        let length: Int
        if layer == 3 {
            samplesPerFrame = 384
            length = (12 * bitRate / sampleRate + padding) * 4
        } else {
            samplesPerFrame = layer == 1 && !isMPEG1 ? 576 : 1152
            length = samplesPerFrame / 8 * bitRate / sampleRate + padding
        }
        guard length >= 4 else { return nil }
        self.offset = offset
        self.bitRate = bitRate
        self.sampleRate = sampleRate
        self.samplesPerFrame = samplesPerFrame
        self.length = length
        self.isMPEG1 = isMPEG1
        self.isMono = header[3] >> 6 == 3
    }

    /// Eleven sync bits happen by chance; a second valid header right after this frame does not.
    func isConfirmed(by file: FileWindow) -> Bool {
        let next = offset.plus(UInt64(length))
        guard next < file.fileSize else { return true }  // a single-frame file
        return MPEGAudioFrame(file, at: next) != nil
    }

    /// The frame count a Xing, Info or VBRI header in this frame declares.
    func declaredFrameCount(_ frame: [UInt8]) -> UInt32? {
        // Xing/Info sits right after the side information, whose size depends on mode and version.
        let sideInformation = isMPEG1 ? (isMono ? 17 : 32) : (isMono ? 9 : 17)
        let xing = 4 + sideInformation
        if frame.matches("Xing", at: xing) || frame.matches("Info", at: xing),
            let flags = frame.uint32BE(at: xing + 4), flags & 0x1 != 0
        {
            return frame.uint32BE(at: xing + 8)
        }
        if frame.matches("VBRI", at: 36) {
            return frame.uint32BE(at: 36 + 14)
        }
        return nil
    }
}

/// An AAC ADTS frame header: 12 sync bits with the layer bits zero.
struct ADTSFrame {
    var offset: Int
    var length: Int

    init?(_ bytes: [UInt8], at offset: Int) {
        guard let header = bytes.bytes(at: offset, count: 7) else { return nil }
        let start = header.startIndex
        guard header[start] == 0xFF, header[start + 1] & 0xF6 == 0xF0,
            (header[start + 2] >> 2) & 0x0F < 13  // sampling frequency index
        else { return nil }
        let length = Int(header[start + 3] & 0x03) << 11 | Int(header[start + 4]) << 3 | Int(header[start + 5] >> 5)
        guard length >= 7 else { return nil }
        self.offset = offset
        self.length = length
    }

    /// Like MP3's, the sync word is short enough to need a second frame as a witness.
    func isConfirmed(by head: [UInt8]) -> Bool {
        let next = offset + length
        guard next + 7 <= head.count else { return next >= head.count }
        return ADTSFrame(head, at: next) != nil
    }
}
