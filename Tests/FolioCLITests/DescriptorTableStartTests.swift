import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// folio grows its table of descriptors before any thread starts (see `DescriptorTable`): later,
/// each doubling would sleep through an RCU grace period while the catalog's walk opens folders.
@Suite("folio starts with its descriptor table grown")
struct DescriptorTableStartTests {
    @Test("a running folio's table already has room for the folders the walk keeps open")
    func grownAtStart() throws {
        var folio = try FolioProcess.vault()
        try folio.run("idea", "look at my table")
        let scratch = folio.directory.deletingLastPathComponent().appendingPathComponent("table-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let report = scratch.appendingPathComponent("fdsize")
        // The editor finds the folio that started it and writes down that process's table size.
        let editor = scratch.appendingPathComponent("editor.sh")
        try """
        #!/bin/sh
        p=$$
        while [ "$p" -gt 1 ]; do
            if [ "$(cat /proc/$p/comm)" = folio ]; then
                awk '/^FDSize:/ {print $2}' /proc/$p/status > '\(report.path)'
                exit 1
            fi
            p=$(awk '{print $4}' /proc/$p/stat)
        done
        exit 1

        """.write(to: editor, atomically: true, encoding: .utf8)
        chmod(editor.path, 0o755)
        folio.environment["EDITOR"] = editor.path
        _ = try folio.run("edit", "look-at-my-table")
        let written = try String(contentsOf: report, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let size = try #require(Int(written), "the editor found no folio: \(written)")
        var limit = rlimit()
        #expect(getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0)
        // 64 is where a process's table starts; the walk alone keeps up to 256 folders open.
        #expect(size >= min(1024, Int(limit.rlim_cur)), "FDSize \(size)")
    }
}
