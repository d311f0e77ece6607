import FolioMedia
import TestSupport
import Testing

@Suite("Videos")
struct VideoProbeTests {
    @Test("MP4 duration from mvhd and size from the video track's tkhd", arguments: [0, 1] as [UInt8])
    func mp4(mvhdVersion: UInt8) throws {
        let duration: UInt64 = mvhdVersion == 1 ? 90_000 * 3 * 3600 + 45_000 : 12_345
        let timescale: UInt32 = mvhdVersion == 1 ? 90_000 : 1000
        let file = ISOFiles.mp4(mvhdVersion: mvhdVersion, timescale: timescale, duration: duration)
        let facts = try #require(probe(file, extension: "mp4"))
        #expect(facts.type == .video)
        #expect(facts.format == "mp4")
        #expect(facts.width == 1920)
        #expect(facts.height == 1080)
        let expected = mvhdVersion == 1 ? 10_800.5 : 12.345
        #expect(abs((facts.duration ?? 0) - expected) < 0.01)
    }

    @Test("a version 1 tkhd gives the size too")
    func tkhdVersion1() throws {
        let file =
            ISOFiles.ftyp("mp42", ["mp42", "isom"])
            + ISOFiles.moov(
                timescale: 600, duration: 600 * 7,
                tracks: [
                    ISOFiles.trak(handler: "vide", width: 3840, height: 2160, tkhdVersion: 1)
                ])
        let facts = try #require(probe(file))
        #expect(facts.width == 3840)
        #expect(facts.height == 2160)
        #expect(abs((facts.duration ?? 0) - 7) < 0.01)
    }

    @Test("moov after a five-gigabyte mdat, found by reading box headers only")
    func moovAfterHugeMdat() throws {
        let ftyp = ISOFiles.ftyp("isom", ["isom", "avc1"])
        let mdatSize: UInt64 = 5 << 30
        var mdatHeader = Bytes()
        mdatHeader.u32(1)  // a 64-bit size follows
        mdatHeader.ascii("mdat")
        mdatHeader.u64(mdatSize)
        let moov = ISOFiles.moov(
            timescale: 30_000, duration: 30_000 * 95,
            tracks: [
                ISOFiles.trak(handler: "vide", width: 1280, height: 720)
            ])
        let moovOffset = UInt64(ftyp.count) + mdatSize
        let file = SparseFile(
            size: moovOffset + UInt64(moov.count),
            stretches: [(0, ftyp + mdatHeader.bytes + Array(repeating: 0xEE, count: 4096)), (moovOffset, moov)])

        let facts = try #require(
            MediaProbe.facts(head: file.head, fileSize: file.size, fileExtension: "mp4", read: file.read))
        #expect(facts.type == .video)
        #expect(abs((facts.duration ?? 0) - 95) < 0.01)
        #expect(facts.width == 1280)
        #expect(facts.height == 720)
        // Nothing inside mdat was asked for, and every read was small.
        let mdatRange = (UInt64(ftyp.count) + 16)..<moovOffset
        #expect(!file.reads.contains { mdatRange.contains($0.offset) })
        #expect(file.reads.allSatisfy { $0.count <= 4096 })
        #expect(file.reads.allSatisfy { $0.offset + UInt64($0.count) <= file.size })
    }

    @Test("a last box of size 0 runs to the end of the file")
    func sizeZeroBox() throws {
        let ftyp = ISOFiles.ftyp("mp41", ["mp41"])
        let mdat = ISOFiles.box("mdat", Array(repeating: 0, count: 100))
        var moov = ISOFiles.moov(
            timescale: 1000, duration: 2500,
            tracks: [
                ISOFiles.trak(handler: "vide", width: 720, height: 576)
            ])
        moov.replaceSubrange(0..<4, with: [0, 0, 0, 0])
        let facts = try #require(probe(ftyp + mdat + moov))
        #expect(abs((facts.duration ?? 0) - 2.5) < 0.01)
        #expect(facts.width == 720)
    }

    @Test("a QuickTime brand makes a mov")
    func quickTime() throws {
        let facts = try #require(probe(ISOFiles.mp4(brand: "qt  ", moovFirst: false), extension: "mp4"))
        #expect(facts.type == .video)
        #expect(facts.format == "mov")
        #expect(abs((facts.duration ?? 0) - 12.345) < 0.01)
        #expect(facts.width == 1920)
    }

    @Test("an old QuickTime file without ftyp is still a mov")
    func quickTimeWithoutFtyp() throws {
        let file =
            ISOFiles.box("wide", []) + ISOFiles.box("mdat", [1, 2, 3])
            + ISOFiles.moov(timescale: 600, duration: 1800, tracks: [ISOFiles.trak(handler: "vide", width: 640, height: 480)])
        let facts = try #require(probe(file))
        #expect(facts.format == "mov")
        #expect(abs((facts.duration ?? 0) - 3) < 0.01)
        #expect(facts.height == 480)
    }

    @Test("WebM and Matroska by doctype, with Info duration and track size", arguments: ["webm", "matroska"])
    func matroska(docType: String) throws {
        let facts = try #require(probe(MatroskaFiles.file(docType: docType, durationMilliseconds: 61_500, width: 1280, height: 720)))
        #expect(facts.type == .video)
        #expect(facts.format == (docType == "webm" ? "webm" : "mkv"))
        #expect(abs((facts.duration ?? 0) - 61.5) < 0.01)
        #expect(facts.width == 1280)
        #expect(facts.height == 720)
    }

    // Found by `make fuzz` (harness `media`): a finite duration times the timestamp scale overflowed.
    @Test("a Matroska duration that overflows, or a nonsense one, is no duration", arguments: [1e308, 1e300, -5, .nan])
    func matroskaOverflow(milliseconds: Double) throws {
        let facts = try #require(probe(MatroskaFiles.file(docType: "webm", durationMilliseconds: milliseconds, width: 64, height: 48)))
        #expect(facts.duration == nil)
        #expect(facts.width == 64)
    }

    @Test("AVI size and length from avih")
    func avi() throws {
        let avih = Bytes(bigEndian: false) { out in
            out.u32(40_000)  // 25 frames a second
            out.u32(0)
            out.u32(0)
            out.u32(0x10)
            out.u32(250)
            out.u32(0)
            out.u32(1)
            out.u32(0)
            out.u32(640)
            out.u32(480)
            out.zeros(16)
        }.bytes
        let file = Bytes(bigEndian: false) { out in
            out.ascii("RIFF")
            out.u32(0)
            out.ascii("AVI ")
            out.ascii("LIST")
            out.u32(UInt32(4 + 8 + avih.count))
            out.ascii("hdrl")
            out.ascii("avih")
            out.u32(UInt32(avih.count))
            out.append(avih)
        }.bytes
        let facts = try #require(probe(file))
        #expect(facts.type == .video)
        #expect(facts.format == "avi")
        #expect(facts.width == 640)
        #expect(facts.height == 480)
        #expect(abs((facts.duration ?? 0) - 10) < 0.01)
    }
}

