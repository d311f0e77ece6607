import FolioCore
import FolioSearch
import Foundation
import Synchronization
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// One pass over the vault's folders that lists again only the folders whose stamp changed; the
/// files of an unchanged folder are the cache's rows, named straight from the mapped file.
struct CatalogWalk {
    struct Folder {
        var path: String
        var parent: Int
        var fd: Int32
        var stamp: FileStamp
        var reusable: Bool
        var rows: Range<Int>
    }

    /// A candidate record file: a cached row (named in the cache) or a name listed this run, kept
    /// in ``listedNames`` (-1 when the name went to the readers with the file, ``handOff``). Plain
    /// numbers: a run's hundred thousand files are copied and freed as bytes, never one by one.
    struct File: Sendable {
        var folder: Int32
        var cachedRow: Int32
        var listedName: Int32
    }

    let rootPath: String
    let cache: CatalogFile?
    /// Folders changed at or after this time are listed again next run too.
    let settled: Int64
    private(set) var folders: [Folder] = []
    private(set) var files: [File] = []
    /// The names of files listed this run that were not handed to the readers.
    private(set) var listedNames: [String] = []
    private(set) var escaping: [String] = []
    private(set) var badNames: [FolioError] = []
    private(set) var listed = 0
    /// Folders kept open for the stamps taken after the walk; past ``maxOpenFolders`` a folder is
    /// closed once its subfolders are done, and its files are stamped by their full path.
    private var openFolders = 0
    static let maxOpenFolders = 256
    /// Folders new or changed since the cache was written (a listed folder may be unchanged: one
    /// with a link leading out is listed on every run).
    private(set) var changedFolders = 0
    /// Cached folders by path, compared as bytes (as the file system compares names): `Café` in NFC
    /// and in NFD are two folders, which a `String` key would take for one.
    private let cachedFolder: [[UInt8]: Int]
    private let cachedChildren: [[Int]]

    init(rootPath: String, cache: CatalogFile?, settled: Int64) {
        self.rootPath = rootPath
        self.cache = cache
        self.settled = settled
        var byPath: [[UInt8]: Int] = [:]
        var children = [[Int]](repeating: [], count: cache?.folders.count ?? 0)
        for (i, folder) in (cache?.folders ?? []).enumerated() {
            byPath[Array(folder.path.utf8)] = i
            if folder.parent >= 0 { children[folder.parent].append(i) }
        }
        cachedFolder = byPath
        cachedChildren = children
    }

    /// When set, every file the walk lists is also handed to the readers, a run at a time, as it
    /// goes: a run without a cache reads every file, and need not wait for the walk's end to start.
    var handOff: ReadQueue?
    private var unhanded = FileRun()
    static let handOffRun = 512
    /// The size of the next run handed over: the first are small, so the other cores start
    /// reading while the walk is still on its first folder, then double up to ``handOffRun``.
    private var nextRun = 32

