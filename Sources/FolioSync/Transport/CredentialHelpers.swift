import FolioSecrets
import Foundation

/// Git's credential helpers (gitcredentials(7)), asked for an HTTPS password the way `git` asks
/// them: the helpers of `credential.helper` and of `credential.<url>.helper` whose URL matches the
/// remote, in the order git reads them (an empty value forgets those before it), each run with
/// `get` and told the protocol, the host and, with `credential.useHttpPath`, the path; the first
/// to answer a password wins, and one that answers `quit=1` stops the asking.
///
/// What folio adds, since a helper is a program of the user's: each has 30 seconds in all and
/// 64 KiB of answer; its standard error is the user's (a helper may say why it cannot answer); the
/// password it gives goes only where ``SecretDestination`` allows, like every token. After the
/// transfer, as git does, every helper is told whether the password worked (`store`) or was
/// refused (`erase`), so `store` or a keychain keeps the good one and forgets a stale one.
public struct CredentialHelpers: Sendable, Equatable {
    /// The helper values in the order they are asked (`store --file ~/.git-credentials`,
    /// `!f() { …; }; f`, `/usr/local/bin/helper`).
    public var helpers: [String]
    /// `credential.useHttpPath`: the path of the URL is part of what the helper is told.
    public var useHTTPPath: Bool
    /// How long one helper may take in all, in seconds.
    public var timeout: Double = 30

    public init(helpers: [String] = [], useHTTPPath: Bool = false) {
        self.helpers = helpers
        self.useHTTPPath = useHTTPPath
    }

    public static let none = CredentialHelpers()

    /// How much one helper may answer.
    public static let maxAnswerBytes = 64 * 1024

    /// The configuration names read (as `git config --get-regexp` matches them).
    public static let configPattern = "^credential\\..*(helper|usehttppath)$"

    /// The helpers `entries` (names and values in git's order) configure for `url`.
    public static func configured(_ entries: [(name: String, value: String)], for url: String) -> CredentialHelpers {
        var result = CredentialHelpers()
        for (name, value) in entries {
            guard name.hasPrefix("credential."), let key = name.split(separator: ".").last else { continue }
            let scope = name.dropFirst("credential.".count).dropLast(key.count + 1)
            if !scope.isEmpty && !matches(pattern: String(scope), url: url) { continue }
            switch key.lowercased() {
            case "helper":
                // An empty value forgets the helpers configured before it, as in git.
                if value.trimmingCharacters(in: .whitespaces).isEmpty { result.helpers = [] } else { result.helpers.append(value) }
            case "usehttppath":
                result.useHTTPPath = ["true", "yes", "on", "1"].contains(value.lowercased())
            default:
                continue
            }
        }
        return result
    }

    /// Whether the URL of a `credential.<url>.*` entry applies to `url`: the same scheme and host
    /// (`*.example.com` matches one level), the same port, the same user when it names one, and
    /// its path a prefix of the remote's, folder by folder.
    static func matches(pattern: String, url: String) -> Bool {
        guard let want = Parts(pattern), let have = Parts(url) else { return false }
        guard want.scheme == have.scheme, want.port == have.port else { return false }
        if let user = want.user, user != have.user { return false }
        if want.host.hasPrefix("*.") {
            let suffix = want.host.dropFirst(1)
            let label = have.host.dropLast(suffix.count)
            guard have.host.hasSuffix(suffix), !label.isEmpty, !label.contains(".") else { return false }
        } else if want.host != have.host {
            return false
        }
        let path = want.path.hasSuffix("/") ? String(want.path.dropLast()) : want.path
        return path.isEmpty || have.path == path || have.path.hasPrefix(path + "/")
    }

    /// A URL's parts as credential matching compares them.
    struct Parts: Equatable {
        var scheme: String
        var user: String?
        var host: String
        var port: Int?
        var path: String

        init?(_ url: String) {
            guard let separator = url.range(of: "://") else { return nil }
            scheme = url[..<separator.lowerBound].lowercased()
            let rest = url[separator.upperBound...]
            let authority = rest.prefix { $0 != "/" }
            path = String(rest.dropFirst(authority.count).drop { $0 == "/" })
            var hostPort = authority
            user = nil
            if let at = authority.lastIndex(of: "@") {
                let name = authority[..<at].prefix { $0 != ":" }
                user = name.isEmpty ? nil : String(name).removingPercentEncoding ?? String(name)
                hostPort = authority[authority.index(after: at)...]
            }
            var hostText = String(hostPort)
            port = nil
            if let colon = hostText.lastIndex(of: ":"), !hostText.hasSuffix("]"),
                let number = Int(hostText[hostText.index(after: colon)...])
            {
                port = number
                hostText = String(hostText[..<colon])
            }
            if let known = ["https": 443, "http": 80][scheme], port == known { port = nil }
            host = hostText.lowercased()
        }
    }

