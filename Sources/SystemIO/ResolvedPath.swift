#if canImport(Glibc)
    import Glibc
#endif

/// Where an absolute path leads once every symbolic link in it is followed, as far as there is
/// something to follow. `realpath` gives up on a path that does not exist, and Foundation's
/// `resolvingSymlinksInPath` then hands the path back as it is: a link out of the vault to a file
/// that is not there passed for a link inside it. Here a dangling link resolves to where its
/// target would be.
public enum ResolvedPath {
    /// The resolved form of `path` (absolute); a loop of links is left where the loop begins.
    public static func of(_ path: String) -> String {
        var steps = 0
        return resolve(path, steps: &steps)
    }

    private static func resolve(_ path: String, steps: inout Int) -> String {
        if let real = realpath(path, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        steps += 1
        // Deeper than any path the kernel follows (40 links): a loop, left as it is.
        guard steps <= 64, path.hasPrefix("/") else { return path }
        let (parent, name) = split(path)
        let base = parent == "/" ? "/" : resolve(parent, steps: &steps)
        switch name {
        case "", ".": return base
        case "..": return split(base).parent
        default: break
        }
        let joined = base == "/" ? "/" + name : base + "/" + name
        var buffer = [UInt8](repeating: 0, count: 4097)
        let count = buffer.withUnsafeMutableBufferPointer { raw in
            raw.baseAddress.map { readlink(joined, UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self), 4096) } ?? -1
        }
        guard count > 0 else { return joined }
        let target = String(decoding: buffer.prefix(count), as: UTF8.self)
        return resolve(target.hasPrefix("/") ? target : base + (base == "/" ? "" : "/") + target, steps: &steps)
    }

    /// The folder part and the last name of an absolute path (`/` has an empty name).
    private static func split(_ path: String) -> (parent: String, name: String) {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return ("/", String(trimmed)) }
        let parent = trimmed[..<slash]
        return (parent.isEmpty ? "/" : String(parent), String(trimmed[trimmed.index(after: slash)...]))
    }
}
