import ArgumentParser
import FolioCore
import FolioStore
import Foundation

/// One line per media file, as `show`, `attach` and `diary` print them.
enum MediaLines {
    static func describe(_ entries: [MediaEntry], vault: Vault, terminal: Terminal) -> [String] {
        entries.map { entry in
            var parts: [String] = [entry.type ?? "media"]
            if let bytes = entry.bytes { parts.append(ByteCount.text(bytes)) }
            if let width = entry.width, let height = entry.height { parts.append("\(width)×\(height)") }
            if let duration = entry.duration { parts.append(clock(duration)) }
            parts.append(entry.file)
            if let name = entry.name { parts.append(name) }
            var details: [String] = []
            if let taken = entry.taken { details.append(String(taken.prefix(16)).replacingOccurrences(of: "T", with: " ")) }
            if let camera = entry.camera { details.append(camera) }
            if let latitude = entry.latitude, let longitude = entry.longitude {
                details.append(String(format: "%.5f, %.5f", latitude, longitude))
            }
            var line = parts.joined(separator: "  ")
            if !details.isEmpty { line += "  " + terminal.dim(details.joined(separator: " · ")) }
            if !FileManager.default.fileExists(atPath: vault.url(entry.file).path) {
                line += "  " + terminal.warn(Message.media(.missingMark).text(vault.language))
            }
            return line
        }
    }

    /// `0:12`, `3:05`, `1:02:03`.
    static func clock(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        return hours > 0 ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
    }
}

struct Attach: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Add photos, videos or voice notes to a record.",
        discussion: """
            Each file is copied into media/<2 hex>/<sha256>.<ext> (the same bytes are stored once), listed \
            under the record's `media` key and linked in its body; one commit holds all of it.
            Example: folio attach 5b0c ~/Pictures/IMG_2042.heic
            """)

    @Argument(help: "The record: id, id prefix, path or slug.", completion: .custom(Completions.records)) var record: String
    @Argument(help: "The files to add.") var files: [String] = []
    @Flag(help: "Print the record as JSON.") var json = false
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        guard !files.isEmpty else { throw FolioError(.media(.required)) }
        let found = try context.record(record)
        let sources = files.map { MediaSource(url: context.absoluteURL($0), displayName: $0) }
        let (changed, added) = try context.vault.attach(sources, to: found)
        MediaLines.printAttached(added, to: changed, files: files, json: json, context: context)
    }
}

extension MediaLines {
    /// What `attach` did: the record as JSON, or the files attached with their facts, or that
    /// each was already there.
    static func printAttached(_ added: [ImportedMedia], to record: Record, files: [String], json: Bool, context: Context) {
        if json { return context.json(JSONWriter.record(record, body: true)) }
        guard !added.isEmpty else {
            for file in files { context.say(.media(.alreadyAttached(file))) }
            return
        }
        context.say(.media(.attached(count: added.count, title: record.title)))
        let addedFiles = Set(added.map(\.path))
        let entries = MediaEntry.entries(of: record.document).filter { addedFiles.contains($0.file) }
        for line in describe(entries, vault: context.vault, terminal: context.terminal) { Console.out("  " + line) }
    }
}

struct GarbageCollect: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gc",
        abstract: "Remove media that no record uses any more (committed, so history keeps them).",
        discussion: """
            A media file counts as used while any Markdown file of the vault names its hash. Removing a \
            record never removes its media at once, since another record may share the same bytes.
            Examples: folio gc --dry-run · folio gc --yes
            """)

    @Flag(help: "Only list what would be removed.") var dryRun = false
    @Flag(name: .shortAndLong, help: "Do not ask.") var yes = false
    @Flag(help: "Print the files as JSON.") var json = false
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        let unused = context.vault.unreferencedMedia()
        if json && dryRun { return context.json(Self.filesJSON(unused)) }
        guard !unused.isEmpty else { return json ? context.json(.array([])) : context.say(.media(.unreferencedNone)) }
        if !json {
            context.say(.media(.unreferencedHeader(count: unused.count, bytes: unused.reduce(UInt64(0)) { $0 + $1.bytes })))
            for file in unused { Console.out("  \(file.path)  \(ByteCount.text(file.bytes))") }
        }
        guard !dryRun, try context.confirmed(.media(.confirmRemove(unused.count)), yes: yes) else { return }
        let removed = try context.vault.removeUnreferencedMedia(unused)
        if json { return context.json(Self.filesJSON(removed)) }
        context.say(.media(.removed(count: removed.count, bytes: removed.reduce(UInt64(0)) { $0 + $1.bytes })))
    }

    private static func filesJSON(_ files: [StoredMedia]) -> JSONWriter.JSON {
        .array(files.map { .object([("file", .string($0.path)), ("bytes", .int(Int($0.bytes)))]) })
    }
}
