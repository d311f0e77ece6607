import Clibgit2
import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// The plain TCP socket libgit2 uses for every remote (`git://`, `ssh://`, and under TLS for
/// `https://`), registered in place of libgit2's own so that looking up the host and connecting
/// stay within the operation's ``TransferLimits``.
///
/// libgit2 1.5's socket calls `getaddrinfo` and a blocking `connect` with no limit of its own; a
/// name server that never answers holds it for as long as the system's resolver retries (30
/// seconds and more), out of reach of ``TransferWatchdog``, which can only shut sockets down. Here
/// the lookup (``SystemIO/NameLookup``) runs on a thread of its own while the calling thread waits
/// for it or for the watchdog's verdict (a deadline, the silence limit, a cancel), whichever comes
/// first. Each address is then connected to without
/// blocking, under the same watch. Once connected the socket is blocking again, as libgit2 and
/// libssh2 expect: from there the watchdog ends a stalled transfer by shutting the socket down.
///
/// The stream's layout starts as libgit2's own socket stream (``git_shim_socket_stream``), since
/// libgit2's SSH transport takes the descriptor from it.
enum SocketStream {
    /// Registers the stream with libgit2, once, from ``initializeLibrary()``.
    static func register() -> Int32 {
        var registration = git_stream_registration()
        registration.version = 1
        registration.`init` = { out, host, port in
            guard let out, let host, let port else { return -1 }
            return SocketStream.make(out, host: host, port: port)
        }
        registration.wrap = nil
        // libgit2 copies the registration.
        return git_stream_register(GIT_STREAM_STANDARD, &registration)
    }

    /// The watchdog of the fetch or push running on this thread, set by ``CallbackBox`` for the
    /// length of the libgit2 call; libgit2 opens its connections on the calling thread.
    static var current: TransferWatchdog? {
        get { Thread.current.threadDictionary[currentKey] as? TransferWatchdog }
        set { Thread.current.threadDictionary[currentKey] = newValue }
    }

    private static let currentKey = "folio.git.transfer"

    /// How long a lookup or a connection may take when no operation of folio's is running (a path
    /// of libgit2 that connects outside a fetch or push): the system's own TCP timeout is minutes.
    static let unwatchedLimit: Duration = .seconds(60)

    private static func make(
        _ out: UnsafeMutablePointer<UnsafeMutablePointer<git_stream>?>, host: UnsafePointer<CChar>, port: UnsafePointer<CChar>
    )
        -> Int32
    {
        let stream = UnsafeMutablePointer<git_shim_socket_stream>.allocate(capacity: 1)
        stream.initialize(to: git_shim_socket_stream())
        stream.pointee.host = strdup(host)
        stream.pointee.port = strdup(port)
        stream.pointee.s = -1
        stream.pointee.parent.version = 1
        stream.pointee.parent.connect = { stream in
            guard let stream else { return -1 }
            return SocketStream.connect(UnsafeMutableRawPointer(stream).assumingMemoryBound(to: git_shim_socket_stream.self))
        }
        stream.pointee.parent.read = { stream, buffer, length in
            guard let stream, let buffer else { return -1 }
            let socket = UnsafeMutableRawPointer(stream).assumingMemoryBound(to: git_shim_socket_stream.self).pointee.s
            let got = recv(socket, buffer, length, 0)
            if got < 0 { SocketStream.fail(GIT_ERROR_NET, "error receiving socket data: " + String(cString: strerror(errno))) }
            return got
        }
        stream.pointee.parent.write = { stream, data, length, _ in
            guard let stream, let data else { return -1 }
            let socket = UnsafeMutableRawPointer(stream).assumingMemoryBound(to: git_shim_socket_stream.self).pointee.s
            let sent = NetworkSocket.send(socket, data, count: length)
            if sent < 0 { SocketStream.fail(GIT_ERROR_NET, "error sending data: " + String(cString: strerror(errno))) }
            return sent
        }
        stream.pointee.parent.close = { stream in
            guard let stream else { return -1 }
            return SocketStream.close(UnsafeMutableRawPointer(stream).assumingMemoryBound(to: git_shim_socket_stream.self))
        }
        stream.pointee.parent.free = { stream in
            guard let stream else { return }
            let typed = UnsafeMutableRawPointer(stream).assumingMemoryBound(to: git_shim_socket_stream.self)
            _ = SocketStream.close(typed)
            if let owner = typed.pointee.owner { Unmanaged<TransferWatchdog>.fromOpaque(owner).release() }
            free(typed.pointee.host)
            free(typed.pointee.port)
            typed.deinitialize(count: 1)
            typed.deallocate()
        }
        out.pointee = UnsafeMutableRawPointer(stream).assumingMemoryBound(to: git_stream.self)
        return 0
    }

