import FolioCore
import Foundation
import Markdown

#if canImport(Glibc)
    import Glibc
#endif

/// A name `check --fix` gave a file (or folder) that collided with another on macOS and Windows.
public struct CollisionRename: Sendable, Equatable {
    /// Vault-relative, as the file system spelled it before.
    public var from: String
    /// Vault-relative, in NFC.
    public var to: String
    /// The name it collided with, which stays.
    public var other: String
    /// The records whose links to it now lead to its new name.
    public var relinked: [String]
}

extension Vault {
    /// `check --fix`: each colliding name takes the free NFC name its finding offered (a file, or a
    /// folder with everything in it), and Markdown links in records that led to it lead to the new
    /// name. The renames are the same on every device that makes them (the name that stays and the
    /// new name depend only on the names and what the last commit holds), so two devices fixing the
    /// same collision converge. Call inside ``inOneCommit(_:_:)`` so one `folio undo` puts it back.
    public func renameCollidingNames(_ collisions: [NameCollision], in set: RecordSet) throws(FolioError) -> [CollisionRename] {
        guard !collisions.isEmpty else { return [] }
        return try withLock { () throws(FolioError) -> [CollisionRename] in
            var done: [CollisionRename] = []
            var files = allFiles()
            for collision in collisions {
                // A folder renamed before may have taken this name with it; a name taken since is left.
                guard Self.exists(url(collision.path).path), !nameTaken(collision.rename) else { continue }
                let relinked = try move(collision.path, to: collision.rename, files: &files, in: set)
                done.append(CollisionRename(from: collision.path, to: collision.rename, other: collision.other, relinked: relinked))
            }
            return done
        }
    }

    /// `check --fix`: each name another device would see differently (NFD, or one Windows cannot
    /// hold) takes the free name its finding offered, links to it following, as collisions do.
    /// Returns each rename (`other` is the name it had). Call inside ``inOneCommit(_:_:)``.
    public func renameNamesSeenDifferently(_ renames: [NameRename], in set: RecordSet) throws(FolioError) -> [CollisionRename] {
        guard !renames.isEmpty else { return [] }
        return try withLock { () throws(FolioError) -> [CollisionRename] in
            var done: [CollisionRename] = []
            var files = allFiles()
            for name in renames {
                let folder = (name.rename as NSString).deletingLastPathComponent
                let besides = Self.names(inFolder: folder.isEmpty ? root.path : url(folder).path).filter {
                    !Self.same($0, (name.path as NSString).lastPathComponent)
                }
                // The name it is given must still be free of every other name there (the NFD name
                // itself has the key of its NFC one).
                guard Self.exists(url(name.path).path),
                    !besides.contains(where: {
                        PortablePath.collisionKey($0) == PortablePath.collisionKey((name.rename as NSString).lastPathComponent)
                    })
                else { continue }
                let relinked = try move(name.path, to: name.rename, files: &files, in: set)
                done.append(CollisionRename(from: name.path, to: name.rename, other: name.path, relinked: relinked))
            }
            return done
        }
    }

    /// Renames `from` (a file, or a folder with everything in it) to `to` and leads the links to it
    /// there; `files` (every file of the vault) follows. Returns the records relinked.
    private func move(_ from: String, to: String, files: inout [String], in set: RecordSet) throws(FolioError) -> [String] {
        try requireInside(folderOf: to)
        let moved = files.filter { Self.same($0, from) || Self.isInside($0, folder: from) }
        if rehearsal == nil {
            guard rename(url(from).path, url(to).path) == 0 else {
                throw FolioError(.writeFailed(SystemReason(errno: errno)), file: from)
            }
        }
        let arrived = moved.map { to + $0.utf8.dropFirst(from.utf8.count).stringValue }
        files = files.filter { file in !moved.contains { Self.same($0, file) } } + arrived
        let relinked = try relink(from: from, to: to, in: set, renamed: zip(moved, arrived).map { ($0, $1) })
        recordChange(moved + arrived + relinked, "check: rename \(from) to \(to)")
        return relinked
    }

    /// Rewrites the Markdown links in records that lead to `from` (or into it, a folder) to lead to
    /// `to`; a record that moved with the rename is read at its new path. Returns the records written.
    private func relink(from: String, to: String, in set: RecordSet, renamed: [(String, String)]) throws(FolioError) -> [String] {
        var written: [String] = []
        for record in set.records {
            let body = record.document.body
            guard Self.mayHoldLinks(body) else { continue }
            let path = renamed.first { Self.same($0.0, record.path) }?.1 ?? record.path
            var fixes: [(line: Int, old: String, new: String)] = []
            for link in MarkdownLinks.links(in: body) {
                guard let target = MediaLinks.resolve(link.destination, fromRecord: record.path),
                    Self.same(target, from) || Self.isInside(target, folder: from)
                else { continue }
                let moved = to + target.utf8.dropFirst(from.utf8.count).stringValue
                // An anchor or a query after the name stays.
                let rest = link.destination.firstIndex { $0 == "#" || $0 == "?" }.map { String(link.destination[$0...]) } ?? ""
                fixes.append((record.document.bodyFirstLine + link.line - 1, link.destination, Self.relative(from: path, to: moved) + rest))
            }
            guard !fixes.isEmpty, let (bytes, version) = AtomicFile.read(url(path)),
                let text = String(validating: bytes, as: UTF8.self)
            else { continue }
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for fix in fixes where fix.line >= 1 && fix.line <= lines.count {
                lines[fix.line - 1] = Self.replacingBytes(of: "](" + fix.old, with: "](" + fix.new, in: lines[fix.line - 1])
            }
            let rewritten = lines.joined(separator: "\n")
            guard Array(rewritten.utf8) != bytes else { continue }
            try writeFile(rewritten, at: path, expecting: .version(version))
            written.append(path)
        }
        return written
    }

    /// `text` with every run of the bytes of `old` replaced: Foundation's replacing takes NFC and
    /// NFD for one, and only the name spelled as the renamed file was must change.
    static func replacingBytes(of old: String, with new: String, in text: String) -> String {
        let needle = Array(old.utf8)
        let bytes = Array(text.utf8)
        guard !needle.isEmpty else { return text }
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index...].starts(with: needle) {
                out += Array(new.utf8)
                index += needle.count
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The link from the record at `record` to the vault path `target`: from the record's folder,
    /// `../` for each folder of its own the target is not in.
    static func relative(from record: String, to target: String) -> String {
        let folders = record.split(separator: "/").dropLast().map(String.init)
        let parts = target.split(separator: "/").map(String.init)
        var shared = 0
        while shared < folders.count, shared < parts.count - 1, same(folders[shared], parts[shared]) { shared += 1 }
        return String(repeating: "../", count: folders.count - shared) + parts[shared...].joined(separator: "/")
    }

    /// Paths compared as bytes: a String's `==` takes NFC and NFD for one.
    static func same(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }

    static func isInside(_ path: String, folder: String) -> Bool {
        let prefix = Array(folder.utf8) + [UInt8(ascii: "/")]
        return path.utf8.starts(with: prefix)
    }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}

extension Substring.UTF8View {
    fileprivate var stringValue: String { String(decoding: self, as: UTF8.self) }
}
