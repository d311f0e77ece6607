import FolioCore
import FolioStore
import Synchronization

/// What a read left out of its answer, said the same way on every face: the files that could not
/// be read (the first five by name, then how many in all), the links that lead out of the vault,
/// the records searched only in part, and the records holding conflict markers. The command line
/// writes them to standard error; `folio mcp` adds them to the tool's answer as `notes`, so an
/// assistant does not take a list with a record missing for the whole journal.
public enum ReadNotices {
    /// How many unreadable files are named before the rest are counted.
    public static let namedFiles = 5

    /// The notices of a catalog: everything the read left out or read only in part.
    public static func of(_ catalog: Catalog) -> [FolioError] {
        unread(catalog.problems, escapingLinks: catalog.escapingLinks) + catalog.partlyIndexed + catalog.markedRecords
    }

    /// Files that could not be read and links leading out of the vault, as ``of(_:)`` says them.
    public static func unread(_ problems: [FolioError], escapingLinks: [String] = []) -> [FolioError] {
        var notices = Array(problems.prefix(namedFiles))
        if problems.count > namedFiles { notices.append(FolioError(.skippedBadRecords(problems.count))) }
        notices += escapingLinks.map { FolioError(.symlinkOutsideVault($0)) }
        return notices
    }

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
