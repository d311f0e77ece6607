import ArgumentParser
import FolioCore
import FolioSync

struct MediaLFS: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "lfs",
            abstract: bilingual(
                "Keep media through Git LFS from the next commit on (older commits keep their files).",
                "從下一個提交起用 Git LFS 存放媒體（之前的提交保留原本的檔案）。"),
            discussion: bilingual(
                "Example: folio media lfs · folio media lfs --above 5MiB (smaller media stay in git, for phone apps without LFS)",
                "例如：folio media lfs · folio media lfs --above 5MiB（較小的媒體留在 git 裡，給不支援 LFS 的手機 App）"))
    }

    @Option(
        help: bilingual(
            "Only media of at least this size go to LFS (bytes, or 500KiB, 5MiB, 1GiB); default: every media file.",
            "只有至少這麼大的媒體放進 LFS（位元組，或 500KiB、5MiB、1GiB）；預設：所有媒體。"))
    var above: ByteSize?
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() throws {
        let context = try Context.open(global)
        let changed = try context.requireHistory().enableLFS(vault: context.vault, minimumBytes: above?.bytes ?? 0)
        context.say(changed ? .lfs(.enabled(minimumBytes: above?.bytes ?? 0)) : .lfs(.alreadyOn))
    }
}

/// A size typed on the command line: `1048576`, `500KiB`, `5MiB`, `1GiB` (KB, MB, GB as the same).
struct ByteSize: ExpressibleByArgument, Sendable {
    let bytes: UInt64

    init?(argument: String) {
        let text = argument.trimmingCharacters(in: .whitespaces)
        let units: [(String, UInt64)] = [
            ("kib", 1 << 10), ("mib", 1 << 20), ("gib", 1 << 30), ("kb", 1 << 10), ("mb", 1 << 20), ("gb", 1 << 30), ("k", 1 << 10),
            ("m", 1 << 20), ("g", 1 << 30), ("b", 1),
        ]
        let lowered = text.lowercased()
        var multiplier: UInt64 = 1
        var digits = Substring(lowered)
        if let unit = units.first(where: { lowered.hasSuffix($0.0) }) {
            multiplier = unit.1
            digits = lowered.dropLast(unit.0.count)
        }
        guard let number = UInt64(digits.trimmingCharacters(in: .whitespaces)) else { return nil }
        let (product, overflow) = number.multipliedReportingOverflow(by: multiplier)
        guard !overflow else { return nil }
        bytes = product
    }
}
