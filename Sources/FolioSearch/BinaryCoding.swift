import SystemIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A malformed or foreign cache file: the caller throws the cache away and rebuilds it.
public struct CacheFormatError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// FNV-1a in four lanes: 32-byte blocks, the k-th 8-byte little-endian word of each block into
/// lane k, the lanes folded into one, then the tail bytes one by one. Four independent multiplies
/// per block run side by side, so a run checks a 23 MB catalog in about a millisecond. Fed in
/// pieces of any size, it gives the same value as ``of(_:)`` over the pieces joined. It tells a
/// damaged or torn cache from a whole one: any one word changed changes its lane, and every step
/// after is a bijection of the lane.
public struct CacheChecksum: Sendable {
    private var lanes: (UInt64, UInt64, UInt64, UInt64) = (
        0xcbf2_9ce4_8422_2325, 0x8422_2325_cbf2_9ce4, 0x9ce4_cbf2_2325_8422, 0x2325_8422_9ce4_cbf2
    )
    /// The bytes of an unfinished block.
    private var pending: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var pendingCount = 0
    private static let prime: UInt64 = 0x0000_0100_0000_01b3
    private static let block = 32

    public init() {}

    public static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var checksum = CacheChecksum()
        checksum.update(bytes)
        return checksum.value
    }

    @inline(__always)
    private mutating func mix(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64) {
        lanes.0 = (lanes.0 ^ a) &* Self.prime
        lanes.1 = (lanes.1 ^ b) &* Self.prime
        lanes.2 = (lanes.2 ^ c) &* Self.prime
        lanes.3 = (lanes.3 ^ d) &* Self.prime
    }

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var k = 0
        // Complete a block begun by the previous piece.
        while pendingCount > 0 && k < bytes.count {
            setPendingByte(bytes[k])
            k += 1
            if pendingCount == Self.block {
                mix(pending.0, pending.1, pending.2, pending.3)
                pending = (0, 0, 0, 0)
                pendingCount = 0
            }
        }
        // The lanes in locals for the long run of whole blocks: kept in registers, not stored
        // back to `self` after each block.
        var (a, b, c, d) = lanes
        while bytes.count - k >= Self.block {
            a = (a ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: k, as: UInt64.self))) &* Self.prime
            b = (b ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: k + 8, as: UInt64.self))) &* Self.prime
            c = (c ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: k + 16, as: UInt64.self))) &* Self.prime
            d = (d ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: k + 24, as: UInt64.self))) &* Self.prime
            k += Self.block
        }
        lanes = (a, b, c, d)
        while k < bytes.count {
            setPendingByte(bytes[k])
            k += 1
        }
    }

    private mutating func setPendingByte(_ byte: UInt8) {
        let shift = UInt64(8 * (pendingCount % 8))
        switch pendingCount / 8 {
        case 0: pending.0 |= UInt64(byte) << shift
        case 1: pending.1 |= UInt64(byte) << shift
        case 2: pending.2 |= UInt64(byte) << shift
        default: pending.3 |= UInt64(byte) << shift
        }
        pendingCount += 1
    }

    /// The checksum of everything fed so far (the unfinished block's bytes one by one).
    public var value: UInt64 {
        var result = lanes.0
        for lane in [lanes.1, lanes.2, lanes.3] { result = (result ^ lane) &* Self.prime }
        let words = [pending.0, pending.1, pending.2, pending.3]
        for k in 0..<pendingCount { result = (result ^ ((words[k / 8] >> UInt64(8 * (k % 8))) & 0xFF)) &* Self.prime }
        return result
    }
}

/// Writes a cache file: small values into a buffer, large arrays straight from their storage.
///
/// Integers are little-endian; arrays are 8-byte aligned so a reader can fill them with one `pread`.
public struct BinaryWriter: ~Copyable {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private(set) public var offset = 0
    private var failed = false
    private var running = CacheChecksum()

    /// Writes to `fd`, which the caller opened and closes.
    public init(fd: Int32) {
        self.fd = fd
        buffer.reserveCapacity(1 << 16)
    }

    public mutating func write<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { buffer.append(contentsOf: $0) }
        offset += MemoryLayout<T>.size
        if buffer.count >= 1 << 16 { flush() }
    }

    public mutating func write(_ value: Double) { write(value.bitPattern) }

    public mutating func write(_ value: Bool) { write(UInt8(value ? 1 : 0)) }

    public mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            write(UInt32(truncatingIfNeeded: bytes.count))
            buffer.append(contentsOf: bytes)
            offset += bytes.count
        }
        if buffer.count >= 1 << 16 { flush() }
    }

    public mutating func write(_ text: String?) {
        write(text != nil)
        if let text { write(text) }
    }

    public mutating func write(_ texts: [String]) {
        write(UInt32(truncatingIfNeeded: texts.count))
        for text in texts { write(text) }
    }

    /// Pads to a multiple of 8 bytes.
    public mutating func align() {
        while offset % 8 != 0 { write(UInt8(0)) }
    }

    /// The count, padding, then the elements' bytes.
    public mutating func writeArray<T: BitwiseCopyable>(_ array: [T]) {
        write(UInt64(array.count))
        align()
        flush()
        array.withUnsafeBytes { raw in writeAll(raw) }
        offset += array.count * MemoryLayout<T>.stride
        align()
    }

    /// Starts a checksummed region at the current offset.
    public mutating func beginChecksum() {
        flush()
        running = CacheChecksum()
    }

    /// The checksum of the bytes written since ``beginChecksum()`` (or the start).
    public mutating func checksum() -> UInt64 {
        flush()
        return running.value
    }

    /// Sends what is buffered; returns false if any write failed.
    public mutating func finish() -> Bool {
        flush()
        return !failed
    }

    private mutating func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { raw in writeAll(raw) }
        buffer.removeAll(keepingCapacity: true)
    }

    private mutating func writeAll(_ raw: UnsafeRawBufferPointer) {
        guard raw.baseAddress != nil, !failed else { return }
        running.update(raw)
        if !Descriptor.writeAll(fd, raw) { failed = true }
    }
}

