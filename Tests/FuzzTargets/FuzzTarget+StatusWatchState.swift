import FolioSync

extension FuzzTarget {
    /// The reader of `.folio/local/cache/status-watch` (what the last status with `folio watch`
    /// found), on any bytes a damaged disk or another program could leave there.
    ///
    /// Promises: it never traps; what it reads is exactly what the writer writes for it (so it
    /// believes nothing the writer would not have written).
    static let statusWatchState = FuzzTarget(
        name: "status-watch-state",
        summary: "WatchedWorkdir.read: what it accepts, the writer writes byte for byte",
        generatedSeeds: {
            [
                StatusWatchStateFuzzing.sample(paths: []),
                StatusWatchStateFuzzing.sample(paths: [Array("diary/2026/11/rain.md".utf8), Array("日記/下雨.md".utf8)]),
            ]
        }
    ) { bytes throws(InvariantFailure) in
        guard let rewritten = StatusWatchStateFuzzing.rewritten(bytes) else { return }
        try expect(
            rewritten == bytes, "a state was read that the writer would not write: \(excerpt(String(decoding: bytes, as: UTF8.self)))")
    }
}
