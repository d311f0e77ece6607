import Foundation
import SystemIO
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Every reader of a folder takes a name from `DirectoryEntry`: the bytes as the file system
/// keeps them, a string where bytes that are not UTF-8 are replaced, the C string for `fstatat`.
@Suite("A folder's names read from its entries")
struct DirectoryEntryTests {
    @Test("names come back as the file system keeps them: English, Chinese, 255 bytes, and bytes that are not UTF-8")
    func namesAsKept() throws {
        let scratch = try Scratch("folio-entries")
        let long = String(repeating: "雨", count: 85)  // 255 bytes, the longest name
        var expected: Set<[UInt8]> = [Array("rain.md".utf8), Array("下雨的傍晚.md".utf8), Array(long.utf8), [0x66, 0xFF, 0x2E, 0x6D, 0x64]]
        let folder = open(scratch.path("").path, O_RDONLY | O_DIRECTORY)
        defer { close(folder) }
        for name in expected {
            let cName = (name + [0]).map { CChar(bitPattern: $0) }
            let fd = openat(folder, cName, O_CREAT | O_WRONLY, 0o644)
            #expect(fd >= 0)
            close(fd)
        }
        let directory = try #require(opendir(scratch.path("").path))
        defer { closedir(directory) }
        var dots = 0
        while let entry = readdir(directory) {
            let bytes = DirectoryEntry.nameBytes(entry)
            if DirectoryEntry.isDots(bytes) {
                dots += 1
                continue
            }
            #expect(expected.remove(bytes) != nil, "\(bytes)")
            #expect(DirectoryEntry.name(entry) == String(decoding: bytes, as: UTF8.self))
            if bytes.contains(0xFF) { #expect(DirectoryEntry.name(entry) == "f\u{FFFD}.md", "the byte that is not UTF-8 replaced") }
            DirectoryEntry.withCName(entry) { name, count in
                #expect(count == bytes.count)
                var info = stat()
                #expect(fstatat(dirfd(directory), name, &info, AT_SYMLINK_NOFOLLOW) == 0, "the C name opens the file")
            }
            DirectoryEntry.withName(entry) { name in
                #expect(Array(name) == bytes)
                #expect(name.baseAddress?[name.count] == 0, "followed by its NUL")
            }
        }
        #expect(expected.isEmpty && dots == 2)
        #expect(!DirectoryEntry.isDots(Array("...".utf8)) && !DirectoryEntry.isDots(Array(".a".utf8)) && !DirectoryEntry.isDots([]))
    }

}
