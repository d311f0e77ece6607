import FolioCore
import Testing

/// libyaml words its problems in English; a zh-Hant message says them in Chinese (issue 39).
@Suite("A front matter that is not YAML, said in zh-Hant")
struct YAMLProblemTests {
    /// Front matters libyaml refuses, one for each problem a hand can make.
    static let broken = [
        "---\ntitle: [a\n---\n",  // an unclosed flow sequence
        "---\ntitle: {a: 1\n---\n",  // an unclosed flow mapping
        "---\ntitle: a: b\n---\n",  // a colon in a plain value
        "---\ntitle: \"a\n---\n",  // an unclosed quote
        "---\ntitle: a\n- b\n---\n",  // a list item among keys
        "---\ntitle: @a\n---\n",  // a character that starts no token
        "---\ntitle: a\n\tmood: b\n---\n",  // a tab for indentation
        "---\ntitle: \"\\q\"\n---\n",  // an unknown escape
        "---\ntitle: a\n mood: b\nc\n---\n",  // indentation that does not line up
    ]

    @Test("every refused front matter is said without an English word", arguments: broken)
    func chinese(_ text: String) throws {
        do throws(FrontMatterError) {
            _ = try FrontMatterDocument(parsing: text + "body\n")
            Issue.record("parsed: \(text)")
        } catch {
            let message = FolioError(error, file: "diary/a.md", text: text).message
            let chinese = message.text(.zhHant)
            #expect(MessageCatalogTests.englishWords(in: chinese).isEmpty, "\(chinese) (\(message.text(.en)))")
            #expect(chinese.hasPrefix("front matter 不是有效的 YAML：") || !message.text(.en).contains("YAML"), "\(chinese)")
        }
    }
}
