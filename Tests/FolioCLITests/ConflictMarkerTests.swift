import Foundation
import TestSupport
import Testing

/// Conflict markers committed by another git client (GitJournal, obsidian-git on a phone, a plain
/// `git merge` committed as it stood), made with the real `git`: check names them, conflicts lists
/// them, resolve merges both sides as sync does, losing no line, in one commit, and sync commits no new file with them.
@Suite("Conflict markers from other git clients")
struct ConflictMarkerTests {
    static let record = "ideas/2026/11/2026-11-22-umbrella.md"

    /// Device A (folio) and a plain git clone, "phone", share a record; `laptop` and `phone` edit
    /// it, the phone merges with git (in `style`) and commits the markers as GitJournal does; A
    /// syncs them in. Returns A and each side's version of the file.
    static func markersCommitted(
        style: String, laptop: (String) -> String, phone: (String) -> String
    ) throws -> (devices: Devices, ours: String, theirs: String) {
        let devices = try Devices.make(["A"])
        let a = devices["A"]
        #expect(try a.run("idea", "umbrella", "--desc", "The old one broke.").status == 0)
        let start = try #require(a.read(record))
        try a.write(record, start + "Look at the shop by the station.\nBlue or black.\nBring it on Monday.\n")
        try devices.sync("A")
        let clone = devices.base.appendingPathComponent("phone")
        _ = try git(["clone", "-q", devices.remote, clone.path], in: devices.base)

        let laptopText = laptop(try #require(a.read(record)))
        try a.write(record, laptopText)
        try devices.sync("A")
        let phoneFile = clone.appendingPathComponent(record)
        let phoneText = phone(try String(contentsOf: phoneFile, encoding: .utf8))
        try phoneText.write(to: phoneFile, atomically: true, encoding: .utf8)
        _ = try git(["commit", "-qam", "edit on the phone"], in: clone)
        let merge = try git(["-c", "merge.conflictStyle=\(style)", "pull", "--no-rebase", "origin", "main"], in: clone)
        #expect(merge.contains("CONFLICT"), "\(merge)")
        _ = try git(["add", "-A"], in: clone)
        _ = try git(["commit", "-q", "-m", "merge on the phone"], in: clone)
        _ = try git(["push", "-q", "origin", "main"], in: clone)
        try devices.sync("A")
        let committed = try #require(a.read(record))
        #expect(committed.contains("<<<<<<< HEAD\n") && committed.contains(">>>>>>> "), "\(committed)")
        return (devices, laptopText, phoneText)
    }

    /// The line (1-based) of the first `<<<<<<<` in `text`.
    static func firstMarkerLine(_ text: String) -> Int {
        (text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("<<<<<<< ") } ?? -1) + 1
    }

    /// Check names it, conflicts lists it, resolve makes one commit whose record reads and holds no
    /// marker, and every line of both sides is in the record or the conflict copy beside it.
    static func resolveLosingNothing(_ made: (devices: Devices, ours: String, theirs: String)) throws -> (record: String, copy: String?) {
        let a = made.devices["A"]
        let marked = try #require(a.read(record))
        let line = firstMarkerLine(marked)
        let check = try a.run("check")
        #expect(check.status == 1)
        #expect(check.stdout.contains("\(record):\(line): error: conflict markers another git client committed"), "\(check.stdout)")
        #expect(!check.stdout.contains("YAML"), "\(check.stdout)")
        let listed = try a.run("conflicts")
        #expect(listed.stdout.contains("\(record):\(line)"), "\(listed.stdout)")

        let before = try git(["rev-list", "--count", "HEAD"], in: a.directory)
        let resolved = try a.run("conflicts", "resolve", record)
        #expect(resolved.status == 0, "\(resolved.stderr)")
        let after = try git(["rev-list", "--count", "HEAD"], in: a.directory)
        let commits = [before, after].compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        #expect(commits.count == 2 && commits[1] == commits[0] + 1, "one commit: \(commits)")
        #expect(try git(["status", "--porcelain"], in: a.directory).isEmpty)

        let merged = try #require(a.read(record))
        #expect(!merged.contains("<<<<<<<") && !merged.contains(">>>>>>>"), "\(merged)")
        #expect(try a.run("show", record).status == 0)
        let copies = try FileManager.default.contentsOfDirectory(atPath: a.directory.appendingPathComponent("ideas/2026/11").path)
            .filter { $0.contains(".conflict-") }
        let copy = copies.first.flatMap { a.read("ideas/2026/11/" + $0) }
        // Every line but `tags`, which merge as sets (checked by the test that changes them).
        for line in (made.ours + made.theirs).split(separator: "\n") where !line.hasPrefix("tags:") {
            #expect(merged.contains(line) || (copy?.contains(line) ?? false), "lost: \(line)\n\(merged)")
        }
        let after2 = try a.run("check")
        #expect(!after2.stdout.contains("conflict markers"), "\(after2.stdout)")
        return (merged, copy)
    }

