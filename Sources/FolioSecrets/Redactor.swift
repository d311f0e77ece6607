import Foundation
import Synchronization

/// Masks credentials in text meant for people: error messages, log lines, saved failure states.
///
/// Four things are masked, each down to its first 4 characters and `…`: the configured secrets
/// it was given (the AI key, git tokens), anything ``SecretScanner`` recognises, the values of
/// `Authorization` headers and `Bearer` tokens, and what a URL carries as a credential: its
/// password (`https://user:PASSWORD@host`) and query parameters named like one
/// (`?api_key=…`, `&token=…`, `access_token`, `password`, `secret`, `signature`…).
public struct Redactor: Sendable, Hashable {
    /// Secrets shorter than this are not masked by value: masking every `abc` in a message would
    /// garble it more than it protects.
    public static let shortestKnownSecret = 8

    /// The configured secrets masked wherever they appear, longest first.
    public private(set) var secrets: [String]

    public init(secrets: [String] = []) {
        var unique = Set<String>()
        self.secrets =
            secrets
            .map { $0.trimmingCharactersInWhitespace() }
            .filter { $0.utf8.count >= Self.shortestKnownSecret && unique.insert($0).inserted }
            .sorted { $0.utf8.count > $1.utf8.count }
    }

    /// `text` with every credential in it masked.
    public func redact(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var edits: [(range: Range<Int>, replacement: String)] = []
        for secret in secrets {
            let needle = Array(secret.utf8)
            for start in occurrences(of: needle, in: bytes) {
                edits.append((start..<(start + needle.count), SecretScanner.mask(secret)))
            }
        }
        for finding in SecretScanner.scan(bytes) {
            edits.append((finding.range, finding.masked))
        }
        edits += headerValues(in: bytes)
        edits += urlPasswords(in: bytes)
        edits += urlQuerySecrets(in: bytes)
        guard !edits.isEmpty else { return text }
        // Apply from the start, skipping an edit that overlaps one already made.
        edits.sort {
            $0.range.lowerBound < $1.range.lowerBound || ($0.range.lowerBound == $1.range.lowerBound && $0.range.count > $1.range.count)
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var position = 0
        for edit in edits where edit.range.lowerBound >= position {
            out += bytes[position..<edit.range.lowerBound]
            out += Array(edit.replacement.utf8)
            position = edit.range.upperBound
        }
        out += bytes[position...]
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: - Headers and URLs

    /// `Authorization: <scheme> <value>`, `Authorization: <value>` and `Bearer <value>`: the values.
    private func headerValues(in bytes: [UInt8]) -> [(range: Range<Int>, replacement: String)] {
        var edits: [(range: Range<Int>, replacement: String)] = []
        for start in occurrences(of: Array("authorization".utf8), in: bytes, ignoringCase: true) {
            // A header or a field (`Authorization: …`, `"authorization": "…"`, `authorization=…`), not the word in a sentence.
            var i = start + 13
            while i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") { i += 1 }
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") || bytes[i] == UInt8(ascii: "=") else { continue }
            while i < bytes.count,
                [UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: ":"), UInt8(ascii: "="), UInt8(ascii: " ")].contains(bytes[i])
            { i += 1 }
            var word = i
            while word < bytes.count && Self.isCredential(bytes[word]) { word += 1 }
            let scheme = String(decoding: bytes[i..<word], as: UTF8.self).lowercased()
            if ["bearer", "basic", "token", "digest"].contains(scheme) {
                i = word
                while i < bytes.count && bytes[i] == UInt8(ascii: " ") { i += 1 }
                word = i
                while word < bytes.count && Self.isCredential(bytes[word]) { word += 1 }
            }
            if word > i { edits.append((i..<word, mask(bytes[i..<word]))) }
        }
        for start in occurrences(of: Array("bearer ".utf8), in: bytes, ignoringCase: true) {
            var i = start + 7
            while i < bytes.count && bytes[i] == UInt8(ascii: " ") { i += 1 }
            var end = i
            while end < bytes.count && Self.isCredential(bytes[end]) { end += 1 }
            if end - i >= 8 { edits.append((i..<end, mask(bytes[i..<end]))) }
        }
        return edits
    }

    /// The password of `scheme://user:password@host`.
    private func urlPasswords(in bytes: [UInt8]) -> [(range: Range<Int>, replacement: String)] {
        var edits: [(range: Range<Int>, replacement: String)] = []
        for start in occurrences(of: Array("://".utf8), in: bytes) {
            var i = start + 3
            var colon: Int?
            while i < bytes.count {
                let c = bytes[i]
                if c == UInt8(ascii: "@") {
                    if let colon, i > colon + 1 { edits.append(((colon + 1)..<i, mask(bytes[(colon + 1)..<i]))) }
                    break
                }
                if c == UInt8(ascii: "/") || c == UInt8(ascii: " ") || c == UInt8(ascii: "\n") || c == UInt8(ascii: "'")
                    || c == UInt8(ascii: "\"")
                {
                    break
                }
                if c == UInt8(ascii: ":") && colon == nil { colon = i }
                i += 1
            }
        }
        return edits
    }

    /// The words that make a query parameter's value a credential when its name holds one of them
    /// (compared without case, `-` and `_`): `key` covers `api_key`, `apikey`, `x-api-key`.
    static let credentialParameterWords = ["key", "token", "secret", "password", "passwd", "signature", "credential"]

    /// The values of query parameters named like credentials, in URLs (`scheme://…?name=value&…`).
    private func urlQuerySecrets(in bytes: [UInt8]) -> [(range: Range<Int>, replacement: String)] {
        var edits: [(range: Range<Int>, replacement: String)] = []
        for start in occurrences(of: Array("://".utf8), in: bytes) {
            var i = start + 3
            // The URL runs to a blank, a quote or an angle bracket.
            func ends(_ c: UInt8) -> Bool {
                c <= 0x20 || c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") || c == UInt8(ascii: "<") || c == UInt8(ascii: ">")
                    || c == UInt8(ascii: "#")
            }
            while i < bytes.count, !ends(bytes[i]), bytes[i] != UInt8(ascii: "?") { i += 1 }
            guard i < bytes.count, bytes[i] == UInt8(ascii: "?") else { continue }
            i += 1
            while i < bytes.count, !ends(bytes[i]) {
                var nameEnd = i
                while nameEnd < bytes.count, !ends(bytes[nameEnd]), bytes[nameEnd] != UInt8(ascii: "="), bytes[nameEnd] != UInt8(ascii: "&")
                {
                    nameEnd += 1
                }
                var valueEnd = nameEnd
                if nameEnd < bytes.count, bytes[nameEnd] == UInt8(ascii: "=") {
                    valueEnd = nameEnd + 1
                    while valueEnd < bytes.count, !ends(bytes[valueEnd]), bytes[valueEnd] != UInt8(ascii: "&") { valueEnd += 1 }
                    let name = String(decoding: bytes[i..<nameEnd], as: UTF8.self).lowercased().filter { $0 != "-" && $0 != "_" }
                    if valueEnd > nameEnd + 1, Self.credentialParameterWords.contains(where: { name.contains($0) }) {
                        edits.append(((nameEnd + 1)..<valueEnd, mask(bytes[(nameEnd + 1)..<valueEnd])))
                    }
                }
                i = valueEnd
                if i < bytes.count, bytes[i] == UInt8(ascii: "&") { i += 1 }
            }
        }
        return edits
    }

    private func mask(_ bytes: ArraySlice<UInt8>) -> String {
        SecretScanner.mask(String(decoding: bytes, as: UTF8.self))
    }

    private static func isCredential(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
            || (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || "-._~+/=".utf8.contains(c)
    }

    private func occurrences(of needle: [UInt8], in bytes: [UInt8], ignoringCase: Bool = false) -> [Int] {
        guard !needle.isEmpty, bytes.count >= needle.count else { return [] }
        func fold(_ c: UInt8) -> UInt8 { ignoringCase && c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z") ? c + 32 : c }
        var found: [Int] = []
        var start = 0
        while start <= bytes.count - needle.count {
            if needle.indices.allSatisfy({ fold(bytes[start + $0]) == fold(needle[$0]) }) {
                found.append(start)
                start += needle.count
            } else {
                start += 1
            }
        }
        return found
    }
}

extension String {
    func trimmingCharactersInWhitespace() -> String {
        trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// The secrets configured on this device, masked in everything folio says: set once at start-up
/// (lazily, since finding them reads a file), read from any thread.
public final class ConfiguredSecrets: Sendable {
    public static let shared = ConfiguredSecrets()

    private struct State {
        var loader: (@Sendable () -> [String])?
        var loaded: Redactor?
    }
    private let state = Mutex(State())

    /// Sets how the configured secrets are found; they are looked up the first time text is redacted.
    public func install(_ loader: @escaping @Sendable () -> [String]) {
        state.withLock { $0 = State(loader: loader, loaded: nil) }
    }

    /// The redactor for the configured secrets and every pattern.
    public var redactor: Redactor {
        if let ready = state.withLock({ $0.loaded }) { return ready }
        // Loaded outside the mutex: the loader reads a file, and may itself print (and redact).
        let load = state.withLock { $0.loader }
        let made = Redactor(secrets: load?() ?? [])
        return state.withLock { state in
            if let raced = state.loaded { return raced }
            state.loaded = made
            return made
        }
    }

    /// `text` with configured secrets and anything that looks like one masked.
    public static func redact(_ text: String) -> String {
        shared.redactor.redact(text)
    }
}
