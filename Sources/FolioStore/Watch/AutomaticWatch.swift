import FolioCore
import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// When `folio watch` starts by itself: after a command had to `stat` every file of a large vault
/// because no watcher served it (as Scalar turns git's fsmonitor on for a large repository). Below
/// ``minimumFiles`` that check costs a few milliseconds and no process is worth leaving behind.
///
/// A vault is never watched automatically on this device once `.folio/local/watch-off` exists: `folio
/// watch stop` writes it (the user said no), and so does a watcher started automatically that could
/// not watch (the limit of inotify watches: trying again on every command would cost each of them a
/// process). `folio watch start` removes it. `FOLIO_WATCH=off` never asks, so never starts one.
public enum AutomaticWatch {
    /// Markdown files from which a command that checked every one starts the watcher (about 6 ms of
    /// `stat` on two cores; 65 ms at 100,000).
    public static let minimumFiles = 10_000
    /// The mark in the device folder that says "not automatically here", with why.
    public static let offMarkName = "watch-off"
    /// The longest reason kept in the mark (the file is read on `folio watch status`).
    static let maxReasonBytes = 4_096

    /// The vaults of this process that a command found unwatched, by device folder, with the most
    /// files a check found in each.
    private static let unwatched = LockedState<[URL: Int]>([:])

    /// The vaults already taken by this process: each is started once, however often it is found
    /// unwatched before its watcher serves.
    private static let taken = LockedState<Set<URL>>([])
    /// Set by a process that runs for long (`folio serve`, `folio mcp`, `folio sync --watch`): it
    /// starts the watcher as soon as a check finds its vault unwatched, not when it ends.
    private static let startsAtOnce = LockedState<(@Sendable () -> Void)?>(nil)

    /// Told by the parts of a command that asked the watcher and found none serving, after checking
    /// every one of `files` files itself.
    public static func noteUnwatched(localDirectory: URL, files: Int) {
        unwatched.withValue { found in found[localDirectory] = max(found[localDirectory] ?? 0, files) }
        if files >= minimumFiles, let start = startsAtOnce.withValue({ $0 }) { start() }
    }

    /// Makes ``noteUnwatched(localDirectory:files:)`` call `start` at once.
    public static func startAtOnce(with start: @escaping @Sendable () -> Void) {
        startsAtOnce.withValue { $0 = start }
    }

    /// The vaults this process should leave watched, by root, with the files found: those it found
    /// unwatched with ``minimumFiles`` files or more, not marked off, on a local file system. Each
    /// vault is decided once per process (a server asks on every request, and finds the same).
    public static func takeWanted() -> [(root: URL, files: Int)] {
        let found = unwatched.withValue { found in
            defer { found = [:] }
            return found
        }
        let large = found.filter { $0.value >= minimumFiles }
        let new = taken.withValue { taken in large.filter { taken.insert($0.key).inserted } }
        return new.filter { wanted(localDirectory: $0.key, files: $0.value) }.sorted { $0.key.path < $1.key.path }
            .map { (root: vaultRoot(ofDeviceFolder: $0.key), files: $0.value) }
    }

    /// Whether a vault whose device folder is `localDirectory`, found unwatched with `files` files,
    /// should be watched from now on.
    public static func wanted(localDirectory: URL, files: Int) -> Bool {
        files >= minimumFiles && offReason(localDirectory: localDirectory) == nil
            && isOnLocalDisk(vaultRoot(ofDeviceFolder: localDirectory))
    }

    /// The vault whose device folder (`.folio/local`) is `localDirectory`.
    static func vaultRoot(ofDeviceFolder localDirectory: URL) -> URL {
        localDirectory.deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Why the vault is not watched automatically on this device, or nil when it may be. A mark that
    /// cannot be read still says no (its reason then unknown).
    public static func offReason(localDirectory: URL) -> String? {
        let url = localDirectory.appendingPathComponent(offMarkName)
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return nil }
        let text = LocalFile.text(url, maxBytes: maxReasonBytes) ?? ""
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Marks the vault as not to be watched automatically on this device, saying why.
    public static func turnOff(localDirectory: URL, reason: String) throws(FolioError) {
        let bytes = Array((reason.trimmingCharacters(in: .whitespacesAndNewlines) + "\n").utf8.prefix(maxReasonBytes))
        try AtomicFile.write(bytes, to: localDirectory.appendingPathComponent(offMarkName), flush: false)
    }

    /// Takes the mark away: the vault may be watched automatically again.
    public static func turnOn(localDirectory: URL) {
        // Gone or never there are the same here; any other failure leaves the mark, which `folio
        // watch status` still names.
        unlink(localDirectory.appendingPathComponent(offMarkName).path)
    }

    /// Whether `path` is on a file system whose changes this machine's kernel sees: not a network
    /// or user-space one, where another machine's writes never reach inotify (docs/watch.md).
    static func isOnLocalDisk(_ url: URL) -> Bool {
        guard let type = FileSystemType.of(url.path) else { return false }
        return !remoteFileSystems.contains(type)
    }

    /// `f_type` of NFS, SMB, CIFS, SMB2, FUSE (sshfs, virtiofs), 9p, Ceph, AFS, Coda, NCP, OCFS2 and GFS2.
    static let remoteFileSystems: Set<UInt64> = [
        0x6969, 0x517B, 0xFF53_4D42, 0xFE53_4D42, 0x6573_5546, 0x0102_1997, 0x00C3_6400, 0x5346_414F, 0x7375_7245, 0x564C,
        0x7461_636F, 0x0116_1970,
    ]
}
