/// Receives the tokens of one text, in order, without any per-token String allocation.
///
/// Slots are the positions used for phrase adjacency: every Latin word takes one slot, every CJK
/// character takes one slot, and a CJK bigram sits at the slot of its first character. Slots are
/// emitted in non-decreasing order and grow by at most one at a time.
protocol TokenSink {
    /// A short word or a CJK gram, packed into one integer by `TermKey`.
    mutating func term(_ key: UInt64, slot: Int, source: Range<Int>)
    /// A word of more than `TermKey.maxShortWordBytes` folded UTF-8 bytes.
    mutating func longWord(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64, slot: Int, source: Range<Int>)
}

/// Packs short words and CJK grams into one integer, so most tokens are interned by integer hashing.
///
/// A short word (1–7 bytes) keeps its bytes little-endian with its length in the top byte; grams keep
/// the top byte zero, so the two never collide.
enum TermKey {
    static let maxShortWordBytes = 7
    /// The marker in the upper half of a gram that no real scalar can occupy (scalars end at U+10FFFF).
    static let unigramMarker: UInt64 = 0x1F_FFFF << 21

    static func unigram(_ a: UInt32) -> UInt64 { unigramMarker | UInt64(a) }
    static func bigram(_ a: UInt32, _ b: UInt32) -> UInt64 { UInt64(a) << 21 | UInt64(b) }
    static func isShortWord(_ key: UInt64) -> Bool { key >> 56 != 0 }
    static func isUnigram(_ key: UInt64) -> Bool { !isShortWord(key) && key >> 21 == 0x1F_FFFF }

    /// The key of a word of at most `maxShortWordBytes` bytes.
    static func shortWord<C: Collection<UInt8>>(_ bytes: C) -> UInt64 {
        var key: UInt64 = 0
        var shift: UInt64 = 0
        for b in bytes {
            key |= UInt64(b) << shift
            shift += 8
        }
        return key | UInt64(bytes.count) << 56
    }

    static func shortWordBytes(_ key: UInt64) -> [UInt8] {
        (0..<Int(key >> 56)).map { UInt8(truncatingIfNeeded: key >> (8 * UInt64($0))) }
    }

    /// The text a key stands for, for display and for the public token list.
    static func text(_ key: UInt64) -> String {
        if isShortWord(key) { return String(decoding: shortWordBytes(key), as: UTF8.self) }
        var view = String.UnicodeScalarView()
        if isUnigram(key) {
            if let s = Unicode.Scalar(UInt32(key & 0x1F_FFFF)) { view.append(s) }
        } else {
            if let s = Unicode.Scalar(UInt32(key >> 21)) { view.append(s) }
            if let s = Unicode.Scalar(UInt32(key & 0x1F_FFFF)) { view.append(s) }
        }
        return String(view)
    }

