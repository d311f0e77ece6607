import FolioCore
import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// One name of a pair (or more) that another device would take for one file.
public struct NameCollision: Sendable, Equatable {
    /// The path that stays out of commits until renamed (vault-relative).
    public var path: String
    /// The path it collides with, which stays.
    public var other: String
    public var kind: FileMessage.NameCollision
    /// A free name to rename `path` to (same folder, NFC).
    public var rename: String

    /// The message naming the collision and the `mv` that resolves it.
    public var error: FolioError {
        FolioError(
            .file(.nameCollides(with: other, kind: kind, rename: "\(path.quotedPath) \(rename.quotedPath)")), file: path)
    }
}

/// Linux keeps `Café.md` in NFC and in NFD, or `Idea.md` and `idea.md`, as two files; macOS and
/// Windows (and a clone there) see one. Paths are compared as bytes everywhere folio keeps them;
/// two that collide elsewhere are found here, and the one that is not already committed (or, when
/// neither is, the one not in NFC, else the later in byte order) stays out of commits until renamed.
extension Vault {
    /// The collisions that involve `paths` (vault-relative files): every name on their way is
    /// compared with the names beside it on disk. `tracked` says which paths the last commit holds.
    public func nameCollisions(involving paths: [String], tracked: (String) -> Bool) -> [NameCollision] {
        var listings: [String: [String]] = [:]
        func names(in folder: String) -> [String] {
            if let known = listings[folder] { return known }
            let listed = Self.names(inFolder: folder.isEmpty ? root.path : url(folder).path)
            listings[folder] = listed
            return listed
        }
        // Each folder's names grouped by their collision key once: a name's twins are then looked
        // up, not found by keying every name beside it again (which grew with the square of a
        // folder's size when every file in it was asked about).
        var groups: [String: [[UInt8]: [String]]] = [:]
        func twins(of key: [UInt8], in folder: String) -> [String] {
            if let known = groups[folder] { return known[key] ?? [] }
            let grouped = Dictionary(grouping: names(in: folder), by: PortablePath.collisionKey)
            groups[folder] = grouped
            return grouped[key] ?? []
        }
        var found: [[UInt8]: NameCollision] = [:]
        for path in paths {
            var folder = ""
            for component in path.split(separator: "/").map(String.init) {
                let here = folder.isEmpty ? component : folder + "/" + component
                defer { folder = here }
                let key = PortablePath.collisionKey(component)
                let twins = twins(of: key, in: folder)
                guard Set(twins.map { Array($0.utf8) }).count > 1 else { continue }
                let paths = twins.map { folder.isEmpty ? $0 : folder + "/" + $0 }
                let keeper = Self.keeper(paths, tracked: tracked)
                for loser in paths where Array(loser.utf8) != Array(keeper.utf8) && found[Array(loser.utf8)] == nil {
                    found[Array(loser.utf8)] = NameCollision(
                        path: loser, other: keeper, kind: PortablePath.collision(loser, keeper),
                        rename: freeTwinName(for: loser, among: names(in: folder)))
                }
            }
        }
        return found.values.sorted { Array($0.path.utf8).lexicographicallyPrecedes(Array($1.path.utf8)) }
    }

    /// Every path that takes part in a collision involving `paths` (both sides): what a caller
    /// asks git about before ``nameCollisions(involving:tracked:)`` chooses which one stays.
    public func nameCollisionCandidates(_ paths: [String]) -> [String] {
        nameCollisions(involving: paths) { _ in false }.flatMap { [$0.path, $0.other] }
    }

    /// Whether `path` (vault-relative) collides with a name already on disk: folio never makes a
    /// name that another device would take for an existing one.
    func nameTaken(_ path: String) -> Bool {
        var info = stat()
        if lstat(url(path).path, &info) == 0 { return true }
        let folder = (path as NSString).deletingLastPathComponent
        let key = PortablePath.collisionKey((path as NSString).lastPathComponent)
        return Self.names(inFolder: folder.isEmpty ? root.path : url(folder).path).contains { PortablePath.collisionKey($0) == key }
    }

    /// Of colliding paths, the one that stays: a committed one (of several, as a remote may bring
    /// them, one in NFC first), else one in NFC, else the first in byte order. The same on every
    /// device that has the same names and commits.
    static func keeper(_ paths: [String], tracked: (String) -> Bool) -> String {
        let ordered = paths.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        func composed(_ path: String) -> Bool { Array(PortablePath.composed(path).utf8) == Array(path.utf8) }
        let committed = ordered.filter(tracked)
        if let first = committed.first { return committed.first(where: composed) ?? first }
        return ordered.first(where: composed) ?? ordered[0]
    }

    /// `stem-2.ext` (NFC) beside `path`, colliding with no name in `names`.
    func freeTwinName(for path: String, among names: [String]) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let name = PortablePath.composed((path as NSString).lastPathComponent)
        let ext = (name as NSString).pathExtension
        let stem = ext.isEmpty ? name : (name as NSString).deletingPathExtension
        let taken = Set(names.map(PortablePath.collisionKey))
        var counter = 2
        while true {
            let candidate = ext.isEmpty ? "\(stem)-\(counter)" : "\(stem)-\(counter).\(ext)"
            if !taken.contains(PortablePath.collisionKey(candidate)) { return folder.isEmpty ? candidate : folder + "/" + candidate }
            counter += 1
        }
    }

    /// The names in the folder at `path`, none when there is no folder there.
    /// - Throws: when the folder is there and cannot be listed (named by `shown`, its path in the
    ///   vault): a check that could not look must say so, never report nothing found.
    public static func folderNames(at path: String, shown: String) throws(FolioError) -> [String] {
        func failure() -> FolioError {
            let number = errno
            return FolioError(.folderUnreadable(SystemReason(errno: number, words: String(cString: strerror(number)))), file: shown)
        }
        guard let directory = opendir(path) else {
            if errno == ENOENT { return [] }
            throw failure()
        }
        defer { closedir(directory) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 { throw failure() }
                return names
            }
            let name = DirectoryEntry.name(entry)
            if name != ".", name != ".." { names.append(name) }
        }
    }

    /// The names in a folder (as the file system spells them), `.` and `..` left out; empty when it cannot be read.
    static func names(inFolder path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let bytes = DirectoryEntry.nameBytes(entry)
            guard let name = String(validating: bytes, as: UTF8.self), name != ".", name != ".." else { continue }
            names.append(name)
        }
        return names
    }
}
