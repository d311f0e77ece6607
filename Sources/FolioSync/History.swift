import Foundation
import FolioCore
import Git

/// The vault's history in git, driven through libgit2 (no `git` executable at run time).
public enum History {
    /// Makes `directory` a git repository on branch `main`, or adopts the one already there.
    /// - Throws: ``FolioError`` `.writeFailed` with libgit2's reason.
    public static func initialise(at directory: URL) throws(FolioError) {
        if FileManager.default.fileExists(atPath: directory.appendingPathComponent(".git").path) { return }
        do {
            _ = try Repository.create(at: directory, initialBranch: "main")
        } catch {
            throw FolioError(.writeFailed("git: \(error)"), file: directory.path)
        }
    }
}
