#if canImport(Glibc)
    import Glibc
#endif

/// A `readdir` entry's name.
public enum DirectoryEntry {
    /// `body` with the bytes of `entry`'s name, read in place (valid until the next `readdir`),
    /// followed in memory by the NUL that C calls want.
    public static func withName<R>(_ entry: UnsafeMutablePointer<dirent>, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        withUnsafeMutablePointer(to: &entry.pointee.d_name) { tuple in
            tuple.withMemoryRebound(to: UInt8.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) { pointer in
                body(UnsafeBufferPointer(start: pointer, count: strlen(UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))))
            }
        }
    }
}
