import Foundation
import TestSupport
import Testing

/// The real exports the tests read (see Fixtures/exchange/SOURCES.md).
enum ExchangeFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/exchange")

    static func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

    /// A zip of `folder`'s contents made with Info-ZIP's `zip`.
    static func zip(_ folder: URL, to zip: URL) throws {
        try Tool.run(Tool.find("zip", package: "zip"), ["-q", "-r", zip.path, "."], in: folder)
    }

    /// A zip (stored, no compression) whose entries have exactly the names given, `../` and all:
    /// what a hostile export would hold, which no zip tool writes on request.
    static func rawZip(_ entries: [(String, [UInt8])]) -> Data {
        var out = Data()
        var central = Data()
        func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(value >> (8 * $0) & 0xFF) } }
        for (name, bytes) in entries {
            let crc = crc32(bytes)
            let offset = UInt32(out.count)
            let nameBytes = Array(name.utf8)
            let common: [UInt8] =
                le16(20) + le16(0) + le16(0) + le16(0) + le16(0) + le32(crc) + le32(UInt32(bytes.count)) + le32(UInt32(bytes.count))
                + le16(nameBytes.count) + le16(0)
            out.append(contentsOf: le32(0x0403_4b50) + common + nameBytes + bytes)
            central.append(
                contentsOf: le32(0x0201_4b50) + le16(20) + common + le16(0) + le16(0) + le16(0) + le32(0) + le32(offset) + nameBytes)
        }
        let start = UInt32(out.count)
        out.append(central)
        out.append(
            contentsOf: le32(0x0605_4b50) + le16(0) + le16(0) + le16(entries.count) + le16(entries.count)
                + le32(UInt32(central.count)) + le32(start) + le16(0))
        return out
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// The md5 Day One names a media file by, from coreutils.
    static func md5(_ url: URL) throws -> String {
        String(try Tool.run(Tool.find("md5sum", package: "coreutils"), [url.path]).prefix(32))
    }
}

