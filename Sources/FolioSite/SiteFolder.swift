import Crypto
import FolioCore
import FolioSearch
import FolioStore
import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// The output folder: checked before anything is written, and the only place the site writes.
///
/// A folder is the site's when it is missing, empty, or holds `.folio-site/manifest` or
/// `.folio-site/started` (a first export marks the folder before it writes anything, so one that
/// was killed leaves a folder the next export knows as its own); any other folder is refused. Inside the vault, only `.folio/local/` (this device's, git-ignored) may hold
/// a site: anywhere else git would commit it and sync would carry it to every device. Every
/// path written or removed is one the exporter made, checked to be plain names under the folder,
/// and no folder of the site may be a symbolic link.
struct SiteFolder: Sendable {
    static let markerDirectory = ".folio-site"
    static let manifestName = ".folio-site/manifest"
    /// Named by the index's format, which changes with the tokenizer: terms cut by another one are
    /// never reused.
    static let termsName = ".folio-site/terms-\(TextIndex.formatVersion)"
    static let startedName = ".folio-site/started"

    /// Absolute, symbolic links resolved.
    let root: URL
    /// Where the manifest of an earlier export is; nil for a new or empty folder. It is read
    /// when needed (``readManifest()``, ``readManifestOutline(keepingPages:)``).
    let manifestPath: String?

    /// The manifest of an earlier export; nil when there is none, or it is damaged.
    func readManifest() -> SiteManifest? {
        manifestPath.flatMap { SiteManifest.read(from: $0) }
    }

    /// What an export with nothing to do needs of the manifest.
    func readManifestOutline(keepingPages: Bool) -> SiteManifest.Outline? {
        manifestPath.flatMap { SiteManifest.read(outlineFrom: $0, keepingPages: keepingPages) }
    }

