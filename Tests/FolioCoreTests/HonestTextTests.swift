import Foundation
import Testing

@testable import FolioCore

@Suite("Honest text: what reaches a terminal, the rules of typed text, the system's reasons")
struct HonestTextTests {
    @Test(
        "only folio's own styles pass to a terminal; every other escape, a lone ESC and C1 controls show as pictures",
        arguments: [
            ("\u{1B}[1;36mkind\u{1B}[0m", "\u{1B}[1;36mkind\u{1B}[0m"),
            ("\u{1B}[2mdim\u{1B}[0m and \u{1B}[7m22\u{1B}[0m", "\u{1B}[2mdim\u{1B}[0m and \u{1B}[7m22\u{1B}[0m"),
            ("\u{1B}]52;c;aGk=\u{07}", "␛]52;c;aGk=␇"),
            ("\u{1B}[8mhidden\u{1B}[0m", "␛[8mhidden\u{1B}[0m"),
            ("\u{1B}[2J\u{1B}[H", "␛[2J␛[H"),
            ("\u{1B}[31;8m", "␛[31;8m"),
            ("\u{1B}[999m", "␛[999m"),
            ("cut \u{1B}", "cut ␛"),
            ("\u{1B}[1", "␛[1"),
            ("\u{9B}31m \u{9D}0;x\u{9C}", "�31m �0;x�"),
            ("line\r\nnext\tcell\u{08}\u{7F}", "line␍\nnext\tcell␈␡"),
            ("invoice \u{202E}fdp.exe", "invoice <U+202E>fdp.exe"),
            ("\u{2066}\u{2067}\u{2068}\u{2069}", "<U+2066><U+2067><U+2068><U+2069>"),
            ("\u{202A}\u{202B}\u{202C}\u{202D} \u{200E}\u{200F}\u{061C}", "<U+202A><U+202B><U+202C><U+202D> <U+200E><U+200F><U+061C>"),
            ("\u{1B}[31m\u{202E}red\u{1B}[0m", "\u{1B}[31m<U+202E>red\u{1B}[0m"),
        ])
    func keepingStyles(_ input: String, _ expected: String) {
        #expect(input.withVisibleControlsKeepingStyles == expected)
    }

    @Test("text made safe in pieces is as safe as made whole: no piece can finish another's escape")
    func pieces() {
        let reply = "ok \u{1B}]52;c;aGk=\u{07} \u{1B}[31mred\u{1B}[0m"
        for cut in reply.indices {
            let joined = String(reply[..<cut]).withVisibleControlsKeepingStyles + String(reply[cut...]).withVisibleControlsKeepingStyles
            #expect(!joined.contains("\u{1B}]") && !joined.contains("\u{07}"), "cut at \(reply.distance(from: reply.startIndex, to: cut))")
        }
    }

    @Test("JSON escapes C0, DEL and C1 controls, so no raw control character leaves in JSON")
    func jsonEscapesC1() {
        #expect(JSONValue.quoted("a\u{1B}b\u{7F}c\u{9B}d°") == #""a\u001bb\u007fc\u009bd°""#)
    }

    @Test("every printer's door neutralises the bidirectional controls, and no other character of their blocks")
    func bidiControlsEverywhere() throws {
        let controls: [Unicode.Scalar] = [
            "\u{061C}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}",
            "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
        ]
        for scalar in controls {
            let text = "a\(scalar)b"
            for shown in [text.withVisibleControls, text.withVisibleControlsKeepingStyles, text.oneLine, text.quotedPath] {
                #expect(!shown.unicodeScalars.contains(scalar), "U+\(String(scalar.value, radix: 16)) in \(shown.debugDescription)")
            }
            // JSON keeps the character (escaped), so a reader gets the exact text back.
            let json = JSONValue.quoted(text)
            #expect(!json.unicodeScalars.contains(scalar))
            let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed]) as? String
            #expect(decoded == text)
        }
        // The byte test agrees with the scalar test on every character of the blocks around them.
        for value in Array(0x0600...0x06FF) + Array(0x2000...0x20FF) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(JSONValue.holdsBidiControl("a\(scalar)b".utf8) == scalar.isBidiControl, "U+\(String(value, radix: 16))")
        }
        // Their neighbours are text: the dashes and quotes of U+2010–U+2027, the word joiner, Arabic letters.
        for scalar in [0x2010, 0x2014, 0x201C, 0x2026, 0x2060, 0x0627, 0x4E00].compactMap(Unicode.Scalar.init) {
            let text = "a\(scalar)b"
            #expect(text.withVisibleControls == text && text.oneLine == text && text.withVisibleControlsKeepingStyles == text)
            #expect(JSONValue.quoted(text) == "\"\(text)\"")
        }
    }

    @Test("an error's excerpt shows a bidirectional control as its code point, with the caret still under the fault")
    func excerptWithBidi() {
        let (shown, caret) = FolioError.excerpt(of: "ab\u{202E}cd: x", around: 5)
        #expect(String(String.UnicodeScalarView(shown)) == "ab<U+202E>cd: x")
        #expect(shown[caret] == ":")
    }

    @Test("the rules of typed text: several lines, one line, a title, a tag")
    func textRules() {
        #expect(TextRule.text("two\nlines\tand\r\nmore") == nil)
        #expect(TextRule.text("nul\u{0}") == .nul)
        #expect(TextRule.text("esc\u{1B}") == .control(0x1B))
        #expect(TextRule.text("c1\u{85}") == .control(0x85))
        #expect(TextRule.line("one\nline") == .notOneLine(0x0A))
        #expect(TextRule.line("sep\u{2028}") == .notOneLine(0x2028))
        #expect(TextRule.title("  ", limit: 10) == .empty)
        #expect(TextRule.title("下雨的傍晚", limit: 4) == .tooLong(length: 5, limit: 4))
        #expect(TextRule.title("下雨的傍晚", limit: 5) == nil)
        #expect(TextRule.tag("a\tb") == .notOneLine(0x09))
        #expect(TextRule.splitTags("rain, walk，home、 tea ,") == ["rain", "walk", "home", "tea"])
    }

    @Test("a full disk, a spent quota and a failing disk are said in the user's words; other reasons as the system gives them")
    func systemReasons() {
        #expect(SystemReason(errno: ENOSPC) == .diskFull)
        #expect(SystemReason(errno: EDQUOT) == .quotaExceeded)
        #expect(SystemReason(errno: EIO) == .ioError)
        #expect(SystemReason(errno: EACCES) == .other(String(cString: strerror(EACCES))))
        #expect(SystemReason(NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSPC))) == .diskFull)
        #expect(SystemReason(CocoaError(.fileWriteOutOfSpace)) == .diskFull)
        for reason in [SystemReason.diskFull, .quotaExceeded, .ioError] {
            let zh = Message.writeFailed(reason).text(.zhHant)
            let en = Message.writeFailed(reason).text(.en)
            #expect(!zh.contains("No space") && !zh.contains("Input/output") && zh != en, "\(zh)")
            #expect(Message.gitFailed(.commit, reason).text(.zhHant).contains("folio commit"))
        }
        #expect(Message.gitFailed(.showAt, .other("object not found")).text(.en) == "folio show --at failed: git says object not found.")
        #expect(!Message.gitFailed(.log, .other("x")).text(.en).contains("sync"))
    }
}
