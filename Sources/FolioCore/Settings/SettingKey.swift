import Foundation
import YAML

/// A key of `.folio/config.yaml` that folio knows, with its type and default.
public struct SettingKey: Sendable {
    public enum ValueType: Sendable {
        case string
        case choice([String])
        case bool
        case int(ClosedRange<Int>)
        case stringList
        /// A list whose every item is one of these words (`ai.fallback: [openai]`).
        case choiceList([String])
        /// One of these words, or a number of days in the range written `30d` (`media.fetch`).
        case choiceOrDays([String], ClosedRange<Int>)
    }

    /// The dotted name used on the command line: `ai.model`.
    public let name: String
    public let type: ValueType
    /// The default written as YAML text; nil when there is none.
    public let defaultText: String?
    /// For a limit a synced value must not loosen: the highest value folio uses unless this device
    /// allows more (``DeviceLimits`` in FolioStore); nil for settings without one.
    public let ceiling: Int?
    /// Whether the value names a place this device sends data to (a server, a remote). The
    /// settings sync, so anyone who can push could name their own server: such a value is used
    /// only once confirmed on each device (``EndpointTrust`` in FolioStore).
    public let isEndpoint: Bool

    public init(name: String, type: ValueType, defaultText: String?, ceiling: Int? = nil, endpoint: Bool = false) {
        self.name = name
        self.type = type
        self.defaultText = defaultText
        self.ceiling = ceiling
        self.isEndpoint = endpoint
    }

    public var path: [String] { name.split(separator: ".").map(String.init) }

