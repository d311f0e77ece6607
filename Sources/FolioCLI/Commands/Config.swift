import ArgumentParser
import FolioCore
import FolioStore
import FolioSync
import Foundation

struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Read and change the vault's settings in .folio/config.yaml (comments and unknown keys survive).",
        discussion: """
            Examples:
              folio config list
              folio config get language
              folio config set ai.model gpt-4o-mini
              folio config unset ai.model
            """)

    @Argument(help: "list, get, set or unset.") var action: String = "list"
    @Argument(help: "A setting, such as ai.model.") var key: String?
    @Argument(help: "The value for set.") var value: String?
    @OptionGroup var output: OutputFormat<JSON>
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        switch action {
        case "list": break
        case "get", "unset": if key == nil { throw ValidationError("config \(action) needs a KEY.") }
        case "set": if key == nil || value == nil { throw ValidationError("config set needs a KEY and a VALUE.") }
        default: throw ValidationError("config takes list, get, set or unset, not '\(action)'.")
        }
    }

    func run() throws {
        let context = try Context.open(global)
        switch action {
        case "get": try get(context)
        case "set": try set(context)
        case "unset": try unset(context)
        default: list(context)
        }
    }

    private func get(_ context: Context) throws {
        guard let key, SettingKey.named(key) != nil else { throw FolioError(.unknownSettingKey(key ?? "", SettingKey.all.map(\.name))) }
        guard let text = context.vault.settings.string(key) else { throw ExitCode.failure }
        Console.out(text)
    }

    private func set(_ context: Context) throws {
        guard let key, let value else { return }
        try context.vault.checkInput([(.setting(key), value)])
        var settings = context.vault.settings
        try settings.set(key, to: value)
        try context.vault.saveSettings(settings, message: "config: set \(key)")
        // The remote is also this device's git `origin`, which sync uses.
        if key == "sync.remote" { try context.history?.setRemote(value) }
        context.say(.settingSet(key: key, value: value))
    }

    private func unset(_ context: Context) throws {
        guard let key else { return }
        var settings = context.vault.settings
        try settings.unset(key)
        try context.vault.saveSettings(settings, message: "config: unset \(key)")
        context.say(.settingUnset(key))
    }

    /// Every setting with its value (— when unset), or a JSON object of them.
    private func list(_ context: Context) {
        let rows = SettingKey.all.map { ($0.name, context.vault.settings.string($0.name)) }
        if output.json { return context.json(.object(rows.map { ($0.0, $0.1.map(JSONWriter.JSON.string) ?? .null) })) }
        let width = rows.map(\.0.count).max() ?? 10
        Console.out(rows.map { $0.0.padded(to: width) + "  " + ($0.1 ?? "—") }.joined(separator: "\n"))
    }

    enum JSON: JSONShape {
        static let help = "Print settings as JSON."
    }
}
