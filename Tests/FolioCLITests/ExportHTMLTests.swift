import Foundation
import TestSupport
import Testing

@Suite("folio export html, as a user runs it")
struct ExportHTMLTests {
    @Test("writes the site, prints index.html's path, and writes nothing the second time")
    func exportTwice() throws {
        let folio = try FolioProcess.vault(language: "zh-Hant")
        try folio.run("idea", "測試想法", "--desc", "測試描述", "--tag", "work")
        try folio.run("new", "diary", "--title", "<script>alert(1)</script>", "--text", "下班路上", "--tag", "旅行")
        let first = try folio.run("export", "html")
        #expect(first.status == 0, "\(first.stderr)")
        let index = first.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(index.hasSuffix(".folio/local/site/index.html"))
        let html = try String(contentsOfFile: index, encoding: .utf8)
        #expect(html.contains("測試想法") && html.contains("&lt;script&gt;alert(1)&lt;/script&gt;") && !html.contains("<script>alert"))
        #expect(first.stderr.contains("已匯出 2 筆紀錄"))
        let second = try folio.run("export", "html")
        #expect(second.status == 0)
        #expect(second.stderr.contains("寫入 0 個檔案"), "\(second.stderr)")
        // The terms are held folded, Traditional as Simplified (測試 as 测试), with the pair that folds a typed 測 to 测.
        let search = folio.read(".folio/local/site/search.js") ?? ""
        #expect(search.contains("测试") && search.contains("FOLIO_HAN_FOLD") && search.contains("測测"), "\(search)")
    }

    @Test("a folder that is not folio's is refused with exit 1; --kind and --tag narrow the site")
    func outputAndFilters() throws {
        let folio = try FolioProcess.vault(language: "en")
        try folio.run("idea", "An idea", "--tag", "work")
        try folio.run("new", "diary", "--title", "A walk", "--tag", "walk")
        let mine = try folio.beside("mine")
        try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
        try "keep me".write(to: mine.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let refused = try folio.run("export", "html", "--out", mine.path)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("not empty and was not written by folio"), "\(refused.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: mine.path) == ["notes.txt"])
        let inside = try folio.run("export", "html", "--out", "site")
        #expect(inside.status == 1)
        #expect(inside.stderr.contains("inside the vault"), "\(inside.stderr)")
        let outside = folio.directory.deletingLastPathComponent().appendingPathComponent("site")
        let narrowed = try folio.run("export", "html", "--out", outside.path, "--kind", "diary", "--tag", "walk")
        #expect(narrowed.status == 0, "\(narrowed.stderr)")
        let html = try String(contentsOf: outside.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("A walk") && !html.contains("An idea"))
        let unknown = try folio.run("export", "html", "--kind", "nosuch")
        #expect(unknown.status == 1)
    }

    @Test("--open hands index.html to the desktop's opener")
    func open() throws {
        var folio = try FolioProcess.vault(language: "en")
        try folio.run("idea", "An idea")
        let bin = folio.directory.appendingPathComponent(".folio/local/bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let opened = folio.directory.appendingPathComponent(".folio/local/opened")
        let opener = bin.appendingPathComponent("xdg-open")
        try "#!/bin/sh\nprintf '%s' \"$1\" > '\(opened.path)'\n".write(to: opener, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener.path)
        folio.environment["PATH"] = bin.path + ":" + (folio.environment["PATH"] ?? "/usr/bin:/bin")
        let result = try folio.run("export", "html", "--open")
        #expect(result.status == 0, "\(result.stderr)")
        #expect((try? String(contentsOf: opened, encoding: .utf8)) == result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
