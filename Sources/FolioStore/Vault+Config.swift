import FolioCore

extension Vault {
    /// `config get`: a setting's value, or nil when it is not set.
    /// - Throws: ``FolioError`` for a key folio does not know, naming the keys it does.
    public func setting(_ key: String) throws(FolioError) -> String? {
        guard SettingKey.named(key) != nil else { throw FolioError(.unknownSettingKey(key, SettingKey.all.map(\.name))) }
        return settings.string(key)
    }

    /// `config list`: every setting folio knows with its value, nil when not set, in the documented order.
    public var allSettings: [(key: String, value: String?)] {
        SettingKey.all.map { ($0.name, settings.string($0.name)) }
    }

    /// `config set`: one setting changed in `.folio/config.yaml` (comments and other keys kept), committed.
    public func setSetting(_ key: String, to value: String) throws(FolioError) {
        try checkInput([(.setting(key), value)])
        // A limit is also written to this device's ceilings: refused before anything changes
        // when that file cannot be read (it is never written over).
        if SettingKey.named(key)?.ceiling != nil, let problem = deviceLimits.problem { throw problem }
        try changeSettings(message: "config: set \(key)") { (settings: inout Settings) throws(FolioError) in
            try settings.set(key, to: value)
        }
        // Set on this device, so trusted on this device (an endpoint for the key, a higher limit).
        try confirmOnThisDevice(key, value: value)
    }

    /// `config unset`: one setting removed, committed.
    public func unsetSetting(_ key: String) throws(FolioError) {
        try changeSettings(message: "config: unset \(key)") { (settings: inout Settings) throws(FolioError) in try settings.unset(key) }
    }
}
