import FolioCore
import Foundation

extension SiteExporter {
    /// Hands `url` to the desktop's default browser (`xdg-open`, `open` on macOS) found on
    /// `searchPath`, and waits for it; the problem when there is none or it cannot start.
    public static func open(_ url: URL, searchPath: String?) -> FolioError? {
        #if os(macOS)
            let names = ["open"]
        #else
            let names = ["xdg-open"]
        #endif
        let directories = (searchPath ?? "").split(separator: ":").map(String.init)
        let found = names.lazy.flatMap { name in directories.map { URL(fileURLWithPath: $0).appendingPathComponent(name) } }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        guard let executable = found else { return FolioError(.site(.openFailed(names.joined() + " not found"))) }
        let process = Process()
        process.executableURL = executable
        process.arguments = [url.path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            // blocking: `export html --open` only, on the command's own thread: the opener hands the page over and exits.
            process.waitUntilExit()
            return nil
        } catch {
            return FolioError(.site(.openFailed(error.localizedDescription)))
        }
    }
}
