import Foundation
import Testing

@testable import FolioSync

/// `.gitattributes` when two devices each add lines (`media lfs --above` tracks each large file by
/// its own line, as `git lfs track` does): every line of both sides is kept, in one file.
@Suite(".gitattributes merged as a set of lines")
struct AttributesMergeTests {
    static func version(_ text: String, _ device: String, _ seconds: Double) -> MergeVersion {
        MergeVersion(data: Data(text.utf8), device: device, commitTime: Date(timeIntervalSince1970: seconds))
    }

    @Test("two devices each track a new LFS file: both lines are kept, no conflict copy")
    func bothAdded() {
        let base = "media/** binary\n"
        let ours = base + "media/aa/aa11.mp4 filter=lfs diff=lfs merge=lfs -text\n"
        let theirs = base + "media/bb/bb22.mov filter=lfs diff=lfs merge=lfs -text\n"
        let merged = RecordMerge.merge(
            path: ".gitattributes", base: Data(base.utf8), ours: Self.version(ours, "A", 2), theirs: Self.version(theirs, "B", 1))
        #expect(merged.data.map { String(decoding: $0, as: UTF8.self) } == ours + "media/bb/bb22.mov filter=lfs diff=lfs merge=lfs -text\n")
        #expect(merged.additionalFiles.isEmpty && merged.conflicts.isEmpty)
    }

    @Test("a line removed on one side is a real edit: merged as text, as before")
    func removedLine() {
        let base = "media/** binary\n*.md text\n"
        let ours = "media/** binary\n"
        let theirs = base + "media/bb/bb22.mov filter=lfs diff=lfs merge=lfs -text\n"
        let merged = RecordMerge.merge(
            path: ".gitattributes", base: Data(base.utf8), ours: Self.version(ours, "A", 2), theirs: Self.version(theirs, "B", 1))
        let asText = TextMerger.merge(
            path: ".gitattributes", base: Data(base.utf8), ours: Self.version(ours, "A", 2), theirs: Self.version(theirs, "B", 1))
        #expect(merged == asText)
    }
}
