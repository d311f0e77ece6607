/// Finds what looks like an API key, an access token or a private key in text, with few false alarms.
///
/// Every pattern is anchored on a vendor's own prefix and then held to the shape of a real
/// credential: its alphabet, its length, a boundary on both sides (so `task-…` never yields
/// `sk-…`), and a body that looks random (several distinct characters, mixed character classes),
/// so placeholders such as `sk-…`, `ghp_XXXXXXXX…` or AWS's `AKIAIOSFODNN7EXAMPLE` are not reported.
/// A line holding `folio:allow-secret` is never reported, for text that only looks like a key.
///
/// Pure and total: any bytes in, findings out; nothing here traps.
public enum SecretScanner {
    /// Written on a line, keeps that line from being reported.
    public static let allowMarker = "folio:allow-secret"

    /// What may be shown of `secret`: its first 4 characters, then `…`.
    public static func mask(_ secret: String) -> String {
        String(secret.prefix(4)) + "…"
    }

    /// The credentials `text` seems to hold, in order.
    public static func scan(_ text: String) -> [SecretFinding] {
        scan(Array(text.utf8))
    }

    /// The credentials UTF-8 `bytes` seem to hold, in order.
    public static func scan(_ bytes: [UInt8]) -> [SecretFinding] {
        bytes.withUnsafeBufferPointer { buffer in
            var matcher = Matcher(buffer)
            return matcher.run()
        }
    }

    /// Whether `bytes` look like a binary file (a NUL in the first 8000 bytes, as git decides).
    public static func isBinary(_ bytes: [UInt8]) -> Bool {
        bytes.prefix(8000).contains(0)
    }
}

// MARK: - Matching

private struct Match {
    var kind: SecretKind
    /// Where the finding is reported (a private key: its BEGIN line).
    var start: Int
    /// The secret's bytes.
    var secret: Range<Int>
}

private struct Matcher {
    let b: UnsafeBufferPointer<UInt8>
    var matches: [Match] = []
    /// Offsets of every `\n`, found once when a line number is first needed.
    var newlines: [Int]?

    init(_ bytes: UnsafeBufferPointer<UInt8>) { b = bytes }

    /// 1 for the bytes a pattern starts with (`s`, `g`, `A`, `x`, `-`).
    static let startBytes: [UInt8] = (0..<256).map { "sgAx-".utf8.contains(UInt8($0)) ? 1 : 0 }
    /// 1 for the bytes of a token's alphabet (letters, digits, `_`, `-`).
    static let tokenBytes: [UInt8] = (0..<256).map { isToken(UInt8($0)) ? 1 : 0 }

    mutating func run() -> [SecretFinding] {
        var i = 0
        while i < b.count {
            if mayStart(at: i), let match = matchAt(i) {
                matches.append(match)
                i = max(i + 1, match.secret.upperBound)
            } else {
                i += 1
            }
        }
        findAWSSecrets()
        return findings()
    }

    /// Whether a pattern may start at `i`: most bytes start nothing (one table look-up each); a
    /// token starts after a byte outside tokens, a `-----BEGIN` line after a byte other than `-`.
    @inline(__always)
    private func mayStart(at i: Int) -> Bool {
        let c = b[i]
        guard Self.startBytes[Int(c)] != 0 else { return false }
        guard i > 0 else { return true }
        return c == UInt8(ascii: "-") ? b[i - 1] != UInt8(ascii: "-") : Self.tokenBytes[Int(b[i - 1])] == 0
    }

    func matchAt(_ i: Int) -> Match? {
        switch b[i] {
        case UInt8(ascii: "s"):
            if has("sk-ant-", at: i) {
                return token(.anthropicKey, at: i, prefix: 7, alphabet: Self.isToken, length: 32...400, classes: 3)
            }
            if has("sk-", at: i) {
                return token(.openAIKey, at: i, prefix: 3, alphabet: Self.isToken, length: 20...400, classes: 3, distinct: 12)
            }
        case UInt8(ascii: "g"):
            for prefix in ["ghp_", "gho_", "ghu_", "ghs_", "ghr_"] where has(prefix, at: i) {
                return token(.githubToken, at: i, prefix: 4, alphabet: Self.isAlnum, length: 36...251)
            }
            if has("github_pat_", at: i) {
                return token(.githubToken, at: i, prefix: 11, alphabet: { Self.isAlnum($0) || $0 == UInt8(ascii: "_") }, length: 40...255)
            }
            if has("glpat-", at: i) {
                return token(.gitlabToken, at: i, prefix: 6, alphabet: { Self.isToken($0) || $0 == UInt8(ascii: ".") }, length: 20...255)
            }
        case UInt8(ascii: "A"):
            if has("AKIA", at: i) || has("ASIA", at: i) {
                guard
                    let match = token(
                        .awsAccessKeyID, at: i, prefix: 4, alphabet: Self.isUpperOrDigit, length: 16...16,
                        classes: 1, distinct: 8, boundary: Self.isAlnum)
                else { return nil }
                return contains("EXAMPLE", in: match.secret) ? nil : match
            }
            if has("AIza", at: i) {
                return token(.googleAPIKey, at: i, prefix: 4, alphabet: Self.isToken, length: 35...35)
            }
        case UInt8(ascii: "x"):
            if has("xox", at: i), i + 4 < b.count, "abprs".utf8.contains(b[i + 3]), b[i + 4] == UInt8(ascii: "-") {
                guard
                    let match = token(
                        .slackToken, at: i, prefix: 5, alphabet: { Self.isAlnum($0) || $0 == UInt8(ascii: "-") },
                        length: 20...255, classes: 1, distinct: 8)
                else { return nil }
                return b[match.secret].contains(where: Self.isDigit) ? match : nil
            }
        case UInt8(ascii: "-"):
            if has("-----BEGIN ", at: i) { return privateKey(at: i) }
        default:
            break
        }
        return nil
    }