/// Reads what `BinaryWriter` wrote, checking every length against the file so a damaged cache
/// is an error, never a crash or a huge allocation.
public struct BinaryReader: ~Copyable {
    private let fd: Int32
    private let size: Int
    private var buffer: [UInt8] = []
    private var bufferStart = 0
    public private(set) var offset = 0

    /// Reads `fd` (opened and closed by the caller), `size` bytes long.
    public init(fd: Int32, size: Int) {
        self.fd = fd
        self.size = size
    }

    public mutating func read<T: FixedWidthInteger>(_ type: T.Type = T.self) throws(CacheFormatError) -> T {
        let width = MemoryLayout<T>.size
        try fill(width)
        var value = T.zero
        let start = offset - bufferStart
        withUnsafeMutableBytes(of: &value) { raw in
            for k in 0..<width { raw[k] = buffer[start + k] }
        }
        offset += width
        return T(littleEndian: value)
    }

    public mutating func readDouble() throws(CacheFormatError) -> Double { Double(bitPattern: try read(UInt64.self)) }

    public mutating func readBool() throws(CacheFormatError) -> Bool { try read(UInt8.self) != 0 }

    public mutating func readString() throws(CacheFormatError) -> String {
        let count = Int(try read(UInt32.self))
        try fill(count)
        let start = offset - bufferStart
        let text = buffer.withUnsafeBufferPointer { String(decoding: $0[start..<(start + count)], as: UTF8.self) }
        offset += count
        return text
    }

    public mutating func readOptionalString() throws(CacheFormatError) -> String? {
        try readBool() ? try readString() : nil
    }

    public mutating func readStrings() throws(CacheFormatError) -> [String] {
        let count = Int(try read(UInt32.self))
        guard count <= size - offset else { throw CacheFormatError("list longer than the file") }
        var texts: [String] = []
        texts.reserveCapacity(count)
        for _ in 0..<count { texts.append(try readString()) }
        return texts
    }

    /// Moves to byte `position` of the file.
    public mutating func skip(to position: Int) throws(CacheFormatError) {
        guard position >= 0 && position <= size else { throw CacheFormatError("offset past the end of the file") }
        offset = position
    }

    public mutating func align() throws(CacheFormatError) {
        while offset % 8 != 0 { _ = try read(UInt8.self) }
    }

    /// An array written by `writeArray`, read with one `pread` into its own storage.
    public mutating func readArray<T: BitwiseCopyable>(_ type: T.Type = T.self) throws(CacheFormatError) -> [T] {
        let count = try read(UInt64.self)
        try align()
        let stride = UInt64(MemoryLayout<T>.stride)
        guard count <= UInt64(size - offset) / stride else { throw CacheFormatError("array longer than the file") }
        // An empty array is the runtime's one shared empty storage, which
        // `unsafeUninitializedCapacity: 0` would write its count into: a race between readers.
        guard count > 0 else { return [] }
        let bytes = Int(count * stride)
        var failed = false
        let array = [T](unsafeUninitializedCapacity: Int(count)) { storage, initialized in
            let raw = UnsafeMutableRawBufferPointer(storage)
            initialized = 0
            guard let base = raw.baseAddress else { return }
            var done = 0
            // Whatever the small-read buffer already holds comes first.
            let buffered = max(0, min(bytes, bufferStart + buffer.count - offset))
            if buffered > 0 {
                let start = offset - bufferStart
                buffer.withUnsafeBytes { source in
                    base.copyMemory(from: UnsafeRawPointer(source.baseAddress ?? UnsafeRawPointer(base)) + start, byteCount: buffered)
                }
                done = buffered
            }
            while done < bytes {
                let n = pread(fd, base + done, bytes - done, off_t(offset + done))
                if n < 0 && errno == EINTR { continue }
                if n <= 0 {
                    failed = true
                    break
                }
                done += n
            }
            initialized = failed ? 0 : Int(count)
        }
        if failed { throw CacheFormatError("short read") }
        offset += bytes
        buffer.removeAll(keepingCapacity: true)
        bufferStart = offset
        try align()
        return array
    }

    /// Makes sure `count` bytes from `offset` are in the buffer.
    private mutating func fill(_ count: Int) throws(CacheFormatError) {
        guard count >= 0, count <= size - offset else { throw CacheFormatError("value past the end of the file") }
        if offset >= bufferStart && offset + count <= bufferStart + buffer.count { return }
        let length = min(size - offset, max(count, 1 << 16))
        buffer = [UInt8](repeating: 0, count: length)
        var done = 0
        while done < length {
            let n = buffer.withUnsafeMutableBytes { raw in
                raw.baseAddress.map { pread(fd, $0 + done, length - done, off_t(offset + done)) } ?? -1
            }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { throw CacheFormatError("short read") }
            done += n
        }
        bufferStart = offset
    }
}
