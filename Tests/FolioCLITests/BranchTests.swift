import Foundation
import TestSupport
import Testing

/// Sync knows which branch it syncs: the remote's default (its HEAD), whatever its name; a
/// detached HEAD is refused with the fix; clone follows the remote's default; an empty remote and
/// a remote that already holds a vault get the command that fits; every count sync reports is of
/// what happened. Real bare repositories, by path and through git daemon.
@Suite("Branches: sync and clone follow the remote's default branch")
struct BranchTests {
    enum Transport: String, CaseIterable, Sendable { case path, daemon }

    /// A scratch folder with a bare repository whose HEAD names `head`, served by path or git daemon.
    final class Remote: @unchecked Sendable {
        let scratch: Scratch
        let bare: URL
        let url: String
        let daemon: GitDaemon?

        init(_ transport: Transport, head: String) throws {
            scratch = try Scratch("branches")
            bare = scratch.path("remote.git")
            _ = try git(["init", "-q", "--bare", "-b", head, bare.path], in: scratch.url)
            switch transport {
            case .path:
                daemon = nil
                url = bare.path
            case .daemon:
                let served = try GitDaemon(serving: scratch.url)
                daemon = served
                url = served.url("remote.git")
            }
        }

        /// A device's folio in the scratch folder (not yet a vault).
        func device(_ name: String) -> FolioProcess {
            var device = FolioProcess(directory: scratch.path(name), now: "2026-11-22T09:00:00+08:00")
            device.environment["FOLIO_DEVICE"] = name
            return device
        }

        /// The remote's branches and the commit each is at.
        func branches() throws -> [String: String] {
            let lines = try git(["for-each-ref", "--format=%(refname:short) %(objectname)", "refs/heads"], in: bare)
            var found: [String: String] = [:]
            for line in lines.split(separator: "\n") {
                let parts = line.split(separator: " ")
                if parts.count == 2 { found[String(parts[0])] = String(parts[1]) }
            }
            return found
        }
    }

    /// Device A's vault pushed to `branch` of the remote by plain git, as another git client (or
    /// an older folio) would leave it.
    func vaultOnBranch(_ remote: Remote, branch: String) throws -> FolioProcess {
        let a = remote.device("A")
        try FileManager.default.createDirectory(at: a.directory, withIntermediateDirectories: true)
        #expect(try a.run("init", ".", "--name", "林小雨", "--language", "en").status == 0)
        #expect(try a.run("idea", "from A").status == 0)
        _ = try git(["remote", "add", "origin", remote.bare.path], in: a.directory)
        _ = try git(["push", "-q", "origin", "HEAD:refs/heads/\(branch)"], in: a.directory)
        _ = try git(["branch", "-q", "--set-upstream-to=origin/\(branch)"], in: a.directory)
        #expect(try remote.branches().keys.sorted() == [branch])
        return a
    }

    @Test("clone of a remote whose default branch is master or neither name: the vault is cloned from it", arguments: Transport.allCases)
    func cloneFollowsTheDefault(_ transport: Transport) throws {
        for head in ["master", "journal"] {
            let remote = try Remote(transport, head: head)
            _ = try vaultOnBranch(remote, branch: head)
            let cloned = try FolioProcess(directory: remote.scratch.url).run("clone", remote.url, "B")
            #expect(cloned.status == 0, "\(head): \(cloned.stderr)")
            let b = remote.device("B")
            #expect(try b.run("list").stdout.contains("from A"), "\(head)")
            #expect(try git(["rev-parse", "--abbrev-ref", "@{upstream}"], in: b.directory) == "origin/\(head)\n")
        }
    }

    @Test(
        "devices on main and on master share the remote's default branch: each sync brings the other's records, no second branch appears",
        arguments: Transport.allCases)
    func devicesOnDifferentBranchNames(_ transport: Transport) throws {
        let remote = try Remote(transport, head: "master")
        let a = try vaultOnBranch(remote, branch: "master")
        // B is a vault whose own branch is called main, made by cloning with plain git.
        let b = remote.device("B")
        _ = try git(["clone", "-q", remote.bare.path, b.directory.path], in: remote.scratch.url)
        _ = try git(["branch", "-q", "-m", "master", "main"], in: b.directory)
        _ = try git(["branch", "-q", "--set-upstream-to=origin/master"], in: b.directory)
        _ = try git(["remote", "set-url", "origin", remote.url], in: b.directory)
        _ = try git(["remote", "set-url", "origin", remote.url], in: a.directory)

        #expect(try b.run("idea", "from B").status == 0)
        let sentB = try b.run("sync", "--json")
        #expect(sentB.status == 0, "\(sentB.stderr)")
        #expect(try a.run("idea", "from A again").status == 0)
        #expect(try a.run("sync").status == 0)
        #expect(try b.run("sync").status == 0)
        for device in [a, b] {
            let titles = try device.run("list").stdout
            #expect(titles.contains("from A") && titles.contains("from B") && titles.contains("from A again"), "\(titles)")
        }
        #expect(try remote.branches().keys.sorted() == ["master"], "no second branch on the remote")
    }

