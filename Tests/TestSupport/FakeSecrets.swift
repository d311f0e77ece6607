/// Credentials that look real and are not: bodies drawn from a seeded generator, and prefixes
/// split in the source (`"gh" + "p_"`), so no scanner of this repository mistakes the tests for a leak.
public enum Fake {
    public static let alnum = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    public static let urlSafe = alnum + Array("-_")
    public static let base32 = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
    public static let base64 = alnum + Array("+/")

    /// `count` characters of `alphabet`, the same for the same seed.
    public static func body(_ count: Int, _ alphabet: [Character] = alnum, seed: UInt64 = 1) -> String {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 0x1234_5678
        var out = ""
        for _ in 0..<count {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            out.append(alphabet[Int(z % UInt64(alphabet.count))])
        }
        return out
    }

    public static var openAI: String { "s" + "k-" + body(48, seed: 2) }
    public static var openAIProject: String { "s" + "k-proj-" + body(124, urlSafe, seed: 3) }
    public static var anthropic: String { "s" + "k-ant-api03-" + body(93, urlSafe, seed: 4) + "AA" }
    public static func github(_ letter: Character, seed: UInt64 = 5) -> String { "gh" + String(letter) + "_" + body(36, seed: seed) }
    public static var githubFineGrained: String { "git" + "hub_pat_" + body(22, seed: 6) + "_" + body(59, seed: 7) }
    public static var gitlab: String { "gl" + "pat-" + body(20, urlSafe, seed: 8) }
    public static var awsAccessKeyID: String { "AK" + "IA" + body(16, base32, seed: 9) }
    public static var awsTemporaryKeyID: String { "AS" + "IA" + body(16, base32, seed: 10) }
    public static var awsSecret: String { body(40, base64, seed: 11) }
    public static var google: String { "AI" + "za" + body(35, urlSafe, seed: 12) }
    public static var slack: String {
        "xo" + "xb-" + body(12, Array("0123456789"), seed: 13) + "-" + body(13, Array("0123456789"), seed: 14) + "-" + body(24, seed: 15)
    }

    public static func pem(_ type: String = "RSA ", lines: Int = 4) -> String {
        var text = "-----BEGIN \(type)PRIVATE" + " KEY-----\n"
        for line in 0..<lines { text += body(64, base64, seed: 20 + UInt64(line)) + "\n" }
        text += "-----END \(type)PRIVATE" + " KEY-----\n"
        return text
    }

    public static var openSSH: String {
        "-----BEGIN OPENSSH PRIVATE" + " KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA" + body(46, base64, seed: 30) + "\n"
            + body(70, base64, seed: 31) + "\n-----END OPENSSH PRIVATE" + " KEY-----\n"
    }
}
