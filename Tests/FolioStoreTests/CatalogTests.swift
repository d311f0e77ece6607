import FolioCore
import FolioSearch
import Foundation
import SystemIO
import TestSupport
import Testing

@testable import FolioStore

/// The catalog's cache may only ever make a run faster: whatever is on disk, a cached run must see
/// exactly what a run without the cache sees.
@Suite("Catalog cache")
struct CatalogTests {
    /// A vault with `count` ideas, each with a word of its own and a shared one.
    /// `count` ideas; `settledAtOnce`: no racy window, so a file counts as settled as soon as it is written.
    private func vault(_ count: Int, settledAtOnce: Bool = false) throws -> TemporaryVault {
        let t = try TemporaryVault(racyWindowNanoseconds: settledAtOnce ? 0 : Clock.standardRacyWindowNanoseconds)
        for i in 0..<count {
            try t.write(
                "ideas/2026/11/2026-11-\(String(format: "%02d", 1 + i % 28))-idea-\(i).md",
                """
                ---
                id: 00000000-0000-4000-8000-\(String(format: "%012d", i))
                kind: idea
                title: idea \(i) word\(i)
                created: 2026-11-\(String(format: "%02d", 1 + i % 28))T08:00:00+08:00
                tags: [t\(i % 3)]
                done: \(i % 2 == 0)
                ---
                shared text 共同的文字 #inline\(i % 2)

                """)
        }
        return t
    }

    /// What a user sees of the catalog: every summary by path, and the hits of some searches.
    private func view(_ catalog: Catalog) throws -> [String] {
        var lines = catalog.summaries.map { s in
            "\(s.path) \(s.id ?? "-") \(s.kind ?? "-") \(s.title) \(s.allTags) \(s.sortTime?.text ?? "-") \(s.completion)"
        }.sorted()
        let search = catalog.search
        for query in ["shared", "word3", "文字", "\"idea 7\"", "edited", "共同 -word1", "tag:inline1 shared"] {
            let parsed = try QueryParser().parse(query)
            lines.append(query + " → " + search.search(parsed).map { search.records[$0.record].path }.sorted().joined(separator: ","))
        }
        return lines
    }

    /// The same vault read with no cache at all.
    private func uncached(_ t: TemporaryVault) throws -> [String] {
        try? FileManager.default.removeItem(at: t.vault.catalogCacheURL)
        let fresh = Vault(root: t.root, clock: t.vault.clock)
        let catalog = fresh.catalog()
        #expect(!catalog.report.usedCache)
        return try view(catalog)
    }

    @Test("a file is a record by its name's bytes, as the file system and git name it: a .md after any character, no dot first")
    func recordNamesByBytes() throws {
        let t = try TemporaryVault()
        let record = "---\ntitle: x\n---\n"
        // U+0600 joins the dot after it into one Character, so a Character-wise suffix said "not .md".
        let records = ["notes/\u{0600}.md", "notes/e\u{301}.md", "notes/下雨.md"]
        // A dot with a combining mark over it is still a dot first (hidden); `.md` with a mark over the d is not `.md`.
        let others = ["notes/.\u{301}draft.md", "notes/x.md\u{301}", "notes/.md", "notes/md", ".\u{301}folder/a.md"]
        for path in records + others { try t.write(path, record) }
        #expect(t.vault.catalog().summaries.map(\.path).filter { $0.hasPrefix("notes/") }.sorted() == records.sorted())
        #expect(records.allSatisfy(Vault.isRecordPath) && !others.contains(where: Vault.isRecordPath))
        // The id table answers only paths the walk could list: by the same bytes.
        #expect(records.allSatisfy(IDTable.isRecordPath) && !others.contains(where: IDTable.isRecordPath))
        #expect(!Vault.mayHoldRecords(folder: "notes/.\u{301}x") && Vault.mayHoldRecords(folder: "notes/\u{0600}.x"))
    }

