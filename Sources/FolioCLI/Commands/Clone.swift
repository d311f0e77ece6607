import ArgumentParser
import FolioCore
import FolioSync
import Foundation

struct CloneCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clone",
        abstract: "Join a vault from its remote on a new device.",
        discussion: "Example: folio clone git@host:me/journal.git ~/journal")

    @Argument(help: "The remote: a path, file://, git://, ssh://, user@host:path or https://.") var url: String
    @Argument(help: "The folder to create (default: the remote's name).") var directory: String?
    @Option(help: "An encrypted vault's key (a file folio crypt export-key wrote, or its text form): checked, then kept here.")
    var key: String?
    @OptionGroup var output: OutputFormat<JSON>
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try global.enterDirectory()
        if let lang = global.language() { MessageLanguage.shared.set(lang) }
        let environment = ProcessInfo.processInfo.environment
        let terminal = Terminal.current(noColor: global.noColor, environment: environment)
        let interrupt = Interrupt.install()
        let transport = SyncTransport(
            environment: environment, limits: SyncTransport.cloneLimits, progress: ProgressLine.sync(on: terminal),
            shouldCancel: { interrupt.fired })
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let cloned = try await History.clone(url, into: directory, key: key, from: cwd, transport: transport)
        ProgressLine.end(on: terminal)
        ClonePrinter.print(cloned, json: output.json, language: global.language(), environment: environment)
    }

    enum JSON: HelpText {
        static let help = "Print as JSON: {\"vault\": path, \"remote\", \"locked\"} (locked: encrypted, and no key given)."
    }
}
