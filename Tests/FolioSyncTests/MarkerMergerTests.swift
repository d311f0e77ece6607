import FolioCore
import FolioStore
import Foundation
import Git
import Testing

@testable import FolioSync

/// Both sides rebuilt from conflict markers, merged as sync merges records, no line lost.
@Suite("MarkerMerger: conflict markers merged as sync merges, key by key and line by line")
struct MarkerMergerTests {
    static let time = Date(timeIntervalSince1970: 1_795_000_000)

    func merge(_ text: String, path: String = "ideas/x.md") throws -> MarkerMerge? {
        let markers = try #require(ConflictMarkers.find(in: text))
        return MarkerMerger.merge(markers, path: path, time: Self.time)
    }

    @Test("the newer modified wins a key both sides changed; the other side is kept as a copy named after its label")
    func newerWins() throws {
        let text = """
            ---
            id: 1
            <<<<<<< HEAD
            title: mine
            modified: 2026-11-22T10:00:00+08:00
            =======
            title: theirs
            modified: 2026-11-22T11:00:00+08:00
            >>>>>>> 0e4e9eba038d658f8a8af0840d6e8794d5312e45
            ---
            body

            """
        let merged = try #require(try merge(text))
        #expect(merged.text == "---\nid: 1\ntitle: theirs\nmodified: 2026-11-22T11:00:00+08:00\n---\nbody\n")
        #expect(merged.conflictingKeys == ["title"])
        #expect(merged.copy?.path == "ideas/x.conflict-head-20261122-020000.md")
        #expect(merged.copy?.text.contains("title: mine") == true)
    }

    @Test("a base from history tells which side changed a key: one side's title and the other's tag are both kept, no copy")
    func historyBase() throws {
        let text = """
            ---
            id: 1
            <<<<<<< HEAD
            title: umbrella
            tags: [typhoon]
            modified: 2026-11-22T11:00:00+08:00
            =======
            title: a new umbrella
            tags: []
            modified: 2026-11-22T10:00:00+08:00
            >>>>>>> other
            ---
            body

            """
        let base = "---\nid: 1\ntitle: umbrella\ntags: []\nmodified: 2026-11-22T09:00:00+08:00\n---\nbody\n"
        let markers = try #require(ConflictMarkers.find(in: text))
        let merged = try #require(MarkerMerger.merge(markers, path: "ideas/x.md", time: Self.time, historyBase: Data(base.utf8)))
        #expect(merged.text == "---\nid: 1\ntitle: a new umbrella\ntags: [typhoon]\nmodified: 2026-11-22T11:00:00+08:00\n---\nbody\n")
        #expect(merged.conflictingKeys.isEmpty && merged.copy == nil)
        // Without it both titles count as added: the newer side's stays, the other is in the copy.
        let twoSides = try #require(MarkerMerger.merge(markers, path: "ideas/x.md", time: Self.time))
        #expect(twoSides.conflictingKeys == ["title"] && twoSides.copy?.text.contains("title: a new umbrella") == true)
        // A history base that does not read as the sides do is no base.
        let broken = Data("---\nid: 1\n<<<<<<< HEAD\ntitle: [open\n=======\ntitle: x\n>>>>>>> o\n---\n".utf8)
        #expect(MarkerMerger.merge(markers, path: "ideas/x.md", time: Self.time, historyBase: broken) == twoSides)
    }

    @Test("a note without front matter merges as sync merges text: the same lines changed keep a copy; a side that is no record is refused")
    func plainAndBroken() throws {
        let note = "shopping\n<<<<<<< HEAD\nmilk\n=======\nbread\n>>>>>>> other\n"
        let merged = try #require(try merge(note))
        #expect(merged.text == "shopping\nmilk\n")
        #expect(merged.copy?.path == "ideas/x.conflict-other-20261118-110640.md")
        #expect(merged.copy?.text == "shopping\nbread\n")
        let broken = "---\nid: 1\n<<<<<<< HEAD\ntitle: [open\n=======\ntitle: fine\n>>>>>>> other\n---\n"
        #expect(try merge(broken) == nil)
    }

