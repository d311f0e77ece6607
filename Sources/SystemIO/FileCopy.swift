#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Copying a regular file whole or not at all, for every module that copies a file the user
/// keeps (the site's media, `export markdown`'s attachments): never read whole into memory (a
/// video is gigabytes), a copy-on-write clone where the file system makes one (Btrfs, XFS: no
/// bytes copied), and never what a symbolic link at `source` points at.
public enum FileCopy {
    /// Puts a copy of the regular file at `source` at `target`, through a temporary file beside it
    /// renamed into place, so a reader never sees half a file; nil on success, else the `errno`.
    public static func replace(_ target: String, withCopyOf source: String) -> Int32? {
        let slash = target.lastIndex(of: "/") ?? target.startIndex
        let name = slash == target.startIndex ? target : String(target[target.index(after: slash)...])
        let temporary = String(target[..<slash]) + (slash == target.startIndex ? "" : "/") + ".tmp-" + name + "-\(getpid())"
        unlink(temporary)
        if let failure = copy(source, to: temporary) {
            unlink(temporary)
            return failure
        }
        guard rename(temporary, target) == 0 else {
            let failure = errno
            unlink(temporary)
            return failure
        }
        return nil
    }

    /// Copies the bytes of the regular file `source` into a new file at `target`; nil on success.
    private static func copy(_ source: String, to target: String) -> Int32? {
        guard let (input, _) = Descriptor.openRegular(source) else { return errno }
        defer { close(input) }
        let output = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard output >= 0 else { return errno }
        defer { close(output) }
        #if os(Linux)
            // FICLONE: the file system shares the blocks until one side changes.
            if ioctl(output, 0x4004_9409, input) == 0 { return nil }
        #endif
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { Descriptor.read(input, into: $0) }
            if count < 0 { return errno }
            if count == 0 { return fsync(output) == 0 ? nil : errno }
            let written = buffer.withUnsafeBytes { Descriptor.writeAll(output, UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            if !written { return errno }
        }
    }
}
