import Clibyaml

/// The libyaml folio runs with: readers that stand in for it follow its version's rules.
public enum LibYAML {
    /// Its version as (major, minor, patch), asked of the library itself.
    public static let version: (Int, Int, Int) = {
        var major: Int32 = 0
        var minor: Int32 = 0
        var patch: Int32 = 0
        yaml_get_version(&major, &minor, &patch)
        return (Int(major), Int(minor), Int(patch))
    }()
}
