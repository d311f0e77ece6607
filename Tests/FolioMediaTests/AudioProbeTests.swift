import FolioMedia
import TestSupport
import Testing

@Suite("Audio")
struct AudioProbeTests {
    @Test("M4A brand: audio with the mvhd duration")
    func m4a() throws {
        let file =
            ISOFiles.ftyp("M4A ", ["M4A ", "mp42", "isom"])
            + ISOFiles.moov(timescale: 44_100, duration: 44_100 * 185 + 22_050, tracks: [ISOFiles.trak(handler: "soun")])
            + ISOFiles.box("mdat", [0, 0, 0])
        let facts = try #require(probe(file, extension: "m4a"))
        #expect(facts.type == .audio)
        #expect(facts.format == "m4a")
        #expect(abs((facts.duration ?? 0) - 185.5) < 0.01)
        #expect(facts.width == nil)
    }

    @Test("a generic mp42 file holding only sound is audio")
    func soundOnlyMP4() throws {
        let file =
            ISOFiles.ftyp("mp42", ["mp42", "isom"])
            + ISOFiles.moov(timescale: 1000, duration: 4200, tracks: [ISOFiles.trak(handler: "soun")])
        let facts = try #require(probe(file, extension: "mp4"))
        #expect(facts.type == .audio)
        #expect(facts.format == "m4a")
        #expect(abs((facts.duration ?? 0) - 4.2) < 0.01)
    }

    @Test("WAV duration is the data size over the byte rate")
    func wav() throws {
        // 2.5 s of 44.1 kHz 16-bit stereo: the data itself is never read, only its size.
        let (head, size) = AudioFiles.wav(sampleRate: 44_100, channels: 2, bitsPerSample: 16, dataBytes: 441_000)
        let facts = try #require(
            MediaProbe.facts(head: head, fileSize: size, fileExtension: "wav") { _, _ in nil })
        #expect(facts.type == .audio)
        #expect(facts.format == "wav")
        #expect(abs((facts.duration ?? 0) - 2.5) < 0.01)
    }

    @Test("FLAC duration from STREAMINFO")
    func flac() throws {
        let facts = try #require(probe(AudioFiles.flac(sampleRate: 48_000, totalSamples: 48_000 * 75 + 480)))
        #expect(facts.format == "flac")
        #expect(abs((facts.duration ?? 0) - 75.01) < 0.01)
    }

    @Test("MP3 after an ID3 tag, with a Xing frame count")
    func mp3WithXing() throws {
        let file = AudioFiles.id3(paddingBytes: 300) + AudioFiles.mp3Frame(xingFrames: 1000) + AudioFiles.mp3Frame()
        let facts = try #require(probe(file))
        #expect(facts.type == .audio)
        #expect(facts.format == "mp3")
        #expect(abs((facts.duration ?? 0) - 1000 * 1152 / 44_100.0) < 0.01)
    }

    @Test("a bare constant-rate MP3 is found by two frame headers in a row")
    func bareMP3() throws {
        let frames = Array((0..<20).map { _ in AudioFiles.mp3Frame() }.joined())
        let facts = try #require(probe(frames))
        #expect(facts.format == "mp3")
        // 20 frames of 1152 samples at 44.1 kHz.
        #expect(abs((facts.duration ?? 0) - Double(frames.count) * 8 / 128_000) < 0.01)
        #expect(abs((facts.duration ?? 0) - 20 * 1152 / 44_100.0) < 0.01)
    }

    @Test("Ogg Vorbis duration from the last page's granule position")
    func ogg() throws {
        let serial: UInt32 = 0x1234_5678
        let first = AudioFiles.oggPage(
            headerType: 2, granule: 0, serial: serial, sequence: 0,
            packet: AudioFiles.vorbisIdentification(sampleRate: 44_100))
        let middle = AudioFiles.oggPage(
            headerType: 0, granule: 44_100, serial: serial, sequence: 1,
            packet: Array(repeating: 7, count: 200))
        let last = AudioFiles.oggPage(headerType: 4, granule: 44_100 * 10, serial: serial, sequence: 2, packet: [0])
        let facts = try #require(probe(first + middle + last, extension: "ogg"))
        #expect(facts.type == .audio)
        #expect(facts.format == "ogg")
        #expect(abs((facts.duration ?? 0) - 10) < 0.01)
    }

    @Test("Ogg Opus counts 48 kHz samples after its pre-skip")
    func opus() throws {
        let head = Bytes(bigEndian: false) { out in
            out.ascii("OpusHead")
            out.u8(1)
            out.u8(2)
            out.u16(312)
            out.u32(44_100)  // the input's rate, for information only
            out.u16(0)
            out.u8(0)
        }.bytes
        let file =
            AudioFiles.oggPage(headerType: 2, granule: 0, serial: 9, sequence: 0, packet: head)
            + AudioFiles.oggPage(headerType: 4, granule: 48_000 * 3 + 312, serial: 9, sequence: 1, packet: [0])
        let facts = try #require(probe(file, extension: "opus"))
        #expect(facts.format == "ogg")
        #expect(abs((facts.duration ?? 0) - 3) < 0.01)
    }

    @Test("AAC in ADTS frames")
    func adts() throws {
        let file = AudioFiles.adtsFrame(length: 200) + AudioFiles.adtsFrame(length: 180) + AudioFiles.adtsFrame(length: 190)
        let facts = try #require(probe(file))
        #expect(facts.type == .audio)
        #expect(facts.format == "aac")
    }

    @Test("AMR by its magic line")
    func amr() throws {
        let facts = try #require(probe(Array("#!AMR\n".utf8) + [0x3C, 0x48, 0xF5]))
        #expect(facts.format == "amr")
        #expect(facts.type == .audio)
    }

    @Test("CAF duration from desc and the data size")
    func caf() throws {
        let seconds: UInt64 = 5
        let file = Bytes { out in
            out.ascii("caff")
            out.u16(1)
            out.u16(0)
            out.ascii("desc")
            out.u64(32)
            out.u64(48_000.0.bitPattern)
            out.ascii("lpcm")
            out.u32(0)
            out.u32(4)  // bytes per packet
            out.u32(1)  // frames per packet
            out.u32(2)
            out.u32(16)
            out.ascii("data")
            out.u64(4 + 48_000 * 4 * seconds)
            out.u32(0)  // edit count
        }.bytes
        let facts = try #require(
            MediaProbe.facts(head: file, fileSize: UInt64(file.count) + 48_000 * 4 * seconds, fileExtension: "caf") { _, _ in nil })
        #expect(facts.format == "caf")
        #expect(abs((facts.duration ?? 0) - 5) < 0.01)
    }
}
