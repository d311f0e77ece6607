import FolioCompanion
import FolioCore
import FolioStore
import Foundation
import YAML

extension FuzzTarget {
    /// What an AI's reply becomes when it is written into a diary page (``AIPageChange``): a
    /// summary (page, title, tags), a chat reply, a greeting or an analysis made of any bytes.
    ///
    /// Promises: a reply folio refuses breaks a rule of typed text (``TextRule``), and nothing is
    /// written; a reply it takes is always writable, and the page it makes parses, holds no NUL,
    /// has exactly the conversation it had (plus the one message written, for a reply or a
    /// greeting), keeps every key it had with its value but the ones the step sets, and those hold
    /// what the reply said.
    static let aiPage = FuzzTarget(
        name: "ai-page",
        summary:
            "AIPageChange: any reply → the page parses, its conversation and other keys are what they were, the set keys hold the reply"
    ) { bytes throws(InvariantFailure) in
        try AIPageFuzz.run(bytes)
    }
}

enum AIPageFuzz {
    /// A page as the diary flow leaves it before a summary: keys of every kind, a comment, a
    /// paragraph of media links, and a conversation.
    static let page = """
        ---
        id: 01936b6e-7c1a-7000-8000-000000000001
        kind: diary
        title: 下雨的傍晚
        created: 2026-11-22T18:04:11+08:00
        modified: 2026-11-22T18:04:11+08:00
        tags: [rain, 'walk home']
        text: "今天下班走回家，雨很小"
        # kept by hand
        mood: calm
        media:
          - {file: media/ab/ab12.jpg, type: photo}
        ---
        A page written before.

        ![](../../../media/ab/ab12.jpg)

        ## Conversation

        **me** · 2026-11-22 18:05
        這張照片是我下班路上拍的。

        **folio** · 2026-11-22 18:05
        下雨的傍晚，\\## 不是標題。

        """

    static let now = Timestamp(date: Date(timeIntervalSince1970: 1_795_345_200), zone: TimeZone(secondsFromGMT: 8 * 3600) ?? .current)
    static let order = Kind.commonKeys + ["text", "analysis", "media", "summarized_by", "summarized_at"]

    static func run(_ bytes: [UInt8]) throws(InvariantFailure) {
        guard let selector = bytes.first else { return }
        let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
        let base: FrontMatterDocument
        do {
            base = try FrontMatterDocument(parsing: page)
        } catch {
            throw InvariantFailure("the base page does not parse: \(error)")
        }
        let record = Record(path: "diary/2026/11/2026-11-22-下雨的傍晚.md", document: base)
        let messages = Conversation.parse(base.body)
        switch selector % 4 {
        case 0: try summary(text, record: record, messages: messages)
        case 1: try companion(text, part: .reply, record: record, messages: messages)
        case 2: try companion(text, part: .greeting, record: record, messages: messages)
        default: try analysis(text, record: record, messages: messages)
        }
    }

