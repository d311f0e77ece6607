import FolioCore
import FolioStore
import Foundation
import Git
import TestSupport
import Testing

@testable import FolioSync

@Suite("What log, status and undo ask of the history")
struct HistoryLogTests {
    /// A vault of its own with its history, committing every change as the folio command does.
    func device(_ scratch: Scratch) throws -> (Vault, History) {
        let directory = scratch.path("vault")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try History.initialise(at: directory)
        let vault = try Vault.initialise(at: directory, owner: Owner(name: "林小雨"), language: .en, clock: Clock.from(environment: [:]))
        let history = try #require(try History.open(vault, environment: ["FOLIO_DEVICE": "laptop"]))
        _ = try history.commitHandChanges(in: vault, message: "init: new vault")
        vault.recorder = history
        return (vault, history)
    }

    @Test("a commit's time is written in the zone of the device that made it")
    func entryTime() {
        let entry = HistoryEntry(
            commit: "c", date: Date(timeIntervalSince1970: 1_795_860_251), offsetMinutes: 480, author: "a", device: nil, message: "m",
            paths: [])
        #expect(entry.time.text == "2026-11-28T18:04:11+08:00")
    }

    @Test("log follows a record named now, a record path that is gone, or a media file by its hash prefix")
    func logPaths() throws {
        let scratch = try Scratch()
        let (vault, history) = try device(scratch)
        let idea = try vault.create(NewRecord(kind: "idea", title: "雨天散步"))
        let cwd = vault.root
        #expect(try history.logPath(record: "雨天散步", media: nil, in: vault, workingDirectory: cwd) == idea.path)
        #expect(
            try history.logPath(record: "ideas/2020/01/gone.md", media: nil, in: vault, workingDirectory: cwd) == "ideas/2020/01/gone.md")
        #expect(try history.logPath(record: nil, media: nil, in: vault, workingDirectory: cwd) == nil)
        try scratch.write("vault/media/ab/abcdef0123.jpg", "jpeg")
        #expect(try history.mediaPath("ABCDEF", in: vault, workingDirectory: cwd) == "media/ab/abcdef0123.jpg")
        #expect(throws: FolioError(.media(.notFound("abc")))) { try history.mediaPath("abc", in: vault, workingDirectory: cwd) }
        try scratch.write("vault/media/ab/abcdef9999.jpg", "jpeg")
        #expect(throws: FolioError.self) { try history.mediaPath("abcdef", in: vault, workingDirectory: cwd) }
    }

    @Test("undo reverts this device's newest change, or only names it with dryRun")
    func undo() throws {
        let scratch = try Scratch()
        let (vault, history) = try device(scratch)
        let idea = try vault.create(NewRecord(kind: "idea", title: "雨天散步"))
        let planned = try #require(try history.undoLast(in: vault, force: false, dryRun: true))
        #expect(planned.paths == [idea.path])
        #expect(FileManager.default.fileExists(atPath: vault.url(idea.path).path))
        _ = try history.undoLast(in: vault, force: false, dryRun: false)
        #expect(!FileManager.default.fileExists(atPath: vault.url(idea.path).path))
    }

    @Test("status says in a few words why a changed file is held back from commits")
    func heldBack() throws {
        let scratch = try Scratch()
        let (vault, history) = try device(scratch)
        try scratch.write("vault/notes/key.md", "---\nkind: note\ntitle: k\n---\nsk-proj-0123456789abcdefghijklmnopqrstuvwxyzABCD\n")
        let notes = try history.heldBackNotes(["notes/key.md"], in: vault)
        guard case .guarded(.heldBackSecret) = notes["notes/key.md"] else {
            Issue.record("\(notes)")
            return
        }
    }

    @Test("clone names the folder for the remote, as git clone does, and takes a path from where it was started")
    func cloneTargets() {
        #expect(History.defaultDirectory(for: "git@host:me/journal.git") == "journal")
        #expect(History.defaultDirectory(for: "https://host/me/日記") == "日記")
        #expect(History.defaultDirectory(for: "/") == "journal")
        #expect(History.isLocalPath("../vault.git") && History.isLocalPath("/srv/vault") && History.isLocalPath("vault"))
        #expect(!History.isLocalPath("git@host:me/v.git") && !History.isLocalPath("file:///srv/v") && !History.isLocalPath("ssh://h/v"))
    }

    @Test("sync --watch: the interval asked, else sync.interval, else 10 seconds; a round that did nothing is idle")
    func watching() throws {
        let scratch = try Scratch()
        let (vault, _) = try device(scratch)
        #expect(History.watchInterval(5, settings: vault.settings) == 5)
        #expect(History.watchInterval(nil, settings: vault.settings) == 10)
        var settings = vault.settings
        try settings.set("sync.interval", to: "30")
        #expect(History.watchInterval(nil, settings: settings) == 30)
        #expect(SyncReport().isIdle)
        var report = SyncReport()
        report.received = 1
        #expect(!report.isIdle)
    }
}
