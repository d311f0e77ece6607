import Foundation
import SystemIO
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The one stamp the catalog's cache and git's index compare, and its racy-clean rule.
@Suite("A file's stamp")
struct FileStampTests {
    @Test("a stamp is the file's size, times to the nanosecond and inode; nothing there has none")
    func stampOfAFile() throws {
        let scratch = try Scratch()
        let file = try scratch.write("下雨.md", "雨\n")
        var times = [timespec(tv_sec: 1_795_000_000, tv_nsec: 123_456_789), timespec(tv_sec: 1_795_000_000, tv_nsec: 123_456_789)]
        #expect(utimensat(AT_FDCWD, file.path, &times, 0) == 0)
        let stamp = try #require(FileStamp.of(file.path))
        #expect(stamp.size == 4)
        #expect(stamp.modifiedNanoseconds == 1_795_000_000_123_456_789)
        var info = stat()
        #expect(stat(file.path, &info) == 0)
        #expect(stamp.inode == UInt64(info.st_ino))
        #expect(stamp.changedNanoseconds == FileStamp.nanoseconds(info.st_ctim))
        #expect(FileStamp.of(scratch.path("missing.md").path) == nil)
    }

    @Test("a file that changed no earlier than a snapshot, less a window, is racy")
    func racyRule() {
        let stamp = FileStamp(size: 1, modifiedNanoseconds: 1_000, changedNanoseconds: 900, inode: 1)
        #expect(stamp.isRacy(snapshotNanoseconds: 1_000))
        #expect(stamp.isRacy(snapshotNanoseconds: 950))
        #expect(!stamp.isRacy(snapshotNanoseconds: 1_001))
        #expect(stamp.isRacy(snapshotNanoseconds: 1_001, window: 1))
        #expect(!stamp.isRacy(snapshotNanoseconds: 2_001, window: 1_000))
        let changedLater = FileStamp(size: 1, modifiedNanoseconds: 0, changedNanoseconds: 5_000, inode: 1)
        #expect(changedLater.isRacy(snapshotNanoseconds: 4_000), "a restored modification time does not hide a change")
    }

    @Test("hostile times wrap instead of trapping")
    func hostileTimes() {
        let far = timespec(tv_sec: .max, tv_nsec: 999_999_999)
        _ = FileStamp.nanoseconds(far)
        let stamp = FileStamp(size: 0, modifiedNanoseconds: .min, changedNanoseconds: .min, inode: 0)
        _ = stamp.isRacy(snapshotNanoseconds: .min, window: .max)
        _ = stamp.isRacy(snapshotNanoseconds: .max, window: .min)
    }
}
