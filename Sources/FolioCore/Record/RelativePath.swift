/// A relative link read from a record's folder, as a path in the vault.
public enum RelativePath {
    /// `destination` (`../../media/ab/ab12.jpg`, `./x.md`) read from the folder of `recordPath`, as
    /// a vault-relative path (empty for the vault's own folder); nil when it climbs out of the vault.
    public static func resolve(_ destination: String, from recordPath: String) -> String? {
        var parts = recordPath.split(separator: "/").dropLast().map(String.init)
        for component in destination.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(String(component))
            }
        }
        return parts.joined(separator: "/")
    }
}
