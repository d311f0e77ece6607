import Clibgit2
import Foundation

/// An entry of a commit's tree that must never be written to a working directory: a path that
/// leaves it, lands in git's own folder, or a symbolic link that leads out of it.
///
/// Git's own checkout refuses most of these (`verify_path`); a tree holding one can still be
/// made by hand (`git hash-object --literally`) and pushed to a server that does not check
/// objects, so a client has to look before it writes anything.
public struct TreeHazard: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// A `.` or `..` component: the path climbs out of (or around in) the working directory.
        case traversal
        /// The path starts at the root of the file system (an empty or `/`-led entry name).
        case absolute
        /// git's own folder under any spelling a file system may take for it: `.git`, `.GIT`,
        /// `.git.`, `.git ` (Windows drops trailing dots and spaces), `git~1` (its 8.3 name),
        /// `.git::$INDEX_ALLOCATION`, or `.git` with characters macOS ignores.
        case gitDirectory
        /// An entry name no file can have: a `/` or `\` inside it.
        case malformedName
        /// Two entries of one folder with the same name (or a symbolic link beside an entry whose
        /// name differs only in case), so one could be written through the other.
        case duplicateName
        /// A symbolic link whose target is absolute, climbs out of the working directory (through
        /// `..` or other links in the tree), points into `.git`, or never resolves.
        case symlinkEscapes(target: String)
        /// Folders nested deeper than ``TreeHazard/maxDepth``: no vault needs them, and walking
        /// them without end would exhaust the stack.
        case tooDeep
        /// Two names of one folder that differ only in Unicode normalisation (`Café` in NFC and in
        /// NFD): macOS, Windows and most tools take them for one, and write one over the other.
        case normalisationTwin(of: String)
    }

    /// How deep folders may nest in a tree folio accepts.
    public static let maxDepth = 256

    /// The entry's path, components joined with `/` as they are written in the tree.
    public var path: String
    public var kind: Kind

    public init(path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }

    public var description: String {
        switch kind {
        case .traversal: "\(path): climbs out with . or .."
        case .absolute: "\(path): an absolute path"
        case .gitDirectory: "\(path): inside git's own folder"
        case .malformedName: "\(path): a name with a slash or backslash"
        case .duplicateName: "\(path): named twice in one folder"
        case .symlinkEscapes(let target): "\(path): a symbolic link to \(target) outside the working directory"
        case .tooDeep: "\(path): folders nested more than \(Self.maxDepth) deep"
        case .normalisationTwin(let other): "\(path): the same name as \(other) but for Unicode normalisation"
        }
    }
}

extension Repository {
    /// The entries of commit `commit`'s tree that must not be written to a working directory,
    /// in tree order; empty for a tree every checkout may write. Submodule entries are not files
    /// and are passed over.
    public func hazards(in commit: OID) throws -> [TreeHazard] {
        var scan = HazardScan()
        try withTree(ofCommit: commit) { root in
            try scan.walk(self, tree: root, prefix: [])
        }
        scan.checkLinks()
        return scan.found
    }
}

/// One walk over a tree: names are checked as they are met, symbolic links once all are known.
private struct HazardScan {
    var found: [TreeHazard] = []
    /// Every symbolic link: its path components and its target.
    var links: [[String]: String] = [:]

    mutating func walk(_ repository: Repository, tree: OpaquePointer, prefix: [String]) throws {
        guard prefix.count < TreeHazard.maxDepth else {
            return found.append(TreeHazard(path: prefix.joined(separator: "/"), kind: .tooDeep))
        }
        // Compared as bytes: names are bytes to git and to Linux.
        var seen = Set<[UInt8]>()
        // By `String`, whose equality is canonical equivalence: names that differ only in normalisation.
        var canonical: [String: String] = [:]
        var folded: [String: Int] = [:]
        var symlinkNames: [String] = []
        for position in 0..<git_tree_entrycount(tree) {
            guard let entry = git_tree_entry_byindex(tree, position), let id = git_tree_entry_id(entry)?.pointee else { continue }
            let name = string(git_tree_entry_name(entry)) ?? ""
            let path = prefix + [name]
            let display = path.joined(separator: "/")
            if let kind = Self.nameHazard(name, atRoot: prefix.isEmpty) {
                // Name the file that would have been written (`../x.md`, `.git/hooks/post-checkout`).
                let shown =
                    git_tree_entry_type(entry) == GIT_OBJECT_TREE ? try Self.firstFile(repository, under: OID(id), path: path) : path
                found.append(TreeHazard(path: shown.joined(separator: "/"), kind: kind))
                continue
            }
            if !seen.insert(Array(name.utf8)).inserted {
                found.append(TreeHazard(path: display, kind: .duplicateName))
                continue
            }
            if let twin = canonical[name] {
                found.append(TreeHazard(path: display, kind: .normalisationTwin(of: twin)))
                continue
            }
            canonical[name] = display
            folded[name.lowercased(), default: 0] += 1
            let mode = git_tree_entry_filemode(entry)
            switch git_tree_entry_type(entry) {
            case GIT_OBJECT_TREE:
                try repository.withTree(OID(id)) { subtree in
                    try walk(repository, tree: subtree, prefix: path)
                }
            case GIT_OBJECT_BLOB where mode == GIT_FILEMODE_LINK:
                links[path] = try Self.linkTarget(repository, OID(id))
                symlinkNames.append(name)
            default:
                continue
            }
        }
        // A link beside an entry spelled differently only in case is one file on macOS and Windows.
        for name in symlinkNames where folded[name.lowercased(), default: 0] > 1 {
            found.append(TreeHazard(path: (prefix + [name]).joined(separator: "/"), kind: .duplicateName))
        }
    }

