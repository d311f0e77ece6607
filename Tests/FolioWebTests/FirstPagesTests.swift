import FolioCore
import Foundation
import HTTPTypes
import Testing

@testable import FolioWeb

/// `folio serve` answers from its first moment: while the first pages are written (a minute at
/// 100,000 records), a page says how far they are and reloads itself; pairing answers meanwhile.
@Suite("The first pages: the server answers while they are written")
struct FirstPagesTests {
    @Test("before the first pages: pairing works, a page says it is preparing and reloads itself")
    func preparing() async throws {
        let app = try await WriteRouteMethodTests.PairedApp(firstPages: false)
        let paired = try await app.pair()
        #expect(paired.status == .seeOther, "pairing needs no pages")
        let cookie = try #require(paired.headers[.setCookie]).split(separator: ";")[0]
        let refresh = try #require(HTTPField.Name("Refresh"))
        for path in ["/", "/index.html", "/calendar/2026-11.html"] {
            let page = try await app.send(.get, path, headers: [.cookie: String(cookie)])
            #expect(page.status == .ok, "\(path)")
            #expect(page.body.contains("Preparing your pages"), "\(path): \(page.body.prefix(300))")
            #expect(page.headers[refresh] == "2", "reloads itself, without JavaScript")
            #expect(page.headers[.cacheControl] == "no-store")
            #expect(!page.body.contains("Buy an umbrella"))
        }
        // The record's photo route says the same rather than a 404 for a file that is there.
        let media = try await app.send(.get, "/vault/media/ab/none.jpg", headers: [.cookie: String(cookie)])
        #expect(media.status == .ok && media.body.contains("Preparing"))

        // Once they are written, the same request is the journal.
        let records = try await app.journal.prepareFirstPages()
        #expect(records == 1)
        let home = try await app.send(.get, "/", headers: [.cookie: String(cookie)])
        #expect(home.status == .ok)
        #expect(home.body.contains("Buy an umbrella"))
        #expect(home.headers[refresh] == nil)
    }

    @Test("the preparing page counts the pages written, in the vault's language")
    func progressInBothLanguages() {
        #expect(Message.web(.preparingPages(done: 512, total: 100_000)).text(.en).contains("512 of 100000"))
        #expect(Message.web(.preparingPages(done: 512, total: 100_000)).text(.zhHant).contains("512 / 100000"))
        let freshness = Freshness()
        #expect(!freshness.hasPages)
        freshness.report(done: 3, total: 7)
        #expect(freshness.progress == (3, 7))
        let generation = freshness.begin(now: .now)
        freshness.finish(generation ?? 0, now: .now, succeeded: false)
        #expect(!freshness.hasPages, "a failed export writes no pages")
        freshness.finish(freshness.begin(now: .now) ?? 0, now: .now, succeeded: true)
        #expect(freshness.hasPages)
    }

    @Test("the journal's work runs on its own thread, never on the concurrency pool")
    func ownThread() async throws {
        let app = try await WriteRouteMethodTests.PairedApp(firstPages: false)
        #expect(await app.journal.threadName() == "folio-serve")
    }
}
