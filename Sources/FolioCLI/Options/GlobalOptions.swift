import ArgumentParser
import FolioCore
import FolioStore
import FolioSync
import Foundation

/// Options every command takes.
public struct GlobalOptions: ParsableArguments {
    @Option(
        name: .customShort("C", allowingJoined: true),
        help: ArgumentHelp(
            bilingual(
                "Run as if folio was started in this folder, as git -C does (a relative --vault is then relative to it).",
                "就像在這個資料夾啟動 folio 一樣執行，和 git -C 相同（相對的 --vault 也從這裡算）。"),
            valueName: "folder"))
    var directory: String?

    @Option(
        name: .long,
        help: bilingual(
            "The vault to use (default: FOLIO_VAULT, else the nearest folder with .folio/).",
            "要用的資料庫（預設是 FOLIO_VAULT，沒有就是最近一個有 .folio/ 的資料夾）。"))
    var vault: String?

    @Option(name: .long, help: bilingual("Language of messages for this call: zh-Hant or en.", "這次執行的訊息語言：zh-Hant 或 en。"))
    var lang: String?

    @Flag(name: .long, help: bilingual("Never colour the output (NO_COLOR does the same).", "輸出不加顏色（設定 NO_COLOR 也一樣）。"))
    var noColor = false

    @Flag(
        name: .long,
        help: bilingual(
            """
            Write and commit text that looks like an API key, a token or a private key (refused otherwise, \
            since git copies the vault to every device and remote).
            """,
            """
            寫入並提交看起來像 API 金鑰、權杖或私鑰的文字（否則會拒絕，因為 git 會把資料庫複製到每台裝置和遠端）。
            """))
    var allowSecret = false

    public init() {}

    /// An unknown `--lang` would otherwise fall back to the vault's language without a word.
    public func validate() throws {
        try Self.refuseUnknownLanguage(lang, option: "--lang")
    }

    /// Refuses text ``Language/init(loose:)`` reads as no language (`zh_TW` and `en_US` are taken).
    static func refuseUnknownLanguage(_ text: String?, option: String) throws {
        guard let text, Language(loose: text) == nil else { return }
        throw ValidationError(
            Message.usage(.unknownValue(option: option, text: text, allowed: Language.allCases.map(\.rawValue))).text(
                MessageLanguage.shared.current))
    }

    func language() -> Language? { lang.flatMap(Language.init(loose:)) }

    /// With `-C`: makes the folder the working directory, as git does, before anything looks at paths.
    func enterDirectory() throws(FolioError) {
        guard let directory else { return }
        guard FileManager.default.changeCurrentDirectoryPath(directory) else {
            throw FolioError(.cannotEnterFolder(path: directory, reason: String(cString: strerror(errno))))
        }
    }
}
