import FolioCore
import Foundation
import TestSupport
import Testing

@testable import FolioSync

// MARK: - Fixtures

private let recordPath = "ideas/2026-03-01-paint-the-fence.md"

private let baseRecord = """
    ---
    id: 3f2a9c1e-7b4d-4e2a-9c1e-7b4d4e2a9c1e
    kind: idea
    title: Paint the fence
    created: 2026-03-01T09:00:00+08:00
    modified: 2026-03-01T09:00:00+08:00
    tags: [home, outdoor]
    status: open   # open, done or blocked
    description: Before the rain comes
    ---
    Buy paint.
    Sand the old boards.
    Two coats.

    """

/// `text` with each `(old, new)` replaced; every `old` must be there.
private func edited(_ text: String, _ replacements: (String, String)...) -> String {
    var text = text
    for (old, new) in replacements {
        precondition(text.contains(old), "fixture lacks \(old)")
        text = text.replacingOccurrences(of: old, with: new)
    }
    return text
}

private func bytes(_ text: String) -> Data { Data(text.utf8) }
private func text(_ data: Data?) -> String { data.map { String(decoding: $0, as: UTF8.self) } ?? "<deleted>" }

/// 2026-03-02 at `hour`:00 UTC.
private func march2(_ hour: Int) -> Date {
    Date(timeIntervalSince1970: 1_772_409_600 + TimeInterval(hour * 3600))
}

private func side(_ text: String, _ device: String, _ commit: Date = march2(0)) -> MergeVersion {
    MergeVersion(data: bytes(text), device: device, commitTime: commit)
}

private let markers = ["<<<<<<<", "=======", ">>>>>>>"]

private func hasMarkers(_ data: Data?) -> Bool {
    let text = text(data)
    return markers.contains { text.contains($0) }
}

/// Merges both ways round, checks the two devices would converge and that no conflict markers
/// were written, and returns the outcome.
@discardableResult
private func mergeBothWays(
    _ path: String, base: String?, _ a: MergeVersion?, _ b: MergeVersion?,
    sourceLocation: SourceLocation = #_sourceLocation
) -> MergeOutcome {
    mergeBothWays(path, base: base.map(bytes), a, b, sourceLocation: sourceLocation)
}

@discardableResult
private func mergeBothWays(
    _ path: String, base: Data?, _ a: MergeVersion?, _ b: MergeVersion?,
    sourceLocation: SourceLocation = #_sourceLocation
) -> MergeOutcome {
    let one = RecordMerge.merge(path: path, base: base, ours: a, theirs: b)
    let two = RecordMerge.merge(path: path, base: base, ours: b, theirs: a)
    #expect(one.data == two.data, "not symmetric:\n\(text(one.data))\n---- vs ----\n\(text(two.data))", sourceLocation: sourceLocation)
    #expect(one.additionalFiles == two.additionalFiles, "additional files not symmetric", sourceLocation: sourceLocation)
    #expect(one.conflicts == two.conflicts, "conflicts not symmetric", sourceLocation: sourceLocation)
    let inputs = [base, a?.data, b?.data]
    if !inputs.contains(where: hasMarkers) {
        #expect(!hasMarkers(one.data), "conflict markers in \(text(one.data))", sourceLocation: sourceLocation)
        for file in one.additionalFiles {
            #expect(!hasMarkers(file.data), "conflict markers in \(file.path)", sourceLocation: sourceLocation)
        }
    }
    return one
}

// MARK: - Records

