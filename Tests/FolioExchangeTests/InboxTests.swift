import FolioCore
import FolioStore
import Foundation
import TestSupport
import Testing

@testable import FolioExchange

/// `inbox/` adopted in-process, on vaults without git (the time a file was added is given).
/// (Through the real binary, with git and two devices: FolioCLITests' InboxTests.)
@Suite("The inbox")
struct InboxTests {
    /// A vault with an owner, its clock at 2026-11-22 18:04:11 +08:00, in a folder removed with it.
    struct Fixture {
        let scratch: Scratch
        let root: URL
        var vault: Vault

        init(config: String? = nil) throws {
            scratch = try Scratch("inbox")
            root = scratch.url.appendingPathComponent("vault")
            let date = Timestamp("2026-11-22T18:04:11+08:00")?.date ?? Date()
            let clock = Clock(now: { date }, zone: TimeZone(secondsFromGMT: 8 * 3600) ?? .current, racyWindowNanoseconds: 0)
            vault = try Vault.initialise(
                at: root, owner: Owner(name: "林小雨", birthday: "1995-04-02", gender: "female"), language: .en, clock: clock)
            if let config {
                try write(".folio/config.yaml", config)
                vault = Vault(root: root, clock: clock)
            }
        }

        func write(_ path: String, _ text: String) throws { try write(path, Data(text.utf8)) }

        func write(_ path: String, _ data: Data) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }

        func read(_ path: String) -> String? {
            FileManager.default.contents(atPath: root.appendingPathComponent(path).path).map { String(decoding: $0, as: UTF8.self) }
        }

