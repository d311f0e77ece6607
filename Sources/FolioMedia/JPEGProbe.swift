import EXIF

/// JPEG: pixel size from the frame header, camera facts from the EXIF APP1 segment.
enum JPEGProbe {
    /// Real files have a dozen segments before the frame header; a hostile one gets no more.
    private static let segmentLimit = 256

    static func facts(_ file: FileWindow) -> MediaFacts? {
        guard file.head.starts(with: [0xFF, 0xD8, 0xFF]) else { return nil }
        var facts = MediaFacts(type: .photo, format: "jpeg")
        var exif: ExifTags?
        var offset: UInt64 = 2
        for _ in 0..<segmentLimit {
            guard let header = file.bytes(at: offset, count: 4), header[0] == 0xFF else { break }
            let marker = header[1]
            if marker == 0xFF {  // fill byte before a marker
                offset &+= 1
                continue
            }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {  // markers without a length
                offset &+= 2
                continue
            }
            // Start of scan: entropy-coded data follows, and the frame header came before it.
            if marker == 0xDA || marker == 0xD9 { break }
            let length = UInt64(UInt16(header[2]) << 8 | UInt16(header[3]))
            guard length >= 2 else { break }
            let payloadOffset = offset &+ 4
            let payloadLength = Int(length) - 2

            if isFrameHeader(marker) {
                if let frame = file.bytes(at: payloadOffset, count: 5) {
                    let height = Int(frame[1]) << 8 | Int(frame[2])
                    let width = Int(frame[3]) << 8 | Int(frame[4])
                    // A zero height means "given later in a DNL marker", which we do not chase.
                    if width > 0, height > 0 {
                        facts.width = width
                        facts.height = height
                    }
                }
                break
            }
            // APP1 also carries XMP; only the one that starts `Exif\0\0` is read whole.
            if marker == 0xE1, exif == nil,
                file.bytes(at: payloadOffset, count: 6)?.matches("Exif\0\0", at: 0) == true,
                let payload = file.bytes(at: payloadOffset, count: payloadLength)
            {
                exif = ExifReader.read(payload)
            }
            offset &+= 2 &+ length
        }
        if let exif { facts.apply(exif) }
        return facts
    }

    /// SOF0…SOF15, except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    private static func isFrameHeader(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }
}

extension MediaFacts {
    /// Takes what a photo's EXIF block says about when, where and with what it was taken.
    mutating func apply(_ exif: ExifTags) {
        taken = CameraClock.isoDateTime(exif.dateTimeOriginal)
        takenOffset = CameraClock.utcOffset(exif.offsetTimeOriginal)
        if let latitude = exif.latitude, let longitude = exif.longitude,
            abs(latitude) <= 90, abs(longitude) <= 180
        {
            self.latitude = latitude
            self.longitude = longitude
        }
        camera = Self.cameraName(make: exif.make, model: exif.model)
        if width == nil, height == nil,
            let width = exif.pixelWidth, let height = exif.pixelHeight, width > 0, height > 0
        {
            self.width = width
            self.height = height
        }
    }

    /// Make and model, without the make twice: many cameras already put it, or its first word,
    /// in the model (`Canon` + `Canon EOS R5`, `NIKON CORPORATION` + `NIKON Z 6`).
    static func cameraName(make: String?, model: String?) -> String? {
        let make = make?.trimmingSpaces ?? ""
        let model = model?.trimmingSpaces ?? ""
        switch (make.isEmpty, model.isEmpty) {
        case (true, true): return nil
        case (true, false): return model
        case (false, true): return make
        case (false, false):
            let lowerModel = model.lowercased()
            let lowerMake = make.lowercased()
            let makeWord = lowerMake.prefix { !$0.isWhitespace }
            if lowerModel.hasPrefix(lowerMake) || lowerModel == makeWord || lowerModel.hasPrefix(makeWord + " ") {
                return model
            }
            return make + " " + model
        }
    }
}

extension String {
    var trimmingSpaces: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}

/// EXIF clock strings turned into the forms folio stores.
enum CameraClock {
    /// `2026:11:22 18:04:11` → `2026-11-22T18:04:11`; nil for blanks, zeros and nonsense.
    static func isoDateTime(_ exifDate: String?) -> String? {
        guard let exifDate else { return nil }
        let characters = Array(exifDate.utf8.prefix(19))
        guard characters.count == 19 else { return nil }
        let separatorsOK =
            ":-".utf8.contains(characters[4]) && characters[7] == characters[4]
            && " T".utf8.contains(characters[10])
            && characters[13] == UInt8(ascii: ":") && characters[16] == UInt8(ascii: ":")
        guard separatorsOK,
            let year = number(characters, 0, 4), let month = number(characters, 5, 2),
            let day = number(characters, 8, 2), let hour = number(characters, 11, 2),
            let minute = number(characters, 14, 2), let second = number(characters, 17, 2),
            year > 0, (1...12).contains(month), (1...31).contains(day),
            hour < 24, minute < 60, second <= 60
        else { return nil }
        let text = { (start: Int, count: Int) in
            String(decoding: characters[start..<(start + count)], as: UTF8.self)
        }
        return "\(text(0, 4))-\(text(5, 2))-\(text(8, 2))T\(text(11, 2)):\(text(14, 2)):\(text(17, 2))"
    }

    /// `+08:00` as is; anything not shaped like a UTC offset gives nil.
    static func utcOffset(_ exifOffset: String?) -> String? {
        guard let exifOffset else { return nil }
        let characters = Array(exifOffset.utf8)
        guard characters.count == 6, "+-".utf8.contains(characters[0]),
            characters[3] == UInt8(ascii: ":"),
            let hours = number(characters, 1, 2), let minutes = number(characters, 4, 2),
            hours <= 14, minutes < 60
        else { return nil }
        return exifOffset
    }

    private static func number(_ characters: [UInt8], _ start: Int, _ count: Int) -> Int? {
        guard start >= 0, start + count <= characters.count else { return nil }
        var value = 0
        for character in characters[start..<(start + count)] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(character) else { return nil }
            value = value * 10 + Int(character - UInt8(ascii: "0"))
        }
        return value
    }
}
