import FolioCore
import Foundation

/// The time folio stamps on records: the real clock, or `FOLIO_NOW` for reproducible runs.
public struct Clock: Sendable {
    public let now: @Sendable () -> Date
    public let zone: TimeZone
    /// How long after a file was written its size and times are not trusted to tell a later change
    /// apart (the cache reads such a file again): 2 s, more than any file system's time stamp
    /// resolution. `FOLIO_RACY_WINDOW_MS` sets it (tests set 0 rather than wait for files to age).
    public let racyWindowNanoseconds: Int64

    public static let standardRacyWindowNanoseconds: Int64 = 2_000_000_000

    public init(
        now: @escaping @Sendable () -> Date, zone: TimeZone, racyWindowNanoseconds: Int64 = Clock.standardRacyWindowNanoseconds
    ) {
        self.now = now
        self.zone = zone
        self.racyWindowNanoseconds = racyWindowNanoseconds
    }

    /// `FOLIO_NOW=2026-11-22T18:04:11+08:00` fixes the time (tests, demos); otherwise the system clock.
    public static func from(environment: [String: String]) -> Clock {
        let zone = TimeZone.current
        let racyWindow =
            environment["FOLIO_RACY_WINDOW_MS"].flatMap { Int64($0) }.map { min(max($0, 0), 3_600_000) * 1_000_000 }
            ?? standardRacyWindowNanoseconds
        if let fixed = environment["FOLIO_NOW"], let stamp = Timestamp(fixed) {
            // The fraction of a second, when written (`…T18:04:11.250+08:00`), is kept.
            let fraction =
                fixed.split(separator: ".").dropFirst().first.map { $0.prefix { $0.isNumber } }.flatMap { Double("0." + $0) } ?? 0
            let date = stamp.date.addingTimeInterval(fraction)
            return Clock(now: { date }, zone: zone, racyWindowNanoseconds: racyWindow)
        }
        return Clock(now: { Date() }, zone: zone, racyWindowNanoseconds: racyWindow)
    }

    public var timestamp: Timestamp { Timestamp(date: now(), zone: zone, milliseconds: true) }
}
