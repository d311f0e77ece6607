import FolioCore
import Foundation
import Testing

@testable import FolioStore

/// When a command leaves a vault watched (``AutomaticWatch``): from 10,000 files checked, never once
/// the vault is marked off on this device, each vault once per process.
@Suite("folio watch starts by itself")
struct AutomaticWatchPolicyTests {
    @Test func fromTenThousandFiles() throws {
        let vault = try TemporaryVault()
        let local = vault.vault.localDirectory
        try AtomicFile.makeDirectory(local)
        #expect(!AutomaticWatch.wanted(localDirectory: local, files: AutomaticWatch.minimumFiles - 1))
        #expect(AutomaticWatch.wanted(localDirectory: local, files: AutomaticWatch.minimumFiles))
        #expect(AutomaticWatch.wanted(localDirectory: local, files: 300_000))
    }

    @Test func neverOnceMarkedOff() throws {
        let vault = try TemporaryVault()
        let local = vault.vault.localDirectory
        try AutomaticWatch.turnOff(localDirectory: local, reason: "  stopped with folio watch stop\n")
        #expect(AutomaticWatch.offReason(localDirectory: local) == "stopped with folio watch stop")
        #expect(!AutomaticWatch.wanted(localDirectory: local, files: 100_000))
        // A reason longer than the mark keeps is cut, and still says no.
        try AutomaticWatch.turnOff(localDirectory: local, reason: String(repeating: "長", count: 3_000))
        #expect(AutomaticWatch.offReason(localDirectory: local)?.utf8.count ?? 0 <= AutomaticWatch.maxReasonBytes)
        #expect(!AutomaticWatch.wanted(localDirectory: local, files: 100_000))
        AutomaticWatch.turnOn(localDirectory: local)
        #expect(AutomaticWatch.offReason(localDirectory: local) == nil)
        #expect(AutomaticWatch.wanted(localDirectory: local, files: 100_000))
        // An empty mark (a user's `touch`) says no as well.
        try Data().write(to: local.appendingPathComponent(AutomaticWatch.offMarkName))
        #expect(AutomaticWatch.offReason(localDirectory: local) == "")
        #expect(!AutomaticWatch.wanted(localDirectory: local, files: 100_000))
    }

    /// Each part of a command that checked every file notes the vault; the largest count stands, and
    /// what is taken is taken once.
    @Test func takenOncePerProcess() throws {
        let large = try TemporaryVault()
        let small = try TemporaryVault()
        try AtomicFile.makeDirectory(large.vault.localDirectory)
        AutomaticWatch.noteUnwatched(localDirectory: large.vault.localDirectory, files: 12)
        AutomaticWatch.noteUnwatched(localDirectory: large.vault.localDirectory, files: 12_000)
        AutomaticWatch.noteUnwatched(localDirectory: large.vault.localDirectory, files: 40)
        AutomaticWatch.noteUnwatched(localDirectory: small.vault.localDirectory, files: 9_999)
        let wanted = AutomaticWatch.takeWanted()
        #expect(wanted.filter { $0.root.path == large.root.path }.map(\.files) == [12_000])
        #expect(!wanted.contains { $0.root.path == small.root.path })
        // Found again (a server asks on every request): decided already, not started twice.
        AutomaticWatch.noteUnwatched(localDirectory: large.vault.localDirectory, files: 12_000)
        #expect(!AutomaticWatch.takeWanted().contains { $0.root.path == large.root.path })
    }

    /// The remote file systems' numbers are those of `statfs(2)`'s list (a watcher there would miss
    /// another machine's writes); the vault's own folder is not on one.
    @Test func localDiskOnly() throws {
        let vault = try TemporaryVault()
        #expect(AutomaticWatch.isOnLocalDisk(vault.root))
        #expect(!AutomaticWatch.isOnLocalDisk(vault.root.appendingPathComponent("no such folder")))
        for magic: UInt64 in [0x6969, 0xFF53_4D42, 0x6573_5546, 0x0102_1997] { #expect(AutomaticWatch.remoteFileSystems.contains(magic)) }
    }
}