    /// `prefix` bytes at `i`, then a body of `alphabet` bytes whose length is in `length`, ending at a
    /// byte that `boundary` does not accept, with `classes` of digits/upper/lower and `distinct` bytes.
    func token(
        _ kind: SecretKind, at i: Int, prefix: Int, alphabet: (UInt8) -> Bool, length: ClosedRange<Int>,
        classes: Int = 2, distinct: Int = 10, boundary: ((UInt8) -> Bool)? = nil
    ) -> Match? {
        let start = i + prefix
        var end = start
        while end < b.count && alphabet(b[end]) { end += 1 }
        let count = end - start
        guard length.contains(count) else { return nil }
        if end < b.count && (boundary ?? Self.isToken)(b[end]) { return nil }
        guard looksRandom(start..<end, classes: classes, distinct: min(distinct, max(4, count / 2))) else { return nil }
        return Match(kind: kind, start: i, secret: i..<end)
    }

    /// `-----BEGIN [TYPE ]PRIVATE KEY-----`, then (after optional `Proc-Type:`/`DEK-Info:` lines,
    /// or a literal `\n` in JSON) a body of base64; the secret runs from the body to the END line.
    func privateKey(at i: Int) -> Match? {
        var j = i + 11
        let headerStart = j
        let marker = Array("PRIVATE KEY-----".utf8)
        var found = false
        while j < b.count && j - headerStart <= 40 {
            if has(marker, at: j) {
                found = true
                break
            }
            let c = b[j]
            guard (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")) || Self.isDigit(c) || c == UInt8(ascii: " ") else { return nil }
            j += 1
        }
        guard found else { return nil }
        j += marker.count
        // Up to four header or blank lines before the body.
        var lines = 0
        var bodyStart = -1
        while j < b.count && lines <= 4 {
            let c = b[j]
            if c == UInt8(ascii: "\n") {
                lines += 1
                j += 1
                continue
            }
            if c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\r") || c == UInt8(ascii: "\"")
                || c == UInt8(ascii: "|")
            {
                j += 1
                continue
            }
            if c == UInt8(ascii: "\\") && j + 1 < b.count && (b[j + 1] == UInt8(ascii: "n") || b[j + 1] == UInt8(ascii: "r")) {
                lines += 1
                j += 2
                continue
            }
            var k = j
            while k < b.count && Self.isBase64(b[k]) { k += 1 }
            if k - j >= 16 && looksRandom(j..<k, classes: 2, distinct: 10) {
                bodyStart = j
                break
            }
            // A header line (`Proc-Type: 4,ENCRYPTED`): skip to its end.
            guard lines > 0, b[j..<min(b.count, j + 80)].contains(UInt8(ascii: ":")) else { return nil }
            while j < b.count && b[j] != UInt8(ascii: "\n") { j += 1 }
        }
        guard bodyStart >= 0 else { return nil }
        var end = bodyStart
        while end < b.count && Self.isBase64(b[end]) { end += 1 }
        // The secret reaches the END line, so masking hides every line of the key.
        let limit = min(b.count, bodyStart + 65_536)
        var k = end
        while k < limit {
            if has("-----END ", at: k) {
                end = k
                break
            }
            k += 1
        }
        let kind: SecretKind = contains("OPENSSH", in: headerStart..<(j - marker.count)) ? .openSSHPrivateKey : .privateKey
        return Match(kind: kind, start: i, secret: bodyStart..<end)
    }

