import FolioCore
import Foundation
import LFSStore

extension Vault {
    /// Which media go to Git LFS, from the `media.lfs*` settings; nil with LFS off.
    public var lfsPolicy: LFSMediaPolicy? {
        guard settings.value("media.lfs") == .bool(true) else { return nil }
        return LFSMediaPolicy(
            store: LFSObjectStore(gitDirectory: root.appendingPathComponent(".git")),
            minimumBytes: UInt64(max(0, settings.int("media.lfs_min_bytes") ?? 0)),
            maximumBytes: UInt64(max(1, limit("media.lfs_max_bytes") ?? 5_368_709_120)),
            plainMaximumBytes: maxMediaBytes, encrypted: settings.value("crypt.encrypted") == .bool(true))
    }

    /// With LFS above a size only (`media.lfs_min_bytes`), `.gitattributes` names each file that
    /// goes to LFS, as `git lfs track <path>` does; with every file, its one line for `media/**`
    /// already covers them. Returns the paths to commit with the media (`.gitattributes` when it changed).
    ///
    /// The settings decide, not a synced `.gitattributes`: one that lost the media folder's line
    /// (another device or tool removed it) gets it back before a file that goes to LFS is committed,
    /// so the photo never lands in git whole.
    func trackInLFS(_ imported: [ImportedMedia]) throws(FolioError) -> [String] {
        guard let policy = lfsPolicy else { return [] }
        let file = url(".gitattributes")
        let text = Vault.readFile(file.path).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let encrypted = policy.encrypted
        if LFSAttributes.tracks("media/**", in: text, encrypted: encrypted) { return [] }
        var lines: [String] = []
        if policy.minimumBytes == 0 {
            if imported.contains(where: \.inLFS) { lines.append(LFSAttributes.line(for: "media/**", encrypted: encrypted)) }
        } else {
            for item in imported where item.inLFS && !LFSAttributes.tracks(item.path, in: text, encrypted: encrypted) {
                lines.append(LFSAttributes.line(for: item.path, encrypted: encrypted))
            }
        }
        guard !lines.isEmpty else { return [] }
        // A read-modify-write: a line saved meanwhile by another program is kept.
        guard try Vault.appendMissingLines(lines, to: file) else { return [] }
        return [".gitattributes"]
    }
}

extension Vault {
    /// True when media may be kept through LFS here: the settings say so, or `.gitattributes`
    /// sends files to LFS's filter, plain or after git-crypt's (a vault cloned from `git lfs track`'s).
    public var mayHoldLFSMedia: Bool {
        if lfsPolicy != nil { return true }
        guard let data = Vault.readFile(url(".gitattributes").path) else { return false }
        return LFSAttributes.handsFilesToLFS(String(decoding: data, as: UTF8.self))
    }

    /// True when the media file at `path` (vault-relative) is an LFS pointer: its bytes are on the
    /// LFS server, not on this device yet. Such a file is never read as a photo or a video.
    public func isNotDownloaded(_ path: String) -> Bool {
        Self.holdsLFSPointer(url(path))
    }

    /// True when `file` is an LFS pointer (read only when it is as small as one).
    public static func holdsLFSPointer(_ file: URL) -> Bool {
        LFSPointerFile.isPointer(file)
    }

    /// The media files the records `keep` takes list, read a batch at a time (never the whole vault at once).
    public func mediaListed(byRecords keep: (Record) -> Bool) -> Set<String> {
        var files = Set<String>()
        forEachRecordBatch { batch in
            for record in batch.records where keep(record) { files.formUnion(MediaEntry.entries(of: record.document).map(\.file)) }
        }
        return files
    }

    /// The media files of `records` (every record's with nil) not downloaded yet, each once.
    public func mediaNotDownloaded(of records: [Record]) -> [String] {
        var seen = Set<String>()
        return records.flatMap { MediaEntry.entries(of: $0.document).map(\.file) }.filter {
            seen.insert($0).inserted && isNotDownloaded($0)
        }
    }
}