@Suite struct RecordMergeTests {
    @Test func doneOnOneDeviceAndDescriptionAndBodyOnTheOtherKeepsBoth() {
        // The laptop ticks the idea off (folio sets done_at after status) and rewords the first line.
        let laptop = edited(
            baseRecord,
            ("modified: 2026-03-01T09:00:00+08:00", "modified: 2026-03-02T10:00:00+08:00"),
            ("status: open   # open, done or blocked", "status: done   # open, done or blocked\ndone_at: 2026-03-02T10:00:00+08:00"),
            ("Buy paint.", "Buy green paint."))
        // The phone rewrites the description and adds a line at the end, an hour later.
        let phone = edited(
            baseRecord,
            ("modified: 2026-03-01T09:00:00+08:00", "modified: 2026-03-02T11:00:00+08:00"),
            ("description: Before the rain comes", "description: Before the autumn rain"),
            ("Two coats.\n", "Two coats.\nClean the brushes.\n"))
        let outcome = mergeBothWays(recordPath, base: baseRecord, side(laptop, "laptop"), side(phone, "phone"))
        #expect(outcome.conflicts.isEmpty)
        #expect(outcome.additionalFiles.isEmpty)
        #expect(
            text(outcome.data) == """
                ---
                id: 3f2a9c1e-7b4d-4e2a-9c1e-7b4d4e2a9c1e
                kind: idea
                title: Paint the fence
                created: 2026-03-01T09:00:00+08:00
                modified: 2026-03-02T11:00:00+08:00
                tags: [home, outdoor]
                status: done   # open, done or blocked
                done_at: 2026-03-02T10:00:00+08:00
                description: Before the autumn rain
                ---
                Buy green paint.
                Sand the old boards.
                Two coats.
                Clean the brushes.

                """)
    }

    @Test func sameTitleEditedDifferentlyNewerWinsAndTheLoserIsKeptAsAConflictCopy() {
        let laptop = edited(
            baseRecord,
            ("title: Paint the fence", "title: Paint the fence green"),
            ("modified: 2026-03-01T09:00:00+08:00", "modified: 2026-03-02T10:00:00+08:00"),
            ("Two coats.", "Two coats, green."))
        let phone = edited(
            baseRecord,
            ("title: Paint the fence", "title: Paint the fence white"),
            ("modified: 2026-03-01T09:00:00+08:00", "modified: 2026-03-02T11:15:30+08:00"),
            ("status: open", "status: blocked"))
        // The laptop's commit is later, but the phone's `modified` is: the phone wins.
        let outcome = mergeBothWays(
            recordPath, base: baseRecord, side(laptop, "Anna's MacBook Air", march2(9)), side(phone, "phone", march2(4)))
        #expect(outcome.conflicts == ["title"])
        // The winner's title and status, the loser's clean body edit.
        #expect(text(outcome.data) == edited(phone, ("Two coats.", "Two coats, green.")))
        // The loser's file, byte for byte, named after its device and its `modified` in UTC.
        #expect(
            outcome.additionalFiles == [
                MergedFile(
                    path: "ideas/2026-03-01-paint-the-fence.conflict-anna-s-macbook-air-20260302-020000.md",
                    data: bytes(laptop), reason: .conflictCopy)
            ])
    }

    @Test func tagsAddedOnBothSidesAndOneRemovedMergeAsASet() {
        // Laptop (newer, the winner): adds paint, removes outdoor.
        let laptop = edited(
            baseRecord,
            ("tags: [home, outdoor]", "tags: [home, paint]"),
            ("modified: 2026-03-01T09:00:00+08:00", "modified: 2026-03-02T12:00:00+08:00"))
        // Phone: re-cases home (the same tag), adds Weekend and PAINT (the same as laptop's paint).
        let phone = edited(
            baseRecord,
            ("tags: [home, outdoor]", "tags: [Home, outdoor, Weekend, PAINT]"),
            ("modified: 2026-03-01T09:00:00+08:00", "modified: 2026-03-02T11:00:00+08:00"))
        let outcome = mergeBothWays(recordPath, base: baseRecord, side(laptop, "laptop"), side(phone, "phone"))
        #expect(outcome.conflicts.isEmpty)
        #expect(outcome.additionalFiles.isEmpty)
        // The merged list is a changed key: written as a new one is, in Obsidian's block style.
        #expect(text(outcome.data) == edited(laptop, ("tags: [home, paint]", "tags:\n  - home\n  - paint\n  - Weekend")))
    }

    @Test func tagsWrittenAsOneTextMergeAsTheNamesItHolds() {
        // Typed in an editor as Obsidian takes it: one text, names parted by commas.
        let base = edited(baseRecord, ("tags: [home, outdoor]", "tags: home, outdoor"))
        // Laptop (newer, the winner) adds paint in the same way; the phone removes outdoor from a list.
        let laptop = edited(
            base, ("tags: home, outdoor", "tags: home, outdoor, paint"),
            ("modified: 2026-03-01T09:00:00+08:00", "modified: 2026-03-02T12:00:00+08:00"))
        let phone = edited(
            base, ("tags: home, outdoor", "tags: [home]"), ("modified: 2026-03-01T09:00:00+08:00", "modified: 2026-03-02T11:00:00+08:00"))
        let outcome = mergeBothWays(recordPath, base: base, side(laptop, "laptop"), side(phone, "phone"))
        #expect(outcome.conflicts.isEmpty)
        // Read as one tag a side, the merge kept `home, outdoor, paint` beside `home`. The merged
        // list is a changed key: written as a new one is, in Obsidian's block style.
        #expect(text(outcome.data) == edited(laptop, ("tags: home, outdoor, paint", "tags:\n  - home\n  - paint")))
    }

    @Test func blockTagListsKeepTheirStyle() {
        let base = edited(baseRecord, ("tags: [home, outdoor]", "tags:\n  - home\n  - outdoor"))
        let laptop = edited(
            base, ("  - outdoor", "  - outdoor\n  - paint"), ("modified: 2026-03-01T09:00:00+08:00", "modified: 2026-03-02T12:00:00+08:00"))
        let phone = edited(base, ("  - home\n", ""), ("modified: 2026-03-01T09:00:00+08:00", "modified: 2026-03-02T11:00:00+08:00"))
        let outcome = mergeBothWays(recordPath, base: base, side(laptop, "laptop"), side(phone, "phone"))
        #expect(outcome.conflicts.isEmpty)
        #expect(text(outcome.data).contains("tags:\n  - outdoor\n  - paint\nstatus:"))
    }

    @Test func createdKeepsTheEarliestAndModifiedTheLatest() {
        // The laptop moves `created` a day back; the phone moves it to an earlier hour written in UTC.
        let laptop = edited(
            baseRecord,
            ("created: 2026-03-01T09:00:00+08:00", "created: 2026-02-28T09:00:00+08:00"),
            ("modified: 2026-03-01T09:00:00+08:00", "modified: 2026-03-02T10:00:00+08:00"))
        let phone = edited(
            baseRecord,
            ("created: 2026-03-01T09:00:00+08:00", "created: 2026-03-01T00:30:00Z"),
            ("modified: 2026-03-01T09:00:00+08:00", "modified: 2026-03-02T03:00:00Z"))
        let outcome = mergeBothWays(recordPath, base: baseRecord, side(laptop, "laptop"), side(phone, "phone"))
        #expect(outcome.conflicts.isEmpty)
        #expect(outcome.additionalFiles.isEmpty)
        // 03:00Z is later than 10:00+08:00 (02:00Z): the phone's file with the laptop's earlier `created`.
        #expect(text(outcome.data) == edited(phone, ("created: 2026-03-01T00:30:00Z", "created: 2026-02-28T09:00:00+08:00")))
    }

    @Test func keyRemovedOnOneSideAndKeyAddedOnTheOther() {
        let laptop = edited(
            baseRecord,
            ("description: Before the rain comes\n", ""),
            ("modified: 2026-03-01T09:00:00+08:00", "modified: 2026-03-02T12:00:00+08:00"))
        let phone = edited(
            baseRecord,
            ("kind: idea\n", "kind: idea\n# the phone's note\n"),
            ("status: open   # open, done or blocked\n", "status: open   # open, done or blocked\npriority: high\n"),
            ("modified: 2026-03-01T09:00:00+08:00", "modified: 2026-03-02T11:00:00+08:00"))
        let outcome = mergeBothWays(recordPath, base: baseRecord, side(laptop, "laptop"), side(phone, "phone"))
        #expect(outcome.conflicts.isEmpty)
        // The winner's layout (no phone comment), the phone's new key after status, no description.
        #expect(
            text(outcome.data)
                == edited(laptop, ("status: open   # open, done or blocked\n", "status: open   # open, done or blocked\npriority: high\n")))
    }

    @Test func bodyConflictKeepsTheWinnersBodyAndBothFrontMatterChanges() {
        let laptop = edited(
            baseRecord,
            ("status: open", "status: done"),
            ("Sand the old boards.", "Sand the boards twice."),
            ("modified: 2026-03-01T09:00:00+08:00", "modified: 2026-03-02T10:00:00+08:00"))
        let phone = edited(
            baseRecord,
            ("description: Before the rain comes", "description: Soon"),
            ("Sand the old boards.", "Skip sanding."),
            ("modified: 2026-03-01T09:00:00+08:00", "modified: 2026-03-02T11:00:00+08:00"))
        let outcome = mergeBothWays(recordPath, base: baseRecord, side(laptop, "laptop"), side(phone, "phone"))
        #expect(outcome.conflicts == ["body"])
        #expect(text(outcome.data) == edited(phone, ("status: open", "status: done")))
        #expect(outcome.additionalFiles.map(\.path) == ["ideas/2026-03-01-paint-the-fence.conflict-laptop-20260302-020000.md"])
        #expect(outcome.additionalFiles.first?.data == bytes(laptop))
        #expect(outcome.additionalFiles.first?.reason == .conflictCopy)
    }

    @Test func equalModifiedFallsBackToCommitTimeThenBytes() {
        // Both edited by hand in another editor: `modified` untouched on both sides.
        let laptop = edited(baseRecord, ("title: Paint the fence", "title: Fence, laptop"))
        let phone = edited(baseRecord, ("title: Paint the fence", "title: Fence, phone"))
        let byCommit = mergeBothWays(recordPath, base: baseRecord, side(laptop, "laptop", march2(5)), side(phone, "phone", march2(6)))
        #expect(text(byCommit.data) == phone)
        #expect(byCommit.additionalFiles.map(\.path) == ["ideas/2026-03-01-paint-the-fence.conflict-laptop-20260301-010000.md"])

        // Same commit time too: the greater bytes win ("p" > "l"), whichever side is ours.
        let byBytes = mergeBothWays(recordPath, base: baseRecord, side(laptop, "laptop"), side(phone, "phone"))
        #expect(text(byBytes.data) == phone)
        #expect(byBytes.additionalFiles.first?.data == bytes(laptop))
    }

    @Test func loserWithoutModifiedIsNamedByItsCommitTime() {
        let base = edited(baseRecord, ("modified: 2026-03-01T09:00:00+08:00\n", ""))
        let laptop = edited(base, ("title: Paint the fence", "title: A"))
        let phone = edited(
            base, ("title: Paint the fence", "title: B"),
            ("created: 2026-03-01T09:00:00+08:00\n", "created: 2026-03-01T09:00:00+08:00\nmodified: 2026-03-02T10:00:00+08:00\n"))
        // Only one side has `modified`, so the later commit decides: the phone.
        let outcome = mergeBothWays(recordPath, base: base, side(laptop, "", march2(1)), side(phone, "phone", march2(7)))
        #expect(text(outcome.data) == phone)
        #expect(outcome.additionalFiles.map(\.path) == ["ideas/2026-03-01-paint-the-fence.conflict-device-20260302-010000.md"])
    }

    // MARK: Deletion and trivial cases

    @Test func deleteVersusEditKeepsTheEdit() {
        let phone = edited(baseRecord, ("status: open", "status: done"))
        let outcome = mergeBothWays(recordPath, base: baseRecord, nil, side(phone, "phone"))
        #expect(outcome.data == bytes(phone))
        #expect(outcome.additionalFiles.isEmpty)
        #expect(outcome.conflicts.isEmpty)
    }

    @Test func trivialCases() {
        let changed = edited(baseRecord, ("status: open", "status: done"))
        // Deleted on one side, untouched on the other: deleted.
        #expect(mergeBothWays(recordPath, base: baseRecord, nil, side(baseRecord, "phone")).data == nil)
        // Deleted on both.
        #expect(mergeBothWays(recordPath, base: baseRecord, nil, nil).data == nil)
        // Changed on one side only.
        let one = mergeBothWays(recordPath, base: baseRecord, side(baseRecord, "laptop"), side(changed, "phone"))
        #expect(one.data == bytes(changed))
        #expect(one.additionalFiles.isEmpty && one.conflicts.isEmpty)
        // The same change on both.
        #expect(mergeBothWays(recordPath, base: baseRecord, side(changed, "laptop"), side(changed, "phone")).data == bytes(changed))
        // Added on one side only.
        #expect(mergeBothWays(recordPath, base: nil as Data?, nil, side(changed, "phone")).data == bytes(changed))
    }

    // MARK: Added on both sides

    @Test func addedOnBothSidesWithDifferentIDsKeepsBoth() {
        let laptop = edited(baseRecord, ("id: 3f2a9c1e-7b4d-4e2a-9c1e-7b4d4e2a9c1e", "id: b71c04d2-0000-4000-8000-000000000001"))
        let phone = edited(
            baseRecord, ("id: 3f2a9c1e-7b4d-4e2a-9c1e-7b4d4e2a9c1e", "id: a0e9f3c4-0000-4000-8000-000000000002"),
            ("title: Paint the fence", "title: Paint the fence (phone)"))
        let outcome = mergeBothWays(recordPath, base: nil as String?, side(laptop, "laptop", march2(9)), side(phone, "phone"))
        #expect(outcome.conflicts.isEmpty)
        // a0e9… sorts first and keeps the path; b71c… moves aside under its short id.
        #expect(outcome.data == bytes(phone))
        #expect(
            outcome.additionalFiles == [
                MergedFile(path: "ideas/2026-03-01-paint-the-fence-b71c04d2.md", data: bytes(laptop), reason: .renamedRecord)
            ])
    }

    @Test func addedOnBothSidesWithTheSameIDMergesFromAnEmptyBase() {
        let laptop = edited(
            baseRecord,
            ("modified: 2026-03-01T09:00:00+08:00", "modified: 2026-03-01T09:05:00+08:00"),
            ("tags: [home, outdoor]", "tags: [home, laptop]"))
        let phone = edited(
            baseRecord,
            ("created: 2026-03-01T09:00:00+08:00", "created: 2026-03-01T08:59:00+08:00"),
            ("title: Paint the fence", "title: Paint the gate"),
            ("tags: [home, outdoor]", "tags: [phone, home]"))
        let outcome = mergeBothWays(recordPath, base: nil as String?, side(laptop, "laptop"), side(phone, "phone"))
        // Laptop is newer: its title stays; tags are the union; created is the phone's earlier one.
        #expect(outcome.conflicts == ["title"])
        #expect(
            text(outcome.data)
                == edited(
                    laptop,
                    ("created: 2026-03-01T09:00:00+08:00", "created: 2026-03-01T08:59:00+08:00"),
                    ("tags: [home, laptop]", "tags:\n  - home\n  - laptop\n  - phone")))
        #expect(outcome.additionalFiles.map(\.path) == ["ideas/2026-03-01-paint-the-fence.conflict-phone-20260301-010000.md"])
        #expect(outcome.additionalFiles.first?.data == bytes(phone))
    }

    // MARK: Files that are not read as records

    @Test func unparsableSideIsMergedAsText() {
        // The laptop broke the front matter (a tab-indented key); the phone changed the last line.
        let laptop = edited(baseRecord, ("kind: idea\n", "kind: idea\n\tbroken: [\n"))
        let phone = edited(baseRecord, ("Two coats.", "Three coats."))
        let clean = mergeBothWays(recordPath, base: baseRecord, side(laptop, "laptop"), side(phone, "phone"))
        #expect(clean.conflicts.isEmpty)
        #expect(clean.additionalFiles.isEmpty)
        #expect(text(clean.data) == edited(laptop, ("Two coats.", "Three coats.")))

        // Both changed the same line: the later commit wins, the other is copied by its commit time.
        let laptop2 = edited(laptop, ("Two coats.", "One coat."))
        let conflicted = mergeBothWays(recordPath, base: baseRecord, side(laptop2, "laptop", march2(3)), side(phone, "phone", march2(2)))
        #expect(conflicted.conflicts == ["file"])
        #expect(conflicted.data == bytes(laptop2))
        #expect(
            conflicted.additionalFiles == [
                MergedFile(
                    path: "ideas/2026-03-01-paint-the-fence.conflict-phone-20260302-020000.md", data: bytes(phone), reason: .conflictCopy)
            ])
    }

    @Test func configYAMLMergesLineByLine() {
        let path = ".folio/config.yaml"
        let base = "language: en\neditor: vim\nsync:\n  remote: origin\n  interval: 60\n"
        let laptop = "language: en\neditor: nano\nsync:\n  remote: origin\n  interval: 60\n"
        let phone = "language: en\neditor: vim\nsync:\n  remote: origin\n  interval: 300\n"
        let clean = mergeBothWays(path, base: base, side(laptop, "laptop"), side(phone, "phone"))
        #expect(text(clean.data) == "language: en\neditor: nano\nsync:\n  remote: origin\n  interval: 300\n")
        #expect(clean.additionalFiles.isEmpty && clean.conflicts.isEmpty)

        let phone2 = "language: en\neditor: helix\nsync:\n  remote: origin\n  interval: 60\n"
        let conflicted = mergeBothWays(path, base: base, side(laptop, "laptop", march2(12)), side(phone2, "Pixel 8", march2(13)))
        #expect(conflicted.data == bytes(phone2))
        #expect(conflicted.conflicts == ["file"])
        #expect(
            conflicted.additionalFiles == [
                MergedFile(path: ".folio/config.conflict-laptop-20260302-120000.yaml", data: bytes(laptop), reason: .conflictCopy)
            ])
    }

    @Test func binaryFilesAreNeverLineMerged() {
        let base = Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0x0A, 0x01, 0x0A])
        let laptop = Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0x0A, 0x02, 0x0A])
        let phone = Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0x0B, 0x01, 0x0A])
        let outcome = mergeBothWays(
            "media/photo.png", base: base,
            MergeVersion(data: laptop, device: "laptop", commitTime: march2(1)),
            MergeVersion(data: phone, device: "phone", commitTime: march2(2)))
        #expect(outcome.data == phone)
        #expect(
            outcome.additionalFiles == [
                MergedFile(path: "media/photo.conflict-laptop-20260302-010000.png", data: laptop, reason: .conflictCopy)
            ])
    }

    @Test func crlfRecordsStayCRLF() {
        let crlf = { (text: String) in text.replacingOccurrences(of: "\n", with: "\r\n") }
        let base = crlf(baseRecord)
        let laptop = crlf(
            edited(
                baseRecord, ("status: open", "status: done"), ("modified: 2026-03-01T09:00:00+08:00", "modified: 2026-03-02T10:00:00+08:00")
            ))
        let phone = crlf(
            edited(
                baseRecord, ("Two coats.\n", "Two coats.\nClean up.\n"),
                ("modified: 2026-03-01T09:00:00+08:00", "modified: 2026-03-02T11:00:00+08:00")))
        let outcome = mergeBothWays(recordPath, base: base, side(laptop, "laptop"), side(phone, "phone"))
        #expect(outcome.conflicts.isEmpty)
        #expect(
            text(outcome.data)
                == crlf(
                    edited(
                        baseRecord, ("status: open", "status: done"), ("Two coats.\n", "Two coats.\nClean up.\n"),
                        ("modified: 2026-03-01T09:00:00+08:00", "modified: 2026-03-02T11:00:00+08:00"))))

        // A device that only converted the line endings does not stop the other side's edit.
        let converted = mergeBothWays(
            recordPath, base: baseRecord, side(crlf(baseRecord), "windows", march2(1)),
            side(phone.replacingOccurrences(of: "\r\n", with: "\n"), "phone"))
        #expect(converted.conflicts.isEmpty)
        #expect(text(converted.data).contains("Clean up.\n"))
    }

    // MARK: Names

    @Test func conflictCopyAndRenamedNames() {
        #expect(RecordMerge.deviceSlug("Anna's MacBook Air") == "anna-s-macbook-air")
        #expect(RecordMerge.deviceSlug("李的 iPhone 15 ") == "iphone-15")
        #expect(RecordMerge.deviceSlug("") == "device")
        #expect(RecordMerge.deviceSlug("日記") == "device")
        #expect(RecordMerge.conflictCopyPath(for: ".gitignore", device: "x", epochSeconds: 0) == ".gitignore.conflict-x-19700101-000000")
        #expect(RecordMerge.conflictCopyPath(for: "Makefile", device: "x", epochSeconds: 86_399) == "Makefile.conflict-x-19700101-235959")
        #expect(
            RecordMerge.conflictCopyPath(for: "a/b.c/notes.v2.md", device: "x", epochSeconds: -1)
                == "a/b.c/notes.v2.conflict-x-19691231-235959.md")
        #expect(RecordMerge.renamedRecordPath(for: "profile.md", id: "ab/c") == "profile-ab-c.md")
        // Dates out of range never trap.
        #expect(RecordMerge.epochSeconds(Date(timeIntervalSince1970: .infinity)) == 0)
        #expect(RecordMerge.utcStamp(Int.max) == "99991231-235959")
    }
}

