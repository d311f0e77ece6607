import Clibgit2
import Foundation

/// The two statuses side by side, for the `status` fuzz harness: folio's own (the index read
/// here, folders listed or named from memory) and libgit2's, the oracle it must equal.
extension Repository {
    /// folio's own status; nil when it leaves the tree to libgit2.
    package func quickStatusForOracle() throws -> [StatusEntry]? { try quickStatus() }

    /// libgit2's status of the same tree.
    package func libgit2StatusForOracle() throws -> [StatusEntry] { try statusThroughLibgit2() }

    /// The settled time the status's memory of listings is judged by (see ``listingsSettled``).
    package func settleListings(by settled: @escaping () -> Int64) { listingsSettled = settled }

    /// Takes `path` out of the index and leaves its file, as `git rm --cached` does.
    package func removeFromIndexForOracle(_ path: String) throws {
        try requireNoNUL(path, "git_index_remove_bypath")
        try withIndex { index in
            try check(git_index_remove_bypath(index, path), "git_index_remove_bypath")
            try check(git_index_write(index), "git_index_write")
        }
        indexSnapshot = nil
    }

    /// How many folders the last quick status listed and how many it named from memory.
    package var listingsOfLastStatus: (listed: Int, reused: Int) { lastListings }
}
