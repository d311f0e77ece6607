import Foundation
import Testing

/// A kind is named as a user calls it: by its name in any case, or by its label in either language
/// (what `list`, `show` and the site print), wherever a kind is typed.
@Suite("Kinds named as users call them")
struct KindNamingTests {
    @Test("Idea, 想法 and 日記 name the kinds idea and diary in new, list, stats, search and rm")
    func kindsByCaseAndLabel() throws {
        let folio = try FolioProcess.vault(language: "zh-Hant")
        let made = try folio.run("new", "Idea", "--title", "學日文", "--body", "準備考 N3")
        #expect(made.status == 0, "\(made.stderr)")
        #expect(try folio.run("new", "note", "--title", "淡水", "--body", "傍晚在淡水").status == 0)
        let ideas = try #require(try folio.json("list", "想法", "--json") as? [[String: Any]])
        #expect(ideas.map { $0["kind"] as? String } == ["idea"], "the record keeps the kind's name: \(ideas)")
        #expect((try folio.json("list", "--kind", "IDEA", "--json") as? [[String: Any]])?.count == 1)
        let found = try #require(try folio.json("search", "kind:Idea", "日文", "--json") as? [[String: Any]])
        #expect(found.map { $0["title"] as? String } == ["學日文"])
        #expect(try folio.run("search", "kind:筆記", "淡水").stdout.contains("淡水"))
        #expect(try folio.run("search", "-kind:想法", "日文").stdout.isEmpty, "an excluded kind by its label")
        let stats = try folio.run("stats", "想法")
        #expect(stats.status == 0, "\(stats.stderr)")
        // A word that names no kind is still refused, naming the kinds there are.
        let unknown = try folio.run("list", "貓")
        #expect(unknown.status != 0 && unknown.stderr.contains("idea"))
        let dry = try folio.run("rm", "--kind", "Idea", "--dry-run")
        #expect(dry.status == 0 && dry.stdout.contains("學日文"), "\(dry.stdout) \(dry.stderr)")
    }
}
