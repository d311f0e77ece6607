import FolioStore

extension FuzzTarget {
    /// What a command reads from `folio watch`'s socket (``WatchProtocol/changes(_:)``), on any
    /// bytes a server, or anything else listening there, could send.
    ///
    /// Promises: it never traps; a reply it believes is exactly the reply the server would write
    /// for that answer (read back, encoded, the same bytes); every path it believes is inside the
    /// vault (relative, no empty, `.` or `..` part, no NUL).
    static let watchReply = FuzzTarget(
        name: "watch-reply",
        summary: "WatchProtocol.changes: believed replies re-encode to the same bytes, every path inside the vault",
        generatedSeeds: {
            let token = WatchProtocol.Token(instance: 0x1f2e_3d4c_5b6a_7988, sequence: 42)
            return [
                WatchProtocol.encode(.all(now: token)),
                WatchProtocol.encode(.changed(now: token, paths: [])),
                WatchProtocol.encode(.changed(now: token, paths: [Array("diary/2026/11/rain.md".utf8), Array("日記/下雨.md".utf8)])),
            ]
        }
    ) { bytes throws(InvariantFailure) in
        guard let changes = WatchProtocol.changes(bytes) else { return }
        try expect(
            WatchProtocol.encode(changes) == bytes,
            "a reply was believed that the server would not write: \(excerpt(String(decoding: bytes, as: UTF8.self)))")
        if case .changed(_, let paths) = changes {
            for path in paths {
                let parts = path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
                try expect(
                    !path.contains(0) && path.first != UInt8(ascii: "/")
                        && !parts.contains { $0.isEmpty || $0.elementsEqual([0x2E]) || $0.elementsEqual([0x2E, 0x2E]) },
                    "a path out of the vault was believed: \(excerpt(String(decoding: path, as: UTF8.self)))")
            }
        }
    }
}
