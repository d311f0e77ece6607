import Foundation
import TestSupport
import Testing

/// The sha256 of a file as coreutils computes it: the reference the vault's names must match.
private func sha256sum(_ url: URL) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
    process.arguments = [url.path]
    return String(try process.runToEnd().output.prefix(64))
}

extension FolioProcess {
    /// Writes `bytes` to a file outside the vault (as a camera roll would hold it) and returns its path.
    func outside(_ name: String, _ bytes: [UInt8]) throws -> URL {
        let folder = directory.deletingLastPathComponent().appendingPathComponent(directory.lastPathComponent + "-roll")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    /// Files under `media/` (temporaries included), vault-relative and sorted.
    func mediaFiles() -> [String] {
        let base = directory.appendingPathComponent("media")
        let found = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
        return found.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: base.appendingPathComponent(path).path, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }.map { "media/" + $0 }.sorted()
    }

    func record(_ reference: String) throws -> [String: Any] {
        try #require(try json("show", reference, "--json") as? [String: Any])
    }
}

@Suite("Media: photos, videos and voice notes in content-addressed folders")
struct MediaTests {
    @Test("a diary page around one photo: the file lands at media/<2 hex>/<sha256>.jpg, listed, linked and committed")
    func diaryAroundAPhoto() throws {
        let folio = try FolioProcess.vault()
        let photo = try folio.outside("IMG_2041.JPG", MediaFixtures.jpeg())
        let sha = try sha256sum(photo)
        let made = try folio.run("new", "diary", "--media", photo.path, "--text", "下班路上")
        #expect(made.status == 0, "\(made.stderr)")
        let stored = "media/\(sha.prefix(2))/\(sha).jpg"
        #expect(folio.mediaFiles() == [stored])
        #expect(try Data(contentsOf: folio.directory.appendingPathComponent(stored)) == Data(contentsOf: photo))
        #expect(made.stdout.contains("photo") && made.stdout.contains("4032×3024") && made.stdout.contains(stored))

        let record = try folio.record("下班路上")
        let media = try #require(record["media"] as? [[String: Any]])
        #expect(media.count == 1)
        #expect(media[0]["file"] as? String == stored)
        #expect(media[0]["type"] as? String == "photo")
        #expect(media[0]["name"] as? String == "IMG_2041.JPG")
        #expect(media[0]["bytes"] as? Int == MediaFixtures.jpeg().count)
        #expect(media[0]["width"] as? Int == 4032 && media[0]["height"] as? Int == 3024)
        #expect(media[0]["taken"] as? String == "2026-11-05T07:30:15+09:00")
        #expect(media[0]["camera"] as? String == "Apple iPhone 13")
        #expect(abs((media[0]["latitude"] as? Double ?? 0) - 25.034) < 0.0001)
        #expect(abs((media[0]["longitude"] as? Double ?? 0) - 121.565) < 0.0001)
        let path = try #require(record["path"] as? String)
        #expect(path == "diary/2026/11/2026-11-22-下班路上.md")
        let text = try #require(folio.read(path))
        #expect(text.contains("\n下班路上\n\n![IMG_2041.JPG](../../../\(stored))\n"), "\(text)")
        // The words live once, in the body: no `text:` beside them (issue 72).
        #expect(text.contains("\nmedia:\n") && !text.contains("\ntext:"), "\(text)")

        // One commit holds the record and the photo; git treats the photo as binary.
        #expect(try git(["status", "--porcelain"], in: folio.directory).isEmpty)
        let files = try git(["show", "--name-only", "--format=%s", "HEAD"], in: folio.directory)
        #expect(files.contains(stored) && files.contains(path) && files.hasPrefix("diary: add"))
        #expect(try git(["check-attr", "binary", stored], in: folio.directory).contains("binary: set"))

        let shown = try folio.run("show", "下班路上")
        #expect(shown.stdout.contains("photo  ") && shown.stdout.contains("4032×3024  \(stored)  IMG_2041.JPG"))
        #expect(shown.stdout.contains("Apple iPhone 13"))
        #expect(try folio.run("check").status == 0)
    }

