import ArgumentParser
import FolioCore
import FolioSecrets
import FolioStore
import FolioSync
import Foundation

struct ConfigCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "config",
            abstract: bilingual(
                "Read and change the vault's settings in .folio/config.yaml (comments and unknown keys survive).",
                "讀取和修改資料庫在 .folio/config.yaml 的設定（註解和不認識的設定都會保留）。"),
            discussion: bilingual(
                """
                Examples:
                  folio config list
                  folio config get language
                  folio config set ai.model gpt-4o-mini
                  folio config unset ai.model
                  folio config trust ai.base_url

                Values are shown with tokens and URL passwords masked. `trust` confirms, on this device, \
                a value that came from another device: the AI server (ai.base_url) the key and pages \
                go to, or a network limit above this device's ceiling. A value set here is confirmed here.
                """,
                """
                例如：
                  folio config list
                  folio config get language
                  folio config set ai.model gpt-4o-mini
                  folio config unset ai.model
                  folio config trust ai.base_url

                顯示的值會遮住權杖和網址裡的密碼。`trust` 在這台裝置上確認從別台裝置同步來的值：金鑰和頁面要送去的
                AI 伺服器（ai.base_url），或高於這台裝置上限的網路限制。在這台裝置上設定的值，就在這台裝置上確認。
                """))
    }

    @Argument(help: bilingual("list, get, set, unset or trust.", "`list`、`get`、`set`、`unset` 或 `trust`。")) var action: String = "list"
    @Argument(help: bilingual("A setting, such as ai.model.", "一項設定，例如 ai.model。")) var key: String?
    @Argument(help: bilingual("The value for set.", "`set` 要設的值。")) var value: String?
    @OptionGroup var output: OutputFormat<JSON>
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        switch action {
        case "list": break
        case "get", "unset", "trust":
            if key == nil {
                throw ValidationError(
                    Message.usage(.needsOption(command: "config \(action)", option: "KEY")).text(MessageLanguage.shared.current))
            }
        case "set":
            if key == nil || value == nil {
                throw ValidationError(
                    Message.usage(.needsOption(command: "config set", option: "KEY VALUE")).text(MessageLanguage.shared.current))
            }
        default:
            throw ValidationError(
                Message.usage(.unknownAction(command: "config", action: action, known: ["list", "get", "set", "unset", "trust"])).text(
                    MessageLanguage.shared.current))
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
        static var help: String { bilingual("Print settings as JSON.", "以 JSON 輸出設定。") }
    }
}
