import Foundation
import Synchronization
import TestSupport
import Testing

@testable import FolioCLI

@Suite("Progress lines and transfer outcomes")
struct ProgressTests {
    @Test("the throttle draws at most ten times a second of updates, and always the final state")
    func throttleBoundsRedraws() {
        // A clock that moves 1 ms per update: 2,000 updates span two seconds.
        let clock = Mutex(ContinuousClock.now)
        let throttle = RedrawThrottle(interval: .milliseconds(100)) {
            clock.withLock { now in
                now = now.advanced(by: .milliseconds(1))
                return now
            }
        }
        let updates = 2_000
        var drawn: [Int] = []
        for update in 1...updates { throttle.draw(isFinal: update == updates) { drawn.append(update) } }
        #expect(drawn.count <= 22, "\(drawn.count) redraws for \(updates) updates")
        #expect(drawn.first == 1)
        #expect(drawn.last == updates)
    }

    @Test("an LFS upload and download on a terminal: folio's own \\r\\e[2K as bytes, no ␍ or ␛, a bounded number of redraws")
    func transferProgressOnATerminal() throws {
        let rig = try GiftlessRig()
        let (scratch, folio) = (rig.scratch, rig.folio)
        let photo = scratch.path("big.jpg")
        try Data(MediaFixtures.jpeg(padding: 6_000_000, seed: 9)).write(to: photo)
        #expect(try folio.run("new", "diary", "--title", "大", "--media", photo.path).status == 0)
        let synced = try folio.runOnRawTerminal("sync")
        #expect(synced.status == 0, "\(String(decoding: synced.output, as: UTF8.self))")
        let cloned = try FolioProcess(directory: scratch.url, scratch: scratch)
            .runOnRawTerminal("clone", rig.daemon.url("remote.git"), "b")
        #expect(cloned.status == 0, "\(String(decoding: cloned.output, as: UTF8.self))")
        for (arrow, run) in [("↑ [", synced), ("↓ [", cloned)] {
            let text = String(decoding: run.output, as: UTF8.self)
            #expect(!text.contains("␍") && !text.contains("␛"), "\(text)")
            #expect(text.contains(arrow), "no media progress: \(text)")
            let redraws = text.components(separatedBy: "\r\u{1B}[2K").count - 1
            #expect(redraws >= 1 && redraws <= 60, "\(redraws) redraws")
            // Only folio's own line erasing is there; nothing else drives the terminal.
            #expect(TerminalBytes.unsafe(in: Data(text.replacingOccurrences(of: "\r\u{1B}[2K", with: "").utf8)).isEmpty, "\(text)")
        }
    }

    @Test("an LFS server that cannot be reached exits 3, as an unreachable git remote does")
    func unreachableLFSServerExitsThree() throws {
        let scratch = try Scratch()
        let folio = try LFSTests.vault(scratch)
        // Port 1 on loopback: nothing listens, the connection is refused at once.
        try folio.write(".lfsconfig", "[lfs]\n\turl = http://127.0.0.1:1/vault\n")
        #expect(try folio.run("commit", "-m", "LFS server").status == 0)
        #expect(try folio.run("config", "trust", "lfs.url").status == 0)
        let photo = try LFSTests.photo(scratch, "IMG_1.jpg", seed: 1)
        #expect(try folio.run("new", "diary", "--title", "霧", "--media", photo.path).status == 0)
        let synced = try folio.run("sync")
        #expect(synced.status == 3, "\(synced.stdout) \(synced.stderr)")
    }

    @Test("media fetch exits 1 naming each file that did not come; media prune --dry-run says what it would do")
    func mediaFetchFailureAndPruneWording() throws {
        let scratch = try Scratch()
        let folio = try LFSTests.vault(scratch)
        try folio.run("config", "set", "media.fetch", "none")
        var shas: [String] = []
        for seed in 1...2 {
            let photo = try LFSTests.photo(scratch, "IMG_\(seed).jpg", seed: UInt8(seed))
            #expect(try folio.run("new", "diary", "--title", "第\(seed)天", "--media", photo.path).status == 0)
            shas.append(try LFSTests.sha256(photo))
        }
        #expect(try folio.run("sync").status == 0)
        #expect(try FolioProcess(directory: scratch.url, scratch: scratch).run("clone", scratch.path("remote.git").path, "b").status == 0)
        let lost = shas[0]
        try FileManager.default.removeItem(
            at: scratch.path("remote.git/lfs/objects/\(lost.prefix(2))/\(lost.dropFirst(2).prefix(2))/\(lost)"))
        var b = FolioProcess(directory: scratch.path("b"), scratch: scratch)
        b.environment["FOLIO_DEVICE"] = "B"
        let fetched = try b.run("media", "fetch", "--all")
        #expect(fetched.status == 1, "\(fetched.stdout) \(fetched.stderr)")
        #expect(fetched.stdout.contains("downloaded 1 media file"), "\(fetched.stdout)")
        #expect(fetched.stderr.contains("media/\(lost.prefix(2))/\(lost).jpg"), "\(fetched.stderr)")
        #expect(fetched.stderr.contains("1 of 2 media files did not download"), "\(fetched.stderr)")

        let dry = try folio.run("media", "prune", "--dry-run")
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(!dry.stdout.contains("removed 1") && !dry.stdout.contains("freeing"), "\(dry.stdout)")
        #expect(dry.stdout.contains("would remove"), "\(dry.stdout)")
        let dryInChinese = try folio.run("media", "prune", "--dry-run", "--lang", "zh-Hant")
        #expect(dryInChinese.stdout.contains("會移除") && !dryInChinese.stdout.contains("已移除"), "\(dryInChinese.stdout)")
    }
}
