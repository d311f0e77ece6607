import FolioCore
import Foundation
import Testing

@testable import FolioStore

/// What folio could not look at is said, never taken for "nothing there": a listing that fails
/// is not an empty folder, a file that cannot be read names no media yet may.
@Suite("What could not be looked at is said")
struct UncheckedIsSaidTests {
    static let sha = String(repeating: "ab", count: 32)

    /// A vault with one media file, named by one record.
    func vaultWithMedia() throws -> TemporaryVault {
        let t = try TemporaryVault()
        try t.write("media/ab/\(Self.sha).jpg", "not really a photo")
        try t.write("notes/photo.md", "---\nid: 01JDPHOTO\nkind: note\ntitle: photo\n---\n![](../media/ab/\(Self.sha).jpg)\n")
        return t
    }

    @Test("a folder that is not there lists as empty; one that cannot be listed is an error naming it")
    func folderNames() throws {
        let t = try TemporaryVault()
        #expect(try Vault.folderNames(at: t.root.appendingPathComponent("nothing").path, shown: "nothing").isEmpty)
        try t.write("afile", "x")
        #expect(throws: FolioError.self) { try Vault.folderNames(at: t.root.appendingPathComponent("afile").path, shown: "afile") }
        do {
            _ = try Vault.folderNames(at: t.root.appendingPathComponent("afile").path, shown: "afile")
        } catch {
            #expect(error.file == "afile")
            guard case .folderUnreadable = error.message else {
                Issue.record("\(error.message)")
                return
            }
        }
    }

    @Test("media no record names: a Markdown file that cannot be read stops the answer, one that went away or is a pipe names nothing")
    func unreadableMarkdownStopsGarbageCollection() throws {
        let t = try vaultWithMedia()
        #expect(try t.vault.unreferencedMedia().isEmpty)
        // A pipe, and a link to nothing: neither can name a file.
        #expect(mkfifo(t.root.appendingPathComponent("notes/pipe.md").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: t.root.appendingPathComponent("notes/gone.md").path, withDestinationPath: "nowhere.md")
        #expect(try t.vault.unreferencedMedia().isEmpty)
        for name in ["pipe.md", "gone.md"] {
            let path = t.root.appendingPathComponent("notes/" + name).path
            #expect((try? Vault.hashesMentioned(inFile: path, shown: name).get()) == [], "\(name)")
        }
        // A file that cannot be opened (a link that loops; as another user, one without read
        // permission) could name any media: the answer fails, naming it.
        let loop = t.root.appendingPathComponent("notes/loop.md").path
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: "loop.md")
        guard case .failure(let error) = Vault.hashesMentioned(inFile: loop, shown: "notes/loop.md") else {
            Issue.record("a file that cannot be read named nothing")
            return
        }
        #expect(error.file == "notes/loop.md")
        // The templates' folder, which may name media too, when it cannot be listed.
        try FileManager.default.removeItem(at: t.root.appendingPathComponent(".folio/templates"))
        try t.write(".folio/templates", "a file where the folder was")
        #expect(throws: FolioError.self) { try t.vault.unreferencedMedia() }
        #expect(throws: FolioError.self) {
            try t.vault.removeUnreferencedMedia([StoredMedia(path: "media/ab/\(Self.sha).jpg", bytes: 18, sha256: Self.sha)])
        }
        #expect(t.exists("media/ab/\(Self.sha).jpg"), "nothing removed")
    }

    @Test("media/ that cannot be listed: check says it could not check media files, and calls no file missing")
    func mediaFolderUnlisted() throws {
        let t = try vaultWithMedia()
        try FileManager.default.removeItem(at: t.root.appendingPathComponent("media"))
        try t.write("media", "a file where the folder was")
        let set = t.vault.loadRecords()
        let findings = t.vault.checkMedia(set, quick: true)
        #expect(findings.count == 1)
        guard case .notChecked(.mediaFiles, let error)? = findings.first else {
            Issue.record("\(findings)")
            return
        }
        #expect(error.file == "media")
        #expect(findings.first?.isWarning == false, "a check that could not look does not pass")
        #expect(findings.first?.message.message.text(.en).hasPrefix("could not check media files: could not read the folder") == true)
        #expect(throws: FolioError.self) { try t.vault.unreferencedMedia() }
    }

    @Test("an edit's leftover drafts in a .folio/local that cannot be listed are an error, never none")
    func draftsUnlisted() throws {
        let t = try TemporaryVault()
        #expect(try t.vault.leftoverDrafts(of: "01JDPHOTO").isEmpty)
        try? FileManager.default.removeItem(at: t.vault.localDirectory)
        try t.write(".folio/local", "a file where the folder goes")
        #expect(throws: FolioError.self) { try t.vault.leftoverDrafts(of: "01JDPHOTO") }
        // Clean-up of old drafts is the one place an unlistable folder is passed over.
        #expect(t.vault.removeStaleDrafts() == 0)
    }

    @Test("statistics of a kind the vault does not define are refused, never counted without it")
    func statisticsOfUnknownKind() throws {
        let t = try TemporaryVault()
        let selection = try t.vault.select(RecordFilter(), in: t.vault.catalog(), workingDirectory: nil)
        #expect(throws: FolioError.self) { try t.vault.statistics(StatsRequest(kind: "billiards"), of: selection) }
        #expect(try t.vault.statistics(StatsRequest(kind: "idea"), of: selection).total == 0)
    }
}