    /// AWS secret access keys: 40 characters of base64 within five lines of an access key id, or on
    /// a line that names `secret_access_key`.
    mutating func findAWSSecrets() {
        var ids: [Int] = []
        for match in matches where match.kind == .awsAccessKeyID { ids.append(lineNumber(match.start)) }
        guard !ids.isEmpty || containsIgnoringCase("secret_access_key") || containsIgnoringCase("secretaccesskey") else { return }
        var i = 0
        var found: [Match] = []
        while i < b.count {
            guard Self.isBase64Body(b[i]), i == 0 || !Self.isBase64Body(b[i - 1]) else {
                i += 1
                continue
            }
            var end = i
            while end < b.count && Self.isBase64Body(b[end]) { end += 1 }
            defer { i = end }
            guard end - i == 40, end == b.count || !(b[end] == UInt8(ascii: "=") || Self.isToken(b[end])),
                looksRandom(i..<end, classes: 3, distinct: 15), !contains("EXAMPLE", in: i..<end),
                !matches.contains(where: { $0.secret.overlaps(i..<end) })
            else { continue }
            let line = lineNumber(i)
            let nearID = ids.contains { abs($0 - line) <= 5 }
            let lineText = lineRange(containing: i)
            let namedHere = containsIgnoringCase("secret_access_key", in: lineText) || containsIgnoringCase("secretaccesskey", in: lineText)
            if nearID || namedHere { found.append(Match(kind: .awsSecretAccessKey, start: i, secret: i..<end)) }
        }
        matches = (matches + found).sorted { $0.start < $1.start }
    }

    mutating func findings() -> [SecretFinding] {
        var found: [SecretFinding] = []
        for match in matches {
            let lineText = lineRange(containing: match.start)
            if contains(SecretScanner.allowMarker, in: lineText) { continue }
            let column = b[lineText.lowerBound..<match.start].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
            let secret = String(decoding: UnsafeBufferPointer(rebasing: b[match.secret]), as: UTF8.self)
            found.append(
                SecretFinding(kind: match.kind, line: lineNumber(match.start), column: column, range: match.secret, secret: secret))
        }
        return found
    }

    // MARK: Helpers

    func looksRandom(_ range: Range<Int>, classes: Int, distinct: Int) -> Bool {
        var digit = false
        var upper = false
        var lower = false
        var seen = [Bool](repeating: false, count: 256)
        var different = 0
        for index in range {
            let c = b[index]
            if Self.isDigit(c) {
                digit = true
            } else if c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z") {
                upper = true
            } else if c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z") {
                lower = true
            }
            if !seen[Int(c)] {
                seen[Int(c)] = true
                different += 1
            }
        }
        let kinds = (digit ? 1 : 0) + (upper ? 1 : 0) + (lower ? 1 : 0)
        return kinds >= classes && different >= distinct
    }

    func has(_ text: String, at i: Int) -> Bool { has(Array(text.utf8), at: i) }

    func has(_ bytes: [UInt8], at i: Int) -> Bool {
        guard i >= 0, i + bytes.count <= b.count else { return false }
        for (offset, byte) in bytes.enumerated() where b[i + offset] != byte { return false }
        return true
    }

    func contains(_ text: String, in range: Range<Int>) -> Bool {
        let bytes = Array(text.utf8)
        guard range.count >= bytes.count else { return false }
        return (range.lowerBound...(range.upperBound - bytes.count)).contains { has(bytes, at: $0) }
    }

    /// Whether `text` (lower case) is in `range`, ignoring the case of ASCII letters.
    func containsIgnoringCase(_ text: String, in range: Range<Int>? = nil) -> Bool {
        let range = range ?? 0..<b.count
        let needle = Array(text.utf8)
        guard let first = needle.first, range.count >= needle.count else { return false }
        let upper = first &- 32
        var start = range.lowerBound
        let last = range.upperBound - needle.count
        while start <= last {
            let c = b[start]
            if c == first || c == upper {
                var k = 1
                while k < needle.count && Self.lower(b[start + k]) == needle[k] { k += 1 }
                if k == needle.count { return true }
            }
            start += 1
        }
        return false
    }

    func lineRange(containing offset: Int) -> Range<Int> {
        var start = min(offset, b.count)
        while start > 0 && b[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var end = min(offset, b.count)
        while end < b.count && b[end] != UInt8(ascii: "\n") { end += 1 }
        return start..<end
    }

    /// The 1-based line of `offset`: one more than the newlines before it (binary search).
    mutating func lineNumber(_ offset: Int) -> Int {
        if newlines == nil { newlines = b.indices.filter { b[$0] == UInt8(ascii: "\n") } }
        let offsets = newlines ?? []
        var low = 0
        var high = offsets.count
        while low < high {
            let middle = (low + high) / 2
            if offsets[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low + 1
    }

    static func lower(_ c: UInt8) -> UInt8 { c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z") ? c + 32 : c }
    static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
    static func isUpperOrDigit(_ c: UInt8) -> Bool { isDigit(c) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")) }
    static func isAlnum(_ c: UInt8) -> Bool { isUpperOrDigit(c) || (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) }
    static func isToken(_ c: UInt8) -> Bool { isAlnum(c) || c == UInt8(ascii: "_") || c == UInt8(ascii: "-") }
    static func isBase64Body(_ c: UInt8) -> Bool { isAlnum(c) || c == UInt8(ascii: "+") || c == UInt8(ascii: "/") }
    static func isBase64(_ c: UInt8) -> Bool { isBase64Body(c) || c == UInt8(ascii: "=") }
}
