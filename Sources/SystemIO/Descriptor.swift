#if canImport(Glibc)
    import Glibc

    private let systemRead = Glibc.read
    private let systemWrite = Glibc.write
    private let systemClose = Glibc.close
    private let systemLink = Glibc.link
#elseif canImport(Darwin)
    import Darwin

    private let systemRead = Darwin.read
    private let systemWrite = Darwin.write
    private let systemClose = Darwin.close
    private let systemLink = Darwin.link
#endif

/// Whole reads and writes on a file descriptor: the one copy of the loops `read(2)` and `write(2)`
/// need (a call may move fewer bytes than asked, or be interrupted by a signal), for every module
/// that writes a file or a stream itself (git's index, atomic files, the site, the terminal).
public enum Descriptor {
    /// Opens `path` (`open(2)`, again after a signal): the descriptor, or -1 with `errno` set.
    /// For code whose own `open` or `close` hides the system's, so none names the platform's module.
    public static func open(_ path: String, _ flags: Int32, mode: mode_t = 0) -> Int32 {
        while true {
            let fd = openFile(path, flags, mode)
            if fd >= 0 || errno != EINTR { return fd }
        }
    }

    /// Closes `fd`; its result, which a reader has no use for.
    @discardableResult
    public static func close(_ fd: Int32) -> Int32 { systemClose(fd) }

    /// What is there to read now, at most a buffer's worth, after at most one wait (a pipe, a
    /// socket: a peer waits for the answer to each line); 0 at the end, -1 on an error.
    public static func readAvailable(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard let base = buffer.baseAddress else { return -1 }
        while true {
            let count = systemRead(fd, base, buffer.count)
            if count >= 0 || errno != EINTR { return count }
        }
    }

    /// Links `source` at `destination` (`link(2)`): 0, or -1 with `errno` set.
    public static func hardLink(_ source: String, at destination: String) -> Int32 {
        systemLink(source, destination)
    }

    /// Writes all of `bytes`, going on after a signal and, on a descriptor that would block (one
    /// inherited from a shell), once it takes more; false on an error, `errno` saying which.
    public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var done = 0
        while done < bytes.count {
            guard let base = bytes.baseAddress else { return false }
            let count = systemWrite(fd, base + done, bytes.count - done)
            if count > 0 {
                done += count
            } else if count < 0 && errno == EINTR {
                continue
            } else if count < 0 && errno == EAGAIN {
                var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, -1)
            } else {
                return false
            }
        }
        return true
    }

    /// How folio opens a file to read it: never through a link (a link swapped in since the
    /// folder was listed), never waiting on a pipe (the type is checked next, on the descriptor).
    public static let readingFlags = O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK

    /// Opens the file at `path` for reading (``readingFlags``; through a link with
    /// `followingLinks`, for a file the user named) when it is a regular file.
    public static func openRegular(_ path: String, followingLinks: Bool = false) -> (fd: Int32, info: stat)? {
        openRegular { open(path, followingLinks ? readingFlags & ~O_NOFOLLOW : readingFlags) }
    }

    /// The descriptor `open` gives (opened with ``readingFlags``), with its `stat`, when it is a
    /// regular file; nil otherwise, the descriptor closed and `errno` saying why (EINVAL for a
    /// file that is not regular). The one door folio's readers of files go through.
    @inlinable
    public static func openRegular(_ open: () -> Int32) -> (fd: Int32, info: stat)? {
        let fd = open()
        guard fd >= 0 else { return nil }
        var info = stat()
        let opened = fstat(fd, &info) == 0
        let problem = opened ? EINVAL : errno
        guard opened, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            errno = problem
            return nil
        }
        return (fd, info)
    }

    /// Reads until `buffer` is full or the file ends, from the descriptor's position or, with
    /// `offset`, from there; the count read, or -1 on an error (`errno` saying which).
    public static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: off_t? = nil) -> Int {
        var done = 0
        while done < buffer.count {
            guard let base = buffer.baseAddress else { return -1 }
            let count =
                if let offset {
                    pread(fd, base + done, buffer.count - done, offset + off_t(done))
                } else {
                    systemRead(fd, base + done, buffer.count - done)
                }
            if count < 0 {
                if errno == EINTR { continue }
                return -1
            }
            if count == 0 { break }
            done += count
        }
        return done
    }
}

// `open` is variadic in C; Swift sees the three-argument form under this name.
private func openFile(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    #if canImport(Glibc)
        Glibc.open(path, flags, mode)
    #else
        Darwin.open(path, flags, mode)
    #endif
}
