import FolioCore
import Foundation
import TestSupport

@testable import FolioStore

/// A real vault in a fresh temporary folder, with a fixed clock and an owner; the folder is removed
/// when the last copy of the value is released.
struct TemporaryVault {
    let root: URL
    let vault: Vault
    private let scratch: Scratch

    /// `racyWindowNanoseconds: 0` makes the catalog believe a file's stamp as soon as it is written.
    init(
        owner: Bool = true, now: String = "2026-11-22T18:04:11+08:00",
        racyWindowNanoseconds: Int64 = Clock.standardRacyWindowNanoseconds
    ) throws {
        scratch = try Scratch("vault")
        root = scratch.path("vault")
        let stamp = Timestamp(now)
        let date = stamp?.date ?? Date()
        let clock = Clock(
            now: { date }, zone: TimeZone(secondsFromGMT: 8 * 3600) ?? .current, racyWindowNanoseconds: racyWindowNanoseconds)
        vault = try Vault.initialise(
            at: root, owner: owner ? Owner(name: "林小雨", birthday: "1995-04-02", gender: "female") : nil,
            language: .en, clock: clock)
    }

    /// A path beside the vault (a link's target outside it), removed with the vault.
    func outside(_ name: String) -> URL { scratch.path(name) }

    func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func read(_ path: String) -> String? {
        try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
    }

    /// Every file under the vault but .folio/local, with its bytes.
    func snapshot() -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        while let path = enumerator?.nextObject() as? String {
            if path.hasPrefix(".folio/local") { continue }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                files[path] = FileManager.default.contents(atPath: root.appendingPathComponent(path).path)
            }
        }
        return files
    }
}
