import Foundation
import TestSupport
import Testing

@testable import FolioSync

/// `sync --watch` wakes on a change anywhere in the vault's folders, those made or moved while it
/// watches too, and never for git's own files, the device's caches or media.
@Suite("The watcher of sync --watch", .enabled(if: FileManager.default.fileExists(atPath: "/proc/sys/fs/inotify"), "needs inotify"))
struct DirectoryWatcherTests {
    func vault() throws -> (Scratch, URL) {
        let scratch = try Scratch()
        let root = scratch.path("vault")
        for folder in ["ideas/2026/11", "diary/2026/11", ".git/objects", ".folio/local/cache", "media/ab"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        return (scratch, root)
    }

    func write(_ path: String, in root: URL) throws {
        try Data("changed\n".utf8).write(to: root.appendingPathComponent(path))
    }

    func wakes(_ watcher: DirectoryWatcher) -> Bool { watcher.wait(seconds: 5, shouldStop: { false }) }

    @Test("a file written in a folder that was there wakes it; git's files, the caches and media do not")
    func existingFolders() throws {
        let (scratch, root) = try vault()
        defer { withExtendedLifetime(scratch) {} }
        let watcher = DirectoryWatcher(root: root)
        // The root, ideas, ideas/2026, ideas/2026/11, diary…, .git is not, .folio is, .folio/local is not.
        #expect(watcher.watchedFolders == 8)
        for path in [".git/objects/x", ".folio/local/cache/catalog", "media/ab/photo.jpg"] { try write(path, in: root) }
        #expect(!watcher.wait(seconds: 0.4, shouldStop: { false }))
        try write("ideas/2026/11/new.md", in: root)
        #expect(wakes(watcher))
    }

    @Test("a folder made while it watches, nested three deep at once, is watched from the next round")
    func madeFolders() throws {
        let (scratch, root) = try vault()
        defer { withExtendedLifetime(scratch) {} }
        let watcher = DirectoryWatcher(root: root)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("baby/2026/12"), withIntermediateDirectories: true)
        #expect(wakes(watcher))
        #expect(watcher.watchedFolders == 11)
        try write("baby/2026/12/feeding.md", in: root)
        #expect(wakes(watcher))
    }

    @Test("a folder tree moved in, and a folder renamed inside the vault, keep waking it")
    func movedFolders() throws {
        let (scratch, root) = try vault()
        defer { withExtendedLifetime(scratch) {} }
        let watcher = DirectoryWatcher(root: root)
        let outside = scratch.path("outside")
        try FileManager.default.createDirectory(at: outside.appendingPathComponent("trip/2025/06"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: outside.appendingPathComponent("trip"), to: root.appendingPathComponent("trip"))
        #expect(wakes(watcher))
        try write("trip/2025/06/day.md", in: root)
        #expect(wakes(watcher))
        // Renamed: the folder's watch now stands for its new path, so a folder made in it is found.
        try FileManager.default.moveItem(at: root.appendingPathComponent("trip"), to: root.appendingPathComponent("travel"))
        #expect(wakes(watcher))
        try FileManager.default.createDirectory(at: root.appendingPathComponent("travel/2025/07"), withIntermediateDirectories: true)
        #expect(wakes(watcher))
        try write("travel/2025/07/day.md", in: root)
        #expect(wakes(watcher))
    }
}
