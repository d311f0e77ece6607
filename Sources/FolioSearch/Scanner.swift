/// Receives the tokens of one text, in order, without any per-token String allocation.
///
/// Slots are the positions used for phrase adjacency: every Latin word takes one slot, every CJK
/// character takes one slot, and a CJK bigram sits at the slot of its first character. Slots are
/// emitted in non-decreasing order and grow by at most one at a time.
protocol TokenSink {
    /// A folded word (lowercase, NFKC, Latin diacritics removed) as UTF-8 bytes.
    mutating func word(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64, slot: Int, source: Range<Int>)
    /// A CJK unigram or bigram, encoded by `GramKey`.
    mutating func gram(_ key: UInt64, slot: Int, source: Range<Int>)
}

/// Packs CJK grams into one integer so the index can hash them without touching bytes.
enum GramKey {
    /// The marker in the upper half that no real scalar can occupy (scalars end at U+10FFFF).
    static let unigramMarker: UInt64 = 0x1F_FFFF << 21

    static func unigram(_ a: UInt32) -> UInt64 { unigramMarker | UInt64(a) }
    static func bigram(_ a: UInt32, _ b: UInt32) -> UInt64 { UInt64(a) << 21 | UInt64(b) }
    static func isUnigram(_ key: UInt64) -> Bool { key >> 21 == 0x1F_FFFF }

    /// The scalars a key stands for, for display and for the public token list.
    static func text(_ key: UInt64) -> String {
        var view = String.UnicodeScalarView()
        if isUnigram(key) {
            if let s = Unicode.Scalar(UInt32(key & 0x1F_FFFF)) { view.append(s) }
        } else {
            if let s = Unicode.Scalar(UInt32(key >> 21)) { view.append(s) }
            if let s = Unicode.Scalar(UInt32(key & 0x1F_FFFF)) { view.append(s) }
        }
        return String(view)
    }

    /// Mixes a key for open addressing.
    @inline(__always)
    static func hash(_ key: UInt64) -> UInt64 { TermHash.finalize(key) }
}

/// The hash used for words, identical for the fast ASCII path and the folded slow path.
enum TermHash {
    static let basis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01b3

    @inline(__always)
    static func step(_ h: UInt64, _ byte: UInt8) -> UInt64 { (h ^ UInt64(byte)) &* prime }

    /// murmur3's fmix64, so that the low bits used for table slots are well spread.
    @inline(__always)
    static func finalize(_ h: UInt64) -> UInt64 {
        var x = h
        x ^= x >> 33
        x &*= 0xff51_afd7_ed55_8ccd
        x ^= x >> 33
        x &*= 0xc4ce_b9fe_1a85_ec53
        x ^= x >> 33
        return x
    }

    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h = basis
        for b in bytes { h = step(h, b) }
        return finalize(h)
    }

    static func hash(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBufferPointer { hash($0) }
    }
}

/// The tokenizer's engine: one pass over UTF-8 bytes, ASCII handled inline, everything else by class.
///
/// A scanner keeps a cache of folded non-ASCII words, so one scanner should be reused for many texts
/// on one thread (it is a value type; each shard of an index build owns its own).
struct Scanner {
    /// Words longer than this many bytes are indexed by their first bytes only; it bounds scratch space.
    static let maxWordBytes = 128
    /// Slots live in the low 24 bits of a stored position; text beyond that in one field is not indexed.
    static let maxSlot = (1 << 24) - 1

