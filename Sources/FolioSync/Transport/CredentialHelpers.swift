import FolioCore
import FolioSecrets
import Foundation

/// Git's credential helpers (gitcredentials(7)), asked for an HTTPS password the way `git` asks
/// them: the helpers of `credential.helper` and of `credential.<url>.helper` whose URL matches the
/// remote, in the order git reads them (an empty value forgets those before it), each run with
/// `get` and told the protocol, the host and, with `credential.useHttpPath`, the path; the first
/// to answer a password wins, and one that answers `quit=1` stops the asking.
///
/// What folio adds, since a helper is a program of the user's: the helpers have `sync.timeout`
/// seconds all together (killed with their children past it) and 64 KiB of answer each, counted
/// while read; their standard error is the user's (a helper may say why it cannot answer); an
/// answer that names another place (`host=`, `protocol=`, `path=`, `url=`) or holds a control
/// character is not used, and each such failure is a warning naming the helper; the password
/// goes only where ``SecretDestination`` allows, like every token. After the
/// transfer, as git does, every helper is told whether the password worked (`store`) or was
/// refused (`erase`), so `store` or a keychain keeps the good one and forgets a stale one.
public struct CredentialHelpers: Sendable, Equatable {
    public static func == (lhs: CredentialHelpers, rhs: CredentialHelpers) -> Bool {
        lhs.helpers == rhs.helpers && lhs.useHTTPPath == rhs.useHTTPPath && lhs.timeout == rhs.timeout
    }

    /// The helper values in the order they are asked (`store --file ~/.git-credentials`,
    /// `!f() { …; }; f`, `/usr/local/bin/helper`).
    public var helpers: [String]
    /// `credential.useHttpPath`: the path of the URL is part of what the helper is told.
    public var useHTTPPath: Bool
    /// How long the helpers may take all together, for one question, in seconds (`sync.timeout`).
    public var timeout: Double = 30
    /// Where a helper that gave no usable answer is reported (a warning for the user).
    public var report: (@Sendable (Message) -> Void)?

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

    /// What a helper said: its user name and password, whether it said `quit`, and what was
    /// wrong with it (an answer for another place, a control character), when anything was.
    struct Said {
        var username: String?
        var password: String?
        var quit = false
        var problem: CredentialHelperProblem?
    }

