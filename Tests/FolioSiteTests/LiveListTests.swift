import FolioCore
import Foundation
import TestSupport
import Testing

@testable import FolioSite

/// `list.txt` read back: the index of its lines is the same however the file is cut into chunks
/// as it is read, against a plain split of the whole file (the oracle); a line that is not the
/// export's (too long, too few fields) is passed over, never mistaken for another.
@Suite("The app's list file, read a page at a time")
struct LiveListTests {
    static func scratchFile(_ text: String, in scratch: Scratch) throws -> URL {
        let url = scratch.path("list.txt")
        try Data(text.utf8).write(to: url)
        return url
    }

    /// The lines a plain reading of `text` finds, with the filters of `query` applied by hand.
    static func oracle(_ text: String, _ query: LiveListQuery) -> [String] {
        var out: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let fields = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, line.utf8.count <= LiveList.maxLine else { continue }
            let tags = fields[2].split(separator: LiveList.separator).map(String.init)
            if let kind = query.kind, fields[0] != kind { continue }
            if let tag = query.tag, !tags.contains(where: { $0 == tag || $0.hasPrefix(tag + "/") }) { continue }
            if let day = query.day, fields[1] != day { continue }
            out.append(String(fields[3]))
        }
        return out
    }

    @Test("the same lines however the file is cut into chunks, as a plain split finds them")
    func chunked() throws {
        var generator = SystemRandomNumberGenerator()
        let kinds = ["diary", "idea", "qa", "billiard"]
        let tags = ["河邊", "mood", "mood/good", "散步", "t"]
        var text = ""
        for number in 0..<400 {
            let chosen = tags.filter { _ in Bool.random(using: &generator) }
            let item =
                "<li class=\"rec\" data-page=\"p\(number)\">" + String(repeating: "字", count: Int.random(in: 0..<300, using: &generator))
                + "</li>"
            text += LiveList.line(
                kind: kinds.randomElement(using: &generator) ?? "diary",
                day: String(format: "2026-%02d-%02d", number % 12 + 1, number % 28 + 1),
                tags: chosen, item: SafeHTML.trusted(item))
            if number % 97 == 0 { text += "not a line of the list\n" }
        }
        let scratch = try Scratch()
        let file = try Self.scratchFile(text, in: scratch)
        let queries = [
            LiveListQuery(), LiveListQuery(kind: "idea"), LiveListQuery(tag: "mood"), LiveListQuery(tag: "mood/good"),
            LiveListQuery(kind: "diary", tag: "河邊"), LiveListQuery(day: "2026-03-03"),
        ]
        for chunk in [1, 7, 64, 4096, 1 << 20] {
            let index = try #require(LiveListIndex.load(file.path, chunkSize: chunk))
            for query in queries {
                let expected = Self.oracle(text, query)
                #expect(index.page(query, size: 10_000).items == expected, "chunk \(chunk), \(query)")
                let page = index.page(LiveListQuery(kind: query.kind, tag: query.tag, day: query.day, from: 5), size: 3)
                #expect(page.items == Array(expected.dropFirst(5).prefix(3)) && page.total == expected.count)
                #expect(page.next == (expected.count > 8 ? 8 : nil))
            }
        }
    }

    @Test("a field with a tab or a line break in it cannot make a second line; markup keeps its line breaks as references")
    func sanitised() throws {
        let text =
            LiveList.line(
                kind: "di\tary", day: "2026-01-01", tags: ["a\nb", "c"], item: SafeHTML.trusted("<li data-tags=\"a\nb\">x</li>\n"))
            + LiveList.line(kind: "idea", day: "", tags: [], item: "<li>y</li>")
        #expect(text.split(separator: "\n").count == 2, "\(text)")
        let scratch = try Scratch()
        let file = try Self.scratchFile(text, in: scratch)
        let index = try #require(LiveListIndex.load(file.path))
        #expect(index.page(LiveListQuery()).items == ["<li data-tags=\"a&#10;b\">x</li>", "<li>y</li>"])
        #expect(index.page(LiveListQuery(tag: "a b")).items.count == 1)
        #expect(index.page(LiveListQuery(kind: "idea")).items == ["<li>y</li>"])
    }

    @Test("a line longer than any the export writes is passed over, and the lines after it are read")
    func tooLong() throws {
        let long = "diary\t2026-01-01\t\t<li>" + String(repeating: "x", count: LiveList.maxLine + 10) + "</li>\n"
        let text =
            LiveList.line(kind: "diary", day: "", tags: [], item: "<li>a</li>") + long
            + LiveList.line(kind: "diary", day: "", tags: [], item: "<li>b</li>")
        let scratch = try Scratch()
        let file = try Self.scratchFile(text, in: scratch)
        for chunk in [1000, 1 << 20, 4 << 20] {
            let index = try #require(LiveListIndex.load(file.path, chunkSize: chunk))
            #expect(index.page(LiveListQuery()).items == ["<li>a</li>", "<li>b</li>"], "chunk \(chunk)")
        }
    }

    @Test("a query's parts from a request: malformed days and months left out, from never negative")
    func queryFromRequest() {
        let parameters = ["day": "2026-13-x", "otd": "11-29", "from": "-4", "tag": "Mood", "kind": ""]
        let query = LiveListQuery { parameters[$0] }
        #expect(query == LiveListQuery(tag: "mood", onThisDay: "11-29", from: 0))
        #expect(LiveListQuery(kind: "diary", tag: "河邊", from: 50).address(from: 100) == "/list?kind=diary&tag=%E6%B2%B3%E9%82%8A&from=100")
    }
}