    mutating func walk() {
        let fd = open(rootPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 { visit(path: "", parent: -1, fd: fd) }
        if let handOff {
            handOff.hand(unhanded)
            unhanded = FileRun()
            handOff.finish()
        }
    }

    /// The name `file` was listed under, when the walk kept it.
    func name(of file: File) -> String? { file.listedName >= 0 ? listedNames[Int(file.listedName)] : nil }

    /// Closes the folders' descriptors (they serve the stamps taken after the walk).
    func close() { for folder in folders where folder.fd >= 0 { Descriptor.close(folder.fd) } }

    private mutating func visit(path: String, parent: Int, fd: Int32) {
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            Descriptor.close(fd)
            return
        }
        // A folder's size says nothing of its names; its times and inode do.
        var stamp = FileStamp(info)
        stamp.size = 0
        let me = folders.count
        // Decided as the folder is entered, so a reader handed its files knows whether its
        // descriptor stays open: the first folders visited keep theirs.
        let keepsOpen = openFolders < Self.maxOpenFolders
        if keepsOpen { openFolders += 1 }
        defer { if !keepsOpen { Descriptor.close(fd) } }
        let recent = stamp.isRacy(snapshotNanoseconds: settled)
        folders.append(
            Folder(path: path, parent: parent, fd: keepsOpen ? fd : -1, stamp: stamp, reusable: !recent, rows: files.count..<files.count))
        var subfolders: [(name: String, cached: Int?)] = []
        let cached = cachedFolder[Array(path.utf8)]
        if cached.map({ cache?.folders[$0].stamp != stamp }) ?? true { changedFolders += 1 }
        if let cache, let c = cached, cache.folders[c].reusable, cache.folders[c].stamp == stamp {
            // Unchanged since the cache was written: the same names, without listing them.
            for row in cache.folders[c].rows { files.append(File(folder: Int32(me), cachedRow: Int32(row), listedName: -1)) }
            for child in cachedChildren[c] {
                let childPath = cache.folders[child].path
                subfolders.append((childPath.split(separator: "/").last.map(String.init) ?? childPath, child))
            }
        } else {
            listed += 1
            subfolders = list(folder: me, fd: fd).map { ($0, nil) }
        }
        folders[me].rows = folders[me].rows.lowerBound..<files.count
        for sub in subfolders {
            let childPath = path.isEmpty ? sub.name : path + "/" + sub.name
            let child = openat(fd, sub.name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            // Gone or no longer a folder since it was listed: its parent changed, and is listed next run.
            guard child >= 0 else {
                folders[me].reusable = false
                continue
            }
            visit(path: childPath, parent: me, fd: child)
        }
    }

    /// Lists a folder: its candidate files go into `files` (matched with the cache's rows by name),
    /// its subfolders are returned.
    private mutating func list(folder me: Int, fd: Int32) -> [String] {
        let path = folders[me].path
        // By name as bytes: two files whose names differ only in Unicode normalisation are two
        // records, never one record read twice.
        var cachedRows: [[UInt8]: Int] = [:]
        if let cache, let c = cachedFolder[Array(path.utf8)] {
            for row in cache.folders[c].rows { cachedRows[Array(cache.nameBytes(row))] = row }
        }
        let copy = dup(fd)
        guard copy >= 0, let handle = fdopendir(copy) else {
            if copy >= 0 { Descriptor.close(copy) }
            folders[me].reusable = false
            return []
        }
        defer { closedir(handle) }
        var subfolders: [String] = []
        while let entry = readdir(handle) {
            // The name read in place, as bytes: a file's name becomes a string only where it is
            // kept as one (a folder, a link, a row of a run with a cache).
            DirectoryEntry.withName(entry) { name in
                add(entry: name, type: entry.pointee.d_type, folder: me, fd: fd, cachedRows: cachedRows, subfolders: &subfolders)
            }
        }
        return subfolders
    }

    /// One entry of folder `me` (open as `fd`), its name's bytes followed by a NUL: a record file
    /// goes into `files` (and to the readers), a folder to walk into `subfolders`.
    private mutating func add(
        entry name: UnsafeBufferPointer<UInt8>, type: UInt8, folder me: Int, fd: Int32, cachedRows: [[UInt8]: Int],
        subfolders: inout [String]
    ) {
        let path = folders[me].path
        guard CatalogFrontMatter.isValidUTF8(name) else {
            if name.first != UInt8(ascii: ".") {
                let shown = String(decoding: name, as: UTF8.self)
                let quoted = String.quotedPath(bytes: Array((path.isEmpty ? "" : path + "/").utf8) + name)
                badNames.append(FolioError(.fileNameNotUTF8(quoted), file: path.isEmpty ? shown : path + "/" + shown))
                folders[me].reusable = false
            }
            return
        }
        if DirectoryEntry.isDots(name) { return }
        var type = type
        if type == UInt8(DT_UNKNOWN), let cName = name.baseAddress {
            var info = stat()
            let found = cName.withMemoryRebound(to: CChar.self, capacity: name.count + 1) {
                fstatat(fd, $0, &info, AT_SYMLINK_NOFOLLOW) == 0
            }
            guard found else { return }
            type = (info.st_mode & S_IFMT) == S_IFDIR ? UInt8(DT_DIR) : (info.st_mode & S_IFMT) == S_IFLNK ? UInt8(DT_LNK) : UInt8(DT_REG)
        }
        switch type {
        case UInt8(DT_DIR):
            let name = String(decoding: name, as: UTF8.self)
            if Vault.walksFolder(named: name, atRoot: path.isEmpty) { subfolders.append(name) }
        case UInt8(DT_LNK):
            // Links are never followed: one inside the vault would count a record twice,
            // one outside could expose or overwrite files that are not the user's journal.
            let name = String(decoding: name, as: UTF8.self)
            let relative = path.isEmpty ? name : path + "/" + name
            let target = ResolvedPath.of(rootPath + "/" + relative)
            if !target.hasPrefix(rootPath + "/") {
                escaping.append(relative)
                folders[me].reusable = false
            }
        case UInt8(DT_REG):
            guard Vault.isRecordName(bytes: name) else { return }
            // No cached rows (a first run): no key to make for each name.
            let row = cachedRows.isEmpty ? nil : cachedRows[Array(name)]
            // A name handed to the readers is theirs: they drop it as they go, not all at the end.
            var listedName: Int32 = -1
            if row == nil && handOff == nil {
                listedName = Int32(listedNames.count)
                listedNames.append(String(decoding: name, as: UTF8.self))
            }
            files.append(File(folder: Int32(me), cachedRow: Int32(row ?? -1), listedName: listedName))
            guard let handOff else { return }
            unhanded.append(folderFD: folders[me].fd, folderPath: path, name: name)
            if unhanded.count >= nextRun {
                handOff.hand(unhanded)
                nextRun = min(nextRun * 2, Self.handOffRun)
                unhanded = FileRun(capacity: nextRun)
            }
        default:
            return
        }
    }
}

extension Vault {
    /// `scanStart`: the real time the scan began; tests pass a later one to make fresh files count as settled.
    /// `stampingFiles: false` believes every cached row of an unchanged folder without a stat of its
    /// file (only new files, and rows cached as racy, are read) and writes nothing: what resolving
    /// one reference needs before it reads the file it found (``findRecord(_:workingDirectory:)``).
    func catalog(scanStart: Int64, stampingFiles: Bool = true) -> Catalog {
        let limits = frontMatterLimits
        let bodyLimit = searchedBytesLimit
        let textKeys = RecordSearch.textKeys(for: kinds)
        let fingerprint = CatalogFile.fingerprint(limits: limits, bodyLimit: bodyLimit)
        let opened = CatalogFile.open(catalogCacheURL, fingerprint: fingerprint, verifyingChecksums: false)
        // Asked before any file is looked at: a change finished before this moment is in the answer.
        let watch = stampingFiles ? askWatcher(since: opened?.watchToken ?? .none) : nil
        // A file changed within the clock's resolution of the scan might change again unseen with the same stamp.
        let settled = scanStart - clock.racyWindowNanoseconds
        var walk = CatalogWalk(rootPath: root.path, cache: opened, settled: settled)
        // Without a cache every file is read: the readers start on the files as the walk lists them.
        let readAlong = opened == nil ? Self.walkReading(&walk, limits: limits, bodyLimit: bodyLimit) : nil
        let intact = opened == nil || Self.walk(&walk, checking: opened)
        // Nobody serves it (`FOLIO_WATCH=off` asks nobody, so starts nobody either).
        if asksWatcher, case .notRunning? = watch { AutomaticWatch.noteUnwatched(localDirectory: localDirectory, files: walk.files.count) }
        // A cache whose bytes are not those it was written with is not used, for anything.
        let cache = intact ? opened : nil
        if !intact {
            walk.close()
            walk = CatalogWalk(rootPath: root.path, cache: nil, settled: settled)
            walk.walk()
        }
        defer { walk.close() }

        let files = walk.files
        let folderFDs = walk.folders.map(\.fd)
        let rootPath = root.path
        let folderPaths = walk.folders.map(\.path)
        // Only files the cache knows are stamped here; a new file's stamp is taken when it is read.
        let noStamp = FileStamp(size: 0, modifiedNanoseconds: 0, changedNanoseconds: 0, inode: 0)
        // Without stamping, a cached row is believed as it is: its stamp is only ever written back,
        // and such a run writes nothing.
        var stamps = [FileStamp](repeating: noStamp, count: stampingFiles ? 0 : files.count)
        if stampingFiles, let cache, case .answered(.changed(_, let paths))? = watch {
            // The watcher named every path that changed since the cache was written: only those
            // are stamped; every other row is as the cache has it.
            stamps = stampsNamed(paths, files: files, walk: walk, cache: cache)
        } else if stampingFiles, let cache {
            // Relative to the folder's descriptor: the walk's, or, past those it keeps open, one the
            // worker opens once for the run of files of that folder (never a path walk per file).
            // Plain numbers per file: the loop copies no string (a retain and a release each).
            let cachedRows = files.map(\.cachedRow)
            let fileFolders = files.map(\.folder)
            stamps = parallelMap(files.count, minimumChunk: 2048, state: { FolderHandle(root: rootPath) }) { opened, i in
                let row = Int(cachedRows[i])
                guard row >= 0 else { return noStamp }
                let folder = Int(fileFolders[i])
                var info = stat()
                var fd = folderFDs[folder]
                if fd < 0 { fd = opened.open(Substring(folderPaths[folder])) }
                guard fd >= 0, fstatat(fd, cache.namePointer(row), &info, AT_SYMLINK_NOFOLLOW) == 0 else { return noStamp }
                return FileStamp(info)
            }
        }
        // Without a cache no row is kept, so no stamp is looked up: every file's is taken as it is read.

        // Unchanged files keep their cached row; the others are read again.
        var toRead: [Int] = []
        var keptCount = 0
        for i in files.indices {
            let row = Int(files[i].cachedRow)
            if let cache, row >= 0, !cache.isRacy(row), !stampingFiles || cache.stamp(row) == stamps[i] {
                keptCount += 1
            } else {
                toRead.append(i)
            }
        }
        var batches =
            readAlong
            ?? CatalogReader.read(
                toRead.reduce(into: FileRun(capacity: toRead.count)) { run, i in
                    let file = files[i]
                    let folder = Int(file.folder)
                    if let name = walk.name(of: file) {
                        run.append(folderFD: folderFDs[folder], folderPath: folderPaths[folder], name: name)
                    } else {
                        // Named in the cache (a file the walk did not name is always a cached row).
                        let name = cache?.nameBytes(Int(file.cachedRow)) ?? UnsafeRawBufferPointer(start: nil, count: 0)
                        run.append(folderFD: folderFDs[folder], folderPath: folderPaths[folder], name: name)
                    }
                }, rootPath: rootPath, limits: limits, bodyLimit: bodyLimit)

        // Each batch numbered its tags and kinds itself: the catalog's numbers take their place.
        var tags = NameNumbers(cache?.tagNames ?? [])
        var kinds = NameNumbers(cache?.kindNames ?? [])
        let tagMaps = batches.map { $0.tagNames.map { UInt32(tags.number($0)) } }
        let kindMaps = batches.map { $0.kindNames.map { Int32(kinds.number($0)) } }
        batches.withUnsafeMutableBufferPointer { all in
            let shared = DisjointSlots(all)
            let maps = tagMaps
            DispatchQueue.concurrentPerform(iterations: all.count) { b in
                let batch = shared.buffer[b]
                for result in batch.results where !result.detail.isEmpty {
                    RecordDetail.renumberTags(batch.buffer.mutableBytes(result.detail), maps[b])
                }
            }
        }

        var entries: [Catalog.Entry] = []
        entries.reserveCapacity(files.count)
        var records: [Int32] = []
        records.reserveCapacity(files.count)
        var fresh: [Catalog.FreshFile] = []
        fresh.reserveCapacity(toRead.count)
        var plain: [String] = []
        var problems = walk.badNames
        var partlyIndexed: [FolioError] = []
        var markedRecords: [FolioError] = []
        var folders = walk.folders.map {
            Catalog.Folder(path: $0.path, parent: $0.parent, rows: 0..<0, stamp: $0.stamp, reusable: $0.reusable)
        }
        var next = 0  // the next of `toRead`
        var batch = 0
        var inBatch = 0
        for (i, file) in files.enumerated() {
            let folder = Int(file.folder)
            if next < toRead.count, toRead[next] == i {
                while inBatch == batches[batch].results.count {
                    batch += 1
                    inBatch = 0
                }
                let place = inBatch
                var read = batches[batch].results[place]
                inBatch += 1
                next += 1
                let stamp = read.stamp ?? noStamp
                let racy = stamp.isRacy(snapshotNanoseconds: scanStart, window: clock.racyWindowNanoseconds)
                let entry = Catalog.Entry(
                    folder: file.folder, cachedRow: -1, fresh: Int32(fresh.count), isRecord: false, racy: racy,
                    completion: .none, kind: -1, epoch: Int64.min, day: 0, indexOrdinal: -1, stamp: stamp)
                switch read.outcome {
                case .record, .recordBodyTooLong:
                    read.kind = read.kind >= 0 ? kindMaps[batch][Int(read.kind)] : -1
                    // The path is made only for what names it (nearly no record).
                    if read.outcome == .recordBodyTooLong {
                        let path = Self.path(folderPaths[folder], batches[batch].buffer.bytes(read.name))
                        partlyIndexed.append(FolioError(.recordLimit(.bodySearchedInPart(limit: bodyLimit)), file: path))
                    }
                    let marked = batches[batch].markers[place]
                    if let marked { markedRecords.append(marked.error) }
                    records.append(Int32(entries.count))
                    entries.append(
                        Catalog.Entry(
                            // A record with conflict markers is read again on every run, as a racy
                            // one is, so every run names it until they are merged.
                            folder: file.folder, cachedRow: -1, fresh: entry.fresh, isRecord: true, racy: racy || marked != nil,
                            completion: read.completion, kind: read.kind, epoch: read.epoch, day: read.day, indexOrdinal: -1,
                            stamp: stamp))
                    fresh.append(Catalog.FreshFile(buffer: Int32(batch), name: read.name, detail: read.detail))
                case .plain:
                    plain.append(Self.path(folderPaths[folder], batches[batch].buffer.bytes(read.name)))
                    entries.append(entry)
                    fresh.append(Catalog.FreshFile(buffer: Int32(batch), name: read.name, detail: 0..<0))
                case .problem:
                    // Never cached: its folder is listed again, so it is reported on every run.
                    let path = Self.path(folderPaths[folder], batches[batch].buffer.bytes(read.name))
                    problems.append(batches[batch].problems[place] ?? FolioError(.fileUnreadable("?"), file: path))
                    folders[folder].reusable = false
                }
            } else if let cache {
                let row = Int(file.cachedRow)
                let stamp = stamps[i]
                let racy = stamp.isRacy(snapshotNanoseconds: scanStart, window: clock.racyWindowNanoseconds)
                let isRecord = cache.isRecord(row)
                if isRecord {
                    records.append(Int32(entries.count))
                } else {
                    plain.append(Self.path(folderPaths[folder], cache.nameBytes(row)))
                }
                entries.append(
                    Catalog.Entry(
                        folder: file.folder, cachedRow: Int32(row), fresh: -1, isRecord: isRecord, racy: racy,
                        completion: cache.completion(row), kind: cache.kind(row).map(Int32.init) ?? -1, epoch: cache.epoch(row),
                        day: cache.day(row), indexOrdinal: cache.indexOrdinal(row), stamp: stamp))
            }
        }

        // Files come folder by folder, in the order the folders were visited.
        var nextEntry = 0
        for f in folders.indices {
            let start = nextEntry
            while nextEntry < entries.count, entries[nextEntry].folder == Int32(f) { nextEntry += 1 }
            folders[f].rows = start..<nextEntry
        }
        let changes = toRead.count + ((cache?.rowCount ?? 0) - keptCount)
        let freshBuffers = batches.map(\.buffer)
        var report = Catalog.Report(usedCache: cache != nil, filesRead: toRead.count, wroteCache: false, foldersListed: walk.listed)
        var watchToken = WatchProtocol.Token.none
        var watchWantsWrite = false
        switch watch {
        case nil, .notRunning?: report.watch = .notRunning
        case .failed(let reason)?: report.watch = .unanswered(reason: reason)
        case .answered(let changes)?:
            watchToken = changes.now
            switch changes {
            case .changed(_, let paths) where cache != nil:
                report.watch = .namedOnly(paths.count)
                // A long list is answered and stamped on every run until a cache carries a later token.
                watchWantsWrite = paths.count > 1_000 && paths.count * 100 >= files.count
            default:
                report.watch = .everyFile
                // Written with the token even when nothing changed: the next run stamps only what changes.
                watchWantsWrite = cache?.watchToken != changes.now
            }
        }
        let catalog = Catalog(
            vault: self, cache: cache, entries: entries, records: records, fresh: fresh, freshBuffers: freshBuffers,
            folders: folders, tagNames: tags.names,
            kindNames: kinds.names, indexGeneration: cache?.indexGeneration ?? 0, problems: problems, plainFiles: plain,
            escapingLinks: walk.escaping, partlyIndexed: partlyIndexed.sorted { ($0.file ?? "") < ($1.file ?? "") },
            markedRecords: markedRecords.sorted { ($0.file ?? "") < ($1.file ?? "") }, textKeys: textKeys, report: report,
            watchToken: watchToken)
        // Without a cache every file was read, stamped as it was opened: what a stamping run writes.
        guard stampingFiles || cache == nil else { return catalog }
        // Rewriting costs about what reading the changed files saved; worth it when they are many.
        let foldersChanged = walk.changedFolders > 0 || walk.folders.count != cache?.folders.count
        let shouldWrite =
            cache == nil || watchWantsWrite
            || ((changes > 0 || foldersChanged) && (entries.count < 20_000 || changes * 100 >= entries.count))
        // The id table serves only a whole id (``findByID(_:)``): written with each rewrite of a
        // cache, but not with the first, which leaves it to the first lookup of a whole id (it
        // writes a missing table). The two files are independent: written side by side.
        let writesIDTable = shouldWrite && cache != nil
        let cacheURL = catalogCacheURL
        let idURL = idTableURL
        @Sendable func writeCache() {
            if Self.writeCache(catalog, to: cacheURL, fingerprint: fingerprint, indexGeneration: catalog.indexGeneration, ordinals: nil) {
                catalog.noteWrote()
            }
        }
        if writesIDTable {
            DispatchQueue.concurrentPerform(iterations: 2) { k in
                if k == 0 { writeCache() } else { Self.writeIDTable(catalog, to: idURL) }
            }
        } else if shouldWrite {
            // Alone (a first run's): the cache's writer uses both cores itself, which it could not
            // inside a parallel loop.
            writeCache()
        }
        return catalog
    }

