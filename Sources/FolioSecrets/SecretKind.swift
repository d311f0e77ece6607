/// What kind of credential a piece of text looks like.
public enum SecretKind: String, Sendable, Hashable, CaseIterable {
    /// `sk-…`, `sk-proj-…`: an OpenAI API key.
    case openAIKey = "openai-key"
    /// `sk-ant-…`: an Anthropic API key.
    case anthropicKey = "anthropic-key"
    /// `ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_` and `github_pat_` tokens.
    case githubToken = "github-token"
    /// `glpat-…`: a GitLab personal access token.
    case gitlabToken = "gitlab-token"
    /// `AKIA…` (long-term) or `ASIA…` (temporary): an AWS access key id.
    case awsAccessKeyID = "aws-access-key-id"
    /// 40 characters of base64 beside an access key id, or named `aws_secret_access_key`.
    case awsSecretAccessKey = "aws-secret-access-key"
    /// `AIza…`: a Google API key.
    case googleAPIKey = "google-api-key"
    /// `xoxb-…`, `xoxp-…` and the other `xox?-` tokens: a Slack token.
    case slackToken = "slack-token"
    /// `-----BEGIN … PRIVATE KEY-----` with its body: a PEM private key.
    case privateKey = "private-key"
    /// `-----BEGIN OPENSSH PRIVATE KEY-----` with its body.
    case openSSHPrivateKey = "openssh-private-key"

    /// The kind's name in English, as messages say it: `an OpenAI API key`.
    public var englishName: String {
        switch self {
        case .openAIKey: "an OpenAI API key"
        case .anthropicKey: "an Anthropic API key"
        case .githubToken: "a GitHub token"
        case .gitlabToken: "a GitLab token"
        case .awsAccessKeyID: "an AWS access key id"
        case .awsSecretAccessKey: "an AWS secret access key"
        case .googleAPIKey: "a Google API key"
        case .slackToken: "a Slack token"
        case .privateKey: "a private key"
        case .openSSHPrivateKey: "an OpenSSH private key"
        }
    }

    /// The kind's name in Traditional Chinese: `OpenAI API 金鑰`.
    public var chineseName: String {
        switch self {
        case .openAIKey: "OpenAI API 金鑰"
        case .anthropicKey: "Anthropic API 金鑰"
        case .githubToken: "GitHub 權杖"
        case .gitlabToken: "GitLab 權杖"
        case .awsAccessKeyID: "AWS 存取金鑰 ID"
        case .awsSecretAccessKey: "AWS 秘密存取金鑰"
        case .googleAPIKey: "Google API 金鑰"
        case .slackToken: "Slack 權杖"
        case .privateKey: "私密金鑰"
        case .openSSHPrivateKey: "OpenSSH 私密金鑰"
        }
    }
}

/// One place in a text that looks like a credential.
public struct SecretFinding: Sendable, Hashable {
    public var kind: SecretKind
    /// 1-based line of the match's start.
    public var line: Int
    /// 1-based column of the match's start, in Unicode scalars.
    public var column: Int
    /// The UTF-8 byte offsets of the secret itself (for a private key: its body).
    public var range: Range<Int>
    /// The secret's own text, to compare with another version of a file. Never show it: show ``masked``.
    public var secret: String
    /// What may be shown of it: its first 4 characters, then `…`.
    public var masked: String

    public init(kind: SecretKind, line: Int, column: Int, range: Range<Int>, secret: String) {
        self.kind = kind
        self.line = line
        self.column = column
        self.range = range
        self.secret = secret
        self.masked = SecretScanner.mask(secret)
    }
}