    /// The kind of token a key stands for.
    static func kind(_ key: UInt64) -> Token.Kind {
        isShortWord(key) ? .word : (isUnigram(key) ? .cjkUnigram : .cjkBigram)
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

/// The tokenizer's engine: one pass over UTF-8 bytes, ASCII words in a tight loop, the rest by class.
///
/// A scanner keeps a cache of folded non-ASCII words, so one scanner should be reused for many texts
/// on one thread (it is a value type; each shard of an index build owns its own).
struct Scanner {
    /// Words longer than this many bytes are indexed by their first bytes only; it bounds scratch space.
    static let maxWordBytes = 128
    /// Slots live in the low 24 bits of a stored position; text beyond that in one field is not indexed.
    static let maxSlot = (1 << 24) - 1

    /// For each byte: its lowercase form if it is an ASCII letter or digit, else 0.
    static let wordByte: [UInt8] = (0..<256).map { b in
        switch UInt8(b) {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt8(b)
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return UInt8(b) | 0x20
        default: return 0
        }
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
        scratch = [UInt8](repeating: 0, count: Scanner.maxWordBytes)
    }

    /// Tokenizes one text into `sink` and returns how many slots it used.
    mutating func scan<Sink: TokenSink>(_ text: String, into sink: inout Sink) -> Int {
        var text = text
        return text.withUTF8 { bytes in scan(bytes: bytes, into: &sink) }
    }

    @inline(__always)
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (scalar: UInt32, length: Int)? {
        let b = bytes[i]
        let length = b >= 0xF0 ? 4 : (b >= 0xE0 ? 3 : 2)
        // A Swift String is valid UTF-8, but stay in bounds regardless.
        guard i + length <= bytes.count else { return nil }
        var v = UInt32(b) & (length == 2 ? 0x1F : (length == 3 ? 0x0F : 0x07))
        for k in 1..<length { v = v << 6 | (UInt32(bytes[i + k]) & 0x3F) }
        return (v, length)
    }

    mutating func scan<Sink: TokenSink>(bytes: UnsafeBufferPointer<UInt8>, into sink: inout Sink) -> Int {
        slot = -1
        units.removeAll(keepingCapacity: true)
        var cjkPending = false
        var cjkNeedsNormalization = false
        let n = bytes.count

        Scanner.wordByte.withUnsafeBufferPointer { wordByte in
            var i = 0
            while i < n {
                let b = bytes[i]
                if b < 0x80 {
                    var c = wordByte[Int(b)]
                    guard c != 0 else {
                        if cjkPending {
                            flushCJK(bytes, normalize: cjkNeedsNormalization, into: &sink)
                            cjkPending = false
                            cjkNeedsNormalization = false
                        }
                        i += 1
                        continue
                    }
                    if cjkPending {
                        flushCJK(bytes, normalize: cjkNeedsNormalization, into: &sink)
                        cjkPending = false
                        cjkNeedsNormalization = false
                    }
                    // The common case, a short ASCII word: classify eight bytes at once.
                    let start = i
                    if i + 8 <= n, let base = bytes.baseAddress {
                        let (length, key) = Scanner.shortASCIIWord(
                            UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)))
                        if length <= TermKey.maxShortWordBytes, bytes[i + length] < 0x80 {
                            i += length
                            emit(key, source: start..<i, into: &sink)
                            continue
                        }
                    }
                    // Otherwise pack the key byte by byte.
                    var key: UInt64 = 0
                    var shift: UInt64 = 0
                    while true {
                        if shift < 56 { key |= UInt64(c) << shift }
                        shift += 8
                        i += 1
                        guard i < n else { break }
                        c = wordByte[Int(bytes[i])]
                        if c == 0 { break }
                    }
                    if i < n, bytes[i] >= 0x80, let (v, _) = Scanner.decode(bytes, at: i),
                        Scanner.continuesWord(v)
                    {
                        i = slowWord(bytes, start: start, from: i, into: &sink)
                    } else {
                        let length = i - start
                        if length <= TermKey.maxShortWordBytes {
                            emit(key | UInt64(length) << 56, source: start..<i, into: &sink)
                        } else {
                            emitLong(bytes, start: start, end: i, into: &sink)
                        }
                    }
                    continue
                }

                guard let (v, length) = Scanner.decode(bytes, at: i) else { break }
                // The unified Han block is most of a Chinese text; skip the full classification for it.
                let kind = (0x4E00...0x9FFF).contains(v) ? ScalarClass.cjk : Scalars.classify(v)
                switch kind {
                case .word:
                    if cjkPending {
                        flushCJK(bytes, normalize: cjkNeedsNormalization, into: &sink)
                        cjkPending = false
                        cjkNeedsNormalization = false
                    }
                    i = slowWord(bytes, start: i, from: i, into: &sink)
                    continue
                case .mark:
                    // A mark after a CJK unit belongs to it; variation selectors change nothing.
                    if cjkPending {
                        units[units.count - 1].end = i + length
                        if !(0xFE00...0xFE0F).contains(v) && !(0xE0100...0xE01EF).contains(v) {
                            cjkNeedsNormalization = true
                        }
                    }
                case .cjk, .cjkNeedsNormalization:
                    if kind == .cjkNeedsNormalization { cjkNeedsNormalization = true }
                    units.append(Unit(code: v, start: i, end: i + length))
                    cjkPending = true
                case .separator:
                    if cjkPending {
                        flushCJK(bytes, normalize: cjkNeedsNormalization, into: &sink)
                        cjkPending = false
                        cjkNeedsNormalization = false
                    }
                }
                i += length
            }
        }
        if cjkPending { flushCJK(bytes, normalize: cjkNeedsNormalization, into: &sink) }
        return slot + 1
    }

    /// For eight bytes starting with an ASCII letter or digit: how many leading bytes are ASCII letters or
    /// digits (8 when all are) and, when fewer than 8, the word's `TermKey` in lowercase.
    ///
    /// SWAR range checks: with high bits cleared, adding `0x80 - lo` sets a byte's high bit iff it is ≥ lo,
    /// and no carry crosses bytes.
    @inline(__always)
    static func shortASCIIWord(_ x: UInt64) -> (length: Int, key: UInt64) {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let low7 = x & ~high
        @inline(__always) func inRange(_ v: UInt64, _ lo: UInt64, _ hi: UInt64) -> UInt64 {
            ((v &+ ones &* (0x80 - lo)) & ~(v &+ ones &* (0x7F - hi))) & high
        }
        let digit = inRange(low7, 0x30, 0x39)
        let upper = inRange(low7, 0x41, 0x5A)
        let letter = inRange(low7 | ones &* 0x20, 0x61, 0x7A)
        // Non-ASCII bytes (high bit set in x) end the fast path too.
        let stop = ~(digit | letter) & high | (x & high)
        let length = stop.trailingZeroBitCount >> 3
        guard length < 8 else { return (8, 0) }
        let lowered = low7 &+ (upper >> 2)
        let mask: UInt64 = (1 << (UInt64(length) << 3)) &- 1
        return (length, lowered & mask | UInt64(length) << 56)
    }