    @Test("a settled vault is read from the cache without opening a record, and reads the same")
    func settledRunReadsNoFile() throws {
        let t = try vault(40, settledAtOnce: true)
        let first = t.vault.catalog()
        #expect(!first.report.usedCache && first.report.wroteCache && first.report.filesRead == 41)
        _ = t.vault.catalog()
        let cached = t.vault.catalog()
        #expect(cached.report.usedCache && cached.report.filesRead == 0)
        #expect(try view(cached) == uncached(t))
    }

    @Test("edits, new files and deletions are seen by the next run, even an edit that keeps size and mtime")
    func changesAreSeen() throws {
        let t = try vault(30, settledAtOnce: true)
        _ = t.vault.catalog()
        _ = t.vault.catalog()
        #expect(t.vault.catalog().report.filesRead == 0)

        // Same length, modification time put back: only the change time tells.
        let path = "ideas/2026/11/2026-11-04-idea-3.md"
        let url = t.root.appendingPathComponent(path)
        let before = try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date
        let text = try #require(t.read(path))
        try t.write(path, text.replacingOccurrences(of: "word3", with: "edite"))
        if let before { try FileManager.default.setAttributes([.modificationDate: before], ofItemAtPath: url.path) }
        try t.write("ideas/2026/11/2026-11-05-new.md", "---\nkind: idea\ntitle: edited later\n---\nnew one\n")
        try FileManager.default.removeItem(at: t.root.appendingPathComponent("ideas/2026/11/2026-11-08-idea-7.md"))

        let next = t.vault.catalog()
        #expect(next.report.usedCache && next.report.filesRead == 2)
        let seen = try view(next)
        #expect(seen.contains("word3 → "))
        #expect(seen.contains("edited → ideas/2026/11/2026-11-05-new.md"))
        #expect(seen.contains("\"idea 7\" → "))
        #expect(!seen.joined().contains("idea-7.md"))
        #expect(seen == (try uncached(t)))
    }