// MARK: - Properties over random edits

/// A record as fields, tags and body lines, rendered the way folio writes it.
private struct Model {
    var fields: [(String, String)] = [
        ("id", "3f2a9c1e-7b4d-4e2a-9c1e-7b4d4e2a9c1e"), ("kind", "idea"), ("title", "Paint the fence"),
        ("created", "2026-03-01T09:00:00+08:00"), ("modified", "2026-03-01T09:00:00+08:00"),
        ("status", "open"), ("description", "Before the rain comes"),
    ]
    var tags = ["home", "outdoor"]
    var body = (1...8).map { "Line \($0) of the plan." }

    var text: String {
        var lines = ["---"]
        for (key, value) in fields {
            lines.append("\(key): \(value)")
            if key == "modified" { lines.append("tags: [\(tags.joined(separator: ", "))]") }
        }
        lines.append("---")
        return (lines + body).joined(separator: "\n") + "\n"
    }

    mutating func set(_ key: String, _ value: String) {
        if let index = fields.firstIndex(where: { $0.0 == key }) { fields[index].1 = value } else { fields.append((key, value)) }
    }

    /// One to four random edits by `device`, and always a new `modified`.
    mutating func randomEdits(_ device: String, _ rng: inout SplitMix64) {
        for step in 0..<Int.random(in: 1...4, using: &rng) {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: set("title", one(of: ["Paint the fence green", "Paint the fence white", "Fix the gate"], &rng))
            case 1: set("status", one(of: ["done", "blocked", "open"], &rng))
            case 2:
                if Bool.random(using: &rng) {
                    fields.removeAll { $0.0 == "description" }
                } else {
                    set("description", "Said \(device) \(step)")
                }
            case 3: set(one(of: ["priority", "due", "owner"], &rng), "\(device)-\(step)")
            case 4: tags.append(one(of: ["paint", "Weekend", "garden", "HOME", device], &rng))
            case 5: if !tags.isEmpty { tags.remove(at: Int.random(in: 0..<tags.count, using: &rng)) }
            case 6: if !body.isEmpty { body[Int.random(in: 0..<body.count, using: &rng)] = "Edited by \(device) in step \(step)." }
            case 7: body.insert("Added by \(device) in step \(step).", at: Int.random(in: 0...body.count, using: &rng))
            case 8: if !body.isEmpty { body.remove(at: Int.random(in: 0..<body.count, using: &rng)) }
            default:
                set(
                    "created",
                    one(of: ["2026-02-27T09:00:00+08:00", "2026-03-01T00:00:00Z", "2026-03-01T09:00:00+08:00"], &rng))
            }
        }
        set("modified", one(of: ["2026-03-02T10:00:00+08:00", "2026-03-02T11:00:00+08:00", "2026-03-02T03:00:00Z"], &rng))
    }
}

