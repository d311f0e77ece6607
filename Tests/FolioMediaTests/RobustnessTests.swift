import FolioMedia
import TestSupport
import Testing

@Suite("Extension hints and hostile input")
struct RobustnessTests {
    @Test("unrecognised content falls back to the extension, without numbers")
    func extensionFallback() throws {
        let text = Array("just some notes\n".utf8)
        let jpeg = try #require(probe(text, extension: "jpg"))
        #expect(jpeg == MediaFacts(type: .photo, format: "jpeg"))
        #expect(probe(text, extension: "MOV") == MediaFacts(type: .video, format: "mov"))
        #expect(probe(text, extension: "m4a") == MediaFacts(type: .audio, format: "m4a"))
        #expect(probe([], extension: "heic") == MediaFacts(type: .photo, format: "heic"))
    }

    @Test("content wins over a misleading extension")
    func contentWins() throws {
        let facts = try #require(probe(ImageFiles.png(width: 10, height: 20), extension: "jpg"))
        #expect(facts.format == "png")
        #expect(facts.width == 10)
    }

    @Test("neither content nor extension says media: nil")
    func notMedia() {
        #expect(probe(Array("hello\n".utf8), extension: "txt") == nil)
        #expect(probe(Array("%PDF-1.7\n".utf8), extension: "pdf") == nil)
        #expect(probe([], extension: "") == nil)
        var generator = SeededGenerator(state: 1)
        for length in [1, 2, 3, 4, 8, 12, 16, 64, 1000, 70_000] {
            let random = generator.bytes(length)
            #expect(probe(random, extension: "") == nil, "random \(length) bytes: \(random.prefix(8))")
        }
    }

    @Test("every prefix of a valid JPEG and MP4 is survived")
    func everyPrefix() {
        let samples = [
            ImageFiles.jpeg(width: 4032, height: 3024),
            ISOFiles.mp4(),
            ISOFiles.mp4(mvhdVersion: 1, timescale: 90_000, duration: 1 << 40, moovFirst: false),
        ]
        for sample in samples {
            for length in 0...sample.count {
                let prefix = Array(sample.prefix(length))
                _ = probe(prefix)
                // The head is cut short but the file claims to be whole, and reads fail.
                _ = MediaProbe.facts(head: prefix, fileSize: UInt64(sample.count), fileExtension: "") { _, _ in nil }
            }
        }
    }

    @Test("a hostile file size or a lying reader does not trap")
    func hostileSizes() {
        let mp4 = ISOFiles.mp4(moovFirst: false)
        for size in [0, 1, UInt64(mp4.count) - 1, UInt64.max, UInt64.max - 7] {
            _ = MediaProbe.facts(head: mp4, fileSize: size, fileExtension: "mp4") { _, count in
                Array(repeating: 0xFF, count: count * 2)
            }
            _ = MediaProbe.facts(head: Array(mp4.prefix(40)), fileSize: size, fileExtension: "") { _, _ in [] }
        }
        // Boxes claiming 64-bit sizes near the top of the range, and a zero-length loop.
        var huge = Bytes()
        huge.u32(1)
        huge.ascii("mdat")
        huge.u64(.max)
        let boxes = ISOFiles.ftyp("isom", ["isom"]) + huge.bytes
        _ = MediaProbe.facts(head: boxes, fileSize: .max, fileExtension: "") { _, count in
            Array(repeating: 0, count: count)
        }
    }

    @Test("mutated files of every format are survived")
    func mutations() {
        let samples: [[UInt8]] = [
            ImageFiles.jpeg(width: 100, height: 100),
            ImageFiles.png(width: 1, height: 1),
            ImageFiles.gif(width: 1, height: 1),
            ImageFiles.webp("VP8X", width: 2, height: 2),
            ImageFiles.bmp(width: 3, height: 3),
            TIFFBuilder.taipeiIPhone().bytes,
            ISOFiles.heif(brand: "heic", compatible: ["mif1"], extents: [(5, 5)]),
            ISOFiles.mp4(),
            MatroskaFiles.file(docType: "webm", durationMilliseconds: 1000, width: 4, height: 4),
            AudioFiles.flac(sampleRate: 44_100, totalSamples: 1000),
            AudioFiles.id3(paddingBytes: 10) + AudioFiles.mp3Frame(xingFrames: 10),
            AudioFiles.wav(sampleRate: 8000, channels: 1, bitsPerSample: 8, dataBytes: 0).head,
            AudioFiles.oggPage(
                headerType: 2, granule: 0, serial: 1, sequence: 0,
                packet: AudioFiles.vorbisIdentification(sampleRate: 8000)),
        ]
        var generator = SeededGenerator(state: 42)
        for sample in samples {
            for _ in 0..<300 {
                var mutated = sample
                for _ in 0..<Int.random(in: 1...6, using: &generator) {
                    let index = Int.random(in: 0..<mutated.count, using: &generator)
                    // Bias towards the values that make sizes and lengths extreme.
                    mutated[index] = [0x00, 0xFF, 0x01, 0x7F, 0x80].randomElement(using: &generator) ?? 0
                }
                let claimedSize =
                    Bool.random(using: &generator) ? UInt64(mutated.count) : UInt64.random(in: 0...(1 << 40), using: &generator)
                var readBytes = 0
                _ = MediaProbe.facts(head: mutated, fileSize: claimedSize, fileExtension: "") { offset, count in
                    readBytes += count
                    #expect(count >= 0 && count <= 1 << 20)
                    #expect(offset < claimedSize)
                    return count < 64 ? generator.bytes(count) : nil
                }
                #expect(readBytes < 64 << 20)
            }
        }
    }

    @Test("random bytes behind every known magic are survived")
    func randomBehindMagic() {
        let magics: [[UInt8]] = [
            [0xFF, 0xD8, 0xFF], [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], Array("GIF89a".utf8),
            Array("II*\0".utf8), Array("MM\0*".utf8), Array("BM".utf8), Array("RIFF\0\0\0\0WEBPVP8X".utf8),
            Array("RIFF\0\0\0\0WAVE".utf8), Array("RIFF\0\0\0\0AVI LIST".utf8), Array("\0\0\0\u{18}ftypisom".utf8),
            Array("\0\0\0\u{18}ftypheic".utf8), [0x1A, 0x45, 0xDF, 0xA3], Array("fLaC".utf8), Array("OggS".utf8),
            Array("caff".utf8), Array("ID3".utf8), [0xFF, 0xFB, 0x90, 0x00], [0xFF, 0xF1],
        ]
        var generator = SeededGenerator(state: 99)
        for magic in magics {
            for _ in 0..<200 {
                let file = magic + generator.bytes(Int.random(in: 0...600, using: &generator))
                _ = probe(file)
            }
        }
    }
}
