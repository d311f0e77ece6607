import Foundation
import TestSupport
import Testing

/// Conflict copies handled through folio: listed by `check` and `conflicts`, settled by
/// `conflicts resolve`, shown and removed by path. The copies come from a real sync between two
/// devices through a bare git repository.
@Suite("folio conflicts: copies sync kept, listed and settled")
struct ConflictsTests {
    /// Devices A and B with the idea retitled on both; B synced last keeps its title, and A's
    /// version is the copy on B. Returns the devices, the record's path and the copy's path.
    static func conflicted(_ title: String = "original title") throws -> (Devices, String, String) {
        var devices = try Devices.make()
        let path = try devices.retitleOnBoth(title, onA: "A's title", onB: "B's title").path
        try devices.sync("A", "B")
        let copy = (path as NSString).deletingPathExtension + ".conflict-a-20261122-020000.md"
        #expect(devices["B"].read(copy) != nil, "the sync made no conflict copy")
        return (devices, path, copy)
    }

    @Test("check and conflicts list every copy beside its record; status agrees")
    func listsEveryCopy() throws {
        var (devices, path, copy) = try Self.conflicted()
        let second = try devices.retitleOnBoth("second idea", onA: "A's second", onB: "B's second").path
        try devices.sync("A", "B")
        let secondCopy = (second as NSString).deletingPathExtension + ".conflict-a-20261122-020000.md"
        let b = devices["B"]
        let check = try b.run("check")
        #expect(check.status == 1)
        for (copyPath, record) in [(copy, path), (secondCopy, second)] {
            #expect(check.stdout.contains("\(copyPath): warning: a conflict copy sync kept beside \(record)"), "\(check.stdout)")
            #expect(
                check.stdout.contains("then delete this copy. `folio conflicts resolve` does it in one step (--keep mine, theirs or both).")
            )
        }
        let listed = try b.run("conflicts")
        #expect(listed.status == 0)
        #expect(listed.stdout.contains("2 conflict copies"), "\(listed.stdout)")
        #expect(listed.stdout.contains("  \(copy) → \(path)  (a, 2026-11-22 02:00:00 UTC)"), "\(listed.stdout)")
        #expect(listed.stdout.contains("  \(secondCopy) → \(second)"))
        let json = try #require(try b.json("conflicts", "--json") as? [[String: Any]])
        #expect(json.map { $0["copy"] as? String ?? "" } == [copy, secondCopy].sorted())
        #expect(json.first?["record_exists"] as? Bool == true && json.first?["device"] as? String == "a")
        let status = try #require(try b.json("status", "--json") as? [String: Any])
        #expect(status["conflicts"] as? [String] == [copy, secondCopy].sorted())
    }

    @Test("resolve --keep mine removes the copy in one commit, and one undo brings it back")
    func keepMine() throws {
        let (devices, path, copy) = try Self.conflicted()
        let b = devices["B"]
        let before = b.read(path)
        let copyText = b.read(copy)
        let commits = try b.commitCount()
        let resolved = try b.run("conflicts", "resolve", copy, "--keep", "mine")
        #expect(resolved.status == 0, "\(resolved.stderr)")
        #expect(resolved.stdout.contains("kept \(path) as it is; removed the conflict copy \(copy)."), "\(resolved.stdout)")
        #expect(b.read(path) == before && b.read(copy) == nil)
        #expect(try b.commitCount() == commits + 1)
        #expect(try b.run("check").status == 0)
        #expect(try b.run("undo").status == 0)
        #expect(b.read(copy) == copyText, "undo brings the copy back")
    }

    @Test("resolve --keep theirs by the record's name puts the copy's version in its place")
    func keepTheirs() throws {
        let (devices, path, copy) = try Self.conflicted()
        let b = devices["B"]
        let copyText = b.read(copy)
        let resolved = try b.run("conflicts", "resolve", "original-title", "--keep", "theirs", "--json")
        #expect(resolved.status == 0, "\(resolved.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(resolved.stdout.utf8)) as? [String: Any])
        #expect(json["copy"] as? String == copy && json["record"] as? String == path && json["keep"] as? String == "theirs")
        #expect(b.read(path) == copyText && b.read(copy) == nil)
        #expect(try b.run("show", path).stdout.contains("title: A's title"))
    }

    @Test("resolve --keep both appends the other side's body under a heading with its differing keys")
    func keepBoth() throws {
        var (devices, path, copy) = try Self.conflicted()
        // The copy's body differs from the record's too.
        let b = devices["B"]
        let copyText = try #require(b.read(copy))
        try b.write(copy, copyText + "\nWritten on A.\n")
        try git(["commit", "-qam", "hand edit of the copy"], in: b.directory)
        devices["B"].environment["FOLIO_NOW"] = "2026-11-22T12:00:00+08:00"
        let resolved = try devices["B"].run("conflicts", "resolve", copy, "--keep", "both")
        #expect(resolved.status == 0, "\(resolved.stderr)")
        #expect(
            resolved.stdout.contains("appended the conflict copy's body to \(path) (keys that differ: title); removed \(copy)."),
            "\(resolved.stdout)")
        let text = try #require(b.read(path))
        #expect(text.contains("title: B's title"))
        #expect(
            text.contains(
                "## The other version (a, 2026-11-22 02:00:00 UTC)\n\nKeys that differed in that version:\n\n- title: A's title\n\nWritten on A.\n"
            ), "\(text)")
        #expect(b.read(copy) == nil)
    }

    @Test("a record with no copy, and a record with two, are named as such")
    func refusals() throws {
        let (devices, _, _) = try Self.conflicted()
        let b = devices["B"]
        try b.run("idea", "calm idea")
        let none = try b.run("conflicts", "resolve", "calm-idea", "--keep", "mine")
        #expect(none.status == 1)
        #expect(none.stderr.contains("'calm-idea' is neither a conflict copy nor a record that has one"), "\(none.stderr)")
        let bad = try b.run("conflicts", "resolve", "calm-idea", "--keep", "everything")
        #expect(bad.status == 2)
    }

    @Test("show and rm take a conflict copy's path; rm removes it in one commit")
    func showAndRemove() throws {
        let (devices, path, copy) = try Self.conflicted()
        let b = devices["B"]
        let shown = try b.run("show", copy)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout == b.read(copy))
        let json = try #require(try b.json("show", copy, "--json") as? [String: Any])
        #expect(json["title"] as? String == "A's title" && json["conflict_copy_of"] as? String == path)
        let refused = try b.run("rm", copy)
        #expect(refused.status == 1 && b.read(copy) != nil, "off a terminal rm needs --yes")
        let commits = try b.commitCount()
        let removed = try b.run("rm", copy, "--yes")
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout.contains("removed 1 conflict copy."), "\(removed.stdout)")
        #expect(b.read(copy) == nil && b.read(path) != nil)
        #expect(try b.commitCount() == commits + 1)
    }
}
