import FolioCore
import Foundation

/// The time folio stamps on records: the real clock, or `FOLIO_NOW` for reproducible runs.
public struct Clock: Sendable {
    public let now: @Sendable () -> Date
    public let zone: TimeZone

    public init(now: @escaping @Sendable () -> Date, zone: TimeZone) {
        self.now = now
        self.zone = zone
    }

    /// `FOLIO_NOW=2026-11-22T18:04:11+08:00` fixes the time (tests, demos); otherwise the system clock.
    public static func from(environment: [String: String]) -> Clock {
        let zone = TimeZone.current
        if let fixed = environment["FOLIO_NOW"], let stamp = Timestamp(fixed) {
            // The fraction of a second, when written (`…T18:04:11.250+08:00`), is kept.
            let fraction =
                fixed.split(separator: ".").dropFirst().first.map { $0.prefix { $0.isNumber } }.flatMap { Double("0." + $0) } ?? 0
            let date = stamp.date.addingTimeInterval(fraction)
            return Clock(now: { date }, zone: zone)
        }
        return Clock(now: { Date() }, zone: zone)
    }

    public var timestamp: Timestamp { Timestamp(date: now(), zone: zone, milliseconds: true) }
}
