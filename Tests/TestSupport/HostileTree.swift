import Foundation

/// Writes git objects that git's porcelain and libgit2's tree builder refuse to make — trees
/// with `..`, `.git` or absolute entry names, symbolic links out of the working directory — with
/// `git hash-object --literally`, as an attacker controlling a remote (or a careless tool) can.
public struct HostileTree {
    /// One entry of a tree being written.
    public enum Entry {
        case file(String, mode: String = "100644")
        case link(String)
        case tree([String: Entry])
    }

    /// The repository (bare or not) the objects go into.
    public let repository: URL

    public init(repository: URL) {
        self.repository = repository
    }

    /// Writes `entries` as a tree, each name exactly as given (sub-trees too); returns its id.
    public func tree(_ entries: [String: Entry]) throws -> String {
        try treeMerging(kept: [], added: entries)
    }

    /// The tree of `commit` with `entries` added at its root (replacing any of the same name),
    /// committed on top of it; returns the new commit's id. No reference moves.
    public func commit(adding entries: [String: Entry], onto commit: String, message: String) throws -> String {
        let listing = try Tool.git(["ls-tree", commit], in: repository)
        var kept: [(mode: String, name: String, id: String)] = []
        for line in listing.split(separator: "\n") {
            guard let tab = line.firstIndex(of: "\t") else { continue }
            let fields = line[..<tab].split(separator: " ")
            let name = String(line[line.index(after: tab)...])
            guard fields.count == 3, entries[name] == nil else { continue }
            kept.append((String(fields[0]), name, String(fields[2])))
        }
        let tree = try treeMerging(kept: kept, added: entries)
        return try Tool.git(["commit-tree", tree, "-p", commit, "-m", message], in: repository)
    }

    /// Moves `branch` of the repository to `commit`, as a push from another client would.
    public func point(_ branch: String, at commit: String) throws {
        try Tool.git(["update-ref", "refs/heads/\(branch)", commit], in: repository)
    }

    private func treeMerging(kept: [(mode: String, name: String, id: String)], added: [String: Entry]) throws -> String {
        var rows = kept.map { (name: $0.name, mode: $0.mode == "040000" ? "40000" : $0.mode, id: $0.id) }
        for (name, entry) in added {
            switch entry {
            case .file(let text, let mode): rows.append((name, mode, try object(Data(text.utf8), type: "blob")))
            case .link(let target): rows.append((name, "120000", try object(Data(target.utf8), type: "blob")))
            case .tree(let children): rows.append((name, "40000", try tree(children)))
            }
        }
        rows.sort {
            Array(($0.mode == "40000" ? $0.name + "/" : $0.name).utf8).lexicographicallyPrecedes(
                Array(($1.mode == "40000" ? $1.name + "/" : $1.name).utf8))
        }
        var data = Data()
        for row in rows {
            data.append(contentsOf: Array("\(row.mode) \(row.name)".utf8) + [0])
            data.append(contentsOf: try Self.bytes(hex: row.id))
        }
        return try object(data, type: "tree")
    }

    /// Stores `data` as an object of `type` without any check; returns its id.
    private func object(_ data: Data, type: String) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try Tool.git(["hash-object", "-t", type, "--literally", "-w", file.path], in: repository)
    }

    private static func bytes(hex: String) throws -> [UInt8] {
        let digits = Array(hex.utf8)
        guard digits.count == 40 else { throw HarnessError(description: "not an object id: \(hex)") }
        return try stride(from: 0, to: 40, by: 2).map { index in
            guard let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) else {
                throw HarnessError(description: "not an object id: \(hex)")
            }
            return byte
        }
    }
}
