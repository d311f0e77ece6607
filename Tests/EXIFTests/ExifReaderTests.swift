import EXIF
import TestSupport
import Testing

@Suite("EXIF reader")
struct ExifReaderTests {
    @Test("reads the tags of a raw EXIF block", arguments: [true, false])
    func rawBlock(littleEndian: Bool) throws {
        let tags = try #require(ExifReader.read(ImageFiles.exifBlock(.taipeiIPhone(littleEndian: littleEndian))))
        #expect(tags.make == "Apple")
        #expect(tags.model == "iPhone 13")
        #expect(tags.orientation == 6)
        #expect(tags.dateTimeOriginal == "2026:11:22 18:04:11")
        #expect(tags.offsetTimeOriginal == "+08:00")
        #expect(tags.pixelWidth == 4032)
        #expect(tags.pixelHeight == 3024)
        let latitude = try #require(tags.latitude)
        let longitude = try #require(tags.longitude)
        #expect(abs(latitude - 25.0339) < 0.0001)
        #expect(abs(longitude - 121.5645) < 0.0001)
    }

    @Test("finds the APP1 segment in a whole JPEG")
    func wholeJPEG() throws {
        let tags = try #require(ExifReader.read(ImageFiles.jpeg(width: 4032, height: 3024)))
        #expect(tags.make == "Apple")
        #expect(tags.dateTimeOriginal == "2026:11:22 18:04:11")
    }

    @Test("south and west references make negative coordinates")
    func southWest() throws {
        var tiff = TIFFBuilder()
        tiff.gps = [
            tiff.ascii(0x0001, "S"),
            tiff.coordinate(0x0002, degrees: 33, minutes: 51, seconds: 54),
            tiff.ascii(0x0003, "W"),
            tiff.coordinate(0x0004, degrees: 70, minutes: 30, seconds: 0),
        ]
        let tags = try #require(ExifReader.read(ImageFiles.exifBlock(tiff)))
        #expect(abs((tags.latitude ?? 0) + 33.865) < 0.0001)
        #expect(abs((tags.longitude ?? 0) + 70.5) < 0.0001)
        #expect(tags.make == nil)
        #expect(tags.dateTimeOriginal == nil)
    }

    @Test("trims the padding cameras leave after strings")
    func paddedStrings() throws {
        var tiff = TIFFBuilder()
        tiff.ifd0 = [tiff.ascii(0x010F, "NIKON CORPORATION   \0\0"), tiff.ascii(0x0110, "NIKON Z 6   ")]
        let tags = try #require(ExifReader.read(ImageFiles.exifBlock(tiff)))
        #expect(tags.make == "NIKON CORPORATION")
        #expect(tags.model == "NIKON Z 6")
    }

    @Test("does not invent tags the file lacks")
    func noInventedTags() throws {
        var tiff = TIFFBuilder()
        tiff.ifd0 = [tiff.ascii(0x010F, "Apple")]
        tiff.exif = [tiff.long(0xA002, 100)]
        let tags = try #require(ExifReader.read(ImageFiles.exifBlock(tiff)))
        // libexif's "follow the specification" mode would add a DateTimeOriginal of now.
        #expect(tags.dateTimeOriginal == nil)
        #expect(tags.offsetTimeOriginal == nil)
        #expect(tags.pixelWidth == 100)
        #expect(tags.pixelHeight == nil)
    }

    @Test("answers nil for garbage")
    func garbage() {
        var generator = SeededGenerator(state: 7)
        #expect(ExifReader.read([]) == nil)
        #expect(ExifReader.read(Array("Exif\0\0".utf8)) == nil)
        #expect(ExifReader.read(Array("hello, world".utf8)) == nil)
        for length in [1, 6, 14, 100, 4096] {
            #expect(ExifReader.read(generator.bytes(length)) == nil)
        }
    }

    @Test("survives every truncation and corruption of a real block")
    func hostileBlocks() {
        let block = ImageFiles.exifBlock()
        for length in 0...block.count {
            _ = ExifReader.read(Array(block.prefix(length)))
        }
        var generator = SeededGenerator(state: 11)
        for _ in 0..<500 {
            var corrupted = block
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                let index = Int.random(in: 6..<corrupted.count, using: &generator)
                corrupted[index] = UInt8.random(in: 0...255, using: &generator)
            }
            _ = ExifReader.read(corrupted)
        }
    }
}