    /// Closes the stream's socket, once its watchdog has let go of the number.
    private static func close(_ stream: UnsafeMutablePointer<git_shim_socket_stream>) -> Int32 {
        let socket = stream.pointee.s
        guard socket >= 0 else { return 0 }
        if let owner = stream.pointee.owner { Unmanaged<TransferWatchdog>.fromOpaque(owner).takeUnretainedValue().release(socket) }
        stream.pointee.s = -1
        return Descriptor.close(socket)
    }

    /// Sets libgit2's last error, as its own stream does.
    private static func fail(_ errorClass: git_error_t, _ message: String) {
        _ = git_error_set_str(Int32(errorClass.rawValue), message)
    }

    /// Looks the host up and connects to the first address that answers, within the watch.
    private static func connect(_ stream: UnsafeMutablePointer<git_shim_socket_stream>) -> Int32 {
        guard let hostPointer = stream.pointee.host, let portPointer = stream.pointee.port else { return -1 }
        let host = String(cString: hostPointer)
        let port = String(cString: portPointer)
        let watch = Watch(watchdog: current)
        // The watchdog lives as long as the stream, to be told when the socket closes.
        if let watchdog = watch.watchdog, stream.pointee.owner == nil {
            stream.pointee.owner = Unmanaged.passRetained(watchdog).toOpaque()
        }

        watch.watchdog?.enter(.resolving(host: host))
        let lookup = NameLookup(host: host, port: port)
        let list: [NameLookup.Address]
        switch lookup.wait(until: watch.gaveUp) {
        case nil:
            fail(GIT_ERROR_NET, "failed to resolve address for \(host): timed out")
            return -1
        case .failed(let words):
            fail(GIT_ERROR_NET, "failed to resolve address for \(host): \(words)")
            return -1
        case .found(let addresses):
            list = addresses
        }

        watch.watchdog?.enter(.connecting(host: host))
        var lastError: Int32 = ECONNREFUSED
        for address in list {
            if watch.gaveUp() { break }
            switch open(address, watch: watch) {
            case .connected(let socket):
                stream.pointee.s = socket
                watch.watchdog?.enter(.transferring)
                return 0
            case .failed(let number):
                lastError = number
            }
        }
        fail(GIT_ERROR_OS, "failed to connect to \(host): " + String(cString: strerror(lastError)))
        return -1
    }

    /// When to give up waiting: the watchdog's verdict, or ``unwatchedLimit`` without one.
    private struct Watch {
        let watchdog: TransferWatchdog?
        let started = ContinuousClock.now

        func gaveUp() -> Bool {
            if let watchdog { return watchdog.verdict != nil }
            return ContinuousClock.now - started >= SocketStream.unwatchedLimit
        }
    }

    /// How connecting to one address ended.
    private enum Connection {
        /// A connected, blocking socket.
        case connected(Int32)
        /// The `errno` it failed with.
        case failed(Int32)
    }

    /// A connected, blocking socket to `address`, in the watchdog's care, or the `errno` of the
    /// failure; gives up (with `ETIMEDOUT`) when the watch says so.
    private static func open(_ address: NameLookup.Address, watch: Watch) -> Connection {
        let socket = NetworkSocket.open(family: address.family, type: address.type, protocol: address.proto)
        guard socket >= 0 else { return .failed(errno) }
        watch.watchdog?.adopt(socket)
        let outcome = connect(socket, to: address, until: watch.gaveUp)
        if case .failed = outcome {
            watch.watchdog?.release(socket)
            Descriptor.close(socket)
        }
        return outcome
    }

    /// Connects `socket` to `address` without blocking past `gaveUp`, and makes it blocking again.
    private static func connect(_ socket: Int32, to address: NameLookup.Address, until gaveUp: () -> Bool) -> Connection {
        let flags = fcntl(socket, F_GETFL)
        guard flags >= 0, fcntl(socket, F_SETFL, flags | O_NONBLOCK) == 0 else {
            return .failed(errno)
        }
        let started = address.bytes.withUnsafeBytes { NetworkSocket.connect(socket, to: $0) }
        if started != 0 {
            guard errno == EINPROGRESS else {
                return .failed(errno)
            }
            var waiting = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
            while true {
                if gaveUp() { return .failed(ETIMEDOUT) }
                let ready = poll(&waiting, 1, 50)
                if ready > 0 { break }
                if ready < 0, errno != EINTR { return .failed(errno) }
            }
            var problem: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(socket, SOL_SOCKET, SO_ERROR, &problem, &length) == 0, problem == 0 else {
                return .failed(problem == 0 ? ECONNREFUSED : problem)
            }
        }
        guard fcntl(socket, F_SETFL, flags) == 0 else {
            return .failed(errno)
        }
        return .connected(socket)
    }
}