    @Test("the same bytes imported twice are stored once; a video and a voice note are links with durations")
    func sameBytesOnceAndOtherTypes() throws {
        let folio = try FolioProcess.vault()
        let photo = try folio.outside("a.jpg", MediaFixtures.jpeg())
        let copy = try folio.outside("copy of a.jpeg", MediaFixtures.jpeg())
        #expect(try folio.run("new", "diary", "--media", photo.path, "--title", "一").status == 0)
        let second = try folio.run("new", "diary", "--media", copy.path, "--title", "二")
        #expect(second.status == 0, "\(second.stderr)")
        #expect(folio.mediaFiles().count == 1)
        #expect(try git(["show", "--name-only", "--format=", "HEAD"], in: folio.directory).split(separator: "\n").count == 1)

        let clip = try folio.outside("clip.mp4", MediaFixtures.mp4(seconds: 12.5))
        let voice = try folio.outside("voice.wav", MediaFixtures.wav(seconds: 2))
        let made = try folio.run("new", "diary", "--media", clip.path, "--media", voice.path, "--title", "三", "--json")
        #expect(made.status == 0, "\(made.stderr)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(made.stdout.utf8)) as? [String: Any])
        let media = try #require(record["media"] as? [[String: Any]])
        #expect(media.map { $0["type"] as? String } == ["video", "audio"])
        #expect(media[0]["duration"] as? Double == 12.5)
        #expect(media[0]["width"] as? Int == 1920 && media[0]["height"] as? Int == 1080)
        #expect(media[1]["duration"] as? Double == 2)
        let body = try #require(record["body"] as? String)
        let clipPath = try #require(media[0]["file"] as? String)
        #expect(body.split(separator: "\n").contains("[clip.mp4](../../../\(clipPath))") && !body.contains("![clip.mp4]"), "\(body)")
        #expect(folio.mediaFiles().count == 3)
    }

    @Test("--date-from-media dates the page when the photo was taken; without a date taken it says so")
    func dateFromMedia() throws {
        let folio = try FolioProcess.vault()
        let photo = try folio.outside("IMG_2041.jpg", MediaFixtures.jpeg())
        let made = try folio.run("new", "diary", "--media", photo.path, "--date-from-media", "--title", "清晨")
        #expect(made.status == 0, "\(made.stderr)")
        let record = try folio.record("清晨")
        #expect(record["created"] as? String == "2026-11-05T07:30:15+09:00")
        #expect(record["path"] as? String == "diary/2026/11/2026-11-05-清晨.md")

        // A camera without an offset: the time is read in this device's zone (Asia/Taipei in the tests).
        let local = try folio.outside("local.jpg", MediaFixtures.jpeg(seed: 9, taken: "2026:10:01 12:00:00", offset: nil))
        #expect(try folio.run("new", "diary", "--media", local.path, "--date-from-media", "--title", "午").status == 0)
        #expect(try folio.record("午")["created"] as? String == "2026-10-01T12:00:00+08:00")

        let screenshot = try folio.outside("shot.png", MediaFixtures.png(width: 640, height: 480))
        let undated = try folio.run("new", "diary", "--media", screenshot.path, "--date-from-media", "--title", "截圖")
        #expect(undated.status == 0)
        #expect(undated.stderr.contains("the page is dated now"))
        let shot = try folio.record("截圖")
        #expect(shot["created"] as? String == "2026-11-22T18:04:11+08:00")
        #expect((shot["media"] as? [[String: Any]])?.first?["width"] as? Int == 640)

        let nothing = try folio.run("new", "diary", "--date-from-media", "--title", "空")
        #expect(nothing.status == 1 && nothing.stderr.contains("Choose a photo or video first"))
    }

