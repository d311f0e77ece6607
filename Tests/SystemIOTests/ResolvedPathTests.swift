import Foundation
import SystemIO
import TestSupport
import Testing

/// Where a path leads with every link in it followed, a link to nothing included.
@Suite("A path with its links followed")
struct ResolvedPathTests {
    @Test("an existing path is realpath's; a dangling link leads where its target would be, relative or absolute, through chains")
    func dangling() throws {
        let scratch = try Scratch("resolved-path")
        let files = FileManager.default
        let folder = scratch.path("v")
        try files.createDirectory(at: folder, withIntermediateDirectories: true)
        let real = ResolvedPath.of(scratch.path("").path)
        try Data("x".utf8).write(to: folder.appendingPathComponent("here.md"))
        try files.createSymbolicLink(atPath: folder.path + "/to-here.md", withDestinationPath: "here.md")
        #expect(ResolvedPath.of(folder.path + "/to-here.md") == real + "/v/here.md")

        // Links to nothing outside the folder: absolute, relative, and one link to another.
        try files.createSymbolicLink(atPath: folder.path + "/away.md", withDestinationPath: real + "/outside/none.md")
        try files.createSymbolicLink(atPath: folder.path + "/up.md", withDestinationPath: "../outside/none.md")
        try files.createSymbolicLink(atPath: folder.path + "/chain.md", withDestinationPath: "up.md")
        for name in ["away.md", "up.md", "chain.md"] {
            #expect(ResolvedPath.of(folder.path + "/" + name) == real + "/outside/none.md", "\(name)")
        }
        // A link to nothing inside stays inside; a path under a missing folder, `..` included.
        try files.createSymbolicLink(atPath: folder.path + "/later.md", withDestinationPath: "notes/later.md")
        #expect(ResolvedPath.of(folder.path + "/later.md") == real + "/v/notes/later.md")
        #expect(ResolvedPath.of(folder.path + "/missing/../here2.md") == real + "/v/here2.md")

        // A loop ends.
        try files.createSymbolicLink(atPath: folder.path + "/a.md", withDestinationPath: "b.md")
        try files.createSymbolicLink(atPath: folder.path + "/b.md", withDestinationPath: "a.md")
        #expect(!ResolvedPath.of(folder.path + "/a.md").isEmpty)
    }
}
