#if canImport(Glibc)
    import Glibc
#endif

/// The kernel's word on what changes in watched folders: inotify on Linux, the one place folio
/// asks for it (`folio watch`'s server and `sync --watch` both read their events here). On a
/// system without it, ``open()`` fails with `ENOSYS` and each caller says what it does instead.
public final class FolderEvents {
    /// What happened, as the kernel says it.
    public struct Change: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        public static let modified = Change(rawValue: 1 << 0)
        public static let attributes = Change(rawValue: 1 << 1)
        public static let closedAfterWriting = Change(rawValue: 1 << 2)
        public static let created = Change(rawValue: 1 << 3)
        public static let deleted = Change(rawValue: 1 << 4)
        public static let movedOut = Change(rawValue: 1 << 5)
        public static let movedIn = Change(rawValue: 1 << 6)
        /// The watched folder itself was deleted or moved.
        public static let folderDeleted = Change(rawValue: 1 << 7)
        public static let folderMoved = Change(rawValue: 1 << 8)
        /// The name is a folder's.
        public static let isFolder = Change(rawValue: 1 << 9)
        /// The kernel's queue overflowed: events were lost.
        public static let overflow = Change(rawValue: 1 << 10)
        /// The watch ended (its folder is gone, or it was removed).
        public static let watchEnded = Change(rawValue: 1 << 11)
    }

    /// One event: the watch it came from, what happened, and the name in that folder (empty when
    /// it is about the folder itself).
    public struct Event: Sendable, Equatable {
        public var watch: Int32
        public var change: Change
        public var name: [UInt8]

        public init(watch: Int32, change: Change, name: [UInt8]) {
            self.watch = watch
            self.change = change
            self.name = name
        }
    }

    /// What a watch asks to hear of.
    public enum Interest: Sendable {
        /// Every change to a file's bytes, times, name or presence, and the folder's own end
        /// (`folio watch`: a command must `stat` every path it names).
        case everyChange
        /// A file written and closed, made, moved or removed (`sync --watch`: a reason to sync).
        case savedOrMoved
    }

    /// The descriptor to `poll` for readable events.
    public let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { close(descriptor) }

    /// A new, empty set of watches, never blocking on a read; or the system's reason when none
    /// can be had (`ENOSYS` on a system without inotify).
    public static func open() -> Result<FolderEvents, SystemError> {
        #if os(Linux)
            let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard descriptor >= 0 else { return .failure(SystemError(errno)) }
            return .success(FolderEvents(descriptor: descriptor))
        #else
            return .failure(SystemError(ENOSYS))
        #endif
    }

    /// Watches the folder at `path` (never through a link): its watch, the same one again for a
    /// folder already watched, or the system's reason.
    public func watch(_ path: String, for interest: Interest) -> Result<Int32, SystemError> {
        #if os(Linux)
            let mask: UInt32
            switch interest {
            case .everyChange:
                mask = UInt32(
                    IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF
                        | IN_MOVE_SELF | IN_ONLYDIR | IN_DONT_FOLLOW)
            case .savedOrMoved:
                mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CREATE | IN_ONLYDIR)
            }
            let watch = inotify_add_watch(descriptor, path, mask)
            return watch >= 0 ? .success(watch) : .failure(SystemError(errno))
        #else
            return .failure(SystemError(ENOSYS))
        #endif
    }

    /// Reads every event queued now, in order, handing each to `body` until it answers false:
    /// the events read with that one are then dropped (a caller stops to start its watches over,
    /// as after an overflow). Never waits.
    public func takeQueued(_ body: (Event) -> Bool) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            for event in Self.decode(buffer[..<count]) where !body(event) { return }
        }
    }

    /// The events in `bytes`, as one read of the descriptor gives them (a header of 16 bytes and a
    /// name padded with NULs); a record cut short ends the list.
    public static func decode(_ bytes: ArraySlice<UInt8>) -> [Event] {
        let headerSize = 16
        var events: [Event] = []
        var offset = bytes.startIndex
        while bytes.endIndex - offset >= headerSize {
            let (watch, mask, length) = bytes.withUnsafeBytes { raw in
                let at = offset - bytes.startIndex
                return (
                    raw.loadUnaligned(fromByteOffset: at, as: Int32.self),
                    raw.loadUnaligned(fromByteOffset: at + 4, as: UInt32.self),
                    Int(raw.loadUnaligned(fromByteOffset: at + 12, as: UInt32.self))
                )
            }
            let nameStart = offset + headerSize
            guard length <= bytes.endIndex - nameStart else { break }
            let name = Array(bytes[nameStart..<(nameStart + length)].prefix { $0 != 0 })
            events.append(Event(watch: watch, change: change(mask), name: name))
            offset = nameStart + length
        }
        return events
    }

    #if os(Linux)
        /// The kernel's bits and folio's names for them, made once: every event is read through them.
        private static let meanings: [(bit: UInt32, change: Change)] = {
            let pairs: [(Int32, Change)] = [
                (IN_MODIFY, .modified), (IN_ATTRIB, .attributes), (IN_CLOSE_WRITE, .closedAfterWriting), (IN_CREATE, .created),
                (IN_DELETE, .deleted), (IN_MOVED_FROM, .movedOut), (IN_MOVED_TO, .movedIn), (IN_DELETE_SELF, .folderDeleted),
                (IN_MOVE_SELF, .folderMoved), (IN_ISDIR, .isFolder), (IN_Q_OVERFLOW, .overflow), (IN_IGNORED, .watchEnded),
            ]
            return pairs.map { (UInt32(bitPattern: $0.0), $0.1) }
        }()
    #else
        private static let meanings: [(bit: UInt32, change: Change)] = []
    #endif

    private static func change(_ mask: UInt32) -> Change {
        var change: Change = []
        for meaning in meanings where mask & meaning.bit != 0 { change.insert(meaning.change) }
        return change
    }
}
