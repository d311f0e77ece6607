import Testing

@testable import FolioCore

@Suite("Error carets")
struct ErrorCaretTests {
    /// The caret must sit under the character the column names, as a terminal draws the line.
    private func caretColumn(_ rendered: String) -> Int? {
        let lines = rendered.split(separator: "\n", omittingEmptySubsequences: false)
        guard let caret = lines.last, caret.hasSuffix("^") else { return nil }
        return String(caret.dropFirst(4).dropLast()).displayWidth
    }

    @Test("the caret sits under the right character after Chinese text, ASCII text and a combining mark")
    func caretUnderWideCharacters() throws {
        for (line, column, expectedWidth) in [
            ("title: 下雨的傍晚: 散步", 13, 17),  // column 13 is the second colon, after five wide characters
            ("title: rain: walk", 12, 11),
            ("title: cafe\u{301}: x", 13, 11),  // the accent takes no column
        ] {
            let error = FolioError(.notUTF8, file: "a.md", line: 2, column: column, sourceLine: line)
            let rendered = error.rendered(in: .en)
            #expect(caretColumn(rendered) == expectedWidth, "\(rendered)")
            // What the caret points at is the character at that column.
            let scalars = Array(line.unicodeScalars)
            #expect(scalars[column - 1] == ":")
        }
    }
}
