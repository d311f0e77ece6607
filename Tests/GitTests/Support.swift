import Foundation
import TestSupport
import Testing

@testable import Git

extension Repository {
    /// The working directory, which every non-bare test repository has.
    func root() throws -> URL {
        try #require(workdir)
    }

    /// Writes `text` to `path` in the working directory, creating directories as needed.
    func write(_ path: String, _ text: String) throws {
        let file = try root().appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// Reads `path` from the working directory.
    func read(_ path: String) throws -> String {
        try String(contentsOf: root().appendingPathComponent(path), encoding: .utf8)
    }

    /// Deletes `path` from the working directory.
    func remove(_ path: String) throws {
        try FileManager.default.removeItem(at: root().appendingPathComponent(path))
    }
}