    /// What a helper answered: the password, with the user name when it gave one.
    public struct Answer: Sendable, Equatable {
        public var username: String?
        public var password: String
    }

    /// What git tells a helper: `protocol`, `host` (with its port), `path` when asked for, and the
    /// user name of the URL; values with a line break or a NUL are never sent (git refuses them too).
    func request(for url: String) -> String? {
        guard let parts = Parts(url) else { return nil }
        var lines = ["protocol=\(parts.scheme)", "host=\(parts.host)\(parts.port.map { ":\($0)" } ?? "")"]
        if useHTTPPath, !parts.path.isEmpty { lines.append("path=\(parts.path)") }
        if let user = parts.user { lines.append("username=\(user)") }
        guard lines.allSatisfy({ !$0.contains("\n") && !$0.contains("\0") }) else { return nil }
        return lines.joined(separator: "\n") + "\n\n"
    }

    /// The shell command git runs for `helper`: a `!` command as written, an absolute path as
    /// written, anything else as `git credential-<helper>`; then the action.
    static func command(_ helper: String, action: String) -> String {
        let trimmed = helper.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("!") { return String(trimmed.dropFirst()) + " " + action }
        if trimmed.hasPrefix("/") { return trimmed + " " + action }
        return "git credential-" + trimmed + " " + action
    }

    /// The `key=value` lines of an answer, up to a blank line; nil values for what it did not say.
    static func parse(_ answer: Data) -> (username: String?, password: String?, quit: Bool) {
        var username: String?
        var password: String?
        var quit = false
        // Lines end at LF or CRLF, as git reads them ("\r\n" is one Character in Swift).
        let lines = String(decoding: answer, as: UTF8.self).split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for text in lines {
            if text.isEmpty { break }
            guard let equals = text.firstIndex(of: "=") else { continue }
            let value = String(text[text.index(after: equals)...])
            switch text[..<equals] {
            case "username": username = value
            case "password": password = value
            case "quit": quit = ["1", "true", "yes", "on"].contains(value.lowercased())
            default: continue
            }
        }
        return (username, password, quit)
    }

    /// Tells every helper that `answer` worked for `url` (`store`: git's `credential approve`) or
    /// was refused (`erase`: `credential reject`), with what `get` was told and the answer.
    public func settle(_ answer: Answer, accepted: Bool, url: String, environment: [String: String], home: URL) {
        guard let request = request(for: url) else { return }
        var lines = request.split(separator: "\n").map(String.init)
        if let username = answer.username, !lines.contains(where: { $0.hasPrefix("username=") }) {
            lines.append("username=\(username)")
        }
        lines.append("password=\(answer.password)")
        guard lines.allSatisfy({ !$0.contains("\n") && !$0.contains("\0") }) else { return }
        var childEnvironment = environment
        childEnvironment["HOME"] = home.path
        childEnvironment["GIT_TERMINAL_PROMPT"] = "0"
        let input = Data((lines.joined(separator: "\n") + "\n\n").utf8)
        for helper in helpers {
            // What a helper answers to store or erase is nothing folio reads.
            _ = HelperProcess.run(
                "/bin/sh", ["-c", Self.command(helper, action: accepted ? "store" : "erase")], environment: childEnvironment,
                input: input, timeout: timeout, maxBytes: Self.maxAnswerBytes, keepsErrors: true)
        }
    }

    /// Asks the helpers in turn for a password for `url`; nil when none has one. `environment` is
    /// the helpers' (the user's own: a keychain helper needs its session), with `home` as `HOME`.
    public func fill(url: String, environment: [String: String], home: URL) -> Answer? {
        guard let request = request(for: url) else { return nil }
        var childEnvironment = environment
        childEnvironment["HOME"] = home.path
        // A helper that would ask at the terminal gets no terminal: folio's own prompt is none.
        childEnvironment["GIT_TERMINAL_PROMPT"] = "0"
        for helper in helpers {
            guard
                let answer = HelperProcess.run(
                    "/bin/sh", ["-c", Self.command(helper, action: "get")], environment: childEnvironment, input: Data(request.utf8),
                    timeout: timeout, maxBytes: Self.maxAnswerBytes, keepsErrors: true)
            else { continue }
            let said = Self.parse(answer)
            if let password = said.password, !password.isEmpty { return Answer(username: said.username, password: password) }
            if said.quit { return nil }
        }
        return nil
    }
}