    @Test("markers in front matter and body, several hunks: the title and the body line kept on one side and copied on the other")
    func frontMatterAndBody() throws {
        let made = try Self.markersCommitted(
            style: "merge",
            laptop: {
                $0.replacingOccurrences(of: "title: umbrella", with: "title: a new umbrella")
                    .replacingOccurrences(of: "Blue or black.", with: "Blue, never black.")
            },
            phone: {
                $0.replacingOccurrences(of: "title: umbrella", with: "title: umbrella and raincoat")
                    .replacingOccurrences(of: "Blue or black.", with: "Black, like the old one.")
            })
        let (record, copy) = try Self.resolveLosingNothing(made)
        // The same line changed on both sides, as sync merges it: one version stays, the other is in the copy.
        #expect(record.contains("Blue, never black.\n") != record.contains("Black, like the old one.\n"), "\(record)")
        #expect(copy != nil)
    }

    @Test("diff3 markers in the body only: the base is read; the same line changed on both keeps one version and a copy, as sync does")
    func diff3Body() throws {
        let made = try Self.markersCommitted(
            style: "diff3",
            laptop: { $0.replacingOccurrences(of: "Blue or black.", with: "Blue.") },
            phone: { $0.replacingOccurrences(of: "Blue or black.", with: "Black.") })
        #expect(made.devices["A"].read(Self.record)?.contains("||||||| ") == true)
        let (record, copy) = try Self.resolveLosingNothing(made)
        #expect(record.contains("Black.\n") != record.contains("Blue.\n") && !record.contains("Blue or black."), "\(record)")
        #expect(copy?.contains("Black.\n") != record.contains("Black.\n"), "\(copy ?? "no copy")")
    }