    /// The `key=value` lines of `answer`, up to a blank line, checked against what `url` asked:
    /// git takes a `host=` or `url=` in an answer as the place the password is for, so an answer
    /// for another place is not used here (its password is that place's).
    func parse(_ answer: Data, for url: String) -> Said {
        var said = Said()
        guard let asked = Parts(url) else { return said }
        // Lines end at LF or CRLF, as git reads them ("\r\n" is one Character in Swift).
        let lines = String(decoding: answer, as: UTF8.self).split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for text in lines {
            if text.isEmpty { break }
            guard let equals = text.firstIndex(of: "=") else { continue }
            let key = text[..<equals]
            let value = String(text[text.index(after: equals)...])
            // A NUL ends the password in every C string that carries it; a control character is no
            // part of one a person typed.
            guard !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                said.problem = .unreadableAnswer
                continue
            }
            switch key {
            case "username": said.username = value
            case "password": said.password = value
            case "quit": said.quit = ["1", "true", "yes", "on"].contains(value.lowercased())
            case "protocol" where value.lowercased() != asked.scheme,
                "host" where !Self.sameHost(value, asked),
                "path" where useHTTPPath && value.trimmingCharacters(in: CharacterSet(charactersIn: "/")) != asked.path:
                said.problem = .answeredForElsewhere(named: "\(key)=\(URLPassword.removed(from: value))")
            case "url":
                if let named = Parts(value),
                    named.scheme == asked.scheme, named.host == asked.host, named.port == asked.port,
                    !useHTTPPath || named.path.isEmpty || named.path == asked.path
                {
                    continue
                }
                said.problem = .answeredForElsewhere(named: "url=\(URLPassword.removed(from: value))")
            default: continue
            }
        }
        return said
    }

    /// Whether a helper's `host=` value (`host` or `host:port`) is the host of `asked`.
    private static func sameHost(_ value: String, _ asked: Parts) -> Bool {
        guard let named = Parts("\(asked.scheme)://\(value)") else { return false }
        return named.host == asked.host && named.port == asked.port
    }

    /// Tells every helper that `answer` worked for `url` (`store`: git's `credential approve`) or
    /// was refused (`erase`: `credential reject`), with what `get` was told and the answer; all of
    /// them within ``timeout``.
    public func settle(_ answer: Answer, accepted: Bool, url: String, environment: [String: String], home: URL) {
        guard let request = request(for: url) else { return }
        var lines = request.split(separator: "\n").map(String.init)
        if let username = answer.username, !lines.contains(where: { $0.hasPrefix("username=") }) {
            lines.append("username=\(username)")
        }
        lines.append("password=\(answer.password)")
        guard lines.allSatisfy({ !$0.contains("\n") && !$0.contains("\0") }) else { return }
        let input = Data((lines.joined(separator: "\n") + "\n\n").utf8)
        let deadline = Date().addingTimeInterval(timeout)
        for helper in helpers {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return }
            // What a helper answers to store or erase is nothing folio reads.
            _ = HelperProcess.outcome(
                "/bin/sh", ["-c", Self.command(helper, action: accepted ? "store" : "erase")],
                environment: Self.childEnvironment(environment, home: home), input: input, timeout: left, maxBytes: Self.maxAnswerBytes,
                keepsErrors: true)
        }
    }

    /// The helpers' environment: the user's own (a keychain helper needs its session), with
    /// `home` as `HOME` and no terminal prompt (folio's own prompt is none).
    private static func childEnvironment(_ environment: [String: String], home: URL) -> [String: String] {
        var child = environment
        child["HOME"] = home.path
        child["GIT_TERMINAL_PROMPT"] = "0"
        return child
    }

    /// Asks the helpers in turn for a password for `url`, all within ``timeout``; nil when none
    /// has one. A helper that fails, is stopped or answers for another place is reported and the
    /// next one asked.
    public func fill(url: String, environment: [String: String], home: URL) -> Answer? {
        guard let request = request(for: url) else { return nil }
        let host = Parts(url).map { parts in parts.host + (parts.port.map { ":\($0)" } ?? "") } ?? url
        let deadline = Date().addingTimeInterval(timeout)
        for helper in helpers {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else {
                report?(.remote(.credentialHelperFailed(helper: Self.shown(helper), host: host, problem: .timedOut(seconds: Int(timeout)))))
                return nil
            }
            let outcome = HelperProcess.outcome(
                "/bin/sh", ["-c", Self.command(helper, action: "get")], environment: Self.childEnvironment(environment, home: home),
                input: Data(request.utf8), timeout: left, maxBytes: Self.maxAnswerBytes, keepsErrors: true)
            let problem: CredentialHelperProblem
            switch outcome {
            case .answered(let answer):
                let said = parse(answer, for: url)
                if let found = said.problem {
                    problem = found
                    break
                }
                if let password = said.password, !password.isEmpty { return Answer(username: said.username, password: password) }
                if said.quit { return nil }
                continue
            case .timedOut: problem = .timedOut(seconds: Int(timeout.rounded(.up)))
            case .tooLong: problem = .tooLong(limit: Self.maxAnswerBytes)
            case .failed(let status): problem = .failed(status: status)
            case .notStarted: problem = .notStarted
            }
            report?(.remote(.credentialHelperFailed(helper: Self.shown(helper), host: host, problem: problem)))
            if case .timedOut = problem { return nil }
        }
        return nil
    }

    /// A helper as messages show it: a shell command may hold a password (`echo password=…`),
    /// which is masked, as is anything that looks like a secret.
    static func shown(_ helper: String) -> String {
        let trimmed = helper.trimmingCharacters(in: .whitespaces)
        let masked = trimmed.replacingOccurrences(of: "password=[^\\s;'\"]*", with: "password=…", options: .regularExpression)
        let short = masked.count > 80 ? String(masked.prefix(80)) + "…" : masked
        return ConfiguredSecrets.redact(short)
    }
}
