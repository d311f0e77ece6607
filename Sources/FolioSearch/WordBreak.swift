import CWordBreak

/// Words as a reader of the text would cut them: ICU's dictionary-based word break, so Chinese
/// and Japanese, written without spaces, come apart at real word boundaries (下班 / 路上 / 咖啡店)
/// rather than at every character pair.
public enum WordBreak {
    public enum Kind: Sendable, Hashable {
        /// Spaces, punctuation, symbols.
        case other
        case number
        /// Letters of an alphabet: Latin, Cyrillic, Hangul…
        case letter
        case kana
        /// Han characters: a word of ICU's dictionary, or a single character it does not know.
        case ideographic
    }

    public struct Segment: Sendable, Hashable {
        public let text: String
        public let kind: Kind
        /// Where the segment starts, in UTF-16 code units from the start of the text.
        public let offset: Int
    }

    /// Longer texts are refused rather than segmented: a diary page is far shorter, and ICU works
    /// on the whole text at once.
    public static let maxLength = 1 << 20

    /// The text cut into segments, in order; together they spell the whole text. Nil when ICU could
    /// not segment it (its data missing) or the text is longer than ``maxLength`` UTF-16 units.
    public static func segments(in text: String) -> [Segment]? {
        let units = Array(text.utf16)
        guard units.count <= maxLength, let length = Int32(exactly: units.count) else { return nil }
        guard length > 0 else { return [] }
        // ICU never makes more segments than there are code units.
        var ends = [Int32](repeating: 0, count: units.count)
        var kinds = [Int32](repeating: 0, count: units.count)
        let count = units.withUnsafeBufferPointer { text in
            ends.withUnsafeMutableBufferPointer { ends in
                kinds.withUnsafeMutableBufferPointer { kinds in
                    folio_word_breaks(text.baseAddress, length, ends.baseAddress, kinds.baseAddress, length)
                }
            }
        }
        guard count > 0, Int(count) <= units.count else { return nil }
        var segments: [Segment] = []
        segments.reserveCapacity(Int(count))
        var start = 0
        // The one door from C: every offset is checked before it slices the text.
        for index in 0..<Int(count) {
            let end = Int(ends[index])
            guard end > start, end <= units.count else { return nil }
            segments.append(
                Segment(text: String(decoding: units[start..<end], as: UTF16.self), kind: Self.kind(kinds[index]), offset: start))
            start = end
        }
        guard start == units.count else { return nil }
        return segments
    }

    private static func kind(_ value: Int32) -> Kind {
        switch value {
        case Int32(FOLIO_WORD_NUMBER): .number
        case Int32(FOLIO_WORD_LETTER): .letter
        case Int32(FOLIO_WORD_KANA): .kana
        case Int32(FOLIO_WORD_IDEOGRAPHIC): .ideographic
        default: .other
        }
    }
}