extension FolioProcess {
    /// A folder beside the vault (an export, a folder of notes), created.
    func beside(_ name: String) throws -> URL {
        let url = directory.deletingLastPathComponent().appendingPathComponent(directory.lastPathComponent + "-" + name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

@Suite("Import and export: jrnl, Day One, Markdown folders, folio's own JSON")
struct ExchangeTests {
    // jrnl's and Day One's real exports, --dry-run, malformed exports and the messages' language
    // are in Transcripts/import-jrnl.t and import-malformed.t.

    // MARK: - Day One

    /// A Day One export in its documented layout: Journal.json and photos/<md5>.jpeg.
    func dayOneExport(_ folio: FolioProcess) throws -> URL {
        let folder = try folio.beside("dayone")
        let photos = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let staging = folder.appendingPathComponent("photo.jpeg")
        try Data(MediaFixtures.jpeg()).write(to: staging)
        let md5 = try ExchangeFixtures.md5(staging)
        try FileManager.default.moveItem(at: staging, to: photos.appendingPathComponent("\(md5).jpeg"))
        let journal = """
            {"metadata": {"version": "1.0"}, "entries": [
              {"uuid": "0A1B2C3D4E5F60718293A4B5C6D7E8F9", "creationDate": "2023-05-01T01:02:03Z", "modifiedDate": "2023-05-02T00:00:00Z",
               "timeZone": "Asia/Tokyo", "starred": false, "tags": ["travel"], "isPinned": true, "creationDevice": "iPhone",
               "text": "# 京都の朝\\n\\n![](dayone-moment://PHOTO1)\\n\\nA quiet walk.",
               "location": {"placeName": "Fushimi Inari", "localityName": "Kyoto", "country": "Japan", "latitude": 34.967, "longitude": 135.772},
               "weather": {"conditionsDescription": "Cloudy", "temperatureCelsius": 18.4, "windBearing": 200},
               "photos": [{"identifier": "PHOTO1", "md5": "\(md5)", "type": "jpeg", "orderInEntry": 0}]}
            ]}
            """
        try Data(journal.utf8).write(to: folder.appendingPathComponent("Journal.json"))
        return folder
    }

    @Test("a Day One zip with a photo: the photo lands in media/, the moment link points to it, location and weather in context")
    func dayOneZipWithPhoto() throws {
        let folio = try FolioProcess.vault()
        let folder = try dayOneExport(folio)
        let zip = folder.deletingLastPathComponent().appendingPathComponent(folio.directory.lastPathComponent + "-Export.zip")
        try ExchangeFixtures.zip(folder, to: zip)
        let result = try folio.run("import", "dayone", zip.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("imported 1 record and 1 media file"), "\(result.stdout)")
        let media = folio.mediaFiles()
        #expect(media.count == 1)
        let record = try folio.record("0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9")
        #expect(record["title"] as? String == "京都の朝")
        #expect(record["created"] as? String == "2023-05-01T10:02:03+09:00")
        #expect(record["modified"] as? String == "2023-05-02T09:00:00+09:00")
        let path = try #require(record["path"] as? String)
        #expect(path == "diary/2023/05/2023-05-01-京都の朝.md")
        let body = try #require(record["body"] as? String)
        #expect(body == "# 京都の朝\n\n![](../../../\(media[0]))\n\nA quiet walk.\n", "\(body)")
        let listed = try #require(record["media"] as? [[String: Any]])
        #expect(listed.first?["file"] as? String == media[0] && listed.first?["type"] as? String == "photo")
        let context = try #require(record["context"] as? [String: Any])
        #expect(context["location"] as? String == "Fushimi Inari, Kyoto, Japan")
        #expect(context["weather"] as? String == "Cloudy, 18°C")
        let kept = try #require(record["dayone"] as? [String: Any])
        #expect(kept["isPinned"] as? Bool == true && kept["creationDevice"] as? String == "iPhone")
        #expect((kept["weather"] as? [String: Any])?["windBearing"] as? Int == 200)
        #expect(try git(["status", "--porcelain"], in: folio.directory).isEmpty)
        #expect(try git(["show", "--name-only", "--format=", "HEAD"], in: folio.directory).contains(media[0]))
        #expect(try folio.run("check").status == 0)

        // The folder and its Journal.json are the same export: nothing is created twice.
        let files = folio.vaultFiles()
        for again in [folder.path, folder.appendingPathComponent("Journal.json").path, zip.path] {
            let second = try folio.run("import", "dayone", again)
            #expect(second.status == 0 && second.stdout.contains("nothing new"), "\(second.stdout)\(second.stderr)")
        }
        #expect(folio.vaultFiles() == files)
    }

    @Test(
        "a Day One export of two journals with a recording, a video and a PDF: every journal and file, a PDF kept by its format, titles without links; the report by journal"
    )
    func dayOneWholeExport() throws {
        let folio = try FolioProcess.vault()
        let folder = try folio.beside("dayone-whole")
        func store(_ bytes: [UInt8], in subfolder: String, ext: String) throws -> String {
            let directory = folder.appendingPathComponent(subfolder)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let staging = folder.appendingPathComponent("staging")
            try Data(bytes).write(to: staging)
            let md5 = try ExchangeFixtures.md5(staging)
            try FileManager.default.moveItem(at: staging, to: directory.appendingPathComponent("\(md5).\(ext)"))
            return md5
        }
        let photo = try store(MediaFixtures.jpeg(), in: "photos", ext: "jpeg")
        // A recording names its `format`, not a `type`.
        let voice = try store(MediaFixtures.wav(seconds: 1), in: "audios", ext: "wav")
        // A video whose object says one type while the file has another extension.
        let video = try store(MediaFixtures.mp4(seconds: 2), in: "videos", ext: "mp4")
        let pdf = try store(Array("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n".utf8), in: "pdfs", ext: "pdf")
        let journal = """
            {"metadata": {"version": "1.0"}, "entries": [
              {"uuid": "11111111111111111111111111111111", "creationDate": "2023-05-01T01:02:03Z", "timeZone": "Asia/Taipei",
               "text": "![](dayone-moment://P1) 海邊的一天 \\\\. [看這裡](https://example.com)\\n\\n浪很大。",
               "photos": [{"identifier": "P1", "md5": "\(photo)", "type": "jpeg"}],
               "audios": [{"identifier": "A1", "md5": "\(voice)", "format": "wav", "duration": 1}],
               "pdfAttachments": [{"identifier": "D1", "md5": "\(pdf)", "type": "pdf", "filename": "receipt.pdf"},
                                  {"identifier": "D2", "md5": "0123abcd", "type": "pdf"}]}
            ]}
            """
        let work = """
            {"metadata": {"version": "1.0"}, "entries": [
              {"uuid": "22222222222222222222222222222222", "creationDate": "2023-05-02T01:02:03Z", "timeZone": "Asia/Taipei",
               "text": "![](dayone-moment:/video/V1)\\n\\n會議記錄", "journal": "kept as written",
               "videos": [{"identifier": "V1", "md5": "\(video)", "type": "mov"}]},
              {"uuid": "33333333333333333333333333333333", "creationDate": "2023-05-03T01:02:03Z", "text": "出差"}
            ]}
            """
        try Data(journal.utf8).write(to: folder.appendingPathComponent("Journal.json"))
        try Data(work.utf8).write(to: folder.appendingPathComponent("Work.json"))

        // The dry run says what the import will do, journal by journal.
        let rehearsed = try folio.run("import", "dayone", folder.path, "--dry-run")
        #expect(rehearsed.status == 0 && rehearsed.stdout.contains("would add 3 records"), "\(rehearsed.stdout)")
        #expect(
            rehearsed.stdout.contains("  Journal: 1 new, 0 already in the vault\n  Work: 2 new, 0 already in the vault\n"),
            "\(rehearsed.stdout)")
        #expect(folio.mediaFiles().isEmpty)
        let planned = try #require(
            try JSONSerialization.jsonObject(with: Data(try folio.run("import", "dayone", folder.path, "--dry-run", "--json").stdout.utf8))
                as? [[String: Any]])
        #expect(planned.compactMap { $0["journal"] as? String } == ["Journal", "Work", "Work"])

        let result = try folio.run("import", "dayone", folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("imported 3 records and 3 media files"), "\(result.stdout)")
        #expect(
            result.stdout.contains("  Journal: 1 new, 0 already in the vault\n  Work: 2 new, 0 already in the vault\n"), "\(result.stdout)")
        // The one file the export lacks is named, never dropped without a word.
        #expect(result.stderr.contains("pdfs/0123abcd.pdf") && !result.stderr.contains(pdf), "\(result.stderr)")

        let beach = try folio.record("11111111-1111-1111-1111-111111111111")
        #expect(beach["title"] as? String == "海邊的一天 . 看這裡")
        let beachMedia = try #require(beach["media"] as? [[String: Any]])
        #expect(Set(beachMedia.compactMap { $0["type"] as? String }) == ["photo", "audio"], "\(beachMedia)")
        #expect((beach["dayone"] as? [String: Any])?["journal"] as? String == "Journal")
        // The PDF by its real format: in media/ by its content, linked from the page under its name.
        let beachPath = try #require(beach["path"] as? String)
        let beachText = try #require(folio.read(beachPath))
        let pdfLink = try #require(beachText.range(of: "[receipt.pdf](../../../media/"))
        let stored = beachText[pdfLink.upperBound...].prefix { $0 != ")" }
        #expect(stored.hasSuffix(".pdf") && folio.read("media/" + stored) != nil, "\(beachText)")

        let meeting = try folio.record("22222222-2222-2222-2222-222222222222")
        #expect(meeting["title"] as? String == "會議記錄")
        #expect((meeting["media"] as? [[String: Any]])?.first?["type"] as? String == "video")
        // A key Day One wrote is never overwritten.
        #expect((meeting["dayone"] as? [String: Any])?["journal"] as? String == "kept as written")
        let trip = try folio.record("33333333-3333-3333-3333-333333333333")
        #expect((trip["dayone"] as? [String: Any])?["journal"] as? String == "Work")
        #expect(folio.mediaFiles().count == 4, "a photo, a recording, a video and the PDF")
        #expect(try folio.run("check").status == 0)

        // Again: nothing new, each journal says so; with --journal-tag a new vault tells the journals apart.
        let again = try folio.run("import", "dayone", folder.path)
        #expect(
            again.stdout.contains("  Journal: 0 new, 1 already in the vault\n  Work: 0 new, 2 already in the vault\n"), "\(again.stdout)")
        let tagged = try FolioProcess.vault()
        #expect(try tagged.run("import", "dayone", folder.path, "--journal-tag").status == 0)
        let workTags = try tagged.record("22222222-2222-2222-2222-222222222222")["tags"] as? [String]
        #expect(workTags == ["Work"], "\(String(describing: workTags))")
        #expect(try tagged.record("11111111-1111-1111-1111-111111111111")["tags"] as? [String] == ["Journal"])
    }

    @Test("a zip whose names leave the folder is refused whole", arguments: ["../evil.json", "/etc/evil.json", "photos/../../evil.jpeg"])
    func hostileZip(name: String) throws {
        let folio = try FolioProcess.vault()
        let zip = try folio.beside("hostile").appendingPathComponent("Export.zip")
        try ExchangeFixtures.rawZip([("Journal.json", Array(#"{"metadata": {}, "entries": []}"#.utf8)), (name, [1, 2, 3])]).write(to: zip)
        let files = folio.vaultFiles()
        let result = try folio.run("import", "dayone", zip.path)
        #expect(result.status == 1)
        #expect(result.stderr.contains("would land outside its folder"), "\(result.stderr)")
        #expect(folio.vaultFiles() == files)
        #expect(
            !FileManager.default.fileExists(
                atPath: zip.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("evil.json").path))
    }

    // MARK: - Markdown folders

    @Test("a folder of notes: front matter kept byte for byte, only what folio needs added, tags as Obsidian reads them, media imported")
    func markdownFolder() throws {
        let folio = try FolioProcess.vault()
        let notes = try folio.beside("notes")
        let withFrontMatter =
            "---\n# my own comment\ntitle: Reading list\ntags: books, later\ndate: 2024-02-03\nrating: 5\n---\nSee ![cover](img/cover.jpg) and ![[shot.jpg|300]].\n"
        let files: [String: String] = [
            "Reading list.md": withFrontMatter,
            "journal/2024-03-01 Morning.md": "# Morning\n\nCoffee and #quiet thoughts.\n",
            "zk/202401021530 Idea.md": "---\nid: 11111111-2222-4333-8444-555555555555\ntags: [zk]\n---\nAn idea.\n",
            ".obsidian/workspace.md": "not a note",
            "drafts/attached.md": "[the pdf](paper.pdf)\n",
        ]
        for (path, text) in files {
            let url = notes.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try FileManager.default.createDirectory(at: notes.appendingPathComponent("img"), withIntermediateDirectories: true)
        try Data(MediaFixtures.jpeg()).write(to: notes.appendingPathComponent("img/cover.jpg"))
        try Data(MediaFixtures.jpeg(seed: 2)).write(to: notes.appendingPathComponent("attachments/shot.jpg"), createFolder: true)
        try Data("%PDF-1.4".utf8).write(to: notes.appendingPathComponent("drafts/paper.pdf"))

        let result = try folio.run("import", "markdown", notes.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("imported 4 records and 2 media files"), "\(result.stdout)")
        #expect(try Data(contentsOf: folio.directory.appendingPathComponent("notes/drafts/paper.pdf")) == Data("%PDF-1.4".utf8))
        #expect(folio.read("notes/drafts/attached.md")?.hasSuffix("---\n[the pdf](paper.pdf)\n") == true)
        #expect(folio.read(".obsidian/workspace.md") == nil && folio.read("notes/.obsidian/workspace.md") == nil)

        let reading = try #require(folio.read("notes/Reading list.md"))
        let lines = reading.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "---" && lines[1].hasPrefix("id: ") && lines[2] == "kind: note")
        #expect(lines[3] == "created: 2024-02-03T00:00:00+08:00", "\(reading)")
        // `tags: books, later` made a list, written as Obsidian writes lists.
        #expect(lines[5] == "# my own comment" && lines[6] == "title: Reading list" && lines[7...9] == ["tags:", "  - books", "  - later"])
        #expect(lines[10] == "date: 2024-02-03" && lines[11] == "rating: 5")
        let media = folio.mediaFiles()
        #expect(media.count == 2)
        #expect(reading.contains("See ![cover](../\(media.first { reading.contains($0) } ?? "?"))"), "\(reading)")
        #expect(!reading.contains("![[shot.jpg"), "\(reading)")

        let morning = try #require(folio.read("notes/journal/2024-03-01 Morning.md"))
        #expect(morning.hasSuffix("---\n# Morning\n\nCoffee and #quiet thoughts.\n"), "\(morning)")
        #expect(morning.contains("title: Morning\ncreated: 2024-03-01T00:00:00+08:00"))
        let zk = try #require(folio.read("notes/zk/202401021530 Idea.md"))
        #expect(zk.hasPrefix("---\nkind: note\ncreated: 2024-01-02T15:30:00+08:00\n"), "\(zk)")
        #expect(zk.hasSuffix("id: 11111111-2222-4333-8444-555555555555\ntags: [zk]\n---\nAn idea.\n"))
        #expect(try folio.run("list", "--tag", "quiet").stdout.contains("Morning"))
        #expect(try folio.run("show", "11111111").stdout.contains("An idea."))
        #expect(try folio.run("check").status == 0)

        let snapshot = folio.vaultFiles()
        let again = try folio.run("import", "markdown", notes.path)
        #expect(again.stdout.contains("nothing new"), "\(again.stdout)\(again.stderr)")
        #expect(folio.vaultFiles() == snapshot)
    }

    @Test("a note whose front matter does not parse stops the import, named with its path")
    func markdownBroken() throws {
        let folio = try FolioProcess.vault()
        let notes = try folio.beside("notes")
        try Data("---\ntitle: [unclosed\n---\nx\n".utf8).write(to: notes.appendingPathComponent("bad.md"))
        try Data("fine\n".utf8).write(to: notes.appendingPathComponent("good.md"))
        let files = folio.vaultFiles()
        let result = try folio.run("import", "markdown", notes.path)
        #expect(result.status == 1)
        #expect(result.stderr.contains("bad.md") && result.stderr.contains("front matter"), "\(result.stderr)")
        #expect(folio.vaultFiles() == files)
    }

    @Test(
        "a note whose front matter cannot take folio's keys (a tag before it, a list) stops the import, named; `id:` without a value gets one"
    )
    func markdownFrontMatterTakesNoKeys() throws {
        let folio = try FolioProcess.vault()
        let notes = try folio.beside("notes")
        try Data("---\nid:\ntitle: empty id\n---\nx\n".utf8).write(to: notes.appendingPathComponent("empty.md"))
        let fine = try folio.run("import", "markdown", notes.path)
        #expect(fine.status == 0, "\(fine.stderr)")
        let written = try #require(folio.read("notes/empty.md"))
        #expect(written.contains("\nid: ") && !written.contains("\nid:\n") && written.contains("\nkind: note\n"), "\(written)")
        #expect(try folio.run("check").status == 0)

        for (name, text, says) in [
            ("tagged.md", "---\n! \ntitle: x\n---\nbody\n", "cannot add its id"), ("bare-tag.md", "---\n!\n---\n", "cannot add its id"),
            ("list.md", "---\n- a\n- b\n---\nbody\n", "front matter"),
        ] {
            let other = try folio.beside("notes-\(name)")
            try Data(text.utf8).write(to: other.appendingPathComponent(name))
            let files = folio.vaultFiles()
            let result = try folio.run("import", "markdown", other.path)
            #expect(result.status == 1, "\(name): \(result.stdout)")
            #expect(result.stderr.contains(name) && result.stderr.contains(says), "\(result.stderr)")
            #expect(folio.vaultFiles() == files, "nothing imported")
        }
    }

    // MARK: - folio JSON

    @Test("export json, then import json into an empty vault: the same record and media files, byte for byte")
    func jsonRoundTrip() throws {
        let folio = try FolioProcess.vault()
        #expect(try folio.run("idea", "測試想法", "--desc", "測試描述", "--tag", "work").status == 0)
        let photo = try folio.outside("IMG_2041.JPG", MediaFixtures.jpeg())
        #expect(try folio.run("new", "diary", "--media", photo.path, "--text", "下班路上").status == 0)
        try folio.write(
            "ideas/2026/11/hand.md",
            """
            ---
            # written by hand
            id: 2f1d9a7e-0000-4000-8000-000000000001
            kind: idea
            title: "Hand made"
            created: 2026-11-20T08:00:00+08:00
            custom: {nested: [1, 2.5, yes]}   # an unknown key
            tags:
              - x
            ---
            Body with trailing spaces   \n\n
            """)
        #expect(try folio.run("commit", "-m", "by hand").status == 0)
        let export = try folio.run("export", "json", "--media")
        #expect(export.status == 0, "\(export.stderr)")
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: Any])
        let records = try #require(parsed["records"] as? [[String: Any]])
        #expect(records.count == 4)
        #expect(records.contains { $0["title"] as? String == "測試想法" && $0["tags"] as? [String] == ["work"] && $0["path"] is String })
        let file = try folio.beside("out").appendingPathComponent("vault.json")
        try Data(export.stdout.utf8).write(to: file)

        let root = try folio.beside("empty")
        let empty = FolioProcess(directory: root)
        #expect(try empty.run("init", ".", "--language", "en").status == 0)
        let imported = try empty.run("import", "json", file.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("imported 4 records and 1 media file"), "\(imported.stdout)")
        var original = folio.vaultFiles()
        var copy = empty.vaultFiles()
        original.removeValue(forKey: ".folio/config.yaml")
        copy.removeValue(forKey: ".folio/config.yaml")
        #expect(original == copy)
        for media in folio.mediaFiles() {
            #expect(
                try Data(contentsOf: folio.directory.appendingPathComponent(media)) == Data(contentsOf: root.appendingPathComponent(media)))
        }
        #expect(try empty.run("import", "json", file.path).stdout.contains("nothing new"))
        #expect(try empty.run("check").status == 0)
    }

    @Test(
        "a folio JSON record whose path would leave the vault is refused",
        arguments: ["../escape.md", "/tmp/abs.md", "a/\u{0}b.md", ".git/hooks/x.md", ".folio/templates/idea.md"])
    func jsonHostilePath(path: String) throws {
        let folio = try FolioProcess.vault()
        let escaped = path.replacingOccurrences(of: "\u{0}", with: "\\u0000")
        let text =
            #"{"format": "folio-export", "version": 1, "records": [{"path": "\#(escaped)", "body": "x\n", "front_matter": "---\nid: 2f1d9a7e-0000-4000-8000-000000000009\nkind: idea\n---\n"}]}"#
        let file = try folio.beside("export").appendingPathComponent("vault.json")
        try Data(text.utf8).write(to: file)
        let files = folio.vaultFiles()
        let result = try folio.run("import", "json", file.path)
        #expect(result.status == 1)
        #expect(result.stderr.contains("would leave the vault"), "\(result.stderr)")
        #expect(folio.vaultFiles() == files)
    }

    @Test("a folio JSON record without an id is written as it was, and a second import does not write it again")
    func jsonRecordWithoutID() throws {
        let folio = try FolioProcess.vault()
        let text =
            #"{"format": "folio-export", "version": 1, "records": [{"path": "notes/loose.md", "body": "x\n", "title": "Loose", "kind": "note", "tags": ["a"]}]}"#
        let file = try folio.beside("export").appendingPathComponent("vault.json")
        try Data(text.utf8).write(to: file)
        let first = try folio.run("import", "json", file.path)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(folio.read("notes/loose.md") == "---\nkind: note\ntitle: Loose\ntags:\n  - a\n---\nx\n")
        let second = try folio.run("import", "json", file.path)
        #expect(second.stdout.contains("nothing new"), "\(second.stdout)")
        #expect(folio.read("notes/loose-2.md") == nil)
    }

    @Test("export json takes the filters; import markdown takes --kind")
    func filtersAndKind() throws {
        let folio = try FolioProcess.vault()
        #expect(try folio.run("idea", "一個想法", "--tag", "work").status == 0)
        #expect(try folio.run("import", "jrnl", ExchangeFixtures.url("tags.json").path).status == 0)
        let ideas = try #require(try folio.json("export", "json", "--kind", "idea") as? [String: Any])
        #expect((ideas["records"] as? [[String: Any]])?.map { $0["title"] as? String } == ["一個想法"])
        let tagged = try #require(try folio.json("export", "json", "--tag", "dan") as? [String: Any])
        #expect((tagged["records"] as? [[String: Any]])?.map { $0["title"] as? String } == ["I met with @dan."])
        let all = try #require(try folio.json("export", "json") as? [String: Any])
        #expect((all["records"] as? [[String: Any]])?.count == 4, "the profile is in a whole export")

        let notes = try folio.beside("notes")
        try Data("plain\n".utf8).write(to: notes.appendingPathComponent("a thought.md"))
        let result = try folio.run("import", "markdown", notes.path, "--kind", "idea")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(folio.read("ideas/a thought.md")?.contains("kind: idea\ntitle: a thought\n") == true)
        let unknown = try folio.run("import", "markdown", notes.path, "--kind", "recipe")
        #expect(unknown.status == 1 && unknown.stderr.contains("recipe"))
    }

    // MARK: - Markdown export

    @Test("export markdown: one file per record with its front matter, media in attachments/, links rewritten")
    func markdownExport() throws {
        let folio = try FolioProcess.vault()
        let photo = try folio.outside("IMG_2041.JPG", MediaFixtures.jpeg())
        #expect(try folio.run("new", "diary", "--media", photo.path, "--text", "下班路上").status == 0)
        #expect(try folio.run("idea", "測試想法").status == 0)
        let out = try folio.beside("leaving").appendingPathComponent("export")
        let result = try folio.run("export", "markdown", "--out", out.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("exported 3 records and 1 media file"), "\(result.stdout)")
        let diaryPath = "diary/2026/11/2026-11-22-下班路上.md"
        let exported = try String(contentsOf: out.appendingPathComponent(diaryPath), encoding: .utf8)
        let original = try #require(folio.read(diaryPath))
        #expect(
            exported
                == original.replacingOccurrences(of: "](../../../media/", with: "](../../../attachments/")
                .replacingOccurrences(
                    of: #"\(../../../attachments/[0-9a-f]{2}/[0-9a-f]{64}\.jpg\)"#, with: "(../../../attachments/IMG_2041.JPG)",
                    options: .regularExpression))
        #expect(exported.contains("](../../../attachments/IMG_2041.JPG)"), "\(exported)")
        #expect(try Data(contentsOf: out.appendingPathComponent("attachments/IMG_2041.JPG")) == Data(MediaFixtures.jpeg()))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("profile.md").path))

        let again = try folio.run("export", "markdown", "--out", out.path)
        #expect(again.status == 1 && again.stderr.contains("already holds files"))
    }
}

extension Data {
    func write(to url: URL, createFolder: Bool) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try write(to: url)
    }
}