    @Test("attach adds media to a record: entries, a link before the conversation, one commit; twice is once")
    func attach() throws {
        let folio = try FolioProcess.vault()
        #expect(
            try folio.run("new", "diary", "--title", "散步", "--body", "走了很久。\n\n## Conversation\n\n**me** · 2026-11-22 18:05\n好累\n").status
                == 0)
        let photo = try folio.outside("IMG_2042.jpg", MediaFixtures.jpeg(seed: 3))
        let original = try #require(try folio.record("散步")["body"] as? String)
        let attached = try folio.run("attach", "散步", photo.path)
        #expect(attached.status == 0, "\(attached.stderr)")
        #expect(attached.stdout.contains("attached 1 media file to '散步'"))
        let record = try folio.record("散步")
        let stored = try #require((record["media"] as? [[String: Any]])?.first?["file"] as? String)
        let body = try #require(record["body"] as? String)
        #expect(
            body
                == original.replacingOccurrences(
                    of: "走了很久。\n\n## Conversation", with: "走了很久。\n\n![IMG_2042.jpg](../../../\(stored))\n\n## Conversation"), "\(body)")
        #expect(original.hasPrefix("走了很久。\n\n## Conversation\n"))
        #expect(try git(["status", "--porcelain"], in: folio.directory).isEmpty)
        #expect(try git(["log", "-1", "--format=%s"], in: folio.directory).contains("diary: attach 1 media to \"散步\""))

        let before = try git(["rev-parse", "HEAD"], in: folio.directory)
        let again = try folio.run("attach", "散步", photo.path)
        #expect(again.status == 0 && again.stdout.contains("already attached"))
        #expect(try git(["rev-parse", "HEAD"], in: folio.directory) == before)

        // A second file follows the first link.
        let voice = try folio.outside("voice.wav", MediaFixtures.wav(seconds: 1))
        #expect(try folio.run("attach", "散步", voice.path).status == 0)
        let after = try #require(try folio.record("散步")["body"] as? String)
        #expect(after.contains("(../../../\(stored))\n\n[voice.wav](../../../media/"))
        #expect(try #require(try folio.record("散步")["media"] as? [[String: Any]]).count == 2)

        let none = try folio.run("attach", "散步")
        #expect(none.status == 1 && none.stderr.contains("Choose a photo or video first"))
    }

    @Test("attach keeps a media value written by hand, and attaching a record's missing file brings it back")
    func attachKeepsAndRestores() throws {
        let folio = try FolioProcess.vault()
        let photo = try folio.outside("IMG_1.jpg", MediaFixtures.jpeg(seed: 7))
        #expect(try folio.run("new", "diary", "--media", photo.path, "--title", "舊").status == 0)
        let stored = try #require(folio.mediaFiles().first)
        try FileManager.default.removeItem(at: folio.directory.appendingPathComponent(stored))
        #expect(try folio.run("commit", "-m", "lost a photo").status == 0)
        let restored = try folio.run("attach", "舊", photo.path)
        #expect(restored.status == 0 && restored.stdout.contains("already attached"), "\(restored.stderr)")
        #expect(folio.mediaFiles() == [stored])
        #expect(try git(["status", "--porcelain"], in: folio.directory).isEmpty, "the restored file is committed")
        #expect(try folio.run("check").status == 0)

        // A lone path typed by hand stays, as the first item of the list.
        #expect(try folio.run("new", "idea", "--title", "手寫", "--field", "media=notes/sketch.png", "--extra").status == 0)
        let sketch = try folio.outside("sketch.png", MediaFixtures.png(width: 2, height: 2))
        #expect(try folio.run("attach", "手寫", sketch.path).status == 0)
        let media = try #require(try folio.record("手寫")["media"] as? [Any])
        #expect(media.count == 2)
        #expect(media.first as? String == "notes/sketch.png")
        #expect((media.last as? [String: Any])?["type"] as? String == "photo")
    }

    @Test("unreadable, special, empty, oversized and non-media files are refused by name and reason; nothing stays")
    func refusals() throws {
        let folio = try FolioProcess.vault(language: "zh-Hant")
        let roll = try folio.outside("ok.jpg", MediaFixtures.jpeg()).deletingLastPathComponent()
        let fifo = roll.appendingPathComponent("pipe.mp4")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        let text = try folio.outside("notes.txt", Array("hello, this is not a photo".utf8))
        let empty = try folio.outside("empty.mp4", [])
        let cases: [(String, String)] = [
            (roll.appendingPathComponent("missing.mp4").path, "找不到這個檔案"),
            (roll.path, "這是資料夾，不是檔案"),
            (fifo.path, "這不是一般檔案"),
            (text.path, "不是照片、影片或錄音"),
            (empty.path, "檔案是空的"),
        ]
        for (file, reason) in cases {
            let result = try folio.run("new", "diary", "--media", file, "--title", "壞")
            #expect(result.status == 1)
            #expect(result.stderr.contains("讀取失敗，請換") && result.stderr.contains(file) && result.stderr.contains(reason), "\(result.stderr)")
        }
        #expect(try folio.run("new", "diary", "--media", fifo.path).stderr.contains("影片讀取失敗，請換一段或稍後再試"))

        #expect(try folio.run("config", "set", "media.max_bytes", "1000").status == 0)
        let big = try folio.outside("big.jpg", MediaFixtures.jpeg(padding: 2000))
        let tooBig = try folio.run("new", "diary", "--media", big.path, "--title", "大")
        #expect(tooBig.status == 1 && tooBig.stderr.contains("照片讀取失敗") && tooBig.stderr.contains("media.max_bytes"), "\(tooBig.stderr)")

        // A good file then a bad one: neither the record nor the good file stays.
        let good = try folio.outside("good.jpg", MediaFixtures.jpeg(seed: 5))
        #expect(try folio.run("new", "diary", "--media", good.path, "--media", text.path, "--title", "半").status == 1)
        #expect(folio.mediaFiles().isEmpty)
        #expect((try folio.json("list", "--json") as? [Any])?.isEmpty == true)
        #expect(try git(["status", "--porcelain"], in: folio.directory).isEmpty)
    }

    @Test("check re-hashes media: corrupt, missing, stray and truncated files, broken links; --fix restores and relinks")
    func check() throws {
        let folio = try FolioProcess.vault()
        let photo = try folio.outside("IMG_2041.jpg", MediaFixtures.jpeg())
        #expect(try folio.run("new", "diary", "--media", photo.path, "--title", "雨").status == 0)
        let stored = try #require(folio.mediaFiles().first)
        let storedURL = folio.directory.appendingPathComponent(stored)
        let clean = try folio.run("check")
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")

        // One flipped byte keeps the size: only hashing sees it.
        var bytes = try [UInt8](Data(contentsOf: storedURL))
        bytes[bytes.count - 10] ^= 0x01
        try Data(bytes).write(to: storedURL)
        let corrupt = try folio.run("check")
        #expect(corrupt.status == 1)
        #expect(corrupt.stdout.contains("\(stored): its bytes no longer hash to its name (corrupt)"))
        #expect(corrupt.stdout.contains("diary/2026/11/2026-11-22-雨.md") && corrupt.stdout.contains("folio log --media \(stored)"))
        #expect(try folio.run("check", "--quick").status == 0)
        // --fix puts the committed bytes back; the corrupt ones are kept aside, never deleted.
        let fixedCorrupt = try folio.run("check", "--fix", "--yes")
        #expect(fixedCorrupt.status == 0, "\(fixedCorrupt.stdout)\(fixedCorrupt.stderr)")
        #expect(try Data(contentsOf: storedURL) == Data(contentsOf: photo))
        let kept = try FileManager.default.subpathsOfDirectory(atPath: folio.directory.appendingPathComponent(".folio/local/damaged").path)
            .map { folio.directory.appendingPathComponent(".folio/local/damaged/\($0)") }
            .filter { (try? Data(contentsOf: $0)) == Data(bytes) }
        #expect(kept.count == 1, "the corrupt bytes are kept under .folio/local/damaged/")
        let log = try folio.run("log", "--media", stored)
        #expect(log.status == 0 && log.stdout.contains("diary: add \"雨\""))
        let byHash = try folio.run("log", "--media", String(stored.dropFirst(9).prefix(8)))
        #expect(byHash.stdout == log.stdout)

        // Truncated: --quick sees the size; missing: --fix brings it back from history.
        try Data(bytes.prefix(100)).write(to: storedURL)
        let quick = try folio.run("check", "--quick")
        #expect(quick.status == 1 && quick.stdout.contains("100 bytes where the record says \(MediaFixtures.jpeg().count)"))
        try FileManager.default.removeItem(at: storedURL)
        let missing = try folio.run("check")
        #expect(missing.status == 1 && missing.stdout.contains("the media file \(stored) is missing"))
        let restored = try folio.run("check", "--fix", "--yes")
        #expect(restored.status == 0, "\(restored.stdout)\(restored.stderr)")
        #expect(restored.stdout.contains("\(stored): restored from history"))
        #expect(try Data(contentsOf: storedURL) == Data(contentsOf: photo))
        // A removal already committed: the file comes back from an older commit, and is committed again.
        try FileManager.default.removeItem(at: storedURL)
        #expect(try folio.run("commit", "-m", "lost it").status == 0)
        #expect(try folio.run("check", "--fix", "--yes").status == 0)
        #expect(try Data(contentsOf: storedURL) == Data(contentsOf: photo))
        #expect(try git(["status", "--porcelain"], in: folio.directory).isEmpty)
        #expect(try git(["log", "-1", "--format=%s"], in: folio.directory).hasPrefix("media: restore \(stored)"))

        // A stray file and a record moved by hand, whose relative link now points nowhere.
        try folio.write("media/ab/notes.txt", "not media")
        let recordPath = "diary/2026/11/2026-11-22-雨.md"
        try FileManager.default.moveItem(
            at: folio.directory.appendingPathComponent(recordPath), to: folio.directory.appendingPathComponent("diary/雨.md"))
        let broken = try folio.run("check")
        #expect(broken.stdout.contains("media/ab/notes.txt: a stray file in media/"))
        #expect(broken.stdout.contains("diary/雨.md:") && broken.stdout.contains("the link points nowhere: ../../../\(stored)"))
        _ = try folio.run("check", "--fix", "--yes")
        #expect(try #require(folio.read("diary/雨.md")).contains("](../\(stored))"))
        try FileManager.default.removeItem(at: folio.directory.appendingPathComponent("media/ab/notes.txt"))
        let fixed = try folio.run("check")
        #expect(fixed.status == 0, "\(fixed.stdout)")
    }

    @Test("gc removes only media no record uses, as one commit that undo brings back")
    func garbageCollect() throws {
        let folio = try FolioProcess.vault()
        let shared = try folio.outside("shared.jpg", MediaFixtures.jpeg())
        let own = try folio.outside("own.png", MediaFixtures.png(width: 10, height: 10))
        #expect(try folio.run("new", "diary", "--media", shared.path, "--title", "甲").status == 0)
        #expect(try folio.run("new", "diary", "--media", shared.path, "--media", own.path, "--title", "乙").status == 0)
        #expect(folio.mediaFiles().count == 2)
        #expect(try folio.run("gc", "--dry-run").stdout.contains("no unreferenced media"))

        #expect(try folio.run("rm", "乙", "--yes").status == 0)
        #expect(folio.mediaFiles().count == 2, "removing a record never removes media at once")
        let ownStored = try #require(folio.mediaFiles().first { $0.hasSuffix(".png") })
        let plan = try folio.run("gc", "--dry-run")
        #expect(plan.stdout.contains("1 media file no record uses") && plan.stdout.contains(ownStored))
        #expect(!plan.stdout.contains(".jpg"))
        #expect(folio.mediaFiles().count == 2)
        #expect(try folio.run("gc").status == 1, "without a terminal gc needs --yes")
        let removed = try folio.run("gc", "--yes")
        #expect(removed.status == 0 && removed.stdout.contains("removed 1 media file"))
        #expect(folio.mediaFiles().count == 1 && !folio.mediaFiles().contains(ownStored))
        #expect(try git(["status", "--porcelain"], in: folio.directory).isEmpty)
        #expect(try folio.run("undo").status == 0)
        #expect(folio.mediaFiles().contains(ownStored))
    }

    @Test("an import killed mid-copy leaves no record; its partial file is reported and cleaned")
    func killedImport() throws {
        let folio = try FolioProcess.vault()
        #expect(try folio.run("config", "set", "media.max_bytes", "2000000000").status == 0)
        // A 400 MB video: a header, a sparse media data box, then its moov.
        let video = try folio.outside("long.mp4", [])
        let handle = try FileHandle(forWritingTo: video)
        let size = 400 << 20
        try handle.write(contentsOf: MediaFixtures.box("ftyp", Array("isom".utf8) + MediaFixtures.be32(0) + Array("isom".utf8)))
        try handle.write(contentsOf: MediaFixtures.be32(size + 8) + Array("mdat".utf8))
        try handle.seek(toOffset: UInt64(24 + size))
        try handle.write(contentsOf: MediaFixtures.moov(seconds: 600))
        try handle.close()

        for attempt in 0..<2 {
            let started = try folio.start(["new", "diary", "--media", video.path, "--title", "長片"])
            let process = started.0
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline && process.isRunning && !folio.mediaFiles().contains(where: { $0.contains(".import-") }) {
                usleep(1000)
            }
            // Let the copy get going, then kill it as a crash or a power cut would.
            usleep(50_000)
            #expect(process.isRunning, "the import finished before it could be interrupted")
            kill(process.processIdentifier, SIGKILL)
            _ = folio.finish(started)
            let leftovers = folio.mediaFiles().filter { $0.contains(".import-") }
            #expect(leftovers.count == 1)
            #expect((try folio.json("list", "--json") as? [Any])?.isEmpty == true, "no record without its media")
            let check = try folio.run("check")
            #expect(check.status == 1 && check.stdout.contains(leftovers.first ?? "?"))
            if attempt == 0 {
                #expect(try folio.run("check", "--fix", "--yes").status == 0)
            } else {
                // The next import removes what a dead one left.
                let photo = try folio.outside("small.jpg", MediaFixtures.jpeg())
                #expect(try folio.run("new", "diary", "--media", photo.path).status == 0)
            }
            #expect(!folio.mediaFiles().contains { $0.contains(".import-") })
        }
        #expect(try folio.run("check").status == 0)
    }

    @Test("list and search never read media/")
    func indexerSkipsMedia() throws {
        let folio = try FolioProcess.vault()
        let photo = try folio.outside("IMG.jpg", MediaFixtures.jpeg())
        #expect(try folio.run("new", "diary", "--media", photo.path, "--title", "雨天").status == 0)
        // A FIFO named like a record: any command that opened it would wait forever.
        #expect(mkfifo(folio.directory.appendingPathComponent("media/trap.md").path, 0o644) == 0)
        for arguments in [["list"], ["search", "雨天"], ["tags"]] {
            let started = try folio.start(arguments)
            let deadline = Date().addingTimeInterval(20)
            while started.0.isRunning && Date() < deadline { usleep(10_000) }
            if started.0.isRunning { kill(started.0.processIdentifier, SIGKILL) }
            let result = folio.finish(started)
            #expect(result.status == 0 && result.stdout.contains("雨天") || arguments == ["tags"], "\(arguments): \(result.stderr)")
        }
    }

    @Test("media syncs between two devices byte for byte; both importing the same photo is no conflict")
    func syncBetweenDevices() throws {
        let devices = try Devices.make()
        let a = devices["A"]
        let b = devices["B"]
        let photo = try a.outside("IMG_2041.jpg", MediaFixtures.jpeg())
        #expect(try a.run("new", "diary", "--media", photo.path, "--title", "同一張").status == 0)
        let alsoOnB = try b.outside("IMG_2041.jpg", MediaFixtures.jpeg())
        #expect(try b.run("new", "diary", "--media", alsoOnB.path, "--title", "在B").status == 0)
        try devices.sync("A", "B", "A")
        #expect(a.mediaFiles() == b.mediaFiles() && a.mediaFiles().count == 1)
        let stored = try #require(a.mediaFiles().first)
        #expect(try Data(contentsOf: b.directory.appendingPathComponent(stored)) == Data(contentsOf: photo))
        #expect(try b.run("check").status == 0)
        #expect(try a.run("check").status == 0)
        #expect(try git(["status", "--porcelain"], in: b.directory).isEmpty)
        #expect(!(try a.run("status")).stdout.contains("conflict"))
    }
}
