import FolioCore
import FolioCrypt
import FolioLFS
import FolioStore
import Foundation
import Git
import LFSStore
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
            wanted = vault.mediaListed { ($0.created?.epochSeconds ?? Int.max) >= cutoff }
        case .records(let paths):
            let chosen = Set(paths)
            wanted = vault.mediaListed { chosen.contains($0.path) }
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
            let pointers = files.map(\.pointer)
            downloads = try await client.download(
                pointers, into: store, progress: progress ?? transport.mediaProgress(for: pointers, sending: false))
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
            do {
                try vault.withLock { () throws(FolioError) in
                    if try materialize(file, in: vault) {
                        report.fetched.append(file.path)
                        report.bytes += file.pointer.size
                    }
                }
            } catch {
                // One file that cannot be written (a damaged object, a full disk) stays its pointer,
                // named with why; the others still come.
                let text = error.message.text(vault.language)
                if case .crypt = error.message {
                    report.failed.append((file.path, .unusableHere(text)))
                } else {
                    report.failed.append((file.path, .diskProblem(text)))
                }
            }
        }
        return report
    }

    /// Writes the object of `file` over its pointer on disk; false when the file is no longer that
    /// pointer. In an encrypted vault the object is git-crypt's ciphertext: it is decrypted on the
    /// way, and the file takes the pointer's place only once it matched its nonce.
    func materialize(_ file: PointerFile, in vault: Vault) throws(FolioError) -> Bool {
        let target = vault.url(file.path)
        guard LFSPointerFile.pointer(in: target) == file.pointer else { return false }
        let encrypted = try encryptedLFS(file)
        let temporary = target.deletingLastPathComponent().appendingPathComponent(
            ".import-" + TemporaryName.unique() + "-fetch-\(file.pointer.oid.prefix(8)).tmp")
        let output = Descriptor.open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode: 0o644)
        guard output >= 0 else { throw FolioError(.writeFailed(SystemReason(errno: errno)), file: file.path) }
        var keep = false
        defer {
            if !keep { unlink(temporary.path) }
        }
        var written: UInt64 = 0
        func emit(_ piece: UnsafeRawBufferPointer) throws(FolioError) {
            guard Descriptor.writeAll(output, piece) else { throw FolioError(.writeFailed(SystemReason(errno: errno)), file: file.path) }
            written += UInt64(piece.count)
        }
        do {
            if let encrypted {
                try encrypted.decrypt(file.pointer, path: file.path) { piece throws(FolioError) in try emit(piece) }
            } else {
                try copyObject(file, emit: emit)
            }
        } catch {
            close(output)
            throw Self.fetchFailure(error, path: file.path)
        }
        let synced = fsync(output) == 0
        guard close(output) == 0, synced, encrypted != nil || written == file.pointer.size else {
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

    /// A failure to write a fetched file, in the user's words: a wrong key or a damaged object is
    /// said as such, never as a disk problem.
    static func fetchFailure(_ error: any Error, path: String) -> FolioError {
        switch error {
        case let error as FolioError: error
        case let problem as CryptProblem: FolioError(problem.message())
        default: FolioError(.writeFailed(.other(String(describing: error))), file: path)
        }
    }

    /// The chained filter that decrypts `file`'s object, when its attributes name it and the object
    /// is ciphertext; nil for a plain LFS object.
    private func encryptedLFS(_ file: PointerFile) throws(FolioError) -> EncryptedLFSFilter? {
        try gitStep("git") { () throws -> EncryptedLFSFilter? in
            guard let filter = try repository.contentFilter(for: file.path) as? EncryptedLFSFilter,
                try filter.isEncryptedObject(file.pointer)
            else { return nil }
            return filter
        }
    }

    /// The object of `file` as it is, piece by piece.
    private func copyObject(_ file: PointerFile, emit: (UnsafeRawBufferPointer) throws(FolioError) -> Void) throws(FolioError) {
        let source = lfsStore.url(of: file.pointer.oid)
        let input = Descriptor.open(source.path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw FolioError(.writeFailed(SystemReason(errno: errno)), file: file.path) }
        defer { close(input) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var offset: off_t = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { Descriptor.read(input, into: $0, at: offset) }
            guard count >= 0 else { throw FolioError(.writeFailed(SystemReason(errno: errno)), file: file.path) }
            if count == 0 { break }
            let failure = buffer.withUnsafeBytes { bytes -> FolioError? in
                do throws(FolioError) {
                    try emit(UnsafeRawBufferPointer(rebasing: bytes[0..<count]))
                    return nil
                } catch {
                    return error
                }
            }
            if let failure { throw failure }
            offset += off_t(count)
        }
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
