import FolioCore
import FolioLFS
import FolioStore
import Foundation
import Git
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// Which media to bring to this device.
public enum MediaSelection: Sendable, Equatable {
    case none
    case all
    /// The media of records created in the last `days` days.
    case recent(days: Int)
    /// The media of these records (vault-relative paths).
    case records([String])

    /// The `media.fetch` setting: `none`, `all` or `<N>d`; anything else is the default, 30 days.
    public init(setting: String?) {
        let text = (setting ?? "30d").trimmingCharacters(in: .whitespaces).lowercased()
        if text == "none" || text == "0d" {
            self = .none
        } else if text == "all" {
            self = .all
        } else if text.hasSuffix("d"), let days = Int(text.dropLast()), (1...36_500).contains(days) {
            self = .recent(days: days)
        } else {
            self = .recent(days: 30)
        }
    }
}

/// What a media fetch did.
public struct MediaFetchReport: Sendable {
    public var fetched: [String] = []
    public var bytes: UInt64 = 0
    public var failed: [(path: String, reason: LFSReason)] = []
    /// Nothing could be asked of the server (offline, refused): the reason; the files stay pointers.
    public var unreachable: LFSReason?
}

extension History {
    /// The media files on disk that are pointers: their bytes are not on this device yet.
    public func mediaNotDownloaded(_ vault: Vault) throws(FolioError) -> [PointerFile] {
        try vault.storedMedia().files.compactMap { file in
            guard file.bytes <= UInt64(LFSPointer.maxBytes), let pointer = LFSPointerFile.pointer(in: vault.url(file.path)) else {
                return nil
            }
            return PointerFile(path: file.path, pointer: pointer)
        }
    }

    /// The media not downloaded yet that `selection` asks for.
    public func mediaToFetch(_ vault: Vault, selection: MediaSelection) throws(FolioError) -> [PointerFile] {
        let missing = try mediaNotDownloaded(vault)
        guard !missing.isEmpty else { return [] }
        let wanted: Set<String>
        switch selection {
        case .none: return []
        case .all: return missing
        case .recent(let days):
            let cutoff = Int(vault.clock.now().timeIntervalSince1970) - days * 86_400
            let records = vault.loadRecords().records.filter { ($0.created?.epochSeconds ?? Int.max) >= cutoff }
            wanted = Set(records.flatMap { MediaEntry.entries(of: $0.document).map(\.file) })
        case .records(let paths):
            let records = vault.loadRecords().records.filter { paths.contains($0.path) }
            wanted = Set(records.flatMap { MediaEntry.entries(of: $0.document).map(\.file) })
        }
        return missing.filter { wanted.contains($0.path) }
    }

    /// Downloads the objects of `files` in one batch and writes each file in place of its pointer
    /// (whole, through a temporary file; a file that is no longer that pointer is left alone).
    /// Offline or refused, the files stay pointers and the report says why; never a half file.
    public func fetchMedia(
        _ files: [PointerFile], vault: Vault, transport: SyncTransport, progress: LFSClient.Progress? = nil
    ) async throws(FolioError) -> MediaFetchReport {
        var report = MediaFetchReport()
        guard !files.isEmpty else { return report }
        // A configuration that cannot be read is said, never taken for "no remote".
        let remoteURL = try gitStep("git") { try repository.remoteURL() }
        guard let client = try await lfsClient(transport: transport, remoteURL: remoteURL) else {
            report.unreachable = .noEndpoint
            return report
        }
        let store = lfsStore
        let downloads: LFSClient.Downloads
        do {
            downloads = try await client.download(files.map(\.pointer), into: store, progress: progress)
        } catch {
            report.unreachable = Self.reason(error, client: client)
            return report
        }
        for file in files {
            if let failure = downloads.failed[file.pointer.oid] {
                report.failed.append((file.path, Self.reason(failure, client: client)))
                continue
            }
            guard store.contains(file.pointer) else { continue }
            try vault.withLock { () throws(FolioError) in
                if try materialize(file, in: vault) {
                    report.fetched.append(file.path)
                    report.bytes += file.pointer.size
                }
            }
        }
        return report
    }

    /// Writes the object of `file` over its pointer on disk; false when the file is no longer that pointer.
    func materialize(_ file: PointerFile, in vault: Vault) throws(FolioError) -> Bool {
        let target = vault.url(file.path)
        guard LFSPointerFile.pointer(in: target) == file.pointer else { return false }
        let source = lfsStore.url(of: file.pointer.oid)
        let temporary = target.deletingLastPathComponent().appendingPathComponent(
            ".import-\(getpid())-fetch-\(file.pointer.oid.prefix(8)).tmp")
        let input = Glibc.open(source.path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw FolioError(.writeFailed(SystemReason(errno: errno)), file: file.path) }
        defer { close(input) }
        let output = Glibc.open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw FolioError(.writeFailed(SystemReason(errno: errno)), file: file.path) }
        var keep = false
        defer {
            if !keep { unlink(temporary.path) }
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var offset: off_t = 0
        var written: UInt64 = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { Descriptor.read(input, into: $0, at: offset) }
            guard count >= 0 else {
                close(output)
                throw FolioError(.writeFailed(SystemReason(errno: errno)), file: file.path)
            }
            if count == 0 { break }
            let ok = buffer.withUnsafeBytes { Descriptor.writeAll(output, UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            guard ok else {
                close(output)
                throw FolioError(.writeFailed(SystemReason(errno: errno)), file: file.path)
            }
            offset += off_t(count)
            written += UInt64(count)
        }
        let synced = fsync(output) == 0
        guard close(output) == 0, synced, written == file.pointer.size else {
            throw FolioError(.writeFailed(SystemReason(errno: errno == 0 ? EIO : errno)), file: file.path)
        }
        // The pointer may have been replaced meanwhile (an import of the same bytes): left as it is then.
        guard LFSPointerFile.pointer(in: target) == file.pointer else { return false }
        guard rename(temporary.path, target.path) == 0 else {
            throw FolioError(.writeFailed(SystemReason(errno: errno)), file: file.path)
        }
        keep = true
        refreshIndex(file)
        return true
    }

    /// The index learns the file's new size and times (its blob, the pointer, is unchanged), as
    /// `git lfs pull` does, or plain `git status` would call a fetched file modified.
    /// Best effort: when it fails, only the `git` command sees the file as changed until `git
    /// status` refreshes it; folio's own status hashes the file and finds the same pointer.
    func refreshIndex(_ file: PointerFile) {
        // try?: the index's stat cache only: git status reads the file again if it is not refreshed.
        if let blob = try? repository.writeBlob(Data(file.pointer.bytes)) { try? repository.refreshStat([file.path: blob]) }
    }

    /// After a clone or a sync: brings the media the `media.fetch` setting asks for, in one batch.
    /// Offline or refused, nothing fails: the report says why and the files stay pointers.
    public func fetchMediaAsSet(_ vault: Vault, transport: SyncTransport) async -> MediaFetchReport {
        guard usesLFS(vault) else { return MediaFetchReport() }
        do {
            let files = try mediaToFetch(vault, selection: MediaSelection(setting: vault.settings.string("media.fetch")))
            return try await fetchMedia(files, vault: vault, transport: transport)
        } catch {
            var report = MediaFetchReport()
            report.unreachable = .diskProblem(error.message.text(vault.language))
            return report
        }
    }
}
