import SystemIO

extension FuzzTarget {
    /// What `folio watch` and `sync --watch` read from the kernel (``FolderEvents/decode(_:)``),
    /// on any bytes: a record cut short, a length past the end, names without their padding.
    ///
    /// Promises: it never traps; no name holds a NUL; the events it reads, written again as the
    /// kernel writes them, read back the same, and never take more bytes than were given.
    static let folderEvents = FuzzTarget(
        name: "folder-events",
        summary: "FolderEvents.decode: names without NUL, written again they read back the same, within the bytes given",
        generatedSeeds: {
            [
                folderEventBytes(watch: 1, mask: 0x0000_0100, name: Array("rain.md".utf8)),
                folderEventBytes(watch: 2, mask: 0x4000_0100, name: Array("日記".utf8))
                    + folderEventBytes(watch: 2, mask: 0x0000_8000, name: []),
                folderEventBytes(watch: -1, mask: 0x0000_4000, name: []),
            ]
        }
    ) { bytes throws(InvariantFailure) in
        let events = FolderEvents.decode(bytes[...])
        var written: [UInt8] = []
        for event in events {
            try expect(!event.name.contains(0), "a name with a NUL: \(event.name)")
            written += folderEventBytes(watch: event.watch, mask: event.change.rawValue, name: event.name)
        }
        let again = FolderEvents.decode(written[...])
        try expect(again.map(\.name) == events.map(\.name) && again.map(\.watch) == events.map(\.watch), "names or watches changed")
        // The kernel's records: a 16-byte header, the name padded to a multiple of 16 with NULs.
        try expect(events.count * 16 <= bytes.count, "more events than the bytes could hold")
    }

    /// One event as the kernel writes it (`struct inotify_event`, then the name, NUL-padded).
    /// Masks are not compared: decoding keeps only the bits folio reads, in its own names.
    static func folderEventBytes(watch: Int32, mask: UInt32, name: [UInt8]) -> [UInt8] {
        let padded = name.isEmpty ? 0 : (name.count / 16 + 1) * 16
        var bytes: [UInt8] = []
        withUnsafeBytes(of: watch.littleEndian) { bytes += $0 }
        withUnsafeBytes(of: mask.littleEndian) { bytes += $0 }
        withUnsafeBytes(of: UInt32(0).littleEndian) { bytes += $0 }
        withUnsafeBytes(of: UInt32(padded).littleEndian) { bytes += $0 }
        return bytes + name + [UInt8](repeating: 0, count: padded - name.count)
    }
}
