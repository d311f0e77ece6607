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
                a value that came from another device: where data goes (ai.base_url, embeddings.base_url, \
                weather.url, sync.remote, and lfs.url for the LFS server a synced .lfsconfig names), or a \
                network limit above this device's ceiling. A value set here is confirmed here.
                """,
                """
                例如：
                  folio config list
                  folio config get language
                  folio config set ai.model gpt-4o-mini
                  folio config unset ai.model
                  folio config trust ai.base_url

                顯示的值會遮住權杖和網址裡的密碼。`trust` 在這台裝置上確認從別台裝置同步來的值：資料要送去的地方
                （ai.base_url、embeddings.base_url、weather.url、sync.remote，以及同步來的 `.lfsconfig` 指定的 LFS
                伺服器 lfs.url），或高於這台裝置上限的網路限制。在這台裝置上設定的值，就在這台裝置上確認。
                """),
            subcommands: [ConfigList.self, ConfigGet.self, ConfigSet.self, ConfigUnset.self, ConfigTrust.self],
            defaultSubcommand: ConfigList.self)
    }
}

struct ConfigList: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "list", abstract: bilingual("Show every setting and its value.", "顯示每項設定和它的值。"))
    }
    @OptionGroup var output: OutputFormat<JSON>
    @ParentCommand var folio: Folio

    func run() throws {
        let context = try Context.open(folio.global)
        SettingsPrinter.print(context.vault.allSettings, json: output.json)
    }

    enum JSON: HelpText {
        static var help: String { bilingual("Print settings as JSON.", "以 JSON 輸出設定。") }
    }
}

struct ConfigGet: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "get", abstract: bilingual("Print one setting's value; exit 1 when it is not set.", "印出一項設定的值；沒有設時結束狀態是 1。"))
    }
    @Argument(help: bilingual("A setting, such as ai.model.", "一項設定，例如 ai.model。")) var key: String
    @ParentCommand var folio: Folio

    func run() throws {
        let context = try Context.open(folio.global)
        guard let text = try context.vault.setting(key) else { throw ExitCode.failure }
        Console.verbatim(ConfiguredSecrets.redact(text), terminal: context.terminal, environment: context.environment)
    }
}

struct ConfigSet: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "set", abstract: bilingual("Set a setting and commit the change.", "設定一項設定並提交修改。"))
    }
    @Argument(help: bilingual("A setting, such as ai.model.", "一項設定，例如 ai.model。")) var key: String
    @Argument(help: bilingual("Its new value.", "新的值。")) var value: String
    @ParentCommand var folio: Folio

    func run() throws {
        let context = try Context.open(folio.global)
        // The kinds inbox.kind may name are this vault's: a word none of them is, is refused as any setting's.
        let choices = context.vault.inboxKindChoices
        if key == "inbox.kind", !choices.contains(context.vault.kindNamed(value)?.name ?? value) {
            throw FolioError(.badSettingValue(key: key, expected: .oneOf(choices), value: value))
        }
        try History.setSetting(key, to: value, in: context.vault, history: context.history)
        context.say(.settingSet(key: key, value: ConfiguredSecrets.redact(value)))
    }
}

struct ConfigUnset: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "unset", abstract: bilingual("Remove a setting, back to its default.", "移除一項設定，回到預設值。"))
    }
    @Argument(help: bilingual("A setting, such as ai.model.", "一項設定，例如 ai.model。")) var key: String
    @ParentCommand var folio: Folio

    func run() throws {
        let context = try Context.open(folio.global)
        try context.vault.unsetSetting(key)
        context.say(.settingUnset(key))
    }
}

struct ConfigTrust: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "trust",
            abstract: bilingual("Confirm, on this device, a value another device set.", "在這台裝置上確認別台裝置設定的值。"))
    }
    @Argument(help: bilingual("A setting, such as ai.base_url.", "一項設定，例如 ai.base_url。")) var key: String
    @ParentCommand var folio: Folio

    func run() throws {
        let context = try Context.open(folio.global)
        // The LFS server a committed `.lfsconfig` names: git's key, not a setting of config.yaml.
        if key == EndpointTrust.lfsURL {
            guard let history = context.history else { throw FolioError(.settingNotSet(key)) }
            let endpoint = try history.trustLFSEndpoint(localDirectory: context.vault.localDirectory)
            context.say(.settingTrusted(key: key, value: ConfiguredSecrets.redact(endpoint)))
            return
        }
        try context.vault.trustSetting(key)
        context.say(.settingTrusted(key: key, value: ConfiguredSecrets.redact(context.vault.settings.string(key) ?? "")))
    }
}