    /// Whether a non-ASCII scalar right after word characters keeps the word going (`caf` + `é`).
    @inline(__always)
    private static func continuesWord(_ v: UInt32) -> Bool {
        switch Scalars.classify(v) {
        case .word, .mark: return true
        default: return false
        }
    }

    @inline(__always)
    private mutating func emit<Sink: TokenSink>(_ key: UInt64, source: Range<Int>, into sink: inout Sink) {
        guard slot < Scanner.maxSlot else { return }
        slot += 1
        sink.term(key, slot: slot, source: source)
    }

    private mutating func emitLong<Sink: TokenSink>(
        _ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, into sink: inout Sink
    ) {
        guard slot < Scanner.maxSlot else { return }
        slot += 1
        let count = min(end - start, Scanner.maxWordBytes)
        let s = slot
        scratch.withUnsafeMutableBufferPointer { out in
            Scanner.wordByte.withUnsafeBufferPointer { lower in
                for k in 0..<count { out[k] = lower[Int(bytes[start + k])] }
            }
            let word = UnsafeBufferPointer(rebasing: out[0..<count])
            sink.longWord(word, hash: TermHash.hash(word), slot: s, source: start..<end)
        }
    }

    /// Reads the rest of a word that has non-ASCII letters or marks, folds it with Foundation (cached)
    /// and emits its pieces; returns the index after the word.
    private mutating func slowWord<Sink: TokenSink>(
        _ bytes: UnsafeBufferPointer<UInt8>, start: Int, from: Int, into sink: inout Sink
    ) -> Int {
        var i = from
        while i < bytes.count {
            let b = bytes[i]
            if b < 0x80 {
                if Scanner.wordByte[Int(b)] == 0 { break }
                i += 1
                continue
            }
            guard let (v, length) = Scanner.decode(bytes, at: i), Scanner.continuesWord(v) else { break }
            i += length
        }
        let source = start..<i
        let raw = String(decoding: UnsafeBufferPointer(rebasing: bytes[source]), as: UTF8.self)
        let pieces: [[UInt8]]
        if let cached = foldCache[raw] {
            pieces = cached
        } else {
            pieces = Scalars.foldWord(raw)
            foldCache[raw] = pieces
        }
        for piece in pieces {
            if piece.count <= TermKey.maxShortWordBytes {
                emit(TermKey.shortWord(piece), source: source, into: &sink)
            } else {
                guard slot < Scanner.maxSlot else { break }
                slot += 1
                let s = slot
                piece.withUnsafeBufferPointer { p in
                    sink.longWord(p, hash: TermHash.hash(p), slot: s, source: source)
                }
            }
        }
        return i
    }

    private mutating func flushCJK<Sink: TokenSink>(
        _ bytes: UnsafeBufferPointer<UInt8>, normalize: Bool, into sink: inout Sink
    ) {
        defer { units.removeAll(keepingCapacity: true) }
        guard let first = units.first, let last = units.last else { return }
        if normalize {
            let raw = String(
                decoding: UnsafeBufferPointer(rebasing: bytes[first.start..<last.end]),
                as: UTF8.self)
            let codes = Scalars.normalizeCJK(raw)
            if codes.count == units.count {
                for k in units.indices { units[k].code = codes[k] }
            } else {
                // Composition changed the length (e.g. ｶﾞ → ガ); all we can say is "somewhere in this run".
                units = codes.map { Unit(code: $0, start: first.start, end: last.end) }
            }
        }
        // Traditional and Simplified forms index alike (HanFold).
        for k in units.indices { units[k].code = HanFold.fold(units[k].code) }
        var previous: Unit? = nil
        for unit in units {
            if let p = previous {
                sink.term(TermKey.bigram(p.code, unit.code), slot: slot, source: p.start..<unit.end)
            }
            guard slot < Scanner.maxSlot else { return }
            slot += 1
            sink.term(TermKey.unigram(unit.code), slot: slot, source: unit.start..<unit.end)
            previous = unit
        }
    }
}
