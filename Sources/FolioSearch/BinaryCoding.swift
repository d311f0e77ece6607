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

/// FNV-1a over 8-byte little-endian words and then the tail bytes, fed in pieces of any size: the
/// same value as ``of(_:)`` over the pieces joined. It tells a damaged or torn cache from a whole one.
public struct CacheChecksum: Sendable {
    private var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    private var pending: UInt64 = 0
    private var pendingCount = 0
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    public init() {}

    public static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var checksum = CacheChecksum()
        checksum.update(bytes)
        return checksum.value
    }

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var k = 0
        // Complete a word begun by the previous piece.
        while pendingCount > 0 && pendingCount < 8 && k < bytes.count {
            pending |= UInt64(bytes[k]) << UInt64(8 * pendingCount)
            pendingCount += 1
            k += 1
        }
        if pendingCount == 8 {
            hash = (hash ^ pending) &* Self.prime
            pending = 0
            pendingCount = 0
        }
        while bytes.count - k >= 8 {
            hash = (hash ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: k, as: UInt64.self))) &* Self.prime
            k += 8
        }
        while k < bytes.count {
            pending |= UInt64(bytes[k]) << UInt64(8 * pendingCount)
            pendingCount += 1
            k += 1
        }
    }

    /// The checksum of everything fed so far (the unfinished word's bytes one by one).
    public var value: UInt64 {
        var result = hash
        for k in 0..<pendingCount { result = (result ^ ((pending >> UInt64(8 * k)) & 0xFF)) &* Self.prime }
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
        guard let base = raw.baseAddress, !failed else { return }
        running.update(raw)
        var done = 0
        while done < raw.count {
            let n = Glibc.write(fd, base + done, raw.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                failed = true
                return
            }
            done += n
        }
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
                if n <= 0 { failed = true; break }
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
