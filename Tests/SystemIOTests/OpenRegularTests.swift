import Foundation
import SystemIO
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `Descriptor.openRegular`, the one door folio's readers of files open: a regular file only,
/// never a pipe waited on, never a link unless asked, and `errno` saying why not.
@Suite struct OpenRegularTests {
    let scratch: Scratch
    let folder: String

    init() throws {
        scratch = try Scratch("open-regular")
        folder = scratch.url.path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("雨".utf8).write(to: URL(fileURLWithPath: folder + "/file"))
        #expect(mkfifo(folder + "/pipe", 0o600) == 0)
        #expect(symlink(folder + "/file", folder + "/link") == 0)
        #expect(symlink(folder + "/pipe", folder + "/link-to-pipe") == 0)
        try FileManager.default.createDirectory(atPath: folder + "/folder", withIntermediateDirectories: true)
    }

    @Test func aRegularFileOpensWithItsStat() throws {
        let (fd, info) = try #require(Descriptor.openRegular(folder + "/file"))
        defer { close(fd) }
        #expect(info.st_size == 3)
        var byte: UInt8 = 0
        #expect(read(fd, &byte, 1) == 1 && byte == 0xE9)
    }

    @Test(
        "what is not a regular file is refused at once, with errno saying why",
        arguments: [
            ("pipe", false, EINVAL), ("folder", false, EINVAL), ("link", false, ELOOP), ("missing", false, ENOENT),
            ("link-to-pipe", true, EINVAL), ("missing", true, ENOENT),
        ])
    func refused(name: String, followingLinks: Bool, reason: Int32) {
        errno = 0
        // A pipe with no writer: opened blocking, this would wait for ever.
        #expect(Descriptor.openRegular(folder + "/" + name, followingLinks: followingLinks) == nil)
        #expect(errno == reason, "\(name): errno \(errno)")
    }

    @Test func aLinkIsFollowedOnlyWhenAsked() throws {
        let (fd, info) = try #require(Descriptor.openRegular(folder + "/link", followingLinks: true))
        close(fd)
        #expect(info.st_size == 3)
    }
}
