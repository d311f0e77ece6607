import FolioCore
import FolioStore
import Foundation
import Git

extension History: WritersLockGuard {
    /// Before a command writes: leaves this process's owner mark, removes the git locks a folio
    /// that died left, waits for git's own locks (`git.lock_wait` seconds), and finishes a sync a
    /// crash interrupted.
    /// - Throws: ``FolioError`` ``LockMessage/gitLockHeld(path:waited:)`` when git's lock stays.
    public func writersLockTaken(_ vault: Vault) throws(FolioError) {
        // Before anything is written: the control files every commit makes git read (the root's
        // and the repository's own) are files git can read without waiting for ever.
        if let bad = ControlFiles.problem(forPaths: [], workdir: root, gitDirectory: repository.gitDirectory) {
            throw FolioError(.file(.gitFileNotRegular), file: bad)
        }
        let marks = GitWriterMarks.Folder(localDirectory: vault.localDirectory)
        GitWriterMarks.shared.begin(marks)
        let removed = try GitLocks.waitForGit(
            gitDirectory: repository.gitDirectory, workTree: root, marks: marks, label: ".git/",
            wait: Self.lockWait(vault))
        for path in removed { say(.staleLockRemoved(path)) }
        if try finishInterruptedUpdate(localDirectory: vault.localDirectory) { say(.interruptedSyncFinished) }
        try finishPendingCommit(vault)
        // A vault an older folio set up (or a clone unlocked by hand since) may lack git's settings
        // for git-crypt and LFS: a stock git would then stage plain photos. Written before anything is.
        // A key that cannot be read (which `crypt unlock` is about to replace), or a configuration
        // git cannot write, is met and said by the command's own steps.
        // try?: the settings are then left for the next command.
        if let written = try? configureStockGit(vault, during: .status), !written.isEmpty { say(.stockGitConfigured(written)) }
    }

    /// Makes the commit a command killed after writing its files left (``PendingCommit``): the
    /// files of it that are there, with its message; said when it committed anything.
    func finishPendingCommit(_ vault: Vault) throws(FolioError) {
        guard let pending = PendingCommit.load(vault.localDirectory) else { return }
        let present = pending.paths.filter { FileManager.default.fileExists(atPath: vault.url($0).path) }
        defer { PendingCommit.clear(vault.localDirectory) }
        if try commit(paths: present, summary: pending.message, vault: vault) != nil {
            say(.interruptedCommitFinished(summary: pending.message, files: present.count))
        }
    }

    public func writersLockReleasing(_ vault: Vault) {
        GitWriterMarks.shared.end(GitWriterMarks.Folder(localDirectory: vault.localDirectory))
    }

    /// The `git.lock_wait` setting, in seconds, never above this device's ceiling.
    static func lockWait(_ vault: Vault) -> Int {
        vault.limit("git.lock_wait") ?? GitLocks.defaultWaitSeconds
    }

    func say(_ notice: Message) {
        if let tell { tell(notice) } else { notices.append(notice) }
    }
}
