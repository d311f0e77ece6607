import FolioCore
import FolioLFS
import FolioStore
import Foundation
import LFSStore

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
            var line = parts.map(\.oneLine).joined(separator: "  ")
            if !details.isEmpty { line += "  " + terminal.dim(details.map(\.oneLine).joined(separator: " · ")) }
            if !FileManager.default.fileExists(atPath: vault.url(entry.file).path) {
                line += "  " + terminal.warn(Message.media(.missingMark).text(vault.language))
            } else if LFSPointerFile.isPointer(vault.url(entry.file)) {
                // Media through LFS whose bytes have not come yet: a normal state, not a missing file.
                line += "  " + terminal.dim(Message.lfs(.notDownloadedMark).text(vault.language))
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

extension MediaLines {
    /// What `attach` did: the record as JSON, or the files attached with their facts, or that
    /// each was already there.
    static func printAttached(_ added: [ImportedMedia], to record: Record, files: [String], json: Bool, context: Context) {
        if json { return context.json(JSONWriter.record(record, body: true, kinds: context.vault.kinds)) }
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
