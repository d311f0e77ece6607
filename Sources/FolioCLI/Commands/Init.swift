import ArgumentParser
import FolioCore
import FolioStore
import FolioSync
import Foundation

struct Init: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "init",
            abstract: bilingual("Make a folder a vault, with its owner's profile.", "把一個資料夾變成資料庫，並建立主人的資料。"),
            discussion: bilingual(
                "Example: folio init ~/journal --name 林小雨 --birthday 1995-04-02 --gender female",
                "例如：folio init ~/journal --name 林小雨 --birthday 1995-04-02 --gender 女"))
    }

    @Argument(help: bilingual("The folder to make a vault (default: the current folder).", "要變成資料庫的資料夾（預設是目前的資料夾）。"))
    var directory: String?

    @Option(help: bilingual("The owner's name.", "主人的名字。")) var name: String?
    @Option(help: bilingual("The owner's birthday, YYYY-MM-DD.", "主人的生日，YYYY-MM-DD。")) var birthday: String?
    @Option(help: bilingual("The owner's gender: female, male or other.", "主人的性別：`female`（女）、`male`（男）或 `other`（其他）。")) var gender: String?
    @Option(
        help: bilingual(
            "Language of messages and generated text: zh-Hant or en (else this computer's locale; zh-Hant when it names none).",
            "訊息和產生的文字使用的語言：zh-Hant 或 en（沒有指定時依這台電腦的語系；語系沒有指定語言時用 zh-Hant）。"))
    var language: String?
    @Option(
        help: bilingual(
            "The git remote to sync with (a path, file://, git://, ssh://, user@host:path or https://).",
            "要同步的 git 遠端（路徑、file://、git://、ssh://、user@host:path 或 https://）。"))
    var remote: String?
    @Flag(
        help: bilingual(
            "Encrypt records and media in git's objects from the first commit on (see folio crypt).",
            "從第一個提交起就把紀錄和媒體加密存進 git 物件（見 `folio crypt`）。")) var encrypt = false
    @Flag(
        help: bilingual(
            "Keep media through Git LFS from the first commit on (see folio media lfs); with --encrypt the LFS server gets them encrypted.",
            "從第一個提交起就用 Git LFS 存放媒體（見 `folio media lfs`）；加上 --encrypt 時，LFS 伺服器收到的是加密過的媒體。")) var lfs = false
    @OptionGroup var output: OutputFormat<JSON>
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func validate() throws {
        try GlobalOptions.refuseUnknownLanguage(language, option: "--language")
        try OwnerOptions.refuseUnknownGender(gender, profile: OwnerOptions.builtinProfile)
    }

    func run() throws {
        try global.enterDirectory()
        let environment = ProcessInfo.processInfo.environment
        // --language, else --lang, else this computer's locale (LANG=en_US.UTF-8 makes an English vault).
        let language = language.flatMap(Language.init(loose:)) ?? global.language() ?? Language.ofLocale(environment) ?? .zhHant
        let says = global.language() ?? language
        MessageLanguage.shared.set(says)
        let terminal = Terminal.current(noColor: global.noColor, environment: environment)
        let owner =
            name.map { Owner(name: $0, birthday: birthday, gender: gender) } ?? (terminal.isInteractive ? OwnerPrompt.ask(in: says) : nil)
        let target = absoluteURL(directory ?? ".", from: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        let made = try History.makeVault(
            at: target, shownDirectory: directory ?? ".", owner: owner, language: language, remote: remote,
            allowSecrets: global.allowSecret, environment: environment, encrypt: encrypt, lfs: lfs)
        InitPrinter.print(made, owner: owner, language: language, says: says, json: output.json, terminal: terminal)
    }

    enum JSON: HelpText {
        static var help: String {
            bilingual(
                "Print as JSON: {\"vault\": path, \"owner\": name or null, \"language\"}.",
                "以 JSON 輸出：`{\"vault\": 路徑, \"owner\": 名字或 null, \"language\"}`。")
        }
    }
}
