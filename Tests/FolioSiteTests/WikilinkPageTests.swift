import FolioCore
import Foundation
import Testing

@testable import FolioSite
@testable import FolioStore

@Suite("Wikilinks on a record's page, exported again")
struct WikilinkPageTests {
    static let ids = (1...3).map { String(format: "%08d-0000-4000-8000-00000000000a", $0) }

    @Test("a wikilink's name finds the one record written exactly so, else in another case; a name two records share finds none")
    func namesResolveAsWritten() {
        let records: [(names: [String], page: String)] = [
            (["Bob", "bob-notes", "Robert"], "records/bob.html"),
            (["BOB"], "records/loud.html"),
            (["Walk", "walk"], "records/walk.html"),  // a title and a stem of one record: one page, no clash
            (["Rain", "雨"], "records/rain-1.html"),
            (["Rain"], "records/rain-2.html"),
            (["傍晚"], "records/evening.html"),
        ]
        let names = WikilinkNames(count: records.count) { records[$0] }
        #expect(names.page("Bob") == "records/bob.html")
        #expect(names.page("BOB") == "records/loud.html")
        #expect(names.page("bob") == nil)  // two records answer in another case
        #expect(names.page("robert") == "records/bob.html")
        #expect(names.page("WALK") == "records/walk.html")
        #expect(names.page("Rain") == nil && names.page("rain") == nil)  // two records answer exactly
        #expect(names.page("雨") == "records/rain-1.html")
        #expect(names.page("傍晚") == "records/evening.html")
        #expect(names.page("Nobody") == nil && names.page("") == nil)
        #expect(WikilinkNames().page("Bob") == nil)

        // The key: the same for the same names and pages in any order, another when a name finds another page.
        let reversed = WikilinkNames(count: records.count) { records[records.count - 1 - $0] }
        #expect(reversed.key == names.key && names.key.count == 32)
        var moved = records
        moved[5].page = "records/evening-2.html"
        #expect(WikilinkNames(count: moved.count) { moved[$0] }.key != names.key)
        var shared = records
        shared[4].names = ["Drizzle"]  // `Rain` now finds one record
        let unshared = WikilinkNames(count: shared.count) { shared[$0] }
        #expect(unshared.key != names.key && unshared.page("rain") == "records/rain-1.html")
    }

    @Test("a page's key kept as 128 bits is written as the first 32 hex digits of its SHA-256, leading zeros kept")
    func keyDigestsAsText() {
        var texts = ["", "a", "雨天", String(repeating: "x", count: 1_000)]
        for n in 0..<2_000 { texts.append("page \(n)\u{2}records/\(n).html") }
        for text in texts { #expect(TextDigest(text).hex == String(sha256Hex(text).prefix(32)), "\(text)") }
        // Some digest among these starts a word with a zero digit, so padding is exercised.
        #expect(texts.contains { TextDigest($0).hex.hasPrefix("0") || TextDigest($0).hex.dropFirst(16).hasPrefix("0") })
    }

    @Test("a name added elsewhere writes again the pages whose wikilinks it resolves, and not the pages without wikilinks")
    func newAliasRewritesLinkingPages() throws {
        let vault = try SiteVault(language: "en")
        try vault.record("bob", id: Self.ids[0], title: "Bob", day: "2026-01-10", body: "Bob's page.\n")
        try vault.record("wait", id: Self.ids[1], title: "Waiting", day: "2026-03-10", body: "Waiting for [[Nobody]] and [[bob|him]].\n")
        try vault.record("plain", id: Self.ids[2], title: "Plain", day: "2026-05-10", body: "No links here.\n")
        _ = try vault.settledExport()
        let waiting = "records/\(Self.ids[1]).html"
        let plain = "records/\(Self.ids[2]).html"
        let first = try #require(vault.siteText(waiting))
        #expect(
            first.contains("<span class=\"unresolved\">Nobody</span> and <a href=\"../records/\(Self.ids[0]).html\">him</a>"), "\(first)")
        let plainInode = vault.inode(plain)

        try vault.record("bob", id: Self.ids[0], title: "Bob", day: "2026-01-10", extra: "aliases: [Nobody]\n", body: "Bob's page.\n")
        _ = try vault.settledExport()
        let again = try #require(vault.siteText(waiting))
        #expect(again.contains("<a href=\"../records/\(Self.ids[0]).html\">Nobody</a> and"), "\(again)")
        #expect(vault.inode(plain) == plainInode, "a page without wikilinks is not written again")
    }

    @Test("the list's first line shows a wikilink's text, not its brackets")
    func firstLine() {
        #expect(
            FirstLine.ofPage("Met [[Bob]] and [[robert|my friend]] about [[Bob#Plans]].\n") == "Met Bob and my friend about Bob > Plans.")
    }
}
