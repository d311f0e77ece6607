import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file of its own for one input of a harness whose reader takes a file, removed afterwards.
/// Unique per call, so regression tests may replay inputs in parallel.
struct ScratchFile: ~Copyable {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("folio-fuzz-\(UUID().uuidString)")
    }

    /// Writes `bytes` in place of what the file held; whether it could.
    func write(_ bytes: [UInt8]) -> Bool {
        (try? Data(bytes).write(to: url)) != nil
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

/// A folder of its own for one input of a harness that works a tree of files, removed with
/// everything in it afterwards. Unique per call, as ``ScratchFile`` is.
struct ScratchFolder: ~Copyable {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("folio-fuzz-\(UUID().uuidString)")
    }

    deinit {
        try? FileManager.default.removeItem(at: url)  // try?: a scratch folder; gone already is the same.
    }
}
