import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

extension ExportRun {
    /// Puts every media file the pages show into the site (``SiteMedia/sitePath(of:)``), so the
    /// folder can be moved, zipped or published and still shows its pictures; returns those that
    /// are there. A file named by its hash is placed once (its bytes never change); any other is
    /// placed again when its size or time changes. The manifest lists them, so media no page shows
    /// any more are removed like other files.
    mutating func placeMedia(_ present: Set<String>) -> Set<String> {
        var placed = Set<String>()
        var wanted: [(file: String, source: String, target: String, mark: String)] = []
        for file in present.sorted() {
            let target = SiteMedia.sitePath(of: file)
            let source = vault.root.path + "/" + file
            guard let mark = Self.mediaMark(file, source: source) else { continue }
            if old.files[target] == mark, folder.exists(target) {
                manifest.files[target] = mark
                placed.insert(file)
                unchanged += 1
            } else {
                wanted.append((file, source, target, mark))
            }
        }
        guard !wanted.isEmpty else { return placed }
        for directory in Set(wanted.map { ($0.target as NSString).deletingLastPathComponent }).sorted() {
            // try?: a folder that cannot be made fails its files' placing below; they show as not playable.
            _ = try? folder.makeDirectory(directory)
        }
        let folder = self.folder
        let jobs = wanted
        let results = parallelMap(jobs.count, minimumChunk: 8) { i in folder.place(jobs[i].source, at: jobs[i].target) }
        for (item, ok) in zip(wanted, results) {
            guard ok else { continue }
            manifest.files[item.target] = item.mark
            placed.insert(item.file)
            written += 1
        }
        return placed
    }

    /// What the manifest keeps for a placed media file: for one named by its hash, that it is
    /// there; for any other, its size and time (so a changed file is placed again). Nil when the
    /// file is gone.
    static func mediaMark(_ file: String, source: String) -> String? {
        var info = stat()
        guard stat(source, &info) == 0 else { return nil }
        if SiteMedia(kind: .other, file: file).hash != nil, file.hasPrefix("media/") { return "media" }
        let modified = FileStamp(info).modified
        return "media-\(info.st_size)-\(modified.seconds)-\(modified.nanoseconds)"
    }
}
