import ArgumentParser
import FolioCore
import FolioSecrets
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
              folio config trust ai.base_url

            Values are shown with tokens and URL passwords masked. `trust` confirms, on this device, \
            a value that came from another device: the AI server (ai.base_url) the key and pages \
            go to, or a network limit above this device's ceiling. A value set here is confirmed here.
            """)

    @Argument(help: "list, get, set, unset or trust.") var action: String = "list"
    @Argument(help: "A setting, such as ai.model.") var key: String?
    @Argument(help: "The value for set.") var value: String?
    @OptionGroup var output: OutputFormat<JSON>
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        switch action {
        case "list": break
        case "get", "unset", "trust": if key == nil { throw ValidationError("config \(action) needs a KEY.") }
        case "set": if key == nil || value == nil { throw ValidationError("config set needs a KEY and a VALUE.") }
        default: throw ValidationError("config takes list, get, set, unset or trust, not '\(action)'.")
        }
    }

    func run() throws {
        let context = try Context.open(global)
        switch (action, key, value) {
        case ("get", let key?, _):
            guard let text = try context.vault.setting(key) else { throw ExitCode.failure }
            Console.verbatim(ConfiguredSecrets.redact(text), terminal: context.terminal, environment: context.environment)
        case ("set", let key?, let value?):
            try History.setSetting(key, to: value, in: context.vault, history: context.history)
            context.say(.settingSet(key: key, value: ConfiguredSecrets.redact(value)))
        case ("trust", let key?, _):
            try context.vault.trustSetting(key)
            context.say(.settingTrusted(key: key, value: ConfiguredSecrets.redact(context.vault.settings.string(key) ?? "")))
        case ("unset", let key?, _):
            try context.vault.unsetSetting(key)
            context.say(.settingUnset(key))
        default: SettingsPrinter.print(context.vault.allSettings, json: output.json)
        }
    }

    enum JSON: HelpText {
        static let help = "Print settings as JSON."
    }
}
