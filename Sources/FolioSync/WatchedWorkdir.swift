import FolioCore
import FolioStore
import Foundation
import Git
import SystemIO

/// `folio watch` for git's status (``WorkdirWatch``): the tracked files a status must `stat` are
/// those the watcher names since the last status of the same index, and those that status did not
/// find the same as their entries. What the last status left is kept in
/// `.folio/local/cache/status-watch` (derived: a missing, damaged or foreign file means "`stat`
/// every file"), with the watcher's token and the index file's stamp.
final class WatchedWorkdir: WorkdirWatch {
    private let localDirectory: URL
    private var url: URL { localDirectory.appendingPathComponent("cache/status-watch") }
    /// The watcher's token as this status began, when it answered.
    private var now: WatchProtocol.Token?
    private static let header = "folio-status-watch 1"
    private static let maxBytes = 64 << 20

    init(localDirectory: URL) {
        self.localDirectory = localDirectory
    }

    func changes(indexStamp: FileStamp, entries: Int) -> WorkdirChanges? {
        now = nil
        let saved = Self.read(LocalFile.read(url, maxBytes: Self.maxBytes).map { [UInt8]($0) } ?? [])
        let current = saved.flatMap { $0.index == indexStamp ? $0 : nil }
        switch WatchClient.changes(localDirectory: localDirectory, since: current?.token ?? .none) {
        case .notRunning:
            AutomaticWatch.noteUnwatched(localDirectory: localDirectory, files: entries)
            return nil
        case .failed:
            return nil
        case .answered(.all(let token)):
            now = token
            return nil
        case .answered(.changed(let token, let paths)):
            now = token
            guard let current else { return nil }
            return WorkdirChanges(paths: paths + current.notSame) { folder in
                folder.isEmpty || Vault.mayHoldRecords(folder: String(decoding: folder, as: UTF8.self))
            }
        }
    }

    func statusFinished(indexStamp: FileStamp, notSame: [[UInt8]]) {
        guard let now else { return }
        let saved = Saved(token: now, index: indexStamp, notSame: notSame.filter { !$0.contains(0) && !$0.isEmpty })
        // try?: derived and never trusted; one not written means the next status stats every file.
        try? AtomicFile.write(Self.encode(saved), to: url, flush: false)
    }

    struct Saved: Equatable {
        var token: WatchProtocol.Token
        var index: FileStamp
        var notSame: [[UInt8]]
    }

    /// The file's bytes for `saved`.
    static func encode(_ saved: Saved) -> [UInt8] {
        let index = saved.index
        var bytes = Array("\(header)\ntoken \(String(saved.token.instance, radix: 16)) \(saved.token.sequence)\n".utf8)
        bytes += Array("index \(index.size) \(index.modifiedNanoseconds) \(index.changedNanoseconds) \(index.inode)\n".utf8)
        bytes += Array("notsame \(saved.notSame.count)\n".utf8)
        for path in saved.notSame {
            bytes += path
            bytes.append(0)
        }
        return bytes
    }

    /// The saved state in `bytes`, or nil unless it is exactly one as ``encode(_:)`` writes it.
    static func read(_ bytes: [UInt8]) -> Saved? {
        // Four lines of text, then the paths as bytes (split on the bytes, never on decoded text).
        let parts = bytes.split(separator: 0x0A, maxSplits: 4, omittingEmptySubsequences: false)
        guard parts.count == 5 else { return nil }
        let lines = parts.prefix(4).map { String(decoding: $0, as: UTF8.self) }
        guard lines[0] == header else { return nil }
        let token = lines[1].split(separator: " ")
        let index = lines[2].split(separator: " ")
        let count = lines[3].split(separator: " ")
        // Every number in its one spelling: what is read is what ``encode(_:)`` would write.
        func number<T: FixedWidthInteger>(_ text: Substring, _: T.Type, radix: Int = 10) -> T? {
            T(text, radix: radix).flatMap { String($0, radix: radix) == text ? $0 : nil }
        }
        guard token.count == 3, token[0] == "token", let instance = number(token[1], UInt64.self, radix: 16), instance != 0,
            let sequence = number(token[2], UInt64.self), index.count == 5, index[0] == "index", let size = number(index[1], UInt64.self),
            let modified = number(index[2], Int64.self), let changed = number(index[3], Int64.self),
            let inode = number(index[4], UInt64.self), count.count == 2, count[0] == "notsame", let number = number(count[1], Int.self),
            number >= 0
        else { return nil }
        let tail = parts[4]
        var paths = tail.split(separator: 0, omittingEmptySubsequences: false).map { Array($0) }
        guard paths.last?.isEmpty == true || (number == 0 && tail.isEmpty) else { return nil }
        if !paths.isEmpty { paths.removeLast() }
        guard paths.count == number, !paths.contains(where: \.isEmpty) else { return nil }
        return Saved(
            token: WatchProtocol.Token(instance: instance, sequence: sequence),
            index: FileStamp(size: size, modifiedNanoseconds: modified, changedNanoseconds: changed, inode: inode), notSame: paths)
    }
}

/// The fuzz harness's door to the state file's reader (``WatchedWorkdir/read(_:)``).
public enum StatusWatchStateFuzzing {
    /// What the writer would write for what the reader read from `bytes`; nil when it refused them.
    public static func rewritten(_ bytes: [UInt8]) -> [UInt8]? {
        WatchedWorkdir.read(bytes).map(WatchedWorkdir.encode)
    }

    /// A state file as folio writes it, for seeds.
    public static func sample(paths: [[UInt8]]) -> [UInt8] {
        WatchedWorkdir.encode(
            WatchedWorkdir.Saved(
                token: WatchProtocol.Token(instance: 0xabc, sequence: 7),
                index: FileStamp(size: 1_234, modifiedNanoseconds: 1_700_000_000_000_000_000, changedNanoseconds: 5, inode: 42),
                notSame: paths))
    }
}