enum MatroskaFiles {
    /// An element with a one-byte size (payloads under 127 bytes) or an eight-byte one.
    static func element(_ id: [UInt8], _ payload: [UInt8], unknownSize: Bool = false) -> [UInt8] {
        if unknownSize { return id + [0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF] + payload }
        precondition(payload.count < 127)
        return id + [0x80 | UInt8(payload.count)] + payload
    }

    static func unsigned(_ id: [UInt8], _ value: UInt32) -> [UInt8] {
        element(id, Bytes { $0.u32(value) }.bytes)
    }

    static func file(docType: String, durationMilliseconds: Double, width: UInt32, height: UInt32) -> [UInt8] {
        let header = element(
            [0x1A, 0x45, 0xDF, 0xA3],
            unsigned([0x42, 0x86], 1) + element([0x42, 0x82], Array(docType.utf8)))
        let info = element(
            [0x15, 0x49, 0xA9, 0x66],
            unsigned([0x2A, 0xD7, 0xB1], 1_000_000)
                + element([0x44, 0x89], Bytes { $0.u64(durationMilliseconds.bitPattern) }.bytes))
        let video = element([0xE0], unsigned([0xB0], width) + unsigned([0xBA], height))
        let audioTrack = element([0xAE], unsigned([0xD7], 1) + unsigned([0x83], 2))
        let videoTrack = element([0xAE], unsigned([0xD7], 2) + unsigned([0x83], 1) + video)
        let tracks = element([0x16, 0x54, 0xAE, 0x6B], audioTrack + videoTrack)
        let cluster = element([0x1F, 0x43, 0xB6, 0x75], [0xE7, 0x81, 0x00])
        return header + element([0x18, 0x53, 0x80, 0x67], info + tracks + cluster, unknownSize: true)
    }
}
