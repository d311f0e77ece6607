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
        try configValues([name], inFile: file)[name]
    }

    /// The values of `names` in one configuration file, read once; a name that is not set has no
    /// entry.
    public static func configValues(_ names: [String], inFile file: URL) throws -> [String: String] {
        guard FileManager.default.fileExists(atPath: file.path) else { return [:] }
        try initializeLibrary()
        try requireNoNUL(file.path, "git_config_open_ondisk")
        var config: OpaquePointer?
        try check(git_config_open_ondisk(&config, file.path), "git_config_open_ondisk")
        defer { git_config_free(config) }
        guard let config else { return [:] }
        var values: [String: String] = [:]
        for name in names { values[name] = try Repository.configString(config, name) }
        return values
    }
}

/// Git's configuration as the `git` command reads it for one user, outside libgit2's process-wide
/// search paths: the files are named, so a caller's home (a test's, a device's) is the one read.
public enum UserConfig {
    /// The files git reads, lowest priority first: `/etc/gitconfig`, `$XDG_CONFIG_HOME/git/config`
    /// (else `~/.config/git/config`), `~/.gitconfig`, then the repository's own `config` when
    /// `gitDirectory` is given. Missing files are skipped; `GIT_CONFIG_NOSYSTEM` leaves out the first.
    static func files(home: URL, environment: [String: String], gitDirectory: URL?) -> [(URL, git_config_level_t)] {
        let xdg =
            environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? home.appendingPathComponent(".config")
        var files: [(URL, git_config_level_t)] = [
            (URL(fileURLWithPath: "/etc/gitconfig"), GIT_CONFIG_LEVEL_SYSTEM),
            (xdg.appendingPathComponent("git/config"), GIT_CONFIG_LEVEL_XDG),
            (home.appendingPathComponent(".gitconfig"), GIT_CONFIG_LEVEL_GLOBAL),
        ]
        if let gitDirectory { files.append((gitDirectory.appendingPathComponent("config"), GIT_CONFIG_LEVEL_LOCAL)) }
        // As git: GIT_CONFIG_NOSYSTEM leaves the machine's file out.
        if let value = environment["GIT_CONFIG_NOSYSTEM"], !["", "0", "false", "no", "off"].contains(value.lowercased()) {
            files.removeFirst()
        }
        return files.filter { FileManager.default.fileExists(atPath: $0.0.path) }
    }

    /// Every `name = value` whose name matches `pattern` (a regular expression, as for
    /// `git config --get-regexp`), in the order git reads them: the lowest-priority file first,
    /// each file top to bottom. Names come as git normalises them (section and key lower-cased).
    public static func entries(
        matching pattern: String, home: URL, environment: [String: String], gitDirectory: URL?
    ) throws -> [(name: String, value: String)] {
        try initializeLibrary()
        try requireNoNUL(pattern, "git_config_iterator_glob_new")
        var config: OpaquePointer?
        try check(git_config_new(&config), "git_config_new")
        defer { git_config_free(config) }
        for (file, level) in files(home: home, environment: environment, gitDirectory: gitDirectory) {
            try requireNoNUL(file.path, "git_config_add_file_ondisk")
            try check(git_config_add_file_ondisk(config, file.path, level, nil, 0), "git_config_add_file_ondisk")
        }
        var iterator: OpaquePointer?
        try check(git_config_iterator_glob_new(&iterator, config, pattern), "git_config_iterator_glob_new")
        defer { git_config_iterator_free(iterator) }
        var found: [(name: String, value: String)] = []
        var entry: UnsafeMutablePointer<git_config_entry>?
        while try succeeded(git_config_next(&entry, iterator), "git_config_next", unless: GIT_ITEROVER), let entry {
            guard let name = entry.pointee.name else { continue }
            found.append((String(cString: name), entry.pointee.value.map { String(cString: $0) } ?? ""))
        }
        return found
    }
}