    /// What `folio watch` says changed since `token`, unless this vault was told not to ask.
    func askWatcher(since token: WatchProtocol.Token) -> WatchClient.Outcome<WatchProtocol.Changes> {
        guard asksWatcher else { return .notRunning }
        return WatchClient.changes(localDirectory: localDirectory, since: token)
    }

    /// The stamps for a run the watcher answered: each cached row's own stamp, but for the rows at
    /// `paths`, which are stamped now (a path the walk did not find needs nothing: it is gone, or
    /// new and read anyway).
    private func stampsNamed(_ paths: [[UInt8]], files: [CatalogWalk.File], walk: CatalogWalk, cache: CatalogFile) -> [FileStamp] {
        var namesByFolder: [[UInt8]: Set<[UInt8]>] = [:]
        for path in paths {
            let slash = path.lastIndex(of: UInt8(ascii: "/"))
            let folder = slash.map { Array(path[..<$0]) } ?? []
            let name = slash.map { Array(path[($0 + 1)...]) } ?? path
            namesByFolder[folder, default: []].insert(name)
        }
        let namedFolders = walk.folders.map { namesByFolder[Array($0.path.utf8)] }
        let noStamp = FileStamp(size: 0, modifiedNanoseconds: 0, changedNanoseconds: 0, inode: 0)
        let opened = FolderHandle(root: root.path)
        return files.map { file in
            let row = Int(file.cachedRow)
            guard row >= 0 else { return noStamp }
            let folder = Int(file.folder)
            guard let names = namedFolders[folder], names.contains(Array(cache.nameBytes(row))) else { return cache.stamp(row) }
            var info = stat()
            var fd = walk.folders[folder].fd
            if fd < 0 { fd = opened.open(Substring(walk.folders[folder].path)) }
            guard fd >= 0, fstatat(fd, cache.namePointer(row), &info, AT_SYMLINK_NOFOLLOW) == 0 else { return noStamp }
            return FileStamp(info)
        }
    }