    @Test("a first run reads files as the walk lists them, past the folders it keeps open too; its cache reads the same")
    func firstRunReadsAsItWalks() throws {
        let t = try vault(3, settledAtOnce: true)
        let before = t.vault.catalog()
        try FileManager.default.removeItem(at: t.vault.catalogCacheURL)
        // More folders than the walk keeps open: the files of the later ones are read by path.
        let folders = CatalogWalk.maxOpenFolders + 40
        for i in 0..<folders {
            try t.write(
                "notes/\(i / 30)/\(i)/page-\(i).md",
                "---\nid: 20000000-0000-4000-8000-\(String(format: "%012d", i))\nkind: \(i % 3 == 0 ? "note" : "diary")\ntitle: page \(i)\ntags: [p\(i % 5)]\n---\npage text #inline\(i % 2)\n"
            )
            if i % 7 == 0 { try t.write("notes/\(i / 30)/\(i)/plain-\(i).md", "no front matter \(i)\n") }
        }
        let first = t.vault.catalog()
        #expect(!first.report.usedCache && first.report.wroteCache)
        #expect(first.count == before.count + folders && first.problems.isEmpty)
        #expect(
            first.summaries.contains {
                $0.title == "page \(folders - 1)" && $0.allTags == ["p\((folders - 1) % 5)", "inline\((folders - 1) % 2)"]
            })
        #expect(first.plainFiles.count == before.plainFiles.count + (folders + 6) / 7)
        // Each reader numbers kinds of its own for each run of files: every page keeps its kind.
        let pages = first.summaries.filter { $0.title.hasPrefix("page ") }
        #expect(pages.count == folders)
        #expect(pages.allSatisfy { $0.kind == ((Int($0.title.dropFirst(5)) ?? -1) % 3 == 0 ? "note" : "diary") })
        let cached = t.vault.catalog()
        #expect(cached.report.usedCache && cached.report.filesRead == 0)
        #expect(try view(cached) == view(first))
        // Some rows kept, some read again: a cache written from both reads the same.
        try t.write("notes/0/1/page-1.md", "---\nid: 20000000-0000-4000-8000-000000000001\ntitle: renamed\n---\nnew\n")
        try t.write("notes/9/new.md", "---\ntitle: new page\n---\n")
        let mixed = t.vault.catalog()
        #expect(mixed.report.filesRead == 2)
        let again = t.vault.catalog()
        #expect(again.report.usedCache && again.report.filesRead == 0)
        #expect(try view(again) == uncached(t))
        #expect(again.summaries.contains { $0.title == "renamed" } && again.summaries.contains { $0.title == "new page" })
    }

    @Test(
        "first runs inside another parallel loop (their readers and walk on fewer cores) end, and read what one alone reads",
        .timeLimit(.minutes(1)))
    func firstRunsInsideAParallelLoop() throws {
        let t = try vault(600, settledAtOnce: true)
        let alone = try view(t.vault.catalog())
        try FileManager.default.removeItem(at: t.vault.catalogCacheURL)
        let root = t.root
        let clock = t.vault.clock
        // Four first runs of one vault at once in one process, as `folio serve` may make them.
        let counts = parallelMap(4, minimumChunk: 1) { _ in Vault(root: root, clock: clock).catalog().count }
        #expect(counts.allSatisfy { $0 == counts[0] } && counts[0] > 600)
        let next = t.vault.catalog()
        #expect(next.report.usedCache && next.report.filesRead == 0)
        #expect(try view(next) == alone)
        let left = try FileManager.default.contentsOfDirectory(atPath: t.vault.catalogCacheURL.deletingLastPathComponent().path)
        #expect(!left.contains { $0.hasSuffix(".tmp") })
    }

    @Test("a cache of more rows than one worker makes (they are made on all cores, its checksum beside its writes) reads the same")
    func rowsMadeOnAllCores() throws {
        // 9,001 rows (the ideas and the owner's profile): three runs of the writer's 4,096, the last one short.
        let t = try vault(9_000, settledAtOnce: true)
        let first = t.vault.catalog()
        #expect(!first.report.usedCache && first.report.wroteCache && first.count == 9_001)
        let fingerprint = CatalogFile.fingerprint(limits: t.vault.frontMatterLimits, bodyLimit: t.vault.searchedBytesLimit)
        let written = try #require(CatalogFile.open(t.vault.catalogCacheURL, fingerprint: fingerprint), "the checksum holds")
        #expect(written.rowCount == 9_001)
        let cached = t.vault.catalog()
        #expect(cached.report.usedCache && cached.report.filesRead == 0)
        // The searches write the cache again with each record's place in the index.
        let expected = try view(first)
        #expect(try view(cached) == expected)
        let indexed = t.vault.catalog()
        #expect(indexed.report.usedCache && indexed.report.filesRead == 0 && indexed.indexGeneration != 0)
        #expect(try view(indexed) == expected)
        // Rows kept from the cache (their texts copied) beside rows read again, in every run of rows.
        for i in [5, 4_500, 8_999] {
            try t.write(
                "ideas/2026/11/2026-11-\(String(format: "%02d", 1 + i % 28))-idea-\(i).md",
                "---\nid: 00000000-0000-4000-8000-\(String(format: "%012d", i))\nkind: idea\ntitle: edited \(i)\n---\nedited\n")
        }
        let mixed = t.vault.catalog()
        #expect(mixed.report.filesRead == 3 && mixed.report.wroteCache)
        #expect(try #require(CatalogFile.open(t.vault.catalogCacheURL, fingerprint: fingerprint)).rowCount == 9_001)
        let again = t.vault.catalog()
        #expect(again.report.usedCache && again.report.filesRead == 0)
        #expect(try view(again) == uncached(t))
        #expect(again.summaries.filter { $0.title.hasPrefix("edited ") }.count == 3)
    }

    @Test("a cache is written through a temporary of its own: one another writer of this process holds is left alone")
    func temporaryOfItsOwn() throws {
        let t = try vault(3, settledAtOnce: true)
        let folder = t.vault.catalogCacheURL.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // The names every writer of one process shared before: a second writer truncated the
        // first's file and renamed it, half written, over the cache (or the index).
        let shared = [".catalog.\(getpid()).tmp", ".catalog.\(getpid()).index.tmp"].map(folder.appendingPathComponent)
        var wrote = false
        let alone = try leavesOtherTemporariesAlone(target: t.vault.catalogCacheURL, shared: shared) {
            wrote = t.vault.catalog().report.wroteCache
            _ = t.vault.completeIndex(of: t.vault.catalog())  // writes the index file
        }
        #expect(alone && wrote)
        #expect(t.vault.catalog().report.usedCache)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("index").path))
    }

    @Test("conflict markers are found by the byte search however the `<` before them fall")
    func markersAreFoundWhereverTheyFall() {
        func found(_ text: String) -> Bool {
            let bytes = Array(text.utf8)
            return bytes.withUnsafeBufferPointer { CatalogReader.markers(in: $0, path: "a.md") } != nil
        }
        let marked = "<<<<<<< HEAD\nours\n=======\ntheirs\n>>>>>>> phone\n"
        #expect(found("---\ntitle: a\n---\n" + marked))
        #expect(found("<<<<<< six\n< one <<\n" + marked))
        #expect(found("a < b <<<<<< c\n" + marked + "tail <"))
        #expect(!found("---\ntitle: a\n---\n<<<<<<\n<<<<<< HEAD\n=======\n>>>>>>>\n"))
        #expect(!found(""))
        #expect(!found("<"))
    }

    @Test("a damaged, cut or foreign cache is ignored and replaced")
    func damagedCacheIsReplaced() throws {
        let t = try vault(25)
        _ = t.vault.catalog()
        let expected = try uncached(t)
        _ = t.vault.catalog()
        let url = t.vault.catalogCacheURL
        let whole = try Data(contentsOf: url)
        for damaged in [
            Data(whole.prefix(whole.count / 2)),
            {
                var d = whole
                d[d.count / 2] ^= 0xFF
                d[d.count / 3] ^= 0x0F
                return d
            }(),
            Data("not a cache at all".utf8),
            Data(),
        ] {
            try damaged.write(to: url)
            let catalog = Vault(root: t.root, clock: t.vault.clock).catalog()
            #expect(try view(catalog) == expected)
            #expect(catalog.report.wroteCache)
        }
    }

    @Test("a flipped bit anywhere in a settled cache is noticed: every run reads what a run without the cache reads")
    func flippedBitsAreNoticed() throws {
        let t = try vault(12)
        let expected = try uncached(t)
        // Files count as settled for a scan that starts later, so the cache's entries are believed.
        let later = Vault.nowNanoseconds() + 60_000_000_000
        _ = t.vault.catalog(scanStart: later)
        let settled = t.vault.catalog(scanStart: later)
        #expect(settled.report.usedCache && settled.report.filesRead == 0)
        let url = t.vault.catalogCacheURL
        let whole = try Data(contentsOf: url)
        var misread: [Int] = []
        var runs = 0
        for offset in stride(from: 0, to: whole.count, by: max(1, whole.count / 700)) {
            var damaged = whole
            damaged[offset] ^= UInt8(1) << UInt8(offset % 8)
            try damaged.write(to: url)
            let catalog = Vault(root: t.root, clock: t.vault.clock).catalog(scanStart: later)
            if try view(catalog) != expected { misread.append(offset) }
            runs += 1
        }
        #expect(runs > 500)
        #expect(misread.isEmpty, "read wrong with a bit flipped at byte \(misread.prefix(20)) of \(whole.count)")
        // A damaged part is replaced by a whole one: the entries at once, the index when first searched.
        for offset in [40, whole.count * 4 / 5] {
            var flipped = whole
            flipped[offset] ^= 0x10
            try flipped.write(to: url)
            _ = try view(Vault(root: t.root, clock: t.vault.clock).catalog(scanStart: later))
            let next = Vault(root: t.root, clock: t.vault.clock).catalog(scanStart: later)
            #expect(next.report.usedCache && next.report.filesRead == 0, "after a flip at byte \(offset)")
            let fingerprint = CatalogFile.fingerprint(limits: t.vault.frontMatterLimits, bodyLimit: t.vault.searchedBytesLimit)
            let file = try #require(CatalogFile.open(url, fingerprint: fingerprint), "after a flip at byte \(offset)")
            let indexFingerprint = CatalogIndexFile.fingerprint(
                textKeys: RecordSearch.textKeys(for: t.vault.kinds),
                limits: t.vault.frontMatterLimits, bodyLimit: t.vault.searchedBytesLimit)
            #expect(
                CatalogIndexFile.open(t.vault.catalogIndexURL, fingerprint: indexFingerprint, generation: file.indexGeneration) != nil,
                "after a flip at byte \(offset)")
        }
    }

    @Test("a cache half-written by a killed folio is removed by the next write; one being written is left alone")
    func abandonedTemporariesAreRemoved() throws {
        let t = try vault(3)
        let directory = t.vault.catalogCacheURL.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // A process id that no process has (above the kernel's limit) and this test's own parent, which is alive.
        let abandoned = directory.appendingPathComponent(".catalog.4194305.tmp")
        let live = directory.appendingPathComponent(".catalog.\(getppid()).tmp")
        try Data("partial".utf8).write(to: abandoned)
        try Data("partial".utf8).write(to: live)
        #expect(t.vault.catalog().report.wroteCache)
        #expect(!FileManager.default.fileExists(atPath: abandoned.path))
        #expect(FileManager.default.fileExists(atPath: live.path))
    }

    @Test("a bad file is reported on every run and never cached; the rest of the vault still works")
    func badFilesAreNeverCached() throws {
        let t = try vault(5)
        try t.write("ideas/2026/11/broken.md", "---\ntitle: [unclosed\n---\n")
        for _ in 0..<2 {
            let catalog = t.vault.catalog()
            #expect(catalog.problems.map(\.file) == ["ideas/2026/11/broken.md"])
            #expect(catalog.summaries.count == 6)  // five ideas and the profile
        }
    }

    @Test("an index built part by part (each part a segment) finds what one built whole finds, and so does its file")
    func indexBuiltInParts() throws {
        let t = try vault(23)
        let later = Vault.nowNanoseconds() + 60_000_000_000
        func hits(_ index: TextIndex, _ query: String) throws -> [Int] {
            index.search(try QueryParser().parse(query).textOnly).map(\.documentID).sorted()
        }
        let whole = t.vault.completeIndex(of: t.vault.catalog(scanStart: later), partSize: 1_000)
        try? FileManager.default.removeItem(at: t.vault.catalogIndexURL)
        let catalog = t.vault.catalog(scanStart: later)
        let parts = t.vault.completeIndex(of: catalog, partSize: 5)
        // Written a part at a time, the file is read back whole, under the generation the catalog names.
        let fingerprint = CatalogFile.fingerprint(limits: t.vault.frontMatterLimits, bodyLimit: t.vault.searchedBytesLimit)
        let generation = try #require(CatalogFile.open(t.vault.catalogCacheURL, fingerprint: fingerprint)).indexGeneration
        let indexFingerprint = CatalogIndexFile.fingerprint(
            textKeys: RecordSearch.textKeys(for: t.vault.kinds),
            limits: t.vault.frontMatterLimits, bodyLimit: t.vault.searchedBytesLimit)
        #expect(
            CatalogIndexFile.open(t.vault.catalogIndexURL, fingerprint: indexFingerprint, generation: generation)?.documentCount
                == catalog.count)
        let reread = t.vault.completeIndex(of: Vault(root: t.root, clock: t.vault.clock).catalog(scanStart: later))
        for query in ["shared", "word3", "word17 OR word22", "文字", "\"idea 7\"", "inline1"] {
            #expect(try hits(parts, query) == hits(whole, query), "\(query)")
            #expect(try hits(reread, query) == hits(whole, query), "\(query)")
        }
        #expect(try hits(parts, "shared").count == 23)
    }

    @Test("a flipped bit in the index file's postings is found by the search that reads it, which answers from a rebuilt index")
    func damagedPostingsAreRebuilt() async throws {
        let t = try vault(40)
        let later = Vault.nowNanoseconds() + 60_000_000_000
        let expected = try view(t.vault.catalog(scanStart: later))
        let url = t.vault.catalogIndexURL
        let whole = try Data(contentsOf: url)
        for offset in stride(from: whole.count - 24, to: whole.count * 3 / 4, by: -max(1, whole.count / 80)) {
            var damaged = whole
            damaged[offset] ^= 0x24
            try damaged.write(to: url)
            #expect(try view(Vault(root: t.root, clock: t.vault.clock).catalog(scanStart: later)) == expected, "a flip at byte \(offset)")
            // Opened beside the walk, the damaged file is not taken again for the rebuilt index.
            try damaged.write(to: url)
            let opening = await Vault(root: t.root, clock: t.vault.clock).catalogForSearching(scanStart: later)
            #expect(try view(opening) == expected, "a flip at byte \(offset), the index opened beside the walk")
        }
    }

    @Test("a search's catalog opens the index file beside the walk and finds what one opened after it finds; a missing file is built again")
    func indexOpenedBesideTheWalk() async throws {
        let t = try vault(30)
        let later = Vault.nowNanoseconds() + 60_000_000_000
        let expected = try view(t.vault.catalog(scanStart: later))
        let textKeys = RecordSearch.textKeys(for: t.vault.kinds)
        let fingerprint = CatalogIndexFile.fingerprint(
            textKeys: textKeys, limits: t.vault.frontMatterLimits, bodyLimit: t.vault.searchedBytesLimit)
        let opening = await Vault(root: t.root, clock: t.vault.clock).catalogForSearching(scanStart: later)
        let opened = opening.takeOpenedIndex(fingerprint: fingerprint, generation: opening.indexGeneration)
        #expect(opened?.documentCount == opening.count, "the index the catalog names, opened beside the walk")
        #expect(opening.takeOpenedIndex(fingerprint: fingerprint, generation: opening.indexGeneration) == nil, "taken once")
        #expect(try view(await Vault(root: t.root, clock: t.vault.clock).catalogForSearching(scanStart: later)) == expected)
        // Without a cache (the first run) there is no index to open: nothing is started.
        try FileManager.default.removeItem(at: t.vault.catalogCacheURL)
        let first = await Vault(root: t.root, clock: t.vault.clock).catalogForSearching(scanStart: later)
        #expect(first.takeOpenedIndex(fingerprint: fingerprint, generation: first.indexGeneration) == nil)
        #expect(try view(first) == expected)
        // The index file gone before the walk: nothing was opened, and the index is built from the files.
        try FileManager.default.removeItem(at: t.vault.catalogIndexURL)
        let gone = await Vault(root: t.root, clock: t.vault.clock).catalogForSearching(scanStart: later)
        #expect(try view(gone) == expected)
        #expect(FileManager.default.fileExists(atPath: t.vault.catalogIndexURL.path), "written again")
    }

    @Test("a cache whose checksum holds but whose rows name a file out of their folder is refused, and nothing outside is read")
    func hostileNamesAreRefused() throws {
        let t = try vault(2)
        let outside = t.root.deletingLastPathComponent().appendingPathComponent("outside-\(UUID().uuidString).md")
        try "---\nid: 99999999-0000-4000-8000-000000000000\nkind: idea\ntitle: outside\n---\n".write(
            to: outside, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: outside) }
        let fingerprint = CatalogFile.fingerprint(limits: t.vault.frontMatterLimits, bodyLimit: t.vault.searchedBytesLimit)
        let stamp = FileStamp(size: 0, modifiedNanoseconds: 0, changedNanoseconds: 0, inode: 0)
        // The vault folder's real stamp, so a reader that believed the rows would take its listing from them.
        var info = stat()
        #expect(lstat(t.root.path, &info) == 0)
        let real = FileStamp(info)
        let rootStamp = FileStamp(
            size: 0, modifiedNanoseconds: real.modifiedNanoseconds, changedNanoseconds: real.changedNanoseconds, inode: real.inode)
        for (folder, name) in [
            ("", "../\(outside.lastPathComponent)"), ("..", outside.lastPathComponent), ("", ".hidden.md"), ("", "x.txt"),
        ] {
            var writer = CatalogFileWriter(expectedRows: 1)
            writer.addFolder(path: "", parent: -1, rows: 0..<(folder.isEmpty ? 1 : 0), stamp: rootStamp, reusable: true)
            if !folder.isEmpty { writer.addFolder(path: folder, parent: 0, rows: 0..<1, stamp: stamp, reusable: true) }
            var detail: [UInt8] = []
            RecordDetail(
                id: "99999999-0000-4000-8000-000000000000", title: "outside", parent: nil, sortTime: nil, tags: [], allTags: [], aliases: []
            )
            .encode(into: &detail)
            writer.addRow(
                CatalogFileWriter.Row(
                    isRecord: true, racy: false, completion: .none, kind: nil, stamp: stamp, epoch: Int64.min,
                    day: 0, indexOrdinal: -1), name: Array(name.utf8), detail: detail)
            #expect(
                writer.write(
                    to: t.vault.catalogCacheURL, fingerprint: fingerprint, indexGeneration: 0, watchToken: .none, tagNames: [],
                    kindNames: []))
            #expect(CatalogFile.open(t.vault.catalogCacheURL, fingerprint: fingerprint) == nil, "\(folder) \(name)")
            let catalog = Vault(root: t.root, clock: t.vault.clock).catalog()
            #expect(!catalog.report.usedCache)
            #expect(!catalog.summaries.contains { $0.title == "outside" }, "\(folder) \(name)")
            #expect(catalog.count == 3)
        }
    }

    @Test("a kind that starts indexing a key as text makes the cache rebuild")
    func kindChangeRebuilds() throws {
        let t = try TemporaryVault()
        try t.write("notes/a.md", "---\nkind: recipe\ntitle: soup\ningredients: 番茄 tomato\n---\n")
        let before = t.vault.catalog()
        #expect(try before.search.search(QueryParser().parse("tomato")).isEmpty)
        try t.write(".folio/templates/recipe.md", "---\nkind: recipe\ndir: notes\nfields:\n  ingredients: {type: text}\n---\n{{{body}}}\n")
        let vault = Vault(root: t.root, clock: t.vault.clock)
        #expect(vault.kinds["recipe"]?.fields.contains { $0.name == "ingredients" } == true)
        let after = vault.catalog()
        #expect(try after.search.search(QueryParser().parse("tomato")).count == 1)
    }

    @Test(
        "a record longer than search.max_record_bytes is indexed in its first part, named once when read, and found by its beginning only")
    func longRecordIsIndexedInPart() throws {
        let t = try vault(3)
        let limit = 4_096
        var config = try String(contentsOf: t.vault.configURL, encoding: .utf8)
        config += "search:\n  max_record_bytes: \(limit)\n"
        try t.write(".folio/config.yaml", config)
        let filler = String(repeating: "長長的日誌 filler ", count: 2_000)
        try t.write(
            "ideas/2026/11/long.md",
            "---\nid: 10000000-0000-4000-8000-000000000001\nkind: idea\ntitle: long\n---\nbeginning 開頭\n\(filler)\nending 結尾\n")
        let vault = Vault(root: t.root, clock: t.vault.clock)
        #expect(vault.searchedBytesLimit == limit)
        let later = Vault.nowNanoseconds() + 10_000_000_000
        let first = vault.catalog(scanStart: later)
        #expect(first.partlyIndexed.map(\.file) == ["ideas/2026/11/long.md"])
        func paths(_ catalog: Catalog, _ query: String) throws -> [String] {
            let search = catalog.search
            return search.search(try QueryParser().parse(query)).map { search.records[$0.record].path }
        }
        #expect(try paths(first, "beginning") == ["ideas/2026/11/long.md"])
        #expect(try paths(first, "開頭") == ["ideas/2026/11/long.md"])
        #expect(try paths(first, "ending").isEmpty)
        #expect(first.summaries.contains { $0.title == "long" })
        let cached = vault.catalog(scanStart: later)
        #expect(cached.report.usedCache && cached.report.filesRead == 0)
        #expect(cached.partlyIndexed.isEmpty)
        #expect(try paths(cached, "beginning") == ["ideas/2026/11/long.md"])
    }
}
