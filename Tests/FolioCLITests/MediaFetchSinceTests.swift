import FolioSync
import Foundation
import Testing

@testable import FolioCLI

/// `folio media fetch --since` takes an age or a day, as every option that takes a day does.
@Suite("media fetch --since: an age or a day as people say it")
struct MediaFetchSinceTests {
    /// Sunday 2026-11-22, noon in Taipei.
    private static let now = Date(timeIntervalSince1970: 1_795_320_000)
    private static let taipei = TimeZone(identifier: "Asia/Taipei") ?? .current

    @Test(
        "the days back each form reaches, that day included",
        arguments: [
            ("30d", 30), ("2w", 14), ("1y", 366), ("today", 1), ("yesterday", 2), ("3 days ago", 4), ("2026-11-01", 22),
            ("上週五", 10), ("last friday", 3),
        ])
    func days(text: String, expected: Int) {
        #expect(MediaSelection.days(text, now: Self.now, zone: Self.taipei) == expected, "\(text)")
    }

    @Test("what names no day up to today is refused", arguments: ["someday", "0d", "2027-01-01", "", "d"])
    func refused(text: String) {
        #expect(MediaSelection.days(text, now: Self.now, zone: Self.taipei) == nil, "\(text)")
    }
}