    /// Walks the folders on one core while the others read the files it has listed so far; what
    /// they read, in the walk's order of files.
    static func walkReading(_ walk: inout CatalogWalk, limits: FrontMatterLimits, bodyLimit: Int) -> [ReadBatch] {
        let queue = ReadQueue()
        walk.handOff = queue
        // Handed to the core that runs it and back, as in ``walk(_:checking:)``.
        let walker = Mutex<CatalogWalk?>(walk)
        let batches = CatalogReader.read(
            from: queue, rootPath: walk.rootPath, limits: limits, bodyLimit: bodyLimit,
            alsoFirst: { walker.withLock { $0?.walk() } })
        walk = walker.withLock { $0 } ?? walk
        walk.handOff = nil
        return batches
    }

    /// Walks the folders on this thread while another reads the whole cache file's checksum (2.6 ms
    /// of 28 MB at 100,000 records, which a command would otherwise wait for before its walk); whether
    /// the checksum matched. The walk reads only the cache's folders and names, whose every offset
    /// ``CatalogFile/open(_:fingerprint:verifyingChecksums:)`` has checked.
    static func walk(_ walk: inout CatalogWalk, checking cache: CatalogFile?) -> Bool {
        guard let cache else {
            walk.walk()
            return true
        }
        // The walk is handed to the worker that runs it and back: strict concurrency lets no
        // closure that runs beside another mutate a local.
        let matched = Mutex(false)
        let walker = Mutex<CatalogWalk?>(walk)
        DispatchQueue.concurrentPerform(iterations: 2) { k in
            if k == 0 {
                walker.withLock { $0?.walk() }
            } else {
                let result = cache.checksumMatches()
                matched.withLock { $0 = result }
            }
        }
        walk = walker.withLock { $0 } ?? walk
        return matched.withLock { $0 }
    }

