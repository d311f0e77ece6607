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
}
