import Foundation
import TestSupport
import Testing

/// Conflict markers committed by another git client (GitJournal, obsidian-git on a phone, a plain
/// `git merge` committed as it stood), made with the real `git`: check names them, conflicts lists
/// them, resolve merges both sides as sync does, losing no line, in one commit, and sync commits no new file with them.
@Suite("Conflict markers from other git clients")
struct ConflictMarkerTests {
    static let record = "ideas/2026/11/2026-11-22-umbrella.md"

    /// How the phone's plain git takes in the laptop's change: a merge commit (as GitJournal and
    /// `git pull` do), or a rebase whose rewritten commit carries the markers (no merge commit).
    enum PhonePull {
        case merge
        case rebase
    }

    /// Device A (folio) and a plain git clone, "phone", share a record (`start` edits it before
    /// both have it); `laptop` and `phone` edit it, the laptop's record moving to `laptopPath` when
    /// given; the phone takes the laptop's change with git (`pull`, in `style`), commits the
    /// markers as GitJournal does, runs `afterwards` in its clone, and pushes; A syncs them in.
    /// Returns A, each side's version of the file, and the path of the file with the markers.
    static func markersCommitted(
        style: String, pull: PhonePull = .merge, start: (String) -> String = { $0 }, laptopPath: String? = nil,
        laptop: (String) -> String, phone: (String) -> String, afterwards: (URL) throws -> Void = { _ in },
        onA: ((FolioProcess) throws -> Void)? = nil
    ) throws -> (devices: Devices, ours: String, theirs: String, path: String) {
        let devices = try Devices.make(["A"])
        let a = devices["A"]
        #expect(try a.run("idea", "umbrella", "--desc", "The old one broke.").status == 0)
        let first = try #require(a.read(record))
        try a.write(record, start(first + "Look at the shop by the station.\nBlue or black.\nBring it on Monday.\n"))
        try devices.sync("A")
        let clone = devices.base.appendingPathComponent("phone")
        _ = try git(["clone", "-q", devices.remote, clone.path], in: devices.base)

        let laptopText = laptop(try #require(a.read(record)))
        if let laptopPath {
            try FileManager.default.removeItem(at: a.directory.appendingPathComponent(record))
            try FileManager.default.createDirectory(
                at: a.directory.appendingPathComponent(laptopPath).deletingLastPathComponent(), withIntermediateDirectories: true)
        }
        try a.write(laptopPath ?? record, laptopText)
        try devices.sync("A")
        let phoneFile = clone.appendingPathComponent(record)
        let phoneText = phone(try String(contentsOf: phoneFile, encoding: .utf8))
        try phoneText.write(to: phoneFile, atomically: true, encoding: .utf8)
        _ = try git(["commit", "-qam", "edit on the phone"], in: clone)
        switch pull {
        case .merge:
            let merge = try git(["-c", "merge.conflictStyle=\(style)", "pull", "--no-rebase", "origin", "main"], in: clone)
            #expect(merge.contains("CONFLICT"), "\(merge)")
            _ = try git(["add", "-A"], in: clone)
            _ = try git(["commit", "-q", "-m", "merge on the phone"], in: clone)
        case .rebase:
            let rebase = try git(["-c", "merge.conflictStyle=\(style)", "pull", "--rebase", "origin", "main"], in: clone)
            #expect(rebase.contains("CONFLICT"), "\(rebase)")
            _ = try git(["add", "-A"], in: clone)
            _ = try git(["-c", "core.editor=true", "rebase", "--continue"], in: clone)
            #expect(try git(["log", "-1", "--format=%P"], in: clone).split(separator: " ").count == 1, "no merge commit")
        }
        try afterwards(clone)
        _ = try git(["push", "-q", "origin", "main"], in: clone)
        if let onA {
            // A changed the record too before it syncs: sync meets the markers.
            try onA(a)
            try devices.sync("A")
            return (devices, laptopText, phoneText, laptopPath ?? record)
        }
        try devices.sync("A")
        let marked = try #require(
            try git(["grep", "-l", "^<<<<<<< ", "HEAD", "--", "ideas"], in: a.directory).split(separator: "\n").first
                .map { String($0.dropFirst("HEAD:".count)) })
        let committed = try #require(a.read(marked))
        #expect(committed.contains("<<<<<<< ") && committed.contains(">>>>>>> "), "\(committed)")
        return (devices, laptopText, phoneText, marked)
    }