    /// `folder/name`, or `name` in the vault's root.
    static func path(_ folder: String, _ name: UnsafeRawBufferPointer) -> String {
        let name = String(decoding: name, as: UTF8.self)
        return folder.isEmpty ? name : folder + "/" + name
    }

    /// The texts the index holds for one record, read from its file again; nil if it is no longer one.
    static func indexTexts(
        path: String, rootPath: String, textKeys: [String: [String]], limits: FrontMatterLimits,
        bodyLimit: Int
    ) -> [String]? {
        let prefix = limits.maxBytes + bodyLimit + 4_096
        guard case .record(let record) = parse(path: path, rootPath: rootPath, limits: limits, prefix: prefix) else { return nil }
        let keys = RecordSearch.textKeys(for: record, in: textKeys)
        return RecordSearch.indexTexts(of: record, allTags: record.allTags, keys: keys, bodyLimit: bodyLimit)
    }

    /// Writes `catalog` as the cache; `ordinals`, when given, are the records' new document numbers
    /// in the index of `indexGeneration`.
    @discardableResult
    func writeCache(_ catalog: Catalog, indexGeneration: UInt64, ordinals: [Int32]?) -> Bool {
        Self.writeCache(
            catalog, to: catalogCacheURL, fingerprint: CatalogFile.fingerprint(limits: frontMatterLimits, bodyLimit: searchedBytesLimit),
            indexGeneration: indexGeneration, ordinals: ordinals)
    }