    @Test("sync meets a file another client committed with markers: it is merged within itself first, so no copy keeps markers")
    func markedSideInSync() throws {
        let base = "---\nid: 1\nmodified: 2026-11-22T10:00:00+08:00\n---\nline 0\nline 1 umbrella\n"
        let marked = """
            ---
            id: 1
            modified: 2026-11-22T10:00:00+08:00
            ---
            line 0
            <<<<<<< HEAD
            line 1 umbrella (phone)
            C letter
            ||||||| 2808576
            line 1 umbrella
            =======
            line 1 umbrella (tablet)
            >>>>>>> 12cc03f9543ac231aebaed9432daf7d79fa083f7

            """
        let ours = "---\nid: 1\nmodified: 2026-11-22T11:00:00+08:00\n---\nline 0\nline 1 umbrella (laptop)\n"
        let outcome = RecordMerge.merge(
            path: "ideas/x.md", base: Data(base.utf8),
            ours: MergeVersion(data: Data(ours.utf8), device: "laptop", commitTime: Self.time),
            theirs: MergeVersion(data: Data(marked.utf8), device: "phone", commitTime: Self.time))
        let texts = ([outcome.data].compactMap { $0 } + outcome.additionalFiles.map(\.data)).map { String(decoding: $0, as: UTF8.self) }
        #expect(texts.allSatisfy { ConflictMarkers.find(in: $0) == nil }, "\(texts)")
        let all = texts.joined(separator: "\n")
        for line in ["line 1 umbrella (phone)", "C letter", "line 1 umbrella (tablet)", "line 1 umbrella (laptop)"] {
            #expect(all.contains(line), "\(line) was lost: \(texts)")
        }
    }

    @Test("a marker label names the copy: its first word, a commit id cut to 8 characters")
    func labels() {
        #expect(MarkerMerger.side("origin/main", else: "theirs") == "origin/main")
        #expect(MarkerMerger.side("0e4e9eba038d658f8a8af0840d6e8794d5312e45", else: "theirs") == "0e4e9eba")
        #expect(MarkerMerger.side("3f2a1b0 (phone edit)", else: "theirs") == "3f2a1b0")
        #expect(MarkerMerger.side("", else: "theirs") == "theirs")
    }

    // MARK: - One rule for both routes

    /// A record: `id`, `title`, `modified` at 10:00 plus `minute` minutes, then the body lines.
    static func record(_ title: String, minute: Int, _ body: [String]) -> Data {
        let modified = "2026-11-22T10:\(minute < 10 ? "0" : "")\(minute):00+08:00"
        return Data(("---\nid: r1\nkind: idea\ntitle: \(title)\nmodified: \(modified)\n---\n" + body.map { $0 + "\n" }.joined()).utf8)
    }

    /// The same three versions merged both ways: by sync (``RecordMerge``, the base known), and
    /// through the markers libgit2 writes in diff3 style, as a phone's git client commits them.
    static func bothRoutes(base: Data, ours: Data, theirs: Data) throws -> (sync: MergeOutcome, markers: MarkerMerge?) {
        let sync = RecordMerge.merge(
            path: "ideas/x.md", base: base, ours: MergeVersion(data: ours, device: "laptop", commitTime: time),
            theirs: MergeVersion(data: theirs, device: "phone", commitTime: time))
        let file = try MergeFile.merge(ancestor: base, ours: ours, theirs: theirs, oursLabel: "laptop", theirsLabel: "phone", style: .diff3)
        guard !file.automergeable else { return (sync, nil) }
        let markers = try #require(ConflictMarkers.find(in: String(decoding: file.data, as: UTF8.self)))
        return (sync, MarkerMerger.merge(markers, path: "ideas/x.md", time: time))
    }

    /// A text's lines but `modified`, which a merge sets to the later of the two.
    static func lines(_ text: String) -> Set<Substring> { Set(text.split(separator: "\n").filter { !$0.hasPrefix("modified: ") }) }

