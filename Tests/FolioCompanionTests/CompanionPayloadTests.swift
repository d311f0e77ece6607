import FolioCore
import FolioStore
import Foundation
import Testing

@testable import FolioCompanion

/// The first-use notice tells what a step sends, and both faces ask one table for it: the terminal
/// told `folio summarize` sends no place while its request carried the place whenever
/// `privacy.share_location` allowed, and the browser told the summary sends past pages, which it
/// never does.
@Suite("What each companion step says it sends")
struct CompanionPayloadTests {
    static let page = """
        ---
        kind: diary
        title: 河邊
        created: 2026-11-22T18:04:00+08:00
        ---
        河邊散步，風很涼。
        """

    @Test(
        "the summary's notice names the place exactly when its request carries it; never media or past pages",
        arguments: [false, true], [false, true])
    func summaryMatchesItsRequest(shareLocation: Bool, sendPastPages: Bool) throws {
        let yaml = "location: 台北\nprivacy:\n  share_location: \(shareLocation)\n  send_past_pages: \(sendPastPages)\n"
        let configuration = AIConfiguration(settings: Settings(text: yaml, file: ".folio/config.yaml"), language: .zhHant)
        let entry = try DiaryEntry(Record(path: "diary/2026/11/2026-11-22-river.md", document: try FrontMatterDocument(parsing: Self.page)))
        let request = entry.summaryRequest(existingTags: [], configuration: configuration)
        let payload = AIPayload.companion(.summary, configuration)
        #expect(payload == .entry(media: false, location: request.moment?.place != nil, pastPages: false))
        #expect((request.moment?.place != nil) == shareLocation)
    }

    @Test("the greeting and the chat follow the privacy settings; a chat sends media only with a session that does")
    func greetingAndChat() {
        let yaml = "privacy:\n  share_location: true\n  send_media: true\n  send_past_pages: true\n"
        let all = AIConfiguration(settings: Settings(text: yaml, file: ".folio/config.yaml"), language: .en)
        #expect(AIPayload.companion(.greeting, all) == .entry(media: true, location: true, pastPages: true))
        #expect(AIPayload.companion(.chat(withMedia: true), all) == .entry(media: true, location: true, pastPages: true))
        #expect(AIPayload.companion(.chat(withMedia: false), all) == .entry(media: false, location: true, pastPages: true))
        let none = AIConfiguration(
            settings: Settings(text: "privacy:\n  send_media: false\n  send_past_pages: false\n", file: ".folio/config.yaml"), language: .en
        )
        #expect(AIPayload.companion(.greeting, none) == .entry(media: false, location: false, pastPages: false))
        #expect(AIPayload.companion(.chat(withMedia: true), none) == .entry(media: false, location: false, pastPages: false))
    }
}