/// One of `choices` (never empty here), chosen by `rng`.
private func one(of choices: [String], _ rng: inout SplitMix64) -> String {
    choices[Int.random(in: 0..<choices.count, using: &rng)]
}

private func lines(_ data: Data?) -> [String] {
    text(data).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}

private func tagSet(_ data: Data?) -> Set<String> {
    guard let document = try? FrontMatterDocument(parsing: text(data)) else { return [] }
    return Set(Record(path: recordPath, document: document).tags.map { $0.lowercased() })
}

@Suite struct RecordMergePropertyTests {
    @Test func randomEditPairsAreSymmetricLoseNoLineAndWriteNoMarkers() {
        var rng = SplitMix64(seed: 20_260_302)
        let devices = ["laptop", "phone"]
        let times = [march2(1), march2(2), march2(2)]
        var conflicted = 0
        for round in 0..<200 {
            let baseModel = Model()
            var a = baseModel
            var b = baseModel
            a.randomEdits(devices[0], &rng)
            b.randomEdits(devices[1], &rng)
            let addedOnBoth = round % 10 == 9
            let base: Data? = addedOnBoth ? nil : bytes(baseModel.text)
            let sideA = MergeVersion(data: bytes(a.text), device: devices[0], commitTime: times.randomElement(using: &rng)!)
            let sideB = MergeVersion(data: bytes(b.text), device: devices[1], commitTime: times.randomElement(using: &rng)!)
            let outcome = mergeBothWays(recordPath, base: base, sideA, sideB)
            let context = "round \(round):\n\(a.text)\n---- and ----\n\(b.text)\n---- gave ----\n\(text(outcome.data))"

            // The merged file is a record.
            #expect((try? FrontMatterDocument(parsing: text(outcome.data))) != nil, "\(context)")
            // A conflict copy is exactly one side's file; no copy without a conflict.
            #expect(outcome.additionalFiles.count == (outcome.conflicts.isEmpty ? 0 : 1), "\(context)")
            for file in outcome.additionalFiles {
                #expect(file.reason == .conflictCopy)
                #expect(file.data == sideA.data || file.data == sideB.data, "\(context)")
            }
            if !outcome.conflicts.isEmpty { conflicted += 1 }

            // Nothing either side wrote is lost: every line a side added or changed is in the merged
            // file or the copy (tags, created and modified are merged by rule and checked below),
            // and every line all three versions share is in the merged file.
            let kept = Set(lines(outcome.data) + outcome.additionalFiles.flatMap { lines($0.data) })
            let baseLines = Set(lines(base))
            let ruled = ["tags:", "created:", "modified:"]
            for line in lines(sideA.data) + lines(sideB.data)
            where !baseLines.contains(line) && !ruled.contains(where: line.hasPrefix) {
                #expect(kept.contains(line), "lost \(line)\n\(context)")
            }
            let merged = Set(lines(outcome.data))
            for line in baseLines.intersection(lines(sideA.data)).intersection(lines(sideB.data))
            where !ruled.contains(where: line.hasPrefix) {
                #expect(merged.contains(line), "lost shared \(line)\n\(context)")
            }

            // Tags: both sides' additions and removals, compared without case.
            let baseTags = addedOnBoth ? [] : tagSet(base)
            let tagsA = tagSet(sideA.data)
            let tagsB = tagSet(sideB.data)
            let expectedTags = baseTags.intersection(tagsA).intersection(tagsB).union(tagsA.subtracting(baseTags)).union(
                tagsB.subtracting(baseTags))
            #expect(tagSet(outcome.data) == expectedTags, "\(context)")

            // modified is the latest of the two, created the earliest.
            if let document = try? FrontMatterDocument(parsing: text(outcome.data)) {
                let record = Record(path: recordPath, document: document)
                let modified = [a, b].compactMap { model in model.fields.first { $0.0 == "modified" }.flatMap { Timestamp($0.1) } }
                let created = [a, b].compactMap { model in model.fields.first { $0.0 == "created" }.flatMap { Timestamp($0.1) } }
                #expect(record.modified?.epochSeconds == modified.map(\.epochSeconds).max(), "\(context)")
                #expect(record.created?.epochSeconds == created.map(\.epochSeconds).min(), "\(context)")
            }
        }
        // The seed exercises both clean merges and conflicts.
        #expect(conflicted > 10 && conflicted < 190)
    }

