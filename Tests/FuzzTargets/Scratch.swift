import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file of its own for one input of a harness whose reader takes a file, removed afterwards.
/// Unique per call, so regression tests may replay inputs in parallel.
struct ScratchFile: ~Copyable {
    let url: URL

    /// One folder per process, made once.
    private static let folder: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-fuzz-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    init() {
        url = Self.folder.appendingPathComponent(UUID().uuidString)
    }

    /// Writes `bytes` and opens the file for reading; -1 if either failed.
    func open(with bytes: [UInt8]) -> Int32 {
        guard (try? Data(bytes).write(to: url)) != nil else { return -1 }
        return Glibc.open(url.path, O_RDONLY | O_CLOEXEC)
    }

    deinit {
        unlink(url.path)
    }
}
