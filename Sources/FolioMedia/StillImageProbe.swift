import EXIF

/// Still-image formats whose size sits at a fixed place near the start.
enum StillImageProbe {
    static func png(_ file: FileWindow) -> MediaFacts? {
        let head = file.head
        guard head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        var facts = MediaFacts(type: .photo, format: "png")
        // The first chunk must be IHDR: width and height, 4 bytes each, big-endian.
        if head.matches("IHDR", at: 12) {
            facts.setSize(head.uint32BE(at: 16), head.uint32BE(at: 20))
        }
        return facts
    }

    static func gif(_ file: FileWindow) -> MediaFacts? {
        let head = file.head
        guard head.matches("GIF87a", at: 0) || head.matches("GIF89a", at: 0) else { return nil }
        var facts = MediaFacts(type: .photo, format: "gif")
        facts.setSize(head.uint16LE(at: 6), head.uint16LE(at: 8))
        return facts
    }

    /// TIFF (and the camera raw formats built on it): the file is itself an EXIF structure, so
    /// libexif reads its tags once given the `Exif` preamble it expects.
    static func tiff(_ file: FileWindow) -> MediaFacts? {
        let head = file.head
        let classic = head.starts(with: [0x49, 0x49, 0x2A, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
        let big = head.starts(with: [0x49, 0x49, 0x2B, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2B])
        guard classic || big else { return nil }
        var facts = MediaFacts(type: .photo, format: "tiff")
        if classic, let exif = ExifReader.read(Array("Exif\0\0".utf8) + head) {
            facts.apply(exif)
        }
        return facts
    }

    /// BMP's two-letter magic is weak, so the DIB header size must also be one that exists.
    static func bmp(_ file: FileWindow) -> MediaFacts? {
        let head = file.head
        guard head.matches("BM", at: 0), let headerSize = head.uint32LE(at: 14),
            [12, 16, 40, 52, 56, 64, 108, 124].contains(headerSize)
        else { return nil }
        var facts = MediaFacts(type: .photo, format: "bmp")
        if headerSize == 12 {
            facts.setSize(head.uint16LE(at: 18), head.uint16LE(at: 20))
        } else if let width = head.uint32LE(at: 18), let height = head.uint32LE(at: 22) {
            // Signed; a negative height means the rows are stored top-down.
            facts.setSize(Int32(bitPattern: width).magnitude, Int32(bitPattern: height).magnitude)
        }
        return facts
    }
}

extension MediaFacts {
    /// Records a pixel size only when both sides are present and positive.
    mutating func setSize<Width: BinaryInteger, Height: BinaryInteger>(_ width: Width?, _ height: Height?) {
        guard let width, let height, width > 0, height > 0,
            let widthValue = Int(exactly: width), let heightValue = Int(exactly: height)
        else { return }
        self.width = widthValue
        self.height = heightValue
    }
}