    /// Every setting folio reads (DESIGN §7), in the order `config list` shows them.
    public static let all: [SettingKey] = [
        SettingKey(name: "language", type: .choice(["zh-Hant", "en"]), defaultText: "zh-Hant"),
        SettingKey(name: "sync.remote", type: .string, defaultText: nil, endpoint: true),
        SettingKey(name: "sync.interval", type: .int(1...86_400), defaultText: "10"),
        // Limits (of the network, of sizes and of waits) have a ceiling: a value arriving from
        // another device can tighten them, never loosen them past this device's ceiling (the
        // default, unless set higher on this device).
        SettingKey(name: "sync.timeout", type: .int(1...3_600), defaultText: "60", ceiling: 60),
        SettingKey(name: "sync.deadline", type: .int(1...86_400), defaultText: "600", ceiling: 600),
        SettingKey(name: "sync.ssh_key", type: .string, defaultText: nil),
        SettingKey(name: "ai.provider", type: .choice(providers), defaultText: "builtin"),
        SettingKey(name: "ai.base_url", type: .string, defaultText: nil, endpoint: true),
        SettingKey(name: "ai.model", type: .string, defaultText: nil),
        SettingKey(name: "ai.vision_model", type: .string, defaultText: nil),
        SettingKey(name: "ai.transcription_model", type: .string, defaultText: nil),
        SettingKey(name: "ai.fallback", type: .choiceList(providers), defaultText: "[]"),
        SettingKey(name: "ai.tone", type: .choice(["warm", "minimal", "humorous", "empathetic"]), defaultText: "warm"),
        SettingKey(name: "ai.auto_title", type: .bool, defaultText: "true"),
        SettingKey(name: "ai.auto_tags", type: .bool, defaultText: "true"),
        SettingKey(name: "ai.timeout", type: .int(1...3_600), defaultText: "60", ceiling: 60),
        SettingKey(name: "ai.deadline", type: .int(1...86_400), defaultText: "600", ceiling: 600),
        SettingKey(name: "ai.max_reply_bytes", type: .int(1_024...1_073_741_824), defaultText: "16777216", ceiling: 16_777_216),
        // Search by meaning (docs/ai.md): an OpenAI-compatible `POST {base}/embeddings` server.
        SettingKey(name: "embeddings.base_url", type: .string, defaultText: nil, endpoint: true),
        SettingKey(name: "embeddings.model", type: .string, defaultText: nil),
        // Sends "input_type": "query" or "passage", which e5 servers use; off for OpenAI's own API.
        SettingKey(name: "embeddings.input_type", type: .bool, defaultText: "true"),
        SettingKey(name: "embeddings.batch", type: .int(1...2_048), defaultText: "32", ceiling: 64),
        SettingKey(name: "embeddings.timeout", type: .int(1...3_600), defaultText: "60", ceiling: 60),
        SettingKey(name: "embeddings.deadline", type: .int(1...86_400), defaultText: "600", ceiling: 600),
        SettingKey(name: "privacy.send_media", type: .bool, defaultText: "true"),
        SettingKey(name: "privacy.share_location", type: .bool, defaultText: "false"),
        SettingKey(name: "privacy.send_past_pages", type: .bool, defaultText: "true"),
        SettingKey(name: "location", type: .string, defaultText: nil),
        SettingKey(name: "weather.url", type: .string, defaultText: nil, endpoint: true),
        SettingKey(name: "media.max_bytes", type: .int(1...Int.max), defaultText: "104857600", ceiling: 104_857_600),
        // Git LFS (docs/lfs.md): media as pointers in git, their bytes in the LFS store and server.
        SettingKey(name: "media.lfs", type: .bool, defaultText: "false"),
        // With LFS on, media of at least this many bytes go to LFS (0: every file); smaller ones stay in git.
        SettingKey(name: "media.lfs_min_bytes", type: .int(0...Int.max), defaultText: "0"),
        // The largest media file LFS takes; never above the device's ceiling of 64 GiB.
        SettingKey(name: "media.lfs_max_bytes", type: .int(1...68_719_476_736), defaultText: "5368709120", ceiling: 5_368_709_120),
        // Which media a clone and a sync download at once: none, all, or those of the last N days (30d).
        SettingKey(name: "media.fetch", type: .choiceOrDays(["none", "all"], 0...36_500), defaultText: "30d"),
        // `folio media prune` keeps the media of records from the last N days.
        SettingKey(name: "media.keep_days", type: .int(0...36_500), defaultText: "30"),
        SettingKey(name: "qa.max_question_length", type: .int(1...100_000), defaultText: "500", ceiling: 500),
        SettingKey(name: "record.max_title_length", type: .int(1...100_000), defaultText: "200", ceiling: 200),
        SettingKey(name: "git.lock_wait", type: .int(0...600), defaultText: "3", ceiling: 3),
        // Written by `folio crypt init`: tells every device (and a reader of this file) that records
        // and media are encrypted in git's objects. `.gitattributes` says which files are.
        SettingKey(name: "crypt.encrypted", type: .bool, defaultText: "false"),
        SettingKey(name: "front_matter.max_bytes", type: .int(1_024...67_108_864), defaultText: "262144", ceiling: 262144),
        SettingKey(name: "front_matter.max_depth", type: .int(4...1_000), defaultText: "64", ceiling: 64),
        SettingKey(name: "front_matter.max_nodes", type: .int(100...10_000_000), defaultText: "100000", ceiling: 100000),
        SettingKey(name: "search.max_record_bytes", type: .int(4_096...1_073_741_824), defaultText: "1048576", ceiling: 1_048_576),
        // The kind a file dropped into `inbox/` becomes (docs/sync.md): any kind a new record can be made of.
        SettingKey(name: "inbox.kind", type: .string, defaultText: "diary"),
    ]

    /// The AI providers folio has (`ai.provider`, each of `ai.fallback`).
    public static let providers = ["builtin", "openai"]

    public static func named(_ name: String) -> SettingKey? { all.first { $0.name == name } }

    /// What the value must be, for an error message.
    public var expectation: SettingExpectation {
        switch type {
        case .string: .text
        case .choice(let values): .oneOf(values)
        case .bool: .bool
        case .int(let range): .wholeNumber(from: range.lowerBound, to: range.upperBound == Int.max ? nil : range.upperBound)
        case .stringList: .list
        case .choiceList(let values): .listOf(values)
        case .choiceOrDays(let values, _): .oneOfOrDays(values)
        }
    }