    @Test("markers in front matter only: tags merged as sets, no copy")
    func frontMatterOnly() throws {
        let made = try Self.markersCommitted(
            style: "merge",
            laptop: { $0.replacingOccurrences(of: "tags: []", with: "tags: [rain, shop]") },
            phone: { $0.replacingOccurrences(of: "tags: []", with: "tags: [rain, gift]") })
        let (record, copy) = try Self.resolveLosingNothing(made)
        // The merged list is a changed key, written as Obsidian writes lists.
        #expect(
            record.contains("tags:\n  - rain\n  - shop\n  - gift\n") || record.contains("tags:\n  - rain\n  - gift\n  - shop\n"),
            "\(record)")
        #expect(copy == nil)
    }

    @Test("sync and commit hold back a new file with markers, naming file, line and the command; the rest goes in")
    func syncRefusesNewMarkers() throws {
        let devices = try Devices.make(["A"])
        let a = devices["A"]
        try a.write(
            "ideas/body.md", "---\nid: body-1\nkind: idea\ntitle: body\n---\nfirst\n<<<<<<< HEAD\nmine\n=======\nyours\n>>>>>>> theirs\n")
        try a.write("ideas/front.md", "---\nid: front-1\nkind: idea\n<<<<<<< HEAD\ntitle: one\n=======\ntitle: two\n>>>>>>> other\n---\n")
        try a.write("ideas/fine.md", "---\nid: fine-1\nkind: idea\ntitle: fine\n---\n")
        let sync = try a.run("sync")
        #expect(sync.stderr.contains("ideas/body.md:7: warning: conflict markers"), "\(sync.stderr)")
        #expect(sync.stderr.contains("ideas/front.md:4: warning: conflict markers"), "\(sync.stderr)")
        #expect(sync.stderr.contains("folio conflicts resolve ideas/body.md"), "\(sync.stderr)")
        let tracked = try git(["ls-files", "ideas"], in: a.directory)
        #expect(tracked == "ideas/fine.md\n", "\(tracked)")
        // Resolved, it goes in with the next sync.
        #expect(try a.run("conflicts", "resolve", "ideas/body.md").status == 0)
        #expect(try git(["ls-files", "ideas"], in: a.directory).contains("ideas/body.md"))
        // Both sides added a line at one place: one stays, the other is kept in a copy beside it.
        #expect(a.read("ideas/body.md")?.hasSuffix("---\nfirst\nyours\n") == true)
        let copies = try FileManager.default.contentsOfDirectory(atPath: a.directory.appendingPathComponent("ideas").path)
            .filter { $0.hasPrefix("body.conflict-head-") }
        #expect(copies.count == 1 && a.read("ideas/" + (copies.first ?? ""))?.hasSuffix("---\nfirst\nmine\n") == true, "\(copies)")
    }

    @Test("a side the markers rebuild that is no record is refused: the file, the history and the working tree stay as they were")
    func sideNotARecord() throws {
        let folio = try FolioProcess.vault()
        let text = "---\nid: broken-1\nkind: idea\n<<<<<<< HEAD\ntitle: [open\n=======\ntitle: fine\n>>>>>>> other\n---\nbody\n"
        try folio.write("ideas/broken.md", text)
        // Committed as another git client would.
        _ = try git(["add", "ideas/broken.md"], in: folio.directory)
        _ = try git(["commit", "-q", "-m", "merge on the phone"], in: folio.directory)
        let before = try git(["rev-parse", "HEAD"], in: folio.directory)
        let result = try folio.run("conflicts", "resolve", "ideas/broken.md")
        #expect(result.status == 1)
        #expect(result.stderr.contains("does not read as a record"), "\(result.stderr)")
        #expect(folio.read("ideas/broken.md") == text)
        #expect(try git(["rev-parse", "HEAD"], in: folio.directory) == before)
        #expect(try git(["status", "--porcelain"], in: folio.directory).isEmpty)
    }

    @Test("--keep mine or theirs on a file with markers keeps that side whole, in one commit that undo reverts")
    func keepOneSide() throws {
        let folio = try FolioProcess.vault()
        let text =
            "---\nid: sides-1\nkind: idea\n<<<<<<< HEAD\ntitle: mine\n=======\ntitle: theirs\n>>>>>>> other\n---\n"
            + "first\n<<<<<<< HEAD\nmy line\n=======\ntheir line\n>>>>>>> other\nlast\n"
        for (keep, title, line) in [("theirs", "theirs", "their line"), ("mine", "mine", "my line")] {
            try folio.write("ideas/sides.md", text)
            _ = try git(["add", "ideas/sides.md"], in: folio.directory)
            _ = try git(["commit", "-q", "-m", "merge on the phone"], in: folio.directory)
            let result = try folio.run("conflicts", "resolve", "ideas/sides.md", "--keep", keep, "--json")
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains(#""keep":"\#(keep)""#), "\(result.stdout)")
            let kept = folio.read("ideas/sides.md") ?? ""
            #expect(kept == "---\nid: sides-1\nkind: idea\ntitle: \(title)\n---\nfirst\n\(line)\nlast\n", "\(kept)")
            #expect(try git(["status", "--porcelain"], in: folio.directory).isEmpty)
            #expect(try git(["log", "-1", "--format=%s"], in: folio.directory).contains("ideas/sides.md"))
            #expect(try folio.run("undo").status == 0)
            #expect(folio.read("ideas/sides.md") == text)
        }
        let said = try folio.run("conflicts", "resolve", "ideas/sides.md", "--keep", "mine")
        #expect(said.stdout.contains("kept this device's side (after `<<<<<<<`) of the 2 conflict hunks"), "\(said.stdout)")
        // A name that is neither a copy nor a file with markers keeps the copy's error.
        #expect(try folio.run("conflicts", "resolve", "nothing-here", "--keep", "mine").status != 0)
    }

    @Test("without --keep, a file without markers is refused and nothing changes")
    func noMarkers() throws {
        let folio = try FolioProcess.vault()
        #expect(try folio.run("idea", "calm").status == 0)
        let result = try folio.run("conflicts", "resolve", "calm")
        #expect(result.status == 1)
        #expect(result.stderr.contains("'calm' holds no conflict markers"), "\(result.stderr)")
    }
}
