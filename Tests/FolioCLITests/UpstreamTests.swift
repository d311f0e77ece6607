import Foundation
import TestSupport
import Testing

/// A folio vault is a git repository a person can drive with plain `git pull`, `git push` and
/// `git status`: folio records the branch's upstream as `git clone` does.
@Suite("Upstream tracking for plain git")
struct UpstreamTests {
    /// The first line of `git status -sb`: `## main...origin/main` when the upstream is known.
    func branchLine(_ directory: URL) throws -> String {
        String(try Tool.git(["status", "-sb"], in: directory).split(separator: "\n").first ?? "")
    }

    func upstream(_ directory: URL) throws -> [String] {
        [try Tool.git(["config", "branch.main.remote"], in: directory), try Tool.git(["config", "branch.main.merge"], in: directory)]
    }

    @Test("folio clone and init --remote set main's upstream: git status -sb, git pull and git push work without setup")
    func cloneAndInit() throws {
        let devices = try Devices.make()
        let a = devices["A"].directory
        let b = devices["B"].directory
        for directory in [a, b] {
            #expect(try upstream(directory) == ["origin", "refs/heads/main"])
            #expect(try branchLine(directory) == "## main...origin/main")
        }

        // Another device's record arrives with plain `git pull`.
        #expect(try devices["A"].run("idea", "用 git pull 拿到的").status == 0)
        try devices.sync("A")
        let path = try devices.path(of: "用 git pull 拿到的", on: "A")
        try Tool.git(["pull"], in: b)
        #expect(FileManager.default.fileExists(atPath: b.appendingPathComponent(path).path))
        #expect(try branchLine(b) == "## main...origin/main")

        // A hand edit leaves with plain `git push`, and folio on the other device receives it.
        try devices["B"].write(path, (devices["B"].read(path) ?? "") + "用 git 推上去的一行\n")
        try Tool.git(["commit", "-qam", "a hand edit"], in: b)
        #expect(try branchLine(b) == "## main...origin/main [ahead 1]")
        try Tool.git(["push"], in: b)
        #expect(try branchLine(b) == "## main...origin/main")
        try devices.sync("A")
        #expect(devices["A"].read(path)?.contains("用 git 推上去的一行") == true)
    }

    @Test("folio config set sync.remote sets the upstream; a sync gives it to a vault that lacks it and keeps one the user chose")
    func configSetAndOlderVaults() throws {
        let folio = try FolioProcess.vault()
        let bare = folio.directory.deletingLastPathComponent().appendingPathComponent("remote-\(UUID().uuidString.prefix(8)).git")
        try Tool.git(["init", "-q", "--bare", "-b", "main", bare.path], in: folio.directory)
        defer { try? FileManager.default.removeItem(at: bare) }

        #expect(try folio.run("config", "set", "sync.remote", bare.path).status == 0)
        #expect(try upstream(folio.directory) == ["origin", "refs/heads/main"])
        #expect(try folio.run("sync").status == 0)
        #expect(try branchLine(folio.directory) == "## main...origin/main")
        try Tool.git(["push"], in: folio.directory)

        // A vault made by an older folio: origin set, no upstream. The next sync records it.
        try Tool.git(["config", "--unset", "branch.main.remote"], in: folio.directory)
        try Tool.git(["config", "--unset", "branch.main.merge"], in: folio.directory)
        #expect(try folio.run("idea", "舊的保險庫").status == 0)
        #expect(try folio.run("sync").status == 0)
        #expect(try upstream(folio.directory) == ["origin", "refs/heads/main"])

        // An upstream the user chose stays.
        try Tool.git(["remote", "add", "backup", bare.path], in: folio.directory)
        try Tool.git(["config", "branch.main.remote", "backup"], in: folio.directory)
        #expect(try folio.run("sync").status == 0)
        #expect(try upstream(folio.directory) == ["backup", "refs/heads/main"])
    }
}
