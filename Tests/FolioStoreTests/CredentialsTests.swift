import Foundation
import TestSupport
import Testing

@testable import FolioStore

@Suite("The credentials file, read by one reader")
struct CredentialsTests {
    /// A scratch home, removed when the test ends.
    final class Home {
        private let scratch: Scratch
        var url: URL { scratch.url }

        init() throws { scratch = try Scratch("credentials") }

        func write(_ text: String, mode: Int) throws -> URL {
            let file = Credentials.location(home: url)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
            return file
        }
    }

    @Test("one read gives the AI key and the git tokens' YAML; no file is no credentials")
    func oneRead() throws {
        let home = try Home()
        #expect(try Credentials.load(home: home.url) == nil)
        let file = try home.write("ai_key: '  sk-one  '\ngit_token: tok\n", mode: 0o600)
        let credentials = try #require(try Credentials.load(home: home.url))
        #expect(credentials.path == file.path)
        #expect(credentials.aiKey == "sk-one")
        #expect(credentials.root["git_token"]?.scalarText == "tok")
        #expect(try Credentials(parsing: "ai_key: ''\n", path: "c.yaml").aiKey == nil)
    }

    @Test("a file its group or others may read is refused, as ssh refuses a private key; so is one that is not YAML")
    func refused() throws {
        let home = try Home()
        let file = try home.write("ai_key: sk-one\n", mode: 0o640)
        #expect(throws: Credentials.Problem.tooOpen(path: file.path, mode: 0o640)) { try Credentials.load(home: home.url) }
        _ = try home.write("ai_key: [unclosed\n", mode: 0o600)
        let problem = try #require(throws: Credentials.Problem.self) { try Credentials.load(home: home.url) }
        guard case .unreadable(let path, _) = problem else {
            Issue.record("\(problem)")
            return
        }
        #expect(path == file.path)
    }
}
