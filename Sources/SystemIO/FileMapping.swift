#if canImport(Glibc)
    import Glibc
#endif

/// A read-only mapping of a whole file, unmapped when the last user of it is gone.
// @unchecked: owns a read-only mapping, never written, unmapped once.
public final class FileMapping: @unchecked Sendable {
    public let bytes: UnsafeRawBufferPointer
    public var count: Int { bytes.count }

    /// Maps `size` bytes of `fd` (which may be closed afterwards); nil if the system refuses.
    /// With `prefault`, every page is read in at once where the system can (Linux's
    /// `MAP_POPULATE`): a file that is read whole right away costs one call, not a fault a page.
    public init?(fd: Int32, size: Int, prefault: Bool = false) {
        guard size > 0 else { return nil }
        #if os(Linux)
            let flags = prefault ? MAP_PRIVATE | MAP_POPULATE : MAP_PRIVATE
        #else
            let flags = MAP_PRIVATE
        #endif
        let address = mmap(nil, size, PROT_READ, flags, fd, 0)
        guard let address, address != MAP_FAILED else { return nil }
        bytes = UnsafeRawBufferPointer(start: address, count: size)
    }

    /// A copy of `source` in memory of its own, read as a mapped file is; nil when empty or when
    /// the system refuses.
    public init?(copying source: UnsafeRawBufferPointer) {
        guard let from = source.baseAddress, source.count > 0 else { return nil }
        let address = mmap(nil, source.count, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let address, address != MAP_FAILED else { return nil }
        address.copyMemory(from: from, byteCount: source.count)
        bytes = UnsafeRawBufferPointer(start: address, count: source.count)
    }

    deinit {
        if let base = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
    }
}
