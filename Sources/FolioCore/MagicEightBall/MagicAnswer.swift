/// Whether an answer of the magic 8 ball leans yes, says nothing, or leans no.
public enum AnswerType: String, Sendable, CaseIterable, Codable {
    case affirmative, neutral, negative
}

/// One of the magic 8 ball's classic answers, in both languages folio speaks.
public struct MagicAnswer: Sendable, Equatable {
    public let zhHant: String
    public let english: String
    public let type: AnswerType

    public func text(_ language: Language) -> String {
        language == .zhHant ? zhHant : english
    }

    /// The twenty classic answers: ten affirmative, five neutral, five negative.
    /// Their order is part of the seeded pick (`FOLIO_ASK_SEED`), so append, never reorder.
    public static let all: [MagicAnswer] = [
        MagicAnswer(zhHant: "這是必然的", english: "It is certain.", type: .affirmative),
        MagicAnswer(zhHant: "肯定是這樣", english: "It is decidedly so.", type: .affirmative),
        MagicAnswer(zhHant: "毫無疑問", english: "Without a doubt.", type: .affirmative),
        MagicAnswer(zhHant: "絕對是的", english: "Yes, definitely.", type: .affirmative),
        MagicAnswer(zhHant: "你可以信賴它", english: "You may rely on it.", type: .affirmative),
        MagicAnswer(zhHant: "依我看，是的", english: "As I see it, yes.", type: .affirmative),
        MagicAnswer(zhHant: "很有可能", english: "Most likely.", type: .affirmative),
        MagicAnswer(zhHant: "前景看好", english: "Outlook good.", type: .affirmative),
        MagicAnswer(zhHant: "是的", english: "Yes.", type: .affirmative),
        MagicAnswer(zhHant: "種種跡象指向是", english: "Signs point to yes.", type: .affirmative),
        MagicAnswer(zhHant: "回覆模糊，再試一次", english: "Reply hazy, try again.", type: .neutral),
        MagicAnswer(zhHant: "稍後再問", english: "Ask again later.", type: .neutral),
        MagicAnswer(zhHant: "現在最好不要告訴你", english: "Better not tell you now.", type: .neutral),
        MagicAnswer(zhHant: "現在無法預測", english: "Cannot predict now.", type: .neutral),
        MagicAnswer(zhHant: "專心再問一次", english: "Concentrate and ask again.", type: .neutral),
        MagicAnswer(zhHant: "別指望了", english: "Don't count on it.", type: .negative),
        MagicAnswer(zhHant: "我的回答是不", english: "My reply is no.", type: .negative),
        MagicAnswer(zhHant: "我的消息來源說不", english: "My sources say no.", type: .negative),
        MagicAnswer(zhHant: "前景不太好", english: "Outlook not so good.", type: .negative),
        MagicAnswer(zhHant: "非常可疑", english: "Very doubtful.", type: .negative),
    ]

    /// One answer, every one equally likely.
    public static func pick(using generator: inout some RandomNumberGenerator) -> MagicAnswer {
        all[uniformIndex(below: all.count, using: &generator)]
    }

    /// The ball's generator: seeded by `FOLIO_ASK_SEED` when it is set, for repeatable answers in
    /// tests and demos; else the system's, cryptographically seeded.
    public static func generator(environment: [String: String]) throws(FolioError) -> any RandomNumberGenerator {
        guard let text = environment["FOLIO_ASK_SEED"], !text.isEmpty else { return SystemRandomNumberGenerator() }
        guard let seed = UInt64(text) else {
            throw FolioError(.badSettingValue(key: "FOLIO_ASK_SEED", expected: .wholeNumberUpTo(String(UInt64.max))))
        }
        return SplitMix64(seed: seed)
    }

    /// An index in `0..<count` by rejection sampling: the raw values above the largest multiple
    /// of `count` are drawn again, so no answer is favoured. Written out rather than left to
    /// `Int.random(in:using:)` so a seed gives the same answer whatever the Swift version.
    static func uniformIndex(below count: Int, using generator: inout some RandomNumberGenerator) -> Int {
        let bound = UInt64(count)
        let limit = UInt64.max - UInt64.max % bound
        while true {
            let value = generator.next()
            if value < limit { return Int(value % bound) }
        }
    }
}

/// SplitMix64 (Steele, Lea and Flood, 2014): a tiny generator whose whole state is its seed, so
/// `FOLIO_ASK_SEED` makes `folio ask` repeatable. Without a seed folio uses the system's
/// cryptographically seeded generator instead.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