    static func writeCache(_ catalog: Catalog, to url: URL, fingerprint: String, indexGeneration: UInt64, ordinals: [Int32]?) -> Bool {
        // The names and details this run read are written from its readers' buffers as they lie.
        let borrowed = catalog.freshBuffers.map { $0.bytes(0..<Int32(truncatingIfNeeded: $0.count)) }
        var next = 0
        let bases = borrowed.map { buffer in
            defer { next += buffer.count }
            return next
        }
        var copied = 0
        for entry in catalog.entries where entry.fresh < 0 {
            copied += catalog.nameBytes(ofEntry: entry).count + 1 + (catalog.detail(ofEntry: entry)?.count ?? 0)
        }
        var writer = CatalogFileWriter(
            expectedRows: catalog.entries.count, expectedBlob: copied + catalog.folders.reduce(0) { $0 + $1.path.utf8.count },
            borrowing: borrowed)
        for folder in catalog.folders {
            writer.addFolder(path: folder.path, parent: folder.parent, rows: folder.rows, stamp: folder.stamp, reusable: folder.reusable)
        }
        // In order, the texts of rows kept from the old cache into the blob; then the rows on all cores.
        let none = UnsafeRawBufferPointer(start: nil, count: 0)
        var copiedTexts: [CatalogFileWriter.Placed] = []
        if copied > 0 {
            copiedTexts = [CatalogFileWriter.Placed](repeating: .nowhere, count: catalog.entries.count)
            for (i, entry) in catalog.entries.enumerated() where entry.fresh < 0 {
                copiedTexts[i] = writer.place(
                    name: catalog.nameBytes(ofEntry: entry), detail: catalog.detail(ofEntry: entry) ?? none, isRecord: entry.isRecord)
            }
        }
        // `ordinals` is by record; the rows are by entry (``Catalog/records`` maps one to the other).
        let entryOrdinals = ordinals.map { ordinals in
            var byEntry = catalog.entries.map(\.indexOrdinal)
            for (position, entry) in catalog.records.enumerated() { byEntry[Int(entry)] = ordinals[position] }
            return byEntry
        }
        let texts = copiedTexts
        writer.addRows(count: catalog.entries.count) { i in
            let entry = catalog.entries[i]
            let row = CatalogFileWriter.Row(
                isRecord: entry.isRecord, racy: entry.racy, completion: entry.completion,
                kind: entry.kind >= 0 ? Int(entry.kind) : nil, stamp: entry.stamp, epoch: entry.epoch, day: entry.day,
                indexOrdinal: entryOrdinals?[i] ?? entry.indexOrdinal)
            guard entry.fresh >= 0 else { return (row, texts[i]) }
            let file = catalog.fresh[Int(entry.fresh)]
            let base = bases[Int(file.buffer)]
            return (
                row,
                CatalogFileWriter.Placed(
                    borrowedName: base + Int(file.name.lowerBound)..<base + Int(file.name.upperBound),
                    borrowedDetail: base + Int(file.detail.lowerBound)..<base + Int(file.detail.upperBound), isRecord: entry.isRecord)
            )
        }
        return writer.write(
            to: url, fingerprint: fingerprint, indexGeneration: indexGeneration, watchToken: catalog.watchToken,
            tagNames: catalog.tagNames, kindNames: catalog.kindNames)
    }