    /// Checks `output` for `vaultRoot`, and finds its manifest.
    static func open(_ output: URL, vaultRoot: URL) throws(FolioError) -> SiteFolder {
        let root = resolved(output)
        let vault = resolved(vaultRoot)
        let shown = output.path
        let rootParts = root.standardizedFileURL.pathComponents
        let vaultParts = vault.standardizedFileURL.pathComponents
        if rootParts.starts(with: vaultParts) {
            let inside = Array(rootParts.dropFirst(vaultParts.count))
            guard inside.count >= 3, inside[0] == ".folio", inside[1] == "local" else {
                throw FolioError(.site(.insideVault(shown)))
            }
        } else if vaultParts.starts(with: rootParts) {
            throw FolioError(.site(.insideVault(shown)))
        }
        var info = stat()
        if lstat(root.path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw FolioError(.site(.notAFolder(shown))) }
            let names = try Vault.folderNames(at: root.path, shown: shown)
            if !names.isEmpty {
                var marker = stat()
                let manifestPath = root.appendingPathComponent(manifestName).path
                func isFile(_ path: String) -> Bool { lstat(path, &marker) == 0 && marker.st_mode & S_IFMT == S_IFREG }
                // A first export killed between making the marker folder and writing `started` in
                // it leaves nothing but that folder (empty, or with the marker's temporary file).
                let onlyMarkerBegun =
                    names == [markerDirectory]
                    // try?: a marker folder that cannot be listed is not taken for an empty one: the site folder is then refused.
                    && ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(markerDirectory).path)) ?? [
                        "?"
                    ]).allSatisfy { $0.hasPrefix(".tmp-") || AtomicFile.isTemporaryPath($0) }
                guard lstat(root.appendingPathComponent(markerDirectory).path, &marker) == 0,
                    marker.st_mode & S_IFMT == S_IFDIR,
                    isFile(manifestPath) || isFile(root.appendingPathComponent(startedName).path) || onlyMarkerBegun
                else { throw FolioError(.site(.foreignFolder(shown))) }
                return SiteFolder(root: root, manifestPath: isFile(manifestPath) ? manifestPath : nil)
            }
        }
        return SiteFolder(root: root, manifestPath: nil)
    }

    /// `url` with symbolic links resolved, for the part of it that exists.
    static func resolved(_ url: URL) -> URL {
        var existing = url.standardizedFileURL
        var missing: [String] = []
        while !FileManager.default.fileExists(atPath: existing.path), existing.pathComponents.count > 1 {
            missing.insert(existing.lastPathComponent, at: 0)
            existing.deleteLastPathComponent()
        }
        var result = existing.resolvingSymlinksInPath()
        for name in missing { result.appendPathComponent(name) }
        return result.standardizedFileURL
    }

    /// Whether a site-relative path is one folio could have written: plain names, no `..`.
    /// Looked at by its bytes: an export with nothing to do asks it of every page.
    static func isSafe(_ relative: String) -> Bool {
        let slash = UInt8(ascii: "/")
        let dot = UInt8(ascii: ".")
        var partLength = 0
        var partIsDots = true
        for byte in relative.utf8 {
            if byte == slash {
                guard partLength > 0, !(partIsDots && partLength <= 2) else { return false }
                partLength = 0
                partIsDots = true
            } else {
                guard byte != 0 else { return false }
                partLength += 1
                partIsDots = partIsDots && byte == dot
            }
        }
        return partLength > 0 && !(partIsDots && partLength <= 2)
    }

    /// The folders that hold `relatives` (site-relative file paths), each once, in path order;
    /// the site's root is none of them. Cut at the last `/` by its byte: a site's pages share a
    /// handful of folders, mostly one after another.
    static func directories(of relatives: [String]) -> [String] {
        var seen = Set<Substring>()
        var last: Substring?
        for path in relatives {
            guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { continue }
            let directory = path[..<slash]
            if last.map({ !$0.utf8.elementsEqual(directory.utf8) }) ?? true { seen.insert(directory) }
            last = directory
        }
        return seen.sorted().map(String.init)
    }

    /// Creates the folder `relative` (and the site's root) as real folders; a symbolic link on the way is refused.
    func makeDirectory(_ relative: String) throws(FolioError) {
        var path = root.path
        try ensureDirectory(path, shown: ".")
        guard !relative.isEmpty else { return }
        for part in relative.split(separator: "/") {
            path += "/" + part
            try ensureDirectory(path, shown: String(part))
        }
    }

    private func ensureDirectory(_ path: String, shown: String) throws(FolioError) {
        var info = stat()
        if lstat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFDIR: return
            case S_IFLNK: throw FolioError(.site(.symlinkInSite(path)))
            default: throw FolioError(.site(.notAFolder(path)))
            }
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw FolioError(.writeFailed(SystemReason(error)), file: path)
        }
    }

    /// Writes `bytes` at `relative` whole or not at all (a temporary file renamed over it). Not
    /// flushed to the disk one by one: the site is derived, and a page lost in a power cut is
    /// written again by the next export (the manifest, flushed last, still names the old bytes).
    /// The caller has hashed `bytes` already, to decide whether to write them: they are not hashed again.
    func write(_ bytes: [UInt8], to relative: String) throws(FolioError) {
        var stream = try stream(to: relative, hashing: false)
        bytes.withUnsafeBytes { stream.write(bytes: $0) }
        try stream.finish()
    }

    /// A file of the site written as it is made (``SiteFileStream``), hashed on the way unless
    /// `hashing` is false: the index and the search terms are tens of megabytes at 100,000
    /// records, and were held whole twice over.
    func stream(to relative: String, hashing: Bool = true) throws(FolioError) -> SiteFileStream {
        guard Self.isSafe(relative) else { throw FolioError(.writeFailed(.other("not a plain name in the site")), file: relative) }
        let target = root.path + "/" + relative
        let slash = target.lastIndex(of: "/") ?? target.startIndex
        let temporary = String(target[..<slash]) + "/.tmp-" + String(target[target.index(after: slash)...]) + "-\(getpid())"
        let fd = Descriptor.open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, mode: 0o644)
        guard fd >= 0 else { throw FolioError(.writeFailed(SystemReason(errno: errno)), file: relative) }
        return SiteFileStream(relative: relative, target: target, temporary: temporary, fd: fd, hashing: hashing)
    }

    /// Puts a copy of the vault's file at `source` (an absolute path) into the site at `relative`,
    /// whole or not at all. A copy-on-write clone where the file system makes one (Btrfs, XFS:
    /// no bytes copied), else a copy; never a hard link, which would let an edit of the site's
    /// picture change the vault's (whose name is the hash of its bytes) and which `folio check`
    /// reports. Only a regular file is placed, never what a symbolic link points at.
    func place(_ source: String, at relative: String) -> Bool {
        guard Self.isSafe(relative) else { return false }
        return FileCopy.replace(root.path + "/" + relative, withCopyOf: source) == nil
    }

    /// Removes a file folio wrote earlier; a path that is not plainly under the folder is left alone.
    @discardableResult
    func remove(_ relative: String) -> Bool {
        guard Self.isSafe(relative) else { return false }
        let path = root.path + "/" + relative
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG || info.st_mode & S_IFMT == S_IFLNK else { return false }
        return unlink(path) == 0
    }

    /// Whether every one of `relatives` is a regular file in the folder (and a safe path), looked at
    /// on all cores from the folder itself: a site's 100,000 pages are each a short lookup.
    func allExist(_ relatives: [String]) -> Bool {
        let directory = Descriptor.open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { return false }
        defer { Descriptor.close(directory) }
        let found = parallelMap(relatives.count) { i in
            var info = stat()
            return SiteFolder.isSafe(relatives[i]) && fstatat(directory, relatives[i], &info, AT_SYMLINK_NOFOLLOW) == 0
                && info.st_mode & S_IFMT == S_IFREG
        }
        return !found.contains(false)
    }

    func exists(_ relative: String) -> Bool {
        var info = stat()
        return lstat(root.path + "/" + relative, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// Removes `relative` when it is an empty folder.
    func removeIfEmpty(_ relative: String) {
        guard Self.isSafe(relative) else { return }
        rmdir(root.path + "/" + relative)
    }

    /// Marks the folder as the site's before anything else is written in it (``startedName``),
    /// and removes the temporary files an export that was killed left (``write(_:to:)``'s, whose
    /// process is gone).
    func claim() throws(FolioError) {
        try makeDirectory(Self.markerDirectory)
        if !exists(Self.startedName) {
            try AtomicFile.write(Array("folio export html\n".utf8), to: root.appendingPathComponent(Self.startedName))
        }
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return }
        while let relative = walker.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            guard name.hasPrefix(".tmp-"), let pid = name.split(separator: "-").last.flatMap({ TemporaryName.process(in: $0) }),
                TemporaryName.isGone(pid)
            else { continue }
            _ = remove(relative)
        }
    }

    /// The manifest, written last and flushed to the disk, with `rows` (in path order) as its records'.
    /// `failure` is asked once the rows are written: what made one of them wrong, and then the
    /// manifest is not put in place.
    /// `pages`, in path order, are files written beside the manifest's own (`files`).
    func writeManifest(
        _ manifest: SiteManifest, rows: some Sequence<SiteManifest.Row>, recordCount: Int, media: some Sequence<String>,
        pages: some Sequence<(path: String, hash: String)>, failure: () -> FolioError? = { nil }
    ) throws(FolioError) {
        try makeDirectory(Self.markerDirectory)
        var stream = try stream(to: Self.manifestName, hashing: false)
        manifest.encode(into: &stream, rows: rows, recordCount: recordCount, media: media, pages: pages)
        if let failure = failure() {
            stream.discard()
            throw failure
        }
        try stream.finish(durably: true)
    }
}

