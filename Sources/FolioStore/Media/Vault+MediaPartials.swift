import FolioCore
import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

extension Vault {
    /// The temporary files of imports (in `media/`) and of downloads (beside the file they replace,
    /// in `media/ab/`) whose process is gone, vault-relative, with their sizes: what an import or a
    /// `media fetch` killed midway leaves, the process being ended by a full disk or a file-size limit.
    public func abandonedMediaPartials() -> [(path: String, bytes: UInt64)] {
        var found: [(String, UInt64)] = []
        // try?: a folder that cannot be listed holds nothing this can give back.
        let folders = [""] + ((try? FileManager.default.contentsOfDirectory(atPath: mediaDirectory.path)) ?? []).sorted()
        for folder in folders {
            let directory = folder.isEmpty ? mediaDirectory : mediaDirectory.appendingPathComponent(folder)
            var info = stat()
            guard lstat(directory.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
            for name in MediaImporter.abandonedTemporaries(in: directory) {
                let relative = folder.isEmpty ? name : folder + "/" + name
                guard lstat(directory.appendingPathComponent(name).path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
                found.append(("media/" + relative, UInt64(max(0, info.st_size))))
            }
        }
        return found
    }
}
