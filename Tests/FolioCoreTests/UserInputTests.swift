import Testing

@testable import FolioCore

@Suite("Typed text before it is written")
struct UserInputTests {
    @Test("NUL is named as such; other control characters by code point and picture; tab, newline and CR pass")
    func characters() {
        #expect(throws: FolioError(.guarded(.nulInInput(.title)))) { try UserInput.checkCharacters("a\u{0}b", .title) }
        #expect(throws: FolioError(.guarded(.controlInInput(.body, scalar: 0x1B)))) { try UserInput.checkCharacters("a\u{1B}[2J", .body) }
        #expect(throws: FolioError(.guarded(.controlInInput(.tag, scalar: 0x9B)))) { try UserInput.checkCharacters("a\u{9B}", .tag) }
        #expect(throws: Never.self) { try UserInput.checkCharacters("一行\t二\n三\r\n四 😀", .body) }
        #expect(Message.guarded(.controlInInput(.title, scalar: 0x1B)).text(.en).contains("U+001B (␛)"))
        #expect(Message.guarded(.nulInInput(.question)).text(.zhHant).hasPrefix("問題裡有 NUL 位元組"))
    }

    @Test("a key in typed text is refused with its kind and masked form, unless allowed")
    func secrets() {
        let token = "gh" + "p_" + "Ox95xvLS7ozowgxOIaofXlLuERRdAYt59jVT"
        #expect(throws: FolioError(.guarded(.secretInInput(input: .title, kind: .githubToken, masked: "ghp_…")))) {
            try UserInput.check([(.title, "my \(token)")], allowSecrets: false)
        }
        #expect(throws: Never.self) { try UserInput.check([(.title, "my \(token)")], allowSecrets: true) }
        #expect(throws: FolioError(.guarded(.nulInInput(.title)))) {
            try UserInput.check([(.title, "my \(token)\u{0}")], allowSecrets: true)
        }
    }

    @Test("one line for a commit message: breaks and controls become one space, keys are masked")
    func oneLine() {
        #expect(UserInput.oneLine("first\nsecond\r\n\tthird\u{1B}x\u{2028}end") == "first second third x end")
        #expect(UserInput.oneLine("key " + "gh" + "p_" + "Ox95xvLS7ozowgxOIaofXlLuERRdAYt59jVT") == "key ghp_…")
        #expect(UserInput.oneLine("下雨的傍晚") == "下雨的傍晚")
    }
}