    /// The path of the first file under tree `oid` (at most 64 levels down), or `path` itself.
    static func firstFile(_ repository: Repository, under oid: OID, path: [String]) throws -> [String] {
        var current = oid
        var result = path
        for _ in 0..<64 {
            let next: (String, OID, Bool)? = try repository.withTree(current) { tree in
                guard git_tree_entrycount(tree) > 0, let entry = git_tree_entry_byindex(tree, 0),
                    let id = git_tree_entry_id(entry)?.pointee
                else { return nil }
                return (string(git_tree_entry_name(entry)) ?? "", OID(id), git_tree_entry_type(entry) == GIT_OBJECT_TREE)
            }
            guard let (name, id, isTree) = next else { break }
            result.append(name)
            guard isTree else { break }
            current = id
        }
        return result
    }

    /// A link's target; a blob longer than any path (`PATH_MAX`) gives a target that is never
    /// safe, without reading it all.
    static func linkTarget(_ repository: Repository, _ oid: OID) throws -> String {
        var raw = oid.raw
        var blob: OpaquePointer?
        try check(git_blob_lookup(&blob, repository.pointer, &raw), "git_blob_lookup")
        defer { git_blob_free(blob) }
        let size = git_blob_rawsize(blob)
        guard size > 0, size < 4096, let bytes = git_blob_rawcontent(blob) else { return size > 0 ? "/…" : "" }
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: Int(size)), as: UTF8.self)
    }

    /// What is wrong with one entry name, or nil.
    static func nameHazard(_ name: String, atRoot: Bool) -> TreeHazard.Kind? {
        if name.isEmpty { return atRoot ? .absolute : .malformedName }
        if name == "." || name == ".." { return .traversal }
        if name.contains("/") {
            let parts = name.split(separator: "/", omittingEmptySubsequences: false)
            if name.hasPrefix("/") { return .absolute }
            if parts.contains(where: { $0 == "." || $0 == ".." }) { return .traversal }
            return .malformedName
        }
        if name.contains("\\") {
            let parts = name.split(separator: "\\", omittingEmptySubsequences: false)
            return parts.contains(where: { $0 == "." || $0 == ".." }) ? .traversal : .malformedName
        }
        return isGitDirectory(name) ? .gitDirectory : nil
    }

    /// Whether a file system may take `name` for `.git` (git's `is_ntfs_dotgit` and `is_hfs_dotgit`).
    static func isGitDirectory(_ name: String) -> Bool {
        // macOS ignores these code points when it compares names.
        let ignorable: Set<UInt32> = [
            0x200C, 0x200D, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E,
            0x206A, 0x206B, 0x206C, 0x206D, 0x206E, 0x206F, 0xFEFF,
        ]
        var folded = String(String.UnicodeScalarView(name.unicodeScalars.filter { !ignorable.contains($0.value) })).lowercased()
        if folded.hasPrefix(".git::") || folded == "git~1" { return true }
        // Windows drops trailing dots and spaces.
        while let last = folded.last, last == "." || last == " " { folded.removeLast() }
        return folded == ".git"
    }

    /// Resolves every symbolic link against the tree's own links; one that leaves the working
    /// directory, enters `.git` or loops is a hazard.
    mutating func checkLinks() {
        for (path, target) in links.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) where escapes(from: path, target: target) {
            found.append(TreeHazard(path: path.joined(separator: "/"), kind: .symlinkEscapes(target: target)))
        }
    }

    private func escapes(from link: [String], target: String) -> Bool {
        if target.isEmpty || target.hasPrefix("/") || target.contains("\0") { return true }
        var location = Array(link.dropLast())
        var pending = target.split(separator: "/").map(String.init)
        var hops = 0
        while !pending.isEmpty {
            let component = pending.removeFirst()
            if component.isEmpty || component == "." { continue }
            if component == ".." {
                if location.isEmpty { return true }
                location.removeLast()
                continue
            }
            if component.contains("\\") || Self.isGitDirectory(component) { return true }
            location.append(component)
            if let next = links[location] {
                hops += 1
                if hops > 40 || next.isEmpty || next.hasPrefix("/") { return true }
                location.removeLast()
                pending = next.split(separator: "/").map(String.init) + pending
            }
        }
        return false
    }
}
