import Foundation

/// A small tmpfs mounted for one test, to fill a disk on purpose; unmounted when released.
///
/// Mounting needs root (CAP_SYS_ADMIN); ``unavailableReason`` says why it cannot be done here, so a
/// test can skip visibly with that reason instead of passing without having run.
public final class TmpfsMount: @unchecked Sendable {
    public let path: URL

    /// Mounts a tmpfs of `size` (`mount`'s syntax: `2m`) at `path`, which must be an empty folder.
    public init(at path: URL, size: String) throws {
        self.path = path
        try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
        try Tool.run(Tool.find("mount", package: "mount"), ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", path.path])
    }

    /// Changes the file system's size (to give a full disk room again).
    public func resize(to size: String) throws {
        try Tool.run(Tool.find("mount", package: "mount"), ["-o", "remount,size=\(size)", path.path])
    }

    deinit {
        // Lazily, so a process still inside it cannot keep the mount (and the test's folder) busy.
        _ = try? Tool.run(Tool.find("umount", package: "mount"), ["-l", path.path])
    }

    /// Nil when a tmpfs can be mounted here, else why not (checked once, by mounting one).
    public static let unavailableReason: String? = {
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("folio-tmpfs-probe-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: probe) }
        do {
            _ = try TmpfsMount(at: probe, size: "1m")
            return nil
        } catch {
            return "cannot mount a tmpfs here (it needs root or CAP_SYS_ADMIN): \(error)"
        }
    }()
}
