import FolioCore

/// What a read left out of its answer, said the same way on every face: the files that could not
/// be read (the first five by name, then how many in all), the links that lead out of the vault,
/// the records searched only in part, and the records holding conflict markers. The command line
/// writes them to standard error; `folio serve` names them on its terminal; `folio mcp` adds them
/// to the tool's answer as `notes`, so an assistant does not take a list with a record missing for
/// the whole journal. Here, beside the catalog, so the site's export says them too.
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
}
