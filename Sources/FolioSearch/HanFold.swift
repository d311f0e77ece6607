/// Traditional and Simplified Chinese as one: `臺灣` and `台湾` index alike, so a query typed in
/// either form finds a page written in the other. The fold is ICU's `Hant-Hans` transliteration one
/// character at a time (``pairs``, generated from ICU by `scripts/generate-han-fold`, which a test
/// checks against ICU itself): many Traditional characters share one Simplified form (髮 and 發 are
/// both 发), so folding towards Simplified never loses a match, at the price of a rare extra one
/// (頭髮 finds 頭發).
public enum HanFold {
    /// The folded form of one scalar: itself unless the table names it.
    @inline(__always)
    public static func fold(_ scalar: UInt32) -> UInt32 {
        if scalar >= basicLow && scalar <= basicHigh {
            let folded = basic[Int(scalar &- basicLow)]
            return folded == 0 ? scalar : folded
        }
        guard scalar >= 0x2_0000 else { return scalar }
        return supplementary[scalar] ?? scalar
    }

    /// `text` with every Han character folded.
    public static func folded(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(Unicode.Scalar(fold(scalar.value)) ?? scalar)
        }
        return String(scalars)
    }

    // The extension A and unified blocks: a flat table, as the scanner asks for every character.
    private static let basicLow: UInt32 = 0x3400
    private static let basicHigh: UInt32 = 0x9FFF

    private static let basic: [UInt32] = {
        var table = [UInt32](repeating: 0, count: Int(basicHigh - basicLow) + 1)
        for (from, to) in pairList where from >= basicLow && from <= basicHigh {
            table[Int(from - basicLow)] = to
        }
        return table
    }()

    private static let supplementary: [UInt32: UInt32] = {
        var table: [UInt32: UInt32] = [:]
        for (from, to) in pairList where from > basicHigh { table[from] = to }
        return table
    }()

    /// ``pairs`` read two scalars at a time.
    public static let pairList: [(UInt32, UInt32)] = {
        let scalars = pairs.unicodeScalars.map(\.value).filter { $0 > 0x7F }
        return stride(from: 0, to: scalars.count - 1, by: 2).map { (scalars[$0], scalars[$0 + 1]) }
    }()
}
