import Foundation
import TestSupport
import Testing

@testable import FolioSecrets

@Suite("What looks like a key or a token")
struct SecretScannerTests {
    static let positives: [(String, String, SecretKind)] = [
        ("OpenAI key", Fake.openAI, .openAIKey),
        ("OpenAI project key", Fake.openAIProject, .openAIKey),
        ("Anthropic key", Fake.anthropic, .anthropicKey),
        ("GitHub personal token", Fake.github("p"), .githubToken),
        ("GitHub OAuth token", Fake.github("o"), .githubToken),
        ("GitHub user-to-server token", Fake.github("u"), .githubToken),
        ("GitHub server-to-server token", Fake.github("s"), .githubToken),
        ("GitHub refresh token", Fake.github("r"), .githubToken),
        ("GitHub fine-grained token", Fake.githubFineGrained, .githubToken),
        ("GitLab token", Fake.gitlab, .gitlabToken),
        ("AWS access key id", Fake.awsAccessKeyID, .awsAccessKeyID),
        ("AWS temporary key id", Fake.awsTemporaryKeyID, .awsAccessKeyID),
        ("Google API key", Fake.google, .googleAPIKey),
        ("Slack bot token", Fake.slack, .slackToken),
    ]

    @Test("each kind is found alone, in a sentence, quoted, and after KEY=", arguments: positives)
    func found(name: String, secret: String, kind: SecretKind) {
        for text in [secret, "my key is \(secret) ok", "\"\(secret)\"", "KEY=\(secret)\n", "token: '\(secret)'", "(\(secret))"] {
            let findings = SecretScanner.scan(text)
            #expect(findings.map(\.kind) == [kind], "\(name) in \(text.debugDescription)")
            #expect(findings.first?.secret == secret, "\(name): the match is the whole token")
            #expect(findings.first?.masked == String(secret.prefix(4)) + "…")
        }
    }

    static let negatives: [(String, String)] = [
        ("README's elided key", "export FOLIO_AI_KEY=sk-…   # or ai_key: in ~/.config/folio/credentials.yaml"),
        ("README's elided tokens", "git_tokens:\n  github.com: ghp_…\n  git.example.com:8443: glpat-…\n"),
        ("a placeholder of x", "s" + "k-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"),
        ("a lower-case identifier", "s" + "k-learn-model-selection-2024-and-more-words"),
        ("sk inside a word", "ta" + "sk-" + Fake.body(48, seed: 40)),
        ("a short sk", "s" + "k-" + Fake.body(12, seed: 41)),
        ("a short Anthropic key", "s" + "k-ant-" + Fake.body(20, seed: 42)),
        ("a GitHub token one short", "gh" + "p_" + Fake.body(35, seed: 43)),
        ("a GitHub placeholder", "gh" + "p_" + String(repeating: "X", count: 36)),
        ("a GitHub token inside a word", "x" + "gh" + "p_" + Fake.body(36, seed: 44)),
        ("a GitHub token glued to more", "gh" + "p_" + Fake.body(36, seed: 45) + "_suffix"),
        ("another gh prefix", "gh" + "x_" + Fake.body(36, seed: 46)),
        ("a GitLab placeholder", "gl" + "pat-xxxxxxxxxxxxxxxxxxxx"),
        ("a short GitLab token", "gl" + "pat-" + Fake.body(12, seed: 47)),
        ("AWS's documented example id", "AK" + "IAIOSFODNN7EXAMPLE"),
        ("an AWS id one short", "AK" + "IA" + Fake.body(15, Fake.base32, seed: 48)),
        ("an AWS id one long", "AK" + "IA" + Fake.body(17, Fake.base32, seed: 49)),
        ("an AWS id in lower case", ("AK" + "IA" + Fake.body(16, Fake.base32, seed: 50)).lowercased()),
        ("an AWS id placeholder", "AK" + "IA" + String(repeating: "X", count: 16)),
        ("a Google key one short", "AI" + "za" + Fake.body(34, seed: 51)),
        ("a Slack placeholder", "xo" + "xb-your-token-goes-here-please"),
        ("a Slack-like prefix that is not", "xo" + "xz-" + "123456789012-" + Fake.body(24, seed: 52)),
        ("a lone 40-character base64 run", "checksum " + Fake.awsSecret),
        ("a git commit id", "commit 4150af8e0b8c2f4d5e6a7b8c9d0e1f2a3b4c5d6e"),
        ("a UUID", "id: 5b0c1c8e-8c1f-4f57-9d55-0c3d8a9f6a21"),
        ("a media hash", "media/ab/ab12f0c9d8e7b6a5f4e3d2c1b0a99887766554433221100ffeeddccbbaa9988.jpg"),
        ("an elided PEM", "-----BEGIN … PRIVATE" + " KEY-----"),
        ("a PEM header with dots", "-----BEGIN RSA PRIVATE" + " KEY-----\n...\n-----END RSA PRIVATE" + " KEY-----\n"),
        ("a public key", "-----BEGIN PUBLIC KEY-----\n" + Fake.body(64, Fake.base64, seed: 53) + "\n-----END PUBLIC KEY-----\n"),
        ("a certificate", "-----BEGIN CERTIFICATE-----\n" + Fake.body(64, Fake.base64, seed: 54) + "\n-----END CERTIFICATE-----\n"),
        ("a Chinese diary line", "今天下班走回家，雨很小。sk-ant 是什麼？ghp_ 又是什麼？"),
    ]