    /// The summary's page, title and tags, cut from the text at U+001E and U+001F.
    static func summary(_ text: String, record: Record, messages: [ConversationMessage]) throws(InvariantFailure) {
        let parts = text.split(separator: "\u{1E}", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        let pageText = parts[0]
        let title = parts.count > 1 ? parts[1] : nil
        let tags = parts.count > 2 ? parts[2].split(separator: "\u{1F}").map(String.init) : []
        let summary = PageSummary(page: pageText, tags: PageSummary.normalizedTags(tags, existing: ["rain"]), title: title)
        let configuration = AIConfiguration(settings: Settings(text: nil, file: "config.yaml"), language: .zhHant)
        let change: (keys: [(String, Node?)], body: @Sendable (String) -> String)
        do {
            change = try AIPageChange.summary(summary, on: record, provider: "fuzz", configuration: configuration, at: now)
        } catch {
            let justified =
                TextRule.text(summary.page) != nil || summary.title.map { TextRule.title($0, limit: configuration.maxTitleLength) } != nil
                || summary.tags.contains { TextRule.tag($0) != nil }
            return try expect(justified, "a summary was refused that breaks no rule: \(error)")
        }
        let written = try write(change.keys, body: change.body, on: record)
        try expect(
            Conversation.parse(written.body) == messages, "the page's text changed the conversation:\n\(excerpt(written.body, limit: 400))")
        try sameStructure(record.document.body, written.body, recordPath: record.path)
        try expect(written.string("title") == (summary.title ?? "下雨的傍晚"), "the title is not the reply's: \(excerpt(written.text))")
        let expectedTags = RecordRules.normalisedTags(Vault.summaryTags(summary.tags, replacing: record))
        try expect(
            written.value("tags") == .list(expectedTags.map { .string($0) }), "the tags are not the reply's: \(excerpt(written.text))")
        try unchanged(record.document, written, except: ["title", "tags", "summarized_by", "summarized_at", "modified", "text"])
        // The writer's words leave the body for the AI's page and are kept in `text`, once; a page
        // an AI wrote before keeps the `text` it has.
        let words =
            PageWords.isWrittenByAI(record) ? record.document.string("text") : (PageWords.writers(record) ?? record.document.string("text"))
        try expect(written.string("text") == words, "the writer's words are not kept in text: \(excerpt(written.text))")
    }

    static func companion(_ text: String, part: AIReplyPart, record: Record, messages: [ConversationMessage]) throws(InvariantFailure) {
        let body: @Sendable (String) -> String
        do {
            body = try AIPageChange.companionLine(text, part: part, at: now)
        } catch {
            return try expect(TextRule.text(text) != nil, "a \(part) was refused that breaks no rule: \(error)")
        }
        let written = try write([], body: body, on: record)
        let expected = messages + [ConversationMessage(speaker: .folio, time: "2026-11-22 19:00", text: PageBody.messagePart(text))]
        try expect(
            Conversation.parse(written.body) == expected,
            "the conversation is not the one written plus the \(part):\n\(excerpt(written.body, limit: 400))")
        try sameStructure(record.document.body, written.body, recordPath: record.path)
        try unchanged(record.document, written, except: ["modified"])
    }

    static func analysis(_ text: String, record: Record, messages: [ConversationMessage]) throws(InvariantFailure) {
        let keys: [(String, Node?)]
        do {
            keys = try AIPageChange.analysis(MediaAnalysis(text: text, sawMedia: true), provider: "fuzz", at: now)
        } catch {
            return try expect(TextRule.text(text) != nil, "an analysis was refused that breaks no rule: \(error)")
        }
        let written = try write(keys, body: nil, on: record)
        try expect(written.string("analysis") == text, "the analysis is not the reply's: \(excerpt(written.text))")
        try expect(Conversation.parse(written.body) == messages, "an analysis changed the conversation")
        try expect(written.body == record.document.body, "an analysis changed the body")
        try unchanged(record.document, written, except: ["analysis", "analyzed_by", "analyzed_at", "modified"])
    }

    /// The page with `keys` and `body` applied as the vault writes them, read back from its text.
    static func write(_ keys: [(String, Node?)], body: ((String) -> String)?, on record: Record) throws(InvariantFailure)
        -> FrontMatterDocument
    {
        var document = record.document
        do {
            _ = try Vault.apply(keys, body: body, to: &document, order: order, modified: now)
        } catch {
            throw InvariantFailure("a reply folio took could not be written: \(error)")
        }
        try expect(!document.text.utf8.contains(0), "the page holds a NUL byte")
        do {
            let reread = try FrontMatterDocument(parsing: document.text)
            try expect(reread.text == document.text && reread.keys == document.keys, "the page reads back otherwise than written")
            return reread
        } catch let failure as InvariantFailure {
            throw failure
        } catch {
            throw InvariantFailure("the page folio wrote does not parse: \(error)\n\(excerpt(document.text, limit: 400))")
        }
    }

    /// What folio parses out of a body besides the conversation is what it was: a reply adds no
    /// inline tag and no paragraph of media links.
    static func sameStructure(_ before: String, _ after: String, recordPath: String) throws(InvariantFailure) {
        try expect(
            InlineTags.extract(from: after) == InlineTags.extract(from: before),
            "a reply changed the page's tags to \(InlineTags.extract(from: after)):\n\(excerpt(after, limit: 400))")
        let media = { (body: String) in MediaLinks.splitPage(Conversation.split(body).before, recordPath: recordPath).mediaParagraphs }
        try expect(media(after) == media(before), "a reply changed the page's media links:\n\(excerpt(after, limit: 400))")
    }

    /// Every key of `before` but `except` is in `after` with the same value, and `after` has no other new key.
    static func unchanged(_ before: FrontMatterDocument, _ after: FrontMatterDocument, except: Set<String>) throws(InvariantFailure) {
        for key in before.keys where !except.contains(key) {
            try expect(after.value(key) == before.value(key), "the key \(key) changed: \(excerpt(after.text))")
        }
        let added = Set(after.keys).subtracting(before.keys).subtracting(except)
        try expect(added.isEmpty, "keys appeared that the step does not set: \(added.sorted())")
    }
}
