import FolioCompanion
import FolioSearch

extension FuzzTarget {
    /// ICU's word break and the builtin provider's tags on any text a user could type.
    ///
    /// Promises: the segments spell the text, in order, at the offsets they claim; every tag is
    /// non-empty, once, and comes from the text (or is an existing tag it mentions); completed from
    /// a moment the tags are 3 to 8.
    static let keywordTags = FuzzTarget(
        name: "keyword-tags",
        summary: "WordBreak and KeywordTags on any text: segments spell the text; tags come from it; 3 to 8 once completed"
    ) { bytes throws(InvariantFailure) in
        try KeywordTagsFuzz.run(bytes)
    }
}

enum KeywordTagsFuzz {
    static func run(_ bytes: [UInt8]) throws(InvariantFailure) {
        let text = String(decoding: bytes, as: UTF8.self)
        if let segments = WordBreak.segments(in: text) {
            try expect(segments.map(\.text).joined() == text, "the segments do not spell \(excerpt(text))")
            var offset = 0
            for segment in segments {
                try expect(
                    segment.offset == offset && !segment.text.isEmpty,
                    "segment \(excerpt(segment.text)) at \(segment.offset), expected \(offset)")
                offset += segment.text.utf16.count
            }
        } else {
            try expect(text.utf16.count > WordBreak.maxLength, "ICU refused a text of \(text.utf16.count) units")
        }
        let existing = ["拿鐵", "Coffee"]
        let tags = KeywordTags.tags(from: text, existing: existing)
        // Latin tags are folded as search folds them (Café → cafe).
        let folded = text.lowercased() + "\n" + Tokenizer().normalized(text)
        try expect(tags.count <= 8 && Set(tags.map { $0.lowercased() }).count == tags.count, "tags \(tags)")
        for tag in tags {
            try expect(
                !tag.isEmpty && (folded.contains(tag.lowercased()) || existing.contains(tag)),
                "tag \(excerpt(tag)) is not in \(excerpt(text))")
        }
        let completed = TagCompletion.complete(
            tags, moment: PageMoment(time: nil, media: ["photo"], place: nil, language: .zhHant), analysis: text, existing: existing)
        try expect((3...8).contains(completed.tags.count), "completed tags \(completed.tags)")
    }
}
