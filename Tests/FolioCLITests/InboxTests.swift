import Crypto
import Foundation
import TestSupport
import Testing

/// `inbox/`, the capture path other apps write to: through the real binary, with real git on
/// the other side (a phone's git client is plain git: add, commit, push).
@Suite("The inbox: files other apps drop become records")
struct InboxTests {
    /// The records of a vault (`list --json`), profile aside.
    static func records(_ folio: FolioProcess) throws -> [[String: Any]] {
        try folio.json("list", "--json") as? [[String: Any]] ?? []
    }

    /// Every path under `inbox/` and every conflict copy, vault-relative.
    static func leftovers(_ folio: FolioProcess) -> [String] {
        folio.vaultFiles().keys.filter { $0.hasPrefix("inbox/") || $0.contains(".conflict-") }.sorted()
    }

    /// Writes a file into the vault as an app on this machine would, last modified at
    /// 2026-11-21 09:00 +08:00 (the time a file no commit holds is dated by).
    static func drop(_ folio: FolioProcess, _ path: String, _ bytes: Data) throws {
        let url = folio.directory.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: url)
        let time = try #require(ISO8601DateFormatter().date(from: "2026-11-21T09:00:00+08:00"))
        try FileManager.default.setAttributes([.modificationDate: time], ofItemAtPath: url.path)
    }

    static func drop(_ folio: FolioProcess, _ path: String, _ text: String) throws { try drop(folio, path, Data(text.utf8)) }

    @Test("a plain text file becomes a diary record, dated by the file, in one commit that also removes it")
    func plainText() throws {
        let folio = try FolioProcess.vault()
        try Self.drop(folio, "inbox/Shortcut.txt", "Walked to the river before work.\nThe water was high.\n")
        let adopted = try folio.run("inbox", "--json")
        #expect(adopted.status == 0, "\(adopted.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(adopted.stdout.utf8)) as? [String: Any])
        let path = "diary/2026/11/2026-11-21-walked-to-the-river-before-work.md"
        #expect((json["adopted"] as? [[String: String]]) == [["path": path, "source": "inbox/Shortcut.txt"]])
        #expect(json["removed"] as? [String] == ["inbox/Shortcut.txt"])
        let records = try Self.records(folio)
        #expect(records.count == 1 && records.first?["kind"] as? String == "diary")
        #expect(records.first?["title"] as? String == "Walked to the river before work.")
        #expect(records.first?["created"] as? String == "2026-11-21T09:00:00+08:00")
        #expect(try folio.record(path)["body"] as? String == "Walked to the river before work.\nThe water was high.\n")
        #expect(Self.leftovers(folio).isEmpty)
        // The file as it came, then the adoption: removal and record in one commit; nothing left uncommitted.
        let log = try git(["log", "-2", "--format=%s", "--name-status"], in: folio.directory)
        #expect(log.hasPrefix("inbox: adopt 1 file\n\nA\t\(path)\nD\tinbox/Shortcut.txt\n"), "\(log)")
        #expect(log.contains("inbox: receive 1 file\n\nA\tinbox/Shortcut.txt"), "\(log)")
        #expect(try git(["status", "--porcelain"], in: folio.directory).isEmpty)
    }

    @Test("Markdown with front matter keeps every key it has, those folio does not know too")
    func frontMatter() throws {
        let folio = try FolioProcess.vault()
        let note =
            "---\ntitle: 晨間筆記\ncreated: 2026-11-20T06:15:00+08:00\nmood: calm  # from Shortcuts\nsource: {app: Drafts, device: iPhone}\ntags: [pages]\n---\n寫了三頁。\n"
        try folio.write("inbox/drafts/晨間.md", note)
        // Not a record until adopted: list and check leave inbox/ alone.
        #expect(try Self.records(folio).isEmpty)
        let checked = try folio.run("check")
        #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        let adopted = try folio.run("inbox")
        #expect(adopted.status == 0, "\(adopted.stderr)")
        let path = "diary/2026/11/2026-11-20-晨間筆記.md"
        #expect(adopted.stdout.contains("inbox/drafts/晨間.md → \(path)"), "\(adopted.stdout)")
        let text = try #require(folio.read(path))
        #expect(text.hasSuffix(String(note.dropFirst(4))), "\(text)")
        let record = try folio.record(path)
        #expect(record["mood"] as? String == "calm" && (record["source"] as? [String: String])?["app"] == "Drafts")
        #expect(record["created"] as? String == "2026-11-20T06:15:00+08:00" && record["tags"] as? [String] == ["pages"])
        #expect(Self.leftovers(folio).isEmpty)
    }

    @Test("a file whose YAML is broken stays where it is and is named with its line; the others are adopted")
    func brokenYAML() throws {
        let folio = try FolioProcess.vault()
        try folio.write("inbox/broken.md", "---\ntitle: \"unclosed\n---\nbody\n")
        try folio.write("inbox/good.txt", "Fine.\n")
        try folio.write("inbox/.DS_Store", "finder")
        try folio.write("inbox/empty.md", "")
        let adopted = try folio.run("inbox")
        #expect(adopted.status == 0, "\(adopted.stderr)")
        #expect(adopted.stderr.contains("inbox/broken.md:2:8: warning:"), "\(adopted.stderr)")
        #expect(adopted.stderr.contains("the file is left where it is"))
        #expect(adopted.stderr.contains("inbox/.DS_Store: warning: a hidden file"))
        #expect(adopted.stderr.contains("inbox/empty.md: warning: the file is empty"))
        #expect(Self.leftovers(folio) == ["inbox/.DS_Store", "inbox/broken.md", "inbox/empty.md"])
        #expect(folio.read("inbox/broken.md") == "---\ntitle: \"unclosed\n---\nbody\n")
        #expect(try Self.records(folio).map { $0["title"] as? String } == ["Fine."])
    }

    @Test("nothing from outside inbox/ is adopted: a symbolic link to a file elsewhere, a link climbing out, an absolute path")
    func nothingFromOutside() throws {
        let folio = try FolioProcess.vault()
        // Files of this machine outside the vault, which a note or a link someone pushed (git
        // commits symbolic links as they are) names, hoping they are committed and pushed.
        let outside = folio.directory.deletingLastPathComponent().appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("private words from outside the vault\n".utf8).write(to: outside.appendingPathComponent("diary.md"))
        try Data(MediaFixtures.jpeg()).write(to: outside.appendingPathComponent("private.jpg"))
        try Self.drop(
            folio, "inbox/trip.md", "# Trip\n\n![a](../../outside/private.jpg)\n\n![b](\(outside.path)/private.jpg)\n\n![c](linked.jpg)\n")
        let inbox = folio.directory.appendingPathComponent("inbox")
        try FileManager.default.createSymbolicLink(
            at: inbox.appendingPathComponent("linked.md"), withDestinationURL: outside.appendingPathComponent("diary.md"))
        try FileManager.default.createSymbolicLink(
            at: inbox.appendingPathComponent("linked.jpg"), withDestinationURL: outside.appendingPathComponent("private.jpg"))
        let adopted = try folio.run("inbox")
        #expect(adopted.status == 0, "\(adopted.stderr)")
        #expect(folio.mediaFiles().isEmpty, "a photo from outside inbox/ was imported: \(folio.mediaFiles())")
        #expect(try !Tool.git(["log", "-p", "--all"], in: folio.directory).contains("private words"), "committed")
        #expect(try Tool.git(["ls-files", "media"], in: folio.directory).isEmpty, "a photo from outside inbox/ was committed")
        for (path, text) in folio.vaultFiles() where !path.hasPrefix("inbox/") {
            #expect(!text.contains("private words"), "\(path)")
        }
    }

    @Test("a note holding a token stays where it is, named at its line; the others are adopted and the commits say what they hold")
    func oneSecretStopsNothing() throws {
        let folio = try FolioProcess.vault(language: "en")
        try Self.drop(folio, "inbox/a-first.txt", "Walked to the river.\n")
        try Self.drop(folio, "inbox/b-token.md", "deploy notes\ntoken: \(Fake.openAIProject)\n")
        try Self.drop(folio, "inbox/c-last.txt", "Rain at night.\n")
        // A token in the front matter another app wrote.
        try Self.drop(folio, "inbox/d-keys.md", "---\ntitle: keys\napi: \(Fake.gitlab)\n---\nsee above\n")
        let adopted = try folio.run("inbox", "--json")
        #expect(adopted.status == 0, "\(adopted.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(adopted.stdout.utf8)) as? [String: Any])
        #expect((json["adopted"] as? [[String: String]])?.compactMap { $0["source"] } == ["inbox/a-first.txt", "inbox/c-last.txt"])
        let left = (json["left"] as? [[String: String]])?.compactMap { $0["file"] } ?? []
        #expect(left.sorted() == ["inbox/b-token.md", "inbox/d-keys.md"], "\(adopted.stdout)")
        #expect(adopted.stderr.contains("inbox/d-keys.md:3:6: warning:"), "\(adopted.stderr)")
        #expect(adopted.stderr.contains("inbox/b-token.md:2:8: warning:"), "\(adopted.stderr)")
        #expect(!adopted.stdout.contains(Fake.openAIProject) && !adopted.stderr.contains(Fake.openAIProject))
        #expect(Set(try Self.records(folio).compactMap { $0["title"] as? String }) == ["Walked to the river.", "Rain at night."])
        #expect(Self.leftovers(folio) == ["inbox/b-token.md", "inbox/d-keys.md"])
        // No commit holds either secret, and each commit's summary counts the files it holds.
        let log = try git(["log", "--format=%s", "--name-only"], in: folio.directory)
        #expect(!log.contains("b-token") && !log.contains("d-keys"), "\(log)")
        #expect(log.contains("inbox: receive 2 files\n\ninbox/a-first.txt\ninbox/c-last.txt\n"), "\(log)")
        #expect(log.contains("inbox: adopt 2 files\n"), "\(log)")
        // --dry-run tells the same before anything is written.
        try Self.drop(folio, "inbox/d.txt", "More.\n")
        let planned = try folio.run("inbox", "--dry-run")
        #expect(planned.status == 0 && planned.stderr.contains("inbox/b-token.md:2:8: warning:"), "\(planned.stderr)")
    }

    @Test("sync adopts the inbox around a note holding a token and still sends what it merged")
    func syncWithSecretInInbox() throws {
        let devices = try Devices.make(["A"])
        let folio = devices["A"]
        try Self.drop(folio, "inbox/token.md", "key \(Fake.anthropic)\n")
        try Self.drop(folio, "inbox/fine.txt", "Fine.\n")
        let synced = try folio.run("sync")
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(synced.stderr.contains("inbox/token.md:1:5: warning:"), "\(synced.stderr)")
        #expect(try Self.records(folio).compactMap { $0["title"] as? String } == ["Fine."])
        let pushed = try git(["log", "--format=%s", "--name-only", "main"], in: URL(fileURLWithPath: devices.remote))
        #expect(pushed.contains("inbox: adopt 1 file") && !pushed.contains("token.md"), "\(pushed)")
    }

    @Test("a photo the note links is imported by its sha256 and the link rewritten; an unknown link is kept and named")
    func media() throws {
        let folio = try FolioProcess.vault()
        let photo = Data(MediaFixtures.jpeg())
        let hash = SHA256.hash(data: photo).map { String(format: "%02x", $0) }.joined()
        try Self.drop(folio, "inbox/trip/IMG_1.jpg", photo)
        try Self.drop(folio, "inbox/trip/day.md", "# 河邊\n\n![河](IMG_1.jpg)\n\n[票根](ticket.pdf)\n")
        let adopted = try folio.run("inbox")
        #expect(adopted.status == 0, "\(adopted.stderr)")
        #expect(adopted.stderr.contains("inbox/trip/day.md: warning: the link 'ticket.pdf'"), "\(adopted.stderr)")
        let stored = "media/\(hash.prefix(2))/\(hash).jpg"
        #expect(folio.mediaFiles() == [stored])
        let text = try #require(folio.read("diary/2026/11/2026-11-21-河邊.md"))
        #expect(text.contains("![河](../../../\(stored))") && text.contains("[票根](ticket.pdf)"), "\(text)")
        #expect(Self.leftovers(folio).isEmpty)
        // The photo is where the record says; the link kept as written is the one thing `check` names.
        let checked = try folio.run("check")
        let findings = (checked.stdout + checked.stderr).split(separator: "\n").filter {
            $0.contains(": error:") || $0.contains(": warning:")
        }
        #expect(findings.count == 1 && findings.allSatisfy { $0.contains("ticket.pdf") }, "\(checked.stdout)\(checked.stderr)")
    }

    @Test("folio undo takes the adoption back: the inbox file returns as it was, the record goes")
    func undo() throws {
        let folio = try FolioProcess.vault()
        try folio.write("inbox/note.md", "A note from the phone.\n")
        #expect(try folio.run("inbox").status == 0)
        #expect(try Self.records(folio).count == 1)
        let undone = try folio.run("undo")
        #expect(undone.status == 0, "\(undone.stderr)")
        #expect(folio.read("inbox/note.md") == "A note from the phone.\n")
        #expect(try Self.records(folio).isEmpty)
        #expect(try git(["status", "--porcelain"], in: folio.directory).isEmpty)
    }

    @Test("--dry-run lists what would be adopted and writes nothing")
    func dryRun() throws {
        let folio = try FolioProcess.vault()
        try Self.drop(folio, "inbox/note.txt", "Later.\n")
        let planned = try folio.json("inbox", "--dry-run", "--json") as? [[String: Any]] ?? []
        #expect(planned.map { $0["path"] as? String } == ["diary/2026/11/2026-11-21-later.md"])
        #expect(planned.first?["source"] as? String == "inbox/note.txt")
        #expect(Self.leftovers(folio) == ["inbox/note.txt"])
        #expect(try Self.records(folio).isEmpty)
    }

    /// What each recipe of the README's "Working with other apps" pushes into `inbox/`, as plain
    /// git pushes it: the file name, its bytes, and the record it must become.
    enum App: String, CaseIterable, CustomTestStringConvertible {
        /// Termux (or GitSync): a text file from the clipboard, named by the time.
        case termux
        /// Working Copy and a Shortcut: a dictated note and the photo it shows, in one commit.
        case workingCopy
        /// A mail hook: docs/sync.md's `mail-to-inbox`, run as written there on one message.
        case mail

        var testDescription: String { rawValue }

        var files: [String: Data] {
            switch self {
            case .termux: ["inbox/2026-11-21-081500.txt": Data("買菜清單\n雞蛋、豆腐\n".utf8)]
            case .workingCopy:
                [
                    "inbox/Shortcuts/買菜清單.md": Data("# 買菜清單\n\n![](IMG_0042.jpg)\n".utf8),
                    "inbox/Shortcuts/IMG_0042.jpg": Data(MediaFixtures.jpeg()),
                ]
            case .mail: [:]
            }
        }

        var created: String { self == .mail ? "2026-11-21T07:59:00+08:00" : "2026-11-21T08:15:00+08:00" }
        /// The order the two devices sync in first.
        var order: [String] { self == .workingCopy ? ["B", "A"] : ["A", "B"] }
    }

    /// A phone pushes `files` to the remote with plain git, authored at 2026-11-21 08:15 +08:00.
    static func push(_ files: [String: Data], to devices: Devices) throws {
        let phone = devices.base.appendingPathComponent("phone")
        if !FileManager.default.fileExists(atPath: phone.path) {
            try git(["clone", "-q", devices.remote, phone.path], in: devices.base)
        } else {
            try git(["pull", "-q", "--no-rebase"], in: phone)
        }
        for (path, bytes) in files {
            let url = phone.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try bytes.write(to: url)
        }
        try git(["add", "inbox"], in: phone)
        try git(["commit", "-q", "-m", "from the phone", "--date=2026-11-21T08:15:00+08:00"], in: phone)
        try git(["push", "-q", "origin", "HEAD"], in: phone)
    }

    /// docs/sync.md's `mail-to-inbox`, as the page shows it.
    static func mailScript() throws -> String {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/sync.md")
        let page = try String(contentsOf: docs, encoding: .utf8)
        let start = try #require(page.range(of: "```sh\n#!/bin/sh\n# mail-to-inbox"))
        let end = try #require(page[start.upperBound...].range(of: "\n```\n"))
        return "#!/bin/sh\n# mail-to-inbox" + page[start.upperBound..<end.lowerBound] + "\n"
    }

    /// A mail server's hook runs `mail-to-inbox` in its clone of the remote on one message.
    static func mail(to devices: Devices) throws {
        let phone = devices.base.appendingPathComponent("phone")
        try git(["clone", "-q", devices.remote, phone.path], in: devices.base)
        let script = devices.base.appendingPathComponent("mail-to-inbox")
        try Data(try mailScript().utf8).write(to: script)
        let subject = Data("買菜清單".utf8).base64EncodedString()
        let message = """
            From: =?UTF-8?B?\(Data("林小雨".utf8).base64EncodedString())?= <rain@example.com>
            To: inbox@example.com
            Subject: =?UTF-8?B?\(subject)?=
            Date: Sat, 21 Nov 2026 07:59:00 +0800
            MIME-Version: 1.0
            Content-Type: text/plain; charset=utf-8
            Content-Transfer-Encoding: 8bit

            雞蛋、豆腐

            """
        let mail = devices.base.appendingPathComponent("message.eml")
        // As a Unix mail server hands it to a hook: lines end with a line feed.
        try Data(message.utf8).write(to: mail)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "sh \"$0\" < \"$1\"", script.path, mail.path]
        process.currentDirectoryURL = phone
        var environment = Tool.environment()
        for key in ["GIT_AUTHOR_NAME", "GIT_COMMITTER_NAME"] { environment[key] = "mail" }
        for key in ["GIT_AUTHOR_EMAIL", "GIT_COMMITTER_EMAIL"] { environment[key] = "mail@example.com" }
        process.environment = environment
        let ran = try process.runToEnd(mergingErrors: true)
        #expect(ran.status == 0, "\(String(decoding: ran.stdout, as: UTF8.self))")
    }

    /// Both devices hold exactly one record made from the phone's note, titled 買菜清單, the same
    /// bytes at the same path, created as `created`; no inbox file and no conflict copy anywhere.
    static func expectOneRecord(_ devices: Devices, created: String) throws {
        var texts: [String] = []
        for name in ["A", "B"] {
            let records = try records(devices[name])
            #expect(records.count == 1, "\(name): \(records)")
            #expect(records.first?["title"] as? String == "買菜清單", "\(name): \(records)")
            #expect(records.first?["created"] as? String == created, "\(name): \(records)")
            #expect(leftovers(devices[name]).isEmpty, "\(name): \(leftovers(devices[name]))")
            texts.append(devices[name].read("diary/2026/11/2026-11-21-買菜清單.md") ?? "missing on \(name)")
        }
        #expect(texts[0] == texts[1] && texts[0].contains("買菜清單"))
    }

    @Test(
        "a file pushed by plain git into inbox/ becomes one record after sync on both devices, whichever syncs first",
        arguments: App.allCases)
    func pushedByGit(app: App) throws {
        let devices = try Devices.make()
        if app == .mail { try Self.mail(to: devices) } else { try Self.push(app.files, to: devices) }
        // The first device to sync adopts the file after merging it, and says so; every later sync finds nothing.
        let first = try devices[app.order[0]].run("sync")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("adopted 1 file from inbox/ as record"), "\(first.stdout)")
        for name in [app.order[1], app.order[0], app.order[1]] {
            let synced = try devices[name].json("sync", "--json") as? [String: Any] ?? [:]
            #expect(((synced["inbox"] as? [String: Any])?["adopted"] as? [Any])?.isEmpty == true, "\(name): \(synced)")
        }
        try Self.expectOneRecord(devices, created: app.created)
        if app == .workingCopy {
            #expect(devices["A"].mediaFiles().count == 1 && devices["A"].mediaFiles() == devices["B"].mediaFiles())
        }
        // Plain git sees the adoption on the remote too.
        let phone = devices.base.appendingPathComponent("phone")
        try git(["pull", "-q", "--no-rebase"], in: phone)
        // try?: a folder git removed with its last file is an empty inbox.
        let left = (try? FileManager.default.contentsOfDirectory(atPath: phone.appendingPathComponent("inbox").path)) ?? []
        #expect(left.isEmpty, "\(left)")
    }

    @Test("two devices that adopt the same pushed file at once make one record, and their syncs merge without a conflict")
    func adoptedOnBoth() throws {
        let devices = try Devices.make()
        try Self.push(App.workingCopy.files, to: devices)
        // Each device receives the file by plain git and adopts it before hearing of the other.
        for name in ["A", "B"] {
            try git(["pull", "-q", "--no-rebase"], in: devices[name].directory)
            var device = devices[name]
            device.environment["FOLIO_NOW"] = name == "A" ? "2026-11-22T10:00:00+08:00" : "2026-11-22T11:30:00+08:00"
            let adopted = try device.run("inbox")
            #expect(adopted.status == 0 && adopted.stdout.contains("adopted 1 file"), "\(name): \(adopted.stdout) \(adopted.stderr)")
        }
        for name in ["A", "B", "A"] {
            let synced = try devices[name].json("sync", "--json") as? [String: Any] ?? [:]
            #expect((synced["conflicts"] as? [Any])?.isEmpty == true, "\(name): \(synced)")
            #expect((synced["renamed"] as? [Any])?.isEmpty == true, "\(name): \(synced)")
        }
        try Self.expectOneRecord(devices, created: App.workingCopy.created)
        #expect(devices["A"].mediaFiles().count == 1 && devices["A"].mediaFiles() == devices["B"].mediaFiles())
    }
}
