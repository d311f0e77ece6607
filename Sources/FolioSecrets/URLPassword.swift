/// The password a URL may carry in its user part (`https://user:PASSWORD@host/…`): found to be
/// used as a credential, taken out before the URL is stored, sent or shown.
public enum URLPassword {
    /// `url` without the password of its user part: `https://ada:s3cret@host/v.git` →
    /// `https://ada@host/v.git`; any other URL (no password, scp-like, a path) as it is.
    public static func removed(from url: String) -> String {
        guard let parts = userInfo(url), parts.password != nil else { return url }
        return String(url[..<parts.start]) + parts.user + String(url[parts.end...])
    }

    /// The password written in `url`'s user part, percent-decoded; nil when there is none.
    public static func of(_ url: String) -> String? {
        guard let password = userInfo(url)?.password, !password.isEmpty else { return nil }
        return password.removingPercentEncodingSafely
    }

    /// The user part of `scheme://user[:password]@host…`: where it starts, where its `@` is, and
    /// its two halves as written.
    private static func userInfo(_ url: String) -> (start: String.Index, end: String.Index, user: String, password: String?)? {
        guard let separator = url.range(of: "://") else { return nil }
        let rest = url[separator.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let at = authority.lastIndex(of: "@") else { return nil }
        let info = authority[..<at]
        guard let colon = info.firstIndex(of: ":") else {
            return (separator.upperBound, at, String(info), nil)
        }
        return (separator.upperBound, at, String(info[..<colon]), String(info[info.index(after: colon)...]))
    }
}

extension String {
    /// Percent-decoded when the escapes are well formed, else as written.
    fileprivate var removingPercentEncodingSafely: String {
        var bytes: [UInt8] = []
        var iterator = Array(utf8)[...]
        while let byte = iterator.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard iterator.count >= 2, let high = Self.hex(iterator[iterator.startIndex]),
                let low = Self.hex(iterator[iterator.startIndex + 1])
            else { return self }
            bytes.append(high << 4 | low)
            iterator = iterator.dropFirst(2)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
