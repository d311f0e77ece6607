/// Who may use `folio mcp --http`: a request whose one `Authorization` header is `Bearer` and the
/// server's token (RFC 6750's header form; a token in the URL is never looked at, since URLs end
/// up in logs and histories).
public struct BearerToken: Sendable {
    private let expected: [UInt8]

    public init(_ token: String) {
        expected = Array(token.utf8)
    }

    /// Whether the `Authorization` header values of a request hold this token.
    public func admits(authorization values: [String]) -> Bool {
        guard values.count == 1, let given = Self.credential(in: values[0]) else { return false }
        return Self.equalInConstantTime(Array(given.utf8), expected)
    }

    /// The credential of a `Bearer` header value (the scheme's name in any case), or nil.
    static func credential(in value: String) -> Substring? {
        let trimmed = value.drop { $0 == " " }
        guard let space = trimmed.firstIndex(of: " "), trimmed[..<space].lowercased() == "bearer" else { return nil }
        let credential = trimmed[space...].drop { $0 == " " }
        let end = credential.lastIndex { $0 != " " }.map { credential.index(after: $0) } ?? credential.startIndex
        return credential[..<end]
    }

    /// `given == expected` in a time that depends only on the expected token's length, so timing
    /// the answers tells a guesser nothing of how much of a guess was right.
    static func equalInConstantTime(_ given: [UInt8], _ expected: [UInt8]) -> Bool {
        var difference: UInt8 = given.count == expected.count ? 0 : 1
        for index in expected.indices {
            difference |= expected[index] ^ (index < given.count ? given[index] : 0)
        }
        return difference == 0 && !expected.isEmpty
    }
}