/// One file of the site, written to a temporary file beside it as it is made and hashed on the
/// way, then renamed over it whole, or dropped when its hash says the old file holds the same.
struct SiteFileStream: TextOutputStream {
    let relative: String
    private let target: String
    private let temporary: String
    private var fd: Int32
    /// Nil when the file is not hashed.
    private var hasher: SHA256?
    /// Grows as written to, up to ``bufferSize``: a page of a few kilobytes never takes more.
    private var buffer: [UInt8] = []
    /// The first write's `errno` that failed; the rest are then not tried.
    private var failure: Int32 = 0
    private static let bufferSize = 1 << 20

    fileprivate init(relative: String, target: String, temporary: String, fd: Int32, hashing: Bool) {
        self.relative = relative
        self.target = target
        self.temporary = temporary
        self.fd = fd
        hasher = hashing ? SHA256() : nil
    }

    mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { write(bytes: UnsafeRawBufferPointer($0)) }
    }

    mutating func write(bytes: UnsafeRawBufferPointer) {
        hasher?.update(bufferPointer: bytes)
        if buffer.count + bytes.count > Self.bufferSize { drain() }
        if bytes.count >= Self.bufferSize {
            writeOut(bytes)
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    private mutating func drain() {
        let fd = fd
        if failure == 0, !buffer.isEmpty, !buffer.withUnsafeBytes({ Descriptor.writeAll(fd, $0) }) { failure = errno == 0 ? EIO : errno }
        buffer.removeAll(keepingCapacity: true)
    }

    private mutating func writeOut(_ bytes: UnsafeRawBufferPointer) {
        guard failure == 0, !bytes.isEmpty else { return }
        if !Descriptor.writeAll(fd, bytes) { failure = errno == 0 ? EIO : errno }
    }

    /// Drops the file unwritten, when making it failed half way.
    mutating func discard() {
        if fd >= 0 { close(fd) }
        fd = -1
        unlink(temporary)
    }

    /// Ends the file and puts it in place. `durably` flushes it to the disk before the rename,
    /// and the rename after.
    mutating func finish(durably: Bool = false) throws(FolioError) {
        try end(durably: durably)
        try putInPlace(durably: durably)
    }

    /// Ends a hashed file: its hash, and whether it was put in place. `keepingOld` is asked with
    /// the hash whether the file already there holds these bytes; then the new one is dropped. A
    /// file made without hashing is always put in place, with no hash (the next export writes it again).
    mutating func finishHashed(keepingOld: (String) -> Bool) throws(FolioError) -> (hash: String, written: Bool) {
        try end(durably: false)
        guard let hasher else {
            try putInPlace(durably: false)
            return ("", true)
        }
        let hash = MediaNaming.hex(hasher.finalize())
        if keepingOld(hash) {
            unlink(temporary)
            return (hash, false)
        }
        try putInPlace(durably: false)
        return (hash, true)
    }

    /// Writes what is buffered and closes the file; on a failure it is removed and named.
    private mutating func end(durably: Bool) throws(FolioError) {
        drain()
        if failure == 0, durably, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        fd = -1
        guard failure == 0 else {
            unlink(temporary)
            throw FolioError(.writeFailed(SystemReason(errno: failure)), file: relative)
        }
    }

    private func putInPlace(durably: Bool) throws(FolioError) {
        guard rename(temporary, target) == 0 else {
            let why = SystemReason(errno: errno)
            unlink(temporary)
            throw FolioError(.writeFailed(why), file: relative)
        }
        if durably { AtomicFile.syncDirectory(URL(fileURLWithPath: target).deletingLastPathComponent()) }
    }
}

/// The sha256 of `bytes`, lower-case hex.
func sha256Hex(_ bytes: [UInt8]) -> String { MediaNaming.hex(SHA256.hash(data: bytes)) }

func sha256Hex(_ text: String) -> String { sha256Hex(Array(text.utf8)) }
