import Clibgit2
import Foundation

extension Repository {
    /// Sets each `name = value` in the repository's own configuration (`.git/config`), as
    /// `git config name value` does.
    public func setConfig(_ entries: [(name: String, value: String)]) throws {
        for (name, value) in entries {
            try requireNoNUL(name, "git_config_set_string")
            try requireNoNUL(value, "git_config_set_string")
        }
        try withConfig { config in
            for (name, value) in entries { try check(git_config_set_string(config, name, value), "git_config_set_string") }
        }
    }

    /// The value of `name` in the repository's configuration (every level), or nil when unset.
    public func configValue(_ name: String) throws -> String? {
        try withConfig { try configString($0, name) }
    }

    /// The value of `name` in a configuration file of git's format that is not the repository's
    /// (`.lfsconfig`), or nil when the file or the name is not there.
    public static func configValue(_ name: String, inFile file: URL) throws -> String? {
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        try initializeLibrary()
        try requireNoNUL(file.path, "git_config_open_ondisk")
        var config: OpaquePointer?
        try check(git_config_open_ondisk(&config, file.path), "git_config_open_ondisk")
        defer { git_config_free(config) }
        guard let config else { return nil }
        return try Repository.configString(config, name)
    }
}
