import FolioCore

extension FuzzTarget {
    /// The `## Conversation` section reader on any body, and the writer on messages holding any text.
    ///
    /// Promises (the reader's documentation): `parse` reads back exactly the messages `render`
    /// wrote, whatever they contain; `replacing(in:with:)` leaves the text before and after the
    /// section as it was.
    static let conversation = FuzzTarget(
        name: "conversation",
        summary: "Conversation.split/parse/render/replacing: render → parse round trip, text around the section kept"
    ) { bytes throws(InvariantFailure) in
        try ConversationFuzz.run(bytes)
    }
}

enum ConversationFuzz {
    static func run(_ bytes: [UInt8]) throws(InvariantFailure) {
        let body = String(decoding: bytes, as: UTF8.self)
        let split = Conversation.split(body)
        // What was read, written again, reads the same.
        let rendered = Conversation.render(split.messages)
        try expect(
            Conversation.parse(rendered) == split.messages,
            "messages read from the body do not survive render → parse:\n\(excerpt(rendered, limit: 300))")
        // Any text as one message (and the body's own lines as others) survives too.
        var messages = split.messages
        messages.append(ConversationMessage(speaker: .me, time: "2026-11-22 18:05", text: body))
        let lines = body.split(separator: "\n", omittingEmptySubsequences: true).prefix(3)
        for line in lines {
            messages.append(ConversationMessage(speaker: .folio, time: "2026-11-22 18:06", text: String(line)))
        }
        let section = Conversation.render(messages)
        try expect(
            Conversation.parse(section) == messages,
            "render → parse changed the messages:\n\(excerpt(section, limit: 300))")
        let replaced = Conversation.replacing(in: body, with: messages)
        let after = Conversation.split(replaced)
        try expect(after.messages == messages, "replacing(in:with:) → parse changed the messages:\n\(excerpt(replaced, limit: 300))")
        if split.hasSection {
            try expect(
                after.before == split.before, "the text before the section changed: \(excerpt(split.before)) → \(excerpt(after.before))")
            try expect(after.after == split.after, "the text after the section changed: \(excerpt(split.after)) → \(excerpt(after.after))")
        }
    }
}
