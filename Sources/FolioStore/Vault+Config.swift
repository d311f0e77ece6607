import FolioCore
import YAML

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
        try Self.refuseSettingACommandWrites(key, to: value)
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
        try Self.refuseSettingACommandWrites(key, to: nil)
        try changeSettings(message: "config: unset \(key)") { (settings: inout Settings) throws(FolioError) in try settings.unset(key) }
    }
}

extension Vault {
    /// Refuses `config set` (or `unset`, with a nil value) of a setting whose effect lives in files
    /// a command writes along with it: which media go to Git LFS is what `.gitattributes` says,
    /// encryption is `.gitattributes`, a key and git's filters. The value alone would change
    /// nothing, so the message names the command that does both; turning either off, which no
    /// command does, is refused as such. A valid value is checked first, so a typo is told as one.
    static func refuseSettingACommandWrites(_ key: String, to value: String?) throws(FolioError) {
        guard let setting = SettingKey.named(key), ["media.lfs", "media.lfs_min_bytes", "crypt.encrypted"].contains(key) else { return }
        if let value, setting.node(from: value) == nil {
            throw FolioError(.badSettingValue(key: key, expected: setting.expectation, value: value))
        }
        let turnsOn = value.flatMap { setting.node(from: $0) }?.resolved == .bool(true)
        switch key {
        case "media.lfs":
            guard turnsOn else { throw FolioError(.settingCannotBeTurnedOff(key)) }
            throw FolioError(.settingSetByCommand(key: key, command: "folio media lfs"))
        case "media.lfs_min_bytes":
            let bytes = value.flatMap { Int($0) } ?? 0
            throw FolioError(.settingSetByCommand(key: key, command: bytes > 0 ? "folio media lfs --above \(bytes)" : "folio media lfs"))
        default:
            guard turnsOn else { throw FolioError(.settingCannotBeTurnedOff(key)) }
            throw FolioError(.settingSetByCommand(key: key, command: "folio crypt init"))
        }
    }
}
