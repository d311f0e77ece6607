import Foundation
import SystemIO
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The kernel's events on watched folders, the one door `folio watch` and `sync --watch` use.
@Suite("The kernel's word on what changes in folders")
struct FolderEventsTests {
    /// One event as the kernel writes it: a 16-byte header, then the name NUL-padded.
    static func record(watch: Int32, mask: UInt32, name: String = "", padding: Int = 16) -> [UInt8] {
        let bytes = Array(name.utf8)
        let length = bytes.isEmpty ? 0 : (bytes.count / padding + 1) * padding
        var record: [UInt8] = []
        withUnsafeBytes(of: watch.littleEndian) { record += $0 }
        withUnsafeBytes(of: mask.littleEndian) { record += $0 }
        withUnsafeBytes(of: UInt32(0)) { record += $0 }
        withUnsafeBytes(of: UInt32(length).littleEndian) { record += $0 }
        return record + bytes + [UInt8](repeating: 0, count: length - bytes.count)
    }

    @Test("records read in order, names without their padding, what each mask says; a record cut short ends the list")
    func decoding() {
        let bytes =
            Self.record(watch: 3, mask: 0x0000_0008, name: "下雨.md")  // written and closed
            + Self.record(watch: 3, mask: 0x4000_0100, name: "2026")  // a folder made
            + Self.record(watch: 3, mask: 0x0000_8000)  // the watch ended
            + Self.record(watch: -1, mask: 0x0000_4000)  // the queue overflowed
        let events = FolderEvents.decode(bytes[...])
        #expect(events.map(\.watch) == [3, 3, 3, -1])
        #expect(events.map { String(decoding: $0.name, as: UTF8.self) } == ["下雨.md", "2026", "", ""])
        #expect(events.map(\.change) == [.closedAfterWriting, [.created, .isFolder], .watchEnded, .overflow])

        // A slice that does not start at zero reads the same.
        let padded = [UInt8](repeating: 7, count: 5) + bytes
        #expect(FolderEvents.decode(padded[5...]) == events)
        // A name longer than what is left, or a header cut short: the records before it only.
        let cut = Array(bytes.dropLast(3))
        #expect(FolderEvents.decode(cut[...]).count == 3)
        let lying = Self.record(watch: 1, mask: 0x2, name: "a") + [1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0x7F]
        #expect(FolderEvents.decode(lying[...]).count == 1)
        #expect(FolderEvents.decode([][...]).isEmpty)
    }

    @Test("a real watch: a file saved, a folder made, a file moved away, each said with its name; a missing folder's reason")
    func realEvents() throws {
        let scratch = try Scratch("folder-events")
        let folder = scratch.path("vault")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let events: FolderEvents
        switch FolderEvents.open() {
        case .success(let opened): events = opened
        case .failure(let error):
            Issue.record("no folder events on this system: errno \(error.code)")
            return
        }
        let watch = try events.watch(folder.path, for: .savedOrMoved).get()
        #expect(try events.watch(folder.path, for: .savedOrMoved).get() == watch, "the same folder, the same watch")
        #expect(throws: SystemError(ENOENT)) { try events.watch(scratch.path("missing").path, for: .everyChange).get() }

        try Data("雨\n".utf8).write(to: folder.appendingPathComponent("rain.md"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("2026"), withIntermediateDirectories: false)
        try FileManager.default.moveItem(at: folder.appendingPathComponent("rain.md"), to: scratch.path("rain.md"))

        var seen: [(String, FolderEvents.Change)] = []
        events.takeQueued { event in
            #expect(event.watch == watch)
            seen.append((String(decoding: event.name, as: UTF8.self), event.change))
            return true
        }
        #expect(seen.contains { $0.0 == "rain.md" && $0.1.contains(.closedAfterWriting) }, "\(seen)")
        #expect(seen.contains { $0.0 == "2026" && $0.1.isSuperset(of: [.created, .isFolder]) }, "\(seen)")
        #expect(seen.contains { $0.0 == "rain.md" && $0.1.contains(.movedOut) }, "\(seen)")
        // Nothing left: a second look takes nothing and never waits.
        var more = 0
        events.takeQueued { _ in
            more += 1
            return true
        }
        #expect(more == 0)

        // A caller that stops is handed nothing more.
        for name in ["a.md", "b.md", "c.md"] { try Data("x".utf8).write(to: folder.appendingPathComponent(name)) }
        var first: [String] = []
        events.takeQueued { event in
            first.append(String(decoding: event.name, as: UTF8.self))
            return false
        }
        #expect(first.count == 1)
    }
}
