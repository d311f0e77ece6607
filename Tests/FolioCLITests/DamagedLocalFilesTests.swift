import Foundation
import Testing

/// `.folio/local/` holds what this device derives for itself: the device name, the writers' lock,
/// the catalog cache, the last sync's result, AI failures, the journal of an update. None of it is
/// trusted: whatever stands there, folio's commands still work, rebuild what they need, read
/// nothing through a link, and delete nothing someone may have put there.
@Suite("Damaged files in .folio/local")
struct DamagedLocalFilesTests {
    static let files = [
        "lock", "device", "sync-state.json", "ai-state.json", "ai-endpoints", "sync-update", "cache/catalog", "cache/index", "cache/ids",
    ]
    /// Folders folio keeps there; damaged, a file stands in their place.
    static let folders = ["git-writers", "sync"]

    enum Damage: String, CaseIterable {
        case garbage, folder, linkOutside, huge, truncated, pipe
    }

    @Test(
        "every derived file damaged in every way: the commands go on, nothing outside is read, nothing is deleted",
        arguments: Damage.allCases)
    func commandsSurvive(damage: Damage) throws {
        let devices = try Devices.make(["A"])
        let folio = devices["A"]
        #expect(try folio.run("idea", "before").status == 0)
        #expect(try folio.run("list").status == 0)
        let local = folio.directory.appendingPathComponent(".folio/local")
        let outside = devices.base.appendingPathComponent("outside-secret.txt")
        try "LEAKED-OUTSIDE-FILE\n".write(to: outside, atomically: true, encoding: .utf8)
        let manager = FileManager.default
        for name in Self.files + (damage == .folder ? [] : Self.folders) {
            let url = local.appendingPathComponent(name)
            try? manager.removeItem(at: url)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            switch damage {
            case .garbage:
                try Data((0..<65_536).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 17) }).write(to: url)
            case .folder:
                try manager.createDirectory(at: url.appendingPathComponent("kept"), withIntermediateDirectories: true)
                try "someone's file\n".write(to: url.appendingPathComponent("kept/note.txt"), atomically: true, encoding: .utf8)
            case .linkOutside:
                try manager.createSymbolicLink(at: url, withDestinationURL: outside)
            case .huge:
                try Data(repeating: 0x41, count: 3 << 20).write(to: url)
            case .truncated:
                try Data("{\"url\": \"file:///x\", \"lastSy".utf8).write(to: url)
            case .pipe:
                // A reader that waited for a writer would hang every command.
                #expect(mkfifo(url.path, 0o644) == 0)
            }
        }

        for arguments in [
            ["idea", "after"], ["list"], ["search", "after"], ["status"], ["show", "after"], ["sync"], ["ask", "will it work"], ["status"],
        ] {
            let result = try folio.run(arguments)
            #expect(result.status == 0, "\(damage) \(arguments): \(result.stderr)")
            #expect(!(result.stdout + result.stderr).contains("LEAKED"), "\(damage) \(arguments) read a file outside the vault")
        }
        let message = try git(["log", "-1", "--format=%B"], in: folio.directory)
        #expect(message.contains("Folio-Device: A"), "\(message)")
        #expect(try git(["log", "--format=%B"], in: folio.directory).contains("LEAKED") == false)
        #expect(try String(contentsOf: outside, encoding: .utf8) == "LEAKED-OUTSIDE-FILE\n", "the file outside was changed")
        if damage == .folder {
            // What stood in the way was moved aside, never deleted.
            let kept = manager.enumerator(atPath: local.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix("kept/note.txt") } ?? []
            #expect(kept.count == Self.files.count, "\(kept)")
        }
        #expect(try folio.run("check", "--quick").status == 0)
    }

    @Test("the device name file cannot inject lines into commit messages")
    func deviceNameIsOneCleanLine() throws {
        let folio = try FolioProcess.vault()
        var unnamed = folio
        unnamed.environment.removeValue(forKey: "FOLIO_DEVICE")
        try folio.write(".folio/local/device", "laptop\u{1B}[31m\u{07}\nFolio-Undo: 0000\n")
        #expect(try unnamed.run("idea", "named device").status == 0)
        let message = try git(["log", "-1", "--format=%B"], in: folio.directory)
        #expect(
            message.contains("Folio-Device: laptop[31m\n") || message.hasSuffix("Folio-Device: laptop[31m"), "\(message.debugDescription)")
        #expect(!message.contains("Folio-Undo"))
    }

    @Test("a device file that is a link leading out of the vault is not read: the host name is used and written in its place")
    func deviceLinkIsNotFollowed() throws {
        var folio = try FolioProcess.vault()
        folio.environment.removeValue(forKey: "FOLIO_DEVICE")
        let outside = folio.directory.deletingLastPathComponent().appendingPathComponent("outside-\(UUID().uuidString)")
        try "LEAKED-NAME\n".write(to: outside, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: outside) }
        let device = folio.directory.appendingPathComponent(".folio/local/device")
        try? FileManager.default.removeItem(at: device)
        try FileManager.default.createSymbolicLink(at: device, withDestinationURL: outside)
        #expect(try folio.run("idea", "linked device").status == 0)
        let message = try git(["log", "-1", "--format=%B"], in: folio.directory)
        #expect(!message.contains("LEAKED"), "\(message)")
        #expect(try String(contentsOf: outside, encoding: .utf8) == "LEAKED-NAME\n")
    }
}
