import Foundation
import TestSupport
import Testing

/// Settings and templates arrive from every device that syncs with this one, and from plain `git
/// push`: whatever they hold, every command, `sync` first, still runs, names the bad file as a
/// warning, and lets the fix arrive the same way.
@Suite("Hostile settings and templates from another device")
struct SyncedInputLimitTests {
    static func nestedSections(_ depth: Int) -> String {
        String(repeating: "{{#a}}", count: depth) + "x" + String(repeating: "{{/a}}", count: depth)
    }

    @Test(
        "3,000 nested sections, a 2 MiB template, a template that is not UTF-8 and settings nested 10,000 deep, pushed with plain git: sync runs, each is named, and the fix arrives"
    )
    func hostileFilesArriveAndLeave() throws {
        let devices = try Devices.make()
        let a = devices["A"].directory
        let good = try #require(devices["A"].read(".folio/config.yaml"))
        try devices["A"].write(".folio/templates/trip.md", "---\nkind: trip\n---\n" + Self.nestedSections(3_000) + "\n")
        try devices["A"].write(".folio/templates/big.md", "---\nkind: big\n---\n" + String(repeating: "{{#a}}\n", count: 300_000))
        try Data([0x2D, 0x2D, 0x2D, 0x0A, 0xFF, 0xFE, 0x0A]).write(to: a.appendingPathComponent(".folio/templates/binary.md"))
        try devices["A"].write(".folio/config.yaml", "x: " + String(repeating: "[", count: 10_000) + "\n")
        try git(["add", "-A"], in: a)
        try git(["commit", "-q", "-m", "hostile"], in: a)
        try git(["push", "-q", "origin", "main"], in: a)

        let b = devices["B"]
        let sync = try b.run("sync")
        #expect(sync.status == 0, "\(sync.stderr)")
        // Said in the language of the settings sync started with (English); from then on the
        // settings that name it cannot be read, and folio speaks its first language, zh-Hant.
        for named in [
            ".folio/templates/trip.md:4:193: warning", "more than 32 deep", ".folio/templates/big.md: warning", "over the limit of 1048576",
            ".folio/templates/binary.md: warning", ".folio/config.yaml:1:67: warning",
        ] {
            #expect(sync.stderr.contains(named), "sync does not say \(named): \(sync.stderr)")
        }
        // What arrived is kept as it came: folio rewrites none of it.
        #expect(b.read(".folio/templates/trip.md") == devices["A"].read(".folio/templates/trip.md"))
        #expect(b.read(".folio/config.yaml") == devices["A"].read(".folio/config.yaml"))

        // Every other command goes on; the bad kinds cannot be written, the others can.
        let list = try b.run("list")
        #expect(list.status == 0 && list.stderr.contains(".folio/templates/trip.md:4:"), "\(list.stderr)")
        #expect(try b.run("idea", "still writing").status == 0)
        let trip = try b.run("new", "trip", "--title", "Tainan")
        #expect(trip.status == 1 && trip.stderr.contains(".folio/templates/trip.md:4:193: 錯誤"), "\(trip.stderr)")
        let status = try b.run("status")
        #expect(status.status == 0, "\(status.stderr)")
        #expect(try b.run("sync").status == 0)

        // The fix comes the same way: plain git on A, then sync on B.
        try git(["pull", "-q", "--no-rebase", "origin", "main"], in: a)
        try git(["rm", "-q", ".folio/templates/trip.md", ".folio/templates/big.md", ".folio/templates/binary.md"], in: a)
        try devices["A"].write(".folio/config.yaml", good)
        try git(["commit", "-q", "-am", "fix"], in: a)
        try git(["push", "-q", "origin", "main"], in: a)
        let fixed = try b.run("sync")
        #expect(fixed.status == 0, "\(fixed.stderr)")
        let after = try b.run("list")
        #expect(after.status == 0 && after.stderr.isEmpty, "\(after.stderr)")
        #expect(b.read(".folio/config.yaml") == good)
        #expect(!FileManager.default.fileExists(atPath: b.directory.appendingPathComponent(".folio/templates/trip.md").path))
    }

    @Test("settings of 2 MiB or not UTF-8 are named and never replaced by `config set`, which is refused")
    func unreadableSettingsAreNotOverwritten() throws {
        let folio = try FolioProcess.vault()
        for bytes in [Data(("# " + String(repeating: "x", count: 2 << 20) + "\n").utf8), Data([0x61, 0x3A, 0x20, 0xFF, 0x0A])] {
            let file = folio.directory.appendingPathComponent(".folio/config.yaml")
            try bytes.write(to: file)
            let list = try folio.run("list")
            #expect(list.status == 0 && list.stderr.contains(".folio/config.yaml: 警告: 無法讀取 .folio/config.yaml"), "\(list.stderr)")
            let set = try folio.run("config", "set", "sync.timeout", "30")
            #expect(set.status == 1, "\(set.stderr)")
            #expect(try Data(contentsOf: file) == bytes, "the settings file was rewritten")
        }
    }
}