    /// The id table for `catalog`'s records (``IDTable``).
    static func writeIDTable(_ catalog: Catalog, to url: URL) {
        IDTable.write(
            count: catalog.count, id: { catalog.detail($0).flatMap(RecordDetail.idBytes) },
            folder: { Int(catalog.entries[Int(catalog.records[$0])].folder) }, folders: catalog.folders.map(\.path),
            name: { catalog.nameBytes(ofEntry: catalog.entries[Int(catalog.records[$0])]) }, to: url)
    }

    /// The index over every record of `catalog`: the index file's documents for the records it
    /// holds, the others read from their files; written back (with the catalog naming it) when it
    /// was missing or many records were added.
    func completeIndex(of catalog: Catalog, partSize: Int = indexPartSize) -> TextIndex {
        let limits = frontMatterLimits
        let bodyLimit = searchedBytesLimit
        let textKeys = catalog.textKeys
        let fingerprint = CatalogIndexFile.fingerprint(textKeys: textKeys, limits: limits, bodyLimit: bodyLimit)
        let base =
            catalog.takeOpenedIndex(fingerprint: fingerprint, generation: catalog.indexGeneration)
            ?? CatalogIndexFile.open(catalogIndexURL, fingerprint: fingerprint, generation: catalog.indexGeneration)
        guard let base else { return completeIndex(ofAll: catalog, fingerprint: fingerprint, partSize: partSize) }
        let baseCount = base.documentCount
        var newPosition = [Int](repeating: -1, count: baseCount)
        var missing: [Int] = []
        for position in 0..<catalog.count {
            let ordinal = Int(catalog.entries[Int(catalog.records[position])].indexOrdinal)
            if ordinal >= 0, ordinal < baseCount, newPosition[ordinal] < 0 {
                newPosition[ordinal] = position
            } else {
                missing.append(position)
            }
        }
        if missing.count == catalog.count { return completeIndex(ofAll: catalog, fingerprint: fingerprint, partSize: partSize) }
        let added = indexFromFiles(missing, of: catalog, partSize: partSize)
        guard
            let index = base.replacing(
                keeping: { old in old >= 0 && old < baseCount && newPosition[old] >= 0 ? newPosition[old] : nil },
                adding: added)
        else {
            // The index could not be merged: index every record again rather than search part of the vault.
            return completeIndex(ofAll: catalog, fingerprint: fingerprint, partSize: partSize)
        }
        let worthWriting = !missing.isEmpty && (catalog.count < 20_000 || missing.count * 100 >= catalog.count)
        if worthWriting { saveIndex(index, of: catalog, fingerprint: fingerprint) }
        return index
    }

