import Foundation
import Testing

@testable import FolioCore

@Suite("The magic 8 ball's answers and the seeded pick")
struct MagicAnswerTests {
    @Test("twenty classic answers: ten affirmative, five neutral, five negative, each in both languages, none twice")
    func tableIsComplete() {
        let all = MagicAnswer.all
        #expect(all.count == 20)
        #expect(all.filter { $0.type == .affirmative }.count == 10)
        #expect(all.filter { $0.type == .neutral }.count == 5)
        #expect(all.filter { $0.type == .negative }.count == 5)
        #expect(Set(all.map(\.zhHant)).count == 20 && Set(all.map(\.english)).count == 20)
        for answer in all {
            #expect(!answer.zhHant.isEmpty && !answer.english.isEmpty)
            // The Chinese text is Chinese and the English text is ASCII: no language swapped in by mistake.
            let hasHan = answer.zhHant.unicodeScalars.contains { $0.value >= 0x4E00 && $0.value <= 0x9FFF }
            let isASCII = answer.english.unicodeScalars.allSatisfy(\.isASCII)
            #expect(hasHan, "\(answer.zhHant)")
            #expect(isASCII, "\(answer.english)")
            #expect(answer.text(.zhHant) == answer.zhHant && answer.text(.en) == answer.english)
        }
        // The classic sayings keep their classic leaning.
        #expect(all.first { $0.english == "Without a doubt." }?.type == .affirmative)
        #expect(all.first { $0.english == "Ask again later." }?.type == .neutral)
        #expect(all.first { $0.english == "Very doubtful." }?.type == .negative)
    }

    @Test("SplitMix64 gives the reference implementation's numbers")
    func splitMixMatchesReference() {
        // The first outputs of Vigna's splitmix64.c with the state set to 0 and to 42.
        var zero = SplitMix64(seed: 0)
        #expect(zero.next() == 0xE220_A839_7B1D_CDAF)
        #expect(zero.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(zero.next() == 0x06C4_5D18_8009_454F)
        var fortyTwo = SplitMix64(seed: 42)
        #expect(fortyTwo.next() == 0xBDD7_3226_2FEB_6E95)
    }

    @Test("a fixed seed gives a known answer, the same every time")
    func seededPickIsKnown() {
        // 0xE220A8397B1DCDAF mod 20 = 15 and 0xBDD732262FEB6E95 mod 20 = 13: the 16th and the 14th answers.
        var zero = SplitMix64(seed: 0)
        #expect(MagicAnswer.pick(using: &zero) == MagicAnswer(zhHant: "別指望了", english: "Don't count on it.", type: .negative))
        var fortyTwo = SplitMix64(seed: 42)
        #expect(MagicAnswer.pick(using: &fortyTwo).english == "Cannot predict now.")
        for seed in [UInt64(7), 1 << 40, .max] {
            var a = SplitMix64(seed: seed)
            var b = SplitMix64(seed: seed)
            #expect((0..<50).map { _ in MagicAnswer.pick(using: &a) } == (0..<50).map { _ in MagicAnswer.pick(using: &b) })
        }
    }

    /// Returns the numbers it is given, in order.
    struct Scripted: RandomNumberGenerator {
        var values: [UInt64]
        mutating func next() -> UInt64 { values.isEmpty ? 0 : values.removeFirst() }
    }

    @Test("raw numbers from the biased top of the range are drawn again")
    func rejectsBiasedTail() {
        // UInt64.max % 20 == 15: the last 16 values would favour answers 0–15, so they are skipped.
        var generator = Scripted(values: [.max, .max - 15, 41])
        #expect(MagicAnswer.uniformIndex(below: 20, using: &generator) == 1)
        #expect(generator.values.isEmpty)
        var edge = Scripted(values: [.max - 16])
        #expect(MagicAnswer.uniformIndex(below: 20, using: &edge) == Int((UInt64.max - 16) % 20))
    }

    @Test("every answer is equally likely from the system generator")
    func uniform() {
        var generator = SystemRandomNumberGenerator()
        var counts: [String: Int] = [:]
        let draws = 40_000
        for _ in 0..<draws { counts[MagicAnswer.pick(using: &generator).english, default: 0] += 1 }
        #expect(counts.count == 20)
        // Chi-squared with 19 degrees of freedom: a fair pick stays under 70 but for about one run in ten
        // million; an answer drawn twice as often as the others, or never, scores in the thousands.
        let expected = Double(draws) / 20
        let chiSquared = counts.values.reduce(0.0) { $0 + pow(Double($1) - expected, 2) / expected }
        #expect(chiSquared < 70, "χ² = \(chiSquared)")
    }
}

@Suite("Dates and ages in --since and --until")
struct DateBoundTests {
    let zone = TimeZone(identifier: "Asia/Taipei") ?? .current

    @Test("dates and ages are read; anything else is not")
    func parsing() {
        #expect(DateBound("2026-08-24") == .day("2026-08-24"))
        #expect(DateBound("90d") == .age(count: 90, unit: .days))
        #expect(DateBound("6M") == .age(count: 6, unit: .months))
        #expect(DateBound("2w") == .age(count: 2, unit: .weeks))
        #expect(DateBound("1y") == .age(count: 1, unit: .years))
        for bad in ["", "d", "90", "-3d", "3x", "2026-13-01", "2026-8-1", "ninety days"] {
            #expect(DateBound(bad) == nil, "\(bad)")
        }
    }

    @Test("--until 90d holds for records made 90 days ago or earlier, to the second")
    func ageIsAnInstant() throws {
        let now = try #require(Timestamp("2026-11-22T18:04:11+08:00"))
        let bound = try #require(DateBound("90d"))
        #expect(bound.isOnOrBefore(try #require(Timestamp("2026-08-24T18:04:11+08:00")), now: now, zone: zone))
        #expect(!bound.isOnOrBefore(try #require(Timestamp("2026-08-24T18:04:12+08:00")), now: now, zone: zone))
        #expect(bound.isOnOrAfter(try #require(Timestamp("2026-08-24T18:04:12+08:00")), now: now, zone: zone))
    }

    @Test("months are calendar months: six months before 31 August is the end of February")
    func calendarMonths() throws {
        let now = try #require(Timestamp("2026-08-31T12:00:00+08:00"))
        let bound = try #require(DateBound("6m"))
        #expect(bound.isOnOrBefore(try #require(Timestamp("2026-02-28T12:00:00+08:00")), now: now, zone: zone))
        #expect(!bound.isOnOrBefore(try #require(Timestamp("2026-03-01T00:00:00+08:00")), now: now, zone: zone))
    }

    @Test("a day bound compares days, both ends included")
    func dayBound() throws {
        let now = try #require(Timestamp("2026-11-22T18:04:11+08:00"))
        let until = try #require(DateBound("2026-08-24"))
        #expect(until.isOnOrBefore(try #require(Timestamp("2026-08-24T23:59:00+08:00")), now: now, zone: zone))
        #expect(!until.isOnOrBefore(try #require(Timestamp("2026-08-25T00:00:00+08:00")), now: now, zone: zone))
    }
}
