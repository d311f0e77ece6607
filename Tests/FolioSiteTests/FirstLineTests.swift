import Foundation
import Testing

@testable import FolioSite

/// The line under each title in the site's list, taken from any page text in one pass.
@Suite("The first line of a page")
struct FirstLineTests {
    /// What the regular expression folio used before gives, the oracle of the one-pass scanner.
    static func oracle(_ text: String) -> String {
        text.replacingOccurrences(of: #"!?\[([^\]]*)\]\([^)]*\)"#, with: "$1", options: .regularExpression)
    }

    @Test("links lose their targets exactly as the regular expression removed them, on 30,000 texts of link characters")
    func sameAsTheRegularExpression() {
        var random = SystemRandomNumberGenerator()
        let alphabet: [String] = ["!", "[", "]", "(", ")", "a", " ", "雨", "](", "![", "\\"]
        for _ in 0..<30_000 {
            let length = Int.random(in: 0...14, using: &random)
            let text = (0..<length).map { _ in alphabet.randomElement(using: &random) ?? "a" }.joined()
            #expect(FirstLine.withoutLinkTargets(text) == Self.oracle(text), "\(text.debugDescription)")
        }
        for text in ["see [the beach](media/a.jpg) and ![](media/b.jpg)!", "[a]([b](c))", "![[x]](y)", "[雨](url) 傍晚", "[a](b", "a](b)"] {
            #expect(FirstLine.withoutLinkTargets(text) == Self.oracle(text), "\(text)")
        }
    }

    /// A page of one line made of `pattern` repeated to about `bytes`.
    static func page(_ pattern: String, bytes: Int) -> String {
        String(repeating: pattern, count: bytes / pattern.utf8.count)
    }

    @Test(
        "a line of 2 MB of link openers, heading marks, quote marks or emphasis gives its first line in one pass",
        arguments: ["![a](", "#", "> ", "*", "- ", "[", "](", "![", "[a](b)"])
    func adversarialLines(pattern: String) {
        // Quadratic work on 2 MB would take hours; this is over in well under a second.
        let line = FirstLine.withoutLinkTargets(Self.page(pattern, bytes: 2_000_000))
        #expect(!line.isEmpty || pattern == "[a](b)" || pattern.isEmpty)
    }
}