    /// The node to store for `text` typed on the command line, or nil when it is not valid.
    public func node(from text: String) -> Node? {
        switch type {
        case .string:
            return text.isEmpty ? nil : .string(text)
        case .choice(let values):
            return values.contains(text) ? .string(text) : nil
        case .bool:
            return FieldType.bool.node(from: text, zone: .current)
        case .int(let range):
            guard let value = Int(text), range.contains(value) else { return nil }
            return .raw(String(value))
        case .stringList:
            return FieldType.list.node(from: text, zone: .current)
        case .choiceList(let values):
            guard let node = FieldType.list.node(from: text, zone: .current), case .list(let items) = node.resolved,
                items.allSatisfy({ values.contains($0.plainText) })
            else { return nil }
            return node
        case .choiceOrDays:
            return Self.wordOrDays(text, type: type) ? .string(text) : nil
        }
    }

    /// Whether `text` is one of the words or a number of days in range, as `media.fetch` reads it
    /// (spaces around it and the letters' case aside).
    static func wordOrDays(_ text: String, type: ValueType) -> Bool {
        guard case .choiceOrDays(let values, let days) = type else { return false }
        let word = text.trimmingCharacters(in: .whitespaces).lowercased()
        if values.contains(word) { return true }
        guard word.hasSuffix("d"), let count = Int(word.dropLast()) else { return false }
        return days.contains(count)
    }

    /// Whether a value read from the file fits.
    public func accepts(_ value: Value) -> Bool {
        switch (type, value) {
        case (.string, .string): true
        case (.choice(let values), .string(let s)): values.contains(s)
        case (.bool, .bool): true
        case (.int(let range), .int(let i)): range.contains(i)
        case (.stringList, .list): true
        case (.choiceList(let values), .list(let items)): items.allSatisfy { values.contains($0.plainText) }
        case (.choiceOrDays, .string(let s)): Self.wordOrDays(s, type: type)
        default: false
        }
    }
}

/// What a setting's value must be, said in the user's language.
public enum SettingExpectation: Sendable, Equatable {
    case text
    case oneOf([String])
    case bool
    case wholeNumber(from: Int, to: Int?)
    /// A whole number too large for `Int` at its top (`FOLIO_ASK_SEED`).
    case wholeNumberUpTo(String)
    case list
    /// A list of some of these words.
    case listOf([String])
    /// One of these words or a number of days (`30d`).
    case oneOfOrDays([String])

    /// The zh-Hant phrase as it follows a Chinese word: a space before one that opens in Latin
    /// letters or digits (「必須是 true 或 false」), as Taiwanese text sets them apart.
    public var afterChineseWord: String {
        let phrase = pair.0
        guard let first = phrase.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic || ("0"..."9").contains(first)
        else { return phrase }
        return " " + phrase
    }

    public var pair: (String, String) {
        switch self {
        case .text: ("文字", "text")
        case .oneOf(let values): ("其中之一：" + values.joined(separator: "、"), "one of " + values.joined(separator: ", "))
        case .bool: ("true 或 false", "true or false")
        case .wholeNumber(let low, let high?): ("\(low) 到 \(high) 之間的整數", "a whole number from \(low) to \(high)")
        case .wholeNumber(let low, nil): ("\(low) 以上的整數", "a whole number from \(low)")
        case .wholeNumberUpTo(let high): ("0 到 \(high) 之間的整數", "a whole number from 0 to \(high)")
        case .list: ("清單（a, b, c）", "a list (a, b, c)")
        case .listOf(let values):
            ("清單，每一項是 " + values.joined(separator: "、") + " 其中之一", "a list of some of " + values.joined(separator: ", "))
        case .oneOfOrDays(let values):
            (values.joined(separator: "、") + "，或天數（例如 30d）", values.joined(separator: ", ") + " or a number of days such as 30d")
        }
    }
}
