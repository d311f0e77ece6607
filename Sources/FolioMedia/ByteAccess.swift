/// Bounds-checked reads of numbers and tags from untrusted bytes: every accessor answers nil
/// rather than trapping when the bytes run out.
extension Array where Element == UInt8 {
    func byte(at offset: Int) -> UInt8? {
        indices.contains(offset) ? self[offset] : nil
    }

    /// `count` bytes from `offset`, or nil when the array is shorter.
    func bytes(at offset: Int, count: Int) -> ArraySlice<UInt8>? {
        guard offset >= 0, count >= 0, offset <= self.count, count <= self.count - offset else {
            return nil
        }
        return self[offset..<(offset + count)]
    }

    func uint16BE(at offset: Int) -> UInt16? {
        bytes(at: offset, count: 2).map { UInt16(bigEndianBytes: $0) }
    }

    func uint16LE(at offset: Int) -> UInt16? {
        bytes(at: offset, count: 2).map { UInt16(littleEndianBytes: $0) }
    }

    func uint24BE(at offset: Int) -> UInt32? {
        bytes(at: offset, count: 3).map { UInt32(bigEndianBytes: $0) }
    }

    func uint24LE(at offset: Int) -> UInt32? {
        bytes(at: offset, count: 3).map { UInt32(littleEndianBytes: $0) }
    }

    func uint32BE(at offset: Int) -> UInt32? {
        bytes(at: offset, count: 4).map { UInt32(bigEndianBytes: $0) }
    }

    func uint32LE(at offset: Int) -> UInt32? {
        bytes(at: offset, count: 4).map { UInt32(littleEndianBytes: $0) }
    }

    func uint64BE(at offset: Int) -> UInt64? {
        bytes(at: offset, count: 8).map { UInt64(bigEndianBytes: $0) }
    }

    func uint64LE(at offset: Int) -> UInt64? {
        bytes(at: offset, count: 8).map { UInt64(littleEndianBytes: $0) }
    }

    /// Whether the ASCII `tag` (a magic number, a box type) is at `offset`.
    func matches(_ tag: String, at offset: Int) -> Bool {
        let expected = tag.utf8
        guard let found = bytes(at: offset, count: expected.count) else { return false }
        return found.elementsEqual(expected)
    }

    /// Four bytes as a string, for box and chunk types.
    func fourCC(at offset: Int) -> String? {
        bytes(at: offset, count: 4).map { String(decoding: $0, as: UTF8.self) }
    }
}

extension FixedWidthInteger where Self: UnsignedInteger {
    /// The value of up to `bitWidth / 8` big-endian bytes.
    init(bigEndianBytes bytes: ArraySlice<UInt8>) {
        var value: Self = 0
        for byte in bytes.prefix(Self.bitWidth / 8) {
            value = value << 8 | Self(byte)
        }
        self = value
    }

    /// The value of up to `bitWidth / 8` little-endian bytes.
    init(littleEndianBytes bytes: ArraySlice<UInt8>) {
        var value: Self = 0
        for byte in bytes.prefix(Self.bitWidth / 8).reversed() {
            value = value << 8 | Self(byte)
        }
        self = value
    }
}

/// A file as the probe sees it: the head it was given, plus reads elsewhere on demand.
///
/// Reads inside the head never call out; reads past the end of the file are refused before
/// they reach the caller's closure.
struct FileWindow {
    let head: [UInt8]
    /// Never smaller than the head, whatever the caller claimed.
    let fileSize: UInt64
    private let readElsewhere: (UInt64, Int) -> [UInt8]?

    init(head: [UInt8], fileSize: UInt64, read: @escaping (UInt64, Int) -> [UInt8]?) {
        self.head = head
        self.fileSize = max(fileSize, UInt64(head.count))
        self.readElsewhere = read
    }

    /// Exactly `count` bytes at `offset`, or nil when the file (or the reader) has fewer.
    func bytes(at offset: UInt64, count: Int) -> [UInt8]? {
        guard let found = upTo(count, at: offset), found.count == count else { return nil }
        return found
    }

    /// Up to `count` bytes at `offset`: fewer at the end of the file.
    func upTo(_ count: Int, at offset: UInt64) -> [UInt8]? {
        guard count >= 0, offset <= fileSize else { return nil }
        let available = Int(clamping: min(UInt64(count), fileSize - offset))
        if available == 0 { return [] }
        if offset <= UInt64(head.count), let start = Int(exactly: offset),
            available <= head.count - start
        {
            return Array(head[start..<(start + available)])
        }
        guard let found = readElsewhere(offset, available) else { return nil }
        return Array(found.prefix(available))
    }
}

extension UInt64 {
    /// Offsets built from untrusted sizes stop at the top instead of trapping or wrapping round
    /// to an offset already visited.
    func plus(_ other: UInt64) -> UInt64 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }
}