        func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path) }

        /// Every file under `media/`.
        func media() -> [String] {
            (FileManager.default.enumerator(atPath: root.appendingPathComponent("media").path)?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix(".jpg") }
        }

        /// Plans with every file added at 2026-11-20 07:30 +08:00, and adopts.
        func adopt() throws -> (InboxPlan, InboxResult) {
            let plan = try Inbox.plan(vault) { _ in Timestamp("2026-11-20T07:30:00+08:00") }
            return (plan, try Inbox.adopt(plan, into: vault))
        }
    }

    @Test("a plain text file becomes a diary page dated when it was added, and leaves the inbox")
    func plainText() throws {
        let fixture = try Fixture()
        try fixture.write("inbox/Shortcut 2026-11-20.txt", "Walked to the river before work.\nThe water was high.\n")
        let (plan, result) = try fixture.adopt()
        #expect(plan.notices.isEmpty, "\(plan.notices)")
        #expect(result.written == ["diary/2026/11/2026-11-20-walked-to-the-river-before-work.md"])
        #expect(result.removed == ["inbox/Shortcut 2026-11-20.txt"])
        #expect(!fixture.exists("inbox/Shortcut 2026-11-20.txt"))
        let text = try #require(fixture.read(result.written[0]))
        let id = StableID.named("inbox\nShortcut 2026-11-20.txt\n" + sha256("Walked to the river before work.\nThe water was high.\n"))
        #expect(
            text == """
                ---
                id: \(id)
                kind: diary
                title: Walked to the river before work.
                created: 2026-11-20T07:30:00+08:00
                modified: 2026-11-20T07:30:00+08:00
                ---
                Walked to the river before work.
                The water was high.

                """)
    }

    @Test("two vaults adopting the same file write the same record, byte for byte, whatever their clocks say")
    func deterministic() throws {
        let one = try Fixture()
        let other = try Fixture()
        for fixture in [one, other] { try fixture.write("inbox/note.md", "# 雨天\n\n傘忘在公車上了。\n") }
        let first = try one.adopt().1
        let second = try other.adopt().1
        #expect(first.written == second.written && first.written.count == 1)
        #expect(one.read(first.written[0]) == other.read(second.written[0]))
        #expect(one.read(first.written[0])?.contains("title: 雨天") == true)
    }

    @Test("front matter keeps every key as written, unknown ones too, and gets what folio needs")
    func frontMatter() throws {
        let fixture = try Fixture()
        let note = """
            ---
            title: Morning pages
            created: 2026-11-19T06:15:00+08:00
            mood: calm   # from the phone
            weather: {sky: clear}
            tags: [pages]
            ---
            Three pages before coffee.

            """
        try fixture.write("inbox/pages.md", note)
        let (plan, result) = try fixture.adopt()
        #expect(plan.notices.isEmpty, "\(plan.notices)")
        #expect(result.written == ["diary/2026/11/2026-11-19-morning-pages.md"])
        let text = try #require(fixture.read(result.written[0]))
        // The note's own lines, byte for byte, after the keys folio added at the top.
        #expect(text.hasSuffix(String(note.dropFirst(4))))
        #expect(text.contains("\nkind: diary\n") && text.contains("\nmodified: 2026-11-20T07:30:00+08:00\n"))
        #expect(!text.contains("created: 2026-11-20"))
    }

    @Test("a note whose front matter does not parse, a hidden file and an empty one stay where they are, each named")
    func leftInPlace() throws {
        let fixture = try Fixture()
        try fixture.write("inbox/broken.md", "---\ntitle: [unclosed\n---\nbody\n")
        try fixture.write("inbox/.DS_Store", "\u{0}\u{1}")
        try fixture.write("inbox/empty.txt", "")
        try fixture.write("inbox/good.txt", "A good one.\n")
        let (plan, result) = try fixture.adopt()
        #expect(result.written.count == 1 && result.removed == ["inbox/good.txt"])
        for file in ["inbox/broken.md", "inbox/.DS_Store", "inbox/empty.txt"] {
            #expect(fixture.exists(file), "\(file) was removed")
            #expect(plan.notices.contains { $0.file == file }, "\(file) is not named: \(plan.notices)")
        }
        let broken = plan.notices.first { $0.file == "inbox/broken.md" }
        guard case .inbox(.unparsable)? = broken?.message else {
            Issue.record("\(String(describing: broken))")
            return
        }
        #expect(broken?.line == 2)
    }

    @Test("a photo the note links is imported by its hash and the link points at it; a link to nothing is kept and named")
    func media() throws {
        let fixture = try Fixture()
        let jpeg = Data(MediaFixtures.jpeg())
        try fixture.write("inbox/sub/photo.jpg", jpeg)
        try fixture.write("inbox/sub/walk.md", "At the river.\n\n![](photo.jpg)\n\n![](missing.png)\n")
        let (plan, result) = try fixture.adopt()
        let hash = sha256(jpeg)
        let stored = "media/\(hash.prefix(2))/\(hash).jpg"
        #expect(fixture.media() == ["\(hash.prefix(2))/\(hash).jpg"])
        #expect(result.removed.sorted() == ["inbox/sub/photo.jpg", "inbox/sub/walk.md"])
        let text = try #require(fixture.read(result.written.first ?? ""))
        #expect(text.contains("![](../../../\(stored))"), "\(text)")
        #expect(text.contains("![](missing.png)"))
        #expect(plan.notices.map(\.message) == [.inbox(.linkKept("missing.png"))])
        #expect(plan.notices.first?.file == "inbox/sub/walk.md")
    }

    @Test("a note adopted before (the same path and bytes) is only removed")
    func adoptedBefore() throws {
        let fixture = try Fixture()
        try fixture.write("inbox/again.txt", "Same words.\n")
        let first = try fixture.adopt().1
        try fixture.write("inbox/again.txt", "Same words.\n")
        let (plan, second) = try fixture.adopt()
        #expect(plan.entries.isEmpty && plan.alreadyAdopted == ["inbox/again.txt"])
        #expect(second.written.isEmpty && second.removed == ["inbox/again.txt"] && first.written.count == 1)
        #expect(!fixture.exists("inbox/again.txt"))
    }

    @Test("inbox.kind names the kind; one no new record can be of is refused, naming the setting")
    func kindSetting() throws {
        let ideas = try Fixture(config: "language: en\ninbox:\n  kind: idea\n")
        try ideas.write("inbox/x.txt", "Buy an umbrella\n")
        #expect(try ideas.adopt().1.written.first?.hasPrefix("ideas/2026/11/") == true)
        let bad = try Fixture(config: "language: en\ninbox:\n  kind: profile\n")
        try bad.write("inbox/x.txt", "Buy an umbrella\n")
        #expect(throws: FolioError.self) { try bad.adopt() }
        do {
            _ = try Inbox.plan(bad.vault) { _ in nil }
        } catch {
            #expect(error.message.text(.en).contains("inbox.kind"))
            #expect(error.file == ".folio/config.yaml")
        }
        #expect(bad.exists("inbox/x.txt"))
    }

    func sha256(_ text: String) -> String { sha256(Data(text.utf8)) }
    func sha256(_ data: Data) -> String { SHA256Digest.of(data).map { String(format: "%02x", $0) }.joined() }
}
