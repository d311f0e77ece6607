#if canImport(Glibc)
    import Glibc
#endif

/// A `readdir` entry's name: every reader of a folder takes it from here, never from `d_name` itself.
public enum DirectoryEntry {
    /// `body` with `entry`'s name as the C string calls such as `fstatat` take (valid until the
    /// next `readdir`) and its length in bytes.
    @inlinable
    public static func withCName<R>(_ entry: UnsafeMutablePointer<dirent>, _ body: (UnsafePointer<CChar>, Int) -> R) -> R {
        withUnsafeMutablePointer(to: &entry.pointee.d_name) { tuple in
            tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) { name in
                body(name, strlen(name))
            }
        }
    }

    /// `body` with the bytes of `entry`'s name, read in place (valid until the next `readdir`),
    /// followed in memory by the NUL that C calls want.
    @inlinable
    public static func withName<R>(_ entry: UnsafeMutablePointer<dirent>, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        withCName(entry) { name, count in
            UnsafeRawPointer(name).withMemoryRebound(to: UInt8.self, capacity: count + 1) {
                body(UnsafeBufferPointer(start: $0, count: count))
            }
        }
    }

    /// `entry`'s name as bytes.
    public static func nameBytes(_ entry: UnsafeMutablePointer<dirent>) -> [UInt8] { withName(entry) { Array($0) } }

    /// `entry`'s name as a string; bytes that are not UTF-8 are replaced (as `String(cString:)` does),
    /// so a caller that must name such a file exactly reads ``nameBytes(_:)``.
    public static func name(_ entry: UnsafeMutablePointer<dirent>) -> String {
        withName(entry) { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether `name` is `.` or `..`. Asked of every entry of every folder a walk lists: inlined,
    /// and nothing allocated (an unspecialized `elementsEqual` against an array literal was 3.7 % of
    /// a first run's CPU at 100,000 records).
    @inlinable
    public static func isDots(_ name: some Collection<UInt8>) -> Bool {
        var bytes = name.makeIterator()
        guard bytes.next() == 0x2E else { return false }
        guard let second = bytes.next() else { return true }
        return second == 0x2E && bytes.next() == nil
    }
}