    /// The line (1-based) of the first `<<<<<<<` in `text`.
    static func firstMarkerLine(_ text: String) -> Int {
        (text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("<<<<<<< ") } ?? -1) + 1
    }

    /// Check names it, conflicts lists it, resolve makes one commit whose record reads and holds no
    /// marker, and every line of both sides is in the record or the conflict copy beside it.
    static func resolveLosingNothing(
        _ made: (devices: Devices, ours: String, theirs: String, path: String), superseded: [String] = []
    ) throws -> (record: String, copy: String?) {
        let a = made.devices["A"]
        let record = made.path
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
        let folder = (record as NSString).deletingLastPathComponent
        let copies = try FileManager.default.contentsOfDirectory(atPath: a.directory.appendingPathComponent(folder).path)
            .filter { $0.contains(".conflict-") }
        let copy = copies.first.flatMap { a.read(folder + "/" + $0) }
        // Every line but `tags`, which merge as sets (checked by the test that changes them), and
        // the lines a test names as superseded (an older `modified`, a key one side removed).
        for line in (made.ours + made.theirs).split(separator: "\n")
        where !line.hasPrefix("tags:") && !superseded.contains(where: { line.hasPrefix($0) }) {
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
        #expect(made.devices["A"].read(made.path)?.contains("||||||| ") == true)
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

    // MARK: - The base from history

    /// `text` with the line of `key` set to `key: value`, or removed when `value` is nil.
    static func setting(_ key: String, _ value: String?, in text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line in
            guard line.hasPrefix(key + ":") else { return String(line) }
            return value.map { key + ": " + $0 }
        }.joined(separator: "\n")
    }

    /// The front matter of a record's text, between its `---` lines.
    static func frontMatter(_ text: String) -> String {
        let parts = text.components(separatedBy: "---\n")
        return parts.count > 2 ? parts[1] : ""
    }

    /// Device B (the laptop) retitles the record at 10:00, device C (the phone) adds the tag
    /// `typhoon` at 11:00; both change `modified`, so plain git's hunk holds title, `modified` and tags.
    /// The record with its `tags` line right after its title, so that plain git's hunk holds both
    /// (changes to lines next to each other conflict): the laptop's title and the phone's tag.
    static func tagsAfterTitle(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let tags = lines.firstIndex(where: { $0.hasPrefix("tags:") }) else { return text }
        let line = lines.remove(at: tags)
        guard let title = lines.firstIndex(where: { $0.hasPrefix("title:") }) else { return text }
        lines.insert(line, at: title + 1)
        return lines.joined(separator: "\n")
    }

    static func retitled(_ text: String) -> String {
        setting(
            "modified", "2026-11-22T10:00:00+08:00", in: text.replacingOccurrences(of: "title: umbrella", with: "title: a new umbrella"))
    }

    static func tagged(_ text: String) -> String {
        setting("modified", "2026-11-22T11:00:00+08:00", in: setting("tags", "[typhoon]", in: text))
    }

    /// The record after the merge holds the laptop's title, the phone's tag and the later `modified`,
    /// with no conflict copy: each key only one side changed keeps that change.
    static func expectRetitledAndTagged(_ record: String, copy: String?, title: String = "a new umbrella", tag: String = "typhoon") {
        let front = frontMatter(record)
        #expect(front.contains("title: \(title)\n"), "\(record)")
        #expect(front.contains(tag), "\(record)")
        #expect(front.contains("modified: 2026-11-22T11:00:00+08:00\n"), "\(record)")
        #expect(copy == nil, "\(copy ?? "")")
    }

    @Test(
        "issue 70: one device retitles, another adds a tag, git commits the markers: resolve keeps both, the base from the merge's history")
    func titleOnOneSideTagOnTheOther() throws {
        let made = try Self.markersCommitted(
            style: "merge", start: Self.tagsAfterTitle, laptop: Self.retitled, phone: Self.tagged)
        let marked = made.devices["A"].read(made.path) ?? ""
        #expect(marked.contains("<<<<<<< HEAD\ntitle: umbrella\ntags: [typhoon]\n"), "\(marked)")
        #expect(marked.contains("=======\ntitle: a new umbrella\ntags: []\n") && !marked.contains("|||||||"), "\(marked)")
        let (record, copy) = try Self.resolveLosingNothing(made, superseded: ["modified:", "title: umbrella"])
        Self.expectRetitledAndTagged(record, copy: copy)
        #expect(
            record.hasSuffix("---\nThe old one broke.\nLook at the shop by the station.\nBlue or black.\nBring it on Monday.\n"),
            "\(record)")
    }

    @Test("a key one side removed stays removed while the other side's tag is kept")
    func keyRemovedOnOneSide() throws {
        let made = try Self.markersCommitted(
            style: "merge",
            laptop: { Self.setting("done", nil, in: Self.setting("modified", "2026-11-22T10:00:00+08:00", in: $0)) },
            phone: Self.tagged)
        let (record, copy) = try Self.resolveLosingNothing(made, superseded: ["modified:", "done:"])
        #expect(!Self.frontMatter(record).contains("done:"), "\(record)")
        #expect(Self.frontMatter(record).contains("typhoon"), "\(record)")
        #expect(copy == nil, "\(copy ?? "")")
    }

    @Test("tags changed on both sides differently: a tag one side removed stays removed, both sides' additions are kept")
    func tagsChangedOnBothSides() throws {
        let made = try Self.markersCommitted(
            style: "merge", start: { Self.setting("tags", "[rain, shop]", in: $0) },
            laptop: { Self.setting("modified", "2026-11-22T10:00:00+08:00", in: Self.setting("tags", "[rain, red]", in: $0)) },
            phone: { Self.setting("modified", "2026-11-22T11:00:00+08:00", in: Self.setting("tags", "[rain, shop, gift]", in: $0)) })
        let (record, copy) = try Self.resolveLosingNothing(made, superseded: ["modified:"])
        let front = Self.frontMatter(record)
        #expect(front.contains("rain") && front.contains("red") && front.contains("gift") && !front.contains("shop"), "\(record)")
        #expect(copy == nil, "\(copy ?? "")")
    }

    @Test("a key changed on one side and the body on the other: both changes kept, no copy")
    func bodyOnOneSideKeyOnTheOther() throws {
        let made = try Self.markersCommitted(
            style: "merge",
            laptop: { Self.setting("done", "true", in: Self.setting("modified", "2026-11-22T10:00:00+08:00", in: $0)) },
            phone: { Self.tagged($0).replacingOccurrences(of: "Blue or black.", with: "Blue, for the typhoon.") })
        let (record, copy) = try Self.resolveLosingNothing(made, superseded: ["modified:", "done: false", "Blue or black."])
        #expect(Self.frontMatter(record).contains("done: true\n") && Self.frontMatter(record).contains("typhoon"), "\(record)")
        #expect(record.contains("\nBlue, for the typhoon.\n") && !record.contains("Blue or black."), "\(record)")
        #expect(copy == nil, "\(copy ?? "")")
    }

    @Test("zh-Hant: 一邊改標題、一邊加標籤「颱風」，兩個都留下")
    func traditionalChinese() throws {
        let made = try Self.markersCommitted(
            style: "merge",
            start: {
                Self.tagsAfterTitle($0).replacingOccurrences(of: "title: umbrella", with: "title: 雨傘").replacingOccurrences(
                    of: "Blue or black.", with: "藍色還是黑色？")
            },
            laptop: {
                Self.setting("modified", "2026-11-22T10:00:00+08:00", in: $0.replacingOccurrences(of: "title: 雨傘", with: "title: 新的雨傘"))
            },
            phone: { Self.setting("modified", "2026-11-22T11:00:00+08:00", in: Self.setting("tags", "[颱風]", in: $0)) })
        let (record, copy) = try Self.resolveLosingNothing(made, superseded: ["modified:", "title: 雨傘"])
        Self.expectRetitledAndTagged(record, copy: copy, title: "新的雨傘", tag: "颱風")
        #expect(record.contains("\n藍色還是黑色？\n"), "\(record)")
    }

    @Test("diff3 markers with a base section: the same merge, title and tag both kept")
    func diff3TitleAndTag() throws {
        let made = try Self.markersCommitted(style: "diff3", start: Self.tagsAfterTitle, laptop: Self.retitled, phone: Self.tagged)
        #expect(made.devices["A"].read(made.path)?.contains("||||||| ") == true)
        let (record, copy) = try Self.resolveLosingNothing(made, superseded: ["modified:", "title: umbrella"])
        Self.expectRetitledAndTagged(record, copy: copy)
    }

    @Test(
        "markers a rebase committed (no merge commit): the diff3 base section is the base; without one, a key both sides show differently is kept in a copy"
    )
    func markersFromARebase() throws {
        let withBase = try Self.markersCommitted(
            style: "diff3", pull: .rebase, start: Self.tagsAfterTitle, laptop: Self.retitled, phone: Self.tagged)
        let (record, copy) = try Self.resolveLosingNothing(withBase, superseded: ["modified:", "title: umbrella"])
        Self.expectRetitledAndTagged(record, copy: copy)

        // Two sides and no base: the titles differ, so one stays and the other is in the copy; the tag is kept.
        let twoSides = try Self.markersCommitted(
            style: "merge", pull: .rebase, start: Self.tagsAfterTitle, laptop: Self.retitled, phone: Self.tagged)
        let (merged, kept) = try Self.resolveLosingNothing(twoSides, superseded: ["modified:"])
        #expect(Self.frontMatter(merged).contains("typhoon"), "\(merged)")
        let titles = [merged, kept ?? ""].map { Self.frontMatter($0) }
        #expect(
            titles.contains { $0.contains("title: a new umbrella\n") } && titles.contains { $0.contains("title: umbrella\n") }, "\(titles)")
    }

    @Test("the file renamed after the merge, or renamed by one side before it: the base is found by path through history")
    func renamedRecord() throws {
        let after = try Self.markersCommitted(
            style: "merge", start: Self.tagsAfterTitle, laptop: Self.retitled, phone: Self.tagged,
            afterwards: { clone in
                _ = try git(["mv", Self.record, "ideas/2026/11/2026-11-22-typhoon-umbrella.md"], in: clone)
                _ = try git(["commit", "-q", "-m", "rename on the phone"], in: clone)
            })
        #expect(after.path == "ideas/2026/11/2026-11-22-typhoon-umbrella.md")
        let (record, copy) = try Self.resolveLosingNothing(after, superseded: ["modified:", "title: umbrella"])
        Self.expectRetitledAndTagged(record, copy: copy)

        let before = try Self.markersCommitted(
            style: "merge", start: Self.tagsAfterTitle, laptopPath: "ideas/2026/11/2026-11-22-a-new-umbrella.md", laptop: Self.retitled,
            phone: Self.tagged)
        #expect(before.path == "ideas/2026/11/2026-11-22-a-new-umbrella.md")
        let (moved, movedCopy) = try Self.resolveLosingNothing(before, superseded: ["modified:", "title: umbrella"])
        Self.expectRetitledAndTagged(moved, copy: movedCopy)
    }

    @Test("sync meets the committed markers with this device's own change: the markers are merged against their base from history first")
    func syncMergesMarkersAgainstTheirBase() throws {
        let made = try Self.markersCommitted(
            style: "merge", start: Self.tagsAfterTitle, laptop: Self.retitled, phone: Self.tagged,
            onA: { a in
                let text = try #require(a.read(Self.record))
                try a.write(Self.record, text.replacingOccurrences(of: "Bring it on Monday.", with: "Bring it on Friday."))
            })
        let a = made.devices["A"]
        let record = try #require(a.read(made.path))
        Self.expectRetitledAndTagged(record, copy: nil)
        #expect(record.hasSuffix("Blue or black.\nBring it on Friday.\n") && !record.contains("<<<<<<<"), "\(record)")
        let copies = try FileManager.default.contentsOfDirectory(atPath: a.directory.appendingPathComponent("ideas/2026/11").path)
            .filter { $0.contains(".conflict-") }
        #expect(copies.isEmpty, "\(copies)")
        #expect(try git(["status", "--porcelain"], in: a.directory).isEmpty)
    }

    @Test("the file added on both sides: no base in history, so what differs is kept in a copy and nothing is lost")
    func addedOnBothSides() throws {
        let devices = try Devices.make(["A"])
        let a = devices["A"]
        let clone = devices.base.appendingPathComponent("phone")
        _ = try git(["clone", "-q", devices.remote, clone.path], in: devices.base)
        let path = "ideas/both.md"
        let laptop =
            "---\nid: both-1\nkind: idea\ntitle: from the laptop\nmodified: 2026-11-22T10:00:00+08:00\ntags: []\n---\nsame first line\n"
        let phone =
            "---\nid: both-1\nkind: idea\ntitle: from the phone\nmodified: 2026-11-22T11:00:00+08:00\ntags: [typhoon]\n---\nsame first line\n"
        try a.write(path, laptop)
        try devices.sync("A")
        try FileManager.default.createDirectory(at: clone.appendingPathComponent("ideas"), withIntermediateDirectories: true)
        try phone.write(to: clone.appendingPathComponent(path), atomically: true, encoding: .utf8)
        _ = try git(["add", "-A"], in: clone)
        _ = try git(["commit", "-q", "-m", "add on the phone"], in: clone)
        let merge = try git(["-c", "merge.conflictStyle=merge", "pull", "--no-rebase", "origin", "main"], in: clone)
        #expect(merge.contains("CONFLICT (add/add)"), "\(merge)")
        _ = try git(["commit", "-q", "-a", "-m", "merge on the phone"], in: clone)
        _ = try git(["push", "-q", "origin", "main"], in: clone)
        try devices.sync("A")
        #expect(a.read(path)?.contains("<<<<<<< ") == true)

        let resolved = try a.run("conflicts", "resolve", path)
        #expect(resolved.status == 0, "\(resolved.stderr)")
        let record = a.read(path) ?? ""
        let copies = try FileManager.default.contentsOfDirectory(atPath: a.directory.appendingPathComponent("ideas").path)
            .filter { $0.hasPrefix("both.conflict-") }
        #expect(copies.count == 1, "\(copies)")
        let copy = a.read("ideas/" + (copies.first ?? "")) ?? ""
        #expect(record.contains("title: from the phone\n") && copy.contains("title: from the laptop\n"), "\(record)\n\(copy)")
        #expect(record.contains("typhoon") && record.hasSuffix("---\nsame first line\n"), "\(record)")
        #expect(try git(["status", "--porcelain"], in: a.directory).isEmpty)
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