    @Test("placeholders, examples, short or glued tokens and look-alikes are not reported", arguments: negatives)
    func notFound(name: String, text: String) {
        #expect(SecretScanner.scan(text).isEmpty, "\(name): \(SecretScanner.scan(text).map(\.kind))")
    }

    @Test("the examples of keys and tokens in the README and docs/ are not reported")
    func documentationIsClean() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path).map { "docs/" + $0 }
        var examples = 0
        for page in ["README.md"] + docs where page.hasSuffix(".md") {
            let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
            if text.contains("sk-…") { examples += 1 }
            #expect(SecretScanner.scan(text).isEmpty, "\(page): \(SecretScanner.scan(text).map { "\($0.line):\($0.column) \($0.kind)" })")
        }
        #expect(examples > 0, "the docs show an elided key somewhere")
    }

    @Test("an AWS secret access key is found next to its key id, or where a line names it, never alone")
    func awsSecret() {
        let pair = "[default]\naws_access_key_id = \(Fake.awsAccessKeyID)\nregion = eu-west-1\nsecret = \(Fake.awsSecret)\n"
        #expect(SecretScanner.scan(pair).map(\.kind) == [.awsAccessKeyID, .awsSecretAccessKey])
        #expect(SecretScanner.scan(pair).last?.secret == Fake.awsSecret)
        let named = "AWS_SECRET_ACCESS_KEY=\(Fake.awsSecret)\n"
        #expect(SecretScanner.scan(named).map(\.kind) == [.awsSecretAccessKey])
        let far = "aws_access_key_id = \(Fake.awsAccessKeyID)\n" + String(repeating: "line\n", count: 10) + "blob \(Fake.awsSecret)\n"
        #expect(SecretScanner.scan(far).map(\.kind) == [.awsAccessKeyID])
        let documented = "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n"
        #expect(SecretScanner.scan(documented).isEmpty)
        let hexNextToID = "id \(Fake.awsAccessKeyID)\nsha 4150af8e0b8c2f4d5e6a7b8c9d0e1f2a3b4c5d6e\n"
        #expect(SecretScanner.scan(hexNextToID).map(\.kind) == [.awsAccessKeyID])
    }

    @Test(
        "PEM and OpenSSH private keys are found at their BEGIN line, their body masked",
        arguments: ["RSA ", "EC ", "", "DSA ", "ENCRYPTED "])
    func pem(type: String) throws {
        let text = "notes\n" + Fake.pem(type)
        let finding = try #require(SecretScanner.scan(text).first)
        #expect(SecretScanner.scan(text).count == 1)
        #expect(finding.kind == .privateKey)
        #expect(finding.line == 2 && finding.column == 1)
        #expect(finding.masked == String(Fake.body(64, Fake.base64, seed: 20).prefix(4)) + "…")
        #expect(!finding.masked.contains("BEGIN"))
    }

    @Test("an OpenSSH key, an encrypted PEM with its headers, and a key inside JSON")
    func otherKeyShapes() {
        #expect(SecretScanner.scan(Fake.openSSH).map(\.kind) == [.openSSHPrivateKey])
        let encrypted =
            "-----BEGIN RSA PRIVATE" + " KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,0123456789ABCDEF\n\n"
            + Fake.body(64, Fake.base64, seed: 60) + "\n-----END RSA PRIVATE" + " KEY-----\n"
        #expect(SecretScanner.scan(encrypted).map(\.kind) == [.privateKey])
        let json =
            "{\"type\": \"service_account\", \"private_key\": \"-----BEGIN PRIVATE" + " KEY-----\\n"
            + Fake.body(64, Fake.base64, seed: 61) + "\\n-----END PRIVATE" + " KEY-----\\n\"}"
        let found = SecretScanner.scan(json)
        #expect(found.map(\.kind) == [.privateKey])
        #expect(found.first?.column == 45)
    }

    @Test("line and column count Unicode scalars, so a key after Chinese text is named where an editor shows it")
    func positions() throws {
        let text = "---\ntitle: 測試\n---\n今天的金鑰是 \(Fake.github("p")) 不要外流\n"
        let finding = try #require(SecretScanner.scan(text).first)
        #expect(finding.line == 4)
        #expect(finding.column == 8)
        let start = text.utf8.index(text.utf8.startIndex, offsetBy: finding.range.lowerBound)
        #expect(text[start...].hasPrefix(Fake.github("p")))
    }

    @Test("a line marked folio:allow-secret is not reported; the next line is")
    func allowMarker() {
        let text = "example: \(Fake.openAI)  # folio:allow-secret\nreal: \(Fake.google)\n"
        #expect(SecretScanner.scan(text).map(\.kind) == [.googleAPIKey])
    }

    @Test("several findings come in order, each once")
    func several() {
        let text = "\(Fake.gitlab) and \(Fake.slack)\n\(Fake.github("s"))\n"
        #expect(SecretScanner.scan(text).map(\.kind) == [.gitlabToken, .slackToken, .githubToken])
        #expect(SecretScanner.scan(text).map(\.line) == [1, 1, 2])
    }

    @Test("any bytes in, no trap: every prefix of a text full of near-keys, and mutated copies")
    func robustness() {
        let seed = Array((Fake.pem() + Fake.openAI + " AKIA ASIA xoxb- ghp_ github_pat_ glpat- sk-ant- -----BEGIN " + Fake.slack).utf8)
        for length in stride(from: 0, through: seed.count, by: 7) { _ = SecretScanner.scan(Array(seed.prefix(length))) }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            var copy = seed
            for _ in 0..<8 { copy[Int.random(in: 0..<copy.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
            _ = SecretScanner.scan(copy)
        }
        #expect(SecretScanner.scan([]).isEmpty)
        #expect(SecretScanner.isBinary([0x89, 0x50, 0x00, 0x01]))
        #expect(!SecretScanner.isBinary(Array("text".utf8)))
    }
}

@Suite("Masking credentials in messages")
struct RedactorTests {
    @Test("a configured secret is masked wherever it appears, even when it matches no pattern")
    func knownSecret() {
        let redactor = Redactor(secrets: ["loopback-key-0042"])
        let text = redactor.redact("HTTP 401: Incorrect API key provided: loopback-key-0042. And again loopback-key-0042.")
        #expect(text == "HTTP 401: Incorrect API key provided: loop…. And again loop….")
    }

    @Test("a configured secret shorter than 8 characters is not masked by value")
    func shortSecret() {
        #expect(Redactor(secrets: ["abc"]).redact("abc abc") == "abc abc")
    }

    @Test("anything that looks like a key is masked without being configured")
    func patterns() {
        let text = Redactor().redact("remote error: token \(Fake.github("p")) is not valid")
        #expect(text == "remote error: token \(Fake.github("p").prefix(4))… is not valid")
    }

    @Test("Authorization and Bearer values and URL passwords are masked")
    func headers() {
        let redactor = Redactor()
        #expect(redactor.redact("sent Authorization: Bearer abc123def456ghi") == "sent Authorization: Bearer abc1…")
        #expect(redactor.redact("{\"authorization\": \"Basic eC1hY2Nlc3MtdG9rZW46c2VjcmV0\"}") == "{\"authorization\": \"Basic eC1h…\"}")
        #expect(redactor.redact("bearer qwertyuiop12") == "bearer qwer…")
        #expect(redactor.redact("authorization required for this repository") == "authorization required for this repository")
        #expect(redactor.redact("authorization=abcdefghijkl") == "authorization=abcd…")
        #expect(
            redactor.redact("could not reach https://ada:hunter22secret@git.example.com/j.git (timeout)")
                == "could not reach https://ada:hunt…@git.example.com/j.git (timeout)")
        #expect(redactor.redact("https://git.example.com/j.git and user@host:path") == "https://git.example.com/j.git and user@host:path")
    }

    @Test("text without credentials comes back unchanged, Chinese included")
    func unchanged() {
        let text = "同步失敗：無法連上遠端 git://127.0.0.1:9418/vault.git。Basic idea: bearer of news."
        #expect(Redactor(secrets: ["not-in-the-text-1"]).redact(text) == text)
    }

    @Test("the configured secrets are found once, when first needed")
    func configured() {
        let secrets = ConfiguredSecrets()
        let calls = Locked(0)
        secrets.install {
            calls.withValue { $0 += 1 }
            return ["configured-token-77"]
        }
        #expect(calls.current == 0)
        #expect(secrets.redactor.redact("x configured-token-77 y") == "x conf… y")
        _ = secrets.redactor
        #expect(calls.current == 1)
    }
}
