import Foundation
import SystemIO
import TestSupport
import Testing

/// A user's file copied whole or not at all, streamed, never through a symbolic link.
@Suite("Copying a file the user keeps")
struct FileCopyTests {
    @Test("the bytes arrive whole and replace what was there; a link, a folder or a missing file copies nothing")
    func copies() throws {
        let scratch = try Scratch("folio-copy")
        let source = scratch.path("clip.mp4")
        let bytes = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try bytes.write(to: source)
        let target = scratch.path("site/clip.mp4")
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("old".utf8).write(to: target)
        #expect(FileCopy.replace(target.path, withCopyOf: source.path) == nil)
        #expect(try Data(contentsOf: target) == bytes)

        let link = scratch.path("link.mp4")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: source)
        for refused in [link, scratch.path("site"), scratch.path("missing.mp4")] {
            #expect(FileCopy.replace(scratch.path("site/other").path, withCopyOf: refused.path) != nil, "\(refused.lastPathComponent)")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.path("site").path).sorted()
        #expect(left == ["clip.mp4"], "no temporary file and no copy of what was refused: \(left)")
    }
}
