#if canImport(Glibc)
    import CSystemIO
    import Glibc

    /// Unix-domain stream sockets in a folder folio owns: the one place their addresses are built
    /// and their peers checked.
    ///
    /// An address holds at most 107 bytes of path; a longer one is reached through the folder's open
    /// descriptor (`/proc/self/fd/N/name`), which the kernel resolves like any path.
    public enum LocalSocket {
        /// A socket listening at `name` in `folder` (mode 0600), or the `errno` that stopped it.
        /// A socket file already there is replaced: callers hold a lock that says no one serves it.
        public static func listen(folder: String, name: String) -> Result<Int32, SystemError> {
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            guard fd >= 0 else { return .failure(SystemError(errno)) }
            unlink(folder + "/" + name)
            let bound = withAddress(folder: folder, name: name) { address, length in
                // Only this user may connect: the file is made 0600 whatever the umask.
                let previous = umask(0o177)
                defer { umask(previous) }
                return bind(fd, address, length)
            }
            guard bound == 0, Glibc.listen(fd, 64) == 0 else {
                let failure = SystemError(errno)
                close(fd)
                return .failure(failure)
            }
            return .success(fd)
        }

        /// A connected socket to `name` in `folder`, or the `errno` that stopped it (`ENOENT` or
        /// `ECONNREFUSED`: nobody serves there). Non-blocking: a peer that does not answer never
        /// holds the caller past its own deadline.
        public static func connect(folder: String, name: String) -> Result<Int32, SystemError> {
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            guard fd >= 0 else { return .failure(SystemError(errno)) }
            let connected = withAddress(folder: folder, name: name) { Glibc.connect(fd, $0, $1) }
            guard connected == 0 || errno == EINPROGRESS else {
                let failure = SystemError(errno)
                close(fd)
                return .failure(failure)
            }
            return .success(fd)
        }

        /// The next connection waiting on `listening`, non-blocking and closed on `exec`; nil when none waits.
        public static func accept(_ listening: Int32) -> Int32? {
            let fd = Glibc.accept(listening, nil, nil)
            guard fd >= 0 else { return nil }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            return fd
        }

        /// The user id of the process at the other end of `fd`, from the kernel (`SO_PEERCRED`).
        public static func peerUser(_ fd: Int32) -> uid_t? {
            var user: uid_t = 0
            return folio_peer_user(fd, &user) == 0 ? user : nil
        }

        /// `body` with the address of `name` in `folder`; -1 with `ENAMETOOLONG` when even the
        /// descriptor's form is too long, or the folder cannot be opened.
        private static func withAddress(folder: String, name: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Int32 {
            var directory: Int32 = -1
            defer { if directory >= 0 { close(directory) } }
            var path = folder + "/" + name
            if path.utf8.count > 107 {
                directory = folio_open_path(folder)
                guard directory >= 0 else { return -1 }
                path = "/proc/self/fd/\(directory)/" + name
            }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let bytes = Array(path.utf8)
            let capacity = MemoryLayout.size(ofValue: address.sun_path)
            guard bytes.count < capacity else {
                errno = ENAMETOOLONG
                return -1
            }
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                raw.copyBytes(from: bytes)
                raw[bytes.count] = 0
            }
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
        }

        /// Reads what `fd` (a socket or a pipe) sends until it closes, `limit` bytes, or `deadline` (a `CLOCK_MONOTONIC`
        /// time in nanoseconds): the bytes, or nil when the peer sent more than `limit` or was too slow.
        public static func readAll(_ fd: Int32, limit: Int, deadline: UInt64) -> [UInt8]? {
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    received += buffer.prefix(count)
                    if received.count > limit { return nil }
                    continue
                }
                if count == 0 { return received }
                guard errno == EAGAIN || errno == EINTR else { return nil }
                guard wait(fd, for: Int16(POLLIN), until: deadline) else { return nil }
            }
        }

        /// Sends all of `bytes` before `deadline`; false when the peer stopped reading or was too slow.
        public static func sendAll(_ fd: Int32, _ bytes: [UInt8], deadline: UInt64) -> Bool {
            var done = 0
            while done < bytes.count {
                let count = bytes.withUnsafeBytes { raw in
                    send(fd, raw.baseAddress.map { $0 + done }, bytes.count - done, Int32(MSG_NOSIGNAL))
                }
                if count > 0 {
                    done += count
                    continue
                }
                guard count < 0, errno == EAGAIN || errno == EINTR else { return false }
                guard wait(fd, for: Int16(POLLOUT), until: deadline) else { return false }
            }
            return true
        }

        /// Waits until `fd` is ready for `events` or `deadline` passes; false on the deadline.
        public static func wait(_ fd: Int32, for events: Int16, until deadline: UInt64) -> Bool {
            let now = monotonicNanoseconds()
            guard now < deadline else { return false }
            var ready = pollfd(fd: fd, events: events, revents: 0)
            let milliseconds = Int32(clamping: (deadline - now) / 1_000_000 + 1)
            let result = poll(&ready, 1, milliseconds)
            return result > 0 || (result < 0 && errno == EINTR)
        }

        /// Now on `CLOCK_MONOTONIC`, in nanoseconds.
        public static func monotonicNanoseconds() -> UInt64 {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
        }
    }
#endif
