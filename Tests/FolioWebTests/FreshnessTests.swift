import Testing

@testable import FolioWeb

/// When a page may be sent without first looking at the vault again.
@Suite("How current the served pages are")
struct FreshnessTests {
    @Test("after a write the next page waits; within the window or during another's refresh it does not")
    func rules() throws {
        let freshness = Freshness()
        let start = ContinuousClock.now
        #expect(!freshness.claimOrServe(now: start), "nothing exported yet")
        let first = try #require(freshness.begin(now: start))
        #expect(freshness.claimOrServe(now: start) == false, "the pages were never current: wait for the first export")
        freshness.finish(first, now: start, succeeded: true)
        #expect(freshness.claimOrServe(now: start + .milliseconds(100)))
        #expect(freshness.begin(now: start + .milliseconds(100)) == nil, "a second look within the window is not made")
        #expect(!freshness.claimOrServe(now: start + .milliseconds(600)), "the window has passed")

        // Another request's refresh is under way: a reader does not queue behind it.
        let second = try #require(freshness.begin(now: start + .milliseconds(600)))
        #expect(freshness.claimOrServe(now: start + .milliseconds(610)))
        // A write during that refresh: the refresh does not count for it.
        freshness.markChanged()
        #expect(!freshness.claimOrServe(now: start + .milliseconds(620)))
        freshness.finish(second, now: start + .milliseconds(650), succeeded: true)
        #expect(!freshness.claimOrServe(now: start + .milliseconds(660)), "the write came after the refresh began")
        let third = try #require(freshness.begin(now: start + .milliseconds(660)))
        freshness.finish(third, now: start + .milliseconds(700), succeeded: true)
        #expect(freshness.claimOrServe(now: start + .milliseconds(710)))

        // The window passed with no write waiting: the first request claims the refresh, the
        // others are sent the pages meanwhile; a claim never begun is given up.
        let later = start + .milliseconds(1_300)
        #expect(!freshness.claimOrServe(now: later), "the first request after the window brings the pages up to date")
        #expect(freshness.claimOrServe(now: later), "the next is sent the pages while that runs")
        let claimed = try #require(freshness.begin(now: later))
        freshness.finish(claimed, now: later, succeeded: true)
        #expect(freshness.claimOrServe(now: later + .milliseconds(100)))
        #expect(!freshness.claimOrServe(now: later + .milliseconds(700)))
        freshness.release()
        #expect(!freshness.claimOrServe(now: later + .milliseconds(710)), "a released claim is claimed again")
        freshness.release()
        // A write waits for its own refresh, claimed or not.
        freshness.markChanged()
        #expect(!freshness.claimOrServe(now: later + .milliseconds(720)) && !freshness.claimOrServe(now: later + .milliseconds(721)))

        // A refresh that failed makes nothing current.
        freshness.markChanged()
        let failed = try #require(freshness.begin(now: start + .milliseconds(720)))
        freshness.finish(failed, now: start + .milliseconds(730), succeeded: false)
        #expect(!freshness.claimOrServe(now: start + .milliseconds(740)))
    }
}
