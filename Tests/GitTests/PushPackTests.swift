import Clibgit2
import Foundation
import TestSupport
import Testing

@testable import Git

/// How folio's pushes build their pack: the delta window bounded by memory, for folio only.
@Suite struct PushPackTests {
    /// The whole-number setting `name` as this handle's libgit2 sees it, or nil.
    private func setting(_ name: String, of repository: Repository) -> Int64? {
        var config: OpaquePointer?
        guard git_repository_config_snapshot(&config, repository.pointer) == 0 else { return nil }
        defer { git_config_free(config) }
        var value: Int64 = 0
        guard git_config_get_int64(&value, config, name) == 0 else {
            git_error_clear()
            return nil
        }
        return value
    }

    private func leftoverSettingsFiles(of repository: Repository) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: repository.gitDirectory.path).filter { $0.hasPrefix("folio-pack-") }
    }

    @Test func theBoundHoldsForThePushAlone() throws {
        let scratch = try Scratch()
        let repository = try Repository.create(at: scratch.path("vault"))
        let during = try repository.withDeltaWindowBounded {
            (setting("pack.windowmemory", of: repository), try? leftoverSettingsFiles(of: repository).count)
        }
        #expect(during.0 == Int64(Repository.deltaWindowMemory))
        #expect(during.1 == 0, "the settings file is gone once libgit2 has read it, and the bound still holds")
        #expect(setting("pack.windowmemory", of: repository) == nil)
        #expect(try leftoverSettingsFiles(of: repository).isEmpty, "the settings file is gone")
        let gitSees = try? Tool.git(["config", "--get", "pack.windowMemory"], in: repository.root())
        #expect(gitSees == nil || gitSees == "", "git's own commands never see it")
    }

    @Test func aPushStillSendsDeltasAndLeavesTheConfigurationWritable() throws {
        let scratch = try Scratch()
        let repository = try Repository.create(at: scratch.path("vault"))
        _ = try Repository.create(at: scratch.path("hub.git"), bare: true)
        try repository.setRemote(url: scratch.path("hub.git").path)
        // Records alike enough to be stored as deltas of each other.
        var files: [String: String] = [:]
        for number in 0..<40 {
            files["ideas/2026/\(number % 4)/\(number).md"] = String(repeating: "rain walk evening coffee \(number % 3)\n", count: 40)
        }
        let head = try repository.commitFiles(files, "records", minute: 0)
        try repository.push(refspec: "refs/heads/main:refs/heads/main")

        let hub = scratch.path("hub.git")
        #expect(try Tool.git(["rev-parse", "refs/heads/main"], in: hub) == head.hex)
        try Tool.git(["fsck", "--strict"], in: hub)
        let packs = try FileManager.default.contentsOfDirectory(atPath: hub.appendingPathComponent("objects/pack").path)
            .filter { $0.hasSuffix(".idx") }.map { hub.appendingPathComponent("objects/pack/" + $0).path }
        #expect(try Tool.git(["verify-pack", "-v"] + packs, in: hub).contains("chain length = 1"))

        // A setting written after the push lands in the repository's own file, as before it.
        try repository.setRemote(name: "mirror", url: scratch.path("mirror.git").path)
        #expect(try Tool.git(["config", "remote.mirror.url"], in: repository.root()) == scratch.path("mirror.git").path)
    }
}