    @Test("sync on a detached HEAD is refused with the fix, sends nothing and says nothing was sent", arguments: Transport.allCases)
    func detachedHead(_ transport: Transport) throws {
        let remote = try Remote(transport, head: "main")
        let a = remote.device("A")
        try FileManager.default.createDirectory(at: a.directory, withIntermediateDirectories: true)
        #expect(try a.run("init", ".", "--name", "林小雨", "--language", "en", "--remote", remote.url).status == 0)
        #expect(try a.run("sync").status == 0)
        let before = try remote.branches()
        _ = try git(["checkout", "-q", "--detach"], in: a.directory)
        #expect(try a.run("idea", "while detached").status == 0)
        for _ in 0..<2 {
            let sync = try a.run("sync")
            #expect(sync.status == 1, "\(sync.stdout)\(sync.stderr)")
            #expect(!sync.stdout.contains("sent"), "\(sync.stdout)")
            #expect(sync.stderr.contains("detached") && sync.stderr.contains("git switch main"), "\(sync.stderr)")
        }
        #expect(try remote.branches() == before, "nothing was pushed")
    }

    @Test(
        "clone of an empty remote names the command that fits and leaves the remote bare and empty; that command then works",
        arguments: Transport.allCases)
    func cloneOfAnEmptyRemote(_ transport: Transport) throws {
        let remote = try Remote(transport, head: "master")
        let here = FolioProcess(directory: remote.scratch.url)
        let cloned = try here.run("clone", remote.url, "B")
        #expect(cloned.status == 1)
        #expect(cloned.stderr.contains("folio init B --remote \(remote.url)"), "\(cloned.stderr)")
        #expect(!FileManager.default.fileExists(atPath: remote.scratch.path("B").path), "no folder left behind")
        #expect(try git(["rev-parse", "--is-bare-repository"], in: remote.bare) == "true\n")

        #expect(try here.run("init", "B", "--name", "林小雨", "--language", "en", "--remote", remote.url).status == 0)
        let b = remote.device("B")
        #expect(try b.run("sync").status == 0)
        #expect(try git(["rev-parse", "--is-bare-repository"], in: remote.bare) == "true\n")
        #expect(try remote.branches().count == 1)
        let c = try here.run("clone", remote.url, "C")
        #expect(c.status == 0, "\(c.stderr)")
    }

    @Test(
        "init --remote against a remote that already holds a vault is refused, naming folio clone; nothing is made",
        arguments: Transport.allCases)
    func initAgainstAVault(_ transport: Transport) throws {
        let remote = try Remote(transport, head: "main")
        _ = try vaultOnBranch(remote, branch: "main")
        let before = try remote.branches()
        let here = FolioProcess(directory: remote.scratch.url)
        let made = try here.run("init", "C", "--name", "林小雨", "--language", "en", "--remote", remote.url)
        #expect(made.status == 1, "\(made.stderr)")
        #expect(made.stderr.contains("folio clone \(remote.url) C"), "\(made.stderr)")
        #expect(!FileManager.default.fileExists(atPath: remote.scratch.path("C").path))
        #expect(try remote.branches() == before)
    }

    @Test("the counts sync reports are what happened: sent is what the remote now has from here, received what arrived")
    func honestCounts() throws {
        let devices = try Devices.make()
        #expect(try devices["A"].run("idea", "one").status == 0)
        #expect(try devices["A"].run("idea", "two").status == 0)
        let sent = try #require(try devices["A"].json("sync", "--json") as? [String: Any])
        #expect(sent["sent"] as? Int == 2 && sent["received"] as? Int == 0, "\(sent)")
        let again = try #require(try devices["A"].json("sync", "--json") as? [String: Any])
        #expect(again["sent"] as? Int == 0, "nothing new: \(again)")
        let received = try #require(try devices["B"].json("sync", "--json") as? [String: Any])
        #expect(received["received"] as? Int == 2 && received["sent"] as? Int == 0, "\(received)")
    }
}