/// Limits in the synced settings bound what this device takes; another device can tighten them,
/// never loosen them past this device's ceilings.
@Suite("Limits raised in synced settings stop at this device's ceilings")
struct SyncedLimitCeilingTests {
    static func aliasBomb(levels: Int) -> String {
        var text = "---\nkind: idea\ntitle: bomb\na: &a [x, x, x, x, x, x, x, x, x]\n"
        var previous = "a"
        for level in 1..<levels {
            let name = "l\(level)"
            text += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
            previous = name
        }
        return text + "---\n"
    }

    @Test(
        "this device's ceilings file, damaged, is named on every command, never written over, and a limit set meanwhile is refused before anything changes",
        arguments: [
            ("not YAML", "sync.timeout: [1\n", "not valid YAML"), ("a list", "- sync.timeout\n", "it must be setting names"),
            ("a folder", nil, "not a regular file"),
            ("over 64 KiB", "# " + String(repeating: "x", count: 70_000) + "\n", "not a regular file"),
        ] as [(String, String?, String)])
    func damagedCeilings(name: String, text: String?, said: String) throws {
        let folio = try FolioProcess.vault()
        #expect(try folio.run("config", "set", "sync.timeout", "120").status == 0)
        let file = folio.directory.appendingPathComponent(".folio/local/limits.yaml")
        try FileManager.default.removeItem(at: file)
        if let text {
            try Data(text.utf8).write(to: file)
        } else {
            try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        }
        let list = try folio.run("list")
        #expect(list.status == 0)
        #expect(list.stderr.contains(".folio/local/limits.yaml") && list.stderr.contains(said), "\(name): \(list.stderr)")
        let config = folio.read(".folio/config.yaml")
        let refused = try folio.run("config", "set", "sync.timeout", "60")
        #expect(refused.status == 1 && refused.stderr.contains("will not write over it"), "\(name): \(refused.stderr)")
        #expect(folio.read(".folio/config.yaml") == config, "\(name): the settings unchanged")
        if let text { #expect(try String(contentsOf: file, encoding: .utf8) == text, "\(name): the file as it was") }
        // Settings without a ceiling are set as ever.
        #expect(try folio.run("config", "set", "language", "zh-Hant").status == 0)
        // An empty file is no damage.
        try? FileManager.default.removeItem(at: file)
        try Data().write(to: file)
        let clean = try folio.run("list")
        #expect(!clean.stderr.contains("limits.yaml"), "\(clean.stderr)")
    }

    @Test(
        "settings pushed from another device raising front_matter.max_nodes, max_depth and record.max_title_length: an alias bomb and deep nesting stay refused here, a long title too, until this device raises its own"
    )
    func raisedLimitsStopAtTheCeiling() throws {
        let devices = try Devices.make()
        let a = devices["A"]
        let raised =
            (a.read(".folio/config.yaml") ?? "")
            + "front_matter:\n  max_nodes: 10000000\n  max_depth: 1000\nrecord:\n  max_title_length: 100000\n"
        try a.write(".folio/config.yaml", raised)
        // 9^7 values: 4.8 million once the aliases are counted.
        try a.write("ideas/bomb.md", Self.aliasBomb(levels: 7))
        try a.write(
            "ideas/deep.md",
            "---\nkind: idea\ntitle: deep\nx: " + String(repeating: "[", count: 500) + String(repeating: "]", count: 500) + "\n---\n")
        try git(["add", "-A"], in: a.directory)
        try git(["commit", "-q", "-m", "raise the limits"], in: a.directory)
        try git(["push", "-q", "origin", "main"], in: a.directory)

        let b = devices["B"]
        #expect(try b.run("sync").status == 0)
        #expect(b.read(".folio/config.yaml") == raised)
        let list = try b.run("list")
        #expect(list.status == 0)
        #expect(list.stderr.contains("ideas/bomb.md:") && list.stderr.contains("more than 100000 values"), "\(list.stderr)")
        #expect(list.stderr.contains("ideas/deep.md:") && list.stderr.contains("more than 64 deep"), "\(list.stderr)")
        let long = try b.run("idea", String(repeating: "雨", count: 300))
        #expect(long.status == 1 && long.stderr.contains("200"), "\(long.stderr)")

        // Set on this device, a limit is this device's own: the deep record reads.
        #expect(try b.run("config", "set", "front_matter.max_depth", "1000").status == 0)
        let after = try b.run("list")
        #expect(!after.stderr.contains("ideas/deep.md"), "\(after.stderr)")
        #expect(after.stdout.contains("deep"))
        #expect(after.stderr.contains("ideas/bomb.md:"), "\(after.stderr)")
    }
}
