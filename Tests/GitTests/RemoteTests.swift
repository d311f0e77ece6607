import Foundation
import TestSupport
import Testing

@testable import Git

@Suite struct RemoteTests {
    @Test func remotesAreCreatedAndUpdated() throws {
        let scratch = try Scratch()
        let repository = try Repository.create(at: scratch.path("vault"))
        #expect(try repository.remoteURL() == nil)
        try repository.setRemote(url: "/srv/one.git")
        #expect(try repository.remoteURL(name: "origin") == "/srv/one.git")
        try repository.setRemote(name: "origin", url: "file:///srv/two.git")
        #expect(try repository.remoteURL() == "file:///srv/two.git")
        #expect(try Tool.git(["config", "remote.origin.fetch"], in: repository.root()) == "+refs/heads/*:refs/remotes/origin/*")
    }

    @Test func pushToABareRepositoryByPathAndByFileURL() throws {
        let scratch = try Scratch()
        let repository = try Repository.create(at: scratch.path("vault"))
        let head = try repository.commitFiles(["a.md": "a\n"], "one", minute: 0)
        _ = try Repository.create(at: scratch.path("by-path.git"), bare: true)
        _ = try Repository.create(at: scratch.path("by-url.git"), bare: true)

        try repository.setRemote(url: scratch.path("by-path.git").path)
        let progress = Locked<[PushProgress]>([])
        try repository.push(
            refspec: "refs/heads/main:refs/heads/main",
            callbacks: RemoteCallbacks(pushProgress: { step in progress.withValue { $0.append(step) } }))
        #expect(try Tool.git(["rev-parse", "refs/heads/main"], in: scratch.path("by-path.git")) == head.hex)
        #expect(try repository.reference(named: "refs/remotes/origin/main") == head)

        try repository.setRemote(name: "mirror", url: scratch.path("by-url.git").absoluteString)
        #expect(try repository.remoteURL(name: "mirror")?.hasPrefix("file://") == true)
        try repository.push(remote: "mirror", refspecs: ["refs/heads/main:refs/heads/main"])
        let bare = scratch.path("by-url.git")
        #expect(try Tool.git(["rev-parse", "refs/heads/main"], in: bare) == head.hex)
        try Tool.git(["fsck", "--strict"], in: bare)
    }

    @Test func fetchIntoASecondCloneAndFastForward() throws {
        let scratch = try Scratch()
        _ = try Repository.create(at: scratch.path("hub.git"), bare: true)
        let alice = try Repository.create(at: scratch.path("alice"))
        try alice.setRemote(url: scratch.path("hub.git").path)
        try alice.commitFiles(["a.md": "a\n"], "one", minute: 0)
        try alice.push(refspec: "refs/heads/main:refs/heads/main")

        try Tool.git(["clone", "-q", scratch.path("hub.git").path, scratch.path("bob").path], in: scratch.url)
        let bob = try Repository.open(at: scratch.path("bob"))
        let before = try #require(try bob.head())

        let next = try alice.commitFiles(["a.md": "a2\n", "notes/n.md": "n\n"], "two", minute: 1)
        try alice.push(refspec: "refs/heads/main:refs/heads/main")

        let reports = Locked<[TransferProgress]>([])
        let stats = try bob.fetch(callbacks: RemoteCallbacks(transferProgress: { p in reports.withValue { $0.append(p) } }))
        #expect(stats.receivedObjects > 0)
        #expect(!reports.current.isEmpty)
        let upstream = try #require(try bob.reference(named: "refs/remotes/origin/main"))
        #expect(upstream == next)
        #expect(try bob.head() == before, "fetch must not move the branch")
        #expect(try bob.aheadBehind(local: before, upstream: upstream) == (0, 1))
        #expect(try bob.mergeBase(before, upstream) == before)

        try bob.fastForward(to: upstream)
        #expect(try bob.head() == next)
        #expect(try bob.read("a.md") == "a2\n")
        #expect(try bob.read("notes/n.md") == "n\n")
        #expect(try bob.status().isEmpty)
        #expect(try Tool.git(["rev-parse", "HEAD"], in: bob.root()) == next.hex)
        try Tool.git(["fsck", "--strict"], in: bob.root())

        // Going backwards is not a fast-forward, and nothing moves.
        let backwards = try #require(throws: GitError.self) { try bob.fastForward(to: before) }
        #expect(backwards.code == .nonFastForward)
        #expect(try bob.head() == next)
    }

    @Test func fastForwardRefusesToOverwriteLocalChanges() throws {
        let scratch = try Scratch()
        let repository = try Repository.create(at: scratch.path("vault"))
        let first = try repository.commitFiles(["a.md": "1\n"], "one", minute: 0)
        let second = try repository.commitFiles(["a.md": "2\n"], "two", minute: 1)
        try repository.setReference(name: "refs/heads/main", to: first, message: "rewind")
        try repository.checkoutHead(force: true)
        try repository.write("a.md", "local\n")

        let error = try #require(throws: GitError.self) { try repository.fastForward(to: second) }
        #expect(error.code == .conflict)
        #expect(try repository.head() == first)
        #expect(try repository.read("a.md") == "local\n")
    }

    @Test func fastForwardOnAnUnbornBranch() throws {
        let scratch = try Scratch()
        let source = try Repository.create(at: scratch.path("source"))
        let head = try source.commitFiles(["a.md": "a\n"], "one", minute: 0)
        let fresh = try Repository.create(at: scratch.path("fresh"))
        try fresh.setRemote(url: scratch.path("source").path)
        try fresh.fetch()
        let upstream = try #require(try fresh.reference(named: "refs/remotes/origin/main"))
        #expect(upstream == head)
        try fresh.fastForward(to: upstream)
        #expect(try fresh.head() == head)
        #expect(try fresh.currentBranchName == "main")
        #expect(try fresh.read("a.md") == "a\n")
    }

