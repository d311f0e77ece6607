import ArgumentParser
import FolioCore
import FolioWeb

/// `folio serve devices`: the browsers paired with `folio serve`, and cutting one off.
struct ServeDevices: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "devices",
            abstract: bilingual(
                "List the browsers paired with folio serve, or revoke one's pairing.", "列出和 folio serve 配對過的瀏覽器，或取消其中一個的配對。"),
            discussion: bilingual(
                """
                A browser paired once stays paired when the server restarts, until it is revoked here; a running \
                server takes the change at its next request. Each pairing link pairs one browser.
                Examples:
                  folio serve devices
                  folio serve devices --revoke 3fa2c81b
                  folio serve devices --revoke-all
                """,
                """
                配對過的瀏覽器在伺服器重新啟動後仍然是配對的，直到在這裡取消；正在執行的伺服器在下一個請求就會生效。
                每個配對連結只能配對一個瀏覽器。
                例如：
                  folio serve devices
                  folio serve devices --revoke 3fa2c81b
                  folio serve devices --revoke-all
                """))
    }

    @Option(help: bilingual("Revoke the device with this id (or the start of it).", "取消這個 id（或它的開頭）的裝置的配對。"))
    var revoke: String?
    @Flag(help: bilingual("Revoke every paired device.", "取消所有裝置的配對。")) var revokeAll = false
    @OptionGroup var output: OutputFormat<JSON>
    @ParentCommand var folio: Folio

    func run() throws {
        let context = try Context.open(folio.global)
        let devices = PairedDevices(localDirectory: context.vault.localDirectory)
        guard revoke != nil || revokeAll else { return DevicesPrinter.list(devices.list(), json: output.json, context: context) }
        DevicesPrinter.revoked(try devices.revoke(revoke, all: revokeAll), json: output.json, context: context)
    }

    enum JSON: HelpText {
        static var help: String {
            bilingual(
                "Print as JSON: [{\"id\", \"name\", \"paired\"}] (the devices revoked, with --revoke).",
                "以 JSON 輸出：`[{\"id\", \"name\", \"paired\"}]`（加 --revoke 時是取消的裝置）。")
        }
    }
}

enum DevicesPrinter {
    static func list(_ devices: [PairedDevice], json: Bool, context: Context) {
        if json { return context.json(array(devices)) }
        guard !devices.isEmpty else { return context.say(.web(.noDevices)) }
        // The name last: it is as long as it is, and the columns before it are of one width.
        for device in devices {
            Console.out(
                "\(device.id)  \(String(device.paired.text.prefix(16)).replacingOccurrences(of: "T", with: " "))  \(device.name.oneLine)")
        }
    }

    static func revoked(_ devices: [PairedDevice], json: Bool, context: Context) {
        if json { return context.json(array(devices)) }
        context.say(.web(.revoked(count: devices.count)))
    }

    private static func array(_ devices: [PairedDevice]) -> JSONWriter.JSON {
        .array(devices.map { .object([("id", .string($0.id)), ("name", .string($0.name)), ("paired", .string($0.paired.text))]) })
    }
}