    /// Every record indexed from its file, part by part, each part written to the index file as
    /// soon as it is built; the file is then read back, mapped. Memory holds one part's texts and
    /// postings, never the whole vault's. Built in memory only when the file cannot be written.
    private func completeIndex(ofAll catalog: Catalog, fingerprint: String, partSize: Int) -> TextIndex {
        let positions = Array(0..<catalog.count)
        let parts = indexParts(positions, of: catalog, partSize: partSize)
        let generation = CatalogIndexFile.newGeneration()
        let written = CatalogIndexFile.write(generation: generation, fingerprint: fingerprint, to: catalogIndexURL) { writer in
            TextIndex.writeSegmentCount(max(1, parts.count), into: &writer)
            if parts.isEmpty { indexFromFiles([], of: catalog, partSize: partSize).encodeAsOneSegment(into: &writer) }
            for part in parts { indexFromFiles(part, of: catalog, partSize: partSize).encodeAsOneSegment(into: &writer) }
        }
        guard written, let index = CatalogIndexFile.open(catalogIndexURL, fingerprint: fingerprint, generation: generation) else {
            return indexFromFiles(positions, of: catalog, partSize: partSize)
        }
        // The catalog names the index it was written with, each record with its document number (its position).
        if writeCache(catalog, indexGeneration: generation, ordinals: positions.map { Int32($0) }) { catalog.noteWrote() }
        return index
    }

    /// Records indexed per part, each part a segment of its own: the texts and postings of one
    /// part are held at a time, not the whole vault's (segments are searched side by side). Half a
    /// packed segment: what a part holds while it is built is most of a first search's memory.
    static let indexPartSize = TextIndex.documentsPerPackedSegment / 2
    /// The most text one part reads (the searched part of each file, by its size): a part holds
    /// about six times its text while it is built (its texts, tokens and postings), so long pages
    /// make smaller parts (16,384 pages of 8 KB peaked at 347 MB in parts of 6,250 records).
    static let indexPartBytes = 16 << 20

    /// `positions` cut into parts of at most `partSize` records and ``indexPartBytes`` of text.
    private func indexParts(_ positions: [Int], of catalog: Catalog, partSize: Int) -> [[Int]] {
        let size = max(1, partSize)
        let limit = UInt64(searchedBytesLimit)
        var parts: [[Int]] = []
        var part: [Int] = []
        var bytes: UInt64 = 0
        for position in positions {
            let record = min(catalog.entries[Int(catalog.records[position])].stamp.size, limit) + 1
            if !part.isEmpty, part.count >= size || bytes + record > UInt64(Self.indexPartBytes) {
                parts.append(part)
                part = []
                bytes = 0
            }
            part.append(position)
            bytes += record
        }
        if !part.isEmpty { parts.append(part) }
        return parts
    }

    /// An index of the records at `positions`, read from their files; document ids are positions.
    private func indexFromFiles(_ positions: [Int], of catalog: Catalog, partSize: Int) -> TextIndex {
        let limits = frontMatterLimits
        let bodyLimit = searchedBytesLimit
        let textKeys = catalog.textKeys
        let rootPath = root.path
        func built(_ part: [Int]) -> TextIndex {
            let paths = part.map { catalog.path($0) }
            let texts: [[String]] = parallelMap(paths.count) { i in
                Self.indexTexts(path: paths[i], rootPath: rootPath, textKeys: textKeys, limits: limits, bodyLimit: bodyLimit) ?? []
            }
            var builder = TextIndex.Builder(fields: RecordSearch.fields)
            builder.reserveCapacity(part.count)
            for (k, position) in part.enumerated() { builder.add(id: position, texts: texts[k]) }
            return builder.build()
        }
        let parts = indexParts(positions, of: catalog, partSize: partSize).map(built)
        guard parts.count > 1 else { return parts.first ?? built([]) }
        // Every part has the same fields; were it ever not so, one index of every record, never part of them.
        return TextIndex.joined(parts) ?? built(positions)
    }

    /// Writes the index under a new generation, then the catalog naming it with each record's number.
    private func saveIndex(_ index: TextIndex, of catalog: Catalog, fingerprint: String) {
        let generation = CatalogIndexFile.newGeneration()
        guard CatalogIndexFile.write(index, generation: generation, fingerprint: fingerprint, to: catalogIndexURL) else { return }
        let ordinals = (0..<catalog.count).map { Int32($0) }
        if writeCache(catalog, indexGeneration: generation, ordinals: ordinals) { catalog.noteWrote() }
    }
}
