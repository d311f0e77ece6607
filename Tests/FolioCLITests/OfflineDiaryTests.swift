import Foundation
import TestSupport
import Testing

@Suite("The offline diary always saves: builtin pages and tags from the real binary")
struct OfflineDiaryTests {
    /// The media files of an entry, written beside the vault.
    static func mediaArguments(_ entry: DiaryCase, in folio: FolioProcess, index: Int) throws -> [String] {
        try entry.media.enumerated().flatMap { position, type -> [String] in
            let (name, bytes): (String, [UInt8]) =
                switch type {
                case .photo:
                    (
                        "IMG_\(index)_\(position).jpg",
                        MediaFixtures.jpeg(width: 16, height: 16, seed: UInt8(truncatingIfNeeded: index * 8 + position))
                    )
                case .video: ("clip_\(index).mp4", MediaFixtures.mp4(seconds: 2))
                case .audio: ("voice_\(index).wav", MediaFixtures.wav(seconds: 1))
                }
            let url = folio.directory.appendingPathComponent(name)
            try Data(bytes).write(to: url)
            return ["--media", url.path]
        }
    }

    @Test("every entry of the corpus exits 0 offline, with 3 to 8 tags and none that spans two words", arguments: ["zh-Hant", "en"])
    func corpus(language: String) throws {
        let folio = try FolioProcess.vault(language: language)
        for (index, entry) in DiaryCorpus.cases.enumerated() where entry.language == language {
            let arguments =
                ["diary", "--no-chat", "--json"] + (entry.text.map { ["--text", $0] } ?? [])
                + (try Self.mediaArguments(entry, in: folio, index: index))
            let result = try folio.run(arguments)
            #expect(result.status == 0, "\(entry): \(result.stderr)")
            let record = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(entry)")
            let tags = record["tags"] as? [String] ?? []
            #expect((3...8).contains(tags.count), "\(entry): \(tags)")
            for tag in entry.forbidden { #expect(!tags.contains(tag), "\(entry): \(tag) in \(tags)") }
            #expect(record["summarized_by"] as? String == "builtin", "\(entry)")
            let body = record["body"] as? String ?? ""
            #expect(!body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(entry): an empty page")
        }
    }

    @Test("the README's first diary example, offline: exit 0, the line and a sentence about the photo, three tags")
    func readmeExample() throws {
        let folio = try FolioProcess.vault(language: "zh-Hant")
        let photo = folio.directory.appendingPathComponent("IMG_2041.jpg")
        try Data(MediaFixtures.jpeg(width: 16, height: 16)).write(to: photo)
        let result = try folio.run("diary", "--media", photo.path, "--text", "下班路上")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("失敗"), "\(result.stderr)")
        // The photo's EXIF says it was taken on Thursday 5 November 2026 at 07:30.
        #expect(result.stdout.contains("下班路上。11月5日（週四）清晨拍的一張照片。"), "\(result.stdout)")
        #expect(result.stderr.contains("已總結「下班路上」，標籤：下班、路上、照片（builtin）"), "\(result.stderr)")
        let list = try #require(try folio.json("list", "diary", "--json") as? [[String: Any]])
        #expect(list.first?["tags"] as? [String] == ["下班", "路上", "照片"])
    }

    @Test("a photo with no words is saved with a page and tags too; the place only when shared")
    func photoOnly() throws {
        let folio = try FolioProcess.vault(language: "zh-Hant")
        for (name, value) in [("location", "台北"), ("privacy.share_location", "true")] {
            #expect(try folio.run("config", "set", name, value).status == 0)
        }
        let photo = folio.directory.appendingPathComponent("IMG_1.jpg")
        try Data(MediaFixtures.jpeg(width: 16, height: 16)).write(to: photo)
        let result = try folio.run("diary", "--media", photo.path, "--no-chat", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(record["tags"] as? [String] == ["照片", "台北", "清晨"])
        #expect((record["body"] as? String)?.hasPrefix("11月5日（週四）清晨在台北拍的一張照片。") == true, "\(record["body"] ?? "")")
    }
}