    @Test func randomBytesNeverTrapAndStaySymmetric() {
        var rng = SplitMix64(seed: 7)
        let pieces: [[UInt8]] = [
            Array("---\n".utf8), Array("\r\n".utf8), Array(": ".utf8), [0], [0xFF], [0xE6, 0x97], Array("tags: [".utf8),
            Array("modified: 2026-03-02T10:00:00Z\n".utf8), Array("id: x\n".utf8), Array("  - a\n".utf8), Array("&a *a".utf8),
            Array("\n".utf8), Array("title: \"".utf8), Array("|\n  x\n".utf8),
        ]
        func mutate(_ data: Data) -> Data {
            var bytes = Array(data)
            for _ in 0..<Int.random(in: 0...3, using: &rng) {
                let at = Int.random(in: 0...bytes.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: bytes.insert(contentsOf: pieces.randomElement(using: &rng)!, at: at)
                case 1: if at < bytes.count { bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...12, using: &rng))) }
                default: if at < bytes.count { bytes[at] = UInt8.random(in: 0...255, using: &rng) }
                }
            }
            return Data(bytes)
        }
        for round in 0..<300 {
            let base = round % 7 == 0 ? nil : mutate(bytes(baseRecord))
            let a = mutate(base ?? bytes(baseRecord))
            let b = mutate(base ?? bytes(baseRecord))
            let path = round % 3 == 0 ? "notes/x.yaml" : recordPath
            mergeBothWays(
                path, base: base,
                round % 11 == 0 ? nil : MergeVersion(data: a, device: "a", commitTime: march2(round % 2)),
                MergeVersion(data: b, device: "b", commitTime: march2(1)))
        }
    }
}
