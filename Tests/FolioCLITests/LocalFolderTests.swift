import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `.folio/local/` holds what is this device's alone (the MCP token, the browsers' sessions, drafts
/// of typed text, embedding vectors): no other account of the machine may list or read it.
@Suite("This device's folder")
struct LocalFolderTests {
    static func mode(_ url: URL) -> mode_t? {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return nil }
        return info.st_mode & 0o777
    }

    @Test("a new vault's .folio/local is this user's alone, and one an older folio left open is narrowed by the next command")
    func ownersAlone() throws {
        let folio = try FolioProcess.vault()
        let local = folio.directory.appendingPathComponent(".folio/local")
        #expect(Self.mode(local) == 0o700)
        // As an older folio left it.
        #expect(chmod(local.path, 0o755) == 0)
        let idea = try folio.run("idea", "a lamp for the balcony")
        #expect(idea.status == 0, "\(idea.stderr)")
        #expect(Self.mode(local) == 0o700)
        // Removed (a fresh clone has none): made again as this user's alone.
        try FileManager.default.removeItem(at: local)
        let status = try folio.run("status")
        #expect(status.status == 0, "\(status.stderr)")
        #expect(Self.mode(local) == 0o700)
    }

    @Test("a link standing for .folio/local is never followed to change another folder's mode")
    func linkNotFollowed() throws {
        let folio = try FolioProcess.vault()
        let local = folio.directory.appendingPathComponent(".folio/local")
        let elsewhere = folio.directory.deletingLastPathComponent().appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        #expect(chmod(elsewhere.path, 0o755) == 0)
        try FileManager.default.removeItem(at: local)
        try FileManager.default.createSymbolicLink(at: local, withDestinationURL: elsewhere)
        _ = try folio.run("status")
        #expect(Self.mode(elsewhere) == 0o755)
    }
}
