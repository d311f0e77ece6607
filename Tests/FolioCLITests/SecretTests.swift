import Foundation
import TestSupport
import Testing

extension FolioProcess {
    /// `git` in the vault, its output.
    @discardableResult
    func gitIn(_ arguments: String...) throws -> String {
        try git(arguments, in: directory)
    }

    /// Paths git has committed at HEAD.
    func committedPaths() throws -> Set<String> {
        Set(try gitIn("ls-tree", "-r", "--name-only", "HEAD").split(separator: "\n").map(String.init))
    }

    /// The number of commits on the branch.
    func commitCount() throws -> Int {
        Int(try gitIn("rev-list", "--count", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// `git status --porcelain`, without this device's own files.
    func uncommitted() throws -> [String] {
        try gitIn("status", "--porcelain", "--untracked-files=all").split(separator: "\n").map(String.init)
    }
}

/// What a user sees of a key: the first four characters, then `…`.
func masked(_ secret: String) -> String { String(secret.prefix(4)) + "…" }

@Suite("Keys and tokens: found by check, never committed unless told")
struct SecretTests {
    static let githubToken = Fake.github("p")

    @Test("check names every key in records, front matter, templates, config and other text files, masked, as warnings")
    func checkFindsKeys() throws {
        let folio = try FolioProcess.vault()
        #expect(try folio.run("idea", "a fine idea").status == 0)
        try folio.write(
            "ideas/2026/11/2026-11-22-keys.md",
            "---\nid: 0b9f2c56-7a1e-4d7a-9a8e-3c1f5e2d4b60\nkind: idea\ntitle: keys\napi: \(Fake.openAI)\n---\nbody line\n我的 slack：\(Fake.slack)\n"
        )
        try folio.write(".folio/templates/note.md", "---\nkind: note\ndir: notes\n---\n{{{body}}}\ntoken \(Fake.github("s"))\n")
        let config = try #require(folio.read(".folio/config.yaml"))
        try folio.write(".folio/config.yaml", config + "# old remote token: \(Fake.gitlab)\n")
        try folio.write(
            "notes/aws.txt", "[default]\naws_access_key_id = \(Fake.awsAccessKeyID)\naws_secret_access_key = \(Fake.awsSecret)\n")
        try folio.write("keys/id_rsa", Fake.pem())
        try folio.write(
            "README.md", "Set FOLIO_AI_KEY=sk-… and git_token: ghp_… in the environment.\nexample: \(Fake.google) folio:allow-secret\n")
        try folio.write("private/secret.txt", Fake.anthropic)
        try folio.write(".gitignore", (folio.read(".gitignore") ?? "") + "private/\n")

        let check = try folio.run("check")
        #expect(check.status == 1, "\(check.stdout)\(check.stderr)")
        let expected = [
            "ideas/2026/11/2026-11-22-keys.md:5:6: warning: looks like an OpenAI API key (\(masked(Fake.openAI))).",
            "ideas/2026/11/2026-11-22-keys.md:8:10: warning: looks like a Slack token (\(masked(Fake.slack))).",
            ".folio/templates/note.md:6:7: warning: looks like a GitHub token (\(masked(Fake.github("s")))).",
            ".folio/config.yaml:3:21: warning: looks like a GitLab token (\(masked(Fake.gitlab))).",
            "notes/aws.txt:2:21: warning: looks like an AWS access key id (\(masked(Fake.awsAccessKeyID))).",
            "notes/aws.txt:3:25: warning: looks like an AWS secret access key (\(masked(Fake.awsSecret))).",
            "keys/id_rsa:1:1: warning: looks like a private key (",
        ]
        for line in expected { #expect(check.stdout.contains(line), "missing \(line)\n\(check.stdout)") }
        #expect(check.stdout.contains("remove it here, and revoke it if it was ever pushed"))
        #expect(!check.stdout.contains("README.md"), "the README's elided examples and its marked line are not keys")
        #expect(!check.stdout.contains("private/"), "an ignored file is never committed")
        for secret in [
            Fake.openAI, Fake.slack, Fake.github("s"), Fake.gitlab, Fake.awsAccessKeyID, Fake.awsSecret, Fake.anthropic, Fake.google,
        ] {
            #expect(!check.stdout.contains(secret) && !check.stderr.contains(secret), "a key is never shown whole")
        }
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(try folio.run("check", "--json").stdout.utf8)) as? [[String: Any]])
        let keys = json.filter { ($0["message"] as? String)?.hasPrefix("looks like") == true }
        #expect(keys.count == 7)
        #expect(keys.allSatisfy { $0["severity"] as? String == "warning" && $0["line"] != nil && $0["column"] != nil })
    }

    static let refusals: [(String, [String], String)] = [
        ("idea's title", ["idea", "my token \(githubToken)"], "the title holds"),
        ("idea's description", ["idea", "deploy notes", "--desc", "use \(githubToken) for CI"], "the body holds"),
        ("new with --field", ["new", "idea", "--title", "ci", "--field", "note=\(githubToken)"], "the value of 'note' holds"),
        ("new with --body", ["new", "idea", "--title", "ci", "--body", githubToken], "the body holds"),
        ("a tag", ["new", "diary", "--text", "today", "--tag", githubToken], "the tag holds"),
        ("diary's text", ["diary", "--text", "token \(githubToken)", "--no-chat"], "the text holds"),
        ("diary's message", ["diary", "--text", "today", "-m", "token \(githubToken)"], "the message holds"),
        ("a question", ["ask", "is \(githubToken) safe?"], "the question holds"),
        ("a question's note", ["ask", "will it rain?", "--note", githubToken], "the note holds"),
        (
            "a setting", ["config", "set", "sync.remote", "https://ada:\(githubToken)@git.example.com/j.git"],
            "the value of the setting 'sync.remote' holds"
        ),
    ]

    @Test(
        "check reads a file's first 8,000 bytes before the rest: a sparse 16 GiB file costs one small read, text over 64 MiB is said",
        .enabled(if: PeakMemory.isAvailable, "GNU time (/usr/bin/time) is not installed: run make deps"))
    func largeFiles() throws {
        let folio = try FolioProcess.vault()
        try folio.write("notes/disk.img", "")
        #expect(truncate(folio.directory.appendingPathComponent("notes/disk.img").path, 16 << 30) == 0)
        let line = "a line of a very long log\n"
        try folio.write("notes/huge.log", String(repeating: line, count: (64 << 20) / line.utf8.count + 1))
        try folio.write("notes/aws.txt", "aws_access_key_id = \(Fake.awsAccessKeyID)\n")
        let (status, peak) = try PeakMemory.run(
            FolioProcess.binary.path, ["-C", folio.directory.path, "check"], environment: folio.environment,
            output: folio.scratch?.path("check.txt"), report: try #require(folio.scratch?.path("check-peak")), timeout: 300)
        #expect(status == 1, "the key is found")
        let said = (try? String(contentsOf: try #require(folio.scratch?.path("check.txt")), encoding: .utf8)) ?? ""
        #expect(said.contains("notes/aws.txt:1:21: warning: looks like an AWS access key id"), "\(said)")
        #expect(said.contains("notes/huge.log: warning: could not check the file for keys and tokens"), "\(said)")
        #expect(!said.contains("disk.img"), "\(said)")
        // Neither the sparse file nor the long text was read whole.
        #expect(peak > 0 && peak < 200 << 20, "peaked at \(peak >> 20) MB")
    }

    @Test("a command refuses a key in what the user typed before writing anything, naming it and --allow-secret", arguments: refusals)
    func refusedBeforeWriting(name: String, arguments: [String], says: String) throws {
        let folio = try FolioProcess.vault()
        let commits = try folio.commitCount()
        let config = folio.read(".folio/config.yaml")
        let result = try folio.run(arguments)
        #expect(result.status == 1, "\(name): \(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains(says + " what looks like a GitHub token (ghp_…); folio wrote nothing"), "\(name): \(result.stderr)")
        #expect(result.stderr.contains("--allow-secret"))
        #expect(!result.stderr.contains(Self.githubToken) && !result.stdout.contains(Self.githubToken))
        let left = try folio.uncommitted()
        #expect(left.isEmpty, "\(name): \(left)")
        #expect(try folio.commitCount() == commits)
        #expect(folio.read(".folio/config.yaml") == config)
        #expect(try folio.run("list", "--json").stdout == "[]\n")
    }

    @Test("set and chat refuse a key before touching the record")
    func refusedOnExistingRecords() throws {
        let folio = try FolioProcess.vault()
        #expect(try folio.run("idea", "keep me").status == 0)
        #expect(try folio.run("new", "diary", "--text", "a quiet day").status == 0)
        let before = try folio.committedPaths()
        let files = try before.filter { $0.hasPrefix("ideas/") || $0.hasPrefix("diary/") }.map { ($0, try #require(folio.read($0))) }
        let set = try folio.run("set", "keep me", "title=\(Self.githubToken)")
        #expect(set.status == 1 && set.stderr.contains("the title holds what looks like a GitHub token"), "\(set.stderr)")
        let chat = try folio.run("chat", "a quiet day", "-m", "my key is \(Self.githubToken)")
        #expect(chat.status == 1 && chat.stderr.contains("the message holds what looks like a GitHub token"), "\(chat.stderr)")
        for (path, text) in files { #expect(folio.read(path) == text) }
        #expect(try folio.uncommitted().isEmpty)
    }

    @Test("--allow-secret writes and commits it; the commit message shows the key masked")
    func allowed() throws {
        let folio = try FolioProcess.vault()
        let result = try folio.run("idea", "my token \(Self.githubToken)", "--allow-secret")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try folio.uncommitted().isEmpty)
        let message = try folio.gitIn("log", "-1", "--format=%B")
        #expect(message.hasPrefix("idea: add \"my token ghp_…\""), "\(message)")
        #expect(!message.contains(Self.githubToken))
    }

    @Test("a key added by hand stops done and attach from rewriting the record; --allow-secret lets them; a key already committed does not")
    func handAddedKey() throws {
        let folio = try FolioProcess.vault()
        #expect(try folio.run("idea", "deploy").status == 0)
        let path = try #require(try folio.committedPaths().first { $0.hasPrefix("ideas/") })
        let text = try #require(folio.read(path)) + "token: \(Fake.google)\n"
        try folio.write(path, text)
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1

        let done = try folio.run("done", "deploy")
        #expect(done.status == 1)
        #expect(
            done.stderr.contains(
                "\(path):\(line):8: error: this file holds what looks like a Google API key (AIza…) and the change would commit it"),
            "\(done.stderr)")
        #expect(folio.read(path) == text)
        let photo = folio.directory.appendingPathComponent("IMG_1.jpg")
        try Data(MediaFixtures.jpeg(width: 8, height: 8)).write(to: photo)
        let attach = try folio.run("attach", "deploy", photo.path)
        #expect(attach.status == 1 && attach.stderr.contains("Google API key"), "\(attach.stderr)")
        #expect(folio.read(path) == text)
        #expect(
            !FileManager.default.fileExists(atPath: folio.directory.appendingPathComponent("media").path), "no media file is left behind")

        let allowed = try folio.run("done", "deploy", "--allow-secret")
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(try folio.uncommitted().filter { !$0.hasSuffix("IMG_1.jpg") }.isEmpty)
        #expect(try folio.gitIn("show", "HEAD:" + path).contains(Fake.google))
        // Committed once, it is no news to the next commit.
        let undone = try folio.run("undone", "deploy")
        #expect(undone.status == 0, "\(undone.stderr)")
    }

    @Test("commit leaves a file with a key out, says where and how to commit it anyway, and commits the rest")
    func commitLeavesKeyOut() throws {
        let folio = try FolioProcess.vault()
        try folio.write("notes/plain.txt", "just a note\n")
        try folio.write("notes/deploy.txt", "steps\nexport AWS_ACCESS_KEY_ID=\(Fake.awsAccessKeyID)\n")
        let commit = try folio.run("commit")
        #expect(commit.status == 0, "\(commit.stderr)")
        #expect(commit.stdout.contains("committed 1 file changed by hand"))
        #expect(
            commit.stderr.contains(
                "notes/deploy.txt:2:26: warning: holds what looks like an AWS access key id (AKIA…), so the file was left out of the commit"
            ), "\(commit.stderr)")
        #expect(commit.stderr.contains("folio commit --allow-secret"))
        #expect(!commit.stderr.contains(Fake.awsAccessKeyID))
        #expect(try folio.committedPaths().contains("notes/plain.txt"))
        #expect(!(try folio.committedPaths()).contains("notes/deploy.txt"))
        #expect(try folio.uncommitted() == ["?? notes/deploy.txt"])
        let status = try folio.run("status")
        #expect(
            status.stdout.contains(
                "notes/deploy.txt  (held back: looks like an AWS access key id (AKIA…); `folio commit --allow-secret` commits it)"),
            "\(status.stdout)")
        let json = try #require(try folio.json("status", "--json") as? [String: Any])
        #expect((json["held_back"] as? [String: String])?.keys.sorted() == ["notes/deploy.txt"])

        let again = try folio.run("commit")
        #expect(again.status == 1, "nothing else to commit: the file is still there, uncommitted")
        #expect(again.stderr.contains("notes/deploy.txt:2:26: warning"))

        let allowed = try folio.run("commit", "--allow-secret")
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(try folio.uncommitted().isEmpty)
    }

    @Test("sync leaves a file with a key out of what it pushes, and pushes the rest")
    func syncLeavesKeyOut() throws {
        let devices = try Devices.make(["A"])
        let folio = devices["A"]
        try folio.write("notes/plain.md", "a plain note\n")
        try folio.write("notes/token.md", "token \(Fake.github("o"))\n")
        let sync = try folio.run("sync")
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(
            sync.stderr.contains(
                "notes/token.md:1:7: warning: holds what looks like a GitHub token (gho_…), so the file was left out of the commit"),
            "\(sync.stderr)")
        let pushed = try git(["ls-tree", "-r", "--name-only", "main"], in: URL(fileURLWithPath: devices.remote))
        #expect(pushed.contains("notes/plain.md"))
        #expect(!pushed.contains("notes/token.md"))
    }
}
