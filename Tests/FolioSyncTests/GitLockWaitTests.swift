import FolioCore
import FolioStore
import Foundation
import Git
import TestSupport
import Testing

@testable import FolioSync

@Suite("Waiting for git's locks")
struct GitLockWaitTests {
    @Test("a commit waits while git holds index.lock for a moment, then goes through")
    func commitWaitsForIndexLock() throws {
        let scratch = try Scratch()
        let device = try Device.first(at: scratch.path("vault"), name: "A", remote: scratch.path("remote.git").path)
        let lock = scratch.path("vault/.git/index.lock")
        try device.vault.withLock { () throws(FolioError) in
            // Taken after folio's check, as a `git commit` started meanwhile would.
            _ = FileManager.default.createFile(atPath: lock.path, contents: Data())
            let releaser = Thread {
                usleep(600_000)
                unlink(lock.path)
            }
            releaser.start()
            let record = try device.vault.create(NewRecord(kind: "idea", title: "等一下"))
            #expect(device.vault.recordingProblems.isEmpty, "\(device.vault.recordingProblems)")
            #expect(!record.path.isEmpty)
        }
        #expect(try device.history.handChanges(during: .status).isEmpty)
    }
}
