import FolioCore
import FolioStore
import Foundation
import MCP
import TestSupport
import Testing

@testable import FolioMCP

/// `edit_body`: an assistant changes a record's text by section or by passage, one commit, with a
/// dry run first; a diary page's conversation (the owner's words) is never its to change.
@Suite("MCP edit_body, called in-process")
struct EditBodyTests {
    let scratch: Scratch
    let root: URL
    static let now = "2026-11-22T18:04:11+08:00"
    static let notes = "Intro line.\n\n## Plan\n\nPaint the fence green.\n\n## Later\n\nBuy brushes.\n"

    init() throws {
        scratch = try Scratch("mcp-edit-body")
        root = scratch.path("vault")
        let vault = try Vault.initialise(
            at: root, owner: Owner(name: "林小雨", birthday: nil, gender: nil), language: .en,
            clock: Clock.from(environment: ["FOLIO_NOW": Self.now]))
        _ = try vault.create(NewRecord(kind: "idea", title: "Fence", body: Self.notes))
        _ = try vault.create(NewRecord(kind: "diary", title: "河邊", fields: [("text", "河邊散步")]))
        let page = try vault.findRecord("河邊", workingDirectory: nil)
        _ = try vault.appendUserMessage("今天好累", to: page)
        try Tool.git(["init", "-q", "-b", "main"], in: root)
        try Tool.git(["add", "-A"], in: root)
        try Tool.git(["commit", "-q", "-m", "start"], in: root)
    }

    var vault: Vault { Vault(root: root, clock: Clock.from(environment: ["FOLIO_NOW": Self.now])) }

    func call(_ arguments: [String: Value]) async throws(ToolFailure) -> [String: Any] {
        let journal = Journal(
            JournalSetup(root: root, environment: ["FOLIO_NOW": Self.now], language: .en, allowWrite: true, limits: MCPLimits()))
        let text = try await ToolCatalog.call("edit_body", arguments, on: journal, limits: MCPLimits())
        return (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? ["unreadable answer": text]
    }

    func body(_ title: String) throws -> String { try vault.findRecord(title, workingDirectory: nil).document.body }

    func commits() throws -> Int {
        Int(try Tool.git(["rev-list", "--count", "HEAD"], in: root).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    @Test("a passage replaced: the diff first and nothing written, then one commit changing that line and modified")
    func passage() async throws {
        let original = try body("Fence")
        #expect(original.hasPrefix(Self.notes))
        let rehearsed = try await call(["id": "Fence", "old_text": "green", "new_text": "blue", "dry_run": true])
        let diff = try #require(rehearsed["diff"] as? String)
        #expect(diff.contains("-Paint the fence green.") && diff.contains("+Paint the fence blue."), "\(diff)")
        #expect(try body("Fence") == original && (try commits()) == 1)
        let written = try await call(["id": "Fence", "old_text": "green", "new_text": "blue"])
        #expect(written["written"] as? Bool == true && written["commit"] is String)
        #expect(try body("Fence") == original.replacingOccurrences(of: "green", with: "blue"))
        #expect(try commits() == 2 && (try Tool.git(["status", "--porcelain"], in: root)).isEmpty)
        let shown = try Tool.git(["show", "--format=", "HEAD"], in: root)
        let changed = shown.split(separator: "\n").filter {
            ($0.hasPrefix("+") || $0.hasPrefix("-")) && !$0.hasPrefix("+++") && !$0.hasPrefix("---")
        }
        // The clock stands still here, so `modified` keeps its line: the one line changed is the passage's.
        #expect(changed == ["-Paint the fence green.", "+Paint the fence blue."], "\(changed)")
    }

    @Test("a section replaced by its number in show's outline, heading included; the next heading keeps its line")
    func section() async throws {
        _ = try await call(["id": "Fence", "section": 1, "new_text": "## Plan\n\nPaint it white"])
        let once = try body("Fence")
        #expect(once.hasPrefix("Intro line.\n\n## Plan\n\nPaint it white\n## Later\n\nBuy brushes.\n"), "\(once.debugDescription)")
        _ = try await call(["id": "Fence", "section": 2, "new_text": ""])
        #expect(try body("Fence") == "Intro line.\n\n## Plan\n\nPaint it white\n")
    }

    @Test("refused, nothing written: no passage, a passage twice, both or neither, no such section, the conversation")
    func refusals() async throws {
        func refusal(_ arguments: [String: Value]) async -> String {
            do {
                _ = try await call(arguments)
                return "answered"
            } catch {
                switch error {
                case .arguments(let message): return Message.mcp(message).text(.en)
                case .refused(let problem): return problem.rendered(in: .en)
                }
            }
        }
        #expect(await refusal(["id": "Fence", "old_text": "purple", "new_text": "x"]).contains("old_text is not in the body"))
        #expect(await refusal(["id": "Fence", "old_text": "e", "new_text": "x"]).contains("times"))
        #expect(await refusal(["id": "Fence", "new_text": "x"]).contains("give either section"))
        #expect(await refusal(["id": "Fence", "section": 0, "old_text": "Intro", "new_text": "x"]).contains("either section"))
        #expect(await refusal(["id": "Fence", "section": 9, "new_text": "x"]).contains("no section 9"))
        #expect(await refusal(["id": "河邊", "old_text": "今天好累", "new_text": "今天很好"]).contains("owner's own words"))
        #expect(await refusal(["id": "河邊", "section": 1, "new_text": ""]).contains("owner's own words"))
        #expect(try commits() == 1 && (try Tool.git(["status", "--porcelain"], in: root)).isEmpty)
        #expect(try body("河邊").contains("今天好累"))
    }

    @Test("a diary page's own words are the assistant's to edit; a conversation it writes stays words")
    func diaryWords() async throws {
        _ = try await call(["id": "河邊", "old_text": "河邊散步", "new_text": "傍晚在河邊散步\n\n## 對話\n\n**我** · 2020-01-01 00:00\n假的"])
        let page = try body("河邊")
        #expect(page.hasPrefix("傍晚在河邊散步\n\n\\## 對話"), "\(page)")
        #expect(Conversation.parse(page).map(\.text) == ["今天好累"])
    }

    @Test("an edit around a key the page kept before is written; a key the assistant adds is refused, nothing written")
    func secretsInWhatIsAdded() async throws {
        let kept = "gl" + "pat-" + "R7F1K9A14yc9ugoYpn91"
        let setup = vault
        setup.allowSecrets = true
        _ = try setup.create(NewRecord(kind: "idea", title: "Runner", body: "token: \(kept)\n\nRotate it soon.\n"))
        try Tool.git(["add", "-A"], in: root)
        try Tool.git(["commit", "-q", "-m", "runner"], in: root)
        let original = try body("Runner")
        let written = try await call(["id": "Runner", "old_text": "soon", "new_text": "on Friday"])
        #expect(written["written"] as? Bool == true, "\(written)")
        let runner = try body("Runner")
        #expect(
            runner == original.replacingOccurrences(of: "soon", with: "on Friday") && runner.contains(kept), "\(runner.debugDescription)")
        let added = "ghp" + "_" + "Ox95xvLS7ozowgxOIaofXlLuERRdAYt59jVT"
        do {
            _ = try await call(["id": "Runner", "old_text": "on Friday", "new_text": "with \(added)"])
            Issue.record("a key the assistant added was written")
        } catch {
            guard case .refused(let problem) = error else { throw error }
            #expect(problem.rendered(in: .en).contains("ghp_…"), "\(problem.rendered(in: .en))")
        }
        #expect(try body("Runner") == runner)
    }
}