    @Test(
        "a conflict lands the same through sync and through committed markers: the same record, the same copy, no line lost",
        arguments: [
            // The same body line changed on both sides; the title too: the newer (theirs) stays whole.
            ("same line", ["a", "b", "c"], ("t", 1, ["a", "B mine", "c"]), ("t2", 2, ["a", "B theirs", "c"])),
            // The same line changed on both, the title on one side only: the title merges, the body keeps a copy.
            ("body only", ["a", "b", "c"], ("t2", 3, ["a", "b1", "c"]), ("t", 2, ["a", "b2", "c"])),
            // Lines added at the end on both sides: both kept, the newer side's and a copy of the other.
            ("appended", ["a"], ("t", 1, ["a", "x"]), ("t", 2, ["a", "y"])),
            // Only the title conflicts; the bodies change different lines and join.
            (
                "title, bodies apart", ["a", "b", "c", "d", "e"], ("mine", 5, ["A", "b", "c", "d", "e"]),
                ("theirs", 4, ["a", "b", "c", "d", "E"])
            ),
            // One side removed a line the other changed.
            ("removed and changed", ["a", "b", "c"], ("t", 1, ["a", "c"]), ("t", 2, ["a", "b changed", "c"])),
        ])
    func routesAgree(
        _ name: String, _ base: [String], _ ours: (String, Int, [String]), _ theirs: (String, Int, [String])
    ) throws {
        let baseData = Self.record("t", minute: 0, base)
        let oursData = Self.record(ours.0, minute: ours.1, ours.2)
        let theirsData = Self.record(theirs.0, minute: theirs.1, theirs.2)
        let (sync, markers) = try Self.bothRoutes(base: baseData, ours: oursData, theirs: theirsData)
        let merged = try #require(markers, "\(name): the markers merge")
        #expect(merged.text == String(decoding: try #require(sync.data), as: UTF8.self), "\(name): the same record")
        #expect(merged.copy?.path == sync.additionalFiles.first?.path, "\(name): the same copy")
        #expect(Set(merged.conflictingKeys) == Set(sync.conflicts), "\(name)")
        // Every line either side wrote is in the record or its copy.
        let kept = Self.lines(merged.text).union(Self.lines(merged.copy?.text ?? ""))
        let baseLines = Self.lines(String(decoding: baseData, as: UTF8.self))
        for side in [oursData, theirsData] {
            #expect(Self.lines(String(decoding: side, as: UTF8.self)).subtracting(baseLines).isSubset(of: kept), "\(name): no line lost")
        }
    }

    @Test("randomised: a record merged through diff3 markers equals sync's merge of the same versions and loses no line")
    func routesAgreeRandomised() throws {
        var random = SplitMix64(seed: 37)
        let words = ["rain", "umbrella", "tea", "walk", "雨", "傘", "散步", "bus", "coat", "shop"]
        func edited(_ lines: [String]) -> [String] {
            var lines = lines
            for _ in 0..<Int(random.next() % 3) + 1 {
                let at = Int(random.next() % UInt64(lines.count + 1))
                switch random.next() % 3 {
                case 0: lines.insert(words[Int(random.next() % UInt64(words.count))] + " \(random.next() % 1000)", at: at)
                case 1 where at < lines.count: lines[at] += " (edited \(random.next() % 1000))"
                default: if at < lines.count, lines.count > 1 { lines.remove(at: at) }
                }
            }
            return lines
        }
        var markerRuns = 0
        for run in 0..<300 {
            let base = (0..<Int(random.next() % 6) + 1).map { "line \($0) " + words[Int(random.next() % UInt64(words.count))] }
            // Both sides stamp `modified`, at different times, as folio and GitJournal do: when only
            // one side changes it, git's merge gives both rebuilt sides that time and the tie goes
            // by bytes, so the record may keep the other side's lines (and the copy this side's).
            let oursMinute = 1 + Int(random.next() % 29)
            var theirsMinute = 1 + Int(random.next() % 29)
            if theirsMinute == oursMinute { theirsMinute += 30 }
            let oursData = Self.record(random.next() % 2 == 0 ? "t" : "mine", minute: oursMinute, edited(base))
            let theirsData = Self.record(random.next() % 2 == 0 ? "t" : "theirs", minute: theirsMinute, edited(base))
            let baseData = Self.record("t", minute: 0, base)
            let (sync, markers) = try Self.bothRoutes(base: baseData, ours: oursData, theirs: theirsData)
            guard let markers else { continue }
            markerRuns += 1
            #expect(markers.text == String(decoding: sync.data ?? Data(), as: UTF8.self), "run \(run)")
            #expect(markers.copy?.path == sync.additionalFiles.first?.path, "run \(run)")
            // Every line a side wrote (its lines the base did not have) is kept.
            let kept = Self.lines(markers.text).union(Self.lines(markers.copy?.text ?? ""))
            let baseLines = Self.lines(String(decoding: baseData, as: UTF8.self))
            for side in [oursData, theirsData] {
                #expect(
                    Self.lines(String(decoding: side, as: UTF8.self)).subtracting(baseLines).isSubset(of: kept), "run \(run): no line lost")
            }
        }
        #expect(markerRuns > 50)
    }
}