    @Test func divergedPushIsRejectedThenMergedAndPushed() throws {
        let scratch = try Scratch()
        _ = try Repository.create(at: scratch.path("hub.git"), bare: true)
        let alice = try Repository.create(at: scratch.path("alice"))
        try alice.setRemote(url: scratch.path("hub.git").path)
        let base = try alice.commitFiles(["a.md": "one\ntwo\nthree\n"], "base", minute: 0)
        try alice.push(refspec: "refs/heads/main:refs/heads/main")

        let bob = try Repository.create(at: scratch.path("bob"))
        try bob.setRemote(url: scratch.path("hub.git").absoluteString)
        try bob.fetch()
        try bob.fastForward(to: base)
        let bobs = try bob.commitFiles(["a.md": "ONE\ntwo\nthree\n"], "bob edits the top", minute: 1)
        try bob.push(refspec: "refs/heads/main:refs/heads/main")

        let alices = try alice.commitFiles(["a.md": "one\ntwo\nTHREE\n"], "alice edits the bottom", minute: 2)
        let rejected = try #require(throws: GitError.self) { try alice.push(refspec: "refs/heads/main:refs/heads/main") }
        #expect(rejected.code == .nonFastForward)
        #expect(rejected.function == "git_remote_push")
        #expect(try Tool.git(["rev-parse", "refs/heads/main"], in: scratch.path("hub.git")) == bobs.hex)

        try alice.fetch()
        let upstream = try #require(try alice.reference(named: "refs/remotes/origin/main"))
        #expect(upstream == bobs)
        #expect(try alice.aheadBehind(local: alices, upstream: upstream) == (1, 1))
        #expect(try alice.mergeBase(alices, upstream) == base)
        #expect(try alice.isDescendant(alices, of: base))
        #expect(try !alice.isDescendant(alices, of: upstream))

        let ourText = try #require(try alice.blob(at: "a.md", in: alices))
        let theirText = try #require(try alice.blob(at: "a.md", in: upstream))
        let merged = try MergeFile.merge(
            ancestor: alice.blob(at: "a.md", in: base), ours: ourText, theirs: theirText)
        #expect(merged.automergeable)
        try merged.data.write(to: alice.root().appendingPathComponent("a.md"))
        try alice.stage(paths: ["a.md"])
        let mergeCommit = try alice.commit(
            message: "Merge origin/main", author: signature(3), committer: signature(3), parents: [alices, upstream])
        #expect(try alice.commit(mergeCommit).parents == [alices, upstream])
        try alice.push(refspec: "refs/heads/main:refs/heads/main")
        #expect(try Tool.git(["rev-parse", "refs/heads/main"], in: scratch.path("hub.git")) == mergeCommit.hex)
        #expect(try Tool.git(["show", "refs/heads/main:a.md"], in: scratch.path("hub.git")) == "ONE\ntwo\nTHREE")
        try Tool.git(["fsck", "--strict"], in: scratch.path("hub.git"))
    }

    @Test func cancellationAndTimeoutStopAFetch() throws {
        let scratch = try Scratch()
        let source = try Repository.create(at: scratch.path("source"))
        try source.commitFiles(["a.md": String(repeating: "x\n", count: 1000)], "one", minute: 0)
        let sink = try Repository.create(at: scratch.path("sink"))
        try sink.setRemote(url: scratch.path("source").absoluteString)

        let cancelled = try #require(throws: GitError.self) {
            try sink.fetch(callbacks: RemoteCallbacks(shouldCancel: { true }))
        }
        #expect(cancelled.code == .user)
        #expect(cancelled.message == "cancelled")
        #expect(cancelled.function == "git_remote_fetch")
        #expect(try sink.reference(named: "refs/remotes/origin/main") == nil)

        let late = try #require(throws: GitError.self) { try sink.fetch(timeout: .zero) }
        #expect(late.code == .user)
        #expect(late.message.contains("timed out"))

        try sink.fetch(timeout: .seconds(30))
        #expect(try sink.reference(named: "refs/remotes/origin/main") == source.head())
    }

    @Test func credentialRequestsStopAfterThreeAttempts() throws {
        let server = try RecordingHTTPServer()
        defer { server.stop() }
        let scratch = try Scratch()
        let repository = try Repository.create(at: scratch.path("vault"))
        try repository.setRemote(url: "http://127.0.0.1:\(server.port)/vault.git")

        let asked = Locked<[CredentialTypes]>([])
        let callbacks = RemoteCallbacks(credentials: { url, _, allowed in
            asked.withValue { $0.append(allowed) }
            return .userPassword(username: "ada", password: "wrong")
        })
        let error = try #require(throws: GitError.self) { try repository.fetch(callbacks: callbacks, timeout: .seconds(20)) }
        #expect(error.code == .auth)
        #expect(error.message.contains("3 attempts"))
        #expect(asked.current.count == 3)
        #expect(asked.current.allSatisfy { $0.contains(.userPassword) })
        let expected = "Basic " + Data("ada:wrong".utf8).base64EncodedString()
        #expect(server.authorizations.current.count == 3)
        #expect(server.authorizations.current.allSatisfy { $0 == expected })

        let refused = try #require(throws: GitError.self) {
            try repository.fetch(callbacks: RemoteCallbacks(credentials: { _, _, _ in nil }))
        }
        #expect(refused.code == .auth)
    }
}
