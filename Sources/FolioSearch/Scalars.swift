import Foundation

/// How the tokenizer treats one Unicode scalar.
enum ScalarClass {
    /// Breaks words and CJK runs (spaces, punctuation, symbols, controls).
    case separator
    /// Part of a Latin-style word (letters and digits outside the CJK blocks).
    case word
    /// Continues whatever precedes it (combining marks, variation selectors).
    case mark
    /// A CJK unit that never changes under NFKC, so the fast path can keep it as is.
    case cjk
    /// A CJK unit that NFKC may rewrite (half-width kana, compatibility ideographs, jamo).
    case cjkNeedsNormalization
}

enum Scalars {
    /// Classifies a non-ASCII scalar; ASCII never comes here because the scanner handles it inline.
    static func classify(_ v: UInt32) -> ScalarClass {
        switch v {
        // Latin letters with diacritics are common in English text too (café, naïve): skip the table lookup.
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F:
            return .word
        case 0x300...0x36F:
            return .mark
        // CJK and full-width punctuation, general punctuation: common in zh-Hant text, never letters.
        case 0x2000...0x206F, 0x3000...0x3004, 0x3008...0x3020, 0x3030, 0xFF01...0xFF0F, 0xFF1A...0xFF20,
            0xFF3B...0xFF40, 0xFF5B...0xFF65:
            return .separator
        // The common CJK blocks first: they are most of a zh-Hant journal.
        case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0x3041...0x3096, 0x309D...0x309F,
            0x30A1...0x30FA, 0x30FC...0x30FF, 0xAC00...0xD7A3, 0x3005...0x3007,
            0x3105...0x312F, 0x31A0...0x31BF, 0x31F0...0x31FF,
            0x20000...0x2A6DF, 0x2A700...0x2EBEF, 0x30000...0x323AF:
            return .cjk
        case 0x3099...0x309A:
            // Combining (semi-)voiced sound marks: NFKC composes them with the preceding kana.
            return .mark
        case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x3021...0x3029, 0x3031...0x3035,
            0x3038...0x303C, 0x3131...0x318E, 0xA960...0xA97F, 0xD7B0...0xD7FF,
            0xF900...0xFAFF, 0xFF66...0xFF9F, 0xFFA0...0xFFDC, 0x2F800...0x2FA1F,
            0x1B000...0x1B16F:
            return .cjkNeedsNormalization
        case 0xFE00...0xFE0F, 0xE0100...0xE01EF:
            return .mark
        default:
            break
        }
        guard let scalar = Unicode.Scalar(v) else { return .separator }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber:
            return .word
        case .nonspacingMark, .spacingMark, .enclosingMark:
            return .mark
        default:
            return .separator
        }
    }

    /// Whether a scalar counts as Latin script (or script-neutral) for diacritic folding.
    static func isLatinOrCommon(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0...0x24F, 0x300...0x36F, 0x1AB0...0x1AFF, 0x1DC0...0x1EFF, 0x2C60...0x2C7F,
            0xA720...0xA7FF, 0xAB30...0xAB6F:
            return true
        default:
            return false
        }
    }

    /// Latin letters that have no Unicode decomposition, so diacritic folding leaves them alone.
    static let latinExtras: [Character: String] = [
        "ł": "l", "ø": "o", "đ": "d", "ħ": "h", "ı": "i", "ŧ": "t", "æ": "ae", "œ": "oe",
    ]

    /// Folds one word that contains non-ASCII text and splits it where normalisation exposed separators.
    ///
    /// NFKC can turn `½` into `1⁄2`, so a single source word may become several pieces.
    static func foldWord(_ raw: String) -> [[UInt8]] {
        let compatible = raw.precomposedStringWithCompatibilityMapping.precomposedStringWithCanonicalMapping
        let latin = compatible.unicodeScalars.allSatisfy(isLatinOrCommon)
        var options: String.CompareOptions = [.caseInsensitive, .widthInsensitive]
        // Only Latin script loses its accents: stripping marks from Greek, Cyrillic or kana changes words.
        if latin { options.insert(.diacriticInsensitive) }
        var folded = compatible.folding(options: options, locale: nil)
        if latin, folded.contains(where: { latinExtras[$0] != nil }) {
            folded = String(folded.flatMap { latinExtras[$0] ?? String($0) })
        }
        folded = folded.precomposedStringWithCanonicalMapping

        var pieces: [[UInt8]] = []
        var current = String.UnicodeScalarView()
        func flush() {
            if !current.isEmpty {
                // Cut a long word at a character, never inside one: a query's copy of the word goes
                // through a String, which would turn half a character into U+FFFD and miss it.
                var bytes = Array(String(current).utf8)
                if bytes.count > Scanner.maxWordBytes {
                    var cut = Scanner.maxWordBytes
                    while cut > 0, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
                    bytes.removeSubrange(cut...)
                }
                pieces.append(bytes)
                current = String.UnicodeScalarView()
            }
        }
        for scalar in folded.unicodeScalars {
            if scalar.isASCII {
                let lower = Scanner.wordByte[Int(scalar.value)]
                if lower != 0 {
                    current.append(Unicode.Scalar(lower))
                } else {
                    flush()
                }
                continue
            }
            switch classify(scalar.value) {
            case .separator: flush()
            case .mark: if !current.isEmpty { current.append(scalar) }
            case .word, .cjk, .cjkNeedsNormalization: current.append(scalar)
            }
        }
        flush()
        return pieces
    }

    /// Normalises a CJK run that contains scalars NFKC may rewrite, returning its units without marks.
    static func normalizeCJK(_ raw: String) -> [UInt32] {
        var units: [UInt32] = []
        // Foundation's NFKC leaves half-width voiced marks uncomposed (ｶﾞ → カ + U+3099); NFC finishes the job.
        let normalized = raw.precomposedStringWithCompatibilityMapping.precomposedStringWithCanonicalMapping
        for scalar in normalized.unicodeScalars {
            let v = scalar.value
            if v < 0x80 { continue }
            switch classify(v) {
            case .cjk, .cjkNeedsNormalization, .word: units.append(v)
            case .mark, .separator: continue
            }
        }
        return units
    }
}
