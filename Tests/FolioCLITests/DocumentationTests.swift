import Foundation
import Testing

/// The README is the front door and `docs/` the manual: every link between them leads somewhere,
/// every page of the manual can be reached from the front door, and the tour the README shows is
/// the session a transcript plays against the real binary.
@Suite("Documentation: the README and docs/")
struct DocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ relativePath: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relativePath), encoding: .utf8)
    }

    /// README.md and every Markdown file of docs/, as paths relative to the repository.
    static func pages() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    /// The lines of `text` outside fenced code blocks.
    static func prose(_ text: String) -> [Substring] {
        var inFence = false
        return text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            if line.hasPrefix("```") {
                inFence.toggle()
                return false
            }
            return !inFence
        }
    }

    /// The anchor GitHub gives a heading: lower case, punctuation but `-` and `_` dropped,
    /// spaces as `-`.
    static func anchor(_ heading: Substring) -> String {
        let kept = heading.lowercased().unicodeScalars.filter {
            CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" || $0 == " "
        }
        return String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-")
    }

    static func anchors(in text: String) -> Set<String> {
        Set(
            prose(text).compactMap { line in
                guard line.hasPrefix("#"), let space = line.firstIndex(of: " ") else { return nil }
                return anchor(line[line.index(after: space)...])
            })
    }

    /// Every `[text](target)` link in the prose of `text` (code spans left out) whose target is
    /// not a web address.
    static func relativeLinks(in text: String) -> [String] {
        let pattern = /\]\(([^)\s]+)\)/
        return prose(text).flatMap { line in
            line.replacing(/`[^`]*`/, with: "").matches(of: pattern).map { String($0.output.1) }
        }.filter { !$0.contains("://") && !$0.hasPrefix("mailto:") }
    }

    @Test("every relative link of the README and docs/ leads to a file, and to a heading of it when it names one")
    func linksLeadSomewhere() throws {
        var broken: [String] = []
        for page in try Self.pages() {
            let folder = (page as NSString).deletingLastPathComponent
            for link in Self.relativeLinks(in: try Self.text(page)) {
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let file =
                    parts[0].isEmpty ? page : ((folder as NSString).appendingPathComponent(String(parts[0])) as NSString).standardizingPath
                guard FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(file).path) else {
                    broken.append("\(page): \(link) (no file \(file))")
                    continue
                }
                if parts.count == 2, file.hasSuffix(".md"), !Self.anchors(in: try Self.text(file)).contains(String(parts[1])) {
                    broken.append("\(page): \(link) (no heading #\(parts[1]) in \(file))")
                }
            }
        }
        #expect(broken.isEmpty, "broken links:\n\(broken.joined(separator: "\n"))")
    }

    @Test("every page of docs/ is linked from the README")
    func everyPageIsReachable() throws {
        let linked = Set(Self.relativeLinks(in: try Self.text("README.md")).map { String($0.split(separator: "#")[0]) })
        let unlinked = try Self.pages().dropFirst().filter { !linked.contains($0) }
        #expect(unlinked.isEmpty, "not linked from README.md: \(unlinked)")
    }

    @Test("the README stays a front door: under 250 lines, the two set-up commands first")
    func readmeIsShort() throws {
        let readme = try Self.text("README.md")
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count < 250)
        let firstBlock = readme.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first ?? ""
        let commands = firstBlock.split(separator: "\n").map { $0.split(separator: "#")[0].trimmingCharacters(in: .whitespaces) }
        #expect(commands == ["make demo", "make test"])
    }

    @Test("the README's tour is the session readme-tour.t plays, without its exit statuses and comments")
    func tourIsTheTranscript() throws {
        let readme = try Self.text("README.md")
        let shown = readme.components(separatedBy: "```console\n").dropFirst().first?.components(separatedBy: "\n```").first
        let transcript = try Self.text("Tests/FolioCLITests/Transcripts/readme-tour.t")
        let played = transcript.split(separator: "\n").filter { $0 != "? 0" && !$0.hasPrefix("#") }.joined(separator: "\n")
        #expect(shown == played)
    }

    @Test("docs/mcp.md's exchange is the session mcp.t plays, without its exit statuses and comments")
    func mcpExchangeIsTheTranscript() throws {
        let page = try Self.text("docs/mcp.md")
        let shown = page.components(separatedBy: "```console\n").dropFirst().first?.components(separatedBy: "\n```").first
        let transcript = try Self.text("Tests/FolioCLITests/Transcripts/mcp.t")
        let played = transcript.split(separator: "\n").filter { $0 != "? 0" && !$0.hasPrefix("#") }.joined(separator: "\n")
        #expect(shown == played)
    }

    @Test("the README's MCP settings are docs/mcp.md's, and the command they name answers a client with the journal's tools")
    func readmeMCPSettingsStartTheServer() throws {
        func snippet(_ text: String) -> String? {
            text.components(separatedBy: "```json\n").dropFirst().first?.components(separatedBy: "\n```").first
        }
        let shown = try #require(snippet(try Self.text("README.md")))
        #expect(shown == snippet(try Self.text("docs/mcp.md")))
        let settings = try #require(try JSONSerialization.jsonObject(with: Data(shown.utf8)) as? [String: Any])
        let folioServer = try #require((settings["mcpServers"] as? [String: Any])?["folio"] as? [String: Any])
        #expect(folioServer["command"] as? String == "folio")
        // The client runs the command with the user's vault in place of the example's.
        let folio = try FolioProcess.vault(language: "en")
        let arguments = try #require(folioServer["args"] as? [String]).map { $0 == "/home/me/journal" ? folio.directory.path : $0 }
        #expect(arguments.contains(folio.directory.path))
        let answered = try folio.run(
            arguments,
            input: [
                MCPTests.initialize, #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
                #"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#,
            ].joined(separator: "\n") + "\n")
        #expect(answered.status == 0, "\(answered.stderr)")
        #expect(["\"search\"", "\"show\"", "\"list\""].allSatisfy { answered.stdout.contains($0) }, "\(answered.stdout)")
        #expect(!answered.stdout.contains("new_record"), "writes are off by default")
    }
}
