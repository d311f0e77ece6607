import FolioCore
import FolioSite
import Foundation
import TestSupport
import Testing

/// The generated site opened from disk in headless Chromium: tiles and counts, a tile clicked and
/// Chinese queries typed (with and without spaces, in Simplified), a record page's photo and video, a calendar link followed, no request off
/// the disk and no script error; screenshots at phone and desktop widths.
@Suite(
    "The site in a real browser",
    .enabled(
        if: Chromium.installed != nil,
        "Chromium is not installed (apt-get install chromium; make test installs it): the site was not tried in a browser"),
    .enabled(if: FFmpegTool.installed != nil, "ffmpeg is not installed: the test's photo and video cannot be made"),
    .serialized)
struct SiteBrowserTests {
    static var ffmpeg: URL? { FFmpegTool.installed }

    static let photoID = "aaaaaaaa-1111-4111-8111-000000000001"

    /// A zh-Hant vault: a page with a photo and a video, one in another month, an idea, and one
    /// written a year ago today (for "On this day").
    func makeSite(scratch: URL) throws -> SiteVault {
        let vault = try SiteVault(language: "zh-Hant")
        let photo = try vault.media(
            try Self.make(["-f", "lavfi", "-i", "testsrc=size=640x480", "-frames:v", "1"], ext: "jpg", scratch: scratch), ext: "jpg")
        let secondPhoto = try vault.media(
            try Self.make(["-f", "lavfi", "-i", "testsrc2=size=480x360", "-frames:v", "1"], ext: "jpg", scratch: scratch), ext: "jpg")
        let video = try vault.media(
            try Self.make(
                ["-f", "lavfi", "-i", "testsrc=size=320x240:rate=10", "-t", "1", "-pix_fmt", "yuv420p"],
                ext: "mp4", scratch: scratch), ext: "mp4")
        try vault.record(
            "rain", id: Self.photoID, title: "下雨的傍晚", day: "2026-11-22", tags: ["旅行", "rain"],
            media: [("photo", photo), ("photo", secondPhoto), ("video", video)], extra: "text: 今天下班走回家\n",
            body:
                "今天傍晚下著小雨，我一個人慢慢走回家。\n\n![IMG](../../../\(photo))\n\n## Conversation\n\n**me** · 2026-11-22 18:05\n這張照片是我下班路上拍的。\n\n**folio** · 2026-11-22 18:05\n下雨的傍晚，這張照片看起來好寧靜。\n"
        )
        try vault.record(
            "beach", id: "aaaaaaaa-1111-4111-8111-000000000002", title: "海邊的週末", day: "2026-10-03", tags: ["旅行"],
            body: "在海邊散步，風很大。\n")
        try vault.record(
            "idea", id: "aaaaaaaa-1111-4111-8111-000000000003", title: "測試想法", kind: "idea", day: "2026-11-20",
            tags: ["work"], extra: "done: false\n", body: "測試描述\n")
        let calendar = Calendar(identifier: .gregorian)
        let lastYear = calendar.date(byAdding: .year, value: -1, to: Date()) ?? Date()
        let parts = calendar.dateComponents([.year, .month, .day], from: lastYear)
        let day = String(format: "%04d-%02d-%02d", parts.year ?? 2025, parts.month ?? 1, parts.day ?? 1)
        try vault.record("then", id: "aaaaaaaa-1111-4111-8111-000000000004", title: "去年今日", day: day, tags: ["旅行/回憶"], body: "一年前。\n")
        _ = try SiteExporter.export(vault.vault, options: SiteOptions(searchPath: ProcessInfo.processInfo.environment["PATH"]))
        return vault
    }

    static func make(_ input: [String], ext: String, scratch: URL) throws -> [UInt8] {
        let file = scratch.appendingPathComponent("fixture-\(UUID().uuidString).\(ext)")
        let process = Process()
        process.executableURL = ffmpeg
        process.arguments = ["-nostdin", "-loglevel", "error", "-y"] + input + [file.path]
        let made = try process.runToEnd()
        guard made.status == 0 else { throw HarnessError(description: "ffmpeg exited \(made.status): \(made.errors)") }
        return [UInt8](try Data(contentsOf: file))
    }