    /// 1 for ASCII letters and digits, 0 otherwise.
    static let asciiClass: [UInt8] = (0..<128).map { b in
        switch UInt8(b) {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            return 1
        default:
            return 0
        }
    }
    static let asciiLower: [UInt8] = (0..<128).map { b in
        let b = UInt8(b)
        return (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z")) ? b | 0x20 : b
    }

    private struct Unit {
        var code: UInt32
        var start: Int
        var end: Int
    }

    private var foldCache: [String: [[UInt8]]] = [:]
    private var units: [Unit] = []
    private var scratch: [UInt8] = []
    /// The last slot handed out in the current text.
    private var slot = -1

    init() {
        units.reserveCapacity(64)
        scratch.reserveCapacity(Scanner.maxWordBytes)
    }

    /// Tokenizes one text into `sink` and returns how many slots it used.
    mutating func scan<Sink: TokenSink>(_ text: String, into sink: inout Sink) -> Int {
        var text = text
        return text.withUTF8 { bytes in scan(bytes: bytes, into: &sink) }
    }

    mutating func scan<Sink: TokenSink>(bytes: UnsafeBufferPointer<UInt8>, into sink: inout Sink) -> Int {
        slot = -1
        units.removeAll(keepingCapacity: true)
        var cjkNeedsNormalization = false

        var wordStart = -1          // -1 when not inside a word
        var wordSlow = false        // the word has non-ASCII scalars and needs Foundation folding
        var wordUpper = false       // the ASCII word has capitals, so its bytes must be copied lowered
        var hash = TermHash.basis

        let asciiClass = Scanner.asciiClass
        let asciiLower = Scanner.asciiLower
        let n = bytes.count
        var i = 0
        while i < n {
            let b = bytes[i]
            if b < 0x80 {
                if asciiClass[Int(b)] != 0 {
                    if !units.isEmpty {
                        flushCJK(bytes, normalize: cjkNeedsNormalization, into: &sink)
                        cjkNeedsNormalization = false
                    }
                    if wordStart < 0 {
                        wordStart = i
                        wordSlow = false
                        wordUpper = false
                        hash = TermHash.basis
                    }
                    let lower = asciiLower[Int(b)]
                    if i - wordStart < Scanner.maxWordBytes { hash = TermHash.step(hash, lower) }
                    if lower != b { wordUpper = true }
                } else {
                    if wordStart >= 0 {
                        flushWord(bytes, start: wordStart, end: i, slow: wordSlow, upper: wordUpper,
                                  hash: hash, into: &sink)
                        wordStart = -1
                    } else if !units.isEmpty {
                        flushCJK(bytes, normalize: cjkNeedsNormalization, into: &sink)
                        cjkNeedsNormalization = false
                    }
                }
                i += 1
                continue
            }

            // Multi-byte scalar: a Swift String is valid UTF-8, but stay in bounds regardless.
            let length = b >= 0xF0 ? 4 : (b >= 0xE0 ? 3 : 2)
            guard i + length <= n else { break }
            var v = UInt32(b) & (length == 2 ? 0x1F : (length == 3 ? 0x0F : 0x07))
            for k in 1..<length { v = v << 6 | (UInt32(bytes[i + k]) & 0x3F) }

            let kind = Scalars.classify(v)
            switch kind {
            case .word:
                if !units.isEmpty {
                    flushCJK(bytes, normalize: cjkNeedsNormalization, into: &sink)
                    cjkNeedsNormalization = false
                }
                if wordStart < 0 {
                    wordStart = i
                    wordUpper = false
                    hash = TermHash.basis
                }
                wordSlow = true
            case .mark:
                if wordStart >= 0 {
                    wordSlow = true
                } else if !units.isEmpty {
                    // The mark belongs to the previous CJK unit; variation selectors change nothing.
                    units[units.count - 1].end = i + length
                    if !(0xFE00...0xFE0F).contains(v) && !(0xE0100...0xE01EF).contains(v) {
                        cjkNeedsNormalization = true
                    }
                }
            case .cjk, .cjkNeedsNormalization:
                if wordStart >= 0 {
                    flushWord(bytes, start: wordStart, end: i, slow: wordSlow, upper: wordUpper,
                              hash: hash, into: &sink)
                    wordStart = -1
                }
                if kind == .cjkNeedsNormalization { cjkNeedsNormalization = true }
                units.append(Unit(code: v, start: i, end: i + length))
            case .separator:
                if wordStart >= 0 {
                    flushWord(bytes, start: wordStart, end: i, slow: wordSlow, upper: wordUpper,
                              hash: hash, into: &sink)
                    wordStart = -1
                } else if !units.isEmpty {
                    flushCJK(bytes, normalize: cjkNeedsNormalization, into: &sink)
                    cjkNeedsNormalization = false
                }
            }
            i += length
        }
        if wordStart >= 0 {
            flushWord(bytes, start: wordStart, end: n, slow: wordSlow, upper: wordUpper, hash: hash,
                      into: &sink)
        } else if !units.isEmpty {
            flushCJK(bytes, normalize: cjkNeedsNormalization, into: &sink)
        }
        return slot + 1
    }

    private mutating func flushWord<Sink: TokenSink>(
        _ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, slow: Bool, upper: Bool,
        hash: UInt64, into sink: inout Sink
    ) {
        let source = start..<end
        if slow {
            let raw = String(decoding: UnsafeBufferPointer(rebasing: bytes[source]), as: UTF8.self)
            let pieces: [[UInt8]]
            if let cached = foldCache[raw] {
                pieces = cached
            } else {
                pieces = Scalars.foldWord(raw)
                foldCache[raw] = pieces
            }
            for piece in pieces {
                guard slot < Scanner.maxSlot else { return }
                slot += 1
                piece.withUnsafeBufferPointer { p in
                    sink.word(p, hash: TermHash.hash(p), slot: slot, source: source)
                }
            }
            return
        }
        guard slot < Scanner.maxSlot else { return }
        slot += 1
        let stored = min(end, start + Scanner.maxWordBytes)
        let h = TermHash.finalize(hash)
        if upper {
            scratch.removeAll(keepingCapacity: true)
            for k in start..<stored { scratch.append(Scanner.asciiLower[Int(bytes[k])]) }
            scratch.withUnsafeBufferPointer { p in
                sink.word(p, hash: h, slot: slot, source: source)
            }
        } else {
            sink.word(UnsafeBufferPointer(rebasing: bytes[start..<stored]), hash: h, slot: slot,
                      source: source)
        }
    }

    private mutating func flushCJK<Sink: TokenSink>(
        _ bytes: UnsafeBufferPointer<UInt8>, normalize: Bool, into sink: inout Sink
    ) {
        defer { units.removeAll(keepingCapacity: true) }
        guard let first = units.first, let last = units.last else { return }
        if normalize {
            let raw = String(decoding: UnsafeBufferPointer(rebasing: bytes[first.start..<last.end]),
                             as: UTF8.self)
            let codes = Scalars.normalizeCJK(raw)
            if codes.count == units.count {
                for k in units.indices { units[k].code = codes[k] }
            } else {
                // Composition changed the length (e.g. ｶﾞ → ガ); all we can say is "somewhere in this run".
                units = codes.map { Unit(code: $0, start: first.start, end: last.end) }
            }
        }
        var previous: Unit? = nil
        for unit in units {
            if let p = previous {
                sink.gram(GramKey.bigram(p.code, unit.code), slot: slot, source: p.start..<unit.end)
            }
            guard slot < Scanner.maxSlot else { return }
            slot += 1
            sink.gram(GramKey.unigram(unit.code), slot: slot, source: unit.start..<unit.end)
            previous = unit
        }
    }
}
