import FolioCore
import FolioStore
import Synchronization

/// How a face gathers what its reads left out (``ReadNotices``, beside the catalog): `folio mcp`
/// gathers every catalog a tool call reads into that call's `notes`.
extension ReadNotices {
    /// The notices gathered while one request is answered (a tool call): every catalog the
    /// request reads reports here, so the answer carries them however deep the read was made.
    public final class Gathered: Sendable {
        private let notices = Mutex<[FolioError]>([])

        public init() {}

        /// Adds `found`, each notice once however many reads of the request met it.
        public func add(_ found: [FolioError]) {
            notices.withLock { kept in
                for notice in found where !kept.contains(notice) { kept.append(notice) }
            }
        }

        public var all: [FolioError] { notices.withLock { $0 } }
    }

    /// The request being answered on this task, if its face gathers notices.
    @TaskLocal public static var gathering: Gathered?

    /// Reports `found` to the request being answered (nothing when no face gathers them).
    public static func report(_ found: [FolioError]) {
        guard !found.isEmpty else { return }
        gathering?.add(found)
    }
}
