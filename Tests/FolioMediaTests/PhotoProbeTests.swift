import FolioMedia
import TestSupport
import Testing

/// Probes a whole in-memory file, as folio does for a file that fits in the head.
func probe(_ file: [UInt8], extension fileExtension: String = "") -> MediaFacts? {
    MediaProbe.facts(
        head: Array(file.prefix(MediaProbe.headLength)), fileSize: UInt64(file.count),
        fileExtension: fileExtension
    ) { offset, count in
        guard offset < UInt64(file.count) else { return nil }
        let start = Int(offset)
        return Array(file[start..<min(file.count, start + count)])
    }
}

@Suite("Photos")
struct PhotoProbeTests {
    @Test("a JPEG gives its frame size and what its EXIF says")
    func jpegWithExif() throws {
        let facts = try #require(probe(ImageFiles.jpeg(width: 4032, height: 3024), extension: "jpg"))
        #expect(facts.type == .photo)
        #expect(facts.format == "jpeg")
        #expect(facts.width == 4032)
        #expect(facts.height == 3024)
        #expect(facts.taken == "2026-11-22T18:04:11")
        #expect(facts.takenOffset == "+08:00")
        #expect(abs((facts.latitude ?? 0) - 25.0339) < 0.0001)
        #expect(abs((facts.longitude ?? 0) - 121.5645) < 0.0001)
        #expect(facts.camera == "Apple iPhone 13")
        #expect(facts.duration == nil)
    }

    @Test("the frame size comes from progressive and other SOF markers too", arguments: [0xC0, 0xC1, 0xC2, 0xC9] as [UInt8])
    func frameMarkers(marker: UInt8) throws {
        let facts = try #require(probe(ImageFiles.jpeg(width: 640, height: 480, exif: nil, frameMarker: marker)))
        #expect(facts.width == 640)
        #expect(facts.height == 480)
        #expect(facts.taken == nil)
        #expect(facts.camera == nil)
    }

    @Test("a make already in the model is not repeated")
    func cameraNames() throws {
        var tiff = TIFFBuilder()
        tiff.ifd0 = [tiff.ascii(0x010F, "Canon"), tiff.ascii(0x0110, "Canon EOS R5")]
        let facts = try #require(probe(ImageFiles.jpeg(width: 10, height: 10, exif: ImageFiles.exifBlock(tiff))))
        #expect(facts.camera == "Canon EOS R5")

        tiff.ifd0 = [tiff.ascii(0x010F, "NIKON CORPORATION"), tiff.ascii(0x0110, "nikon z 6")]
        #expect(probe(ImageFiles.jpeg(width: 10, height: 10, exif: ImageFiles.exifBlock(tiff)))?.camera == "nikon z 6")

        tiff.ifd0 = [tiff.ascii(0x010F, "NIKON CORPORATION"), tiff.ascii(0x0110, "NIKONOS V")]
        #expect(
            probe(ImageFiles.jpeg(width: 10, height: 10, exif: ImageFiles.exifBlock(tiff)))?.camera
                == "NIKON CORPORATION NIKONOS V")

        tiff.ifd0 = [tiff.ascii(0x0110, "Pixel 8")]
        #expect(probe(ImageFiles.jpeg(width: 10, height: 10, exif: ImageFiles.exifBlock(tiff)))?.camera == "Pixel 8")
    }

    @Test("a blank or zero camera clock gives no time taken")
    func blankClock() throws {
        for clock in ["0000:00:00 00:00:00", "    :  :     :  :  ", "2026:13:01 00:00:00", "yesterday"] {
            var tiff = TIFFBuilder()
            tiff.exif = [tiff.ascii(0x9003, clock), tiff.ascii(0x9011, "8 hours")]
            let facts = try #require(probe(ImageFiles.jpeg(width: 10, height: 10, exif: ImageFiles.exifBlock(tiff))))
            #expect(facts.taken == nil, "\(clock)")
            #expect(facts.takenOffset == nil)
        }
    }

    @Test("PNG size from IHDR")
    func png() throws {
        let facts = try #require(probe(ImageFiles.png(width: 1170, height: 2532)))
        #expect(
            facts
                == {
                    var expected = MediaFacts(type: .photo, format: "png")
                    expected.width = 1170
                    expected.height = 2532
                    return expected
                }())
    }

    @Test("GIF size from the screen descriptor")
    func gif() throws {
        let facts = try #require(probe(ImageFiles.gif(width: 320, height: 240)))
        #expect(facts.format == "gif")
        #expect(facts.width == 320)
        #expect(facts.height == 240)
    }

    @Test("WebP size from each kind of first chunk", arguments: ["VP8 ", "VP8L", "VP8X"])
    func webp(kind: String) throws {
        let facts = try #require(probe(ImageFiles.webp(kind, width: 1000, height: 750)))
        #expect(facts.type == .photo)
        #expect(facts.format == "webp")
        #expect(facts.width == 1000)
        #expect(facts.height == 750)
    }

    @Test("HEIC size is the largest ispe, not a tile or the thumbnail")
    func heic() throws {
        let file = ISOFiles.heif(
            brand: "heic", compatible: ["mif1", "heic"],
            extents: [(512, 512), (4032, 3024), (320, 240)])
        let facts = try #require(probe(file, extension: "heic"))
        #expect(facts.type == .photo)
        #expect(facts.format == "heic")
        #expect(facts.width == 4032)
        #expect(facts.height == 3024)
    }

    @Test("AVIF and a mif1-major HEIF are told apart by brand")
    func heifBrands() throws {
        let avif = try #require(probe(ISOFiles.heif(brand: "avif", compatible: ["avif", "mif1", "miaf"], extents: [(1920, 1080)])))
        #expect(avif.format == "avif")
        #expect(avif.width == 1920)
        let mif1 = try #require(probe(ISOFiles.heif(brand: "mif1", compatible: ["heic"], extents: [(800, 600)])))
        #expect(mif1.format == "heic")
        #expect(mif1.height == 600)
        let genericAVIF = try #require(probe(ISOFiles.heif(brand: "mif1", compatible: ["mif1", "avif"], extents: [(64, 48)])))
        #expect(genericAVIF.format == "avif")
    }

    @Test("TIFF is a photo, with its EXIF")
    func tiff() throws {
        let facts = try #require(probe(TIFFBuilder.taipeiIPhone(littleEndian: false).bytes))
        #expect(facts.type == .photo)
        #expect(facts.format == "tiff")
        #expect(facts.camera == "Apple iPhone 13")
        #expect(facts.taken == "2026-11-22T18:04:11")
    }

    @Test("BMP size, top-down rows included")
    func bmp() throws {
        let facts = try #require(probe(ImageFiles.bmp(width: 64, height: -48)))
        #expect(facts.format == "bmp")
        #expect(facts.width == 64)
        #expect(facts.height == 48)
    }

    @Test("a JPEG whose frame header lies past the head is read on demand")
    func frameHeaderPastHead() throws {
        // A large APP2 (an ICC profile, say) pushes SOF0 beyond the first 256 KiB.
        var file = Array(ImageFiles.jpeg(width: 1, height: 1, exif: nil).prefix(2))
        for _ in 0..<5 {
            file += [0xFF, 0xE2, 0xFF, 0xFF] + Array(repeating: 0x20, count: 0xFFFD)
        }
        file += ImageFiles.jpeg(width: 2000, height: 1500, exif: nil).dropFirst(2)
        #expect(file.count > MediaProbe.headLength)
        let facts = try #require(probe(file))
        #expect(facts.width == 2000)
        #expect(facts.height == 1500)
    }
}