    /// `page` copied beside itself with the test's script loaded first, so it sees every error.
    func instrumented(_ page: String, in vault: SiteVault) throws -> URL {
        let source = vault.site.appendingPathComponent(page)
        let html = try String(contentsOf: source, encoding: .utf8)
        let depth = page.split(separator: "/").count - 1
        let driver = "<script src=\"\(String(repeating: "../", count: depth))folio-test-driver.js\" defer></script>\n"
        let marker = "<link rel=\"stylesheet\""
        let copy = source.deletingLastPathComponent().appendingPathComponent("folio-test-" + source.lastPathComponent)
        try html.replacingOccurrences(of: marker, with: driver + marker).write(to: copy, atomically: true, encoding: .utf8)
        try Self.driver.write(to: vault.site.appendingPathComponent("folio-test-driver.js"), atomically: true, encoding: .utf8)
        return copy
    }

    /// Runs `url` and returns what the driver wrote, after checking no request left the disk and no script failed.
    func open(_ url: URL, chromium: Chromium, scratch: URL) throws -> [String: Any] {
        let run = try chromium.dumpDOM(url, scratch: scratch)
        #expect(run.pageRequestsOffDisk.isEmpty, "requests that left file://: \(run.pageRequestsOffDisk)")
        #expect(!run.stderr.contains("Uncaught"), "a script error: \(run.stderr.split(separator: "\n").filter { $0.contains("Uncaught") })")
        #expect(
            !run.stderr.contains("Content Security Policy"),
            "a policy violation: \(run.stderr.split(separator: "\n").filter { $0.contains("Content Security Policy") })")
        let start = try #require(
            run.dom.range(of: "<pre id=\"folio-test-result\">"), "the driver wrote no result into \(url.lastPathComponent)")
        let end = try #require(run.dom.range(of: "</pre>", range: start.upperBound..<run.dom.endIndex))
        let text = String(run.dom[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(
                of: "&amp;", with: "&")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect((result["errors"] as? [String]) == [], "errors the page logged: \(result["errors"] ?? "")")
        return result
    }

    @Test("tiles, a tile and a Chinese query, a record's photo and video, a calendar link, screenshots")
    func site() throws {
        let chromium = try #require(Chromium.installed)
        let folder = try Scratch("site-browser")
        let scratch = folder.url
        let vault = try makeSite(scratch: scratch)

        // The index: tiles with counts, the list, a tile clicked, a query typed inside it.
        let index = try open(try instrumented("index.html", in: vault), chromium: chromium, scratch: scratch)
        let initial = try #require(index["initial"] as? [String: Any])
        // "All" first, then tags by their last use: the page a year ago comes last.
        #expect((initial["tiles"] as? [String]) == ["全部 4", "旅行 2", "rain 1", "work 1", "旅行/回憶 1"], "\(initial["tiles"] ?? "")")
        #expect((initial["visible"] as? [String])?.count == 4)
        #expect((index["onThisDay"] as? [String]) == ["去年今日"])
        // The tile takes the tags nested in it (旅行/回憶), as --tag does.
        #expect((index["afterTile"] as? [String: Any])?["visible"] as? [String] == ["下雨的傍晚", "海邊的週末", "去年今日"])
        #expect((index["afterTile"] as? [String: Any])?["pressed"] as? String == "旅行")
        #expect((index["afterQuery"] as? [String: Any])?["visible"] as? [String] == ["下雨的傍晚"])
        #expect((index["afterQuery2"] as? [String: Any])?["visible"] as? [String] == ["海邊的週末"], "散步 is in the other page")
        #expect((index["noMatch"] as? [String: Any])?["empty"] as? String == "找不到符合的日記")
        // Typed without spaces, as people type: each word must be in the page, not the pair
        // between them (晚回); Simplified finds Traditional; words in two different pages find neither.
        #expect((index["typed"] as? [String: Any])?["visible"] as? [String] == ["下雨的傍晚"], "傍晚回家: \(index["typed"] ?? "")")
        #expect((index["simplified"] as? [String: Any])?["visible"] as? [String] == ["海邊的週末"], "海边散步: \(index["simplified"] ?? "")")
        #expect((index["wordsApart"] as? [String: Any])?["visible"] as? [String] == [], "海邊回家: \(index["wordsApart"] ?? "")")
        // A grammar character is no word of its own: 慢慢的回家 needs 慢慢 and 回家, not 的回.
        #expect((index["grammar"] as? [String: Any])?["visible"] as? [String] == ["下雨的傍晚"], "慢慢的回家: \(index["grammar"] ?? "")")
        #expect((index["thumbs"] as? [Int])?.allSatisfy { $0 > 0 } == true, "list thumbnails load: \(index["thumbs"] ?? "")")
        #expect(index["tilesPosition"] as? String == "sticky", "the tile row stays at the top")
        #expect((initial["sections"] as? [String]) == ["日記", "想法"], "\(initial["sections"] ?? "")")

        // A record page: the photo loaded, the video there, the conversation folded.
        let record = try open(try instrumented("records/\(Self.photoID).html", in: vault), chromium: chromium, scratch: scratch)
        #expect((record["images"] as? [Int])?.count == 2)
        #expect((record["images"] as? [Int])?.allSatisfy { $0 > 0 } == true, "the photos' natural widths: \(record["images"] ?? "")")
        // The lightbox is CSS alone: the photo the address names is shown full screen, the others not.
        #expect(record["lightbox"] as? [String] == ["none", "flex"], "\(record["lightbox"] ?? "")")
        #expect(record["lightboxPhoto"] as? Int ?? 0 > 0, "the full photo loads in the lightbox")
        #expect(record["videos"] as? Int == 1)
        #expect(record["unplayable"] as? Int == 0)
        #expect(record["conversationOpen"] as? Bool == false)

        // The calendar: the day is marked and linked; following the link filters the list to that day.
        let month = try open(try instrumented("calendar/2026-11.html", in: vault), chromium: chromium, scratch: scratch)
        let links = try #require(month["dayLinks"] as? [String])
        #expect(links.count == 2, "\(links)")
        let link = try #require(links.first { $0.hasSuffix("#day=2026-11-22") })
        let target = try #require(URL(string: link))
        let followed = URL(fileURLWithPath: target.path).deletingLastPathComponent().appendingPathComponent("folio-test-index.html")
        let day = try open(
            try #require(URL(string: followed.absoluteString + "#" + (target.fragment ?? ""))), chromium: chromium, scratch: scratch)
        #expect((day["initial"] as? [String: Any])?["visible"] as? [String] == ["下雨的傍晚"])

        // Screenshots at a phone's and a desktop's width.
        // Kept for a person to look at, in the build folder (`make clean` removes them).
        let shots = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/site-screenshots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        for (name, page) in [("index", "index.html"), ("record", "records/\(Self.photoID).html"), ("month", "calendar/2026-11.html")] {
            for (size, width, height) in [("phone", 390, 844), ("desktop", 1280, 900)] {
                let file = shots.appendingPathComponent("\(name)-\(size).png")
                try chromium.screenshot(vault.site.appendingPathComponent(page), to: file, width: width, height: height, scratch: scratch)
                #expect(FileManager.default.fileExists(atPath: file.path), "\(file.lastPathComponent)")
            }
        }
        print("folio site screenshots: \(shots.path)")
        withExtendedLifetime(folder) {}
    }

    /// Loaded before the site's own script: records errors and policy violations, then (once the
    /// page has loaded) what the test checks, as JSON in `<pre id="folio-test-result">`.
    static let driver = #"""
        "use strict";
        window.__folioErrors = [];
        window.addEventListener("error", function (e) { __folioErrors.push(String(e.message || (e.target && e.target.src) || e)); }, false);
        document.addEventListener("securitypolicyviolation", function (e) { __folioErrors.push("policy: " + e.blockedURI + " " + e.violatedDirective); });
        function visibleTitles() {
          return Array.prototype.filter.call(document.querySelectorAll("#list li.rec"), function (li) { return !li.hidden; })
            .map(function (li) { return li.querySelector(".title").textContent; });
        }
        function snapshot() {
          var empty = document.getElementById("empty");
          var pressed = document.querySelector("#tiles .tile[aria-current=true]");
          return {
            tiles: Array.prototype.map.call(document.querySelectorAll("#tiles .tile"), function (t) {
              return t.querySelector(".label").textContent + " " + t.querySelector(".count").textContent; }),
            visible: visibleTitles(),
            sections: Array.prototype.filter.call(document.querySelectorAll("#list .kind-section"), function (s) { return !s.hidden; })
              .map(function (s) { return s.querySelector("h2").textContent; }),
            empty: empty && !empty.hidden ? empty.textContent : null,
            pressed: pressed ? pressed.querySelector(".label").textContent : null
          };
        }
        function finish(out) {
          out.errors = window.__folioErrors;
          var pre = document.createElement("pre");
          pre.id = "folio-test-result";
          pre.textContent = JSON.stringify(out);
          document.body.appendChild(pre);
        }
        function type(text) {
          var q = document.getElementById("q");
          q.value = text;
          q.dispatchEvent(new Event("input", { bubbles: true }));
        }
        window.addEventListener("load", function () {
          setTimeout(function () {
            var out = {};
            if (document.body.classList.contains("index")) {
              out.initial = snapshot();
              out.onThisDay = Array.prototype.map.call(document.querySelectorAll("#otd:not([hidden]) .title"), function (t) { return t.textContent; });
              out.thumbs = Array.prototype.map.call(document.querySelectorAll("#list img.thumb"), function (i) { return i.naturalWidth; });
              out.tilesPosition = getComputedStyle(document.getElementById("tiles")).position;
              if (location.hash) return finish(out);
              var tile = Array.prototype.find.call(document.querySelectorAll("#tiles .tile"), function (t) { return t.getAttribute("data-tag") === "旅行"; });
              tile.click();
              setTimeout(function () {
                out.afterTile = snapshot();
                type("傍晚"); out.afterQuery = snapshot();
                type("散步"); out.afterQuery2 = snapshot();
                type("不存在的字"); out.noMatch = snapshot();
                type("傍晚回家"); out.typed = snapshot();
                type("海边散步"); out.simplified = snapshot();
                type("海邊回家"); out.wordsApart = snapshot();
                type("慢慢的回家"); out.grammar = snapshot();
                type("");
                finish(out);
              }, 200);
              return;
            }
            out.images = Array.prototype.map.call(document.querySelectorAll("img.media"), function (i) { return i.naturalWidth; });
            out.videos = document.querySelectorAll("video.media").length;
            out.unplayable = document.querySelectorAll(".unplayable").length;
            var details = document.querySelector("details.conversation");
            out.conversationOpen = details ? details.open : null;
            out.dayLinks = Array.prototype.map.call(document.querySelectorAll("table.month td.has a"), function (a) { return a.href; });
            if (!document.querySelector(".lightbox")) return finish(out);
            location.hash = "#photo-2";
            setTimeout(function () {
              out.lightbox = Array.prototype.map.call(document.querySelectorAll(".lightbox"), function (l) { return getComputedStyle(l).display; });
              var full = document.querySelector("#photo-2 img.full");
              setTimeout(function () { out.lightboxPhoto = full ? full.naturalWidth : 0; finish(out); }, 300);
            }, 100);
          }, 300);
        });
        """#
}

/// `ffmpeg` on `PATH`, which makes the test's photo and video.
enum FFmpegTool {
    static let installed: URL? = {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("ffmpeg")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()
}
